import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { documentsClient, type Json, TEST_OPERATOR } from '../documents/test-helpers.ts';
import { describeFailures, validateEInvoices } from './validators.ts';

// Domestic reverse charge (čl. 75. st. 3. t. a) Zakona o PDV-u): windows supplied and installed for
// a VAT-registered building contractor. The switch on the draft checks the buyer and puts the
// lines at 0 %; the issued eRačun carries AE / HR:AE with the legal wording and passes the official
// validators (with its credit note); the PDF prints the wording; the IRA counts it as reverse
// charge. Refusals change nothing and number nothing.

let t: TestApp;
let user: SignedIn;
let api: ReturnType<typeof documentsClient>;
const items: Record<string, Json> = {};
const clients: Record<string, Json> = {};
const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Zagreb' });
const period = `from=${today.slice(0, 8)}01&to=${today}`;

const WORDING = "Prijenos porezne obveze ('Reverse charge') prema čl. 75. st. 3. t. a) Zakona o PDV-u";
/** The same in the XML text (the builder escapes the apostrophes). */
const WORDING_XML = WORDING.replaceAll("'", '&apos;');

async function draft(client: string): Promise<Json> {
  const r = await api.ok('POST', '/api/invoices', {
    client_id: clients[client]?.id,
    lines: [
      { item_id: items.window?.id, quantity: '2', unit_price: '450' },
      { item_id: items.fitting?.id, quantity: '6', unit_price: '30' },
    ],
  });
  return r.document;
}

const switchTo = (id: string, enabled: boolean, as = api) =>
  as.call('PUT', `/api/invoices/${id}/domestic-reverse-charge`, { enabled });

async function pdfText(id: string): Promise<string> {
  const r = await api.call('GET', `/api/documents/${id}/pdf`);
  expect(r.status).toBe(200);
  const doc = await getDocumentProxy(new Uint8Array(r.raw.rawPayload));
  return (await extractText(doc, { mergePages: true })).text.replace(/\s+/g, ' ');
}

const categories = (xml: string) =>
  [...xml.matchAll(/<cac:ClassifiedTaxCategory><cbc:ID>(\w+)<\/cbc:ID><cbc:Name>([^<]+)</g)].map(
    (m) => `${m[1]} ${m[2]}`,
  );

beforeAll(async () => {
  t = await startTestApp();
  user = await signUp(t.app);
  api = documentsClient(t.app, user);
  await api.ok('PATCH', '/api/tenants/me', {
    company_name: 'Stolarija Horvat d.o.o.',
    company_address: 'Ilica 1, 10000 Zagreb',
    tax_number: '94577403194',
    bank_accounts: [{ iban: 'HR1210010051863000160' }],
  });
  await api.ok('PUT', '/api/einvoice/operator', TEST_OPERATOR);
  const item = (sku: string, extra: Json) =>
    api.ok('POST', '/api/inventory/items', { sku, name: sku, kind: 'product', base_unit: 'kom', ...extra });
  items.window = await item('PROZOR', { name: 'PVC prozor 120 × 140', vat_rate: '25', kpd_code: '22.23.10' });
  items.fitting = await item('MONT', {
    name: 'Ugradnja prozora',
    kind: 'service',
    base_unit: 'h',
    vat_rate: '25',
    kpd_code: '43.32.09',
  });
  const billing = { street: 'Vukovarska 5', postal_code: '21000', city: 'Split', country: 'HR' };
  clients.contractor = await api.ok('POST', '/api/clients', {
    kind: 'company',
    name: 'Gradnja Kovač d.o.o.',
    oib: '69435151530',
    vat_id: 'HR69435151530',
    billing_address: billing,
  });
  clients.notVatPayer = await api.ok('POST', '/api/clients', {
    kind: 'company',
    name: 'Obrt Zidar',
    oib: '33392005961',
    billing_address: billing,
  });
  clients.person = await api.ok('POST', '/api/clients', {
    kind: 'person',
    name: 'Ivana Perić',
    oib: '12345678903',
    vat_id: 'HR12345678903',
    billing_address: billing,
  });
}, 120_000);
afterAll(async () => t?.close());

describe('domestic reverse charge', () => {
  const state: Record<string, Json> = {};

  it('refuses the switch for a buyer that is not a Croatian VAT payer and changes nothing', async () => {
    for (const [client, key] of [
      ['notVatPayer', 'validation.reverseChargeBuyerNotVatPayer'],
      ['person', 'validation.reverseChargeBuyerNotDomesticCompany'],
    ] as const) {
      const doc = await draft(client);
      const r = await switchTo(doc.id, true);
      expect(r.status).toBe(400);
      expect(r.body.error.details).toEqual([expect.objectContaining({ key })]);
      const after = await api.ok('GET', `/api/documents/${doc.id}`);
      expect(after.lines.map((l: Json) => l.vat_rate)).toEqual(['25', '25']);
      // 2 × 450 + 6 × 30 = 1080.00 net, 25 % VAT 270.00
      expect(after.document).toMatchObject({ net_total: '1080.00', vat_total: '270.00', total: '1350.00' });
      expect(await api.ok('GET', `/api/invoices/${doc.id}/domestic-reverse-charge`)).toEqual({
        enabled: false,
      });
    }
  });

  it('turns on for a contractor: every line at 0 %, no VAT; another company cannot touch it', async () => {
    const doc = await draft('contractor');
    const other = documentsClient(t.app, await signUp(t.app, 'Druga Firma'));
    expect((await switchTo(doc.id, true, other)).status).toBe(404);
    expect(await api.ok('GET', `/api/invoices/${doc.id}/domestic-reverse-charge`)).toEqual({
      enabled: false,
    });
    const r = await switchTo(doc.id, true);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ enabled: true });
    const after = await api.ok('GET', `/api/documents/${doc.id}`);
    expect(after.lines.map((l: Json) => l.vat_rate)).toEqual(['0', '0']);
    expect(after.document).toMatchObject({ net_total: '1080.00', vat_total: '0.00', total: '1080.00' });
    // The draft's PDF already says why there is no VAT.
    expect(await pdfText(doc.id)).toContain(WORDING);
    state.draft = doc;
  });

  it('refuses to issue when a line has VAT again or the buyer lost its PDV ID; nothing is numbered', async () => {
    const id = state.draft?.id as string;
    await api.ok('PUT', `/api/invoices/${id}`, {
      client_id: clients.contractor?.id,
      due_date: state.draft?.due_date,
      lines: [
        { item_id: items.window?.id, quantity: '2', unit_price: '450', vat_rate: '0' },
        { item_id: items.fitting?.id, quantity: '6', unit_price: '30', vat_rate: '25' },
      ],
    });
    let r = await api.call('POST', `/api/invoices/${id}/issue`);
    expect(r.status).toBe(400);
    expect(r.body.error.details).toEqual([
      expect.objectContaining({ key: 'validation.reverseChargeLineRate', params: { line: 2 } }),
    ]);
    // Switching again puts the line back at 0 %.
    await switchTo(id, true);
    await api.ok('PATCH', `/api/clients/${clients.contractor?.id}`, { vat_id: null });
    r = await api.call('POST', `/api/invoices/${id}/issue`);
    expect(r.status).toBe(400);
    expect(r.body.error.details).toEqual([
      expect.objectContaining({ key: 'validation.reverseChargeBuyerNotVatPayer' }),
    ]);
    const still = await api.ok('GET', `/api/documents/${id}`);
    expect(still.document).toMatchObject({ status: 'draft', number: null });
    await api.ok('PATCH', `/api/clients/${clients.contractor?.id}`, { vat_id: 'HR69435151530' });
  });

  it('issues an eRačun with AE / HR:AE and the wording; it and its credit note pass the official validators', async () => {
    const id = state.draft?.id as string;
    const issued = (await api.ok('POST', `/api/invoices/${id}/issue`)).document;
    expect(issued).toMatchObject({ status: 'issued', vat_total: '0.00', total: '1080.00' });
    const xml = (await api.call('GET', `/api/invoices/${id}/ubl`)).raw.body;
    expect(categories(xml)).toEqual(['AE HR:AE', 'AE HR:AE']);
    expect(xml).toContain('<cbc:TaxExemptionReasonCode>VATEX-EU-AE</cbc:TaxExemptionReasonCode>');
    expect(xml).toContain(WORDING_XML);
    expect(xml).toMatch(/<cac:AccountingCustomerParty>.*<cbc:CompanyID>HR69435151530<\/cbc:CompanyID>/s);
    expect(xml).toMatch(/<cac:TaxTotal><cbc:TaxAmount currencyID="EUR">0.00<\/cbc:TaxAmount>/);
    expect(xml).toContain('<cbc:PayableAmount currencyID="EUR">1080.00</cbc:PayableAmount>');
    // Turning it off is refused once issued.
    expect((await switchTo(id, false)).status).toBe(409);

    const credit = await api.ok('POST', `/api/invoices/${id}/credit-notes`, {
      lines: [{ item_id: items.fitting?.id, quantity: '2', unit_price: '30', vat_rate: '0' }],
    });
    const creditXml = (await api.call('GET', `/api/invoices/${credit.document.id}/ubl`)).raw.body;
    expect(categories(creditXml)).toEqual(['AE HR:AE']);
    expect(creditXml).toContain(WORDING_XML);
    const reports = await validateEInvoices({
      'domestic reverse charge (AE, čl. 75.)': xml,
      'credit note of a domestic reverse charge invoice': creditXml,
    });
    expect(describeFailures(reports)).toBe('');
    expect(reports).toHaveLength(2);
    state.issued = issued;
    state.credit = credit.document;
  }, 180_000);

  it('the PDF prints the wording the eRačun writes, and no VAT', async () => {
    const text = await pdfText(state.issued?.id);
    expect(text).toContain(WORDING);
    expect(text).toContain('1.080,00');
    expect(text).not.toContain('270,00');
  });

  it('the IRA counts it (and its credit note, negative) as reverse charge, with no VAT', async () => {
    const ira = await api.ok('GET', `/api/registers/ira?${period}`);
    const row = ira.rows.find((r: Json) => r.id === state.issued?.id);
    expect(row.buckets.reverse_charge).toEqual({ base: '1080.00', vat: '0.00' });
    expect(row.buckets['25']).toEqual({ base: '0.00', vat: '0.00' });
    expect(row).toMatchObject({ net: '1080.00', vat: '0.00', total: '1080.00' });
    const credit = ira.rows.find((r: Json) => r.id === state.credit?.id);
    // 2 × 30 = 60.00 credited
    expect(credit.buckets.reverse_charge).toEqual({ base: '-60.00', vat: '0.00' });
    // The period's register = invoiced − credited, all of it reverse charge without VAT, and the
    // buyer owes the same.
    expect(ira.totals).toMatchObject({ net: '1020.00', vat: '0.00', total: '1020.00' });
    expect(ira.totals.buckets.reverse_charge).toEqual({ base: '1020.00', vat: '0.00' });
    const invoice = await api.ok('GET', `/api/documents/${state.issued?.id}`);
    expect(invoice.document).toMatchObject({ credited_total: '60.00', outstanding: '1020.00' });
  });

  it('turning it off on a draft gives item lines their item VAT rate back', async () => {
    const doc = await draft('contractor');
    await switchTo(doc.id, true);
    expect((await switchTo(doc.id, false)).body).toEqual({ enabled: false });
    const after = await api.ok('GET', `/api/documents/${doc.id}`);
    expect(after.lines.map((l: Json) => l.vat_rate)).toEqual(['25', '25']);
    expect(after.document).toMatchObject({ vat_total: '270.00', total: '1350.00' });
  });
});
