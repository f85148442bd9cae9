import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAuditChain } from '../modules/audit/audit.service.ts';
import { inventoryClient } from '../modules/inventory/test-helpers.ts';
import { as, inviteAndJoin } from '../modules/team/team.test-support.ts';
import {
  createTestDatabase,
  onPostgres,
  type SignedIn,
  signUp,
  startTestApp,
  type TestApp,
  type TestDatabase,
} from '../test/harness.ts';
import { backupCompany, restoreCompany } from './backup.ts';
import type { CompanySnapshot } from './company-data.ts';
import { databaseFor, moveCompany, registeredUrl, snapshotCompany } from './move.ts';
import { apiView, seedCompany } from './test-helpers.ts';

/** Company rows in a comparable form: each table's rows sorted, the audit chain in order. */
function comparable(snap: CompanySnapshot) {
  const tables: Record<string, string[]> = {};
  for (const [name, rows] of Object.entries(snap.tables)) tables[name] = [...rows].sort();
  return { tables, audit: snap.audit, head: snap.head };
}

async function currentRows(t: TestApp, companyId: string) {
  const database = await databaseFor(t.deps.database, await registeredUrl(t.deps.database, companyId));
  return comparable(await snapshotCompany(database, companyId));
}

/** Changes made after the backup, which the restore must undo. */
async function laterChanges(t: TestApp, user: SignedIn, items: string[]) {
  const api = inventoryClient(t.app, user);
  const loc = await api.location('LATER');
  await api.item('LATER-ITEM');
  await api.receive(loc.id, [{ item_id: items[0] as string, quantity: '99' }]);
}

describe('company backup and restore', () => {
  let t: TestApp;
  let dir: string;
  let dedicated: TestDatabase | null = null;
  beforeAll(async () => {
    t = await startTestApp();
    dir = mkdtempSync(join(tmpdir(), 'erp-backup-'));
    if (onPostgres) dedicated = await createTestDatabase();
  });
  afterAll(async () => {
    await t.close();
    await dedicated?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  async function roundTrip(user: SignedIn, items: string[], file: string) {
    const before = await currentRows(t, user.id);
    const viewBefore = await apiView(t.app, user, items);
    const written = await backupCompany(t.deps.database, user.id, file);
    expect(written.counts.stock_movements).toBe(before.tables.stock_movements?.length);
    await laterChanges(t, user, items);
    expect(await currentRows(t, user.id)).not.toEqual(before);
    const result = await restoreCompany(t.deps.database, file);
    expect(result.kind === 'in-place' && result.problems).toEqual([]);
    expect(await currentRows(t, user.id)).toEqual(before);
    expect(await apiView(t.app, user, items)).toEqual(viewBefore);
    // Work goes on after a restore, and the chain still verifies.
    await inventoryClient(t.app, user).item('AFTER-RESTORE');
    const database = await databaseFor(t.deps.database, await registeredUrl(t.deps.database, user.id));
    expect((await verifyAuditChain(database.db, user.id)).ok).toBe(true);
  }

  it('restores a company in the shared database to exactly the backed-up rows, leaving other companies alone', async () => {
    const user = await signUp(t.app);
    const other = await signUp(t.app);
    const items = await seedCompany(t.app, user, 'S');
    await seedCompany(t.app, other, 'O');
    const otherBefore = await currentRows(t, other.id);
    await roundTrip(user, items, join(dir, 'shared.json'));
    expect(await currentRows(t, other.id)).toEqual(otherBefore);
  }, 60_000);

  it('restores a backup into another, empty company with new ids (--into)', async () => {
    const user = await signUp(t.app);
    await seedCompany(t.app, user, 'I');
    const file = join(dir, 'into.json');
    await backupCompany(t.deps.database, user.id, file);
    const target = await signUp(t.app);
    const result = await restoreCompany(t.deps.database, file, { into: target.id });
    expect(result.kind).toBe('into');
    const list = (await inventoryClient(t.app, target).ok('GET', '/api/inventory/items?limit=100')) as {
      items: { sku: string; on_hand: string }[];
    };
    expect(list.items.map((i) => [i.sku, i.on_hand]).sort()).toEqual([
      ['I-1', '14.5'],
      ['I-2', '10.25'],
      ['I-3', '12.5'],
    ]);
  }, 60_000);

  it.runIf(onPostgres)(
    'restores a company in a dedicated database the same way',
    async () => {
      const user = await signUp(t.app);
      const items = await seedCompany(t.app, user, 'D');
      await moveCompany(t.deps.database, user.id, dedicated?.url as string);
      await roundTrip(user, items, join(dir, 'dedicated.json'));
    },
    60_000,
  );

  /**
   * In place: the company's data and its profile (company fields) go back to the backup; who may
   * enter stays as it is now: members and invitations (no removed member or revoked link returns,
   * nobody who joined since is locked out).
   */
  async function profileAndTeam(user: SignedIn, file: string) {
    const company = { company: user.id };
    const rename = (name: string) =>
      as(t.app, user, { ...company, method: 'PATCH', url: '/api/company', payload: { company_name: name } });
    const invite = async (email: string) =>
      (
        await as(t.app, user, {
          ...company,
          method: 'POST',
          url: '/api/team/invitations',
          payload: { email, role: 'viewer' },
        })
      ).json().invitation.id as string;
    expect((await rename('Prije Restore d.o.o.')).statusCode).toBe(200);
    const removedLater = await inviteAndJoin(t.app, user, 'viewer', 'Kasnije Uklonjen');
    const revokedLater = await invite('opozvana@example.hr');
    await backupCompany(t.deps.database, user.id, file);

    expect((await rename('Poslije Restore d.o.o.')).statusCode).toBe(200);
    const removal = await as(t.app, user, {
      ...company,
      method: 'DELETE',
      url: `/api/team/members/${removedLater.id}`,
    });
    expect(removal.statusCode).toBe(204);
    const revoke = await as(t.app, user, {
      ...company,
      method: 'DELETE',
      url: `/api/team/invitations/${revokedLater}`,
    });
    expect(revoke.statusCode).toBe(204);
    const joinedLater = await inviteAndJoin(t.app, user, 'planner', 'Kasnije Došla');

    const result = await restoreCompany(t.deps.database, file);
    expect(result.kind === 'in-place' && result.problems).toEqual([]);
    expect((await as(t.app, user, { ...company, url: '/api/company' })).json().company_name).toBe(
      'Prije Restore d.o.o.',
    );
    // The company switcher (main database's copy, also for a dedicated company) shows the restored name.
    const switcher = (await as(t.app, joinedLater, { url: '/api/team/companies' })).json() as {
      company_id: string;
      company_name: string;
    }[];
    expect(switcher.find((c) => c.company_id === user.id)?.company_name).toBe('Prije Restore d.o.o.');
    const members = (await as(t.app, user, { ...company, url: '/api/team/members' })).json() as {
      user_id: string;
    }[];
    expect(members.map((m) => m.user_id).sort()).toEqual([user.id, joinedLater.id].sort());
    expect((await as(t.app, removedLater, { ...company, url: '/api/inventory/items' })).statusCode).toBe(403);
    expect((await as(t.app, joinedLater, { ...company, url: '/api/inventory/items' })).statusCode).toBe(200);
    const invitations = (await as(t.app, user, { ...company, url: '/api/team/invitations' })).json() as {
      id: string;
      status: string;
    }[];
    expect(invitations.find((i) => i.id === revokedLater)?.status).toBe('revoked');
    const database = await databaseFor(t.deps.database, await registeredUrl(t.deps.database, user.id));
    expect((await verifyAuditChain(database.db, user.id)).ok).toBe(true);
    expect((await rename('Nakon Restore d.o.o.')).statusCode).toBe(200);
  }

  it('restores the company profile in place and keeps members and invitations as they are now', async () => {
    await profileAndTeam(await signUp(t.app), join(dir, 'profile.json'));
  }, 60_000);

  it.runIf(onPostgres)(
    'does the same for a company in a dedicated database, its main-database profile copy included',
    async () => {
      const user = await signUp(t.app);
      await moveCompany(t.deps.database, user.id, dedicated?.url as string);
      await profileAndTeam(user, join(dir, 'profile-dedicated.json'));
    },
    60_000,
  );
});
