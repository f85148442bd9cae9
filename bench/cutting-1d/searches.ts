// The two 1D local searches alone, side by side: each starts from a first-fit-decreasing plan
// (written here) and aims straight at ceil(sum / capacity) bars, for --time ms of this process's
// CPU time, once per seed. No LP, no schedule: this measures the searches, not the optimiser.
//   npx tsx bench/cutting-1d/searches.ts --set Falkenauer_T --only t501 --time 500 --seeds 1,2,3
// --prices first solves the instance's LP (column generation, not timed) and gives the
// consistent-neighbourhood search its duals as prices, as the optimiser does once its LP has run.
// --vertices K (with --prices): the prices are the average of the LP's duals and those of K
// re-solves of the same LP with every size's demand raised by a random 0-0.001 (other vertices of
// the optimal dual face; not timed either). --walk K (with --prices): the average of the LP's duals
// and K vertices of the same face from dual simplex pivots on the LP's final basis
// (`dual-vertices-1d.ts`; --signed: directions of either sign; their CPU ms are printed, not
// counted in the search's time). --vseed S seeds the random demands or directions of both (99).
// --converge: the LP, once solved, solves the same demand again first (its bound proven afresh
// from its final basis, so column generation goes on past the rounded bound; timed, printed).
// --optimum: the LP, once solved, goes on past its rounded bound to its optimum (`solve` with
// `toOptimum`; its duals then price no pattern above its cost), before --walk, and so does each
// re-solve of --vertices; timed, printed.
// --search cns (or repack) runs one search only.
// --set is a folder under the BPPLIB directory (Falkenauer/Falkenauer_T, Waescher, Hard28, ...);
// --only keeps the files whose name contains the text.
import { basename, join } from 'node:path';
import { cnsPack1d } from '../../packages/domain/src/cutting/cns-1d.ts';
import { solveCuttingLp } from '../../packages/domain/src/cutting/column-generation.ts';
import { averageDuals, optimalDualVertices } from '../../packages/domain/src/cutting/dual-vertices-1d.ts';
import { createRng } from '../../packages/domain/src/cutting/prng.ts';
import { repack1d } from '../../packages/domain/src/cutting/repack-1d.ts';
import { arg, bpplibRoot, cpuMs as cpu, files, parse, sizesAndDemand } from './instances.ts';

const root = bpplibRoot();
const dir = join(root, arg('--set') ?? 'Waescher');
const only = arg('--only') ?? '';
const timeMs = Number(arg('--time') ?? 500);
const seeds = (arg('--seeds') ?? '1').split(',').map(Number);
const withPrices = process.argv.includes('--prices');
const vertices = Number(arg('--vertices') ?? 0);
const walk = Number(arg('--walk') ?? 0);
const signed = process.argv.includes('--signed');
const vseed = Number(arg('--vseed') ?? 99);
const converge = process.argv.includes('--converge');
const optimum = process.argv.includes('--optimum');
let optimumMs = 0;
let verticesMs = 0;
let convergeMs = 0;
let walkMs = 0;
let walkFound = 0;
const searches = Object.fromEntries(
  Object.entries({ cns: cnsPack1d, repack: repack1d }).filter(([name]) => (arg('--search') ?? name) === name),
);

const solved: Record<string, number> = { cns: 0, repack: 0 };
let runs = 0;
for (const path of files(dir)) {
  const file = basename(path);
  if (!file.includes(only)) continue;
  const { capacity, sizes: items } = parse(path);
  const n = items.length;
  const target = Math.ceil(items.reduce((a, s) => a + s, 0) / capacity);
  const order = items.map((_, i) => i).sort((a, b) => (items[b] as number) - (items[a] as number));
  const start: number[][] = [];
  const free: number[] = [];
  for (const i of order) {
    let k = free.findIndex((f) => f >= (items[i] as number));
    if (k < 0) {
      start.push([]);
      free.push(capacity);
      k = start.length - 1;
    }
    (start[k] as number[]).push(i);
    free[k] = (free[k] as number) - (items[i] as number);
  }
  let dual: number[] | undefined;
  if (withPrices) {
    const { sizes, demand } = sizesAndDemand(items);
    let lp = solveCuttingLp(sizes, demand, [{ capacity, cost: 1 }], cpu() + 60_000, cpu);
    const model = lp?.model;
    if (optimum && model) {
      // Column generation on from where it stopped, past its rounded bound to the LP optimum.
      const t0 = cpu();
      lp = model.solve(cpu() + 60_000, cpu, true) ?? lp;
      optimumMs += cpu() - t0;
    }
    if (converge && model) {
      // The same demand again: column generation proves its bound afresh from the final basis.
      const t0 = cpu();
      model.setDemand(demand, cpu() + 60_000, cpu);
      lp = model.solve(cpu() + 60_000, cpu) ?? lp;
      convergeMs += cpu() - t0;
    }
    // Every dual point found; the prices are their average.
    const points: number[][] = [sizes.map((_, t) => lp?.dual?.[t] ?? 0)];
    const perturb = createRng(vseed);
    let last = lp;
    let lastDemand = demand;
    const t1 = cpu();
    for (let k = 0; k < vertices && model; k++) {
      lastDemand = demand.map((d) => d + perturb.int(1000) / 1e6);
      model.setDemand(lastDemand, cpu() + 60_000, cpu);
      last = model.solve(cpu() + 60_000, cpu, optimum) ?? last;
      points.push(sizes.map((_, t) => last?.dual?.[t] ?? 0));
    }
    verticesMs += cpu() - t1;
    // The walk starts from the last LP solved: after re-solves, that LP's basis brought back to
    // the instance's own demand (a degenerate primal point again; column generation then stops at
    // its first pricing, the duals being nearly optimal already).
    if (walk > 0 && vertices > 0 && model) {
      lastDemand = demand;
      model.setDemand(demand, cpu() + 60_000, cpu);
      last = model.solve(cpu() + 60_000, cpu) ?? last;
    }
    if (walk > 0 && last) {
      const t0 = cpu();
      const found = optimalDualVertices(
        { sizes, demand: lastDemand, capacity, cost: 1, lp: last, patterns: last.patterns },
        walk,
        createRng(vseed),
        cpu() + 60_000,
        cpu,
        signed,
      );
      walkMs += cpu() - t0;
      walkFound += found.vertices.length;
      points.push(...found.vertices);
    }
    const prices = averageDuals(points[0] as number[], points.slice(1));
    const bySize = new Map(sizes.map((s, t) => [s, prices[t] as number]));
    dual = items.map((s) => bySize.get(s) ?? 0);
  }
  const cells: string[] = [];
  for (const seed of seeds) {
    runs++;
    for (const [name, search] of Object.entries(searches)) {
      const t0 = cpu();
      const plan = search(
        { items, capacity, target, start, dual },
        createRng(seed),
        t0 + timeMs,
        cpu,
        () => false,
      );
      const ms = Math.round(cpu() - t0);
      if (plan) {
        // Checked here: every item once, every bar within capacity.
        const seen = new Set(plan.flat());
        const ok =
          seen.size === n &&
          plan.flat().length === n &&
          plan.length <= target &&
          plan.every((bar) => bar.reduce((a, i) => a + (items[i] as number), 0) <= capacity);
        if (!ok) throw new Error(`${file}: ${name} returned an invalid plan`);
        solved[name] = (solved[name] as number) + 1;
      }
      cells.push(`${name}=${plan ? `${ms}ms` : '-'}`);
    }
  }
  process.stderr.write(`${file} target=${target} ffd=${start.length} ${cells.join(' ')}\n`);
}
process.stdout.write(
  `${dir.slice(root.length + 1)}${only ? ` (${only})` : ''}, ${timeMs} ms CPU, seeds ${seeds.join(',')}` +
    `${withPrices ? `, LP prices${vertices > 0 ? ` (${vertices + 1} vertices, ${Math.round(verticesMs)} ms)` : ''}` : ''}` +
    `${walk > 0 ? ` (walk ${walk}${signed ? ' signed' : ''}: ${walkFound} vertices, ${Math.round(walkMs)} ms)` : ''}` +
    `${vertices > 0 || walk > 0 ? `, vseed ${vseed}` : ''}` +
    `${converge ? `, converged (${Math.round(convergeMs)} ms)` : ''}` +
    `${optimum ? `, LP to its optimum (${Math.round(optimumMs)} ms)` : ''}: ` +
    `${Object.keys(searches)
      .map((name) => `${name === 'cns' ? 'consistent-neighbourhood' : 'repacking'} ${solved[name]}/${runs}`)
      .join(', ')} at ceil(sum/c)\n`,
);
