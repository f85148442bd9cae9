/**
 * Server code A against server code B in one process, on one database, under the same machine
 * load: the server thread's CPU per posting (issue 21, the Node side of a posting).
 *
 *   source scripts/test-env.sh
 *   node --import tsx bench/inventory/ab-server.ts --trees b761127,483b99b --clients 8 --window 1 --rounds 30
 *
 * Each tree is a commit's `apps/server` and `packages/domain`, extracted with `git archive` under
 * tmp/ab/<commit> (`worktree` is the working tree as it is). Every tree's application listens on
 * its own port; the posting load (http-load.ts: one-line receipts, keep-alive) goes to one tree for
 * `--window` seconds, then to the next, round after round (the order reversed every other round),
 * and the CPU time of this process's main thread (/proc/self/task/<pid>/schedstat, nanoseconds)
 * during a window is charged to that tree. On a shared machine the windows see the same load on
 * average, which separate runs minutes apart do not. The database is created by the working tree's
 * migrations, so the trees must agree with its schema. `--keys`: every posting carries an
 * Idempotency-Key of its own, as the web app's do.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { numberArg, requireDatabaseUrl } from './cli.ts';
import { runHttpClients } from './http-load.ts';
import { seedPostingCompany } from './posting-company.ts';
import { postgresCpuMs } from './raw-posting.ts';

const CLIENTS = numberArg('clients', 8);
const WINDOW = numberArg('window', 1);
const ROUNDS = numberArg('rounds', 20);
const treesArg = process.argv[process.argv.indexOf('--trees') + 1];
if (!process.argv.includes('--trees') || !treesArg)
  throw new Error('--trees <commit|worktree>,<commit|worktree>');
requireDatabaseUrl('source scripts/test-env.sh first.');

const repo = resolve(import.meta.dirname, '../..');

/** The directory whose apps/server is the tree's server code. */
function extract(tree: string): string {
  if (tree === 'worktree') return repo;
  const commit = execFileSync('git', ['rev-parse', '--short', tree], { cwd: repo, encoding: 'utf8' }).trim();
  const dir = join(repo, 'tmp', 'ab', commit);
  if (!existsSync(join(dir, 'apps'))) {
    mkdirSync(dir, { recursive: true });
    const archive = execFileSync(
      'git',
      ['archive', commit, 'apps/server', 'packages/domain', 'apps/web/public/locales'],
      {
        cwd: repo,
        maxBuffer: 1 << 30,
      },
    );
    execFileSync('tar', ['-x', '-C', dir], { input: archive });
    // The tree's server imports its own @erp/domain; every other package resolves from the repository.
    mkdirSync(join(dir, 'node_modules', '@erp'), { recursive: true });
    symlinkSync('../../packages/domain', join(dir, 'node_modules', '@erp', 'domain'));
  }
  return dir;
}

type Harness = typeof import('../../apps/server/src/test/harness.ts');
type Keyring = typeof import('../../apps/server/src/security/keyring.ts');
type DatabaseModule = typeof import('../../apps/server/src/db/database.ts');

const keyDir = mkdtempSync(join(tmpdir(), 'ab-server-'));
const trees = [];
for (const name of treesArg.split(',')) {
  const dir = extract(name);
  const harness = (await import(join(dir, 'apps/server/src/test/harness.ts'))) as Harness;
  const keyring = (await import(join(dir, 'apps/server/src/security/keyring.ts'))) as Keyring;
  const database = (await import(join(dir, 'apps/server/src/db/database.ts'))) as DatabaseModule;
  keyring.initKeyring({ env: process.env, dataDir: keyDir, production: false });
  trees.push({
    name,
    harness,
    database,
    cpuNs: 0,
    done: 0,
    pgMs: 0,
    windows: [] as number[],
    p95: [] as number[],
  });
}

const own = (await import(join(repo, 'apps/server/src/test/harness.ts'))) as Harness;
const testDb = await own.createTestDatabase();
const bases: string[] = [];
const apps = [];
for (const tree of trees) {
  // Each tree gets a pool of its own, opened by its own code. On one shared pool the trees' named
  // statements (db/prepared.ts: erp_prepared_1, _2, ... in the order each tree first runs them) met
  // on the same connections: once the two trees' texts differed, the second tree ran the first
  // one's statement under its name and every posting failed with 500.
  const database = await tree.database.openPostgres(testDb.url as string);
  const t = await tree.harness.startTestApp({
    testDb: { ...testDb, database, drop: () => database.close() },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  bases.push(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
  apps.push(t);
}
const user = await own.signUp((apps[0] as (typeof apps)[number]).app);
const admin = new pg.Client({ connectionString: testDb.url as string });
await admin.connect();
const { locationId, itemIds } = await seedPostingCompany(admin, user.id);

const threadCpuNs = () =>
  Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]);
let offset = 0;
const post = (i: number, seconds: number) => {
  offset += 997;
  return runHttpClients({
    bases: [bases[i] as string],
    cookie: user.cookie,
    locationId,
    itemIds,
    clients: CLIENTS,
    seconds,
    offset,
    idempotencyKeys: process.argv.includes('--keys'),
  });
};

for (let i = 0; i < trees.length; i++) await post(i, 2); // warm-up
// The first tree's warm-up ran on a company with no postings yet, and its connections kept the
// plans PostgreSQL chose then (named statements and the triggers' statements, cached per
// connection): that tree then cost 33-65 % more PostgreSQL CPU per posting than an identical tree
// after it (README, session 15). ANALYZE with the warm-up's rows invalidates every cached plan of
// these tables, so each tree's connections plan again on the same statistics.
await admin.query('analyze');
for (let i = trees.length - 1; i >= 0; i--) await post(i, 1);
const load0 = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
for (let round = 0; round < ROUNDS; round++) {
  const order = trees.map((_, i) => i);
  if (round % 2) order.reverse();
  for (const i of order) {
    const tree = trees[i] as (typeof trees)[number];
    const pg0 = await postgresCpuMs(admin);
    const cpu0 = threadCpuNs();
    const result = await post(i, WINDOW);
    const cpu = threadCpuNs() - cpu0;
    const pg1 = await postgresCpuMs(admin);
    if (result.failed) throw new Error(`${tree.name}: ${result.failed} postings failed`);
    tree.cpuNs += cpu;
    tree.done += result.done;
    tree.pgMs += (pg1 ?? 0) - (pg0 ?? 0);
    tree.windows.push(cpu / 1000 / Math.max(1, result.done));
    tree.p95.push(result.p95);
  }
}
const load1 = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
console.log(
  `${CLIENTS} clients${process.argv.includes('--keys') ? ' with Idempotency-Keys' : ''}, ${ROUNDS} rounds of ${WINDOW} s per tree, load average ${load0} at the start, ${load1} at the end`,
);
console.log(
  '| tree | postings | postings/s | server thread µs per posting | windows: median (min-max) | PostgreSQL ms per posting | p95 ms (median window) |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|');
for (const tree of trees)
  console.log(
    `| ${tree.name} | ${tree.done} | ${(tree.done / (ROUNDS * WINDOW)).toFixed(1)} | ${(tree.cpuNs / 1000 / tree.done).toFixed(0)} | ${median(tree.windows).toFixed(0)} (${Math.min(...tree.windows).toFixed(0)}-${Math.max(...tree.windows).toFixed(0)}) | ${(tree.pgMs / tree.done).toFixed(2)} | ${median(tree.p95).toFixed(1)} |`,
  );
await admin.end();
for (const t of apps) {
  await t.app.close();
  await t.testDb.drop(); // the tree's own pool
}
await testDb.drop();
process.exit(0);
