import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/harness.ts';
import {
  ANNOUNCE_INTERVAL_MS,
  announceAfterCommit,
  type CompanyTopic,
  flushCompanyEvents,
  NOTIFY_MAX_IDS,
  notifyCompany,
} from './company-events.ts';
import type { Tx } from './database.ts';

const COMPANY = '3f1c2b7a-0c4e-4d5b-9a61-2e8f7d6c5b41';
const OTHER = '9a0b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d';
const idsOf = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => `00000000-0000-4000-8000-${String(from + i).padStart(12, '0')}`);
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('company events: one notification, sent only when the change commits', () => {
  let testDb: TestDatabase;
  const received: { company_id: string; topic: string; ids: string[] }[] = [];
  beforeAll(async () => {
    testDb = await createTestDatabase();
    await testDb.database.listen('company_event', (payload) => received.push(JSON.parse(payload)));
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  const settle = async (count: number) => {
    for (let i = 0; i < 100 && received.length < count; i++) await pause(20);
  };
  /** A transaction whose events are held until commit, as withCompany opens them. */
  const held = <T>(fn: (tx: Tx) => Promise<T>) =>
    announceAfterCommit(testDb.database.db, (hold) =>
      testDb.database.db.transaction(async (tx) => {
        hold(tx);
        return fn(tx);
      }),
    );
  const event = (tx: Tx, companyId: string, topic: CompanyTopic, ids: string[]) =>
    notifyCompany(tx, companyId, topic, ids);

  it('in a transaction of its own: delivers company, topic and ids after commit; a rollback sends nothing', async () => {
    received.length = 0;
    await testDb.database.db
      .transaction(async (tx) => {
        await notifyCompany(tx, COMPANY, 'partners', idsOf(1));
        throw new Error('roll back');
      })
      .catch(() => {});
    await testDb.database.db.transaction((tx) => notifyCompany(tx, COMPANY, 'stock', idsOf(2)));
    await settle(1);
    await pause(100);
    expect(received).toEqual([{ company_id: COMPANY, topic: 'stock', ids: idsOf(2) }]);
  });

  it('more ids than fit in a notification go out as an empty list ("re-read all")', async () => {
    received.length = 0;
    await testDb.database.db.transaction((tx) =>
      notifyCompany(tx, COMPANY, 'stock', idsOf(NOTIFY_MAX_IDS + 1)),
    );
    await testDb.database.db.transaction((tx) =>
      notifyCompany(tx, COMPANY, 'cutting', idsOf(NOTIFY_MAX_IDS)),
    );
    await settle(2);
    expect(received.map((e) => [e.topic, e.ids.length])).toEqual([
      ['stock', 0],
      ['cutting', NOTIFY_MAX_IDS],
    ]);
  });

  it('held events: nothing while the transaction is open, one notification after the commit', async () => {
    received.length = 0;
    await held(async (tx) => {
      await event(tx, COMPANY, 'stock', idsOf(1));
      // Longer than the interval: an event of an open transaction is never sent.
      await pause(ANNOUNCE_INTERVAL_MS * 3);
      expect(received).toEqual([]);
    });
    await settle(1);
    await pause(ANNOUNCE_INTERVAL_MS * 2);
    expect(received).toEqual([{ company_id: COMPANY, topic: 'stock', ids: idsOf(1) }]);
  });

  it('a rolled-back or failed transaction announces nothing, the committed one beside it does', async () => {
    received.length = 0;
    await held(async (tx) => {
      await event(tx, COMPANY, 'partners', idsOf(1, 50));
      throw new Error('roll back');
    }).catch(() => {});
    await held(async (tx) => {
      await event(tx, COMPANY, 'partners', idsOf(1, 60));
      await tx.execute(sql`select 1/0`); // fails in the database
    }).catch(() => {});
    await held((tx) => event(tx, COMPANY, 'documents', idsOf(1, 70)));
    await flushCompanyEvents(testDb.database.db);
    await settle(1);
    await pause(ANNOUNCE_INTERVAL_MS * 2);
    expect(received).toEqual([{ company_id: COMPANY, topic: 'documents', ids: idsOf(1, 70) }]);
  });

  it('events of one interval go out merged: one notification per company and topic, ids united', async () => {
    received.length = 0;
    await Promise.all([
      held((tx) => event(tx, COMPANY, 'stock', idsOf(2, 0))),
      held((tx) => event(tx, COMPANY, 'stock', idsOf(2, 1))),
      held(async (tx) => {
        await event(tx, COMPANY, 'documents', idsOf(1, 9));
        await event(tx, OTHER, 'stock', idsOf(1, 5));
      }),
    ]);
    await flushCompanyEvents(testDb.database.db);
    await settle(3);
    await pause(ANNOUNCE_INTERVAL_MS * 2);
    const key = (e: { company_id: string; topic: string }) => `${e.company_id}/${e.topic}`;
    const byKey = new Map(received.map((e) => [key(e), [...e.ids].sort()]));
    expect(received).toHaveLength(3);
    expect(byKey.get(`${COMPANY}/stock`)).toEqual(idsOf(3, 0));
    expect(byKey.get(`${COMPANY}/documents`)).toEqual(idsOf(1, 9));
    expect(byKey.get(`${OTHER}/stock`)).toEqual(idsOf(1, 5));
  });

  it('merged ids past the limit, or any "re-read all" in the interval, go out as an empty list', async () => {
    received.length = 0;
    const half = Math.ceil(NOTIFY_MAX_IDS / 2) + 1;
    await held((tx) => event(tx, COMPANY, 'stock', idsOf(half, 0)));
    await held((tx) => event(tx, COMPANY, 'stock', idsOf(half, 1000)));
    await held((tx) => event(tx, COMPANY, 'cutting', idsOf(1)));
    await held((tx) => event(tx, COMPANY, 'cutting', []));
    await held((tx) => event(tx, COMPANY, 'cutting', idsOf(1, 3)));
    await flushCompanyEvents(testDb.database.db);
    await settle(2);
    await pause(ANNOUNCE_INTERVAL_MS * 2);
    expect(received.map((e) => [e.topic, e.ids]).sort()).toEqual([
      ['cutting', []],
      ['stock', []],
    ]);
  });
});
