import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { describeFailures, validateEInvoices } from '../einvoice/validators.ts';
import { documentsClient, type Json, TEST_OPERATOR } from './test-helpers.ts';

// Advance invoices (386) and the final invoice that deducts them, through the HTTP app: amounts
// computed here by hand from the order's lines, the UBL of each through the official validators,
// an advance deducted once even by two final invoices issued at once, the storno of an advance,
// and quote net = invoiced − credited − advances deducted.

let t: TestApp;
let owner: SignedIn;
let api: ReturnType<typeof documentsClient>;
let client: Json;
const loc: Record<string, Json> = {};
const docs: Record<string, string> = {};

// The order: 4 × 100.00 glass at 25 %, 3 × 40.00 mirrors at 13 %, 2 h × 30.00 fitting at 25 %.
// Net 400.00 + 120.00 + 60.00 = 580.00; 25 %: base 460.00, VAT 115.00; 13 %: base 120.00, VAT
// 15.60; total 710.60.
const ORDER_LINES = [
  {
    description: 'Izo staklo 4-16-4',
    quantity: '4',
    unit: 'kom',
    unit_price: '100',
    vat_rate: '25',
    kpd_code: '23.12.12',
  },
  {
    description: 'Ogledalo 4 mm',
    quantity: '3',
    unit: 'kom',
    unit_price: '40',
    vat_rate: '13',
    kpd_code: '23.12.13',
  },
  {
    description: 'Ugradnja',
    quantity: '2',
    unit: 'h',
    unit_price: '30',
    vat_rate: '25',
    kpd_code: '43.34.20',
  },
];

const ubl = async (id: string) => {
  const r = await api.call('GET', `/api/invoices/${id}/ubl`);
  expect(r.status).toBe(200);
  return r.raw.body;
};

/** A work order of the given lines, completed (free-text lines: no stock, no operations). */
async function completedOrder(lines: Json[], fromQuote?: string) {
  let wo: Json;
  if (fromQuote) {
    await api.ok('POST', `/api/documents/quotes/${fromQuote}/accept`);
    const converted = await api.ok('POST', `/api/documents/quotes/${fromQuote}/convert`);
    wo = await api.ok('PUT', `/api/documents/work-orders/${converted.document.id}`, {
      client_id: client.id,
      source_location_id: loc.mat?.id,
      output_location_id: loc.got?.id,
      lines,
    });
  } else
    wo = await api.ok('POST', '/api/documents/work-orders', {
      client_id: client.id,
      source_location_id: loc.mat?.id,
      output_location_id: loc.got?.id,
      lines,
    });
  for (const step of ['plan', 'start', 'complete'])
    await api.ok(
      'POST',
      `/api/documents/work-orders/${wo.document.id}/${step}`,
      step === 'complete' ? {} : undefined,
    );
  return wo.document as Json;
}

const advance = async (orderId: string, body: Json) =>
  (await api.ok('POST', `/api/documents/${orderId}/advance-invoices`, body)) as Json;

async function finalInvoice(workOrderId: string) {
  const draft = await api.ok('POST', '/api/invoices', {
    client_id: client.id,
    work_order_ids: [workOrderId],
  });
  await api.ok('POST', `/api/invoices/${draft.document.id}/issue`);
  return (await api.ok('GET', `/api/documents/${draft.document.id}`)) as Json;
}

async function pdfText(id: string): Promise<string> {
  const res = await api.call('GET', `/api/documents/${id}/pdf`);
  expect(res.status).toBe(200);
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(res.raw.rawPayload)), {
    mergePages: true,
  });
  return text.replace(/\s+/g, ' ');
}

const rates = (a: Json) => a.rates.map((r: Json) => `${r.rate}: ${r.base} + ${r.vat}`);

beforeAll(async () => {
  t = await startTestApp();
  owner = await signUp(t.app);
  api = documentsClient(t.app, owner);
  await api.ok('PATCH', '/api/tenants/me', {
    company_name: 'Staklo Horvat d.o.o.',
    company_address: 'Ilica 1, 10000 Zagreb',
    tax_number: '94577403194',
    bank_accounts: [{ iban: 'HR1210010051863000160' }],
  });
  await api.ok('PUT', '/api/einvoice/operator', TEST_OPERATOR);
  client = await api.ok('POST', '/api/clients', {
    kind: 'company',
    name: 'Gradnja Kovač j.d.o.o.',
    oib: '69435151530',
    billing_address: { street: 'Vukovarska 5', postal_code: '21000', city: 'Split' },
  });
  for (const [key, code] of [
    ['mat', 'MAT'],
    ['got', 'GOT'],
  ] as const)
    loc[key] = await api.ok('POST', '/api/inventory/locations', { code, name: code, type: 'storage' });
}, 120_000);
afterAll(async () => t?.close());

describe('advance invoices and the final invoice', () => {
  const s: Record<string, Json> = {};

  it('issues an advance of 30 % of a sent quote, split over its VAT rates', async () => {
    const quote = await api.ok('POST', '/api/documents/quotes', { client_id: client.id, lines: ORDER_LINES });
    expect(quote.document.total).toBe('710.60');
    await api.ok('POST', `/api/documents/quotes/${quote.document.id}/send`);
    s.quote = quote.document;
    const a = await advance(quote.document.id, { percent: '30' });
    // 30 % of each rate's base: 25 %: 138.00 + VAT 34.50; 13 %: 36.00 + VAT 4.68; total 213.18.
    expect(a.document).toMatchObject({
      kind: 'invoice',
      status: 'issued',
      advance_for_id: quote.document.id,
      net_total: '174.00',
      vat_total: '39.18',
      total: '213.18',
    });
    expect(a.advances.map(rates)).toEqual([['25: 138.00 + 34.50', '13: 36.00 + 4.68']]);
    expect(a.lines.map((l: Json) => [l.description, l.unit_price, l.vat_rate, l.kpd_code])).toEqual([
      [`Predujam po ponudi ${quote.document.number}`, '138', '25', null],
      [`Predujam po ponudi ${quote.document.number}`, '36', '13', null],
    ]);
    // Numbered in the invoice series, like an invoice issued before or after it.
    const plain = await api.ok('POST', '/api/invoices', { client_id: client.id, lines: [ORDER_LINES[0]] });
    const next = await api.ok('POST', `/api/invoices/${plain.document.id}/issue`);
    const seq = (n: string) => Number(n.split('-')[0]);
    expect(seq(next.document.number)).toBe(seq(a.document.number) + 1);
    s.advance1 = a.document;
    const xml = await ubl(a.document.id);
    expect(xml).toContain('<cbc:InvoiceTypeCode>386</cbc:InvoiceTypeCode>');
    expect(xml).toContain('<cbc:ProfileID>P4</cbc:ProfileID>');
    expect(xml).not.toContain('CommodityClassification');
    expect(xml).toContain('<cbc:PayableAmount currencyID="EUR">213.18</cbc:PayableAmount>');
    docs['advance invoice (386)'] = xml;
    // It shows among the quote's documents and advances.
    const q = await api.ok('GET', `/api/documents/${quote.document.id}`);
    expect(q.links.map((l: Json) => [l.number, l.relation])).toContainEqual([a.document.number, 'advance']);
    expect(q.advances.map((x: Json) => x.number)).toEqual([a.document.number]);
  });

  it('is paid like an invoice', async () => {
    const paid = await api.ok('POST', `/api/invoices/${s.advance1?.id}/payments`, {
      paid_on: s.advance1?.doc_date,
      amount: '213.18',
    });
    expect(paid.document).toMatchObject({
      paid_total: '213.18',
      outstanding: '0.00',
      payment_status: 'paid',
    });
  });

  it('refuses more than the order has left, and bad input, writing nothing', async () => {
    const before = await api.ok('GET', '/api/invoices?page_size=100');
    // Left: 710.60 − 213.18 = 497.42.
    const over = await api.call('POST', `/api/documents/${s.quote?.id}/advance-invoices`, {
      amount: '497.43',
    });
    expect(over.status).toBe(400);
    expect(over.body.error.details[0]).toMatchObject({
      key: 'validation.advanceTooLarge',
      params: { left: '497.42' },
    });
    const both = await api.call('POST', `/api/documents/${s.quote?.id}/advance-invoices`, {
      amount: '10',
      percent: '10',
    });
    expect(both.status).toBe(400);
    expect(both.body.error.details[0].key).toBe('validation.advanceAmountOrPercent');
    const draftQuote = await api.ok('POST', '/api/documents/quotes', {
      client_id: client.id,
      lines: ORDER_LINES,
    });
    const notSent = await api.call('POST', `/api/documents/${draftQuote.document.id}/advance-invoices`, {
      percent: '10',
    });
    expect(notSent.status).toBe(409);
    expect(notSent.body.error.details[0].key).toBe('validation.advanceOrderNotOpen');
    const after = await api.ok('GET', '/api/invoices?page_size=100');
    expect(after.total).toBe(before.total);
  });

  it('takes a second advance as an amount on the work order the quote became', async () => {
    s.order = await completedOrder(ORDER_LINES, s.quote?.id);
    // 142.12 of 710.60 is 20 %: 25 % gets 142.12 × 575.00 / 710.60 = 115.00 = 92.00 + VAT 23.00;
    // 13 % gets 27.12 = 24.00 + VAT 3.12.
    const a = await advance(s.order.id, { amount: '142.12' });
    expect(a.document).toMatchObject({ net_total: '116.00', vat_total: '26.12', total: '142.12' });
    expect(a.advances.map(rates)).toEqual([['25: 92.00 + 23.00', '13: 24.00 + 3.12']]);
    s.advance2 = a.document;
  });

  it('deducts both advances on the final invoice: per rate, and payable = total − advances', async () => {
    // The draft shows what it will deduct; nothing is deducted before it is issued.
    const draft = await api.ok('POST', '/api/invoices', {
      client_id: client.id,
      work_order_ids: [s.order?.id],
    });
    const preview = await api.ok('GET', `/api/documents/${draft.document.id}`);
    expect(preview.advances.map((a: Json) => [a.number, a.deducted_by_id])).toEqual([
      [s.advance1?.number, null],
      [s.advance2?.number, null],
    ]);
    expect(preview.document.advance_total).toBe('0');
    await api.ok('POST', `/api/invoices/${draft.document.id}/issue`);
    const final = await api.ok('GET', `/api/documents/${draft.document.id}`);
    // Total 710.60; advances 213.18 + 142.12 = 355.30; payable 355.30.
    expect(final.document).toMatchObject({
      total: '710.60',
      advance_total: '355.30',
      paid_total: '355.30',
      outstanding: '355.30',
    });
    expect(final.payments.map((p: Json) => [p.amount, p.note])).toEqual([
      ['213.18', `Predujam ${s.advance1?.number}`],
      ['142.12', `Predujam ${s.advance2?.number}`],
    ]);
    expect(final.advances.map((a: Json) => [a.number, a.deducted_by_number])).toEqual([
      [s.advance1?.number, final.document.number],
      [s.advance2?.number, final.document.number],
    ]);
    const xml = await ubl(final.document.id);
    // The lines and VAT stay whole (115.00 + 15.60); the advances are prepaid and named.
    expect(xml).toContain('<cbc:ProfileID>P11</cbc:ProfileID>');
    expect(xml).toContain('<cac:TaxTotal><cbc:TaxAmount currencyID="EUR">130.60</cbc:TaxAmount>');
    expect(xml).toContain('<cbc:PrepaidAmount currencyID="EUR">355.30</cbc:PrepaidAmount>');
    expect(xml).toContain('<cbc:PayableAmount currencyID="EUR">355.30</cbc:PayableAmount>');
    expect(xml).toContain(
      `<cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>${s.advance1?.number}</cbc:ID><cbc:IssueDate>${s.advance1?.doc_date}</cbc:IssueDate><cbc:DocumentDescription>Plaćeno po računu za predujam: (${s.advance1?.number})\nOsnovica 25%: 138.00 EUR\nPDV 25%: 34.50 EUR\nOsnovica 13%: 36.00 EUR\nPDV 13%: 4.68 EUR\nUkupno predujam: 213.18 EUR</cbc:DocumentDescription>`,
    );
    expect(xml).toContain(`<cbc:ID>${s.advance2?.number}</cbc:ID>`);
    docs['final invoice deducting two advances'] = xml;
    // The PDF lists each advance per rate and what is left to pay.
    const pdf = await pdfText(final.document.id);
    expect(pdf).toContain('Odbijeni predujmovi');
    expect(pdf).toContain(`Račun za predujam ${s.advance1?.number}`);
    expect(pdf).toContain('osnovica 13 % −36,00 EUR, PDV 13 % −4,68 EUR');
    expect(pdf).toContain('Za platiti nakon predujmova: 355,30 EUR');
    expect(await pdfText(s.advance1?.id)).toContain(`Račun za predujam ${s.advance1?.number}`);
    s.final = final.document;
    // The buyer pays what is left; the invoice is then paid in full.
    const paid = await api.ok('POST', `/api/invoices/${final.document.id}/payments`, {
      paid_on: final.document.doc_date,
      amount: '355.30',
    });
    expect(paid.document).toMatchObject({ outstanding: '0.00', payment_status: 'paid' });
    // A deducted advance is not credited any more: the final invoice is what to correct.
    const storno = await api.call('POST', `/api/invoices/${s.advance1?.id}/credit-notes`, {});
    expect(storno.status).toBe(409);
    expect(storno.body.error.details[0]).toMatchObject({
      key: 'validation.advanceDeducted',
      params: { number: final.document.number },
    });
  });

  it('credits (storno) an advance not deducted yet; the final invoice then deducts nothing', async () => {
    const order = await completedOrder([ORDER_LINES[0] as Json]); // 400.00 + 100.00 = 500.00
    const a = await advance(order.id, { amount: '125' }); // 100.00 + 25.00
    expect(a.document.total).toBe('125.00');
    const partial = await api.call('POST', `/api/invoices/${a.document.id}/credit-notes`, {
      lines: [{ description: 'Predujam', quantity: '1', unit_price: '50', vat_rate: '25' }],
    });
    expect(partial.status).toBe(400);
    expect(partial.body.error.details[0].key).toBe('validation.advancePartialCredit');
    const credit = await api.ok('POST', `/api/invoices/${a.document.id}/credit-notes`, {});
    expect(credit.document).toMatchObject({ kind: 'credit_note', total: '125.00' });
    const xml = await ubl(credit.document.id);
    expect(xml).toContain('<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>');
    expect(xml).toContain(`<cbc:ID>${a.document.number}</cbc:ID>`);
    docs['storno of an advance (381)'] = xml;
    // The storno gives the order's budget back: a new advance may take the whole order.
    const again = await advance(order.id, { percent: '100' });
    expect(again.document.total).toBe('500.00');
    // The final invoice deducts the new advance, not the credited one, and asks for nothing more.
    const final = await finalInvoice(order.id);
    expect(final.document).toMatchObject({ total: '500.00', advance_total: '500.00', outstanding: '0.00' });
    expect(final.advances.map((x: Json) => x.number)).toEqual([again.document.number]);
  });

  it('deducts an advance once when two final invoices of the order are issued at once', async () => {
    // Two lines at 25 %, 200.00 each; an advance of 125.00 (100.00 + 25.00) fits either invoice.
    const line = (d: string) => ({
      description: d,
      quantity: '1',
      unit: 'kom',
      unit_price: '200',
      vat_rate: '25',
      kpd_code: '23.12.12',
    });
    const order = await completedOrder([line('Staklo A'), line('Staklo B')]);
    const a = await advance(order.id, { amount: '125' });
    const first = await api.ok('POST', '/api/invoices', { client_id: client.id, work_order_ids: [order.id] });
    // The first invoice keeps line A only (its source kept), so the second bills line B.
    const kept = (first.lines as Json[])[0] as Json;
    await api.ok('PUT', `/api/invoices/${first.document.id}`, {
      client_id: client.id,
      lines: [
        {
          item_id: kept.item_id,
          description: kept.description,
          quantity: kept.quantity,
          unit: kept.unit,
          unit_price: kept.unit_price,
          vat_rate: '25',
          kpd_code: kept.kpd_code,
          source_line_id: kept.source_line_id,
        },
      ],
    });
    const second = await api.ok('POST', '/api/invoices', {
      client_id: client.id,
      work_order_ids: [order.id],
    });
    expect(second.lines).toHaveLength(1);
    await Promise.all([first, second].map((d) => api.ok('POST', `/api/invoices/${d.document.id}/issue`)));
    const issued = await Promise.all(
      [first, second].map((d) => api.ok('GET', `/api/documents/${d.document.id}`)),
    );
    const deducting = issued.filter((i) => i.advances.length > 0);
    expect(deducting).toHaveLength(1);
    expect(deducting[0]?.advances[0]?.number).toBe(a.document.number);
    // Each invoice is 250.00; one owes 250.00 − 125.00, the other all of it.
    expect(issued.map((i) => i.document.outstanding).sort()).toEqual(['125.00', '250.00']);
    const adv = await api.ok('GET', `/api/documents/${a.document.id}`);
    expect(adv.advances[0].deducted_by_id).toBe(deducting[0]?.document.id);
  });

  it('keeps quote net = invoiced − credited − advances deducted, over the whole company', async () => {
    const list = await api.ok('GET', '/api/invoices?page_size=100&status=issued');
    const cents = (v: string) => Math.round(Number(v) * 100);
    let invoiced = 0;
    let credited = 0;
    let deducted = 0;
    for (const d of list.items as Json[]) {
      if (d.kind === 'credit_note') credited += cents(d.net_total);
      else invoiced += cents(d.net_total);
      if (d.kind === 'invoice' && !d.advance_for_id) {
        const full = await api.ok('GET', `/api/documents/${d.id}`);
        for (const a of full.advances as Json[]) deducted += cents(a.net_total);
      }
    }
    // Billed: the quote's order 580.00, the order with the stornoed advance 400.00, the order of
    // the concurrent invoices 400.00, and the one plain invoice 400.00 (4 × 100.00).
    const orders = 58000 + 40000 + 40000 + 40000;
    expect(invoiced - credited - deducted).toBe(orders);
  });

  it('passes the official validators with no fatal assertion', async () => {
    const reports = await validateEInvoices(docs);
    expect(reports).toHaveLength(3);
    expect(describeFailures(reports)).toBe('');
  }, 180_000);
});
