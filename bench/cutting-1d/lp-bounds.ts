// The reference bound of every BPPLIB instance: the column-generation LP (the optimiser's own
// `column-generation.ts`) run to its end, without a time limit, and rounded up. It belongs to the
// instance, not to a run: `run.ts` counts the plans at it, for the optimiser and for
// first-fit-decreasing alike. Written to lp-bounds.csv (committed); rerun after an LP change:
//   nice npx tsx bench/cutting-1d/lp-bounds.ts            # every set (a few minutes of CPU)
//   npx tsx bench/cutting-1d/lp-bounds.ts --set Hard28 --out /tmp/h.csv   # one set elsewhere
// Columns: file (under the BPPLIB directory), n, capacity, ceil_sum (⌈sum/c⌉), lp_value (the LP
// value where column generation stopped), lp_bound (its proven bound rounded up: the reference),
// settled (true when the proven bound and the value round up alike, so lp_bound is ⌈LP optimum⌉).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { solveCuttingLp } from '../../packages/domain/src/cutting/column-generation.ts';
import { arg, bpplibRoot, cpuMs, files, parse, SETS, sizesAndDemand } from './instances.ts';

const only = arg('--set');
const out = arg('--out') ?? join(import.meta.dirname, 'lp-bounds.csv');
const root = bpplibRoot();

const lines = ['file,n,capacity,ceil_sum,lp_value,lp_bound,settled'];
let unsettled = 0;
for (const set of SETS) {
  if (only && !set.name.toLowerCase().includes(only.toLowerCase())) continue;
  let ms = 0;
  let worst = 0;
  const list = files(join(root, set.dir));
  for (const path of list) {
    const { capacity, sizes: items } = parse(path);
    const { sizes, demand } = sizesAndDemand(items);
    const t0 = cpuMs();
    // No time limit: the deadline is never reached.
    const lp = solveCuttingLp(sizes, demand, [{ capacity, cost: 1 }], Number.POSITIVE_INFINITY, cpuMs);
    const took = cpuMs() - t0;
    ms += took;
    worst = Math.max(worst, took);
    if (!lp) throw new Error(`${path}: no LP (an item longer than the bar?)`);
    const sum = items.reduce((a, s) => a + s, 0);
    const bound = Math.ceil(lp.bound - 1e-6);
    const settled = bound === Math.ceil(lp.value - 1e-6);
    if (!settled) unsettled++;
    lines.push(
      [
        path.slice(root.length + 1),
        items.length,
        capacity,
        Math.ceil(sum / capacity),
        lp.value.toFixed(6),
        bound,
        settled,
      ].join(','),
    );
  }
  process.stderr.write(
    `${set.name}: ${list.length} instances, LP CPU ${Math.round(ms)} ms in all, ${Math.round(worst)} ms at most\n`,
  );
}
writeFileSync(out, `${lines.join('\n')}\n`);
process.stderr.write(`${lines.length - 1} instances to ${out}; ${unsettled} not settled\n`);
