import Decimal from 'decimal.js';
import { percentOf } from '../percent.ts';

/**
 * Delivery performance of one supplier over a period. The period selects orders by the date they
 * were sent; the receipts counted are the posted (not cancelled) receipts of those orders.
 * - on-time rate: receipts dated on or before the order's expected date ÷ receipts of orders that
 *   have an expected date;
 * - average lead time: mean of (receipt date − order date) in days over the receipts;
 * - fill rate: mean over order lines of min(received, ordered) ÷ ordered (per line, so that lines
 *   in different units weigh the same).
 * A figure with nothing to measure is null, never 0.
 */
export type PerformanceOrder = {
  id: string;
  ordered_on: string;
  expected_on: string | null;
  lines: { ordered: string; received: string }[];
};
export type PerformanceReceipt = { order_id: string; received_on: string };
export type PerformanceMonth = {
  month: string;
  receipts: number;
  on_time: number;
  late: number;
  avg_lead_time_days: string | null;
};
export type SupplierPerformance = {
  orders: number;
  receipts: number;
  on_time_rate: string | null;
  avg_lead_time_days: string | null;
  fill_rate: string | null;
  months: PerformanceMonth[];
};

const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
const DAY_MS = 86_400_000;

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** Calendar months from the month of `from` to the month of `to`, as YYYY-MM. */
export function monthsOf(from: string, to: string): string[] {
  const out: string[] = [];
  let y = Number(from.slice(0, 4));
  let m = Number(from.slice(5, 7));
  const end = to.slice(0, 7);
  for (let guard = 0; guard < 240; guard++) {
    const key = `${y}-${String(m).padStart(2, '0')}`;
    out.push(key);
    if (key >= end) break;
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return out;
}

const ratio = (num: Decimal.Value, den: Decimal.Value, places = 4) =>
  new D(den).isZero() ? null : new D(num).div(den).toFixed(places);

export function supplierPerformance(input: {
  orders: PerformanceOrder[];
  receipts: PerformanceReceipt[];
  from: string;
  to: string;
}): SupplierPerformance {
  const orders = input.orders.filter((o) => o.ordered_on >= input.from && o.ordered_on <= input.to);
  const byId = new Map(orders.map((o) => [o.id, o]));
  const receipts = input.receipts.filter((r) => byId.has(r.order_id));

  let judged = 0;
  let onTime = 0;
  let leadSum = 0;
  const perMonth = new Map<string, { receipts: number; onTime: number; late: number; lead: number }>();
  for (const r of receipts) {
    const order = byId.get(r.order_id) as PerformanceOrder;
    // Receipts are validated not to precede the order; older data could, and a lead time is never negative.
    const lead = Math.max(0, daysBetween(order.ordered_on, r.received_on));
    leadSum += lead;
    const month = r.received_on.slice(0, 7);
    const bucket = perMonth.get(month) ?? { receipts: 0, onTime: 0, late: 0, lead: 0 };
    bucket.receipts += 1;
    bucket.lead += lead;
    if (order.expected_on) {
      judged += 1;
      if (r.received_on <= order.expected_on) {
        onTime += 1;
        bucket.onTime += 1;
      } else bucket.late += 1;
    }
    perMonth.set(month, bucket);
  }

  let lineCount = 0;
  let fillSum = new D(0);
  for (const o of orders) {
    for (const l of o.lines) {
      const ordered = new D(l.ordered);
      if (ordered.lte(0)) continue;
      lineCount += 1;
      fillSum = fillSum.plus(D.min(new D(l.received), ordered).div(ordered));
    }
  }

  const lastReceipt = receipts.reduce((m, r) => (r.received_on > m ? r.received_on : m), input.to);
  return {
    orders: orders.length,
    receipts: receipts.length,
    // Percent 0..100 like every rate of the API (percent.ts).
    on_time_rate: percentOf(onTime, judged),
    avg_lead_time_days: ratio(leadSum, receipts.length, 1),
    fill_rate: percentOf(fillSum, lineCount),
    months: monthsOf(input.from, lastReceipt).map((month) => {
      const b = perMonth.get(month);
      return {
        month,
        receipts: b?.receipts ?? 0,
        on_time: b?.onTime ?? 0,
        late: b?.late ?? 0,
        avg_lead_time_days: b ? ratio(b.lead, b.receipts, 1) : null,
      };
    }),
  };
}
