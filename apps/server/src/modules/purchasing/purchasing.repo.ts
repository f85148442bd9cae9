import {
  DEFAULT_PO_PREFIX,
  DEFAULT_RECEIPT_PREFIX,
  type GoodsReceiptHeader,
  type GoodsReceiptLine,
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

export async function insertHeader(
  tx: Tx,
  ids: { companyId: string; userId: string },
  h: { supplier_id: string; expected_on: string | null; note: string | null; source: 'manual' | 'low_stock' },
): Promise<string> {
  const row = await one<{ id: string }>(
    tx,
    sql`insert into purchase_orders (company_id, supplier_id, expected_on, note, source, created_by)
        values (${ids.companyId}, ${h.supplier_id}, ${h.expected_on}, ${h.note}, ${h.source}, ${ids.userId})
        returning id`,
  );
  return row?.id as string;
}

export async function replaceLines(
  tx: Tx,
  companyId: string,
  orderId: string,
  lines: NewLine[],
  totals: { net: string; vat_total: string; total: string },
) {
  await tx.execute(sql`delete from purchase_order_lines where order_id = ${orderId}`);
  for (const [i, l] of lines.entries()) {
    await tx.execute(
      sql`insert into purchase_order_lines (company_id, order_id, line_no, item_id, description, quantity, unit,
            unit_factor, unit_price, vat_rate, net)
          values (${companyId}, ${orderId}, ${i + 1}, ${l.item_id}, ${l.description}, ${l.quantity}, ${l.unit},
            ${l.unit_factor}, ${l.unit_price}, ${l.vat_rate}, ${l.net})`,
    );
  }
  await tx.execute(
    sql`update purchase_orders set net_total = ${totals.net}, vat_total = ${totals.vat_total}, total = ${totals.total},
          updated_at = now() where id = ${orderId}`,
  );
}

export async function updateHeader(
  tx: Tx,
  id: string,
  h: { supplier_id: string; expected_on: string | null; note: string | null },
) {
  await tx.execute(
    sql`update purchase_orders set supplier_id = ${h.supplier_id}, expected_on = ${h.expected_on}, note = ${h.note},
          updated_at = now() where id = ${id}`,
  );
}

export async function setStatus(tx: Tx, id: string, status: PoStatus, extra: SQL = sql``) {
  await tx.execute(
    sql`update purchase_orders set status = ${status}, updated_at = now() ${extra} where id = ${id}`,
  );
}

const PO_SORT: Record<PoListQuery['sort'], SQL> = {
  number: sql`o.number`,
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
    parts.push(sql`(o.number ilike ${like} or p.name ilike ${like})`);
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

export async function listReceipts(tx: Tx, where: SQL): Promise<ReceiptRow[]> {
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
