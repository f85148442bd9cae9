import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeCompanyDatabases } from '../db/company-router.ts';
import { openPostgres } from '../db/database.ts';
import { migrate, migrationFiles } from '../db/migrate.ts';
import { buildApp } from '../http/app.ts';
import { setAccountStatusByEmail } from '../modules/admin/admin.service.ts';
import { verifyAuditChain } from '../modules/audit/audit.service.ts';
import { inventoryClient } from '../modules/inventory/test-helpers.ts';
import {
  createTestDatabase,
  onPostgres,
  signUp,
  startTestApp,
  type TestApp,
  type TestDatabase,
  testConfig,
} from '../test/harness.ts';
import { moveCompany, setHosting } from './move.ts';
import { apiView, rowsInDatabase, seedCompany } from './test-helpers.ts';

describe('read-only company (while it moves or is restored)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses writes with COMPANY_READ_ONLY, keeps serving reads, and accepts writes again afterwards', async () => {
    const user = await signUp(t.app);
    const api = inventoryClient(t.app, user);
    const loc = await api.location('RO-1');
    const item = await api.item('RO-ITEM');
    await setHosting(t.deps.database, user.id, 'read_only');
    const refused = await api.call('POST', '/api/inventory/receipts', {
      location_id: loc.id,
      lines: [{ item_id: item.id, quantity: '5' }],
    });
    expect(refused.status).toBe(423);
    expect(refused.body.error.code).toBe('COMPANY_READ_ONLY');
    expect((await api.call('GET', `/api/inventory/items/${item.id}`)).status).toBe(200);
    await setHosting(t.deps.database, user.id, 'normal');
    await api.receive(loc.id, [{ item_id: item.id, quantity: '5' }]);
    expect((await api.balance(item.id)).item.on_hand).toBe('5');
  });
});

describe.runIf(onPostgres)('moving a company to a dedicated database and back', () => {
  let t: TestApp;
  let dedicated: TestDatabase;
  beforeAll(async () => {
    t = await startTestApp();
    dedicated = await createTestDatabase();
  });
  afterAll(async () => {
    await t.close();
    await dedicated.drop();
  });

  it('keeps every record, its invariants and a verifying chain; users, other companies and other instances see no difference', async () => {
    const main = t.deps.database;
    const a = await signUp(t.app, 'Ana Selić');
    const b = await signUp(t.app, 'Boris Drugi');
    const aItems = await seedCompany(t.app, a, 'A');
    const bItems = await seedCompany(t.app, b, 'B');
    // A second instance on the same main database caches the routes before the move.
    const otherDb = await openPostgres(t.testDb.url as string);
    const other = await buildApp({ config: testConfig(), database: otherDb, adminToken: 'x' });
    await other.app.ready();
    try {
      const aBefore = await apiView(t.app, a, aItems);
      const bBefore = await apiView(t.app, b, bItems);
      expect(await apiView(other.app, a, aItems)).toEqual(aBefore);
      const aRowsShared = await rowsInDatabase(main, a.id);
      const bRows = await rowsInDatabase(main, b.id);
      expect(aRowsShared).toBeGreaterThan(20);

      const out = await moveCompany(main, a.id, dedicated.url as string);
      expect(out.problems).toEqual([]);
      expect(out.stock).toEqual({ balanceMismatches: 0, itemMismatches: 0, negative: 0 });

      // No trace in the shared database; everything in the dedicated one.
      expect(await rowsInDatabase(main, a.id)).toBe(0);
      expect(await rowsInDatabase(dedicated.database, a.id)).toBe(aRowsShared);
      expect((await verifyAuditChain(dedicated.database.db, a.id)).ok).toBe(true);
      // Users see the same data through either instance; the other company is untouched.
      expect(await apiView(t.app, a, aItems)).toEqual(aBefore);
      expect(await apiView(other.app, a, aItems)).toEqual(aBefore);
      expect(await apiView(t.app, b, bItems)).toEqual(bBefore);
      expect(await rowsInDatabase(main, b.id)).toBe(bRows);
      expect((await verifyAuditChain(main.db, b.id)).ok).toBe(true);

      // Writes land in the dedicated database, through either instance.
      const api = inventoryClient(other.app, a);
      const loc = (await api.ok('GET', '/api/inventory/locations')) as
        | { items?: { id: string }[] }
        | { id: string }[];
      const locId = (Array.isArray(loc) ? loc : (loc.items ?? []))[0]?.id as string;
      await api.receive(locId, [{ item_id: aItems[2] as string, quantity: '1' }]);
      expect(await rowsInDatabase(main, a.id)).toBe(0);
      const aRowsDedicated = await rowsInDatabase(dedicated.database, a.id);
      expect(aRowsDedicated).toBeGreaterThan(aRowsShared);
      const aMoved = await apiView(t.app, a, aItems);
      // A profile change made while dedicated lands in the dedicated copy and comes back with the company.
      await dedicated.database.session(async (q) => {
        await q('begin');
        await q(`select set_config('app.user_id', $1, true)`, [a.id]);
        await q(`update tenants set company_name = 'Selić d.o.o.' where id = $1`, [a.id]);
        await q('commit');
      });

      const back = await moveCompany(main, a.id, 'shared');
      expect(back.problems).toEqual([]);
      expect(await rowsInDatabase(dedicated.database, a.id)).toBe(0);
      const copies = await dedicated.database.session((q) =>
        q(
          'select (select count(*) from users)::int as users, (select count(*) from tenants)::int as tenants',
          [],
        ),
      );
      expect(copies[0]).toEqual({ users: 0, tenants: 0 });
      const companyName = await main.session(async (q) => {
        await q('begin');
        await q(`select set_config('app.user_id', $1, true)`, [a.id]);
        const [row] = await q('select company_name from tenants where id = $1', [a.id]);
        await q('commit');
        return row?.company_name;
      });
      expect(companyName).toBe('Selić d.o.o.');
      // The audit row of that change came back too, with its chain link (migration 0051): two more
      // than the rows counted before.
      expect(await rowsInDatabase(main, a.id)).toBe(aRowsDedicated + 2);
      expect(await apiView(t.app, a, aItems)).toEqual(aMoved);
      expect(await apiView(other.app, a, aItems)).toEqual(aMoved);
      expect((await verifyAuditChain(main.db)).ok).toBe(true);
    } finally {
      await other.app.close();
      await otherDb.close();
    }
  }, 120_000);

  it('refuses to move a company into a database that already holds its rows', async () => {
    const c = await signUp(t.app);
    await seedCompany(t.app, c, 'C');
    await expect(moveCompany(t.deps.database, c.id, 'shared')).rejects.toThrow(/already/);
  });
});

describe.runIf(onPostgres)('platform data around dedicated databases', () => {
  let t: TestApp;
  let dedicated: TestDatabase;
  beforeAll(async () => {
    t = await startTestApp();
    dedicated = await createTestDatabase();
  });
  afterAll(async () => {
    await t.close();
    await dedicated.drop();
  });

  it('refuses a blocked member in a dedicated company at once, and lets them back when unblocked', async () => {
    const owner = await signUp(t.app);
    const member = await signUp(t.app);
    await t.deps.database.session(async (q) => {
      await q('begin');
      await q(`select set_config('app.company_id', $1, true)`, [owner.id]);
      await q(`insert into memberships (company_id, user_id, role) values ($1, $2, 'viewer')`, [
        owner.id,
        member.id,
      ]);
      await q('commit');
    });
    await moveCompany(t.deps.database, owner.id, dedicated.url as string);
    const read = () =>
      t.app.inject({
        url: '/api/inventory/items',
        headers: { cookie: member.cookie, 'x-company-id': owner.id },
      });
    expect((await read()).statusCode).toBe(200);
    await setAccountStatusByEmail(t.deps.db, member.email, 'blocked');
    const refused = await read();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('ACCOUNT_BLOCKED');
    await setAccountStatusByEmail(t.deps.db, member.email, 'active');
    expect((await read()).statusCode).toBe(200);
  }, 60_000);

  it('migrates every registered dedicated database when the main one is migrated', async () => {
    const owner = await signUp(t.app);
    const name = `erp_test_${randomUUID().replaceAll('-', '')}`;
    await t.deps.database.session((q) => q(`create database ${name}`, []));
    const url = new URL(t.testDb.url as string);
    url.pathname = `/${name}`;
    try {
      await t.deps.database.session((q) =>
        q(`insert into company_registry (company_id, mode, database_url) values ($1, 'dedicated', $2)`, [
          owner.id,
          url.toString(),
        ]),
      );
      await migrate(t.deps.database);
      const fresh = await openPostgres(url.toString(), 1);
      const versions = await fresh.session((q) => q('select version from schema_migrations order by 1', []));
      await fresh.close();
      expect(versions.map((v) => v.version)).toEqual(migrationFiles().map((m) => m.version));
    } finally {
      await t.deps.database.session((q) =>
        q('delete from company_registry where company_id = $1', [owner.id]),
      );
      await closeCompanyDatabases(t.deps.db);
      await t.deps.database.session((q) => q(`drop database if exists ${name} with (force)`, []));
    }
  }, 60_000);
});
