import { createHash } from 'node:crypto';
import { parseHub3Payload } from '@erp/domain';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCompany } from '../../db/tenant.ts';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import * as repo from './documents.repo.ts';
import { hub3For } from './invoices.service.ts';
import { documentsClient, type Json, TEST_OPERATOR } from './test-helpers.ts';

// Issued means frozen (issue 18, deliverable 2): the UBL and the PDF of an issued invoice are made
// at issue, stored and served byte for byte after a payment, a credit note and a profile change;
// their SHA-256 is in the audit trail. Drafts still render live.

let t: TestApp;
let user: SignedIn;
let api: ReturnType<typeof documentsClient>;
let client: Json;
let item: Json;
const year = new Date().getFullYear();
const hex = (b: Buffer) => createHash('sha256').update(b).digest('hex');

const PROFILE = {
  company_name: 'Staklo Horvat d.o.o.',
  company_address: 'Ilica 1, 10000 Zagreb',
  tax_number: '94577403194',
  bank_accounts: [{ iban: 'HR1210010051863000160' }],
};
const NEW_PROFILE = {
  company_name: 'Staklo Novak d.d.',
  company_address: 'Savska 99, 10000 Zagreb',
  bank_accounts: [{ iban: 'HR1723600001101234565' }],
};

async function bytes(url: string): Promise<Buffer> {
  const r = await api.call('GET', url);
  expect(r.status).toBe(200);
  return Buffer.from(r.raw.rawPayload);
}

async function textOf(pdf: Buffer): Promise<string> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  return (await extractText(doc, { mergePages: true })).text.replace(/\s+/g, ' ');
}

const asOwner = <T>(sqlText: string, params: unknown[]) =>
  t.deps.database.session((q) => q(sqlText, params)) as Promise<T[]>;

async function issueInvoice(quantity: string): Promise<Json> {
  const draft = await api.ok('POST', '/api/invoices', {
    client_id: client.id,
    lines: [{ item_id: item.id, quantity, unit_price: '100' }],
  });
  return (await api.ok('POST', `/api/invoices/${draft.document.id}/issue`)).document;
}

beforeAll(async () => {
  t = await startTestApp();
  user = await signUp(t.app);
  api = documentsClient(t.app, user);
  await api.ok('PATCH', '/api/tenants/me', PROFILE);
  await api.ok('PUT', '/api/einvoice/operator', TEST_OPERATOR);
  item = await api.ok('POST', '/api/inventory/items', {
    sku: 'IZO',
    name: 'Izo staklo 4-16-4',
    kind: 'product',
    base_unit: 'kom',
    vat_rate: '25',
    kpd_code: '23.12.13',
    sales_price: '100',
  });
  client = await api.ok('POST', '/api/clients', {
    kind: 'company',
    name: 'Gradnja Kovač j.d.o.o.',
    oib: '69435151530',
    billing_address: { street: 'Vukovarska 5', postal_code: '21000', city: 'Split' },
    payment_terms_days: 30,
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('issued means frozen', () => {
  it('serves the UBL and PDF made at issue, byte for byte, after a payment, a credit note and a profile change', async () => {
    // 2 × 100.00 + 25 % VAT = 250.00 payable at issue.
    const invoice = await issueInvoice('2');
    expect(invoice.total).toBe('250.00');
    const ublUrl = `/api/invoices/${invoice.id}/ubl`;
    const pdfUrl = `/api/documents/${invoice.id}/pdf`;
    const ubl1 = await bytes(ublUrl);
    const pdf1 = await bytes(pdfUrl);
    expect(await bytes(pdfUrl)).toEqual(pdf1); // served as stored, not rendered again

    await api.ok('POST', `/api/invoices/${invoice.id}/payments`, { paid_on: `${year}-01-15`, amount: '100' });
    const credit = await api.ok('POST', `/api/invoices/${invoice.id}/credit-notes`, {
      lines: [{ item_id: item.id, quantity: '1', unit_price: '100' }],
    });
    expect(credit.document.total).toBe('125.00');
    await api.ok('PATCH', '/api/tenants/me', NEW_PROFILE);
    const after = await api.ok('GET', `/api/documents/${invoice.id}`);
    expect(after.document.outstanding).toBe('25.00'); // 250 − 100 paid − 125 credited

    const ubl2 = await bytes(ublUrl);
    const pdf2 = await bytes(pdfUrl);
    expect(hex(ubl2)).toBe(hex(ubl1));
    expect(hex(pdf2)).toBe(hex(pdf1));
    expect(ubl2.equals(ubl1) && pdf2.equals(pdf1)).toBe(true);

    const xml = ubl2.toString('utf8');
    expect(xml).not.toContain('PrepaidAmount');
    expect(xml).toContain('<cbc:PayableAmount currencyID="EUR">250.00</cbc:PayableAmount>');
    expect(xml).toContain('HR1210010051863000160');
    const text = await textOf(pdf2);
    expect(text).toContain('Staklo Horvat d.o.o.');
    expect(text).toContain('Ilica 1, 10000 Zagreb');
    expect(text).not.toContain('Staklo Novak');
    expect(text).toContain('250,00');

    // The HUB-3 barcode of the invoice carries the amount payable at issue, not what is owed today.
    const row = await withCompany(t.deps.db, { userId: user.id, companyId: user.id }, (tx) =>
      repo.getDocument(tx, invoice.id),
    );
    const hub3 = parseHub3Payload(hub3For(row as repo.DocumentRow) ?? '');
    expect(hub3?.amount).toBe('250.00');
    expect(hub3?.payee.iban).toBe('HR1210010051863000160');
  });

  it('records the SHA-256 of both stored files on the document, in the audit trail', async () => {
    const invoice = await issueInvoice('1');
    const ubl = await bytes(`/api/invoices/${invoice.id}/ubl`);
    const pdf = await bytes(`/api/documents/${invoice.id}/pdf`);
    const [doc] = await asOwner<{ ubl_sha256: string; pdf_sha256: string }>(
      'select ubl_sha256, pdf_sha256 from documents where id = $1',
      [invoice.id],
    );
    expect(doc).toEqual({ ubl_sha256: hex(ubl), pdf_sha256: hex(pdf) });
    const audit = await asOwner<{ changes: Record<string, { new: unknown }> }>(
      `select changes from audit_log where company_id = $1 and table_name = 'documents' and row_id = $2
       and action = 'UPDATE' order by id`,
      [user.id, invoice.id],
    );
    const logged = audit.flatMap((a) => Object.entries(a.changes)).filter(([k]) => k.endsWith('_sha256'));
    expect(Object.fromEntries(logged.map(([k, v]) => [k, v.new]))).toEqual({
      ubl_sha256: hex(ubl),
      pdf_sha256: hex(pdf),
    });
    // The stored files were written in the issuing transaction (before any download).
    const files = await asOwner<{ format: string; sha256: string }>(
      'select format, sha256 from document_files where document_id = $1 order by format',
      [invoice.id],
    );
    expect(files).toEqual([
      { format: 'pdf', sha256: hex(pdf) },
      { format: 'ubl', sha256: hex(ubl) },
    ]);
  });

  it('freezes the credit note the same way', async () => {
    const invoice = await issueInvoice('1');
    const credit = await api.ok('POST', `/api/invoices/${invoice.id}/credit-notes`, {
      lines: [{ item_id: item.id, quantity: '1', unit_price: '100' }],
    });
    const id = credit.document.id;
    const [stored] = await asOwner<{ n: number }>(
      'select count(*)::int as n from document_files where document_id = $1',
      [id],
    );
    expect(stored?.n).toBe(2);
    const ubl1 = await bytes(`/api/invoices/${id}/ubl`);
    const pdf1 = await bytes(`/api/documents/${id}/pdf`);
    await api.ok('PATCH', '/api/tenants/me', { company_name: 'Treće ime d.o.o.' });
    expect((await bytes(`/api/invoices/${id}/ubl`)).equals(ubl1)).toBe(true);
    expect((await bytes(`/api/documents/${id}/pdf`)).equals(pdf1)).toBe(true);
  });

  it('keeps rendering a draft live: its PDF follows the profile', async () => {
    await api.ok('PATCH', '/api/tenants/me', { company_name: 'Prvo ime d.o.o.' });
    const draft = await api.ok('POST', '/api/invoices', {
      client_id: client.id,
      lines: [{ item_id: item.id, quantity: '1', unit_price: '100' }],
    });
    const url = `/api/documents/${draft.document.id}/pdf`;
    expect(await textOf(await bytes(url))).toContain('Prvo ime d.o.o.');
    await api.ok('PATCH', '/api/tenants/me', { company_name: 'Drugo ime d.o.o.' });
    const text = await textOf(await bytes(url));
    expect(text).toContain('Drugo ime d.o.o.');
    expect(text).not.toContain('Prvo ime');
    const [stored] = await asOwner<{ n: number }>(
      'select count(*)::int as n from document_files where document_id = $1',
      [draft.document.id],
    );
    expect(stored?.n).toBe(0);
    expect((await api.call('GET', `/api/invoices/${draft.document.id}/ubl`)).status).toBe(409);
  });

  it('makes the files of an invoice issued before freezing once, on first download, from its snapshot', async () => {
    await api.ok('PATCH', '/api/tenants/me', PROFILE);
    const invoice = await issueInvoice('1');
    // As if issued before migration 0039: no stored files, no hashes.
    await asOwner('delete from document_files where document_id = $1', [invoice.id]);
    await asOwner('alter table documents disable trigger documents_hashes_once', []);
    await asOwner('update documents set ubl_sha256 = null, pdf_sha256 = null where id = $1', [invoice.id]);
    await asOwner('alter table documents enable trigger documents_hashes_once', []);
    await api.ok('PATCH', '/api/tenants/me', NEW_PROFILE);
    const pdf1 = await bytes(`/api/documents/${invoice.id}/pdf`);
    const ubl1 = await bytes(`/api/invoices/${invoice.id}/ubl`);
    const text = await textOf(pdf1);
    expect(text).toContain('Staklo Horvat d.o.o.'); // the seller snapshot, not today's profile
    expect(text).not.toContain('Staklo Novak');
    await api.ok('POST', `/api/invoices/${invoice.id}/payments`, { paid_on: `${year}-02-01`, amount: '25' });
    expect((await bytes(`/api/documents/${invoice.id}/pdf`)).equals(pdf1)).toBe(true);
    expect((await bytes(`/api/invoices/${invoice.id}/ubl`)).equals(ubl1)).toBe(true);
    const [doc] = await asOwner<{ ubl_sha256: string; pdf_sha256: string }>(
      'select ubl_sha256, pdf_sha256 from documents where id = $1',
      [invoice.id],
    );
    expect(doc).toEqual({ ubl_sha256: hex(ubl1), pdf_sha256: hex(pdf1) });
  });

  it('stores the PDF of a sent quote and of an issued delivery note', async () => {
    await api.ok('PATCH', '/api/tenants/me', { company_name: 'Ponuditelj d.o.o.' });
    const quote = await api.ok('POST', '/api/documents/quotes', {
      client_id: client.id,
      lines: [{ description: 'Staklo po mjeri', quantity: '1', unit_price: '10' }],
    });
    await api.ok('POST', `/api/documents/quotes/${quote.document.id}/send`);
    const location = await api.ok('POST', '/api/inventory/locations', {
      code: 'SKL',
      name: 'Skladište',
      type: 'storage',
    });
    const note = await api.ok('POST', '/api/delivery-notes', {
      client_id: client.id,
      source_location_id: location.id,
      lines: [{ description: 'Montaža', quantity: '1' }],
    });
    await api.ok('POST', `/api/delivery-notes/${note.document.id}/issue`);
    const urls = [quote, note].map((d) => `/api/documents/${d.document.id}/pdf`);
    const before = await Promise.all(urls.map(bytes));
    await api.ok('PATCH', '/api/tenants/me', { company_name: 'Preimenovan d.o.o.' });
    for (const [i, url] of urls.entries()) {
      const now = await bytes(url);
      expect(now.equals(before[i] as Buffer)).toBe(true);
      expect(await textOf(now)).toContain('Ponuditelj d.o.o.');
    }
  });
});

describe('stored files cannot be rewritten', () => {
  it('refuses a change of the stored bytes or of a recorded hash, even to the database owner', async () => {
    await api.ok('PATCH', '/api/tenants/me', PROFILE);
    const invoice = await issueInvoice('1');
    await expect(
      asOwner("update document_files set data = '\\x00'::bytea where document_id = $1 and format = 'pdf'", [
        invoice.id,
      ]),
    ).rejects.toThrow(/never changed/);
    await expect(
      asOwner(`update documents set pdf_sha256 = repeat('0', 64) where id = $1`, [invoice.id]),
    ).rejects.toThrow(/never replaced/);
  });
});
