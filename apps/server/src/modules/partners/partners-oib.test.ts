import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asPlatformFor } from '../../db/tenant.ts';
import { blindIndex } from '../../security/field-crypto.ts';
import { rotateAll } from '../../security/rotation.ts';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';

const OIB = '69435151530';
const OTHER_OIB = '12345678903';

describe("partners' OIB at rest", () => {
  let t: TestApp;
  let user: SignedIn;
  beforeAll(async () => {
    t = await startTestApp();
    user = await signUp(t.app, 'Tajni Partneri');
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: { cookie: user.cookie }, payload: payload as object });
  const raw = async (id: string) =>
    (
      await t.deps.database.session((q) => q('select oib, oib_bidx from partners where id = $1', [id]))
    )[0] as { oib: string | null; oib_bidx: string | null };
  const auditCount = async () =>
    Number(
      (
        await t.deps.database.session((q) =>
          q(`select count(*)::int as n from audit_log where table_name = 'partners'`),
        )
      )[0]?.n,
    );
  const auditText = async () =>
    (
      await t.deps.database.session((q) =>
        q(`select coalesce(string_agg(changes::text, ' '), '') as t from audit_log`),
      )
    )[0]?.t as string;

  it('stores the OIB as ciphertext with a blind index, and returns it plain', async () => {
    const res = await call('POST', '/api/clients', { name: 'Šifra d.o.o.', oib: OIB });
    expect(res.statusCode).toBe(201);
    expect(res.json().oib).toBe(OIB);
    const row = await raw(res.json().id);
    expect(row.oib).toMatch(/^enc:v1:/);
    expect(row.oib).not.toContain(OIB);
    expect(row.oib_bidx).toBe(blindIndex('oib', OIB));
    expect((await call('GET', `/api/clients/${res.json().id}`)).json().oib).toBe(OIB);
    expect(await auditText()).not.toContain(OIB);
  });

  it('finds a partner by its complete OIB, and refuses a second one with the same OIB', async () => {
    const list = await call('GET', `/api/clients?q=${OIB}`);
    expect(list.json().rows.map((r: { name: string }) => r.name)).toEqual(['Šifra d.o.o.']);
    const dup = await call('POST', '/api/clients', { name: 'Netko', oib: ` ${OIB} ` });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.details[0]).toMatchObject({ field: 'oib', key: 'validation.oibTaken' });
    const probe = await call('GET', `/api/clients/duplicates?oib=${OIB}&name=Posve%20drugo`);
    expect(probe.json()).toEqual([
      expect.objectContaining({ name: 'Šifra d.o.o.', oib: OIB, reason: 'oib' }),
    ]);
  });

  it('keeps the envelope when the OIB is saved unchanged, and re-seals a changed one', async () => {
    const created = (await call('POST', '/api/clients', { name: 'Stalni d.o.o.', oib: OTHER_OIB })).json();
    const before = await raw(created.id);
    const audits = await auditCount();
    const same = await call('PATCH', `/api/clients/${created.id}`, { oib: OTHER_OIB, notes: 'bilješka' });
    expect(same.statusCode).toBe(200);
    expect((await raw(created.id)).oib).toBe(before.oib);
    expect(await auditCount()).toBe(audits + 1);
    const changes = (
      await t.deps.database.session((q) =>
        q(`select changes from audit_log where table_name = 'partners' order by id desc limit 1`),
      )
    )[0]?.changes as Record<string, unknown>;
    expect(Object.keys(changes)).not.toContain('oib');
    const cleared = await call('PATCH', `/api/clients/${created.id}`, { oib: null });
    expect(cleared.json().oib).toBeNull();
    expect(await raw(created.id)).toEqual({ oib: null, oib_bidx: null });
  });

  it('encrypts plain OIBs written before encryption in the pass, and reads them meanwhile', async () => {
    const created = (
      await call('POST', '/api/suppliers', { name: 'Stari Dobavljač', lead_time_days: 3 })
    ).json();
    await asPlatformFor(t.deps.db, { userId: user.id, companyId: user.id }, (tx) =>
      tx.execute(sql`update partners set oib = ${OTHER_OIB}, oib_bidx = null where id = ${created.id}`),
    );
    expect((await call('GET', `/api/suppliers/${created.id}`)).json().oib).toBe(OTHER_OIB);
    const dup = await call('POST', '/api/suppliers', { name: 'Novi', oib: OTHER_OIB, lead_time_days: 1 });
    expect(dup.statusCode).toBe(409);
    await rotateAll(t.deps.db);
    const row = await raw(created.id);
    expect(row.oib).toMatch(/^enc:v1:/);
    expect(row.oib_bidx).toBe(blindIndex('oib', OTHER_OIB));
    expect((await call('GET', `/api/suppliers/${created.id}`)).json().oib).toBe(OTHER_OIB);
  });
});
