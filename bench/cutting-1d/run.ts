// 1D benchmark on the published BPPLIB sets: how many instances our optimiser brings to the
// instance's rounded-up LP bound (lp-bounds.csv, computed once by lp-bounds.ts with the LP run to
// its end), next to first-fit-decreasing; and how many plans the optimiser proved optimal itself
// within its time limit.
//   npx tsx bench/cutting-1d/run.ts [--time 1000] [--step 1] [--set Hard28] [--only a,b] [--wall]
// --step k runs every k-th instance of each set (sorted by file name); --set keeps the sets whose
// name contains the text. By default the optimiser's clock is this process's CPU time, so a busy
// machine does not shorten its search (--wall: wall-clock time). Instances come from
// ../shared/bench/cutting-1d-bpplib (override with CUTTING_1D_DIR).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { optimize1d } from '../../packages/domain/src/cutting/one-d.ts';
import { setCutClock } from '../../packages/domain/src/cutting/prng.ts';
import type { Cut1dInput } from '../../packages/domain/src/cutting/types.ts';
import { validatePlan1d } from '../../packages/domain/src/cutting/validate.ts';
import { arg, bpplibRoot, cpuMs, files, parse, SETS } from './instances.ts';

const args = process.argv.slice(2);
const timeMs = Number(arg('--time') ?? 1000);
const step = Math.max(1, Number(arg('--step') ?? 1));
const per = arg('--per') === undefined ? 0 : Number(arg('--per'));
const only = arg('--set');
// --only a,b,c: just the instances whose file name contains one of the texts (e.g. the misses).
const names = (arg('--only') ?? '').split(',').filter((x) => x.length > 0);
const wall = args.includes('--wall');
const root = bpplibRoot();

if (!wall) setCutClock(cpuMs);

// The reference bound per instance (file under root -> rounded-up LP bound), from lp-bounds.csv.
const reference = new Map<string, number>();
for (const line of readFileSync(join(import.meta.dirname, 'lp-bounds.csv'), 'utf8')
  .split('\n')
  .slice(1)) {
  const cells = line.split(',');
  if (cells.length >= 7) reference.set(cells[0] as string, Number(cells[5]));
}
// Optima proven above the LP bound (exact/optima.csv: CBC on the arc-flow model, see exact/).
// No plan of such an instance can reach its LP bound; at its optimum it counts as reached.
const optimum = new Map<string, number>();
for (const line of readFileSync(join(import.meta.dirname, 'exact', 'optima.csv'), 'utf8')
  .split('\n')
  .slice(1)) {
  const cells = line.split(',');
  if (cells.length >= 3) optimum.set(cells[0] as string, Number(cells[2]));
}

/** Plain first-fit-decreasing, the baseline (written here, independent of the optimiser). */
function firstFitDecreasing(sizes: number[], capacity: number): number {
  const free: number[] = [];
  for (const s of [...sizes].sort((a, b) => b - a)) {
    const k = free.findIndex((f) => f >= s);
    if (k >= 0) free[k] = (free[k] as number) - s;
    else free.push(capacity - s);
  }
  return free.length;
}

type Row = {
  set: string;
  file: string;
  n: number;
  bound: number;
  /** the instance's rounded-up LP bound (lp-bounds.csv) */
  ref: number;
  ours: number;
  ffd: number;
  lb: number;
  ms: number;
  /** this process's CPU time for the call (what the 1 s limit is about) */
  cpuMs: number;
  valid: boolean;
};
const rows: Row[] = [];
for (const set of SETS) {
  if (only && !set.name.toLowerCase().includes(only.toLowerCase())) continue;
  const all = files(join(root, set.dir))
    .filter((_, i) => i % step === 0)
    .filter((f) => names.length === 0 || names.some((x) => f.slice(root.length).includes(x)));
  if (all.length === 0) continue;
  // --per N: N instances spread evenly over the set (all of them when it holds fewer).
  const list =
    per > 0 && all.length > per
      ? Array.from({ length: per }, (_, k) => all[Math.floor((k * all.length) / per)] as string)
      : all;
  for (const file of list) {
    const { capacity, sizes } = parse(file);
    const sum = sizes.reduce((a, s) => a + s, 0);
    const input: Cut1dInput = {
      kind: '1d',
      kerf: 0,
      trim: { head: 0, tail: 0 },
      stock: [{ id: 'bar', length: capacity, quantity: null }],
      pieces: sizes.map((length, i) => ({ id: `p${i}`, length, quantity: 1 })),
      timeLimitMs: timeMs,
      seed: 1,
    };
    const t0 = Date.now();
    const c0 = process.cpuUsage();
    const plan = optimize1d(input);
    const c1 = process.cpuUsage(c0);
    const name = file.slice(root.length + 1);
    const ref = reference.get(name);
    if (ref === undefined) throw new Error(`${name}: not in lp-bounds.csv (run lp-bounds.ts)`);
    const row: Row = {
      set: set.name,
      file: name,
      n: sizes.length,
      bound: Math.ceil(sum / capacity),
      ref,
      ours: plan.layouts.length,
      ffd: firstFitDecreasing(sizes, capacity),
      lb: plan.lowerBound,
      ms: Date.now() - t0,
      cpuMs: Math.round((c1.user + c1.system) / 1000),
      valid: validatePlan1d(input, plan).length === 0,
    };
    rows.push(row);
    process.stderr.write(
      `${row.file} n=${row.n} bound=${row.bound} ref=${row.ref} ours=${row.ours} ffd=${row.ffd} lb=${row.lb} ${row.ms}ms cpu=${row.cpuMs}ms${row.valid ? '' : ' INVALID'}\n`,
    );
  }
}

const lines: string[] = [];
lines.push(
  `Command: \`npx tsx bench/cutting-1d/run.ts${args.length ? ` ${args.join(' ')}` : ''}\` (${timeMs} ms per instance, ${wall ? 'wall-clock' : 'CPU'} time, ${per > 0 ? `at most ${per} instances per set, spread evenly` : `every ${step === 1 ? '' : `${step}th `}instance`}).`,
);
lines.push('');
lines.push(
  '| set | instances | **ours at the LP bound** | ours at the LP bound or the proven optimum above it | FFD at the LP bound | ours proven optimal | bars: LP bound / **ours** / FFD | mean wall ms | max CPU ms | invalid |',
);
lines.push('|---|---:|---:|---:|---:|---:|---|---:|---:|---:|');
const sum = (rs: Row[], f: (r: Row) => number): number => rs.reduce((a, r) => a + f(r), 0);
// At the best known bound: at the LP bound, or at the optimum CBC proved above it.
const best = (r: Row): number => Math.max(r.ref, optimum.get(r.file) ?? 0);
// Proven optimal: the plan is at the larger of ⌈sum/c⌉ and the bound the optimiser proved itself
// (L2 or its rounded-up LP) within the limit.
const proven = (r: Row): boolean => r.ours <= Math.max(r.bound, r.lb);
for (const name of [...new Set(rows.map((r) => r.set))]) {
  const rs = rows.filter((r) => r.set === name);
  lines.push(
    `| ${name} | ${rs.length} | **${rs.filter((r) => r.ours <= r.ref).length}** | ${rs.filter((r) => r.ours <= best(r)).length} | ${rs.filter((r) => r.ffd <= r.ref).length} | ${rs.filter(proven).length} | ${sum(rs, (r) => r.ref)} / **${sum(rs, (r) => r.ours)}** / ${sum(rs, (r) => r.ffd)} | ${Math.round(sum(rs, (r) => r.ms) / rs.length)} | ${Math.max(...rs.map((r) => r.cpuMs))} | ${rs.filter((r) => !r.valid).length} |`,
  );
}
const above = rows.filter((r) => r.ours > r.ref);
lines.push('');
lines.push(
  `Above the LP bound: ${above.length === 0 ? 'none' : above.map((r) => `${r.file.replace(/^.*\//, '').replace(/\.txt$/, '')} (+${r.ours - r.ref}${r.ours <= best(r) ? ', optimal: proven above the bound' : ''})`).join(', ')}.`,
);
const table = lines.join('\n');
process.stdout.write(`${table}\n`);
writeFileSync(
  join(
    import.meta.dirname,
    `results${only ? `-${only.replace(/\W+/g, '_')}` : ''}${names.length > 0 ? '-only' : ''}${per > 0 ? `-per${per}` : `-step${step}`}${timeMs === 1000 ? '' : `-${timeMs}ms`}.csv`,
  ),
  `set,file,n,bound,lp_bound,ours,ffd,our_lower_bound,ms,cpu_ms,valid\n${rows.map((r) => [r.set, r.file, r.n, r.bound, r.ref, r.ours, r.ffd, r.lb, r.ms, r.cpuMs, r.valid].join(',')).join('\n')}\n`,
);
