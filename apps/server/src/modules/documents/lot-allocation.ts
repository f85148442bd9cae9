import Decimal from 'decimal.js';

export type ConsumedPart = { lotId: string | null; quantity: string };
export type LineNeed = { lineId: string; quantity: string };
export type Allocation = { lotId: string | null; lineId: string; quantity: string };

/**
 * Attributes the lot parts consumed for one material to the work-order lines whose BOM required it.
 * The lines' planned needs are scaled to what was actually consumed, then filled in line order from
 * the parts in consumption order (FEFO), so a lot is attributed only to the lines it really fed.
 * Quantities are exact decimals at 4 places; whatever rounding leaves goes to the last line.
 * Returns [] when no line has a positive need (the caller then has nothing to attribute).
 */
export function allocateParts(parts: readonly ConsumedPart[], needs: readonly LineNeed[]): Allocation[] {
  const positive = needs.filter((n) => new Decimal(n.quantity).gt(0));
  const planned = positive.reduce((a, n) => a.plus(n.quantity), new Decimal(0));
  const consumed = parts.reduce((a, p) => a.plus(p.quantity), new Decimal(0));
  if (positive.length === 0 || consumed.lte(0)) return [];
  let assigned = new Decimal(0);
  const quotas = positive.map((n, i) => {
    const last = i === positive.length - 1;
    const q = last
      ? consumed.minus(assigned)
      : new Decimal(n.quantity).times(consumed).div(planned).toDecimalPlaces(4, Decimal.ROUND_HALF_UP);
    assigned = assigned.plus(q);
    return { lineId: n.lineId, left: q };
  });
  const out = new Map<string, Allocation & { q: Decimal }>();
  let line = 0;
  for (const part of parts) {
    let left = new Decimal(part.quantity);
    while (left.gt(0) && line < quotas.length) {
      const quota = quotas[line] as { lineId: string; left: Decimal };
      const take = Decimal.min(left, quota.left);
      if (take.gt(0)) {
        const key = `${part.lotId}|${quota.lineId}`;
        const prev = out.get(key);
        const q = (prev?.q ?? new Decimal(0)).plus(take);
        out.set(key, { lotId: part.lotId, lineId: quota.lineId, quantity: q.toString(), q });
      }
      left = left.minus(take);
      quota.left = quota.left.minus(take);
      if (quota.left.lte(0)) line++;
    }
  }
  return [...out.values()].map(({ q: _q, ...a }) => a);
}
