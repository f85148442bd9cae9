import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCompany } from '../../db/tenant.ts';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';

// A client's or supplier's phone took any text ("zovi Ivana", "1"). Now it is checked by the
// domain's partner schema, the one the web form uses too: digits, spaces, a leading +, - / . ( ),
// 6 to 17 digits, with a translated message. A number stored before the rule still loads, and a
// change of other fields leaves it as it is; sending it again asks for a valid one.

let t: TestApp;
let user: SignedIn;

beforeAll(async () => {
  t = await startTestApp();
  user = await signUp(t.app, 'Telefon Test');
}, 60_000);
afterAll(async () => t?.close());

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { cookie: user.cookie }, payload: payload as object });

async function count(role: 'client' | 'supplier') {
  return withCompany(t.deps.db, { userId: user.id, companyId: user.id }, async (tx) => {
    const r = await tx.execute(sql`select count(*)::int as n from partners where role = ${role}`);
    return (r as unknown as { rows: { n: number }[] }).rows[0]?.n;
  });
}

describe('a partner phone number', () => {
  it('is refused with letters or too few digits, for clients, suppliers and contacts; nothing is saved', async () => {
    for (const [url, role] of [
      ['/api/clients', 'client'],
      ['/api/suppliers', 'supplier'],
    ] as const) {
      const before = await count(role);
      const letters = await call('POST', url, { name: 'Staklo Horvat', phone: 'zovi Ivana' });
      expect(letters.statusCode).toBe(400);
      expect(letters.json().error.details).toEqual([{ field: 'phone', key: 'validation.phoneInvalid' }]);
      expect(letters.json().error.message).toBe(
        'Telefon smije sadržavati samo brojke, razmake, + na početku te znakove - / . ( )',
      );
      const short = await call('POST', url, {
        name: 'Staklo Horvat',
        contacts: [{ name: 'Ivana', phone: '099' }],
      });
      expect(short.statusCode).toBe(400);
      expect(short.json().error.details).toEqual([
        { field: 'contacts.0.phone', key: 'validation.phoneDigits' },
      ]);
      expect(await count(role)).toBe(before);
      const ok = await call('POST', url, {
        name: 'Staklo Horvat',
        phone: '+385 1 2345 678',
        contacts: [{ name: 'Ivana', phone: '(091) 111 2222' }],
      });
      expect(ok.statusCode).toBe(201);
      expect(ok.json()).toMatchObject({ phone: '+385 1 2345 678', contacts: [{ phone: '(091) 111 2222' }] });
    }
  });

  it('stored before the rule still loads; other fields change around it; sent again it must be valid', async () => {
    const created = (await call('POST', '/api/clients', { name: 'Stari Kupac' })).json();
    await withCompany(t.deps.db, { userId: user.id, companyId: user.id }, (tx) =>
      tx.execute(sql`update partners set phone = 'zovi Ivana' where id = ${created.id}`),
    );
    const loaded = await call('GET', `/api/clients/${created.id}`);
    expect(loaded.statusCode).toBe(200);
    expect(loaded.json().phone).toBe('zovi Ivana');
    const list = await call('GET', '/api/clients?q=Stari');
    expect(list.json().rows.map((r: { phone: string }) => r.phone)).toEqual(['zovi Ivana']);

    const other = await call('PATCH', `/api/clients/${created.id}`, { payment_terms_days: 45 });
    expect(other.statusCode).toBe(200);
    expect(other.json()).toMatchObject({ payment_terms_days: 45, phone: 'zovi Ivana' });

    const again = await call('PATCH', `/api/clients/${created.id}`, { phone: 'zovi Ivana' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.details).toEqual([{ field: 'phone', key: 'validation.phoneInvalid' }]);
    const fixed = await call('PATCH', `/api/clients/${created.id}`, { phone: '01/2345-678' });
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json().phone).toBe('01/2345-678');
  });
});
