import { AppError, nextWorkOrderVersion, type WorkOrderSheetState, workOrderSheetState } from '@erp/domain';
import type { Tx } from '../../db/database.ts';
import { iso } from '../../db/sql.ts';
import type { CompanyContext } from '../../db/tenant.ts';
import { companyBlock } from '../../pdf/company-profile.ts';
import { setFileHash } from './document-files.repo.ts';
import { load, renderPdf } from './documents.pdf.ts';
import * as repo from './documents.repo.ts';
import { sha256, storedFile, storeFile } from './frozen-files.ts';
import * as woRepo from './work-orders.repo.ts';
import { materials, operations, type VersionRow } from './work-orders.repo.ts';

// Work order sheets as numbered, stored versions (issue 18, deliverable 2). Releasing an order
// (draft → planned) stores its PDF as version 1; later the user issues version N+1 when what the
// sheet prints has changed. The bytes go into document_files through frozen-files.ts (the one
// store of frozen files); each version's row (work_order_versions, audited) names the PDF's
// SHA-256 and the SHA-256 of the printed content, which "out of date" is compared against.

export type { VersionRow };

/**
 * Everything the work order sheet prints, in a fixed order, as text: the company header (the logo
 * by its hash), the order's facts, the client, each line's printed fields, the materials and the
 * operations (documents.pdf.ts draws the same values). Not the status or the version facts: they
 * are not content.
 */
async function printedContent(tx: Tx, companyId: string, id: string): Promise<string> {
  const [company, loaded] = await Promise.all([companyBlock(tx, companyId), load(tx, id)]);
  const { doc, lines, client } = loaded;
  const [mats, ops] = await Promise.all([materials(tx, doc), operations(tx, id)]);
  return JSON.stringify({
    company: { ...company, logo: company.logo ? sha256(company.logo) : null },
    document: [doc.number, doc.doc_date, doc.due_date, doc.rush, doc.note],
    client: client && [client.name, client.address, client.country, client.oib, client.vat_id],
    lines: lines.map((l) => [
      l.position,
      l.sku,
      l.description,
      l.quantity,
      l.unit,
      l.unit_price,
      l.discount_pct,
      l.vat_rate,
      l.net_amount,
      l.width_mm,
      l.height_mm,
      l.billed_measure,
      l.billed_unit,
      l.shaped,
      l.hole_count,
      l.hole_diameter_mm,
      l.hole_edge_mm,
      l.cutout_count,
      l.edge_type,
      l.coating_removal,
      l.item_thickness_mm,
      l.profile_system,
      l.glass_makeup,
      l.colour,
      l.hardware_set,
    ]),
    materials: mats.map((m) => [m.sku, m.name, m.planned_qty, m.actual_qty, m.unit]),
    operations: ops.map((o) => [
      o.position,
      o.code,
      o.name,
      o.planned_minutes,
      o.logged_minutes,
      o.quality_check_required,
    ]),
  });
}

const contentHash = async (tx: Tx, companyId: string, id: string) =>
  sha256(Buffer.from(await printedContent(tx, companyId, id), 'utf8'));

export async function versionRows(tx: Tx, id: string): Promise<VersionRow[]> {
  const list = await woRepo.versions(tx, id);
  return list.map((r) => ({ ...r, created_at: iso(r.created_at) }));
}

/**
 * Makes and stores version `next` of the sheet: the PDF says its number, when it was issued and
 * which version it replaces. Version 1's hash also goes onto the document row (pdf_sha256), as
 * for every frozen document. Two writers of the same version: the second keeps the first's.
 */
async function store(
  tx: Tx,
  companyId: string,
  userId: string | null,
  id: string,
  next: number,
  content: string,
) {
  const now = await woRepo.transactionTime(tx);
  const pdf = await renderPdf(tx, companyId, [id], { number: next, issued_at: now ?? new Date() });
  if (!(await storeFile(tx, companyId, id, 'pdf', pdf, next))) return;
  const hash = sha256(pdf);
  await woRepo.insertVersion(tx, companyId, {
    documentId: id,
    version: next,
    pdfSha256: hash,
    contentSha256: content,
    userId,
  });
  if (next === 1) await setFileHash(tx, id, 'pdf', hash);
  await repo.notifyDocuments(tx, companyId, [id]);
}

/** Release (draft → planned, in that transaction): the sheet as version 1. */
export async function freezeFirstVersion(tx: Tx, ctx: CompanyContext, id: string): Promise<void> {
  if ((await versionRows(tx, id)).length > 0) return;
  await store(tx, ctx.companyId, ctx.userId, id, 1, await contentHash(tx, ctx.companyId, id));
}

/** "Izdaj novu verziju": the next version, refused when the order is a draft, cancelled or unchanged. */
export async function issueVersion(tx: Tx, ctx: CompanyContext, id: string) {
  const wo = await repo.requireDocument(tx, id, ['work_order'], true);
  const content = await contentHash(tx, ctx.companyId, id);
  const [latest] = await versionRows(tx, id);
  const next = nextWorkOrderVersion(wo.status, latest ?? null, content);
  await store(tx, ctx.companyId, ctx.userId, id, next, content);
  return versions(tx, ctx.companyId, id);
}

/** The versions (newest first) and whether the sheet printed now differs from the latest one. */
export async function versions(
  tx: Tx,
  companyId: string,
  id: string,
): Promise<{ state: WorkOrderSheetState; versions: VersionRow[] }> {
  const wo = await repo.requireDocument(tx, id, ['work_order']);
  const rows = await versionRows(tx, id);
  const state = workOrderSheetState(
    wo.status,
    rows[0]?.content_sha256 ?? null,
    wo.status === 'draft' ? '' : await contentHash(tx, companyId, id),
  );
  return { state, versions: rows };
}

/** The stored PDF of one version (404 when there is none). */
export async function versionPdf(tx: Tx, id: string, version: number) {
  const wo = await repo.requireDocument(tx, id, ['work_order']);
  const pdf = await storedFile(tx, id, 'pdf', version);
  if (!pdf) throw new AppError('NOT_FOUND', 'Verzija nije pronađena');
  return { wo, pdf };
}

/**
 * The sheet a download serves: null for a draft (rendered live), else the latest stored version.
 * An order released before versions existed gets its version 1 on its first download (one
 * cancelled without any version stays live).
 */
export async function currentSheet(
  tx: Tx,
  companyId: string,
  doc: Pick<repo.DocumentRow, 'id' | 'status'>,
): Promise<Buffer | null> {
  if (doc.status === 'draft') return null;
  let [latest] = await versionRows(tx, doc.id);
  if (!latest) {
    if (doc.status === 'cancelled') return null; // cancelled before it was ever released: live
    await store(tx, companyId, null, doc.id, 1, await contentHash(tx, companyId, doc.id));
    [latest] = await versionRows(tx, doc.id);
  }
  return storedFile(tx, doc.id, 'pdf', latest?.version ?? 1);
}
