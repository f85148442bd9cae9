import Decimal from 'decimal.js';
import { type SQL, sql } from 'drizzle-orm';

// Cross-area invariants (issue 17), read straight from the database of one company. Each check
// returns the violations it found as sentences (empty = holds), so a failing step names all of
// them at once. Expected values are computed here from the ledger, the stored plans and the logged
// work; nothing here calls the code under test's own rules (piece measures, cost shares).

export type Query = <T>(q: SQL) => Promise<T[]>;
// biome-ignore lint/suspicious/noExplicitAny: API bodies are read field by field
export type Json = Record<string, any>;

const D = (v: Decimal.Value) => new Decimal(v);

/** One piece of a sheet (m²: length × width in mm², 4 places half up) or a bar (m: length in mm / 1000). */
export function pieceMeasure(
  unit: string,
  length: Decimal.Value,
  width: Decimal.Value | null,
): Decimal | null {
  if (unit === 'm2' && width !== null)
    return D(length).times(width).div(1_000_000).toDecimalPlaces(4, Decimal.ROUND_HALF_UP);
  if (unit === 'm') return D(length).div(1000).toDecimalPlaces(4, Decimal.ROUND_HALF_UP);
  return null;
}

/** Stock = ledger: per item on hand = Σ movements = Σ balances; per balance key = Σ its movements; nothing negative. */
export async function stockEqualsLedger(db: Query): Promise<string[]> {
  const out: string[] = [];
  const items = await db<{ sku: string; on_hand: string; moved: string; balanced: string }>(
    sql`select i.sku, coalesce(s.on_hand, 0)::text as on_hand,
          coalesce((select sum(quantity) from stock_movements m where m.item_id = i.id), 0)::text as moved,
          coalesce((select sum(quantity) from stock_balances b where b.item_id = i.id), 0)::text as balanced
        from items i left join item_stock s on s.item_id = i.id`,
  );
  for (const i of items)
    if (!D(i.on_hand).eq(i.moved) || !D(i.on_hand).eq(i.balanced))
      out.push(`${i.sku}: on hand ${i.on_hand}, movements ${i.moved}, balances ${i.balanced}`);
  const keys = await db<{ sku: string; balance: string | null; moved: string | null }>(
    sql`select i.sku, b.quantity::text as balance, m.q::text as moved
        from stock_balances b
        full join (select item_id, location_id, lot_id, sum(quantity) as q from stock_movements
                   group by item_id, location_id, lot_id) m
          on m.item_id = b.item_id and m.location_id = b.location_id and m.lot_id is not distinct from b.lot_id
        join items i on i.id = coalesce(b.item_id, m.item_id)
        where coalesce(b.quantity, 0) <> coalesce(m.q, 0) or coalesce(b.quantity, 0) < 0`,
  );
  for (const k of keys)
    out.push(`${k.sku}: a balance of ${k.balance ?? 0} against movements of ${k.moved ?? 0}`);
  return out;
}

type SheetBalance = {
  item_id: string;
  sku: string;
  base_unit: string;
  item_length: string;
  item_width: string | null;
  lot_id: string | null;
  remnant: boolean | null;
  lot_length: string | null;
  lot_width: string | null;
  quantity: string;
};

/**
 * Sheets and bars in pieces: whole pieces of each ledger balance (a remnant lot's own size, else
 * the item's) must be what the inventory API shows as full pieces and remnants. For `exact` items
 * (no completion backflushed them in m²/m) every full-size balance is a whole number of pieces and
 * every remnant lot holds exactly its one piece or nothing.
 */
export async function pieceView(
  db: Query,
  readItem: (id: string) => Promise<Json>,
  exact: ReadonlySet<string>,
): Promise<string[]> {
  const out: string[] = [];
  const rows = await db<SheetBalance>(
    sql`select i.id as item_id, i.sku, i.base_unit, i.length_mm::text as item_length, i.width_mm::text as item_width,
          m.lot_id, l.remnant, l.length_mm::text as lot_length, l.width_mm::text as lot_width, sum(m.quantity)::text as quantity
        from stock_movements m join items i on i.id = m.item_id left join lots l on l.id = m.lot_id
        where i.length_mm is not null and i.base_unit in ('m2', 'm')
        group by i.id, i.sku, i.base_unit, i.length_mm, i.width_mm, m.location_id, m.lot_id, l.remnant, l.length_mm, l.width_mm`,
  );
  const totals = new Map<string, { sku: string; full: number; remnants: number }>();
  for (const r of rows) {
    const remnant = r.remnant === true;
    const one = remnant
      ? pieceMeasure(r.base_unit, r.lot_length as string, r.lot_width)
      : pieceMeasure(r.base_unit, r.item_length, r.item_width);
    if (!one) continue;
    const q = D(r.quantity);
    const pieces = q.div(one).toDecimalPlaces(0, Decimal.ROUND_DOWN).toNumber();
    const t = totals.get(r.item_id) ?? { sku: r.sku, full: 0, remnants: 0 };
    if (remnant) t.remnants += pieces;
    else t.full += pieces;
    totals.set(r.item_id, t);
    if (!exact.has(r.item_id)) continue;
    if (remnant && !q.isZero() && !q.eq(one))
      out.push(`${r.sku}: remnant lot ${r.lot_id} holds ${q} instead of its one piece ${one} or nothing`);
    if (!remnant && !q.mod(one).isZero())
      out.push(`${r.sku}: a balance of ${q} is not whole pieces of ${one}`);
  }
  for (const [id, t] of totals) {
    const shown = (await readItem(id)).item as Json;
    if (shown.pieces_on_hand !== t.full || shown.remnants_on_hand !== t.remnants)
      out.push(
        `${t.sku}: the API shows ${shown.pieces_on_hand} pieces + ${shown.remnants_on_hand} remnants, the ledger holds ${t.full} + ${t.remnants}`,
      );
  }
  return out;
}

/** Every remnant lot is received once at its own measure and cut at most once, as a whole piece. */
export async function remnantsOnce(db: Query): Promise<string[]> {
  const out: string[] = [];
  const lots = await db<{
    lot_number: string;
    base_unit: string;
    length_mm: string;
    width_mm: string | null;
    receipts: string[];
    cut: string[];
    total: string;
  }>(
    sql`select l.lot_number, i.base_unit, l.length_mm::text as length_mm, l.width_mm::text as width_mm,
          coalesce(array_agg(m.quantity::text) filter (where m.quantity > 0 and m.reverses_movement_id is null), '{}') as receipts,
          coalesce(array_agg(m.quantity::text) filter (where m.quantity < 0 and m.source_type = 'cutting'), '{}') as cut,
          coalesce(sum(m.quantity), 0)::text as total
        from lots l join items i on i.id = l.item_id left join stock_movements m on m.lot_id = l.id
        where l.remnant group by l.id, l.lot_number, i.base_unit, l.length_mm, l.width_mm`,
  );
  for (const l of lots) {
    const one = pieceMeasure(l.base_unit, l.length_mm, l.width_mm);
    if (!one) continue;
    if (l.receipts.length !== 1 || !D(l.receipts[0] as string).eq(one))
      out.push(`remnant ${l.lot_number}: received ${JSON.stringify(l.receipts)}, expected once ${one}`);
    if (l.cut.length > 1 || l.cut.some((q) => !D(q).negated().eq(one)))
      out.push(`remnant ${l.lot_number}: cut ${JSON.stringify(l.cut)}, expected at most once ${one}`);
    if (D(l.total).isNegative()) out.push(`remnant ${l.lot_number}: ${l.total} on hand`);
  }
  return out;
}

/**
 * A completed cutting list issued exactly the plan's pieces (count × one piece per stock line) and
 * received each remnant lot at its measure; its reservations are all consumed.
 */
export async function cuttingListLedger(db: Query, job: Json): Promise<string[]> {
  const out: string[] = [];
  const unitOf = new Map(
    (await db<{ id: string; base_unit: string }>(sql`select id, base_unit from items`)).map((i) => [
      i.id,
      i.base_unit,
    ]),
  );
  const expected = new Map<string, Decimal>();
  const key = (item: string, location: string, lot: string | null) => `${item}|${location}|${lot ?? '-'}`;
  const kind = job.input.kind as '1d' | '2d';
  for (const s of job.input.stock as Json[]) {
    if (!s.item_id) continue;
    const count = (job.plan.layouts as Json[]).filter((l) => l.stockId === s.ref).length;
    if (count === 0) continue;
    const one =
      kind === '1d'
        ? pieceMeasure(unitOf.get(s.item_id) ?? '', s.length, null)
        : pieceMeasure(unitOf.get(s.item_id) ?? '', s.width, s.height);
    if (!one) {
      out.push(`KL-${job.number}: stock ${s.ref} has no measure`);
      continue;
    }
    const k = key(s.item_id, s.location_id, s.lot_id ?? null);
    expected.set(k, (expected.get(k) ?? D(0)).plus(one.times(count)));
  }
  const issued = await db<{ item_id: string; location_id: string; lot_id: string | null; q: string }>(
    sql`select item_id, location_id, lot_id, (-sum(quantity))::text as q from stock_movements
        where source_type = 'cutting' and source_id = ${job.id} and quantity < 0 group by 1, 2, 3`,
  );
  const got = new Map(issued.map((m) => [key(m.item_id, m.location_id, m.lot_id), D(m.q)]));
  for (const k of new Set([...expected.keys(), ...got.keys()]))
    if (!(expected.get(k) ?? D(0)).eq(got.get(k) ?? 0))
      out.push(`KL-${job.number}: issued ${got.get(k) ?? 0} of ${k}, the plan cuts ${expected.get(k) ?? 0}`);
  const received = await db<{
    lot_id: string | null;
    q: string;
    length_mm: string | null;
    width_mm: string | null;
    remnant: boolean | null;
    base_unit: string;
  }>(
    sql`select m.lot_id, m.quantity::text as q, l.length_mm::text as length_mm, l.width_mm::text as width_mm, l.remnant, i.base_unit
        from stock_movements m join items i on i.id = m.item_id left join lots l on l.id = m.lot_id
        where m.source_type = 'cutting' and m.source_id = ${job.id} and m.quantity > 0`,
  );
  if (received.length !== (job.remnants as Json[]).length)
    out.push(`KL-${job.number}: ${received.length} receipts for ${(job.remnants as Json[]).length} remnants`);
  for (const r of received) {
    const one = r.remnant ? pieceMeasure(r.base_unit, r.length_mm as string, r.width_mm) : null;
    if (!one?.eq(r.q))
      out.push(`KL-${job.number}: received ${r.q} into lot ${r.lot_id}, not one remnant piece`);
  }
  const open = await db<{ n: number }>(
    sql`select count(*)::int as n from reservations where source_id = ${job.id} and status = 'active'`,
  );
  if ((open[0]?.n ?? 0) > 0) out.push(`KL-${job.number}: ${open[0]?.n} reservations still active`);
  return out;
}

/** No active reservation of a closed (completed or cancelled) work order or of its cutting lists. */
export async function closedOrdersHoldNothing(db: Query): Promise<string[]> {
  const rows = await db<{ number: string; status: string; source_type: string; quantity: string }>(
    sql`select d.number, d.status, r.source_type, r.quantity::text as quantity from documents d
        join reservations r on r.status = 'active' and (r.source_id = d.id
          or r.source_id in (select j.id from cutting_jobs j where j.source_type = 'work_order' and j.source_id = d.id))
        where d.kind = 'work_order' and d.status in ('completed', 'cancelled')`,
  );
  return rows.map((r) => `${r.status} ${r.number}: an active ${r.source_type} reservation of ${r.quantity}`);
}

/** Payments: each invoice's paid total is the sum of its payments and never more than it billed. */
export async function paymentsAddUp(db: Query): Promise<string[]> {
  const rows = await db<{ number: string | null; paid: string; payments: string; total: string }>(
    sql`select d.number, d.paid_total::text as paid, coalesce(sum(p.amount), 0)::text as payments, d.total::text as total
        from documents d left join invoice_payments p on p.document_id = d.id
        where d.kind = 'invoice' group by d.id, d.number, d.paid_total, d.total`,
  );
  return rows
    .filter((r) => !D(r.paid).eq(r.payments) || D(r.paid).gt(r.total))
    .map((r) => `invoice ${r.number}: paid ${r.paid}, payments ${r.payments}, total ${r.total}`);
}

/**
 * Nothing billed twice: per work-order line, what invoices bill of it (straight or through its
 * delivery notes) less what credit notes took back never exceeds the ordered quantity.
 */
export async function billedAtMostOrdered(db: Query): Promise<string[]> {
  const rows = await db<{ number: string; position: number; ordered: string; billed: string }>(
    sql`with inv as (
          select il.id, il.quantity, coalesce(dl.source_line_id, il.source_line_id) as wo_line
          from document_lines il join documents i on i.id = il.document_id and i.kind = 'invoice' and i.status <> 'cancelled'
          left join document_lines dl on dl.id = il.source_line_id
            and dl.document_id in (select id from documents where kind = 'delivery_note')
        ), net as (
          select inv.wo_line, inv.quantity - coalesce((select sum(cl.quantity) from document_lines cl
            join documents c on c.id = cl.document_id and c.kind = 'credit_note' where cl.source_line_id = inv.id), 0) as q
          from inv
        )
        select w.number, l.position, l.quantity::text as ordered, sum(net.q)::text as billed
        from net join document_lines l on l.id = net.wo_line join documents w on w.id = l.document_id and w.kind = 'work_order'
        group by w.number, l.position, l.quantity having sum(net.q) > l.quantity`,
  );
  return rows.map((r) => `${r.number} line ${r.position}: billed ${r.billed} of ${r.ordered} ordered`);
}

/** The completed cutting lists of a work order, by the material each was made for. */
async function ordersLists(db: Query, woId: string) {
  return db<{ id: string; material_id: string | null }>(
    sql`select id, input->>'material_id' as material_id from cutting_jobs
        where source_type = 'work_order' and source_id = ${woId} and status = 'completed'`,
  );
}

/**
 * Each sheet, bar and other material of a completed work order is consumed once: a material a
 * completed list of the order was made for (or issued) is not consumed by the order itself; any
 * other material is consumed by the order at its planned quantity and by no list of the order.
 */
export async function consumedOnce(db: Query, woId: string): Promise<string[]> {
  const out: string[] = [];
  const lists = await ordersLists(db, woId);
  const listIds = lists.map((l) => l.id);
  const materials = await db<{ item_id: string; sku: string; planned: string[] }>(
    sql`select m.item_id, i.sku, array_agg(m.planned_qty::text) as planned from work_order_materials m
        join items i on i.id = m.item_id where m.document_id = ${woId} group by m.item_id, i.sku`,
  );
  for (const m of materials) {
    const [row] = await db<{ cut: string; own: string }>(
      sql`select coalesce((select -sum(quantity) from stock_movements where source_type = 'cutting'
                 and quantity < 0 and item_id = ${m.item_id}
                 and source_id = any(${`{${listIds.join(',')}}`}::uuid[])), 0)::text as cut,
               coalesce((select -sum(quantity) from stock_movements where source_id = ${woId}
                 and type = 'production_consumption' and item_id = ${m.item_id}), 0)::text as own`,
    );
    const cut = D(row?.cut ?? 0);
    const own = D(row?.own ?? 0);
    const covered = cut.gt(0) || lists.some((l) => l.material_id === m.item_id);
    if (covered && !own.isZero())
      out.push(`${m.sku}: cut by the order's lists (${cut}) and consumed again at completion (${own})`);
    if (!covered) {
      const planned = m.planned.reduce(
        (s, q) => s.plus(D(q).toDecimalPlaces(4, Decimal.ROUND_HALF_UP)),
        D(0),
      );
      if (!own.eq(planned)) out.push(`${m.sku}: completion consumed ${own}, planned ${planned}`);
    }
  }
  return out;
}

/**
 * Each produced lot's unit cost = (its own line's share of every material's value + its own
 * operations' logged minutes × rate) / produced quantity. A material's value is what the ledger
 * says the order took of it: the order's consumption plus its completed lists' issues less the
 * remnants they returned; it is shared by the lines' planned need of it.
 */
export async function lotCosts(db: Query, woId: string): Promise<string[]> {
  const out: string[] = [];
  const listIds = `{${(await ordersLists(db, woId)).map((l) => l.id).join(',')}}`;
  const lines = await db<{ id: string; position: number; quantity: string }>(
    sql`select l.id, l.position, l.quantity::text as quantity from document_lines l join items i on i.id = l.item_id
        where l.document_id = ${woId} and i.kind <> 'service' order by l.position`,
  );
  const materials = await db<{ item_id: string; sku: string; shares: Record<string, string> | null }>(
    sql`select item_id, i.sku, line_shares as shares from work_order_materials m join items i on i.id = m.item_id
        where m.document_id = ${woId}`,
  );
  const cost = new Map(lines.map((l) => [l.id, D(0)]));
  const byItem = new Map<string, { sku: string; shares: Map<string, Decimal> }>();
  for (const m of materials) {
    const e = byItem.get(m.item_id) ?? { sku: m.sku, shares: new Map<string, Decimal>() };
    if (!m.shares) out.push(`${m.sku}: planned without line shares`);
    for (const [line, need] of Object.entries(m.shares ?? {}))
      e.shares.set(line, (e.shares.get(line) ?? D(0)).plus(need));
    byItem.set(m.item_id, e);
  }
  for (const [itemId, m] of byItem) {
    const [v] = await db<{ value: string }>(
      sql`select coalesce(-sum(quantity * unit_cost), 0)::text as value from stock_movements
          where item_id = ${itemId} and ((source_id = ${woId} and type = 'production_consumption')
            or (source_type = 'cutting' and source_id = any(${listIds}::uuid[])))`,
    );
    const total = [...m.shares.values()].reduce((s, q) => s.plus(q), D(0));
    if (total.isZero()) continue;
    for (const [line, need] of m.shares) {
      const c = cost.get(line);
      if (!c) out.push(`${m.sku}: a share for line ${line}, which produces nothing`);
      else
        cost.set(
          line,
          c.plus(
            D(v?.value ?? 0)
              .times(need)
              .div(total),
          ),
        );
    }
  }
  const ops = await db<{ line_id: string | null; minutes: string; rate: string }>(
    sql`select line_id, logged_minutes::text as minutes, cost_per_hour::text as rate
        from work_order_operations where document_id = ${woId}`,
  );
  for (const o of ops) {
    const c = o.line_id ? cost.get(o.line_id) : undefined;
    if (!c) out.push(`an operation of ${o.minutes} min belongs to no produced line`);
    else cost.set(o.line_id as string, c.plus(D(o.minutes).times(o.rate).div(60)));
  }
  const outputs = await db<{ line_id: string | null; quantity: string; unit_cost: string }>(
    sql`select source_line_id as line_id, quantity::text as quantity, unit_cost::text as unit_cost
        from stock_movements where source_id = ${woId} and type = 'production_output'`,
  );
  for (const l of lines) {
    const made = outputs.filter((o) => o.line_id === l.id);
    if (made.length !== 1 || !D(made[0]?.quantity ?? 0).eq(l.quantity)) {
      out.push(
        `line ${l.position}: produced ${JSON.stringify(made.map((o) => o.quantity))} of ${l.quantity}`,
      );
      continue;
    }
    const expected = (cost.get(l.id) as Decimal).div(l.quantity);
    const actual = D(made[0]?.unit_cost ?? 0);
    if (expected.minus(actual).abs().gt('0.000001'))
      out.push(
        `line ${l.position}: produced at ${actual} per unit, its materials and labour make ${expected.toFixed(6)}`,
      );
  }
  return out;
}

/**
 * Money, once an order is delivered and invoiced in full: its accepted quote's net = what invoices
 * billed of its lines (straight or through delivery notes) − what credit notes took back.
 */
export async function orderBilledAsQuoted(db: Query, quoteId: string, woId: string): Promise<string[]> {
  const [row] = await db<{ quoted: string; billed: string; credited: string }>(
    sql`with wo_lines as (select id from document_lines where document_id = ${woId}),
        inv as (
          select il.id, il.net_amount from document_lines il
          join documents i on i.id = il.document_id and i.kind = 'invoice' and i.status = 'issued'
          left join document_lines dl on dl.id = il.source_line_id
          where il.source_line_id in (select id from wo_lines) or dl.source_line_id in (select id from wo_lines)
        )
        select (select net_total::text from documents where id = ${quoteId}) as quoted,
          coalesce((select sum(net_amount) from inv), 0)::text as billed,
          coalesce((select sum(cl.net_amount) from document_lines cl join documents c on c.id = cl.document_id
            and c.kind = 'credit_note' where cl.source_line_id in (select id from inv)), 0)::text as credited`,
  );
  if (!row) return ['quote not found'];
  return D(row.billed).minus(row.credited).eq(row.quoted)
    ? []
    : [`quote net ${row.quoted} ≠ invoiced ${row.billed} − credited ${row.credited}`];
}

/** The same over the whole company: invoices' net − credit notes' net = the delivered quotes' net. */
export async function companyBilledAsQuoted(db: Query, quoteIds: readonly string[]): Promise<string[]> {
  const [row] = await db<{ quoted: string; billed: string; credited: string }>(
    sql`select coalesce((select sum(net_total) from documents where id = any(${`{${quoteIds.join(',')}}`}::uuid[])), 0)::text as quoted,
          coalesce((select sum(net_total) from documents where kind = 'invoice' and status = 'issued'), 0)::text as billed,
          coalesce((select sum(net_total) from documents where kind = 'credit_note'), 0)::text as credited`,
  );
  if (!row) return [];
  return D(row.billed).minus(row.credited).eq(row.quoted)
    ? []
    : [`company: quotes ${row.quoted} ≠ invoiced ${row.billed} − credited ${row.credited}`];
}
