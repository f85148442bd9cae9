import { Decimal } from 'decimal.js';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageBoxes, overlaps, printedLines, textBoxes } from '../../pdf/pdf-inspect.ts';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { createFloat8, documentsClient, type Json } from './test-helpers.ts';

// Issue 18 deliverable 4 and issue 22's PDF defects: what the invoice and credit-note PDFs print
// for each kind of invoice (read back from the PDF), that their printed amounts add up, that a
// credit note asks for no payment, that the customer's quote has no internal warnings, that the
// work order's QR code covers no text, and the download's file name.

let t: TestApp;
let owner: SignedIn;
let api: ReturnType<typeof documentsClient>;
const items: Record<string, Json> = {};
const clients: Record<string, Json> = {};

const OPERATOR = { operator_mark: 'Ana Blagajna', operator_oib: '12345678903' };
const SELLER = {
  company_name: 'Staklo Horvat d.o.o.',
  company_address: 'Ilica 1, 10000 Zagreb',
  tax_number: '94577403194',
  bank_accounts: [{ iban: 'HR1210010051863000160' }],
};

/** "1.234,5678" → 1234.5678 */
const hr = (s: string) => new Decimal(s.replace(/\./g, '').replace(',', '.'));
/** "2030-05-17" → "17. 05. 2030.", as the Croatian screens write it. */
const hrDate = (iso: string) => `${iso.slice(8, 10)}. ${iso.slice(5, 7)}. ${iso.slice(0, 4)}.`;

async function pdfOf(id: string, who = api) {
  const r = await who.call('GET', `/api/documents/${id}/pdf`);
  expect(r.status).toBe(200);
  return Buffer.from(r.raw.rawPayload);
}
async function textOf(pdf: Buffer) {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  return (await extractText(doc, { mergePages: true })).text.replace(/\s+/g, ' ');
}
async function ublOf(id: string, who = api) {
  const r = await who.call('GET', `/api/invoices/${id}/ubl`);
  expect(r.status).toBe(200);
  return r.raw.body;
}
const reasonsIn = (xml: string) => [
  ...new Set([...xml.matchAll(/<cbc:TaxExemptionReason>([^<]+)</g)].map((m) => m[1] as string)),
];

async function issue(client: string, lines: Json[], who = api, clientId?: string): Promise<Json> {
  const draft = await who.ok('POST', '/api/invoices', { client_id: clientId ?? clients[client]?.id, lines });
  return (await who.ok('POST', `/api/invoices/${draft.document.id}/issue`)).document;
}
const line = (key: string, quantity: string, extra: Json = {}) => ({
  item_id: items[key]?.id,
  quantity,
  ...extra,
});

/** The recapitulation rows "PDV 25 % base vat total" as numbers, and the amount to pay. */
function recap(rows: string[][]) {
  const groups = rows
    .filter((r) => /^PDV \d+ %/.test(r[0] ?? '') && r.length >= 4)
    .map((r) => ({
      label: r[0] as string,
      base: hr(r.at(-3) as string),
      vat: hr(r.at(-2) as string),
      total: hr(r.at(-1) as string),
    }));
  return groups;
}

beforeAll(async () => {
  t = await startTestApp();
  owner = await signUp(t.app);
  api = documentsClient(t.app, owner);
  await api.ok('PATCH', '/api/tenants/me', SELLER);
  await api.ok('PUT', '/api/einvoice/operator', OPERATOR);
  const settings = await api.ok('GET', '/api/documents/settings');
  await api.ok('PUT', '/api/documents/settings', { ...settings, place_of_issue: 'Sesvete' });
  const item = (sku: string, extra: Json) =>
    api.ok('POST', '/api/inventory/items', { sku, name: sku, kind: 'product', base_unit: 'kom', ...extra });
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
  items.float8 = await createFloat8(api);
  const abroad = { street: 'Hauptstraße 5', postal_code: '80331', city: 'München' };
  clients.domestic = await api.ok('POST', '/api/clients', {
    kind: 'company',
    name: 'Gradnja Kovač j.d.o.o.',
    oib: '69435151530',
    billing_address: { street: 'Vukovarska 5', postal_code: '21000', city: 'Split' },
    payment_terms_days: 30,
  });
  clients.eu = await api.ok('POST', '/api/clients', {
    kind: 'company',
    name: 'Glas Bauer GmbH',
    vat_id: 'DE129273398',
    einvoice_address: '9930:DE129273398',
    billing_address: { ...abroad, country: 'DE' },
  });
  clients.export = await api.ok('POST', '/api/clients', {
    kind: 'company',
    name: 'Alpen Glas AG',
    email: 'rechnungen@alpenglas.ch',
    billing_address: { ...abroad, city: 'Zürich', postal_code: '8001', country: 'CH' },
  });
}, 120_000);
afterAll(async () => t?.close());

describe('invoice PDF: mandatory contents', () => {
  it('a domestic 25 % + 13 % invoice: parties, time, place, operator, payment; printed amounts add up', async () => {
    // A 4-decimal price with a discount: 3 × 12.3456 − 10 % = 33.33312 → 33.33 (rounded to 33.34
    // for display, 12.35 would print as 3 × 12.35 − 10 % = 33.35 ≠ 33.33).
    const inv = await issue('domestic', [
      line('g25', '3', { unit_price: '12.3456', discount_pct: '10' }),
      line('g13', '2.5', { unit_price: '40.105' }),
    ]);
    const pdf = await pdfOf(inv.id);
    const text = await textOf(pdf);
    for (const s of [
      `Račun ${inv.number}`,
      'Staklo Horvat d.o.o.',
      'Ilica 1, 10000 Zagreb',
      'OIB: 94577403194',
      'PDV ID: HR94577403194',
      'Gradnja Kovač j.d.o.o.',
      'Vukovarska 5, 21000 Split',
      'OIB: 69435151530',
      `Datum izdavanja ${hrDate(inv.doc_date)}`,
      'Mjesto izdavanja Sesvete',
      `Datum isporuke ${hrDate(inv.doc_date)}`,
      `Dospijeće ${hrDate(inv.due_date)}`,
      'Način plaćanja transakcijski račun',
      `Operater ${OPERATOR.operator_mark}`,
      `OIB operatera ${OPERATOR.operator_oib}`,
      'Plaćanje na IBAN HR1210010051863000160',
      `poziv na broj ${inv.payment_reference}`,
      'HUB-3',
    ])
      expect(text).toContain(s);
    // The time of issue as hh:mm in Zagreb.
    const time = new Date(inv.issued_at).toLocaleTimeString('hr-HR', {
      timeZone: 'Europe/Zagreb',
      hour: '2-digit',
      minute: '2-digit',
    });
    expect(text).toContain(`Vrijeme izdavanja ${time}`);
    expect(text).not.toMatch(/Vrijeme izdavanja \d\d:\d\d:\d\d/);

    const rows = printedLines(await textBoxes(pdf));
    // Each line row: position, description, qty, unit, price, discount %, VAT %, amount.
    const lineRows = rows.filter((r) => /^[12]$/.test(r[0] ?? '') && r.length >= 8);
    expect(lineRows.map((r) => r.slice(-6, -4))).toEqual([
      ['3', 'kom'],
      ['2,5', 'kom'],
    ]);
    expect(lineRows.map((r) => r.at(-4))).toEqual(['12,3456', '40,105']);
    for (const r of lineRows) {
      const [qty, , price, disc, , amount] = r.slice(-6) as string[];
      const computed = hr(qty as string)
        .times(hr(price as string))
        .times(new Decimal(100).minus(hr(disc as string)))
        .div(100)
        .toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
      expect(computed.toFixed(2)).toBe(hr(amount as string).toFixed(2));
    }
    // Recapitulation: per rate base + VAT = total, VAT = base × rate; the rows add up to the total.
    const groups = recap(rows);
    expect(groups.map((g) => g.label)).toEqual(['PDV 25 %', 'PDV 13 %']);
    for (const g of groups) {
      expect(g.base.plus(g.vat).toFixed(2)).toBe(g.total.toFixed(2));
      const rate = new Decimal((/PDV (\d+) %/.exec(g.label) as RegExpExecArray)[1] as string);
      expect(g.vat.toFixed(2)).toBe(
        g.base.times(rate).div(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2),
      );
    }
    const sum = groups.reduce((a, g) => a.plus(g.total), new Decimal(0));
    expect(sum.toFixed(2)).toBe(inv.total);
    const due = (/Ukupno za platiti: ([\d.,]+) EUR/.exec(text) as RegExpExecArray)[1] as string;
    expect(hr(due).toFixed(2)).toBe(inv.total);
  });

  it('zero-rated and exempt lines: each carries the wording the eRačun writes, numbered on its line', async () => {
    const inv = await issue('domestic', [line('g25', '1'), line('zero', '1'), line('exempt', '1')]);
    const pdf = await pdfOf(inv.id);
    const text = await textOf(pdf);
    const reasons = reasonsIn(await ublOf(inv.id));
    expect(reasons).toEqual(['Oslobođeno PDV-a prema čl. 40. Zakona o PDV-u']);
    expect(text).toContain(`[2] ${reasons[0]}`);
    expect(text).toContain('[1] Isporuka po stopi PDV-a 0 %');
    const rows = printedLines(await textBoxes(pdf));
    expect(rows.filter((r) => /^[123]$/.test(r[0] ?? '') && r.length >= 8).map((r) => r.at(-2))).toEqual([
      '25',
      '0 [1]',
      '0 [2]',
    ]);
    expect(recap(rows).map((g) => [g.label, g.vat.toFixed(2)])).toEqual([
      ['PDV 25 %', '25.00'],
      ['PDV 0 % [1]', '0.00'],
      ['PDV 0 % [2]', '0.00'],
    ]);
  });

  for (const [kind, client, [key, qty], article] of [
    ['reverse charge (EU services)', 'eu', ['service', '8'], 'Prijenos porezne obveze prema čl. 17. st. 1.'],
    ['intra-EU goods', 'eu', ['g25', '5'], 'Oslobođeno PDV-a prema čl. 41. st. 1. t. a)'],
    ['export', 'export', ['g25', '3'], 'Oslobođeno PDV-a prema čl. 45. st. 1. t. a)'],
  ] as const)
    it(`${kind}: the legal wording with its article, as in the eRačun`, async () => {
      const inv = await issue(client, [line(key, qty, { vat_rate: '0' })]);
      const text = await textOf(await pdfOf(inv.id));
      const reasons = reasonsIn(await ublOf(inv.id));
      expect(reasons).toHaveLength(1);
      expect(reasons[0]).toContain(article);
      expect(text).toContain(`[1] ${reasons[0]}`);
      expect(text).toContain(client === 'eu' ? 'PDV ID: DE129273398' : 'Zürich');
      expect(text).toContain(client === 'eu' ? 'München, DE' : '8001 Zürich, CH');
      expect(text).toContain('PDV 0 % [1]');
    });

  it('a company outside the VAT system: no VAT ID, every line "nije u sustavu PDV-a, čl. 90. st. 1."', async () => {
    const other = await signUp(t.app);
    const small = documentsClient(t.app, other);
    await small.ok('PATCH', '/api/tenants/me', {
      ...SELLER,
      company_name: 'Obrt Staklar',
      tax_number: '11111111119',
    });
    await small.ok('PUT', '/api/einvoice/operator', OPERATOR);
    await small.ok('PUT', '/api/einvoice/settings', { vat_registered: false });
    const cut = await small.ok('POST', '/api/inventory/items', {
      sku: 'R',
      name: 'Rezanje stakla',
      kind: 'service',
      base_unit: 'kom',
      vat_rate: '0',
      kpd_code: '43.34.20',
      sales_price: '15',
    });
    const buyer = await small.ok('POST', '/api/clients', {
      kind: 'company',
      name: 'Gradnja Kovač j.d.o.o.',
      oib: '69435151530',
      billing_address: { street: 'Vukovarska 5', postal_code: '21000', city: 'Split' },
    });
    const inv = await issue('', [{ item_id: cut.id, quantity: '4' }], small, buyer.id);
    const text = await textOf(await pdfOf(inv.id, small));
    const reasons = reasonsIn(await ublOf(inv.id, small));
    expect(reasons).toEqual(['Nije u sustavu PDV-a prema čl. 90. st. 1. Zakona o PDV-u']);
    expect(text).toContain(`[1] ${reasons[0]}`);
    expect(text).toContain('Nije u sustavu PDV-a (čl. 90. st. 1. Zakona o PDV-u)');
    expect(text).toContain('PDV nije obračunat');
    expect(text).not.toContain('PDV ID: HR');
    expect(text).toContain('Ukupno za platiti: 60,00 EUR');
  });
});

describe('credit note PDF', () => {
  it('names the invoice it corrects and asks for no payment', async () => {
    const inv = await issue('domestic', [line('g25', '2')]);
    const credit = (
      await api.ok('POST', `/api/invoices/${inv.id}/credit-notes`, {
        lines: [{ item_id: items.g25?.id, quantity: '1', unit_price: '100' }],
      })
    ).document;
    const pdf = await pdfOf(credit.id);
    const text = await textOf(pdf);
    expect(text).toContain(`Odobrenje ${credit.number}`);
    expect(text).toContain(`Za račun ${inv.number} od ${hrDate(inv.doc_date)}`);
    expect(text).toContain(
      `umanjuje se iznos računa br. ${inv.number} od ${hrDate(inv.doc_date)} za 125,00 EUR`,
    );
    expect(text).toContain('Iznos odobrenja: 125,00 EUR');
    expect(text).toContain(`Operater ${OPERATOR.operator_mark}`);
    expect(text).not.toContain('Plaćanje na IBAN');
    expect(text).not.toContain('HR1210010051863000160');
    expect(text).not.toContain('HUB-3');
    expect(text).not.toContain('Ukupno za platiti');
    expect(text).not.toContain('Dospijeće');
    expect(await imageBoxes(pdf)).toEqual([]); // no barcode
  });
});

describe('quote and work order PDFs (issue 22)', () => {
  const holes = { hole_count: 4, hole_diameter_mm: '6', hole_edge_mm: '10' };
  it('the customer quote prints the glass work but not the internal hole warnings', async () => {
    const quote = await api.ok('POST', '/api/documents/quotes', {
      client_id: clients.domestic?.id,
      lines: [{ item_id: items.float8?.id, quantity: '2', width_mm: '1000', height_mm: '800', ...holes }],
    });
    const text = await textOf(await pdfOf(quote.document.id));
    expect(text).toContain('rupe 4 × Ø 6 mm (od ruba 10 mm)');
    expect(text).not.toContain('UPOZORENJE');
    expect(text).not.toMatch(/manji je od debljine|najmanje 16 mm/);
  });

  it("the work order's QR code covers none of its text", async () => {
    const wo = await api.ok('POST', '/api/documents/work-orders', {
      client_id: clients.domestic?.id,
      due_date: '2030-05-17',
      rush: true,
      lines: [{ item_id: items.float8?.id, quantity: '1', width_mm: '500', height_mm: '400', ...holes }],
    });
    const pdf = await pdfOf(wo.document.id);
    const images = await imageBoxes(pdf);
    const texts = await textBoxes(pdf);
    expect(images).toHaveLength(1); // the QR code (no logo in this company)
    expect(texts.map((b) => b.text).join(' ')).toContain('17. 05. 2030.');
    const covered = texts.filter((b) => overlaps(b, images[0] as (typeof images)[number]));
    expect(covered.map((b) => b.text)).toEqual([]);
    expect(await textOf(pdf)).toContain('UPOZORENJE'); // internal: the work order keeps the warnings
  });
});

describe('PDF download', () => {
  it('names the file with an ASCII fallback and the UTF-8 name', async () => {
    const inv = await issue('domestic', [line('g25', '1')]);
    const r = await api.call('GET', `/api/documents/${inv.id}/pdf`);
    const ascii = `Racun-${inv.number}.pdf`.replace(/[^\w.-]+/g, '_');
    expect(r.raw.headers['content-disposition']).toBe(
      `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(`Račun-${inv.number}.pdf`)}`,
    );
  });
});
