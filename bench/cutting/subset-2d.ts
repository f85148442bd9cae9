// Quick 2D comparison on a subset of the instance/modes that the committed results-2d.csv has
// above the best known (every `step`-th one from `offset`), for trying optimiser changes.
//   npx tsx bench/cutting/subset-2d.ts [--time 1000] [--step 3] [--offset 0] [--all] [--wall] [-v]
// By default the optimiser's clock is this process's CPU time (setCutClock), so two variants can
// be compared on a loaded machine; --wall uses wall-clock time as the real benchmark does.
// --all samples every step-th of all 1 000 instance/modes instead of the gap ones.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setCutClock } from '../../packages/domain/src/cutting/prng.ts';
import { optimize2d } from '../../packages/domain/src/cutting/two-d.ts';
import type { Cut2dInput } from '../../packages/domain/src/cutting/types.ts';
import { validatePlan2d } from '../../packages/domain/src/cutting/validate.ts';
import { loadInstances2d } from './instances-2d.ts';

const args = process.argv.slice(2);
const arg = (name: string, dflt: number): number => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : dflt;
};
const time = arg('--time', 1000);
const step = arg('--step', 3);
const offset = arg('--offset', 0);
const cpu = !args.includes('--wall');
const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
if (cpu) setCutClock(cpuMs);
const clock = (): number => (cpu ? cpuMs() : performance.now());

const rows = readFileSync(join(import.meta.dirname, 'results-2d.csv'), 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((l) => l.split(','));
const pool = args.includes('--all') ? rows : rows.filter((c) => Number(c[2]) > Number(c[9]));
const pick = pool.filter((_, i) => i % step === offset);
const instances = new Map(loadInstances2d().map((i) => [i.path, i]));
let before = 0;
let ours = 0;
let best = 0;
let over = 0;
let invalid = 0;
for (const c of pick) {
  const inst = instances.get(c[0] as string);
  if (!inst) continue;
  const rotate = c[1] === 'true';
  const input: Cut2dInput = {
    kind: '2d',
    kerf: 0,
    trim: { left: 0, right: 0, top: 0, bottom: 0 },
    stock: [{ id: 's', width: inst.width, height: inst.height, quantity: null }],
    pieces: inst.items.map((p) => ({
      id: p.id,
      width: p.width,
      height: p.height,
      quantity: p.copies,
      rotate,
    })),
    timeLimitMs: time,
    seed: 1,
    stageLimit: 3,
    firstCut: 'horizontal',
  };
  const t0 = clock();
  const plan = optimize2d(input);
  const ms = clock() - t0;
  if (ms > time) over++;
  const bad = validatePlan2d(input, plan).length > 0;
  if (bad) invalid++;
  before += Number(c[2]);
  best += Number(c[9]);
  ours += plan.layouts.length;
  if (args.includes('-v'))
    console.log(c[0], rotate, c[2], plan.layouts.length, c[9], Math.round(ms), bad ? 'INVALID' : '');
}
console.log(
  `pairs ${pick.length}: csv ${before}, now ${ours}, best known ${best}; over the limit ${over}; invalid ${invalid}`,
);
