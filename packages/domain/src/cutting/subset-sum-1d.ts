// Fullest subset of a few lengths within one bar: a subset-sum over the bar length on bitsets
// (32 lengths per machine word, one shift-or per candidate), so a long bar costs capacity / 32 per
// candidate instead of capacity (Scholl 3: bar 100 000). One bitset per candidate is kept to read
// the chosen subset back.

/** Returns fullest(sizes, take): the largest total <= capacity of a subset; marks it in `take`. */
export function createSubsetSum(
  capacity: number,
  maxItems: number,
): (sizes: readonly number[], take: Uint8Array) => number {
  const words = (capacity >>> 5) + 1;
  let rows = new Uint32Array((maxItems + 1) * words);
  return (sizes, take) => {
    const n = sizes.length;
    if (rows.length < (n + 1) * words) rows = new Uint32Array((n + 1) * words);
    rows.fill(0, 0, words);
    rows[0] = 1;
    let used = 0;
    for (let j = 0; j < n; j++) {
      const s = sizes[j] as number;
      const src = j * words;
      const dst = src + words;
      const ws = s >>> 5;
      const bs = s & 31;
      for (let i = 0; i < words; i++) {
        let shifted = 0;
        if (i >= ws) {
          shifted = bs === 0 ? (rows[src + i - ws] as number) : (rows[src + i - ws] as number) << bs;
          if (bs !== 0 && i > ws) shifted |= (rows[src + i - ws - 1] as number) >>> (32 - bs);
        }
        rows[dst + i] = (rows[src + i] as number) | shifted;
      }
      used = j + 1;
      if (bit(rows, dst, capacity)) break;
    }
    let best = capacity;
    const last = used * words;
    while (best > 0 && !bit(rows, last, best)) best--;
    take.fill(0, 0, n);
    let c = best;
    for (let j = used - 1; j >= 0 && c > 0; j--) {
      // Reachable without candidate j: leave it out; else it is in the subset.
      if (bit(rows, j * words, c)) continue;
      take[j] = 1;
      c -= sizes[j] as number;
    }
    return best;
  };
}

function bit(rows: Uint32Array, base: number, c: number): boolean {
  return (((rows[base + (c >>> 5)] as number) >>> (c & 31)) & 1) === 1;
}
