import { withCompany } from '../../../db/tenant.ts';
import { buildApp } from '../../../http/app.ts';
import { runDueJobs } from '../../../jobs/runner.ts';
import { loadPkcs12 } from '../../../security/certificate.ts';
import { makeTestCertificate } from '../../../security/test-certificates.ts';
import {
  createTestDatabase,
  type SignedIn,
  signUp,
  type TestApp,
  testConfig,
} from '../../../test/harness.ts';
import { documentsClient, type Json, TEST_OPERATOR } from '../../documents/test-helpers.ts';
import { putCertificate } from '../../fiscalisation/fiscal.repo.ts';
import { sendOptions } from '../fiscal-exchange.jobs.ts';
import { type PoreznaStandIn, startPoreznaStandIn } from './porezna-stand-in.ts';

// Test helper: a glass shop with its signing certificate, a domestic company client and a product,
// the Porezna stand-in, and the job queue driven by hand (JOBS=off, runDueJobs).

export const SELLER_OIB = '94577403194';
export const BUYER_OIB = '69435151530';

export type FiscalTestApp = {
  t: TestApp;
  owner: SignedIn;
  api: ReturnType<typeof documentsClient>;
  porezna: PoreznaStandIn;
  client: Json;
  item: Json;
  jobs(opts?: Parameters<typeof runDueJobs>[1]): Promise<number>;
  issue(amount?: string): Promise<Json>;
  settings(patch?: Json): Promise<Json>;
  close(): Promise<void>;
};

export async function startFiscalTestApp(): Promise<FiscalTestApp> {
  process.env.JOBS = 'off'; // the tests drive the queue themselves, one step at a time
  const testDb = await createTestDatabase();
  const built = await buildApp({
    config: testConfig(),
    database: testDb.database,
    adminToken: 'test-admin-token',
    report: (e) => console.error('server error', e),
  });
  await built.app.ready();
  const t: TestApp = {
    ...built,
    testDb,
    close: async () => {
      await built.app.close();
      await testDb.drop();
    },
  };
  const owner = await signUp(t.app);
  const api = documentsClient(t.app, owner);
  await api.ok('PATCH', '/api/tenants/me', {
    company_name: 'Staklo Horvat d.o.o.',
    company_address: 'Ilica 1, 10000 Zagreb',
    tax_number: SELLER_OIB,
    bank_accounts: [{ iban: 'HR1210010051863000160' }],
  });
  await api.ok('PUT', '/api/einvoice/operator', TEST_OPERATOR);
  // Stored where the fiscalisation settings keep the company's certificate (encrypted).
  const cert = makeTestCertificate({ oib: SELLER_OIB });
  const opened = loadPkcs12(cert.p12, cert.password);
  await withCompany(t.deps.db, { userId: owner.id, companyId: owner.id }, (tx) =>
    putCertificate(tx, owner.id, {
      p12: cert.p12,
      password: cert.password,
      subject: opened.subject,
      issuer: opened.issuer,
      serial: opened.serialNumber,
      oib: opened.oib,
      notBefore: opened.notBefore,
      notAfter: opened.notAfter,
    }),
  );
  const porezna = await startPoreznaStandIn({ trustedCertificatePem: cert.certPem });
  const settings = (patch: Json = {}) =>
    api.ok('PUT', '/api/fiscal-exchange/settings', {
      enabled: true,
      porezna_url: porezna.url,
      intermediary_kind: 'none',
      intermediary_url: null,
      intermediary_username: null,
      auto_send: false,
      ...patch,
    });
  await settings();
  const item = await api.ok('POST', '/api/inventory/items', {
    sku: 'IZO',
    name: 'Izo staklo 4-16-4',
    kind: 'product',
    base_unit: 'kom',
    vat_rate: '25',
    kpd_code: '23.12.12',
    sales_price: '100',
  });
  const client = await api.ok('POST', '/api/clients', {
    kind: 'company',
    name: 'Gradnja Kovač j.d.o.o.',
    oib: BUYER_OIB,
    billing_address: { street: 'Vukovarska 5', postal_code: '21000', city: 'Split' },
  });
  // Generous: the stand-in runs xmllint on every request, which takes a while on a busy machine.
  sendOptions.timeoutMs = 5_000;
  return {
    t,
    owner,
    api,
    porezna,
    client,
    item,
    settings,
    jobs: (opts = {}) => runDueJobs({ db: t.deps.db }, { retryDelayMs: () => 0, ...opts }),
    async issue(amount = '100') {
      const draft = await api.ok('POST', '/api/invoices', {
        client_id: client.id,
        lines: [{ item_id: item.id, quantity: '1', unit_price: amount }],
      });
      return (await api.ok('POST', `/api/invoices/${draft.document.id}/issue`)).document as Json;
    },
    async close() {
      await porezna.close();
      await t.close();
    },
  };
}
