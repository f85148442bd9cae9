import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { toChanges } from './audit.repo.ts';
import { sealCompanyNow } from './audit-sealer.ts';

let t: TestApp;
let owner: SignedIn;

const call = (user: SignedIn, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: user.cookie }, payload });

beforeAll(async () => {
  t = await startTestApp();
  owner = await signUp(t.app, 'Iva Kovač');
});
afterAll(async () => t?.close());

describe('audit views', () => {
  it('shows who changed which fields of a record, old and new', async () => {
    const created = await call(owner, 'POST', '/api/inventory/items', {
      sku: 'AUD-1',
      name: 'Staro ime',
      kind: 'material',
      base_unit: 'kom',
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    const patched = await call(owner, 'PATCH', `/api/inventory/items/${id}`, { name: 'Novo ime' });
    expect(patched.statusCode).toBe(200);

    const res = await call(owner, 'GET', `/api/audit/records/items/${id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(2);
    const [update, insert] = body.rows;
    expect(insert.action).toBe('INSERT');
    expect(update.action).toBe('UPDATE');
    expect(update.actor_name).toBe('Iva Kovač');
    expect(update.changes).toContainEqual({
      field: 'name',
      old: 'Staro ime',
      new: 'Novo ime',
      encrypted: false,
    });
  });

  it('filters the company trail by table and paginates', async () => {
    const res = await call(owner, 'GET', '/api/audit?table=items&page_size=1');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(2);
    expect(body.rows).toHaveLength(1);
    expect(body.rows[0].table_name).toBe('items');
    const none = (await call(owner, 'GET', '/api/audit?table=items&from=2000-01-01&to=2000-01-02')).json();
    expect(none.total).toBe(0);
    expect((await call(owner, 'GET', '/api/audit?table=Robert;drop')).statusCode).toBe(400);
  });

  it("verifies the current company's chain", async () => {
    const res = await call(owner, 'POST', '/api/audit/verify');
    expect(res.statusCode).toBe(200);
    expect(res.json().ok).toBe(true);
    expect(res.json().rows).toBeGreaterThanOrEqual(2);
    expect(res.json().first_break).toBeNull();
    expect(res.json().pending).toBe(0);
  });

  it('reports rows still waiting for the seal as pending, not as a break', async () => {
    const user = await signUp(t.app, 'Pending Rows');
    const owner = (text: string, params: unknown[] = []) => t.deps.database.session((q) => q(text, params));
    // The sign-up's own rows are chained first (commits leave them to the seal, migration 0050).
    await sealCompanyNow(t.deps.db, user.id);
    // A commit whose rows are marked ready but not chained yet (its seal found the head busy): the
    // seal trigger is off for the write, and the mark is added behind 1 000 older marks, more
    // than one seal takes (audit_seal_ready's max_marks), so the check's own seal leaves it.
    await owner('alter table audit_log disable trigger audit_seal');
    try {
      const created = await call(user, 'POST', '/api/inventory/items', {
        sku: 'PEND-1',
        name: 'Čeka pečat',
        kind: 'material',
        base_unit: 'kom',
      });
      expect(created.statusCode).toBe(201);
    } finally {
      await owner('alter table audit_log enable trigger audit_seal');
    }
    const [waiting] = await owner(
      `select count(*)::int as n, min(tx::text) as tx from audit_trail where company_id = $1 and seq is null`,
      [user.id],
    );
    expect(waiting?.n).toBeGreaterThan(0);
    await owner(
      `insert into audit_ready (company, tx) select $1, (1000000000 + g)::text::xid8 from generate_series(1, 1000) g`,
      [user.id],
    );
    await owner(`insert into audit_ready (company, tx) values ($1, $2::xid8)`, [user.id, waiting?.tx]);
    const res = await call(user, 'POST', '/api/audit/verify');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, unsealed: 0, pending: waiting?.n, first_break: null });
    // The next check seals them.
    expect((await call(user, 'POST', '/api/audit/verify')).json()).toMatchObject({ ok: true, pending: 0 });
  });

  it("does not show another company's records", async () => {
    const other = await signUp(t.app);
    const body = (await call(other, 'GET', '/api/audit?table=items')).json();
    expect(body.total).toBe(0);
  });

  it('never returns encrypted values', () => {
    expect(
      toChanges({ iban: { old: 'enc:v1:abc', new: 'enc:v1:def' }, city: { old: null, new: 'Split' } }),
    ).toEqual([
      { field: 'city', old: null, new: 'Split', encrypted: false },
      { field: 'iban', old: null, new: null, encrypted: true },
    ]);
  });
});
