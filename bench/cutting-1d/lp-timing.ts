// Times the 1D optimiser's LP alone (column generation from its Gilmore–Gomory start, no pool)
// on the BPPLIB sets: CPU ms per instance (mean / median / max), pivots and pricing rounds where
// the LP reports them, and the sum of the rounded-up proven bounds. --resolves N: after each LP,
// N warm re-solves as a dive makes them (`setDemand` to a residual demand, three pieces fewer each
// time, chosen by a fixed sequence, then `solve`), timed apart: CPU ms per re-solve, and how many
// `setDemand` gave up (a dive then starts a new LP).
//   npx tsx bench/cutting-1d/lp-timing.ts [--step 4] [--set Hard28] [--only N4W1B3R8,HARD2] [--resolves 30] [--module <column-generation.ts>]
// --module loads another version of column-generation.ts (e.g. one written out by `git show
// <commit>:packages/domain/src/cutting/column-generation.ts > /tmp/cg.ts`), for before/after.
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { arg, bpplibRoot, cpuMs as cpu, files, parse, SETS, sizesAndDemand } from './instances.ts';

type Model = {
  setDemand(demand: readonly number[], deadline: number, now: () => number): boolean;
  solve(deadline: number, now: () => number): unknown;
};
type Lp = { bound: number; pivots?: number; pricings?: number; model?: Model } | null;
type Solve = (
  sizes: number[],
  demand: number[],
  stocks: { capacity: number; cost: number }[],
  deadline: number,
  now: () => number,
) => Lp;

const step = Math.max(1, Number(arg('--step') ?? 1));
const only = arg('--set');
/** Instances whose path contains one of these texts (comma-separated). */
const names = arg('--only')?.split(',');
const resolves = Number(arg('--resolves') ?? 0);
const modulePath =
  arg('--module') ?? join(import.meta.dirname, '../../packages/domain/src/cutting/column-generation.ts');
const root = bpplibRoot();
const { solveCuttingLp } = (await import(pathToFileURL(resolve(modulePath)).href)) as {
  solveCuttingLp: Solve;
};

console.log(`Module: ${modulePath}; every ${step}. instance; CPU ms per LP (limit 10 s).`);
console.log(
  `| set | instances | ms mean / median / max | pivots (mean) | pricing rounds (mean) | Σ ⌈bound⌉ |${resolves > 0 ? ' re-solve ms | gave up |' : ''}`,
);
console.log(`|---|---:|---|---:|---:|---:|${resolves > 0 ? '---:|---:|' : ''}`);
for (const { name, dir } of SETS) {
  if (only && !name.toLowerCase().includes(only.toLowerCase())) continue;
  const times: number[] = [];
  let pivots = 0;
  let pricings = 0;
  let bounds = 0;
  let resolveMs = 0;
  let resolved = 0;
  let gaveUp = 0;
  files(join(root, dir)).forEach((path, k) => {
    if (k % step !== 0 || (names && !names.some((n) => path.includes(n)))) return;
    const { capacity, sizes: items } = parse(path);
    const { sizes, demand } = sizesAndDemand(items);
    const t0 = cpu();
    const lp = solveCuttingLp(sizes, demand, [{ capacity, cost: 1 }], t0 + 10_000, cpu);
    times.push(cpu() - t0);
    pivots += lp?.pivots ?? Number.NaN;
    pricings += lp?.pricings ?? Number.NaN;
    bounds += Math.ceil((lp?.bound ?? 0) - 1e-6);
    const model = lp?.model;
    if (!model) return;
    const rest = demand.slice();
    let seed = 7;
    const r0 = cpu();
    for (let k = 0; k < resolves; k++) {
      for (let q = 0; q < 3; q++) {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        const i = seed % rest.length;
        if ((rest[i] as number) > 0) rest[i] = (rest[i] as number) - 1;
      }
      if (model.setDemand(rest, cpu() + 10_000, cpu)) model.solve(cpu() + 10_000, cpu);
      else gaveUp++;
      resolved++;
    }
    resolveMs += cpu() - r0;
  });
  const n = times.length;
  if (n === 0) continue;
  const sorted = [...times].sort((a, b) => a - b);
  const mean = times.reduce((a, b) => a + b, 0) / n;
  const fmt = (x: number): string => (Number.isNaN(x) ? '–' : x.toFixed(0));
  console.log(
    `| ${name} | ${n} | ${fmt(mean)} / ${fmt(sorted[Math.floor(n / 2)] as number)} / ${fmt(sorted[n - 1] as number)} | ${fmt(pivots / n)} | ${fmt(pricings / n)} | ${bounds} |${resolves > 0 ? ` ${(resolveMs / Math.max(1, resolved)).toFixed(1)} | ${gaveUp} of ${resolved} |` : ''}`,
  );
}
