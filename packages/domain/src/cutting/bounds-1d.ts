// Lower bounds for one-dimensional bin packing (sizes already include the kerf).

/** Continuous bound: total size over capacity, rounded up. */
export function areaBound1d(sizes: readonly number[], capacity: number): number {
  let total = 0;
  for (const s of sizes) total += s;
  return Math.ceil(total / capacity);
}

/**
 * Martello–Toth L2: for a threshold a, items bigger than C - a each need their own bin, items in
 * (C/2, C - a] too, and items in [a, C/2] can only use the room left beside the latter.
 */
export function l2Bound1d(sizes: readonly number[], capacity: number): number {
  const sorted = [...sizes].sort((x, y) => y - x);
  const half = capacity / 2;
  const thresholds = new Set<number>([0]);
  for (const s of sorted) if (s <= half) thresholds.add(s);
  let best = areaBound1d(sorted, capacity);
  for (const a of thresholds) {
    let n1 = 0;
    let n2 = 0;
    let sum2 = 0;
    let sum3 = 0;
    for (const s of sorted) {
      if (s > capacity - a) n1++;
      else if (s > half) {
        n2++;
        sum2 += s;
      } else if (s >= a) sum3 += s;
    }
    const free = n2 * capacity - sum2;
    const extra = Math.max(0, Math.ceil((sum3 - free) / capacity));
    best = Math.max(best, n1 + n2 + extra);
  }
  return best;
}
