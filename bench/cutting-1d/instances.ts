// Reading BPPLIB instance files and the command line, shared by the 1D bench scripts.
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

/** The BPPLIB sets the 1D bench scripts run, in this order: display name and folder. */
export const SETS: readonly { name: string; dir: string }[] = [
  { name: 'Falkenauer U', dir: 'Falkenauer/Falkenauer_U' },
  { name: 'Falkenauer T', dir: 'Falkenauer/Falkenauer_T' },
  { name: 'Scholl 1', dir: 'Scholl/Scholl_1' },
  { name: 'Scholl 2', dir: 'Scholl/Scholl_2' },
  { name: 'Scholl 3', dir: 'Scholl/Scholl_3' },
  { name: 'Schwerin', dir: 'Schwerin' },
  { name: 'Waescher', dir: 'Waescher' },
  { name: 'Hard28', dir: 'Hard28' },
];

/** The BPPLIB directory (../shared/bench/cutting-1d-bpplib; CUTTING_1D_DIR overrides it). */
export const bpplibRoot = (): string =>
  process.env.CUTTING_1D_DIR ?? join(import.meta.dirname, '../../../shared/bench/cutting-1d-bpplib');

/** This process's CPU time in ms (user + system), the clock of the 1D bench scripts. */
export function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** The value given after `name` on the command line (`--set Hard28`), if any. */
export function arg(name: string): string | undefined {
  const args = process.argv.slice(2);
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

/** An instance's distinct sizes, longest first, and the demand of each (the LP's input). */
export function sizesAndDemand(items: readonly number[]): { sizes: number[]; demand: number[] } {
  const count = new Map<number, number>();
  for (const s of items) count.set(s, (count.get(s) ?? 0) + 1);
  const sizes = [...count.keys()].sort((a, b) => b - a);
  return { sizes, demand: sizes.map((s) => count.get(s) as number) };
}
