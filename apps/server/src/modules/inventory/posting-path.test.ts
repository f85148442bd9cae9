import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkStock } from '../../platform/company-data.ts';
import { onPostgres, type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { verifyAuditChain } from '../audit/audit.service.ts';
import { inviteAndJoin } from '../team/team.test-support.ts';
import { inventoryClient } from './test-helpers.ts';

/**
 * The shortened posting path (issue 21): locations checked with the item lock, a receipt without
 * the balance read, every write in one statement answering with the document from its own rows. What it
 * must keep: refusals change nothing, stock = ledger = balances, the answer matches the ledger,
 * and every audit row is chained.
 */
describe('posting path', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const counts = async (companyId: string) => {
    const [row] = await t.deps.database.session((q) =>
      q(
        `select (select count(*)::int from stock_documents where company_id = $1) as documents,
                (select count(*)::int from stock_movements where company_id = $1) as movements,
                (select count(*)::int from audit_log where company_id = $1) as audit`,
        [companyId],
      ),
    );
    return row;
  };

  it('posts receipts, issues and transfers with stock = ledger = balances and a sealed audit trail', async () => {
    const user = await signUp(t.app, 'Posting Path');
    const inv = inventoryClient(t.app, user);
    const a = await inv.location('A');
    const b = await inv.location('B');
    const screw = await inv.item('VIJ-1');
    const glass = await inv.item('STA-1', { lot_tracked: true });
    const receipt = await inv.receive(a.id, [
      { item_id: screw.id, quantity: '10', unit_cost: '2' },
      { item_id: glass.id, quantity: '4', unit_cost: '30', lot_number: 'L-1' },
      { item_id: screw.id, quantity: '5', unit_cost: '5' },
    ]);
    // The answer is the document as the ledger holds it: three lines in order, the same rows the
    // movement list shows.
    expect(receipt.lines.map((l: { line_no: number; quantity: string }) => [l.line_no, l.quantity])).toEqual([
      [1, '10'],
      [2, '4'],
      [3, '5'],
    ]);
    // (Times compared as instants: on PGlite the list passes the driver's timestamp text through.)
    const instant = <T extends { created_at: string }>(r: T) => ({
      ...r,
      created_at: Date.parse(r.created_at),
    });
    const listed = (await inv.ok('GET', `/api/inventory/movements?item_id=${screw.id}`)).map(instant);
    for (const line of receipt.lines.filter((l: { item_id: string }) => l.item_id === screw.id))
      expect(listed).toContainEqual(instant(line));
    expect(await inv.ok('GET', `/api/inventory/documents/${receipt.id}`)).toEqual(receipt);
    // Average of 10 @ 2 and 5 @ 5 is 3.
    expect((await inv.balance(screw.id)).item).toMatchObject({ on_hand: '15', avg_cost: '3' });

    const issue = await inv.ok('POST', '/api/inventory/issues', {
      location_id: a.id,
      reason: 'production',
      lines: [{ item_id: screw.id, quantity: '6' }],
    });
    const transfer = await inv.ok('POST', '/api/inventory/transfers', {
      from_location_id: a.id,
      to_location_id: b.id,
      reason: 'relocation',
      lines: [{ item_id: glass.id, quantity: '3' }],
    });
    // Each answer is built from the write statement's own rows (no read-back): it must be the
    // document as a later read shows it, lot numbers, location codes and the reason included.
    expect(await inv.ok('GET', `/api/inventory/documents/${issue.id}`)).toEqual(issue);
    expect(await inv.ok('GET', `/api/inventory/documents/${transfer.id}`)).toEqual(transfer);
    expect(
      transfer.lines.map((l: { location_code: string; lot_number: string | null }) => [
        l.location_code,
        l.lot_number,
      ]),
    ).toEqual([
      ['A', 'L-1'],
      ['B', 'L-1'],
    ]);
    const stock = await t.deps.database.session((q) => checkStock(q, user.id));
    expect(stock).toEqual({ balanceMismatches: 0, itemMismatches: 0, negative: 0 });
    expect((await inv.balance(screw.id)).item.on_hand).toBe('9');
    expect((await inv.balance(glass.id)).balances.map((x) => x.quantity).sort()).toEqual(['1', '3']);
    expect(await verifyAuditChain(t.deps.db, user.id)).toMatchObject({ ok: true, unsealed: 0, pending: 0 });
  });

  it('answers a reversal as a later read shows it, and the reversed document then names it', async () => {
    // The answer's reversal and owner fields are constants for the rows just written (documentSql
    // with `written`): they must still be what the stored document shows, before and after.
    const user = await signUp(t.app, 'Posting Reversal');
    const inv = inventoryClient(t.app, user);
    const a = await inv.location('A');
    const screw = await inv.item('VIJ-2');
    const receipt = await inv.receive(a.id, [{ item_id: screw.id, quantity: '7', unit_cost: '4' }]);
    expect(receipt.reversed_by).toBeNull();
    expect(receipt.lines.map((l: { reversed: boolean }) => l.reversed)).toEqual([false]);
    const reversal = await inv.ok('POST', `/api/inventory/documents/${receipt.id}/reverse`);
    expect(reversal.reverses_document_id).toBe(receipt.id);
    expect(await inv.ok('GET', `/api/inventory/documents/${reversal.id}`)).toEqual(reversal);
    const stored = await inv.ok('GET', `/api/inventory/documents/${receipt.id}`);
    expect(stored.reversed_by).toBe(reversal.id);
    expect(stored.lines.map((l: { reversed: boolean }) => l.reversed)).toEqual([true]);
    expect(reversal.lines.map((l: { reverses_movement_id: string }) => l.reverses_movement_id)).toEqual(
      stored.lines.map((l: { id: string }) => l.id),
    );
    expect((await inv.balance(screw.id)).item.on_hand).toBe('0');
    const stock = await t.deps.database.session((q) => checkStock(q, user.id));
    expect(stock).toEqual({ balanceMismatches: 0, itemMismatches: 0, negative: 0 });
    expect(await verifyAuditChain(t.deps.db, user.id)).toMatchObject({ ok: true, unsealed: 0, pending: 0 });
  });

  it('refuses an unknown location, an unknown item and a shortage without writing anything', async () => {
    const user = await signUp(t.app, 'Posting Refusals');
    const inv = inventoryClient(t.app, user);
    const a = await inv.location('A');
    const item = await inv.item('X-1');
    await inv.receive(a.id, [{ item_id: item.id, quantity: '2', unit_cost: '1' }]);
    const before = await counts(user.id);
    const otherLocation = '00000000-0000-4000-8000-000000000001';
    const badLocation = await inv.call('POST', '/api/inventory/receipts', {
      location_id: otherLocation,
      lines: [{ item_id: item.id, quantity: '1', unit_cost: '1' }],
    });
    expect(badLocation.status).toBe(400);
    expect(badLocation.body.error.details[0]).toMatchObject({
      field: 'location_id',
      key: 'validation.locationUnknown',
    });
    const badTransfer = await inv.call('POST', '/api/inventory/transfers', {
      from_location_id: a.id,
      to_location_id: otherLocation,
      reason: 'relocation',
      lines: [{ item_id: item.id, quantity: '1' }],
    });
    expect(badTransfer.status).toBe(400);
    expect(badTransfer.body.error.details[0]).toMatchObject({ key: 'validation.locationUnknown' });
    const badItem = await inv.call('POST', '/api/inventory/receipts', {
      location_id: a.id,
      lines: [{ item_id: otherLocation, quantity: '1', unit_cost: '1' }],
    });
    expect(badItem.status).toBe(404);
    const short = await inv.call('POST', '/api/inventory/issues', {
      location_id: a.id,
      reason: 'production',
      lines: [{ item_id: item.id, quantity: '3' }],
    });
    expect(short.status).toBe(409);
    expect(short.body.error.code).toBe('INSUFFICIENT_STOCK');
    expect(await counts(user.id)).toEqual(before);
    expect((await inv.balance(item.id)).item.on_hand).toBe('2');
  });
  it('refuses a posting in a read-only company (its lock sent with the entry) and writes nothing', async () => {
    const user = await signUp(t.app, 'Posting Read Only');
    const inv = inventoryClient(t.app, user);
    const a = await inv.location('A');
    const item = await inv.item('RO-1');
    await inv.receive(a.id, [{ item_id: item.id, quantity: '2', unit_cost: '1' }]);
    const readOnly = (on: boolean) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/companies/${user.id}/read-only`,
        headers: { authorization: 'Bearer test-admin-token' },
        payload: { read_only: on },
      });
    const before = await counts(user.id);
    expect((await readOnly(true)).statusCode).toBe(200);
    const receipt = { location_id: a.id, lines: [{ item_id: item.id, quantity: '1', unit_cost: '1' }] };
    const issue = { location_id: a.id, reason: 'production', lines: [{ item_id: item.id, quantity: '1' }] };
    for (const [url, body, headers] of [
      ['/api/inventory/receipts', receipt, {}],
      ['/api/inventory/receipts', receipt, { 'idempotency-key': 'ro-1' }],
      ['/api/inventory/issues', issue, {}],
    ] as const) {
      const refused = await inv.call('POST', url, body, headers);
      expect(refused.status).toBe(423);
      expect(refused.body.error.code).toBe('COMPANY_READ_ONLY');
    }
    expect(await counts(user.id)).toEqual(before);
    expect((await readOnly(false)).statusCode).toBe(200);
    expect(
      (await inv.call('POST', '/api/inventory/receipts', receipt, { 'idempotency-key': 'ro-1' })).status,
    ).toBe(201);
    expect((await inv.balance(item.id)).item.on_hand).toBe('3');
  });

  /**
   * What one request sends on its transaction's connection (from its BEGIN on; the connection is
   * the request's alone until it is released). Query texts, in order.
   */
  const sentBy = async <T>(request: () => Promise<T>): Promise<{ answer: T; sent: string[] }> => {
    const original = pg.Client.prototype.query;
    let mine: unknown = null;
    const sent: string[] = [];
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const q = args[0] as string | { text?: string };
      const text = typeof q === 'string' ? q : (q?.text ?? '');
      if (mine === null && /^begin\b/.test(text)) mine = this;
      if (this === mine) sent.push(text.replace(/\s+/g, ' ').slice(0, 40));
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof original;
    try {
      return { answer: await request(), sent };
    } finally {
      pg.Client.prototype.query = original;
    }
  };

  it.runIf(onPostgres)(
    'sends COMMIT with the write when nothing follows it: round trips per posting',
    async () => {
      const user = await signUp(t.app, 'Posting Round Trips');
      const inv = inventoryClient(t.app, user);
      const a = await inv.location('A');
      const bolt = await inv.item('BOLT-1', { reorder_point: '5' });
      const receipt = await sentBy(() =>
        inv.receive(a.id, [{ item_id: bolt.id, quantity: '10', unit_cost: '2' }]),
      );
      // BEGIN with the company's entry and the item lock (sent ahead), the write with its COMMIT.
      expect(receipt.sent).toHaveLength(2);
      expect(receipt.sent.some((text) => /^commit/i.test(text))).toBe(false);
      // An Idempotency-Key: its lock and look-up, then the item lock, all sent with the entry; the
      // write; the key's row with the COMMIT.
      const keyed = await sentBy(() =>
        inv.receive(a.id, [{ item_id: bolt.id, quantity: '1', unit_cost: '2' }], {
          'idempotency-key': 'rt-1',
        }),
      );
      expect(keyed.sent).toHaveLength(3);
      expect(keyed.sent.some((text) => /^commit/i.test(text))).toBe(false);
      const replay = await inv.receive(a.id, [{ item_id: bolt.id, quantity: '1', unit_cost: '2' }], {
        'idempotency-key': 'rt-1',
      });
      expect(replay).toEqual(keyed.answer);
      // An issue that stays above the reorder point (11 → 8): the item lock and the balance read sent
      // with the entry, then the write with COMMIT.
      const issue = { location_id: a.id, reason: 'production', lines: [{ item_id: bolt.id, quantity: '3' }] };
      const above = await sentBy(() => inv.ok('POST', '/api/inventory/issues', issue));
      expect(above.sent).toHaveLength(2);
      expect(above.sent.some((text) => /^commit/i.test(text))).toBe(false);
      // One that crosses it (8 → 5 is not below; 5 → 2 is): the event is written after the document,
      // so the COMMIT goes on its own, and the event is there once.
      await inv.ok('POST', '/api/inventory/issues', issue);
      const crossing = await sentBy(() => inv.ok('POST', '/api/inventory/issues', issue));
      expect(crossing.sent.at(-1)).toMatch(/^commit/i);
      const [events] = await t.deps.database.session((q) =>
        q(
          `select count(*)::int as n from outbox_events where company_id = $1 and type = 'stock.below_reorder_point'`,
          [user.id],
        ),
      );
      expect(events).toEqual({ n: 1 });
      expect((await inv.balance(bolt.id)).item.on_hand).toBe('2');
      const stock = await t.deps.database.session((q) => checkStock(q, user.id));
      expect(stock).toEqual({ balanceMismatches: 0, itemMismatches: 0, negative: 0 });
      expect(await verifyAuditChain(t.deps.db, user.id)).toMatchObject({ ok: true, unsealed: 0, pending: 0 });
    },
  );

  // The item lock travels with the company's entry (migration 0054): the entry refuses in the
  // database, and PostgreSQL runs nothing after it in that round trip. Shown with the item's row
  // locked by another transaction: a lock statement that ran would wait for it.
  it.runIf(onPostgres)(
    'runs nothing after a refused entry: a refused caller takes no lock and reads no row',
    async () => {
      const owner = await signUp(t.app, 'Posting Entry Owner');
      const inv = inventoryClient(t.app, owner);
      const a = await inv.location('A');
      const item = await inv.item('LOCK-1');
      await inv.receive(a.id, [{ item_id: item.id, quantity: '4', unit_cost: '1' }]);
      const viewer = await inviteAndJoin(t.app, owner, 'viewer', 'Posting Entry Viewer');
      const warehouse = await inviteAndJoin(t.app, owner, 'warehouse', 'Posting Entry Warehouse');
      const stranger = await signUp(t.app, 'Posting Entry Stranger');
      const suspended = await inviteAndJoin(t.app, owner, 'warehouse', 'Posting Entry Suspended');
      const suspend = await t.app.inject({
        method: 'PATCH',
        url: `/api/team/members/${suspended.id}`,
        headers: { cookie: owner.cookie, 'x-company-id': owner.id },
        payload: { status: 'suspended' },
      });
      expect(suspend.statusCode).toBe(200);
      const receipt = { location_id: a.id, lines: [{ item_id: item.id, quantity: '1', unit_cost: '1' }] };
      const post = (user: SignedIn) =>
        t.app.inject({
          method: 'POST',
          url: '/api/inventory/receipts',
          headers: { cookie: user.cookie, 'x-company-id': owner.id },
          payload: receipt,
        });
      const before = await counts(owner.id);
      await t.deps.database.session(async (q) => {
        await q('begin');
        await q('select 1 from item_stock where item_id = $1 for update', [item.id]);
        // How many other connections wait for this one's lock.
        const waiting = async () =>
          Number(
            (
              await q(
                `select count(*)::int as n from pg_stat_activity where pg_backend_pid() = any(pg_blocking_pids(pid))`,
              )
            )[0]?.n,
          );
        try {
          /** The request's answer, once it has answered or waits for the locked row. */
          const answerOrWait = async (user: SignedIn) => {
            let answered = false;
            const answer = post(user).finally(() => {
              answered = true;
            });
            while (!answered && (await waiting()) === 0) await new Promise((r) => setTimeout(r, 20));
            return { answer, waits: await waiting() };
          };
          // Refused in the entry: answered without waiting on the row (a lock that ran would wait).
          const viewerPost = await answerOrWait(viewer);
          expect(viewerPost.waits).toBe(0);
          const refusedViewer = await viewerPost.answer;
          expect(refusedViewer.statusCode).toBe(403);
          expect(refusedViewer.json().error.message).toBe('Vaša uloga ne dopušta ovu radnju');
          const strangerPost = await answerOrWait(stranger);
          expect(strangerPost.waits).toBe(0);
          const refusedStranger = await strangerPost.answer;
          expect(refusedStranger.statusCode).toBe(403);
          expect(refusedStranger.json().error.message).toBe('Niste član ove tvrtke');
          const suspendedPost = await answerOrWait(suspended);
          expect(suspendedPost.waits).toBe(0);
          expect((await suspendedPost.answer).json().error.code).toBe('ACCOUNT_BLOCKED');
          // A member allowed to post does run the lock: it waits for the row until it is free.
          const warehousePost = await answerOrWait(warehouse);
          expect(warehousePost.waits).toBe(1);
          await q('rollback');
          expect((await warehousePost.answer).statusCode).toBe(201);
        } finally {
          await q('rollback');
        }
      });
      const after = await counts(owner.id);
      expect(after).toMatchObject({
        documents: Number(before?.documents) + 1,
        movements: Number(before?.movements) + 1,
      });
      expect((await inv.balance(item.id)).item.on_hand).toBe('5');
      const stock = await t.deps.database.session((q) => checkStock(q, owner.id));
      expect(stock).toEqual({ balanceMismatches: 0, itemMismatches: 0, negative: 0 });
    },
  );
});
