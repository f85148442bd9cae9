import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres, type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { as, inviteAndJoin } from './team.test-support.ts';

// Real parallel connections are needed to race two transactions (PGlite runs one at a time).
describe.runIf(onPostgres)('membership changes under concurrency', () => {
  let t: TestApp;
  let founder: SignedIn;
  beforeAll(async () => {
    t = await startTestApp();
    founder = await signUp(t.app, 'Osnivač Utrka');
  });
  afterAll(() => t.close());

  it('two owners demoting each other at once leave exactly one owner', async () => {
    for (let round = 0; round < 5; round++) {
      const o1 = await inviteAndJoin(t.app, founder, 'owner', `Prvi ${round}`);
      const o2 = await inviteAndJoin(t.app, founder, 'owner', `Drugi ${round}`);
      // Take the founder out of the count so the last-owner rule is what decides the race.
      await t.deps.database.session((q) =>
        q(`update memberships set role = 'admin' where company_id = $1 and user_id = $1`, [founder.id]),
      );
      const demote = (by: SignedIn, target: SignedIn) =>
        as(t.app, by, {
          method: 'PATCH',
          url: `/api/team/members/${target.id}`,
          payload: { role: 'admin' },
          company: founder.id,
        });
      const results = await Promise.all([demote(o1, o2), demote(o2, o1)]);
      // The loser was demoted first: under the lock it acts as an admin, who may not touch an owner.
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 403]);
      const [row] = await t.deps.database.session((q) =>
        q(
          `select count(*)::int as n from memberships where company_id = $1 and role = 'owner' and status = 'active'`,
          [founder.id],
        ),
      );
      expect(row?.n).toBe(1);
      // Reset for the next round: the founder owns again, the two leave.
      await t.deps.database.session((q) =>
        q(`update memberships set role = 'owner' where company_id = $1 and user_id = $1;`, [founder.id]),
      );
      await t.deps.database.session((q) =>
        q(`delete from memberships where company_id = $1 and user_id = any($2::uuid[])`, [
          founder.id,
          [o1.id, o2.id],
        ]),
      );
    }
  });
});
