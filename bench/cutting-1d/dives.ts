// Times the 1D LP dive alone (`lp-dive-1d.ts`) on the BPPLIB sets: per instance the LP is solved
// to its end, then dives are repeated (the first plain, the others randomised, as the optimiser
// does) for a given CPU time, aiming at the LP bound rounded up; counts the instances where a dive
// reached it. No schedule, no other search. --dives N: N dives per instance (or fewer, up to the
// first at the bound) whatever they take: no clock but the exact search a dive may finish its last
// few bars with (20 ms each), so nearly the same dives in every run, and a change to the dive shows
// in the count and in the CPU ms per dive apart from the machine's load.
// --optimum: the LP goes on past its rounded bound to its optimum first (as the optimiser does).
//   npx tsx bench/cutting-1d/dives.ts --set Hard28 [--time 400 | --dives 15] [--backtrack 0] [--only BPP13]
import { join } from 'node:path';
import { solveCuttingLp } from '../../packages/domain/src/cutting/column-generation.ts';
import { DIVE_BACKTRACK_LPS, lpDive1d } from '../../packages/domain/src/cutting/lp-dive-1d.ts';
import { createRng } from '../../packages/domain/src/cutting/prng.ts';
import { arg, bpplibRoot, cpuMs, files, parse, SETS, sizesAndDemand } from './instances.ts';

const only = arg('--set');
const name = arg('--only');
const timeMs = Number(arg('--time') ?? 400);
const backtrack = Number(arg('--backtrack') ?? DIVE_BACKTRACK_LPS);
const maxDives = arg('--dives') === undefined ? null : Number(arg('--dives'));
const never = (): boolean => false;
const optimum = process.argv.includes('--optimum');

console.log(
  `Dives alone: ${maxDives === null ? `${timeMs} ms CPU` : `${maxDives} dives`} per instance after the LP, going back: ${backtrack} LP solves.`,
);
console.log(
  '| set | instances | dives at ⌈LP⌉ | dives (all instances) | mean LP ms | CPU ms per dive | instances reached |',
);
console.log('|---|---:|---:|---:|---:|---:|---|');
for (const set of SETS) {
  if (only && !set.name.toLowerCase().includes(only.toLowerCase())) continue;
  let n = 0;
  let dives = 0;
  let lpMs = 0;
  let diveMs = 0;
  const reached: string[] = [];
  for (const path of files(join(bpplibRoot(), set.dir))) {
    if (name && !path.includes(name)) continue;
    const { capacity, sizes: items } = parse(path);
    const { sizes, demand } = sizesAndDemand(items);
    const t0 = cpuMs();
    let lp = solveCuttingLp(sizes, demand, [{ capacity, cost: 1 }], t0 + 10_000, cpuMs);
    // --optimum: column generation on past its rounded bound to the LP optimum (50 ms at most).
    const optimal = optimum && lp?.model ? lp.model.solve(cpuMs() + 50, cpuMs, true) : null;
    if (lp?.model && optimal) lp = { ...optimal, model: lp.model };
    lpMs += cpuMs() - t0;
    n++;
    if (!lp) continue;
    const target = Math.ceil(lp.bound - 1e-6);
    const rng = createRng(1);
    const end = maxDives === null ? cpuMs() + timeMs : Number.POSITIVE_INFINITY;
    const d0 = cpuMs();
    let best = Number.POSITIVE_INFINITY;
    for (let k = 0; best > target && (maxDives === null ? cpuMs() < end : k < maxDives); k++) {
      const input = { sizes, demand, capacity, target };
      const bars = lpDive1d(input, lp, rng, end, cpuMs, never, k > 0, backtrack);
      dives++;
      if (bars) best = Math.min(best, bars.length);
    }
    diveMs += cpuMs() - d0;
    if (best <= target) reached.push((path.split('/').pop() as string).replace(/\.txt$/, ''));
  }
  console.log(
    `| ${set.name} | ${n} | ${reached.length} | ${dives} | ${(lpMs / Math.max(1, n)).toFixed(0)} | ${(diveMs / Math.max(1, dives)).toFixed(1)} | ${reached.join(' ')} |`,
  );
}
