import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCompany } from '../db/tenant.ts';
import { verifyAuditChain } from '../modules/audit/audit.service.ts';
import { onPostgres, signUp, startTestApp, type TestApp } from '../test/harness.ts';
import { checkStock, purgeCompany, scopeTransaction } from './company-data.ts';
import { inTransaction } from './move.ts';
import { rowsInDatabase, seedCompany } from './test-helpers.ts';

/**
 * The purge of a moved company (migration 0044): no ALTER TABLE, so it neither waits for nor
 * blocks other companies' open transactions; the append-only guards open for the table owner's
 * purge transaction only.
 */
describe('company purge', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const purge = (companyId: string) =>
    inTransaction(t.deps.database, 'begin', async (q) => {
      await scopeTransaction(q, companyId);
      // A table lock would wait for the other company's open transaction: fail instead of hanging.
      await q(`set local lock_timeout = '3s'`, []);
      await purgeCompany(q, companyId, { mirror: false });
    });

  it('removes every row and audit row of the company and leaves the others as they were', async () => {
    const gone = await signUp(t.app, 'Purged Company');
    const kept = await signUp(t.app, 'Kept Company');
    await seedCompany(t.app, gone, 'PG');
    await seedCompany(t.app, kept, 'KP');
    const keptRows = await rowsInDatabase(t.deps.database, kept.id);
    await purge(gone.id);
    expect(await rowsInDatabase(t.deps.database, gone.id)).toBe(0);
    expect(await rowsInDatabase(t.deps.database, kept.id)).toBe(keptRows);
    expect(await verifyAuditChain(t.deps.db, kept.id)).toMatchObject({ ok: true, unsealed: 0 });
    const stock = await inTransaction(t.deps.database, 'begin', async (q) => {
      await scopeTransaction(q, kept.id);
      return checkStock(q, kept.id);
    });
    expect(stock).toEqual({ balanceMismatches: 0, itemMismatches: 0, negative: 0 });
  });

  it.runIf(onPostgres)(
    'runs while another company has a write transaction open on the same tables',
    async () => {
      const gone = await signUp(t.app, 'Purged Under Load');
      const busy = await signUp(t.app, 'Busy Company');
      await seedCompany(t.app, gone, 'PL');
      const busyItems = await seedCompany(t.app, busy, 'BC');
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let opened: () => void = () => {};
      const isOpen = new Promise<void>((resolve) => {
        opened = resolve;
      });
      // The busy company's transaction writes to items and units (row-exclusive table locks) and stays open.
      const open = withCompany(t.deps.db, { userId: busy.id, companyId: busy.id }, async (tx) => {
        await tx.execute(sql`update items set name = name || ' (busy)' where id = ${busyItems[0]}`);
        await tx.execute(sql`insert into units (company_id, code, name) values (${busy.id}, 'BUSY', 'busy')`);
        opened();
        await held;
      });
      await isOpen;
      try {
        await purge(gone.id);
      } finally {
        release();
        await open;
      }
      expect(await rowsInDatabase(t.deps.database, gone.id)).toBe(0);
      expect(await verifyAuditChain(t.deps.db, busy.id)).toMatchObject({ ok: true, unsealed: 0 });
    },
  );

  it('keeps the guards closed for request code, even with the purge setting', async () => {
    const user = await signUp(t.app, 'Guarded Ledger');
    await seedCompany(t.app, user, 'GL');
    const attempt = (statement: ReturnType<typeof sql>) =>
      withCompany(t.deps.db, { userId: user.id, companyId: user.id }, async (tx) => {
        await tx.execute(sql`select set_config('app.purge_company', ${user.id}, true)`);
        await tx.execute(statement);
      }).then(
        () => 'done',
        (e: Error & { cause?: Error }) => e.cause?.message ?? e.message,
      );
    expect(await attempt(sql`delete from stock_movements where company_id = ${user.id}`)).toMatch(
      /append-only|permission denied/,
    );
    expect(await attempt(sql`delete from audit_log where company_id = ${user.id}`)).toMatch(
      /permission denied/,
    );
    expect(await attempt(sql`delete from audit_links where company_id = ${user.id}`)).toMatch(
      /permission denied/,
    );
    // The owner without the setting is refused too.
    await expect(
      t.deps.database.session((q) => q('delete from stock_movements where company_id = $1', [user.id])),
    ).rejects.toThrow(/append-only/);
    expect(await verifyAuditChain(t.deps.db, user.id)).toMatchObject({ ok: true, unsealed: 0 });
    // The owner without the setting is refused on the chain's links too (migration 0051; the check
    // above sealed the company, so it has links).
    await expect(
      t.deps.database.session((q) => q('delete from audit_links where company_id = $1', [user.id])),
    ).rejects.toThrow(/append-only/);
  });
});
