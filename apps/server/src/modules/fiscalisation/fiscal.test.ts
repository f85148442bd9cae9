import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Decimal } from 'decimal.js';
import { sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/database.ts';
import { runDueJobs } from '../../jobs/runner.ts';
import { makeTestCertificate, type TestCertificate } from '../../security/test-certificates.ts';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { documentsClient, type Json } from '../documents/test-helpers.ts';
import { CisStandIn } from './cis-stand-in.ts';

// B2C fiscalisation through the real HTTP app and a local CIS stand-in that checks every request
// against FiskalizacijaSchema.xsd and its signature: refusals before numbering, a JIR at issue,
// CIS down (pending, ZKI printed, the job delivers once with NakDost), a time-out, an error answer.

const OIB = '94577403194';
let t: TestApp;
let owner: SignedIn;
let api: ReturnType<typeof documentsClient>;
let cis: CisStandIn;
let cert: TestCertificate;
const ids: Record<string, string> = {};

const runJobs = (max?: number) => runDueJobs(t.deps, { retryDelayMs: () => 0, max });

async function sqlRows<T>(q: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await t.deps.db.execute(q));
}

async function pdfText(id: string): Promise<string> {
  const res = await api.call('GET', `/api/documents/${id}/pdf`);
  expect(res.status).toBe(200);
  const pdf = await getDocumentProxy(new Uint8Array(res.raw.rawPayload));
  return (await extractText(pdf, { mergePages: true })).text.replace(/\s+/g, ' ');
}

async function draft(client: string, quantity = '2') {
  const body = await api.ok('POST', '/api/invoices', {
    client_id: ids[client],
    lines: [{ item_id: ids.glass, quantity }],
  });
  return body.document.id as string;
}
const issue = (id: string) => api.call('POST', `/api/invoices/${id}/issue`);
const fiscal = async (id: string) => (await api.ok('GET', `/api/invoices/${id}/fiscal`)) as Json;

const upload = (c: TestCertificate, password = c.password) =>
  api.call('POST', '/api/fiscal/certificate', { p12_base64: c.p12.toString('base64'), password });
const settings = (extra: Json = {}) =>
  api.ok('PUT', '/api/fiscal/settings', {
    enabled: true,
    sequence_mark: 'N',
    cis_url: cis.url,
    timeout_ms: 3000,
    registered_premises: 'POS1',
    ...extra,
  });

beforeAll(async () => {
  cis = new CisStandIn();
  await cis.start();
  cert = makeTestCertificate({ oib: OIB, password: 'Fiskal-2026!' });
  process.env.JOBS = 'off'; // the test drives the late-delivery queue itself (runDueJobs)
  t = await startTestApp();
  owner = await signUp(t.app);
  api = documentsClient(t.app, owner);
  await api.ok('PATCH', '/api/tenants/me', {
    company_name: 'Staklo Horvat d.o.o.',
    company_address: 'Ilica 1, 10000 Zagreb',
    tax_number: OIB,
    bank_accounts: [{ iban: 'HR1210010051863000160' }],
  });
  await api.ok('PUT', '/api/einvoice/operator', { operator_mark: 'Ana', operator_oib: '12345678903' });
  ids.glass = (
    await api.ok('POST', '/api/inventory/items', {
      sku: 'IZO',
      name: 'Izo staklo 4-16-4',
      kind: 'service',
      base_unit: 'kom',
      vat_rate: '25',
      kpd_code: '23.12.12',
      sales_price: '100.10',
    })
  ).id;
  ids.consumer = (
    await api.ok('POST', '/api/clients', {
      kind: 'person',
      name: 'Ivana Perić',
      billing_address: { street: 'Zagrebačka 3', postal_code: '10000', city: 'Zagreb' },
    })
  ).id;
  ids.business = (
    await api.ok('POST', '/api/clients', {
      kind: 'company',
      name: 'Gradnja Kovač j.d.o.o.',
      oib: '69435151530',
      billing_address: { street: 'Vukovarska 5', postal_code: '21000', city: 'Split' },
    })
  ).id;
}, 120_000);
afterAll(async () => {
  await t?.close();
  await cis?.stop();
});

describe('refused before anything is numbered', () => {
  it('names the missing certificate and premises; the draft stays unnumbered', async () => {
    await settings({ registered_premises: null });
    const id = await draft('consumer');
    const res = await issue(id);
    expect(res.status).toBe(400);
    expect(res.body.error.details.map((d: Json) => d.key).sort()).toEqual([
      'validation.fiscalCertificateMissing',
      'validation.fiscalPremisesMissing',
    ]);
    const doc = (await api.ok('GET', `/api/documents/${id}`)).document;
    expect(doc).toMatchObject({ status: 'draft', number: null });
    expect(await sqlRows(sql`select 1 from fiscal_invoices`)).toHaveLength(0);
    expect(
      await sqlRows(sql`select 1 from document_counters where series like 'invoice%' and last_seq > 0`),
    ).toHaveLength(0);
    expect(cis.received).toHaveLength(0);
    ids.refused = id;
  });

  it('refuses a wrong password, an expired certificate and another company’s OIB', async () => {
    const wrong = await upload(cert, 'kriva lozinka');
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.details[0].key).toBe('validation.certificateUnreadable');
    const expired = makeTestCertificate({ oib: OIB, days: -1 });
    expect((await upload(expired)).body.error.details[0].key).toBe('validation.certificateExpired');
    const foreign = makeTestCertificate({ oib: '69435151530' });
    expect((await upload(foreign)).body.error.details[0].key).toBe('validation.certificateOibMismatch');
    expect((await api.ok('GET', '/api/fiscal/settings')).certificate).toBeNull();
  });

  it('a business buyer is not fiscalised through CIS', async () => {
    const id = await draft('business');
    expect((await issue(id)).status).toBe(200);
    expect(await fiscal(id)).toBeNull();
  });
});

describe('issuing a consumer invoice', () => {
  it('stores the certificate encrypted and shows what it is', async () => {
    const res = await upload(cert);
    expect(res.status).toBe(200);
    expect(res.body.certificate).toMatchObject({ oib: OIB, subject: expect.stringContaining('fiskal 1') });
    await settings();
    const [row] = await sqlRows<{ certificate: string; certificate_password: string }>(
      sql`select certificate, certificate_password from fiscal_settings`,
    );
    expect(row?.certificate).toMatch(/^enc:v1:/);
    expect(row?.certificate_password).toMatch(/^enc:v1:/);
    expect(row?.certificate_password).not.toContain('Fiskal');
  });

  it('gets a JIR at issue: valid, signed request; JIR, ZKI and the QR link on the invoice', async () => {
    cis.mode = { kind: 'ok' };
    const id = ids.refused as string;
    const res = await issue(id);
    expect(res.status).toBe(200);
    const doc = res.body.document;
    const got = await fiscal(id);
    const sent = cis.received.at(-1);
    expect(sent?.schemaErrors).toEqual([]);
    expect(sent?.signatureValid).toBe(true);
    expect(sent?.certificatePem?.replace(/\s/g, '')).toBe(cert.certPem.replace(/\s/g, ''));
    expect(sent).toMatchObject({ late: false, answered: 'jir', zki: got.zki, amount: doc.total });
    expect(sent?.number).toBe(`${doc.number.split('-')[0]}/POS1/1`);
    expect(got).toMatchObject({ state: 'delivered', jir: sent?.jir, late: false });
    expect(got.attempts).toHaveLength(1);
    // The ZKI again, from the request's own fields with openssl (spec ch. 12 input string).
    const field = (name: string) =>
      new RegExp(`<tns:${name}>([^<]*)</tns:${name}>`).exec(sent?.xml ?? '')?.[1] ?? '';
    const input = [
      field('Oib'),
      field('DatVrijeme').replace('T', ' '),
      field('BrOznRac'),
      field('OznPosPr'),
      field('OznNapUr'),
      field('IznosUkupno'),
    ].join('');
    expect(input).toMatch(/^94577403194\d\d\.\d\d\.\d{4} \d\d:\d\d:\d\d\d+POS11250\.25$/);
    writeFileSync(join(cert.dir, 'zki-input.txt'), input);
    const signature = execFileSync('openssl', [
      'dgst',
      '-sha1',
      '-sign',
      cert.keyPath,
      join(cert.dir, 'zki-input.txt'),
    ]);
    expect(got.zki).toBe(createHash('md5').update(signature).digest('hex'));
    // The signature once more with xmlsec1 (libxmlsec), when the machine has it.
    if (spawnSync('xmlsec1', ['--version']).status === 0) {
      const verify = (xml: string) => {
        writeFileSync(join(cert.dir, 'request.xml'), xml);
        return spawnSync('xmlsec1', [
          '--verify',
          '--pubkey-cert-pem',
          cert.certPath,
          '--id-attr:Id',
          'http://www.apis-it.hr/fin/2012/types/f73:RacunZahtjev',
          join(cert.dir, 'request.xml'),
        ]).status;
      };
      expect(verify(sent?.xml ?? '')).toBe(0);
      expect(verify((sent?.xml ?? '').replace('<tns:NakDost>false', '<tns:NakDost>true'))).not.toBe(0);
    }
    expect(got.qr_url).toMatch(
      new RegExp(`^https://porezna\\.gov\\.hr/rn\\?jir=${sent?.jir}&datv=\\d{8}_\\d{4}&izn=25025$`),
    );
    const text = await pdfText(id);
    expect(text).toContain(`ZKI: ${got.zki}`);
    expect(text).toContain(`JIR: ${got.jir}`);
    // The message log keeps the request and CIS's answer.
    const log = await api.ok('GET', `/api/invoices/${id}/fiscal/attempts/${got.attempts[0].id}`);
    expect(log.request_xml).toContain(`<tns:ZastKod>${got.zki}</tns:ZastKod>`);
    expect(log.response_xml).toContain(`<tns:Jir>${got.jir}</tns:Jir>`);
    expect(await runJobs()).toBe(0);
  });

  it('CIS down: issued with ZKI, pending; the job delivers it once with NakDost when CIS is back', async () => {
    cis.mode = { kind: 'down' };
    const before = cis.received.length;
    const id = await draft('consumer', '1');
    const res = await issue(id);
    expect(res.status).toBe(200);
    expect(res.body.document.status).toBe('issued');
    let got = await fiscal(id);
    expect(got).toMatchObject({
      state: 'pending',
      jir: null,
      error_message: 'HTTP 503 without RacunOdgovor',
    });
    expect(got.qr_url).toContain(`zki=${got.zki}`);
    const pdfBefore = await api.call('GET', `/api/documents/${id}/pdf`);
    const text = await pdfText(id);
    expect(text).toContain(`ZKI: ${got.zki}`);
    expect(text).toContain('naknadna dostava');

    expect(await runJobs(1)).toBe(1); // still down: one more attempt, the job waits
    got = await fiscal(id);
    expect(got.state).toBe('pending');
    expect(got.attempts.map((a: Json) => [a.outcome, a.late])).toEqual([
      ['unavailable', false],
      ['unavailable', true],
    ]);

    cis.mode = { kind: 'ok' };
    expect(await runJobs()).toBe(1);
    expect(await runJobs()).toBe(0);
    got = await fiscal(id);
    const late = cis.received.slice(before).filter((r) => r.answered === 'jir');
    expect(late).toHaveLength(1);
    expect(late[0]).toMatchObject({ late: true, zki: got.zki, schemaErrors: [], signatureValid: true });
    expect(got).toMatchObject({ state: 'delivered', jir: late[0]?.jir, late: true });
    // The frozen PDF still prints what was known at issue.
    const pdfAfter = await api.call('GET', `/api/documents/${id}/pdf`);
    expect(Buffer.compare(pdfBefore.raw.rawPayload, pdfAfter.raw.rawPayload)).toBe(0);
  });

  it('a time-out leaves it pending with the reason', async () => {
    cis.mode = { kind: 'silent' };
    await settings({ timeout_ms: 300 });
    const id = await draft('consumer', '3');
    expect((await issue(id)).status).toBe(200);
    const got = await fiscal(id);
    expect(got).toMatchObject({ state: 'pending', error_message: 'no answer within 300 ms' });
    cis.mode = { kind: 'ok' };
    await settings();
    expect(await runJobs()).toBe(1);
    expect((await fiscal(id)).state).toBe('delivered');
  });

  it('an error answer is shown and not retried by itself; a retry after the fix delivers', async () => {
    cis.mode = {
      kind: 'error',
      code: 's005',
      message: 'OIB iz poruke zahtjeva nije jednak OIB-u iz certifikata.',
    };
    const id = await draft('consumer', '4');
    expect((await issue(id)).status).toBe(200);
    let got = await fiscal(id);
    expect(got).toMatchObject({
      state: 'failed',
      error_code: 's005',
      error_message: 'OIB iz poruke zahtjeva nije jednak OIB-u iz certifikata.',
    });
    expect(await runJobs()).toBe(0);
    cis.mode = { kind: 'ok' };
    await api.ok('POST', `/api/invoices/${id}/fiscal/retry`);
    expect(await runJobs()).toBe(1);
    got = await fiscal(id);
    expect(got).toMatchObject({ state: 'delivered', late: true });
    expect((await api.call('POST', `/api/invoices/${id}/fiscal/retry`)).status).toBe(409);
  });

  it('a credit note to a consumer is fiscalised with a negative total', async () => {
    cis.mode = { kind: 'ok' };
    const invoice = ids.refused as string;
    const credit = await api.ok('POST', `/api/invoices/${invoice}/credit-notes`, {});
    const id = credit.document?.id ?? credit.id;
    const got = await fiscal(id);
    expect(got).toMatchObject({ state: 'delivered', amount: '-250.25' });
    expect(cis.received.at(-1)).toMatchObject({ amount: '-250.25', schemaErrors: [], signatureValid: true });
    // What CIS holds for the invoice and its credit note adds up to what is still invoiced.
    const doc = (await api.ok('GET', `/api/documents/${invoice}`)).document;
    const reported = new Decimal((await fiscal(invoice)).amount).plus(got.amount);
    expect(reported.toFixed(2)).toBe(new Decimal(doc.total).minus(doc.credited_total).toFixed(2));
  });

  it('every fiscalised document has exactly one fiscal row and its attempts; nothing left queued', async () => {
    const rows = await sqlRows<{ state: string; attempts: number }>(
      sql`select f.state, (select count(*)::int from fiscal_attempts a where a.fiscal_invoice_id = f.id) as attempts
          from fiscal_invoices f`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(5);
    expect(rows.every((r) => r.state === 'delivered' && r.attempts >= 1)).toBe(true);
    expect(
      await sqlRows(
        sql`select 1 from jobs where kind = 'fiscal.deliver' and status in ('queued', 'running')`,
      ),
    ).toHaveLength(0);
    // Each request to CIS carries its own message id.
    const messageIds = cis.received.map((r) => r.messageId);
    expect(new Set(messageIds).size).toBe(messageIds.length);
  });
});
