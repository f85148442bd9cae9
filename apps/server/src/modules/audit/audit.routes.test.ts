import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { toChanges } from './audit.repo.ts';

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
