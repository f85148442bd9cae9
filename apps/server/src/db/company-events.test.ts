import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/harness.ts';
import { NOTIFY_MAX_IDS, notifyCompany } from './company-events.ts';

const COMPANY = '3f1c2b7a-0c4e-4d5b-9a61-2e8f7d6c5b41';
const idsOf = (n: number) =>
  Array.from({ length: n }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);

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
    for (let i = 0; i < 100 && received.length < count; i++) await new Promise((r) => setTimeout(r, 20));
  };

  it('delivers company, topic and ids after commit; a rolled-back change sends nothing', async () => {
    received.length = 0;
    await testDb.database.db
      .transaction(async (tx) => {
        await notifyCompany(tx, COMPANY, 'partners', idsOf(1));
        throw new Error('roll back');
      })
      .catch(() => {});
    await testDb.database.db.transaction((tx) => notifyCompany(tx, COMPANY, 'stock', idsOf(2)));
    await settle(1);
    await new Promise((r) => setTimeout(r, 100));
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
});
