import {
  DEFAULT_UNITS,
  type InventoryItem,
  type ItemListQuery,
  type LocationStock,
  type Lot,
  type Reservation,
  type reservationInputSchema,
  type StockCount,
  type StockCountLine,
  type StockLocation,
  type StockMovement,
} from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/database.ts';
import { preparedRows } from '../../db/prepared.ts';
import { allWordsMatch, iso, isoOrNull, rows as query } from '../../db/sql.ts';

// Row shapes leave the repository in wire format: snake_case, decimal strings, ISO timestamps.

// Which other area's document made a stock document (see reverse.service.ts): columns owner_kind,
// owner_id, owner_number for a stock document aliased `d`, and the join they need.
const ownerColumns: SQL = sql`
  case when d.source_type in ('delivery_note', 'work_order', 'cutting') then d.source_type
    when gr.id is not null then 'goods_receipt' end as owner_kind,
  coalesce(case when d.source_type in ('delivery_note', 'work_order', 'cutting') then d.source_id end, gr.id) as owner_id,
  coalesce(case when d.source_type in ('delivery_note', 'work_order', 'cutting') then d.reference end, gr.number) as owner_number`;
const ownerJoin: SQL = sql`left join goods_receipts gr on gr.stock_document_id = d.id`;

const UNIT_NAMES: Record<string, string> = {
  kom: 'komad',
  m: 'metar',
  m2: 'četvorni metar',
  m3: 'kubni metar',
  kg: 'kilogram',
  l: 'litra',
  h: 'sat',
};

export async function ensureDefaultUnits(tx: Tx, companyId: string): Promise<void> {
  const values = sql.join(
    DEFAULT_UNITS.map((c) => sql`(${companyId}::uuid, ${c}, ${UNIT_NAMES[c] ?? c})`),
    sql`, `,
  );
  await tx.execute(
    sql`insert into units (company_id, code, name) values ${values} on conflict (company_id, code) do nothing`,
  );
}

export async function listUnits(tx: Tx): Promise<{ code: string; name: string }[]> {
  return query(tx, sql`select code, name from units order by code`);
}

/** The ids of a location and of every place under it (the hierarchy has no cycles). */
export const locationSubtree = (locationId: string) =>
  sql`(with recursive t(id) as (select ${locationId}::uuid
        union select l.id from locations l join t on l.parent_id = t.id) select id from t)`;

const ITEM_COLUMNS = sql`i.id, i.sku, i.name, i.kind, i.base_unit,
  trim_scale(i.length_mm)::text as length_mm, trim_scale(i.width_mm)::text as width_mm,
  trim_scale(i.thickness_mm)::text as thickness_mm, i.lot_tracked,
  trim_scale(i.reorder_point)::text as reorder_point, trim_scale(i.reorder_qty)::text as reorder_qty,
  i.default_supplier_id, trim_scale(i.purchase_price)::text as purchase_price,
  trim_scale(i.sales_price)::text as sales_price, trim_scale(i.vat_rate)::text as vat_rate, i.kpd_code, i.vat_exemption,
  i.price_basis, i.glass_kind, trim_scale(i.min_charge)::text as min_charge, i.grain,
  i.active, i.image_file_id, i.created_at, i.updated_at,
  trim_scale(coalesce(s.on_hand, 0))::text as on_hand,
  trim_scale(coalesce(r.reserved, 0))::text as reserved,
  trim_scale(coalesce(s.on_hand, 0) - coalesce(r.reserved, 0))::text as available,
  trim_scale(coalesce(s.on_order, 0))::text as on_order,
  trim_scale(coalesce(s.avg_cost, 0))::text as avg_cost`;

const ITEM_FROM = sql`from items i
  left join item_stock s on s.item_id = i.id
  left join lateral (select sum(quantity) as reserved from reservations rv
    where rv.item_id = i.id and rv.status = 'active') r on true`;

export type ItemRow = InventoryItem;
export type CountRow = StockCount & { status: 'draft' | 'posted' };
export type CountLineRow = StockCountLine;
/** A lot as stored, with the supplier's name and the item's base unit (lot pages, issue 22). */
export type LotRow = Lot & { supplier_name: string | null; base_unit: string };

const mapItem = (r: Record<string, unknown>): ItemRow =>
  ({ ...r, created_at: iso(r.created_at), updated_at: iso(r.updated_at) }) as ItemRow;

const LOW_STOCK = sql`(i.reorder_point is not null and
  coalesce(s.on_hand, 0) - coalesce(r.reserved, 0) + coalesce(s.on_order, 0) < i.reorder_point)`;

function itemFilters(q: ItemListQuery): SQL {
  const parts: SQL[] = [];
  // item_search_ids (migration 0015) finds matches through the trigram indexes, which RLS would
  // otherwise keep ILIKE from using; the join back to items still passes the tenant policy.
  // Every word of the query must match (any order): one indexed lookup per word.
  if (q.q) parts.push(allWordsMatch(q.q, (w) => sql`i.id in (select item_search_ids(${w.text}))`));
  if (q.kind) parts.push(sql`i.kind = ${q.kind}`);
  if (q.active === 'false') parts.push(sql`not i.active`);
  else if (q.active !== 'all') parts.push(sql`i.active`);
  if (q.location_id)
    parts.push(
      sql`exists (select 1 from stock_balances b where b.item_id = i.id
            and b.location_id in ${locationSubtree(q.location_id)} and b.quantity <> 0)`,
    );
  if (q.low_stock === 'true') parts.push(LOW_STOCK);
  return parts.length ? sql`where ${sql.join(parts, sql` and `)}` : sql``;
}

const SORTS: Record<string, SQL> = {
  sku: sql`i.sku asc`,
  '-sku': sql`i.sku desc`,
  name: sql`i.name asc, i.sku asc`,
  '-name': sql`i.name desc, i.sku asc`,
  kind: sql`i.kind asc, i.sku asc`,
  '-kind': sql`i.kind desc, i.sku asc`,
  on_hand: sql`coalesce(s.on_hand, 0) asc, i.sku asc`,
  '-on_hand': sql`coalesce(s.on_hand, 0) desc, i.sku asc`,
};

/** Sorts on item columns only: the page can be cut before stock and reservations are joined. */
const ITEM_ONLY_SORTS = new Set(['sku', '-sku', 'name', '-name', 'kind', '-kind']);

export async function listItems(tx: Tx, q: ItemListQuery): Promise<{ items: ItemRow[]; total: number }> {
  const where = itemFilters(q);
  const order = SORTS[q.sort] ?? SORTS.sku;
  const needsJoin = q.low_stock === 'true';
  // Thousands of search hits would otherwise each get their stock row and reservation sum before
  // the sort keeps 200 of them; cutting the page first joins only the rows shown.
  const rows = await query<Record<string, unknown>>(
    tx,
    !needsJoin && ITEM_ONLY_SORTS.has(q.sort)
      ? sql`select ${ITEM_COLUMNS} from (select i.* from items i ${where} order by ${order} limit ${q.limit} offset ${q.offset}) i
          left join item_stock s on s.item_id = i.id
          left join lateral (select sum(quantity) as reserved from reservations rv
            where rv.item_id = i.id and rv.status = 'active') r on true
          order by ${order}`
      : sql`select ${ITEM_COLUMNS} ${ITEM_FROM} ${where} order by ${order} limit ${q.limit} offset ${q.offset}`,
  );
  const [count] = await query<{ n: number }>(
    tx,
    needsJoin
      ? sql`select count(*)::int as n ${ITEM_FROM} ${where}`
      : sql`select count(*)::int as n from items i ${where}`,
  );
  return { items: rows.map(mapItem), total: count?.n ?? 0 };
}

export async function getItem(tx: Tx, id: string): Promise<ItemRow | null> {
  const [row] = await query<Record<string, unknown>>(
    tx,
    sql`select ${ITEM_COLUMNS} ${ITEM_FROM} where i.id = ${id}`,
  );
  return row ? mapItem(row) : null;
}

/**
 * Items below their reorder point, each with what is already on draft purchase orders (base
 * unit) and the newest such draft: purchasing's from-low-stock skips these items.
 */
export async function lowStock(
  tx: Tx,
  limit: number,
): Promise<(ItemRow & { on_draft: string; draft_order_id: string | null })[]> {
  const rows = await query<Record<string, unknown>>(
    tx,
    sql`select ${ITEM_COLUMNS}, trim_scale(coalesce(dr.qty, 0))::text as on_draft, dr.order_id as draft_order_id
        ${ITEM_FROM}
        left join lateral (select sum(pl.quantity * pl.unit_factor) as qty,
            (array_agg(o.id order by o.created_at desc))[1] as order_id
          from purchase_order_lines pl join purchase_orders o on o.id = pl.order_id
          where pl.item_id = i.id and o.status = 'draft') dr on true
        where i.active and ${LOW_STOCK} order by i.sku limit ${limit}`,
  );
  return rows.map((r) => ({
    ...mapItem(r),
    on_draft: r.on_draft as string,
    draft_order_id: (r.draft_order_id as string | null) ?? null,
  }));
}

export async function itemBalances(tx: Tx, itemId: string) {
  const rows = await query<Record<string, unknown>>(
    tx,
    sql`select b.location_id, l.code as location_code, l.name as location_name, b.lot_id, lt.lot_number,
          lt.expires_on::text as expires_on, trim_scale(b.quantity)::text as quantity,
          trim_scale(round(b.quantity * coalesce(s.avg_cost, 0), 2))::text as value
        from stock_balances b join locations l on l.id = b.location_id
        left join lots lt on lt.id = b.lot_id left join item_stock s on s.item_id = b.item_id
        where b.item_id = ${itemId} and b.quantity <> 0 order by l.code, lt.lot_number nulls first`,
  );
  return rows as {
    location_id: string;
    location_code: string;
    location_name: string;
    lot_id: string | null;
    lot_number: string | null;
    expires_on: string | null;
    quantity: string;
    value: string;
  }[];
}

export async function listConversions(tx: Tx, itemId: string) {
  return query<{ unit: string; factor: string; purchase: boolean }>(
    tx,
    sql`select unit, trim_scale(factor)::text as factor, purchase from item_unit_conversions where item_id = ${itemId} order by unit`,
  );
}

/**
 * Locations with their own stock (`quantity`, `value`, `item_count`) and the stock of the location
 * and every place under it (`total_value`, `total_item_count`): a warehouse is worth what its
 * shelves hold.
 */
export async function listLocations(tx: Tx) {
  const rows = await query<Record<string, unknown>>(
    tx,
    sql`with recursive tree(root, id) as (
          select id, id from locations
          union select t.root, l.id from tree t join locations l on l.parent_id = t.id),
        totals as (
          select t.root, round(sum(b.quantity * coalesce(s.avg_cost, 0)), 2) as value,
            count(distinct b.item_id) filter (where b.quantity <> 0) as items
          from tree t join stock_balances b on b.location_id = t.id
          left join item_stock s on s.item_id = b.item_id
          group by t.root)
        select l.id, l.code, l.name, l.type, l.parent_id, l.active,
          trim_scale(coalesce(sum(b.quantity), 0))::text as quantity,
          trim_scale(round(coalesce(sum(b.quantity * coalesce(s.avg_cost, 0)), 0), 2))::text as value,
          count(distinct b.item_id) filter (where b.quantity <> 0)::int as item_count,
          trim_scale(coalesce(max(tt.value), 0))::text as total_value,
          coalesce(max(tt.items), 0)::int as total_item_count
        from locations l
        left join stock_balances b on b.location_id = l.id
        left join item_stock s on s.item_id = b.item_id
        left join totals tt on tt.root = l.id
        group by l.id order by l.code`,
  );
  return rows as StockLocation[];
}

/** The stock on a location and on the places under it, each balance with its own location. */
export async function locationStock(tx: Tx, locationId: string) {
  return query<LocationStock>(
    tx,
    sql`select b.item_id, i.sku, i.name, i.base_unit, b.location_id, l.code as location_code,
          b.lot_id, lt.lot_number, trim_scale(b.quantity)::text as quantity,
          trim_scale(coalesce(s.avg_cost, 0))::text as avg_cost,
          trim_scale(round(b.quantity * coalesce(s.avg_cost, 0), 2))::text as value
        from stock_balances b join items i on i.id = b.item_id join locations l on l.id = b.location_id
        left join lots lt on lt.id = b.lot_id
        left join item_stock s on s.item_id = b.item_id
        where b.location_id in ${locationSubtree(locationId)} and b.quantity <> 0
        order by i.sku, l.code, lt.lot_number nulls first limit 2000`,
  );
}

export type MovementFilter = {
  item_id?: string;
  location_id?: string;
  lot_id?: string;
  lot?: string;
  type?: string;
  document_id?: string;
  from?: string;
  to?: string;
  limit: number;
  offset: number;
};

/**
 * The relations a document's query reads: the stored tables, or the rows a posting statement has
 * just written (its CTEs `d` and `m`, which hold only that document: posting.repo.ts).
 */
export type DocumentSource = { documents: SQL; movements: SQL; written?: true };
const STORED: DocumentSource = { documents: sql`stock_documents`, movements: sql`stock_movements` };

/**
 * What a document's query looks up in other rows: whether a line or the document was reversed,
 * and the goods receipt that owns it. For rows the same statement has just written (`written`)
 * the answers are known without a look-up: the statement's snapshot does not see its own new rows
 * and no other row can refer to them yet, so a line is not reversed, the document has no reversal
 * and no goods receipt. Skipping the look-ups matters: while the posting statement's cached plan
 * predated fresh statistics (a new company, a fast-growing table), each look-up read every row of
 * the company's movements or documents instead of their unique indexes (issue 21).
 */
function lookUps(from: DocumentSource) {
  if (from.written)
    return {
      reversed: sql`false`,
      reversedBy: sql`null::uuid`,
      ownerJoin: sql`left join goods_receipts gr on false`,
    };
  return {
    reversed: sql`exists (select 1 from stock_movements x where x.reverses_movement_id = m.id)`,
    reversedBy: sql`(select r.id from stock_documents r where r.reverses_document_id = d.id)`,
    ownerJoin,
  };
}

/** The movement list's query; a document's lines use it too (getDocument, a posting's answer). */
function movementsSql(f: MovementFilter, from: DocumentSource = STORED): SQL {
  const parts: SQL[] = [];
  if (f.item_id) parts.push(sql`m.item_id = ${f.item_id}`);
  if (f.location_id) parts.push(sql`m.location_id = ${f.location_id}`);
  if (f.lot_id) parts.push(sql`m.lot_id = ${f.lot_id}`);
  if (f.lot) parts.push(sql`lt.lot_number ilike ${`%${f.lot.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  if (f.type) parts.push(sql`m.type = ${f.type}`);
  if (f.document_id) parts.push(sql`m.document_id = ${f.document_id}`);
  // The period is of business days: the document's date (a receipt's received date), else the posting day.
  const day = sql`coalesce(d.document_date, (d.created_at at time zone 'Europe/Zagreb')::date)`;
  if (f.from) parts.push(sql`${day} >= ${f.from}::date`);
  if (f.to) parts.push(sql`${day} <= ${f.to}::date`);
  const where = parts.length ? sql`where ${sql.join(parts, sql` and `)}` : sql``;
  const look = lookUps(from);
  return sql`select m.id, m.document_id, m.line_no, m.type, m.item_id, i.sku, i.name as item_name, m.location_id,
          l.code as location_code, m.lot_id, lt.lot_number, trim_scale(m.quantity)::text as quantity,
          trim_scale(m.unit_cost)::text as unit_cost, m.reverses_movement_id, d.reference, d.type as document_type,
          ${look.reversed} as reversed,
          d.reason, d.note, coalesce(d.document_date, (d.created_at at time zone 'Europe/Zagreb')::date)::text as document_date,
          d.source_type, d.source_id, ${ownerColumns},
          m.created_by, m.created_at
        from ${from.movements} m join items i on i.id = m.item_id join locations l on l.id = m.location_id
        join ${from.documents} d on d.id = m.document_id left join lots lt on lt.id = m.lot_id ${look.ownerJoin}
        ${where} order by m.created_at desc, m.document_id, m.line_no limit ${f.limit} offset ${f.offset}`;
}

export async function listMovements(tx: Tx, f: MovementFilter) {
  const rows = await query<Record<string, unknown>>(tx, movementsSql(f));
  return rows.map((r) => ({ ...r, created_at: iso(r.created_at) })) as MovementRow[];
}

export type MovementRow = StockMovement;

/**
 * A document and its lines (as JSON) in one row: the stored document `id`, or (id null) the one
 * document a posting statement's CTEs hold, so the posting answers from what it wrote.
 */
export function documentSql(from: DocumentSource, id: string | null): SQL {
  const lines = movementsSql({ ...(id === null ? {} : { document_id: id }), limit: 500, offset: 0 }, from);
  const look = lookUps(from);
  return sql`select d.id, d.type, d.reference, d.note, d.reason,
          coalesce(d.document_date, (d.created_at at time zone 'Europe/Zagreb')::date)::text as document_date,
          d.reverses_document_id, d.source_type, d.source_id, d.created_by,
          d.created_at, ${look.reversedBy} as reversed_by, ${ownerColumns},
          (select coalesce(json_agg(x order by x.line_no), '[]'::json) from (${lines}) as x) as lines
        from ${from.documents} d ${look.ownerJoin}${id === null ? sql`` : sql` where d.id = ${id}`}`;
}

export async function getDocument(tx: Tx, id: string) {
  // A named statement (db/prepared.ts): planning this read cost more than a posting's writes.
  const [doc] = await preparedRows<Record<string, unknown>>(tx, documentSql(STORED, id));
  return doc ? toDocument(doc) : null;
}

/** A document row of documentSql as the API returns it. */
export function toDocument(doc: Record<string, unknown>) {
  // The lines come as JSON in the same round trip; their time becomes the list's ISO text.
  const lines = (doc.lines as Record<string, unknown>[]).map((r) => ({
    ...r,
    created_at: iso(new Date(r.created_at as string)),
  })) as MovementRow[];
  return {
    ...(doc as {
      id: string;
      type: string;
      reference: string | null;
      note: string | null;
      reason: string | null;
      document_date: string;
      owner_kind: string | null;
      owner_id: string | null;
      owner_number: string | null;
      reverses_document_id: string | null;
      source_type: string | null;
      source_id: string | null;
      created_by: string | null;
      reversed_by: string | null;
    }),
    created_at: iso(doc.created_at),
    lines,
  };
}

export async function listLots(tx: Tx, f: { item_id?: string; q?: string; limit: number; offset: number }) {
  const parts: SQL[] = [];
  if (f.item_id) parts.push(sql`lt.item_id = ${f.item_id}`);
  if (f.q) parts.push(sql`(lt.lot_number ilike ${`%${f.q}%`} or i.sku ilike ${`%${f.q}%`})`);
  const where = parts.length ? sql`where ${sql.join(parts, sql` and `)}` : sql``;
  return query<LotRow>(
    tx,
    sql`select lt.id, lt.item_id, i.sku, i.name as item_name, lt.lot_number, lt.supplier_id,
          (select p.name from partners p where p.id = lt.supplier_id) as supplier_name, i.base_unit,
          lt.received_on::text as received_on, lt.expires_on::text as expires_on,
          trim_scale(coalesce((select sum(b.quantity) from stock_balances b where b.lot_id = lt.id), 0))::text as quantity
        from lots lt join items i on i.id = lt.item_id ${where}
        order by lt.received_on desc, lt.lot_number limit ${f.limit} offset ${f.offset}`,
  );
}

export async function getLot(tx: Tx, id: string) {
  const [lot] = await listLotsById(tx, id);
  return lot ?? null;
}

async function listLotsById(tx: Tx, id: string) {
  return query<LotRow>(
    tx,
    sql`select lt.id, lt.item_id, i.sku, i.name as item_name, lt.lot_number, lt.supplier_id,
          (select p.name from partners p where p.id = lt.supplier_id) as supplier_name, i.base_unit,
          lt.received_on::text as received_on, lt.expires_on::text as expires_on,
          trim_scale(coalesce((select sum(b.quantity) from stock_balances b where b.lot_id = lt.id), 0))::text as quantity
        from lots lt join items i on i.id = lt.item_id where lt.id = ${id}`,
  );
}

/**
 * Lot genealogy: `direction = 'forward'` follows consumed → produced (which finished lots contain
 * this lot), `'backward'` produced → consumed (which lots made this one). Depth-limited so a bad
 * link cannot loop forever.
 */
export async function traceLots(tx: Tx, lotId: string, direction: 'forward' | 'backward') {
  const step =
    direction === 'forward'
      ? sql`select k.produced_lot_id as lot_id, t.depth + 1 from lot_links k join trace t on k.consumed_lot_id = t.lot_id`
      : sql`select k.consumed_lot_id as lot_id, t.depth + 1 from lot_links k join trace t on k.produced_lot_id = t.lot_id`;
  return query<{
    lot_id: string;
    depth: number;
    lot_number: string;
    item_id: string;
    sku: string;
    item_name: string;
  }>(
    tx,
    sql`with recursive trace(lot_id, depth) as (
          select ${lotId}::uuid, 0
          union
          ${step} where t.depth < 20
        )
        select t.lot_id, min(t.depth)::int as depth, lt.lot_number, lt.item_id, i.sku, i.name as item_name
        from trace t join lots lt on lt.id = t.lot_id join items i on i.id = lt.item_id
        where t.lot_id <> ${lotId}::uuid
        group by t.lot_id, lt.lot_number, lt.item_id, i.sku, i.name order by depth, lt.lot_number`,
  );
}

export type ReservationRow = Reservation;

/** Reservations per item and/or location (a reservation without a location is on the whole item). */
export async function listReservations(
  tx: Tx,
  f: { item_id?: string; location_id?: string; status?: string },
): Promise<ReservationRow[]> {
  const parts: SQL[] = [];
  if (f.item_id) parts.push(sql`r.item_id = ${f.item_id}`);
  if (f.location_id) parts.push(sql`r.location_id = ${f.location_id}`);
  parts.push(sql`r.status = ${f.status ?? 'active'}`);
  const rows = await query<Record<string, unknown>>(
    tx,
    sql`select r.id, r.item_id, i.sku, i.name as item_name, i.base_unit, r.location_id, l.code as location_code,
          r.lot_id, lt.lot_number, trim_scale(r.quantity)::text as quantity, r.status,
          r.source_type, r.source_id, r.note, r.created_at
        from reservations r join items i on i.id = r.item_id
        left join locations l on l.id = r.location_id left join lots lt on lt.id = r.lot_id
        where ${sql.join(parts, sql` and `)}
        order by i.sku, r.created_at desc limit 500`,
  );
  return rows.map((r) => ({ ...r, created_at: iso(r.created_at) })) as ReservationRow[];
}

export async function listCounts(tx: Tx) {
  const rows = await query<Record<string, unknown>>(
    tx,
    sql`select c.id, c.location_id, l.code as location_code, l.name as location_name, c.status, c.note, c.document_id,
          c.created_at, c.posted_at, (select count(*)::int from stock_count_lines x where x.count_id = c.id) as line_count
        from stock_counts c join locations l on l.id = c.location_id order by c.created_at desc limit 200`,
  );
  return rows.map(mapCount);
}

const mapCount = (r: Record<string, unknown>) => ({
  ...r,
  created_at: iso(r.created_at),
  posted_at: isoOrNull(r.posted_at),
});

export async function getCount(tx: Tx, id: string) {
  const [c] = await query<Record<string, unknown>>(
    tx,
    sql`select c.id, c.location_id, l.code as location_code, l.name as location_name, c.status, c.note, c.document_id,
          c.created_at, c.posted_at, (select count(*)::int from stock_count_lines x where x.count_id = c.id) as line_count
        from stock_counts c join locations l on l.id = c.location_id where c.id = ${id}`,
  );
  if (!c) return null;
  const lines = await query<CountLineRow>(
    tx,
    sql`select x.id, x.item_id, i.sku, i.name as item_name, i.base_unit, x.lot_id, lt.lot_number,
          trim_scale(x.expected_qty)::text as expected_qty, trim_scale(x.counted_qty)::text as counted_qty,
          trim_scale(x.book_qty)::text as book_qty, x.counted_at,
          trim_scale(x.counted_qty - x.book_qty)::text as difference,
          trim_scale(coalesce(b.quantity, 0))::text as current_qty,
          (${c.status} = 'draft' and x.counted_qty is not null and (coalesce(b.quantity, 0) <> x.book_qty
            or exists (select 1 from stock_movements m where m.item_id = x.item_id and m.location_id = ${c.location_id}
              and m.lot_id is not distinct from x.lot_id and m.created_at > x.counted_at))) as moved
        from stock_count_lines x join items i on i.id = x.item_id left join lots lt on lt.id = x.lot_id
        left join stock_balances b on b.item_id = x.item_id and b.location_id = ${c.location_id}
          and b.lot_id is not distinct from x.lot_id
        where x.count_id = ${id} order by i.sku, lt.lot_number nulls first`,
  );
  return {
    ...mapCount(c),
    lines: lines.map((l) => ({ ...l, counted_at: isoOrNull(l.counted_at) })),
  } as CountRow & { lines: CountLineRow[] };
}

/** Adds `delta` (base units, may be negative) to what inventory shows as on order, in item order. */
export async function addOnOrder(tx: Tx, deltas: Map<string, string>) {
  for (const itemId of [...deltas.keys()].sort()) {
    const delta = deltas.get(itemId) as string;
    if (/^-?0(\.0*)?$/.test(delta)) continue;
    await tx.execute(
      sql`update item_stock set on_order = greatest(on_order + ${delta}::numeric, 0), updated_at = now()
          where item_id = ${itemId}`,
    );
  }
}

/** Whether a reversal of this stock document was posted already. */
export async function isReversed(tx: Tx, documentId: string): Promise<boolean> {
  const [done] = await query(
    tx,
    sql`select 1 from stock_documents where reverses_document_id = ${documentId}`,
  );
  return done !== undefined;
}

/** The document of another area that made a stock document (see reverse.service.ts), if any. */
export async function documentOwner(tx: Tx, documentId: string) {
  const [row] = await query<{
    owner_kind: string | null;
    owner_id: string | null;
    owner_number: string | null;
  }>(tx, sql`select ${ownerColumns} from stock_documents d ${ownerJoin} where d.id = ${documentId}`);
  return row;
}

export async function insertReservation(
  tx: Tx,
  ctx: { companyId: string; userId: string },
  r: z.output<typeof reservationInputSchema>,
): Promise<string> {
  const [row] = await query<{ id: string }>(
    tx,
    sql`insert into reservations (company_id, item_id, location_id, quantity, source_type, source_id, note, created_by)
        values (${ctx.companyId}, ${r.item_id}, ${r.location_id ?? null}, ${r.quantity}, ${r.source_type ?? null},
          ${r.source_id ?? null}, ${r.note ?? null}, ${ctx.userId}) returning id`,
  );
  return row?.id as string;
}

/** Releases an active reservation: its item, or null when there is no active reservation of this id. */
export async function restoreReservation(tx: Tx, id: string): Promise<string | null> {
  const rows = await query<{ item_id: string }>(
    tx,
    sql`update reservations set status = 'active', updated_at = now() where id = ${id} and status = 'released' returning item_id`,
  );
  return rows[0]?.item_id ?? null;
}

export async function releaseReservation(tx: Tx, id: string): Promise<string | null> {
  const rows = await query<{ item_id: string }>(
    tx,
    sql`update reservations set status = 'released', updated_at = now() where id = ${id} and status = 'active' returning item_id`,
  );
  return rows[0]?.item_id ?? null;
}
