import {
  AppError,
  type FieldIssue,
  type PartnerImportResult,
  type PartnerInput,
  type PartnerInputRaw,
  type PartnerListQuery,
  type PartnerPatch,
  type PartnerRole,
  previewPartnerImport,
  type SupplierItemInput,
  vatIdMatchesOib,
  withPartnerDefaults,
} from '@erp/domain';
import { notifyCompany } from '../../db/company-events.ts';
import type { Tx } from '../../db/database.ts';
import type { CompanyContext } from '../../db/tenant.ts';
import { partnerImportWords } from '../export/export-language.ts';
import { countExistingItems } from '../inventory/inventory.service.ts';
import * as repo from './partners.repo.ts';

const LABEL: Record<PartnerRole, string> = { client: 'Klijent', supplier: 'Dobavljač' };

export function notFound(role: PartnerRole): AppError {
  return new AppError('NOT_FOUND', `${LABEL[role]} nije pronađen`);
}

async function assertOibFree(tx: Tx, role: PartnerRole, oib: string | null, exceptId?: string) {
  if (!oib) return;
  const other = await repo.partnerIdByOib(tx, role, oib, exceptId);
  if (other)
    throw new AppError('CONFLICT', `${LABEL[role]} s OIB-om ${oib} već postoji: ${other.name}`, [
      { field: 'oib', key: 'validation.oibTaken', params: { id: other.id, name: other.name } },
    ]);
}

/** A partner's row without contacts, or null (for other areas that check a reference). */
export const findPartner = (tx: Tx, role: PartnerRole, id: string) => repo.getPartner(tx, role, id);

/** A received invoice's supplier found by its VAT id ({ id } or undefined). */
export const supplierByVatId = (tx: Tx, vatId: string) => repo.supplierByVatId(tx, vatId);

/** Whether a supplier of this id exists ({ id } or undefined). */
export const supplierExists = (tx: Tx, id: string) => repo.supplierExists(tx, id);

/** What a document prints of its client when it has no frozen buyer (the OIB still sealed). */
export const clientForPrint = (tx: Tx, partnerId: string) => repo.clientForPrint(tx, partnerId);

/** A partner's e-mail address as stored (a document's mail goes to its client's). */
export const partnerEmail = (tx: Tx, partnerId: string) => repo.partnerEmail(tx, partnerId);

/** The buyer's electronic address an e-invoice names (the UBL's EndpointID), or null. */
export const einvoiceAddress = (tx: Tx, partnerId: string) => repo.einvoiceAddress(tx, partnerId);

/** The partner of a list with this OIB (id and name), or null (a received invoice's supplier). */
export const partnerByOib = (tx: Tx, role: PartnerRole, oib: string) => repo.partnerIdByOib(tx, role, oib);

export async function getPartner(tx: Tx, role: PartnerRole, id: string) {
  const row = await repo.getPartner(tx, role, id);
  if (!row) throw notFound(role);
  return { ...row, contacts: await repo.listContacts(tx, id) };
}

export async function listPartners(tx: Tx, role: PartnerRole, q: PartnerListQuery) {
  const { rows, total } = await repo.listPartners(tx, role, q);
  return { rows, total, page: q.page, page_size: q.page_size };
}

export async function createPartner(tx: Tx, ctx: CompanyContext, role: PartnerRole, raw: PartnerInputRaw) {
  const input = withPartnerDefaults(raw);
  await assertOibFree(tx, role, input.oib);
  const id = await repo.insertPartner(tx, ctx, role, input);
  await repo.replaceContacts(tx, ctx.companyId, id, input.contacts);
  await notifyCompany(tx, ctx.companyId, 'partners', [id]);
  return getPartner(tx, role, id);
}

export async function updatePartner(
  tx: Tx,
  ctx: CompanyContext,
  role: PartnerRole,
  id: string,
  patch: PartnerPatch,
) {
  const current = await getPartner(tx, role, id);
  const next = { ...current } as unknown as PartnerInput;
  for (const [k, v] of Object.entries(patch)) if (v !== undefined) (next as Record<string, unknown>)[k] = v;
  if (!vatIdMatchesOib(next.oib, next.vat_id))
    throw new AppError('VALIDATION', 'PDV ID nije HR i OIB partnera', [
      { field: 'vat_id', key: 'validation.vatIdOibMismatch' },
    ]);
  if (patch.oib !== undefined) await assertOibFree(tx, role, next.oib, id);
  await repo.updatePartner(tx, role, id, next);
  if (patch.contacts) await repo.replaceContacts(tx, ctx.companyId, id, patch.contacts);
  await notifyCompany(tx, ctx.companyId, 'partners', [id]);
  return getPartner(tx, role, id);
}

export async function duplicates(
  tx: Tx,
  role: PartnerRole,
  probe: { name?: string; oib?: string; exclude_id?: string },
) {
  return repo.findDuplicates(tx, role, { name: probe.name, oib: probe.oib, exceptId: probe.exclude_id });
}

export async function supplierItems(tx: Tx, supplierId: string) {
  await getPartner(tx, 'supplier', supplierId);
  return repo.listSupplierItems(tx, supplierId);
}

export async function replaceSupplierItems(
  tx: Tx,
  ctx: CompanyContext,
  supplierId: string,
  items: SupplierItemInput[],
) {
  await getPartner(tx, 'supplier', supplierId);
  const ids = items.map((i) => i.item_id);
  const issues: FieldIssue[] = [];
  ids.forEach((id, i) => {
    if (ids.indexOf(id) !== i) issues.push({ field: `items.${i}.item_id`, key: 'validation.duplicate' });
  });
  if (issues.length) throw new AppError('VALIDATION', 'Artikl je naveden dvaput', issues);
  if ((await countExistingItems(tx, [...new Set(ids)])) !== new Set(ids).size)
    throw new AppError('VALIDATION', 'Artikl nije pronađen', [
      { field: 'items', key: 'validation.itemUnknown' },
    ]);
  await repo.replaceSupplierItems(tx, ctx.companyId, supplierId, items);
  await notifyCompany(tx, ctx.companyId, 'partners', [supplierId]);
  return repo.listSupplierItems(tx, supplierId);
}

export type ImportResult = PartnerImportResult;

/**
 * Import of clients or suppliers: every row is validated (fields, OIB within the file and against
 * the list); in preview nothing is written; on commit either every row is written or none.
 */
export async function importPartners(
  tx: Tx,
  ctx: CompanyContext,
  role: PartnerRole,
  table: string[][],
  commit: boolean,
): Promise<ImportResult> {
  const preview = previewPartnerImport(table, partnerImportWords());
  const rows: ImportResult['rows'] = [];
  for (const r of preview.rows) {
    const errors = [...r.errors];
    const warnings: ImportResult['rows'][number]['warnings'] = [];
    if (r.input?.oib) {
      const other = await repo.partnerIdByOib(tx, role, r.input.oib);
      if (other) errors.push({ field: 'oib', key: 'validation.oibTaken', params: { name: other.name } });
    }
    if (r.input && errors.length === 0) {
      const near = await repo.findDuplicates(tx, role, { name: r.input.name });
      warnings.push(...near.map((d) => ({ id: d.id, name: d.name, reason: d.reason })));
    }
    const cells = table[r.line - 1] ?? [];
    const nameCol = preview.columns.findIndex((c) => c.field === 'name');
    const oibCol = preview.columns.findIndex((c) => c.field === 'oib');
    rows.push({
      line: r.line,
      name: r.input?.name ?? cells[nameCol] ?? '',
      oib: r.input?.oib ?? (oibCol >= 0 ? cells[oibCol] || null : null),
      errors,
      warnings,
    });
  }
  const valid = preview.valid && rows.every((r) => r.errors.length === 0);
  const result: ImportResult = {
    valid,
    committed: false,
    total: rows.length,
    created: 0,
    columns: preview.columns,
    rows,
  };
  if (!commit) return result;
  if (!valid) {
    const details = rows.flatMap((r) => r.errors.map((e) => ({ ...e, field: `rows.${r.line}.${e.field}` })));
    throw new AppError(
      'VALIDATION',
      'Datoteka ima neispravne retke; ništa nije uvezeno',
      details.slice(0, 200),
    );
  }
  const ids: string[] = [];
  for (const r of preview.rows) {
    const input = r.input as PartnerInput;
    const id = await repo.insertPartner(tx, ctx, role, input);
    ids.push(id);
  }
  await notifyCompany(tx, ctx.companyId, 'partners', ids);
  return { ...result, committed: true, created: ids.length };
}
