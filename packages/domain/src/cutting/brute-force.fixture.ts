// Test fixture: the fewest bars for a small 1D instance by trying every assignment, independent of
// the optimiser (used by the LP and optimiser tests as the true optimum).

/** Fewest bars of `capacity` holding every item; bars with equal loads are tried once per item. */
export function bruteForceBars(items: readonly number[], capacity: number): number {
  const sorted = [...items].sort((a, b) => b - a);
  let best = sorted.length;
  const loads: number[] = [];
  const place = (i: number): void => {
    if (loads.length >= best) return;
    if (i === sorted.length) {
      best = loads.length;
      return;
    }
    const s = sorted[i] as number;
    const tried = new Set<number>();
    for (let b = 0; b < loads.length; b++) {
      const l = loads[b] as number;
      if (l + s > capacity || tried.has(l)) continue;
      tried.add(l);
      loads[b] = l + s;
      place(i + 1);
      loads[b] = l;
    }
    loads.push(s);
    place(i + 1);
    loads.pop();
  };
  place(0);
  return best;
}

/** Process CPU time in ms: the clock the optimiser's time limit is tested against. */
export const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** Distinct sizes with demands from a plain LCG (the tests' own generator, independent of the optimiser). */
export function lcgInstance(
  n: number,
  lo: number,
  hi: number,
  seed: number,
): { sizes: number[]; demand: number[]; items: number[] } {
  let state = seed;
  const items: number[] = [];
  for (let k = 0; k < n; k++) {
    state = (state * 1103515245 + 12345) % 2147483648;
    items.push(lo + (state % (hi - lo + 1)));
  }
  const map = new Map<number, number>();
  for (const s of items) map.set(s, (map.get(s) ?? 0) + 1);
  const sizes = [...map.keys()].sort((a, b) => b - a);
  return { sizes, demand: sizes.map((s) => map.get(s) as number), items };
}
