/**
 * Summarises a V8 CPU profile (`node --cpu-prof`): the functions with the most self time, and the
 * self time per package (node_modules/<name>, node internals, the project's own files, GC, idle).
 *
 *   npx tsx bench/inventory/summarise-profile.ts <file.cpuprofile> [--top 30] [--skip 5]
 *
 * `--skip` leaves out the first seconds of the profile (start-up: module loading, migrations).
 */
import { readFileSync } from 'node:fs';

type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

const [file, ...rest] = process.argv.slice(2);
if (!file) {
  console.error('usage: summarise-profile.ts <file.cpuprofile> [--top 30] [--skip 5]');
  process.exit(1);
}
const option = (name: string, fallback: number) => {
  const i = rest.indexOf(`--${name}`);
  return i >= 0 ? Number(rest[i + 1]) : fallback;
};
const top = option('top', 30);
const skipUs = option('skip', 0) * 1e6;
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfUs = new Map<number, number>();
let clock = 0;
for (const [i, id] of profile.samples.entries()) {
  clock += profile.timeDeltas[i] ?? 0;
  if (clock >= skipUs) selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
}

function where(url: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1] as string;
  if (url.startsWith('node:') || url === '') return 'node (internals)';
  const own = /\/(apps|packages)\/([^/]+)\//.exec(url);
  return own ? `${own[1]}/${own[2]}` : url.replace(/^file:\/\//, '');
}

const byFunction = new Map<string, number>();
const byPackage = new Map<string, number>();
for (const [id, us] of selfUs) {
  const f = (byId.get(id) as Node).callFrame;
  const name = f.functionName || '(anonymous)';
  const special = name.startsWith('(') && f.url === '';
  const fn = special
    ? name
    : `${name} ${f.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/\/work\/main\//, '')}:${f.lineNumber + 1}`;
  byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
  const pkg = special ? name : where(f.url);
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + us);
}
const total = [...selfUs.values()].reduce((a, b) => a + b, 0);
const busy = total - (byPackage.get('(idle)') ?? 0);
const line = (label: string, us: number) =>
  `${(us / 1000).toFixed(0).padStart(7)} ms ${((100 * us) / busy).toFixed(1).padStart(5)} %  ${label}`;
console.log(
  `profile ${((profile.endTime - profile.startTime) / 1e6).toFixed(1)} s, busy ${(busy / 1000).toFixed(0)} ms (percentages of busy time)`,
);
console.log('\nself time by package:');
for (const [k, v] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(line(k, v));
console.log(`\ntop ${top} functions by self time:`);
for (const [k, v] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(line(k, v));
