// Reading BPPLIB instance files, shared by the 1D bench scripts (run.ts, lp-timing.ts).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** All .txt files under dir, sorted by path (a fixed order, so --step picks the same files). */
export function files(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir).sort()) {
    const p = join(dir, e);
    if (statSync(p).isDirectory()) out.push(...files(p));
    else if (e.endsWith('.txt')) out.push(p);
  }
  return out;
}

/** One instance file: item count, capacity, then the item sizes (all integers). */
export function parse(path: string): { capacity: number; sizes: number[] } {
  const nums = readFileSync(path, 'utf8')
    .split(/\s+/)
    .filter((s) => s.length > 0)
    .map((s) => {
      if (!/^\d+$/.test(s)) throw new Error(`${path}: not an integer: ${s}`);
      return Number(s);
    });
  const n = nums[0] as number;
  const sizes = nums.slice(2, 2 + n);
  if (sizes.length !== n) throw new Error(`${path}: expected ${n} items`);
  return { capacity: nums[1] as number, sizes };
}
