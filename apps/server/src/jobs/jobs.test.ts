import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, rowsOf } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { withCompany } from '../db/tenant.ts';
import { onPostgres, signUp, startTestApp, type TestApp } from '../test/harness.ts';
import { enqueueJob, getJob, type Job, PermanentJobError, registerJobHandler } from './jobs.ts';
import { claimJobs, createJobRunner, executeJob, runDueJobs } from './runner.ts';

const calls = new Map<string, number>();
const count = (id: string) => calls.get(id) ?? 0;
const bump = (id: string) => calls.set(id, count(id) + 1);

registerJobHandler('test.echo', async (job, ctx) => {
  bump(job.id);
  await ctx.reportProgress(0.5);
  // Runs under row-level security in the job's company, as the routes do.
  const seen = await ctx.withCompany(async (tx) =>
    rowsOf<{ c: string }>(await tx.execute(sql`select current_setting('app.company_id') as c`)),
  );
  return { echo: job.payload.value, company: seen[0]?.c };
});
registerJobHandler('test.flaky', async (job) => {
  bump(job.id);
  if (job.attempts < 2) throw new Error('temporary failure');
  return { ok: true };
});
registerJobHandler('test.broken', async (job) => {
  bump(job.id);
  throw new Error(`always fails ${job.attempts}`);
});
registerJobHandler('test.permanent', async (job) => {
  bump(job.id);
  throw new PermanentJobError('bad payload');
});
registerJobHandler('test.slow', async (job) => {
  bump(job.id);
  await new Promise((r) => setTimeout(r, 30));
  return null;
});

// Asks for a 10-minute lease and reports what its own claim holds while it runs.
registerJobHandler(
  'test.long-lease',
  async (job) => {
    const rows = await t.deps.database.session((q) =>
      q('select extract(epoch from locked_until - now())::int as s from jobs where id = $1', [job.id]),
    );
    return { leaseSeconds: Number(rows[0]?.s) };
  },
  { leaseMs: 600_000 },
);

let t: TestApp;
let companyId: string;
let ownerCookie: string;
const noDelay = () => 0;

async function enqueue(kind: string, payload: Record<string, unknown> = {}, runAt?: Date) {
  return withCompany(t.deps.db, { userId: companyId, companyId }, (tx) =>
    enqueueJob(tx, { companyId, kind, payload, runAt }),
  );
}
async function load(id: string): Promise<Job> {
  const job = await withCompany(t.deps.db, { userId: companyId, companyId }, (tx) => getJob(tx, id));
  if (!job) throw new Error('job not visible');
  return job;
}

describe('job runner', () => {
  beforeAll(async () => {
    process.env.JOBS = 'off';
    t = await startTestApp();
    const owner = await signUp(t.app);
    companyId = owner.id;
    ownerCookie = owner.cookie;
  });
  afterAll(async () => {
    await t.close();
  });

  it('runs a job once, with progress, result and the company context', async () => {
    const { id } = await enqueue('test.echo', { value: 'a' });
    expect((await load(id)).status).toBe('queued');
    expect(await runDueJobs(t.deps, { retryDelayMs: noDelay })).toBe(1);
    const job = await load(id);
    expect(job.status).toBe('done');
    expect(job.progress).toBe('1.0000');
    expect(job.result).toEqual({ echo: 'a', company: companyId });
    expect(job.attempts).toBe(1);
    expect(count(id)).toBe(1);
    expect(await runDueJobs(t.deps)).toBe(0);
  });

  it('a kind with a longer lease holds its claim that long while it runs', async () => {
    const { id } = await enqueue('test.long-lease');
    await runDueJobs(t.deps, { leaseMs: 60_000 });
    const job = await load(id);
    expect(job.status).toBe('done');
    // Ten minutes, not the runner's one minute (a few seconds of slack for a slow machine).
    expect((job.result as { leaseSeconds: number }).leaseSeconds).toBeGreaterThan(590);
  });

  it('retries a failed job after its back-off and records the last error until it succeeds', async () => {
    const { id } = await enqueue('test.flaky');
    await runDueJobs(t.deps, { retryDelayMs: () => 60_000 });
    let job = await load(id);
    expect(job.status).toBe('queued');
    expect(job.error).toBe('temporary failure');
    expect(new Date(job.runAt).getTime()).toBeGreaterThan(Date.now() + 50_000);
    // Not due yet: the back-off holds it.
    expect(await runDueJobs(t.deps)).toBe(0);
    await t.deps.database.session((q) => q('update jobs set run_at = now() where id = $1', [id]));
    await runDueJobs(t.deps);
    job = await load(id);
    expect(job.status).toBe('done');
    expect(job.attempts).toBe(2);
    expect(job.error).toBeNull();
  });

  it('gives up after the maximum attempts, and at once on a permanent error', async () => {
    const broken = await withCompany(t.deps.db, { userId: companyId, companyId }, (tx) =>
      enqueueJob(tx, { companyId, kind: 'test.broken', maxAttempts: 3 }),
    );
    const permanent = await enqueue('test.permanent');
    await runDueJobs(t.deps, { retryDelayMs: noDelay });
    const b = await load(broken.id);
    expect(b.status).toBe('failed');
    expect(b.attempts).toBe(3);
    expect(b.error).toBe('always fails 3');
    expect(count(broken.id)).toBe(3);
    const p = await load(permanent.id);
    expect(p.status).toBe('failed');
    expect(p.attempts).toBe(1);
  });

  it('takes over a job whose worker died once its lease expires, and fences the dead worker out', async () => {
    const { id } = await enqueue('test.echo', { value: 'lease' });
    const [claimed] = await claimJobs(t.deps.db, {
      workerId: 'dead',
      leaseMs: 60_000,
      limit: 1,
      kinds: ['test.echo'],
    });
    expect(claimed?.id).toBe(id);
    // While the lease holds nobody else takes it.
    expect(await runDueJobs(t.deps)).toBe(0);
    // The lease runs out (moved into the past rather than waited for: no timing on a loaded machine).
    await t.deps.database.session((q) =>
      q(`update jobs set locked_until = now() - interval '1 second' where id = $1`, [id]),
    );
    expect(await runDueJobs(t.deps)).toBe(1);
    const job = await load(id);
    expect(job.status).toBe('done');
    expect(job.attempts).toBe(2);
    // The "dead" worker wakes up and finishes late: its write must not change the outcome.
    if (!claimed) throw new Error('unreachable');
    await executeJob(
      { db: t.deps.db, workerId: 'dead', leaseMs: 150, retryDelayMs: noDelay },
      {
        ...claimed,
        kind: 'test.permanent',
      },
    );
    expect((await load(id)).status).toBe('done');
  });

  it('deduplicates jobs by key within a company', async () => {
    const ids = await withCompany(t.deps.db, { userId: companyId, companyId }, async (tx) => [
      await enqueueJob(tx, { companyId, kind: 'test.echo', dedupeKey: 'daily:2026-01-01' }),
      await enqueueJob(tx, { companyId, kind: 'test.echo', dedupeKey: 'daily:2026-01-01' }),
    ]);
    expect(ids[0]?.id).toBe(ids[1]?.id);
  });

  it('hides jobs of other companies and serves status over HTTP', async () => {
    const other = await signUp(t.app);
    const { id } = await enqueue('test.echo', { value: 'x' });
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/jobs/${id}`,
      headers: { cookie: ownerCookie },
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().status).toBe('queued');
    const theirs = await t.app.inject({
      method: 'GET',
      url: `/api/jobs/${id}`,
      headers: { cookie: other.cookie },
    });
    expect(theirs.statusCode).toBe(404);
    await runDueJobs(t.deps);
  });
});

describe('the runner policy', () => {
  it('is not open to request code, even with the runner flag set', async () => {
    const t2 = await startTestApp();
    const a = await signUp(t2.app);
    await withCompany(t2.deps.db, { userId: a.id, companyId: a.id }, (tx) =>
      enqueueJob(tx, { companyId: a.id, kind: 'test.echo' }),
    );
    const seen = await t2.deps.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('app.job_runner', 'on', true)`);
      await tx.execute(sql`set local role erp_app`);
      return rowsOf<{ n: string }>(await tx.execute(sql`select count(*) as n from jobs`));
    });
    expect(Number(seen[0]?.n)).toBe(0);
    await t2.close();
  });
});

describe.runIf(onPostgres)('a database owner that is not a superuser', () => {
  it('claims jobs of every company through the runner policy and sees none without it', async () => {
    const adminUrl = process.env.TEST_DATABASE_URL as string;
    const name = `erp_ns_${Date.now()}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`do $$ begin if not exists (select 1 from pg_roles where rolname = 'erp_ns_owner') then
      create role erp_ns_owner login createrole password 'ns-owner'; end if; end $$`);
    await admin.query(`create database ${name} owner erp_ns_owner`);
    const url = new URL(adminUrl);
    url.username = 'erp_ns_owner';
    url.password = 'ns-owner';
    url.pathname = `/${name}`;
    const database = await openPostgres(url.toString(), 2);
    try {
      expect(
        (await database.session((q) => q('select rolsuper from pg_roles where rolname = current_user')))[0],
      ).toEqual({
        rolsuper: false,
      });
      await migrate(database);
      const ids = [randomUUID(), randomUUID()];
      for (const id of ids)
        await database.session(async (q) => {
          await q('begin');
          await q(
            `select set_config('app.user_id', $1::text, true), set_config('app.company_id', $1::text, true)`,
            [id],
          );
          await q(
            `insert into users (id, name, email, email_verified, created_at, updated_at)
            values ($1, 'x', $2, true, now(), now())`,
            [id, `${id}@example.hr`],
          );
          await q('insert into tenants (id) values ($1)', [id]);
          await q(`insert into jobs (company_id, kind) values ($1, 'test.slow')`, [id]);
          await q('commit');
        });
      expect((await database.session((q) => q('select count(*)::int as n from jobs')))[0]).toEqual({ n: 0 });
      expect(await runDueJobs({ db: database.db })).toBe(2);
      const done = await database.session(async (q) => {
        await q('begin');
        await q(`select set_config('app.job_runner', 'on', true)`);
        const rows = await q(`select count(*)::int as n from jobs where status = 'done'`);
        await q('commit');
        return rows;
      });
      expect(done[0]).toEqual({ n: 2 });
    } finally {
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});

describe('job runner started with the app', () => {
  let app: TestApp;
  beforeAll(async () => {
    process.env.JOBS = 'on';
    app = await startTestApp();
  });
  afterAll(async () => {
    await app.close();
    process.env.JOBS = 'off';
  });

  it('wakes on NOTIFY and runs a job without anyone calling it', async () => {
    const user = await signUp(app.app);
    const started = Date.now();
    const { id } = await withCompany(app.deps.db, { userId: user.id, companyId: user.id }, (tx) =>
      enqueueJob(tx, { companyId: user.id, kind: 'test.echo', payload: { value: 'auto' } }),
    );
    let status = 'queued';
    while (status !== 'done' && Date.now() - started < 10_000) {
      await new Promise((r) => setTimeout(r, 25));
      const r = await app.app.inject({
        method: 'GET',
        url: `/api/jobs/${id}`,
        headers: { cookie: user.cookie },
      });
      status = r.json().status;
    }
    expect(status).toBe('done');
    // Well under the 5 s poll: the notification woke the runner.
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});

describe.runIf(onPostgres)('two instances on one PostgreSQL', () => {
  it('run each job exactly once', async () => {
    process.env.JOBS = 'off';
    const a = await startTestApp();
    const url = a.testDb.url;
    if (!url) throw new Error('no url');
    const second = await openPostgres(url);
    const user = await signUp(a.app);
    const ids = await withCompany(a.deps.db, { userId: user.id, companyId: user.id }, async (tx) => {
      const out: string[] = [];
      for (let i = 0; i < 40; i++)
        out.push((await enqueueJob(tx, { companyId: user.id, kind: 'test.slow' })).id);
      return out;
    });
    const r1 = createJobRunner(a.deps.database, { workerId: 'one', concurrency: 3, pollMs: 50 });
    const r2 = createJobRunner(second, { workerId: 'two', concurrency: 3, pollMs: 50 });
    await Promise.all([r1.start(), r2.start()]);
    const started = Date.now();
    let done = 0;
    while (done < ids.length && Date.now() - started < 20_000) {
      await new Promise((r) => setTimeout(r, 50));
      done = Number(
        (
          await a.deps.database.session((q) =>
            q(`select count(*) as n from jobs where kind = 'test.slow' and status = 'done'`),
          )
        )[0]?.n,
      );
    }
    await Promise.all([r1.stop(), r2.stop()]);
    const workers = await a.deps.database.session((q) =>
      q(`select count(*) as n from jobs where kind = 'test.slow' and attempts = 1 and status = 'done'`),
    );
    expect(Number(workers[0]?.n)).toBe(40);
    for (const id of ids) expect(count(id)).toBe(1);
    await second.close();
    await a.close();
  });
});
