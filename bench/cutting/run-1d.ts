// 1D benchmark: our optimiser vs first-fit-decreasing vs the lower bound on generated
// Falkenauer-style instances (seeded, see generate-1d.ts).
//   npx tsx bench/cutting/run-1d.ts [--seeds 5] [--time 1000]
import { l2Bound1d } from '../../packages/domain/src/cutting/bounds-1d.ts';
import { optimize1d } from '../../packages/domain/src/cutting/one-d.ts';
import type { Cut1dInput } from '../../packages/domain/src/cutting/types.ts';
import { validatePlan1d } from '../../packages/domain/src/cutting/validate.ts';
import {
  type Instance1d,
  TRIPLET_SIZES,
  tripletInstance,
  UNIFORM_SIZES,
  uniformInstance,
} from './generate-1d.ts';
import { writeSection } from './results.ts';

const args = process.argv.slice(2);
const arg = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const seeds = Number(arg('--seeds') ?? 5);
const timeMs = Number(arg('--time') ?? 1000);

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
  group: string;
  name: string;
  n: number;
  ours: number;
  ffd: number;
  bound: number;
  ms: number;
  valid: boolean;
};

function run(inst: Instance1d, group: string): Row {
  const input: Cut1dInput = {
    kind: '1d',
    kerf: 0,
    trim: { head: 0, tail: 0 },
    stock: [{ id: 'bar', length: inst.capacity, quantity: null }],
    pieces: inst.sizes.map((length, i) => ({ id: `p${i}`, length, quantity: 1 })),
    timeLimitMs: timeMs,
    seed: 1,
  };
  const plan = optimize1d(input);
  return {
    group,
    name: inst.name,
    n: inst.sizes.length,
    ours: plan.layouts.length,
    ffd: firstFitDecreasing(inst.sizes, inst.capacity),
    // The reported bound is max(L2, LP); for triplets the optimum n/3 is known by construction.
    bound: Math.max(plan.lowerBound, inst.optimum ?? 0, l2Bound1d(inst.sizes, inst.capacity)),
    ms: plan.timeMs,
    valid: validatePlan1d(input, plan).length === 0,
  };
}

const rows: Row[] = [];
for (const n of UNIFORM_SIZES)
  for (let s = 1; s <= seeds; s++) rows.push(run(uniformInstance(n, s), `uniform n=${n}`));
for (const n of TRIPLET_SIZES)
  for (let s = 1; s <= seeds; s++) rows.push(run(tripletInstance(n, s), `triplet n=${n}`));

const lines: string[] = [];
lines.push(
  `Command: \`npx tsx bench/cutting/run-1d.ts${args.length ? ` ${args.join(' ')}` : ''}\` (${seeds} seeds per size, ${timeMs} ms per instance).`,
);
lines.push('');
lines.push(
  '| group | instances | lower bound (sum) | **ours** | first-fit-decreasing | at bound | ours vs bound | mean ms | invalid |',
);
lines.push('|---|---|---|---|---|---|---|---|---|');
const groups = [...new Set(rows.map((r) => r.group))];
const sum = (rs: Row[], f: (r: Row) => number): number => rs.reduce((a, r) => a + f(r), 0);
for (const g of [...groups, 'all uniform', 'all triplet']) {
  const rs = g.startsWith('all ')
    ? rows.filter((r) => r.group.startsWith(g.slice(4)))
    : rows.filter((r) => r.group === g);
  const b = sum(rs, (r) => r.bound);
  const o = sum(rs, (r) => r.ours);
  lines.push(
    `| ${g} | ${rs.length} | ${b} | **${o}** | ${sum(rs, (r) => r.ffd)} | ${rs.filter((r) => r.ours === r.bound).length}/${rs.length} | +${(((o - b) / b) * 100).toFixed(2)} % | ${Math.round(sum(rs, (r) => r.ms) / rs.length)} | ${rs.filter((r) => !r.valid).length} |`,
  );
}
const table = lines.join('\n');
process.stdout.write(`${table}\n`);
writeSection('1d', table);
