import Decimal from 'decimal.js';

/** Where a quantity lives: one item in one location, optionally in one lot. */
export type StockKey = { itemId: string; locationId: string; lotId: string | null };
/** One signed ledger line: positive adds stock, negative removes it. Quantities are decimal strings. */
export type StockLine = StockKey & { quantity: string; unitCost?: string };
export type Shortage = StockKey & { available: string; requested: string };
export type ItemCost = { onHand: string; avgCost: string };

export const stockKey = (k: StockKey): string => `${k.itemId}|${k.locationId}|${k.lotId ?? ''}`;

/**
 * The order in which a posting locks and updates rows: item, then location, then lot. Every
 * posting uses it, so two documents touching the same keys in opposite orders cannot deadlock.
 */
export function compareStockKeys(a: StockKey, b: StockKey): number {
  return cmp(a.itemId, b.itemId) || cmp(a.locationId, b.locationId) || cmp(a.lotId ?? '', b.lotId ?? '');
}
const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export function sortForLocking<T extends StockKey>(lines: readonly T[]): T[] {
  return [...lines].sort(compareStockKeys);
}

export type ApplyResult = { ok: true; balances: Map<string, Decimal> } | { ok: false; shortage: Shortage };

/**
 * Applies the lines of one posting to the balances as a whole: the net change per key is checked,
 * so a document that adds and removes the same key is judged by its result. With negative stock
 * disallowed, a key whose balance would fall below zero refuses the whole posting.
 */
export function applyLines(
  balances: ReadonlyMap<string, Decimal>,
  lines: readonly StockLine[],
  opts: { allowNegative: boolean },
): ApplyResult {
  const next = new Map(balances);
  const net = new Map<string, { key: StockKey; delta: Decimal; out: Decimal }>();
  for (const line of lines) {
    const k = stockKey(line);
    const q = new Decimal(line.quantity);
    const entry = net.get(k) ?? { key: line, delta: new Decimal(0), out: new Decimal(0) };
    entry.delta = entry.delta.plus(q);
    if (q.isNegative()) entry.out = entry.out.minus(q);
    net.set(k, entry);
  }
  for (const [k, { key, delta, out }] of [...net.entries()].sort((a, b) =>
    compareStockKeys(a[1].key, b[1].key),
  )) {
    const before = next.get(k) ?? new Decimal(0);
    const after = before.plus(delta);
    if (!opts.allowNegative && delta.isNegative() && after.isNegative()) {
      return {
        ok: false,
        shortage: {
          itemId: key.itemId,
          locationId: key.locationId,
          lotId: key.lotId,
          available: before.toString(),
          requested: out.toString(),
        },
      };
    }
    next.set(k, after);
  }
  return { ok: true, balances: next };
}

/**
 * Moving average cost of an item after a change of `quantity` at `unitCost`. Receipts (positive
 * quantity) blend their cost in; removals leave the average unchanged. When stock was zero or
 * negative, the incoming cost becomes the average.
 */
export function movingAverage(cost: ItemCost, quantity: string, unitCost: string): ItemCost {
  const onHand = new Decimal(cost.onHand);
  const q = new Decimal(quantity);
  const after = onHand.plus(q);
  if (q.isNegative() || q.isZero()) return { onHand: after.toString(), avgCost: cost.avgCost };
  if (onHand.lte(0) || after.lte(0))
    return { onHand: after.toString(), avgCost: new Decimal(unitCost).toString() };
  const value = onHand.times(cost.avgCost).plus(q.times(unitCost));
  return { onHand: after.toString(), avgCost: value.dividedBy(after).toDecimalPlaces(6).toString() };
}

/**
 * Cost effect of reversing a receipt: its quantity leaves at the cost it came in with, so the
 * average returns to what it was before (when nothing else moved in between).
 */
export function reverseReceiptCost(cost: ItemCost, quantity: string, unitCost: string): ItemCost {
  const onHand = new Decimal(cost.onHand);
  const q = new Decimal(quantity);
  const after = onHand.minus(q);
  if (after.lte(0)) return { onHand: after.toString(), avgCost: cost.avgCost };
  const value = onHand.times(cost.avgCost).minus(q.times(unitCost));
  if (value.isNegative()) return { onHand: after.toString(), avgCost: cost.avgCost };
  return { onHand: after.toString(), avgCost: value.dividedBy(after).toDecimalPlaces(6).toString() };
}

export const stockValue = (quantity: string, avgCost: string): string =>
  new Decimal(quantity).times(avgCost).toDecimalPlaces(2).toFixed(2);
