/**
 * The demo company as a background job, and the dashboard's calls on the company it fills.
 *
 * 1. POST /api/demo queues the fill; the job runner works it off in this process while the web's
 *    poll (GET /api/jobs/:id, every 250 ms as one more client) is timed: how long each poll waited,
 *    when the first progress above 0 % was seen, how many distinct progress values were seen.
 * 2. On the filled company: GET /api/dashboard (the tiles and the chart) and
 *    GET /api/team/activity?limit=10 (the activity card), each called `--calls` times one after the
 *    other after five warm-up calls: p50, p95, max.
 *
 * Every request goes through the whole application (Fastify's inject: routing, session check,
 * company transaction with RLS, serialisation), without the network. PGlite by default (what
 * `npm start` runs); PostgreSQL when TEST_DATABASE_URL is set.
 *
 *   npx tsx bench/dashboard/run.ts [--calls 200]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

process.env.JOBS = 'off';
const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const CALLS = arg('calls', 200);

const { signUp, startTestApp } = await import('../../apps/server/src/test/harness.ts');
const { initKeyring } = await import('../../apps/server/src/security/keyring.ts');
const dataDir = mkdtempSync(join(tmpdir(), 'erp-bench-dashboard-'));
initKeyring({ env: { ...process.env, DATA_DIR: dataDir }, dataDir, production: false });
const { runDueJobs } = await import('../../apps/server/src/jobs/runner.ts');

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.max(0, Math.ceil(p * s.length) - 1)] as number;
};
const ms = (n: number) => `${n.toFixed(0)} ms`;

const t = await startTestApp();
try {
  const owner = await signUp(t.app);
  const headers = { cookie: owner.cookie };
  const load = loadavg()[0]?.toFixed(1);

  // 1. The fill as a job, polled.
  const queued = await t.app.inject({ method: 'POST', url: '/api/demo', headers });
  if (queued.statusCode !== 202) throw new Error(`POST /api/demo: ${queued.statusCode} ${queued.body}`);
  const jobUrl = `/api/jobs/${queued.json().job_id}`;
  const started = performance.now();
  const running = runDueJobs({ db: t.deps.db });
  const polls: { at: number; ms: number; progress: number }[] = [];
  let status = 'queued';
  while (status !== 'done' && status !== 'failed') {
    const asked = performance.now();
    const job = (await t.app.inject({ method: 'GET', url: jobUrl, headers })).json();
    status = job.status;
    const answered = performance.now();
    polls.push({ at: answered - started, ms: answered - asked, progress: Number(job.progress) });
    if (status === 'failed') throw new Error(`demo job failed: ${job.error}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  await running;
  const fillMs = performance.now() - started;
  const firstProgress = polls.find((p) => p.progress > 0 && p.progress < 1);
  const distinct = new Set(polls.map((p) => p.progress).filter((p) => p > 0 && p < 1)).size;
  const pollMs = polls.map((p) => p.ms);

  // 2. The dashboard's calls on the filled company.
  const time = async (url: string) => {
    for (let i = 0; i < 5; i++) await t.app.inject({ method: 'GET', url, headers });
    const xs: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      const t0 = performance.now();
      const res = await t.app.inject({ method: 'GET', url, headers });
      xs.push(performance.now() - t0);
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode}`);
    }
    return xs;
  };
  const dashboard = await time('/api/dashboard');
  const activity = await time('/api/team/activity?limit=10');

  const db = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  console.log(
    `Database ${db}, Node ${process.version}, ${cpus().length} cores, load average ${load} at start.\n`,
  );
  console.log('| Demo fill as a job | Value |');
  console.log('|---|---|');
  console.log(`| whole fill (queued → done) | ${(fillMs / 1000).toFixed(1)} s |`);
  console.log(`| first progress above 0 % answered after | ${firstProgress ? ms(firstProgress.at) : '—'} |`);
  console.log(`| distinct progress values seen (0 < p < 1) | ${distinct} |`);
  console.log(
    `| poll answered in: p50 / p95 / max (${polls.length} polls) | ${ms(percentile(pollMs, 0.5))} / ${ms(percentile(pollMs, 0.95))} / ${ms(Math.max(...pollMs))} |`,
  );
  console.log('');
  console.log(`| Call on the demo company (${CALLS} calls) | p50 | p95 | max |`);
  console.log('|---|---|---|---|');
  for (const [name, xs] of [
    ['GET /api/dashboard', dashboard],
    ['GET /api/team/activity?limit=10', activity],
  ] as const)
    console.log(
      `| ${name} | ${ms(percentile(xs, 0.5))} | ${ms(percentile(xs, 0.95))} | ${ms(Math.max(...xs))} |`,
    );
} finally {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
}
