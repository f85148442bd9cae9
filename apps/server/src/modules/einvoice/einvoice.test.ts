import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { documentsClient, type Json } from '../documents/test-helpers.ts';
import { describeFailures, validateEInvoices } from './validators.ts';

// Every kind of invoice the shop issues, created through the API, exported as UBL and run through
// the official validators (OASIS and Porezna XSD, EN 16931, HR CIUS): no fatal assertion. Then
// what issuing refuses, and the KPD list.

let t: TestApp;
let owner: SignedIn;
let api: ReturnType<typeof documentsClient>;
const items: Record<string, Json> = {};
const clients: Record<string, Json> = {};
let store: Json;

const OPERATOR = { operator_mark: 'Ana (blagajna 1)', operator_oib: '12345678903' };

async function company(client: ReturnType<typeof documentsClient>, name: string, oib: string) {
  await client.ok('PATCH', '/api/tenants/me', {
    company_name: name,
    company_address: 'Ilica 1, 10000 Zagreb',
    tax_number: oib,
    bank_accounts: [{ iban: 'HR1210010051863000160' }],
  });
}

const item = (sku: string, extra: Json) =>
  api.ok('POST', '/api/inventory/items', { sku, name: sku, kind: 'product', base_unit: 'kom', ...extra });

async function invoice(client: string, lines: Json[], extra: Json = {}) {
  const draft = await api.ok('POST', '/api/invoices', { client_id: clients[client]?.id, lines, ...extra });
  return (await api.ok('POST', `/api/invoices/${draft.document.id}/issue`)).document as Json;
}

const ubl = async (id: string) => {
  const r = await api.call('GET', `/api/invoices/${id}/ubl`);
  expect(r.status).toBe(200);
  return r.raw.body;
};

beforeAll(async () => {
  t = await startTestApp();
  owner = await signUp(t.app);
  api = documentsClient(t.app, owner);
  await company(api, 'Staklo Horvat d.o.o.', '94577403194');
  await api.ok('PUT', '/api/einvoice/operator', OPERATOR);
  items.g25 = await item('IZO', {
    name: 'Izo staklo 4-16-4',
    vat_rate: '25',
    kpd_code: '23.12.12',
    sales_price: '100',
  });
  items.g13 = await item('OGL', {
    name: 'Ogledalo',
    vat_rate: '13',
    kpd_code: '23.12.13',
    sales_price: '40',
  });
  items.g5 = await item('KNJ', {
    name: 'Priručnik o staklu',
    vat_rate: '5',
    kpd_code: '58.11.13',
    sales_price: '20',
  });
  items.zero = await item('SOL', {
    name: 'Solarni panel',
    vat_rate: '0',
    vat_exemption: 'Z',
    kpd_code: '26.11.22',
    sales_price: '300',
  });
  items.exempt = await item('NAJ', {
    name: 'Najam prostora',
    kind: 'service',
    vat_rate: '0',
    vat_exemption: 'VATEX-EU-135-1',
    kpd_code: '68.20.02',
    sales_price: '500',
  });
  items.service = await item('UGR', {
    name: 'Ugradnja stakla',
    kind: 'service',
    base_unit: 'h',
    vat_rate: '25',
    kpd_code: '43.34.20',
    sales_price: '30',
  });
  items.float = await item('FLOAT6', {
    name: 'Float 6 mm',
    kind: 'material',
    base_unit: 'm2',
    vat_rate: '25',
    kpd_code: '23.12.14',
    price_basis: 'area',
    glass_kind: 'float',
    thickness_mm: '6',
    sales_price: '32.50',
  });
  const addr = (country: string) => ({
    street: 'Hauptstraße 5',
    postal_code: '80331',
    city: 'München',
    country,
  });
  clients.domestic = await api.ok('POST', '/api/clients', {
    kind: 'company',
    name: 'Gradnja Kovač j.d.o.o.',
    oib: '69435151530',
    billing_address: { street: 'Vukovarska 5', postal_code: '21000', city: 'Split' },
  });
  clients.eu = await api.ok('POST', '/api/clients', {
    kind: 'company',
    name: 'Glas Bauer GmbH',
    vat_id: 'DE129273398',
    einvoice_address: '9930:DE129273398',
    billing_address: addr('DE'),
  });
  clients.export = await api.ok('POST', '/api/clients', {
    kind: 'company',
    name: 'Alpen Glas AG',
    email: 'rechnungen@alpenglas.ch',
    billing_address: { ...addr('CH'), city: 'Zürich', postal_code: '8001' },
  });
  clients.consumer = await api.ok('POST', '/api/clients', {
    kind: 'person',
    name: 'Ivana Perić',
    email: 'ivana.peric@example.hr',
    billing_address: { street: 'Zagrebačka 3', postal_code: '10000', city: 'Zagreb' },
  });
  clients.consumerOib = await api.ok('POST', '/api/clients', {
    kind: 'person',
    name: 'Marko Horvat',
    oib: '33392005961',
    billing_address: { street: 'Savska 7', postal_code: '10000', city: 'Zagreb' },
  });
  store = await api.ok('POST', '/api/inventory/locations', {
    code: 'SKL',
    name: 'Skladište',
    type: 'storage',
  });
  await api.ok('POST', '/api/inventory/receipts', {
    location_id: store.id,
    lines: [{ item_id: items.g25?.id, quantity: '10', unit_cost: '60' }],
  });
}, 120_000);
afterAll(async () => t?.close());

describe('every kind of invoice is a valid eRačun', () => {
  it('passes XSD, EN 16931 and HR CIUS with no fatal assertion', async () => {
    const docs: Record<string, string> = {};
    const line = (key: string, quantity: string, extra: Json = {}) => ({
      item_id: items[key]?.id,
      quantity,
      ...extra,
    });

    const domestic = await invoice('domestic', [
      line('g25', '2'),
      line('g13', '3'),
      line('g5', '1'),
      line('service', '4'),
    ]);
    docs['domestic 25/13/5 %'] = await ubl(domestic.id);
    docs['zero-rated (Z)'] = await ubl((await invoice('domestic', [line('zero', '2')])).id);
    docs['exempt (E)'] = await ubl((await invoice('domestic', [line('exempt', '1')])).id);
    docs['25 % with Z and E lines'] = await ubl(
      (await invoice('domestic', [line('g25', '1'), line('zero', '1'), line('exempt', '1')])).id,
    );
    docs['reverse charge: EU services'] = await ubl(
      (await invoice('eu', [line('service', '8', { vat_rate: '0' }), line('exempt', '1', { vat_rate: '0' })]))
        .id,
    );
    docs['intra-EU goods (K)'] = await ubl((await invoice('eu', [line('g25', '5', { vat_rate: '0' })])).id);
    docs['export (G)'] = await ubl((await invoice('export', [line('g25', '3', { vat_rate: '0' })])).id);
    docs['B2C consumer with OIB'] = await ubl(
      (await invoice('consumerOib', [line('g25', '1'), line('service', '2')])).id,
    );
    const consumerXml = await ubl((await invoice('consumer', [line('g25', '1'), line('service', '2')])).id);
    docs['glass per m²'] = await ubl(
      (await invoice('domestic', [line('float', '3', { width_mm: '1000', height_mm: '750' })])).id,
    );

    const note = await api.ok('POST', '/api/delivery-notes', {
      client_id: clients.domestic?.id,
      source_location_id: store.id,
      lines: [line('g25', '4')],
    });
    await api.ok('POST', `/api/delivery-notes/${note.document.id}/issue`);
    const fromNote = await api.ok('POST', '/api/invoices', {
      client_id: clients.domestic?.id,
      delivery_note_ids: [note.document.id],
    });
    const issuedFromNote = await api.ok('POST', `/api/invoices/${fromNote.document.id}/issue`);
    const fromNoteXml = await ubl(issuedFromNote.document.id);
    expect(fromNoteXml).toContain(`<cac:DespatchDocumentReference><cbc:ID>${note.document.number}</cbc:ID>`);
    docs['from a delivery note'] = fromNoteXml;

    const credit = await api.ok('POST', `/api/invoices/${domestic.id}/credit-notes`, {
      lines: [{ item_id: items.g25?.id, quantity: '1', unit_price: '100' }],
    });
    const creditXml = await ubl(credit.document.id);
    expect(creditXml).toContain('<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>');
    expect(creditXml).toContain(
      `<cac:InvoiceDocumentReference><cbc:ID>${domestic.number}</cbc:ID><cbc:IssueDate>${domestic.doc_date}</cbc:IssueDate>`,
    );
    docs['credit note (381)'] = creditXml;

    const [consumer, ...reports] = await validateEInvoices({
      'B2C consumer without OIB': consumerXml,
      ...docs,
    });
    expect(describeFailures(reports)).toBe('');
    expect(reports.length).toBe(11);
    // A consumer without OIB has no VAT number, which HR CIUS asks of every buyer on a line at a
    // standard rate (HR-BR-S-1): the eRačun is a B2B document. That one rule is all that fails.
    expect(consumer?.failures.map((f) => `${f.source} ${f.id}`)).toEqual(['HR-CIUS HR-BR-S-1']);
    expect(consumerXml).toContain('<cbc:EndpointID schemeID="EM">ivana.peric@example.hr</cbc:EndpointID>');

    // What each kind says about VAT, read back from the documents the validators accepted.
    const category = (xml: string) =>
      [...xml.matchAll(/<cac:ClassifiedTaxCategory><cbc:ID>(\w+)<\/cbc:ID><cbc:Name>([^<]+)</g)].map(
        (m) => `${m[1]} ${m[2]}`,
      );
    expect(category(docs['domestic 25/13/5 %'] as string)).toEqual([
      'S HR:PDV25',
      'S HR:PDV13',
      'S HR:PDV5',
      'S HR:PDV25',
    ]);
    expect(category(docs['zero-rated (Z)'] as string)).toEqual(['Z HR:Z']);
    expect(docs['exempt (E)']).toContain(
      '<cbc:TaxExemptionReasonCode>VATEX-EU-135-1</cbc:TaxExemptionReasonCode>',
    );
    expect(docs['exempt (E)']).toContain('<hrextac:HRFISK20Data>');
    expect(category(docs['reverse charge: EU services'] as string)).toEqual(['AE HR:AE', 'AE HR:AE']);
    expect(docs['intra-EU goods (K)']).toMatch(
      /<cac:DeliveryLocation><cac:Address><cac:Country><cbc:IdentificationCode>DE</,
    );
    expect(docs['intra-EU goods (K)']).toContain(
      '<cbc:EndpointID schemeID="9930">DE129273398</cbc:EndpointID>',
    );
    expect(category(docs['export (G)'] as string)).toEqual(['G HR:G']);
    expect(docs['export (G)']).toContain(
      '<cbc:EndpointID schemeID="EM">rechnungen@alpenglas.ch</cbc:EndpointID>',
    );
    for (const xml of Object.values(docs))
      expect(xml).toContain(
        `<cac:SellerContact><cbc:ID>${OPERATOR.operator_oib}</cbc:ID><cbc:Name>${OPERATOR.operator_mark}</cbc:Name>`,
      );
  }, 180_000);

  it('a company outside the VAT system issues exempt lines naming čl. 90', async () => {
    const other = await signUp(t.app);
    const small = documentsClient(t.app, other);
    await company(small, 'Obrt Staklar', '11111111119');
    await small.ok('PUT', '/api/einvoice/operator', OPERATOR);
    expect(await small.ok('PUT', '/api/einvoice/settings', { vat_registered: false })).toEqual({
      vat_registered: false,
    });
    const service = await small.ok('POST', '/api/inventory/items', {
      sku: 'R',
      name: 'Rezanje stakla',
      kind: 'service',
      base_unit: 'kom',
      vat_rate: '0',
      kpd_code: '43.34.20',
    });
    const buyer = await small.ok('POST', '/api/clients', {
      kind: 'company',
      name: 'Kupac d.o.o.',
      oib: '69435151530',
    });
    const taxed = await small.ok('POST', '/api/invoices', {
      client_id: buyer.id,
      lines: [{ item_id: service.id, quantity: '1', unit_price: '10', vat_rate: '25' }],
    });
    const refused = await small.call('POST', `/api/invoices/${taxed.document.id}/issue`);
    expect(refused.status).toBe(400);
    expect(refused.body.error.details).toEqual([
      expect.objectContaining({ key: 'validation.nonVatPayerRate', params: { line: 1 } }),
    ]);
    const draft = await small.ok('POST', '/api/invoices', {
      client_id: buyer.id,
      lines: [{ item_id: service.id, quantity: '2', unit_price: '15' }],
    });
    const issued = await small.ok('POST', `/api/invoices/${draft.document.id}/issue`);
    const xml = (await small.call('GET', `/api/invoices/${issued.document.id}/ubl`)).raw.body;
    expect(xml).toContain('Nije u sustavu PDV-a prema čl. 90. st. 1. Zakona o PDV-u');
    expect(xml).toContain('<cbc:CompanyID>11111111119</cbc:CompanyID><cac:TaxScheme><cbc:ID>FRE</cbc:ID>');
    expect(describeFailures(await validateEInvoices({ 'not in the VAT system': xml }))).toBe('');
  }, 120_000);
});

describe('issuing refuses what an eRačun cannot lack', () => {
  it('names each missing thing and numbers nothing', async () => {
    const before = await api.ok('GET', '/api/invoices');
    const issuedBefore = (before.items as Json[]).filter((i) => i.status === 'issued').length;
    const noOib = await api.ok('POST', '/api/clients', { kind: 'company', name: 'Bez OIB-a d.o.o.' });
    const foreignNoAddress = await api.ok('POST', '/api/clients', {
      kind: 'company',
      name: 'Nowhere Ltd',
      billing_address: { street: '1 Main St', postal_code: '1000', city: 'Ljubljana', country: 'SI' },
    });
    await api.ok('PUT', '/api/einvoice/operator', { operator_mark: '', operator_oib: '' });
    const draft = await api.ok('POST', '/api/invoices', {
      client_id: noOib.id,
      lines: [
        { item_id: items.g25?.id, quantity: '1' },
        { description: 'Dostava', quantity: '1', unit: 'kom', unit_price: '20', vat_rate: '25' },
      ],
    });
    const r = await api.call('POST', `/api/invoices/${draft.document.id}/issue`);
    expect(r.status).toBe(400);
    expect(r.body.error.details.map((d: Json) => [d.key, d.params?.line ?? null])).toEqual([
      ['validation.operatorMarkMissing', null],
      ['validation.operatorOibMissing', null],
      ['validation.buyerOibMissing', null],
      ['validation.lineKpdMissing', 2],
    ]);
    const after = await api.ok('GET', `/api/documents/${draft.document.id}`);
    expect(after.document).toMatchObject({ status: 'draft', number: null });

    await api.ok('PUT', '/api/einvoice/operator', OPERATOR);
    const foreign = await api.ok('POST', '/api/invoices', {
      client_id: foreignNoAddress.id,
      lines: [{ item_id: items.service?.id, quantity: '1', vat_rate: '0' }],
    });
    const f = await api.call('POST', `/api/invoices/${foreign.document.id}/issue`);
    expect(f.status).toBe(400);
    expect(f.body.error.details.map((d: Json) => d.key)).toEqual(['validation.buyerEinvoiceAddressMissing']);
    const list = await api.ok('GET', '/api/invoices');
    expect((list.items as Json[]).filter((i) => i.status === 'issued').length).toBe(issuedBefore);
  });

  it('refuses an operator OIB that fails the check digit and a KPD code not in KPD 2025', async () => {
    const bad = await api.call('PUT', '/api/einvoice/operator', {
      operator_mark: 'X',
      operator_oib: '12345678901',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toEqual([
      expect.objectContaining({ field: 'operator_oib', key: 'validation.oibInvalid' }),
    ]);
    expect(await api.ok('GET', '/api/einvoice/operator')).toEqual(OPERATOR);

    const kpd = await api.call('POST', '/api/inventory/items', {
      sku: 'BAD',
      name: 'Bad',
      kind: 'product',
      base_unit: 'kom',
      kpd_code: '22.23.14',
    });
    expect(kpd.status).toBe(400);
    expect(kpd.body.error.details).toEqual([
      expect.objectContaining({
        field: 'kpd_code',
        key: 'validation.kpdUnknown',
        params: { code: '22.23.14' },
      }),
    ]);
    const patch = await api.call('PATCH', `/api/inventory/items/${items.g25?.id}`, { kpd_code: '99.99.99' });
    expect(patch.status).toBe(400);
    expect((await api.ok('GET', `/api/inventory/items/${items.g25?.id}`)).item.kpd_code).toBe('23.12.12');

    const address = await api.call('POST', '/api/clients', {
      kind: 'company',
      name: 'Adresa',
      einvoice_address: 'EM:not-mail',
    });
    expect(address.status).toBe(400);
    expect(address.body.error.details).toEqual([
      expect.objectContaining({ field: 'einvoice_address', key: 'validation.einvoiceAddressInvalid' }),
    ]);
  });
});

describe('KPD 2025 search', () => {
  it('finds codes by prefix and by words of the Croatian name, diacritics ignored', async () => {
    const byCode = (await api.ok('GET', '/api/einvoice/kpd?q=23.12.1')) as Json[];
    expect(byCode.map((e) => e.code)).toEqual(['23.12.11', '23.12.12', '23.12.13', '23.12.14']);
    const byName = (await api.ok(
      'GET',
      `/api/einvoice/kpd?q=${encodeURIComponent('staklarski radovi')}`,
    )) as Json[];
    expect(byName[0]).toMatchObject({ code: '43.34.20', name_hr: 'Staklarski radovi' });
    const folded = (await api.ok('GET', '/api/einvoice/kpd?q=sigurnosno')) as Json[];
    expect(folded.map((e) => e.code)).toContain('23.12.12');
  });
});
