// The exact cover by the LP optimum's tight patterns (`tight-cover-1d.ts`) alone: per instance the
// LP to its optimum (not timed), then the search for the rounded-up bound's number of bars with a
// node limit (the same work whatever the machine's load) and a CPU-time limit.
//   npx tsx bench/cutting-1d/tight.ts --set Hard28 --nodes 50000
import { basename, join } from 'node:path';
import { solveCuttingLp } from '../../packages/domain/src/cutting/column-generation.ts';
import { createRng } from '../../packages/domain/src/cutting/prng.ts';
import { tightCover1d } from '../../packages/domain/src/cutting/tight-cover-1d.ts';
import { arg, bpplibRoot, cpuMs as cpu, files, parse, sizesAndDemand } from './instances.ts';

const dir = join(bpplibRoot(), arg('--set') ?? 'Hard28');
const only = (arg('--only') ?? '').split(',');
const maxNodes = Number(arg('--nodes') ?? 50_000);
const timeMs = Number(arg('--time') ?? 10_000);
let reached = 0;
let runs = 0;
let searchMs = 0;
for (const path of files(dir)) {
  const file = basename(path);
  if (!only.some((o) => file.includes(o))) continue;
  const { capacity, sizes: items } = parse(path);
  const { sizes, demand } = sizesAndDemand(items);
  const first = solveCuttingLp(sizes, demand, [{ capacity, cost: 1 }], cpu() + 60_000, cpu);
  const lp = first?.model?.solve(cpu() + 60_000, cpu, true);
  if (!lp?.dual) continue;
  const target = Math.ceil(lp.value - 1e-6);
  const t0 = cpu();
  const bars = tightCover1d(
    { sizes, demand, capacity, target, value: lp.value, dual: lp.dual, usage: lp.usage },
    t0 + timeMs,
    cpu,
    () => false,
    createRng(Number(arg('--seed') ?? 1)),
    maxNodes,
  );
  const ms = cpu() - t0;
  searchMs += ms;
  runs++;
  if (bars) {
    // Check the plan: every piece once, every bar within the capacity, the target's number of bars.
    const cut = sizes.map(() => 0);
    for (const bar of bars) {
      let load = 0;
      bar.forEach((c, t) => {
        cut[t] = (cut[t] as number) + c;
        load += c * (sizes[t] as number);
      });
      if (load > capacity) throw new Error(`${file}: bar over capacity`);
    }
    if (bars.length > target || cut.some((c, t) => c !== demand[t])) throw new Error(`${file}: not a plan`);
    reached++;
  }
  console.log(`${file} bars ${target}: ${bars ? 'reached' : 'not reached'} in ${Math.round(ms)} ms`);
}
console.log(
  `reached ${reached} of ${runs}; search CPU ${Math.round(searchMs)} ms in all (limit ${maxNodes} nodes, ${timeMs} ms)`,
);
