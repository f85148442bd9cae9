import {
  DEFAULT_PO_PREFIX,
  DEFAULT_RECEIPT_PREFIX,
  type GoodsReceiptHeader,
  type GoodsReceiptLine,
  type HistoryEntry,
  type PoHeader as PoHeaderWire,
  type PoLine,
  type PoListQuery,
  type PoStatus,
} from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { day, iso, normDecimal, one, rows, uuids } from '../../db/sql.ts';
import { openOib } from '../partners/partner-oib.ts';

export type Series = 'purchase_order' | 'goods_receipt';

export async function getSettings(tx: Tx): Promise<{ po_prefix: string; receipt_prefix: string }> {
  const row = await one<{ po_prefix: string; receipt_prefix: string }>(
    tx,
    sql`select po_prefix, receipt_prefix from purchasing_settings where company_id = app_company_id()`,
  );
  return row ?? { po_prefix: DEFAULT_PO_PREFIX, receipt_prefix: DEFAULT_RECEIPT_PREFIX };
}

export async function putSettings(
  tx: Tx,
  companyId: string,
  s: { po_prefix?: string; receipt_prefix?: string },
) {
  const current = await getSettings(tx);
  const next = { ...current, ...s };
  await tx.execute(
    sql`insert into purchasing_settings (company_id, po_prefix, receipt_prefix)
        values (${companyId}, ${next.po_prefix}, ${next.receipt_prefix})
        on conflict (company_id) do update set po_prefix = excluded.po_prefix,
          receipt_prefix = excluded.receipt_prefix, updated_at = now()`,
  );
  return next;
}

/**
 * The next number of a series in a year. The counter row is created if missing and then locked
 * FOR UPDATE, so concurrent transactions take numbers one after another and a rolled-back
 * transaction gives its number back: the sequence has no gaps.
 */
export async function nextSequence(tx: Tx, companyId: string, series: Series, year: number): Promise<number> {
  await tx.execute(
    sql`insert into purchasing_counters (company_id, series, year) values (${companyId}, ${series}, ${year})
        on conflict do nothing`,
  );
  const row = await one<{ last_seq: number }>(
    tx,
    sql`select last_seq from purchasing_counters where company_id = ${companyId} and series = ${series}
        and year = ${year} for update`,
  );
  const next = (row?.last_seq ?? 0) + 1;
  await tx.execute(
    sql`update purchasing_counters set last_seq = ${next} where company_id = ${companyId} and series = ${series}
        and year = ${year}`,
  );
  return next;
}

export type PoHeader = PoHeaderWire;

const HEADER = sql`o.id, o.number, o.status, o.supplier_id, p.name as supplier_name, p.oib as supplier_oib,
  o.ordered_on, o.expected_on, o.note, o.net_total::text as net_total, o.vat_total::text as vat_total,
  o.total::text as total, o.source, o.created_at, o.sent_at`;
const mapHeader = (r: PoHeader): PoHeader => ({
  ...r,
  supplier_oib: openOib(r.supplier_oib),
  ordered_on: day(r.ordered_on),
  expected_on: day(r.expected_on),
  created_at: iso(r.created_at),
  sent_at: r.sent_at ? iso(r.sent_at) : null,
});

/** Reads an order, locking its row when `lock` (every change of an order or its receipts does). */
export async function getHeader(tx: Tx, id: string, lock = false): Promise<PoHeader | null> {
  if (lock) await tx.execute(sql`select 1 from purchase_orders where id = ${id} for update`);
  const row = await one<PoHeader>(
    tx,
    sql`select ${HEADER} from purchase_orders o join partners p on p.id = o.supplier_id where o.id = ${id}`,
  );
  return row ? mapHeader(row) : null;
}

export type PoLineRow = Omit<PoLine, 'open_qty'>;

export async function getLines(tx: Tx, orderId: string): Promise<PoLineRow[]> {
  const list = await rows<PoLineRow>(
    tx,
    sql`select l.id, l.line_no, l.item_id, i.sku, i.name as item_name, i.lot_tracked, l.description,
          l.quantity::text as quantity, l.unit, l.unit_factor::text as unit_factor, l.unit_price::text as unit_price,
          l.vat_rate::text as vat_rate, l.net::text as net, l.received_qty::text as received_qty
        from purchase_order_lines l join items i on i.id = l.item_id
        where l.order_id = ${orderId} order by l.line_no`,
  );
  return list.map((l) => ({
    ...l,
    quantity: normDecimal(l.quantity),
    unit_factor: normDecimal(l.unit_factor),
    unit_price: normDecimal(l.unit_price),
    vat_rate: normDecimal(l.vat_rate),
    received_qty: normDecimal(l.received_qty),
  }));
}

export type NewLine = {
  item_id: string;
  description: string | null;
  quantity: string;
  unit: string;
  unit_factor: string;
  unit_price: string;
  vat_rate: string;
  net: string;
};

/**
 * A new order's header with its lines' totals already in it (`replaceLines` writes only the lines),
 * so its history starts with one creation.
 */
export async function insertHeader(
  tx: Tx,
  ids: { companyId: string; userId: string },
  h: { supplier_id: string; expected_on: string | null; note: string | null; source: 'manual' | 'low_stock' },
  totals: { net: string; vat_total: string; total: string },
): Promise<string> {
  const row = await one<{ id: string }>(
    tx,
    sql`insert into purchase_orders (company_id, supplier_id, expected_on, note, source, net_total, vat_total, total,
          created_by)
        values (${ids.companyId}, ${h.supplier_id}, ${h.expected_on}, ${h.note}, ${h.source}, ${totals.net},
          ${totals.vat_total}, ${totals.total}, ${ids.userId})
        returning id`,
  );
  return row?.id as string;
}

export async function replaceLines(tx: Tx, companyId: string, orderId: string, lines: NewLine[]) {
  await tx.execute(sql`delete from purchase_order_lines where order_id = ${orderId}`);
  for (const [i, l] of lines.entries()) {
    await tx.execute(
      sql`insert into purchase_order_lines (company_id, order_id, line_no, item_id, description, quantity, unit,
            unit_factor, unit_price, vat_rate, net)
          values (${companyId}, ${orderId}, ${i + 1}, ${l.item_id}, ${l.description}, ${l.quantity}, ${l.unit},
            ${l.unit_factor}, ${l.unit_price}, ${l.vat_rate}, ${l.net})`,
    );
  }
}

/** A draft's edited header with its new lines' totals: one save, one change in its history. */
export async function updateHeader(
  tx: Tx,
  id: string,
  h: { supplier_id: string; expected_on: string | null; note: string | null },
  totals: { net: string; vat_total: string; total: string },
) {
  await tx.execute(
    sql`update purchase_orders set supplier_id = ${h.supplier_id}, expected_on = ${h.expected_on}, note = ${h.note},
          net_total = ${totals.net}, vat_total = ${totals.vat_total}, total = ${totals.total}, updated_at = now()
        where id = ${id}`,
  );
}

async function updateStatus(tx: Tx, id: string, status: PoStatus, extra: SQL = sql``) {
  await tx.execute(
    sql`update purchase_orders set status = ${status}, updated_at = now() ${extra} where id = ${id}`,
  );
}

export async function setStatus(tx: Tx, id: string, status: PoStatus) {
  await updateStatus(tx, id, status);
}

/** The order is sent: it takes its number, order date and expected delivery date. */
export async function markSent(
  tx: Tx,
  id: string,
  number: string,
  orderedOn: string,
  expectedOn: string | null,
) {
  await updateStatus(
    tx,
    id,
    'sent',
    sql`, number = ${number}, ordered_on = ${orderedOn}, expected_on = ${expectedOn}, sent_at = now()`,
  );
}

export async function markCancelled(tx: Tx, id: string) {
  await updateStatus(tx, id, 'cancelled', sql`, cancelled_at = now()`);
}

const PO_SORT: Record<PoListQuery['sort'], SQL> = {
  number: sql`o.number`,
  supplier: sql`p.name collate hr_sort`,
  ordered_on: sql`o.ordered_on`,
  created_at: sql`o.created_at`,
  expected_on: sql`o.expected_on`,
  total: sql`o.total`,
};

export async function listOrders(tx: Tx, q: PoListQuery) {
  const parts: SQL[] = [sql`true`];
  if (q.status === 'open') parts.push(sql`o.status in ('draft', 'sent', 'partially_received')`);
  else if (q.status !== 'all') parts.push(sql`o.status = ${q.status}`);
  if (q.supplier_id) parts.push(sql`o.supplier_id = ${q.supplier_id}`);
  if (q.q) {
    const like = `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // The order's number, its supplier, or an item on it (SKU or name): "where is my FLOAT-4?".
    parts.push(sql`(o.number ilike ${like} or p.name ilike ${like} or exists (
      select 1 from purchase_order_lines l join items i on i.id = l.item_id
      where l.order_id = o.id and (i.sku ilike ${like} or i.name ilike ${like})))`);
  }
  const where = sql.join(parts, sql` and `);
  const dir = q.dir === 'asc' ? sql`asc nulls last` : sql`desc nulls last`;
  const list = await rows<PoHeader>(
    tx,
    sql`select ${HEADER} from purchase_orders o join partners p on p.id = o.supplier_id where ${where}
        order by ${PO_SORT[q.sort]} ${dir}, o.created_at desc, o.id
        limit ${q.page_size} offset ${(q.page - 1) * q.page_size}`,
  );
  const total = await one<{ n: number }>(
    tx,
    sql`select count(*)::int as n from purchase_orders o join partners p on p.id = o.supplier_id where ${where}`,
  );
  return { rows: list.map(mapHeader), total: total?.n ?? 0 };
}

export type ItemFacts = {
  id: string;
  sku: string;
  name: string;
  base_unit: string;
  purchase_price: string | null;
  vat_rate: string;
  active: boolean;
  conversions: { unit: string; factor: string }[] | null;
};

export async function itemFacts(tx: Tx, ids: string[]): Promise<Map<string, ItemFacts>> {
  if (ids.length === 0) return new Map();
  const list = await rows<ItemFacts>(
    tx,
    sql`select i.id, i.sku, i.name, i.base_unit, i.purchase_price::text as purchase_price, i.vat_rate::text as vat_rate,
          i.active,
          (select json_agg(json_build_object('unit', c.unit, 'factor', c.factor::text)) from item_unit_conversions c
            where c.item_id = i.id) as conversions
        from items i where i.id = any(${uuids(ids)})`,
  );
  return new Map(list.map((r) => [r.id, r]));
}

export type ReceiptRow = GoodsReceiptHeader;

export const receiptsOfOrder = (tx: Tx, orderId: string) => listReceipts(tx, sql`r.order_id = ${orderId}`);

export async function receiptById(tx: Tx, id: string): Promise<ReceiptRow | undefined> {
  return (await listReceipts(tx, sql`r.id = ${id}`))[0];
}

async function listReceipts(tx: Tx, where: SQL): Promise<ReceiptRow[]> {
  const list = await rows<ReceiptRow>(
    tx,
    sql`select r.id, r.number, r.order_id, r.location_id, l.code as location_code, l.name as location_name,
          r.received_on, r.status, r.stock_document_id, r.reversal_document_id, r.over_receipt_confirmed, r.note,
          r.created_at
        from goods_receipts r join locations l on l.id = r.location_id where ${where}
        order by r.received_on, r.number`,
  );
  return list.map((r) => ({
    ...r,
    received_on: day(r.received_on) as string,
    created_at: iso(r.created_at),
  }));
}

export type ReceiptLineRow = GoodsReceiptLine & { receipt_id: string };

export async function receiptLines(tx: Tx, receiptIds: string[]): Promise<ReceiptLineRow[]> {
  if (receiptIds.length === 0) return [];
  const list = await rows<ReceiptLineRow>(
    tx,
    sql`select rl.receipt_id, rl.line_no, rl.po_line_id, rl.item_id, i.sku, i.name as item_name,
          rl.quantity::text as quantity, rl.base_quantity::text as base_quantity, rl.unit_price::text as unit_price,
          rl.lot_number, rl.expires_on
        from goods_receipt_lines rl join items i on i.id = rl.item_id
        where rl.receipt_id = any(${uuids(receiptIds)}) order by rl.receipt_id, rl.line_no`,
  );
  return list.map((l) => ({
    ...l,
    quantity: normDecimal(l.quantity),
    base_quantity: normDecimal(l.base_quantity),
    unit_price: normDecimal(l.unit_price),
    expires_on: day(l.expires_on),
  }));
}

// Goods receipts' writes --------------------------------------------------------------------------

/** The latest receipt day of a year (null when the year has none). */
export async function latestReceiptDay(tx: Tx, year: number): Promise<string | null> {
  const latest = await one<{ d: string | null }>(
    tx,
    sql`select max(received_on)::text as d from goods_receipts
        where received_on >= make_date(${year}, 1, 1) and received_on < make_date(${year + 1}, 1, 1)`,
  );
  return latest?.d ?? null;
}

export async function insertReceipt(
  tx: Tx,
  ctx: { companyId: string; userId: string },
  r: {
    number: string;
    orderId: string;
    supplierId: string;
    locationId: string;
    receivedOn: string;
    stockDocumentId: string;
    overReceiptConfirmed: boolean;
    note: string | null;
  },
): Promise<string> {
  const receipt = await one<{ id: string }>(
    tx,
    sql`insert into goods_receipts (company_id, number, order_id, supplier_id, location_id, received_on, stock_document_id,
          over_receipt_confirmed, note, created_by)
        values (${ctx.companyId}, ${r.number}, ${r.orderId}, ${r.supplierId}, ${r.locationId}, ${r.receivedOn},
          ${r.stockDocumentId}, ${r.overReceiptConfirmed}, ${r.note}, ${ctx.userId})
        returning id`,
  );
  return receipt?.id as string;
}

export async function insertReceiptLine(
  tx: Tx,
  companyId: string,
  receiptId: string,
  l: {
    lineNo: number;
    poLineId: string;
    itemId: string;
    quantity: string;
    baseQuantity: string;
    unitPrice: string;
    lotNumber: string | null;
    expiresOn: string | null;
  },
): Promise<void> {
  await tx.execute(
    sql`insert into goods_receipt_lines (company_id, receipt_id, line_no, po_line_id, item_id, quantity, base_quantity,
          unit_price, lot_number, expires_on)
        values (${companyId}, ${receiptId}, ${l.lineNo}, ${l.poLineId}, ${l.itemId}, ${l.quantity}, ${l.baseQuantity},
          ${l.unitPrice}, ${l.lotNumber}, ${l.expiresOn})`,
  );
}

export async function setReceivedQty(tx: Tx, lineId: string, qty: string): Promise<void> {
  await tx.execute(
    sql`update purchase_order_lines set received_qty = ${qty}, updated_at = now() where id = ${lineId}`,
  );
}

/** The order of a receipt, or null when there is no such receipt. */
export async function orderOfReceipt(tx: Tx, receiptId: string): Promise<string | null> {
  const found = await one<{ order_id: string }>(
    tx,
    sql`select order_id from goods_receipts where id = ${receiptId}`,
  );
  return found?.order_id ?? null;
}

export async function markReceiptCancelled(
  tx: Tx,
  receiptId: string,
  reversalDocumentId: string,
): Promise<void> {
  await tx.execute(
    sql`update goods_receipts set status = 'cancelled', reversal_document_id = ${reversalDocumentId}, cancelled_at = now(),
          updated_at = now() where id = ${receiptId}`,
  );
}

// Low stock and supplier performance --------------------------------------------------------------

export type LowStockItem = {
  id: string;
  sku: string;
  default_supplier_id: string | null;
  reorder_qty: string | null;
  shortfall: string;
  price: string | null;
  vat_rate: string;
  draft_order_id: string | null;
  /** The item's purchase unit (a conversion marked purchase) and its factor; null: the base unit. */
  purchase_unit: string | null;
  purchase_factor: string | null;
};

/**
 * Active items (all, or the named ones) whose available stock plus what is on order is below their
 * reorder point, with the shortfall, the default supplier's price (per base unit), the purchase unit
 * and a draft order holding them.
 */
export async function lowStockItems(tx: Tx, itemIds?: readonly string[]): Promise<LowStockItem[]> {
  return rows<LowStockItem>(
    tx,
    sql`select i.id, i.sku, i.default_supplier_id, i.reorder_qty::text as reorder_qty,
          (select o.id from purchase_order_lines pl join purchase_orders o on o.id = pl.order_id
            where pl.item_id = i.id and o.status = 'draft' order by o.created_at desc limit 1) as draft_order_id,
          (i.reorder_point - (coalesce(s.on_hand, 0) - coalesce(r.reserved, 0) + coalesce(s.on_order, 0)))::text as shortfall,
          coalesce(si.price, i.purchase_price)::text as price, i.vat_rate::text as vat_rate,
          pu.unit as purchase_unit, pu.factor::text as purchase_factor
        from items i
        left join item_stock s on s.item_id = i.id
        left join lateral (select sum(quantity) as reserved from reservations rv
          where rv.item_id = i.id and rv.status = 'active') r on true
        left join supplier_items si on si.item_id = i.id and si.supplier_id = i.default_supplier_id
        left join item_unit_conversions pu on pu.item_id = i.id and pu.purchase
        where i.active and i.reorder_point is not null
          and coalesce(s.on_hand, 0) - coalesce(r.reserved, 0) + coalesce(s.on_order, 0) < i.reorder_point
          and (${itemIds ? sql`i.id = any(${uuids(itemIds)})` : sql`true`})
        order by i.sku`,
  );
}

/** The lines of a supplier's sent orders dated in the period, in order date and line order. */
export async function supplierOrderLines(tx: Tx, supplierId: string, period: { from: string; to: string }) {
  return rows<{
    id: string;
    ordered_on: string;
    expected_on: string | null;
    ordered: string;
    received: string;
  }>(
    tx,
    sql`select o.id, o.ordered_on::text as ordered_on, o.expected_on::text as expected_on,
          l.quantity::text as ordered, l.received_qty::text as received
        from purchase_orders o join purchase_order_lines l on l.order_id = o.id
        where o.supplier_id = ${supplierId} and o.status in ('sent', 'partially_received', 'received')
          and o.ordered_on between ${period.from}::date and ${period.to}::date
        order by o.ordered_on, l.line_no`,
  );
}

/** The posted receipts of a supplier: their order and day. */
export async function supplierReceipts(tx: Tx, supplierId: string) {
  return rows<{ order_id: string; received_on: string }>(
    tx,
    sql`select order_id, received_on::text as received_on from goods_receipts
        where supplier_id = ${supplierId} and status = 'posted'`,
  );
}

// A supplier's purchase history (the supplier page) ----------------------------------------------

export async function supplierOrderHistory(tx: Tx, supplierId: string, limit: number) {
  return rows<HistoryEntry>(
    tx,
    sql`select 'purchase_order' as type, id, number, coalesce(ordered_on, created_at::date)::text as date, status,
          total::text as total
        from purchase_orders where supplier_id = ${supplierId}
        order by coalesce(ordered_on, created_at::date) desc, number desc nulls first limit ${limit}`,
  );
}

export async function supplierReceiptHistory(tx: Tx, supplierId: string, limit: number) {
  return rows<HistoryEntry>(
    tx,
    sql`select 'goods_receipt' as type, r.id, r.number, r.received_on::text as date, r.status,
          (select trim_scale(round(sum(l.quantity * l.unit_price), 2))::text from goods_receipt_lines l
            where l.receipt_id = r.id) as total
        from goods_receipts r where r.supplier_id = ${supplierId}
        order by r.received_on desc, r.number desc limit ${limit}`,
  );
}

/** A not cancelled order with this number (of this supplier, when one is given). */
export async function orderByNumber(tx: Tx, number: string, supplierId: string | null) {
  return one<{ id: string; supplier_id: string }>(
    tx,
    sql`select id, supplier_id from purchase_orders where number = ${number}
          and status <> 'cancelled' and (${supplierId}::uuid is null or supplier_id = ${supplierId}::uuid)
        limit 1`,
  );
}

/** An order's number, supplier and status. */
export async function orderHeader(tx: Tx, id: string) {
  return one<{ id: string; number: string | null; supplier_id: string; status: string }>(
    tx,
    sql`select id, number, supplier_id, status from purchase_orders where id = ${id}`,
  );
}
