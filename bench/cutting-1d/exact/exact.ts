// Exact check of BPPLIB instances with Debian's CBC on the arc-flow model (arc-flow.ts), to tell
// which instances have an optimum above their rounded-up LP bound (lp-bounds.csv). Bench tool only.
//   bench/cutting-1d/exact/run.sh --only Hard28_BPP178,Hard28_BPP47 --limit 600
//   bench/cutting-1d/exact/run.sh --only Waescher_TEST0022 --free --limit 120
//   bench/cutting-1d/exact/run.sh --tiny
// Default: "bars ≤ lp_bound" added, so CBC either finds a plan at the bound or proves there is none
// (the optimum is above it). --free: no limit, minimise the bars. --limit: CBC seconds (wall) per
// instance. --compress: the smaller equivalent graph (compress in arc-flow.ts). --tiny: small random instances whose optimum a brute force knows: CBC must find a plan
// at the optimum and prove "bars ≤ optimum - 1" infeasible. Every plan CBC returns is read back
// and checked (planFromFlows). Rows are appended to results.csv next to this script.
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bruteForceBars } from '../../../packages/domain/src/cutting/brute-force.fixture.ts';
import { arg, bpplibRoot, files, parse, sizesAndDemand } from '../instances.ts';
import { type ArcFlowGraph, buildGraph, compress, lpText, planFromFlows } from './arc-flow.ts';

interface CbcRun {
  status: string;
  best?: number;
  bound?: number;
  seconds: number;
  flows?: number[];
}

const work = mkdtempSync(join(tmpdir(), 'arcflow-'));

/** Runs CBC on the model and reads its result line, best integer, bound, time and flows. */
function runCbc(g: ArcFlowGraph, maxBars: number | undefined, limit: number): CbcRun {
  const lpPath = join(work, 'model.lp');
  const solPath = join(work, 'model.sol');
  writeFileSync(lpPath, lpText(g, maxBars));
  if (existsSync(solPath)) writeFileSync(solPath, '');
  const t0 = Date.now();
  const r = spawnSync(
    'cbc',
    [lpPath, '-timeMode', 'elapsed', '-sec', String(limit), '-solve', '-solu', solPath],
    {
      encoding: 'utf8',
      maxBuffer: 1 << 28,
    },
  );
  const seconds = (Date.now() - t0) / 1000;
  const log = `${r.stdout ?? ''}${r.stderr ?? ''}`;
  const result = /Result - (.*)/.exec(log)?.[1]?.trim() ?? /Problem is infeasible/.exec(log)?.[0];
  let status = 'unknown';
  if (result === undefined) status = `no result (exit ${r.status}): ${log.slice(-300)}`;
  else if (/infeasible/i.test(result)) status = 'infeasible';
  else if (/Optimal/i.test(result)) status = 'optimal';
  else if (/time limit/i.test(result)) status = 'time out';
  else status = result;
  const num = (re: RegExp): number | undefined => {
    const m = re.exec(log);
    return m ? Number(m[1]) : undefined;
  };
  const run: CbcRun = { status, seconds, bound: num(/Lower bound:\s+([-\d.e+]+)/) };
  const text = existsSync(solPath) ? readFileSync(solPath, 'utf8') : '';
  if (/^(Optimal|Stopped on time|Stopped on iterations)/.test(text) && !/no integer|infeasible/i.test(text)) {
    const flows = new Array<number>(g.arcs.length).fill(0);
    for (const line of text.split('\n').slice(1)) {
      const [, name, value] = line.trim().split(/\s+/);
      if (name === 'z') run.best = Math.round(Number(value));
      else if (name?.startsWith('x')) flows[Number(name.slice(1))] = Number(value);
    }
    if (run.best !== undefined) run.flows = flows;
  }
  if (status === 'optimal' && run.bound === undefined) run.bound = run.best;
  return run;
}

/** CBC on one instance; the plan, if any, checked; one printed and recorded row. */
function check(name: string, capacity: number, items: number[], lpBound: number, maxBars?: number): CbcRun {
  const { sizes, demand } = sizesAndDemand(items);
  const full = buildGraph(capacity, sizes, demand);
  const g = compressed ? compress(full) : full;
  const run = runCbc(g, maxBars, limit);
  let plan = '';
  if (run.flows) {
    const bars = planFromFlows(g, run.flows, items);
    if (bars.length > (run.best ?? 0))
      throw new Error(`${name}: ${bars.length} bars read back, CBC said ${run.best}`);
    plan = `${bars.length} bars checked`;
  }
  const row = [
    name,
    items.length,
    capacity,
    g.nodes.length,
    g.arcs.length,
    lpBound,
    `${maxBars === undefined ? 'free' : `<=${maxBars}`}${compressed ? ' compressed' : ''}`,
    run.status,
    run.best ?? '',
    run.bound ?? '',
    run.seconds.toFixed(1),
    plan,
  ];
  console.log(row.join('\t'));
  if (!name.startsWith('tiny')) {
    const out = join(import.meta.dirname, 'results.csv');
    if (!existsSync(out))
      writeFileSync(out, 'file,n,capacity,nodes,arcs,lp_bound,limit,status,best,bound,seconds,plan,load\n');
    appendFileSync(out, `${[...row, loadAverage()].join(',')}\n`);
  }
  return run;
}

const loadAverage = (): string => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

const limit = Number(arg('--limit') ?? 600);
const compressed = process.argv.includes('--compress');
console.log(
  ['instance', 'n', 'C', 'nodes', 'arcs', 'lp_bound', 'limit', 'status', 'best', 'bound', 's', 'plan'].join(
    '\t',
  ),
);

if (process.argv.includes('--tiny')) {
  // Small random instances (a fixed LCG), optimum by brute force.
  let seed = 12345;
  const rnd = (): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  for (let t = 0; t < 6; t++) {
    const capacity = 20 + Math.floor(rnd() * 80);
    const items = Array.from(
      { length: 8 + Math.floor(rnd() * 5) },
      () => 1 + Math.floor(rnd() * (capacity - 1)),
    );
    const opt = bruteForceBars(items, capacity);
    const a = check(`tiny${t} opt=${opt}`, capacity, items, opt, opt);
    const b = check(`tiny${t} opt=${opt}`, capacity, items, opt, opt - 1);
    if (a.status !== 'optimal' || a.best !== opt || b.status !== 'infeasible')
      throw new Error(`tiny${t}: CBC disagrees with the brute force (optimum ${opt})`);
  }
  console.log('tiny: CBC agrees with the brute force on 6 instances');
} else {
  const only = (arg('--only') ?? '').split(',').filter((s) => s.length > 0);
  if (only.length === 0)
    throw new Error('--only <text,...> (instances whose path contains a text) or --tiny');
  const root = bpplibRoot();
  const bounds = new Map<string, number>();
  for (const line of readFileSync(join(import.meta.dirname, '../lp-bounds.csv'), 'utf8')
    .split('\n')
    .slice(1)) {
    const c = line.split(',');
    if (c.length > 5) bounds.set(c[0] as string, Number(c[5]));
  }
  const free = process.argv.includes('--free');
  for (const path of files(root)) {
    const file = path.slice(root.length + 1);
    if (!only.some((o) => file.includes(o))) continue;
    const lpBound = bounds.get(file);
    if (lpBound === undefined) throw new Error(`${file}: not in lp-bounds.csv`);
    const { capacity, sizes } = parse(path);
    check(file, capacity, sizes, lpBound, free ? undefined : lpBound);
  }
}
