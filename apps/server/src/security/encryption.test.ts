import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/database.ts';
import { asPlatformFor } from '../db/tenant.ts';
import { verifyAuditChain } from '../modules/audit/audit.service.ts';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../test/harness.ts';
import { ENCRYPTED_TABLES, SENSITIVE_COLUMN_PATTERN } from './encrypted-columns.ts';
import { blindIndex } from './field-crypto.ts';
import { installKeyring, keyringFromFile } from './keyring.ts';
import { keyStatus, rotateAll, rotateIfNeeded } from './rotation.ts';

const KEY_A = Buffer.alloc(32, 7).toString('base64');
const KEY_B = Buffer.alloc(32, 8).toString('base64');
const INDEX = Buffer.alloc(32, 9).toString('base64');
const ringA = keyringFromFile({ active: 'ka', keys: { ka: KEY_A }, index: INDEX }, { kind: 'memory' });
const ringAB = keyringFromFile(
  { active: 'kb', keys: { ka: KEY_A, kb: KEY_B }, index: INDEX },
  { kind: 'memory' },
);
const ringB = keyringFromFile({ active: 'kb', keys: { kb: KEY_B }, index: INDEX }, { kind: 'memory' });

const OIB = '12345678903';
const IBAN = 'HR1210010051863000160';
const profile = {
  tax_number: OIB,
  phone: '+385 91 555 0101',
  date_of_birth: '1980-05-17',
  bank_accounts: [{ iban: IBAN, bank_name: 'Banka' }],
};

describe('encryption at rest', () => {
  let t: TestApp;
  let user: SignedIn;

  const raw = async (id: string) =>
    (
      await t.deps.database.session((q) =>
        q(
          'select tax_number, tax_number_bidx, phone, date_of_birth, bank_accounts from tenants where id = $1',
          [id],
        ),
      )
    )[0] as Record<string, string>;
  const auditText = async () =>
    (
      await t.deps.database.session((q) =>
        q(`select coalesce(string_agg(changes::text, ' '), '') as t from audit_log`),
      )
    )[0]?.t as string;
  const getProfile = async (u: SignedIn) =>
    (await t.app.inject({ url: '/api/tenants/me', headers: { cookie: u.cookie } })).json();

  beforeAll(async () => {
    installKeyring(ringA);
    t = await startTestApp();
    user = await signUp(t.app, 'Tajni Korisnik');
  });
  afterAll(() => t.close());

  it('stores OIB, phone, date of birth and bank accounts as ciphertext and returns them plain to the owner', async () => {
    const saved = await t.app.inject({
      method: 'PATCH',
      url: '/api/tenants/me',
      headers: { cookie: user.cookie },
      payload: profile,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject(profile);
    expect(await getProfile(user)).toMatchObject(profile);
    const row = await raw(user.id);
    for (const column of ['tax_number', 'phone', 'date_of_birth', 'bank_accounts'])
      expect(row[column]).toMatch(/^enc:v1:ka:/);
    expect(JSON.stringify(row)).not.toContain(OIB);
    expect(JSON.stringify(row)).not.toContain(IBAN);
    expect(JSON.stringify(row)).not.toContain('1980-05-17');
    expect(row.tax_number_bidx).toBe(blindIndex('oib', OIB, ringA));
  });

  it('keeps plain values out of the audit trail, and the chain still verifies', async () => {
    const text = await auditText();
    expect(text).toContain('enc:v1:ka:');
    expect(text).not.toContain(OIB);
    expect(text).not.toContain(IBAN);
    expect(text).not.toContain('+385 91 555 0101');
    expect(await verifyAuditChain(t.deps.db)).toMatchObject({ ok: true, firstBreak: null });
  });

  it('records no audit change when an unchanged secret is saved again', async () => {
    const count = async () =>
      Number(
        (
          await t.deps.database.session((q) =>
            q('select count(*)::int as n from audit_log where company_id = $1', [user.id]),
          )
        )[0]?.n,
      );
    const before = await count();
    await t.app.inject({
      method: 'PATCH',
      url: '/api/tenants/me',
      headers: { cookie: user.cookie },
      payload: { tax_number: OIB, bank_accounts: profile.bank_accounts },
    });
    expect(await count()).toBe(before);
  });

  it('finds a company by OIB through the blind index without decrypting', async () => {
    const rows = await t.deps.database.session((q) =>
      q('select id from tenants where tax_number_bidx = $1', [blindIndex('oib', OIB)]),
    );
    expect(rows).toEqual([{ id: user.id }]);
  });

  it('encrypts plain rows written before encryption existed, and reads them meanwhile', async () => {
    const legacy = await signUp(t.app, 'Stari Zapis');
    await asPlatformFor(t.deps.db, { userId: legacy.id, companyId: legacy.id }, (tx) =>
      tx.execute(sql`update tenants set tax_number = '69435151530', phone = '01 222', bank_accounts = ${JSON.stringify([{ iban: IBAN }])}
        where id = ${legacy.id}`),
    );
    expect(await getProfile(legacy)).toMatchObject({
      tax_number: '69435151530',
      phone: '01 222',
      bank_accounts: [{ iban: IBAN }],
    });
    expect((await keyStatus(t.deps.db)).plain).toBeGreaterThanOrEqual(3);
    const result = await rotateIfNeeded(t.deps.db);
    expect(result?.values).toBeGreaterThanOrEqual(3);
    const row = await raw(legacy.id);
    expect(row.tax_number).toMatch(/^enc:v1:ka:/);
    expect(row.tax_number_bidx).toBe(blindIndex('oib', '69435151530', ringA));
    expect((await keyStatus(t.deps.db)).plain).toBe(0);
    // Done for this key: the pass at the next start is skipped.
    expect(await rotateIfNeeded(t.deps.db)).toBeNull();
    expect(await getProfile(legacy)).toMatchObject({
      tax_number: '69435151530',
      bank_accounts: [{ iban: IBAN }],
    });
  });

  it('rotates every value to a new key in small batches; afterwards the old key is not needed for current data', async () => {
    installKeyring(ringAB);
    const result = await rotateAll(t.deps.db, { keyring: ringAB, batchSize: 1 });
    expect(result.activeKid).toBe('kb');
    expect(result.values).toBe(7); // 4 fields of the first profile, 3 of the legacy one
    const status = await keyStatus(t.deps.db, ringAB);
    expect(status.byKid.ka ?? 0).toBe(0);
    expect(status.byKid.kb).toBe(7);
    expect(status.auditByKid.ka).toBeGreaterThan(0); // history keeps what it recorded
    installKeyring(ringB);
    expect(await getProfile(user)).toMatchObject(profile);
    expect((await raw(user.id)).tax_number_bidx).toBe(blindIndex('oib', OIB, ringA));
    expect(await verifyAuditChain(t.deps.db)).toMatchObject({ ok: true });
    const text = await auditText();
    expect(text).not.toContain(OIB);
  });

  it('lists every identifier-like column of the schema as encrypted, stored as text', async () => {
    const columns = rowsOf<{ table_name: string; column_name: string; data_type: string }>(
      await t.deps.db.execute(sql`select table_name, column_name, data_type from information_schema.columns
        where table_schema = 'public' and table_name not in ('audit_log')`),
    ).filter((c) => SENSITIVE_COLUMN_PATTERN.test(c.column_name));
    expect(columns.length).toBeGreaterThanOrEqual(3);
    const missing = columns
      .filter(
        (c) => !ENCRYPTED_TABLES.some((t) => t.table === c.table_name && t.columns.includes(c.column_name)),
      )
      .map((c) => `${c.table_name}.${c.column_name}`);
    expect(missing, 'add these to security/encrypted-columns.ts and write them with encryptField').toEqual(
      [],
    );
    expect(columns.filter((c) => c.data_type !== 'text')).toEqual([]);
  });
});
