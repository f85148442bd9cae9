import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, inviteAndJoin } from '../modules/team/team.test-support.ts';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../test/harness.ts';

/**
 * Issue 20: one transaction per request. The permission check runs at the start of the use-case's
 * own transaction (inCompany), not in a transaction of its own before it; requests answered without
 * reaching that transaction are checked once before the answer leaves.
 */
describe('access: one transaction per request', () => {
  let t: TestApp;
  let owner: SignedIn;
  let viewer: SignedIn;
  let stranger: SignedIn;
  let transactions = 0;
  let restore = () => {};

  beforeAll(async () => {
    t = await startTestApp();
    owner = await signUp(t.app, 'Transakcija Vlasnik');
    viewer = await inviteAndJoin(t.app, owner, 'viewer');
    stranger = await signUp(t.app, 'Transakcija Stranac');
    if (t.deps.database.kind === 'postgres') {
      // On PostgreSQL a company transaction's BEGIN travels with its first statement
      // (db/begin-with.ts): count the BEGINs the server's connections send.
      const original = pg.Client.prototype.query;
      restore = () => {
        pg.Client.prototype.query = original;
      };
      pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
        const first = args[0] as string | { text?: string };
        const text = typeof first === 'string' ? first : (first?.text ?? '');
        if (/^\s*begin\b/i.test(text)) transactions++;
        return (original as (...x: unknown[]) => unknown).apply(this, args);
      } as typeof original;
      return;
    }
    // Every transaction of the main database goes through this method (company and auth alike).
    const db = t.deps.db;
    const original = db.transaction.bind(db);
    db.transaction = ((...args: Parameters<typeof original>) => {
      transactions++;
      return original(...args);
    }) as typeof db.transaction;
  });
  afterAll(async () => {
    restore();
    await t?.close();
  });

  /** The response and how many transactions the request opened. */
  async function counted(call: Parameters<typeof as>[2], user: SignedIn) {
    const before = transactions;
    const res = await as(t.app, user, call);
    return { res, opened: transactions - before };
  }

  it('a read with a permission check opens one transaction', async () => {
    const { res, opened } = await counted({ url: '/api/company', company: owner.id }, viewer);
    expect(res.statusCode).toBe(200);
    expect(opened).toBe(1);
  });

  it('a write with a permission check opens one transaction and the change is there', async () => {
    const { res, opened } = await counted(
      {
        method: 'PATCH',
        url: '/api/company',
        company: owner.id,
        payload: { company_name: 'Jedna Transakcija d.o.o.' },
      },
      owner,
    );
    expect(res.statusCode).toBe(200);
    expect(opened).toBe(1);
    const read = await as(t.app, owner, { url: '/api/company' });
    expect(read.json().company_name).toBe('Jedna Transakcija d.o.o.');
  });

  it('a role without the permission is refused with 403 FORBIDDEN in one transaction, and nothing changes', async () => {
    const { res, opened } = await counted(
      {
        method: 'PATCH',
        url: '/api/company',
        company: owner.id,
        payload: { company_name: 'Preuzeto d.o.o.' },
      },
      viewer,
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('FORBIDDEN');
    expect(opened).toBe(1);
    const read = await as(t.app, owner, { url: '/api/company' });
    expect(read.json().company_name).toBe('Jedna Transakcija d.o.o.');
  });

  it('a refused request whose body would not validate still gets 403, not the validation errors', async () => {
    const { res, opened } = await counted(
      { method: 'PATCH', url: '/api/company', company: owner.id, payload: { company_name: 5 } },
      viewer,
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('FORBIDDEN');
    expect(res.json().error.details).toBeUndefined();
    expect(opened).toBe(1);
  });

  it('an allowed request with a bad body gets its validation errors', async () => {
    const res = await as(t.app, owner, {
      method: 'PATCH',
      url: '/api/company',
      payload: { company_name: 5 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION');
  });

  it('a non-member is refused on a read, a miss and a bad body alike (tenant isolation)', async () => {
    const read = await counted({ url: '/api/company', company: owner.id }, stranger);
    expect(read.res.statusCode).toBe(403);
    expect(read.opened).toBe(1);
    const missing = await as(t.app, stranger, {
      url: '/api/files/00000000-0000-0000-0000-000000000000',
      company: owner.id,
    });
    expect(missing.statusCode).toBe(403);
    const bad = await as(t.app, stranger, { url: '/api/inventory/items/not-a-uuid', company: owner.id });
    expect(bad.statusCode).toBe(403);
    expect(bad.json().error.code).toBe('FORBIDDEN');
  });

  it('an unauthenticated request opens no company transaction', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/company' });
    expect(res.statusCode).toBe(401);
  });
});
