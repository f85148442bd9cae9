import {
  AppError,
  can,
  DEFAULT_UNITS,
  definedEarlier,
  type ImportedItem,
  type ImportIssue,
  ITEM_IMPORT_FIELDS,
  type ItemImportResult,
  type ItemImportRow,
  importIssueDetails,
  previewItemImport,
  type SheetRow,
} from '@erp/domain';
import type { Tx } from '../../db/database.ts';
import type { CompanyContext } from '../../db/tenant.ts';
import { itemImportWords } from '../export/export-language.ts';
import * as repo from './inventory.repo.ts';
import { postOpeningStock } from './inventory.service.ts';
import * as itemsRepo from './items.repo.ts';
import { notifyStock } from './posting.ts';

type Known = {
  items: Map<string, { id: string; lot_tracked: boolean }>;
  units: Set<string>;
  locations: Map<string, string>;
};

/** What the database already holds for the SKUs, units and location codes of the file. */
async function lookUp(tx: Tx, rows: readonly ItemImportRow[]): Promise<Known> {
  const skus = [...new Set(rows.map((r) => r.sku).filter(Boolean))];
  const codes = [...new Set(rows.map((r) => r.stock?.location).filter((c): c is string => !!c))];
  const items = await itemsRepo.itemsBySkus(
    tx,
    skus.map((s) => s.toLowerCase()),
  );
  const units = await itemsRepo.unitCodes(tx);
  const locations = await itemsRepo.locationsByCodes(tx, codes);
  return {
    items: new Map(items.map((i) => [i.sku.toLowerCase(), { id: i.id, lot_tracked: i.lot_tracked }])),
    units: new Set([...DEFAULT_UNITS, ...units]),
    locations: new Map(locations.map((l) => [l.code, l.id])),
  };
}

/** Checks that need the database: SKU taken or unknown, unit, location, lot numbers of lot-tracked items. */
function databaseIssues(
  rows: readonly ItemImportRow[],
  row: ItemImportRow,
  known: Known,
  columnOf: (field: string) => string | null,
): ImportIssue[] {
  const issues: ImportIssue[] = [];
  const add = (field: string, key: string, params?: Record<string, string | number>) =>
    issues.push({ field, column: columnOf(field), key, ...(params ? { params } : {}) });
  const has = (field: string) => row.errors.some((e) => e.field === field);
  const existing = known.items.get(row.sku.toLowerCase());
  let lotTracked: boolean | undefined;
  if (row.name) {
    if (existing && !has('sku')) add('sku', 'validation.codeTaken');
    // Checked on what the row says even when another of its fields failed: every problem at once.
    const unit = row.values.base_unit;
    if (unit && !has('base_unit') && !known.units.has(unit))
      add('base_unit', 'validation.importUnitUnknown', { unit });
    // An item that failed elsewhere is still lot-tracked as its column says (empty = no, the default).
    lotTracked =
      row.item?.lot_tracked ?? (has('lot_tracked') ? undefined : row.values.lot_tracked === 'true');
  } else if (row.sku && row.stock) {
    const first = rows.find(
      (r) => r.line < row.line && r.name && r.sku.toLowerCase() === row.sku.toLowerCase(),
    );
    if (existing) lotTracked = existing.lot_tracked;
    else if (first && definedEarlier(rows, row)) lotTracked = first.item?.lot_tracked;
    else add('sku', 'validation.itemUnknown');
  }
  const stock = row.stock;
  if (stock) {
    if (stock.location && !known.locations.has(stock.location))
      add('location', 'validation.importLocationUnknown', { code: stock.location });
    if (lotTracked === true && !stock.lot_number) add('lot_number', 'validation.lotRequired');
    if (lotTracked === false && stock.lot_number) add('lot_number', 'validation.importLotNotTracked');
  }
  return issues;
}

/**
 * Import of items and opening stock: every row is checked (fields, the file's own rows, the
 * database); in preview nothing is written; on commit every item is created and the opening stock
 * is posted as one receipt document through the posting service, all in this transaction — or,
 * if any row has a problem, nothing at all.
 */
export async function importItems(
  tx: Tx,
  ctx: CompanyContext,
  table: readonly SheetRow[],
  commit: boolean,
): Promise<ItemImportResult> {
  const preview = previewItemImport(table, itemImportWords());
  const known = await lookUp(tx, preview.rows);
  const columnOf = (field: string) => preview.columns.find((c) => c.field === field)?.header ?? null;
  const rows = preview.rows.map((r) => ({
    ...r,
    errors: [...r.errors, ...databaseIssues(preview.rows, r, known, columnOf)],
  }));
  const stockRows = rows.filter((r) => r.stock);
  const fileErrors = [...preview.fileErrors];
  if (stockRows.length > 0 && !can(ctx.role, 'inventory.write'))
    fileErrors.push({
      field: 'quantity',
      column: columnOf('quantity'),
      key: 'validation.importStockNotAllowed',
    });
  const valid = fileErrors.length === 0 && rows.every((r) => r.errors.length === 0);
  const result: ItemImportResult = {
    valid,
    committed: false,
    total: rows.length,
    created: 0,
    stock_lines: 0,
    document_id: null,
    columns: preview.columns,
    file_errors: fileErrors,
    rows: rows.map((r) => ({
      line: r.line,
      sku: r.sku,
      name: r.name,
      location: r.stock?.location || null,
      quantity: r.stock?.quantity || null,
      values: r.values,
      errors: r.errors,
    })),
  };
  if (!commit) return result;
  if (!valid) {
    const details = importIssueDetails([{ line: 1, errors: fileErrors }, ...rows]);
    throw new AppError('VALIDATION', 'Datoteka ima neispravne retke; ništa nije uvezeno', details);
  }

  await repo.ensureDefaultUnits(tx, ctx.companyId);
  const created = await insertItems(
    tx,
    ctx,
    rows.flatMap((r) => (r.item ? [r.item] : [])),
  );
  const idOf = new Map([...known.items].map(([sku, i]) => [sku, i.id]));
  for (const c of created) idOf.set(c.sku.toLowerCase(), c.id);
  const documentId =
    stockRows.length === 0
      ? null
      : await postOpeningStock(
          tx,
          ctx,
          stockRows.map((r) => {
            const s = r.stock as NonNullable<ItemImportRow['stock']>;
            return {
              item_id: idOf.get(r.sku.toLowerCase()) as string,
              location_id: known.locations.get(s.location) as string,
              quantity: s.quantity,
              unit_cost: s.unit_cost,
              lot_number: s.lot_number,
              expires_on: s.expires_on,
            };
          }),
        );
  if (created.length > 0)
    await notifyStock(
      tx,
      ctx.companyId,
      created.map((c) => c.id),
    );
  const done: ItemImportResult = {
    ...result,
    committed: true,
    created: created.length,
    stock_lines: stockRows.length,
    document_id: documentId,
  };
  return done;
}

/**
 * Inserts the items in batches (one statement per 500 rows instead of one per item), one column per
 * field the import reads (the domain's `ITEM_IMPORT_FIELDS`).
 */
async function insertItems(tx: Tx, ctx: CompanyContext, items: readonly ImportedItem[]) {
  const out: { id: string; sku: string }[] = [];
  for (let i = 0; i < items.length; i += 500) {
    const batch = items.slice(i, i + 500);
    const values = batch.map((it) =>
      ITEM_IMPORT_FIELDS.map((c) =>
        c === 'price_basis'
          ? (it.price_basis ?? 'unit')
          : c === 'grain'
            ? (it.grain ?? false)
            : (it[c] ?? null),
      ),
    );
    try {
      out.push(...(await itemsRepo.insertItemRows(tx, ctx.companyId, ITEM_IMPORT_FIELDS, values)));
    } catch (e) {
      // Another import or form created one of these SKUs after our check: refuse the whole file.
      const code =
        (e as { code?: string; cause?: { code?: string } }).code ??
        (e as { cause?: { code?: string } }).cause?.code;
      if (code === '23505')
        throw new AppError('CONFLICT', 'Artikl s istom šifrom upravo je stvoren; ništa nije uvezeno', [
          { field: 'sku', key: 'validation.codeTaken' },
        ]);
      throw e;
    }
  }
  return out;
}
