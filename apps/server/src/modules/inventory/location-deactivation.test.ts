import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCompany } from '../../db/tenant.ts';
import { exportCompanyArchive, importCompanyArchive } from '../export/archive.ts';
import { onPostgres, type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import * as inventory from './inventory.service.ts';
import { inventoryClient, stockBooks } from './test-helpers.ts';

// Stock never grows on an inactive location (migration 0057b): a posting there is refused with a
// translated key and writes nothing; old stock left on one can still be moved out. A deactivation
// and a posting of the same location run one after the other (tested on PostgreSQL).

let t: TestApp;
let user: SignedIn;
let api: ReturnType<typeof inventoryClient>;

beforeAll(async () => {
  t = await startTestApp();
  user = await signUp(t.app);
  api = inventoryClient(t.app, user);
}, 60_000);
afterAll(async () => t?.close());

const ids = () => ({ userId: user.id, companyId: user.id });
const books = (itemId: string) => stockBooks(t, user, itemId);

async function balanceAt(itemId: string, locationId: string): Promise<string> {
  return withCompany(t.deps.db, ids(), async (tx) => {
    const r = await tx.execute(
      sql`select trim_scale(coalesce(sum(quantity), 0))::text as q from stock_balances
          where item_id = ${itemId} and location_id = ${locationId}`,
    );
    return (r as unknown as { rows: { q: string }[] }).rows[0]?.q as string;
  });
}

const inactiveRefusal = (code: string) => [
  { field: 'location_id', key: 'validation.locationInactiveStock', params: { code } },
];

describe('stock on an inactive location', () => {
  it('a posting to it is refused and writes nothing', async () => {
    const loc = await api.location('DA-STARO');
    const item = await api.item('DA-1');
    await api.ok('PATCH', `/api/inventory/locations/${loc.id}`, { active: false });
    const refused = await api.call('POST', '/api/inventory/receipts', {
      location_id: loc.id,
      lines: [{ item_id: item.id, quantity: '5', unit_cost: '1' }],
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'CONFLICT', details: inactiveRefusal('DA-STARO') });
    expect(await books(item.id)).toMatchObject({ ledger: '0', on_hand: '0' });
    expect(await balanceAt(item.id, loc.id)).toBe('0');
  });

  it('old stock left on it (before deactivation was checked) can be moved out, not added to', async () => {
    const old = await api.location('DA-OLD');
    const main = await api.location('DA-MAIN');
    const item = await api.item('DA-2');
    await api.receive(old.id, [{ item_id: item.id, quantity: '10', unit_cost: '2' }]);
    // Deactivated with its stock, as the table allowed before the service refused it.
    await withCompany(t.deps.db, ids(), (tx) =>
      tx.execute(sql`update locations set active = false where id = ${old.id}`),
    );
    const issue = await api.call('POST', '/api/inventory/issues', {
      reason: 'scrap',
      location_id: old.id,
      lines: [{ item_id: item.id, quantity: '4' }],
    });
    expect(issue.status).toBe(201);
    const more = await api.call('POST', '/api/inventory/adjustments', {
      reason: 'found',
      location_id: old.id,
      lines: [{ item_id: item.id, quantity: '1' }],
    });
    expect(more.status).toBe(409);
    expect(more.body.error.details).toEqual(inactiveRefusal('DA-OLD'));
    const into = await api.call('POST', '/api/inventory/transfers', {
      reason: 'relocation',
      from_location_id: main.id,
      to_location_id: old.id,
      lines: [{ item_id: item.id, quantity: '1' }],
    });
    expect(into.status).toBe(409);
    const out = await api.call('POST', '/api/inventory/transfers', {
      reason: 'relocation',
      from_location_id: old.id,
      to_location_id: main.id,
      lines: [{ item_id: item.id, quantity: '6' }],
    });
    expect(out.status).toBe(201);
    expect(await balanceAt(item.id, old.id)).toBe('0');
    expect(await balanceAt(item.id, main.id)).toBe('6');
    expect(await books(item.id)).toMatchObject({ ledger: '6', on_hand: '6' });
  });
});

describe('a company archive with old stock on an inactive location', () => {
  it('is restored as it was: the rule guards postings, not a restore', async () => {
    const owner = await signUp(t.app, 'Arhiva Stara Zaliha');
    const ownerApi = inventoryClient(t.app, owner);
    const old = await ownerApi.location('AR-OLD');
    const item = await ownerApi.item('AR-1');
    await ownerApi.receive(old.id, [{ item_id: item.id, quantity: '7', unit_cost: '2' }]);
    await withCompany(t.deps.db, { userId: owner.id, companyId: owner.id }, (tx) =>
      tx.execute(sql`update locations set active = false where id = ${old.id}`),
    );
    const archive = await exportCompanyArchive(t.deps.db, owner.id, { userId: owner.id });
    const target = await signUp(t.app, 'Arhiva Cilj');
    await importCompanyArchive(t.deps.db, target.id, archive, { userId: target.id });
    const restored = await withCompany(t.deps.db, { userId: target.id, companyId: target.id }, async (tx) => {
      const r = await tx.execute(
        sql`select l.code, l.active, trim_scale(b.quantity)::text as quantity
            from stock_balances b join locations l on l.id = b.location_id`,
      );
      return (r as unknown as { rows: unknown[] }).rows;
    });
    expect(restored).toEqual([{ code: 'AR-OLD', active: false, quantity: '7' }]);
  });
});

// Real parallel connections only exist on a PostgreSQL server (PGlite runs one at a time). Each
// case holds one side open in a transaction of its own and sends the other over HTTP.
describe.runIf(onPostgres)('a deactivation and a posting of the same location on PostgreSQL', () => {
  const settle = <T>(p: Promise<T>, ms = 700) =>
    Promise.race([
      p.then(() => 'answered' as const),
      new Promise<'waiting'>((r) => setTimeout(() => r('waiting'), ms)),
    ]);

  it('a deactivation waits for a posting in flight, then refuses: the location holds its stock', async () => {
    const loc = await api.location('DA-RACE-1');
    const item = await api.item('DA-R1');
    let posted!: () => void;
    let release!: () => void;
    const postedP = new Promise<void>((r) => {
      posted = r;
    });
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const posting = withCompany(t.deps.db, ids(), async (tx, ctx) => {
      await inventory.receive(tx, ctx, {
        location_id: loc.id,
        lines: [{ item_id: item.id, quantity: '3', unit_cost: '1' }],
      } as Parameters<typeof inventory.receive>[2]);
      posted();
      await gate; // written, not committed
    });
    await postedP;
    const deactivation = api.call('PATCH', `/api/inventory/locations/${loc.id}`, { active: false });
    expect(await settle(deactivation)).toBe('waiting');
    release();
    await posting;
    const answer = await deactivation;
    expect(answer.status).toBe(409);
    expect(answer.body.error.details[0]).toMatchObject({ key: 'validation.locationHasStock' });
    expect((await api.ok('GET', `/api/inventory/locations/${loc.id}`)).location.active).toBe(true);
    expect(await balanceAt(item.id, loc.id)).toBe('3');
  }, 60_000);

  it('a posting waits for a deactivation in flight, then is refused: nothing lands on the inactive location', async () => {
    const loc = await api.location('DA-RACE-2');
    const item = await api.item('DA-R2');
    let deactivated!: () => void;
    let release!: () => void;
    const deactivatedP = new Promise<void>((r) => {
      deactivated = r;
    });
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const deactivation = withCompany(t.deps.db, ids(), async (tx) => {
      await inventory.updateLocation(tx, loc.id, { active: false });
      deactivated();
      await gate; // location locked and updated, not committed
    });
    await deactivatedP;
    const posting = api.call('POST', '/api/inventory/receipts', {
      location_id: loc.id,
      lines: [{ item_id: item.id, quantity: '3', unit_cost: '1' }],
    });
    expect(await settle(posting)).toBe('waiting');
    release();
    await deactivation;
    const answer = await posting;
    expect(answer.status).toBe(409);
    expect(answer.body.error.details).toEqual(inactiveRefusal('DA-RACE-2'));
    expect(await balanceAt(item.id, loc.id)).toBe('0');
    expect(await books(item.id)).toMatchObject({ ledger: '0', on_hand: '0' });
  }, 60_000);
});
