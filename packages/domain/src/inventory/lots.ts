import Decimal from 'decimal.js';

export type LotCandidate = {
  lotId: string;
  available: string;
  /** ISO date (YYYY-MM-DD) or null when the lot does not expire. */
  expiresOn: string | null;
  receivedOn: string;
};
export type LotPick = { lotId: string; quantity: string };
export type LotStrategy = 'fefo' | 'fifo';

/**
 * The order in which lots are consumed by default: FEFO takes the lot expiring first (lots without
 * expiry last), FIFO the lot received first; ties fall back to receipt date, then lot id, so the
 * choice is deterministic.
 */
export function orderLots(candidates: readonly LotCandidate[], strategy: LotStrategy): LotCandidate[] {
  const byReceipt = (a: LotCandidate, b: LotCandidate) =>
    a.receivedOn.localeCompare(b.receivedOn) || a.lotId.localeCompare(b.lotId);
  return [...candidates].sort((a, b) => {
    if (strategy === 'fefo') {
      if (a.expiresOn !== b.expiresOn) {
        if (a.expiresOn === null) return 1;
        if (b.expiresOn === null) return -1;
        return a.expiresOn.localeCompare(b.expiresOn);
      }
    }
    return byReceipt(a, b);
  });
}

/**
 * Splits `quantity` over the lots in strategy order, taking only what each holds. Returns the
 * picks, or the shortfall when the lots together hold too little.
 */
export function pickLots(
  candidates: readonly LotCandidate[],
  quantity: string,
  strategy: LotStrategy = 'fefo',
): { ok: true; picks: LotPick[] } | { ok: false; available: string } {
  let remaining = new Decimal(quantity);
  const picks: LotPick[] = [];
  let total = new Decimal(0);
  for (const lot of orderLots(candidates, strategy)) {
    const available = new Decimal(lot.available);
    if (available.lte(0)) continue;
    total = total.plus(available);
    if (remaining.lte(0)) continue;
    const take = Decimal.min(available, remaining);
    picks.push({ lotId: lot.lotId, quantity: take.toString() });
    remaining = remaining.minus(take);
  }
  if (remaining.gt(0)) return { ok: false, available: total.toString() };
  return { ok: true, picks };
}
