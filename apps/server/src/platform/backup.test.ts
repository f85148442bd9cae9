import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAuditChain } from '../modules/audit/audit.service.ts';
import { inventoryClient } from '../modules/inventory/test-helpers.ts';
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
});
