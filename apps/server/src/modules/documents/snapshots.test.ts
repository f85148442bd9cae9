import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/database.ts';
import { currentKeyring, installKeyring, type Keyring, keyringFromFile } from '../../security/keyring.ts';
import { rotateAll } from '../../security/rotation.ts';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { documentsClient, glassShop, type Json } from './test-helpers.ts';

// Issued invoices keep the seller's and buyer's OIB and IBAN encrypted (migration 0015), readable
// through the API, the UBL export and after a key rotation.

const SELLER_OIB = '94577403194';
const SELLER_IBAN = 'HR1210010051863000160';
const BUYER_OIB = '69435151530';

let t: TestApp;
let user: SignedIn;
let api: ReturnType<typeof documentsClient>;
let invoice: Json;
let original: Keyring;

const stored = async (id: string) =>
  rowsOf<Record<string, unknown>>(
    await t.deps.db.execute(
      sql`select seller, buyer, seller_oib, seller_iban, buyer_oib, buyer_iban from documents where id = ${id}`,
    ),
  )[0] as Record<string, unknown>;

async function expectUblWithSecrets() {
  const ubl = await api.call('GET', `/api/invoices/${invoice.id}/ubl`);
  expect(ubl.status).toBe(200);
  const xml = String(ubl.body);
  expect(xml).toContain(`<cbc:CompanyID>HR${SELLER_OIB}</cbc:CompanyID>`);
  expect(xml).toContain(BUYER_OIB);
  expect(xml).toContain(`<cbc:ID>${SELLER_IBAN}</cbc:ID>`);
}

beforeAll(async () => {
  original = currentKeyring();
  t = await startTestApp();
  user = await signUp(t.app);
  api = documentsClient(t.app, user);
  const shop = await glassShop(api);
  const draft = await api.ok('POST', '/api/invoices', {
    client_id: shop.client.id,
    lines: [
      {
        description: 'Montaža',
        quantity: '1',
        unit: 'h',
        unit_price: '40',
        vat_rate: '25',
        kpd_code: '43.34.20',
      },
    ],
  });
  invoice = (
    await api.ok('POST', `/api/invoices/${draft.document.id}/issue`, undefined, {
      'idempotency-key': 'snap-1',
    })
  ).document;
}, 120_000);
afterAll(async () => {
  installKeyring(original);
  await t?.close();
});

describe('invoice snapshots', () => {
  it('stores OIB and IBAN encrypted, outside the plain snapshot', async () => {
    const row = await stored(invoice.id);
    for (const column of ['seller_oib', 'seller_iban', 'buyer_oib'])
      expect(String(row[column])).toMatch(/^enc:v1:/);
    expect(row.buyer_iban).toBeNull();
    const text = JSON.stringify([row.seller, row.buyer]);
    for (const secret of [SELLER_OIB, SELLER_IBAN, BUYER_OIB]) expect(text).not.toContain(secret);
    expect(row.seller).toMatchObject({ name: 'Staklo Horvat d.o.o.' });
  });

  it('reads them decrypted for the UBL e-invoice', async () => {
    await expectUblWithSecrets();
  });

  it('re-encrypts them under a new key on rotation', async () => {
    const before = await stored(invoice.id);
    const kid = 'ksnap';
    const keys = Object.fromEntries([...original.keys].map(([k, v]) => [k, v.toString('base64')]));
    const rotated = keyringFromFile(
      {
        active: kid,
        keys: { ...keys, [kid]: randomBytes(32).toString('base64') },
        index: original.indexKey.toString('base64'),
      },
      { kind: 'memory' },
    );
    installKeyring(rotated);
    await rotateAll(t.deps.db, { keyring: rotated });
    const after = await stored(invoice.id);
    expect(String(after.seller_oib)).toMatch(/^enc:v1:ksnap:/);
    expect(after.seller_oib).not.toBe(before.seller_oib);
    await expectUblWithSecrets();
  });
});
