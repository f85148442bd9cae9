import { businessDay } from '@erp/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCompany } from '../../db/tenant.ts';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { documentsClient, type Json, TEST_OPERATOR } from '../documents/test-helpers.ts';
import { receiveUbl } from '../purchase-invoices/purchase-invoices.service.ts';
import { correctedExample, SELLER_OIB } from '../purchase-invoices/test-invoices.ts';

// IRA, URA and the VAT summary from invoices issued and received in this test; every expected
// number below is worked out by hand from the lines in the comments.

let t: TestApp;
let owner: SignedIn;
let api: ReturnType<typeof documentsClient>;
// The business day (Europe/Zagreb), as the invoices are dated: between 23:00 and 01:00 UTC it is not the UTC date.
const today = businessDay();
const period = `from=${today.slice(0, 8)}01&to=${today}`;

beforeAll(async () => {
  t = await startTestApp();
  owner = await signUp(t.app, 'Registri Test');
  api = documentsClient(t.app, owner);
  await api.ok('PATCH', '/api/tenants/me', {
    company_name: 'Staklo Horvat d.o.o.',
    company_address: 'Ilica 1, 10000 Zagreb',
    tax_number: '94577403194',
    bank_accounts: [{ iban: 'HR1210010051863000160' }],
  });
  await api.ok('PUT', '/api/einvoice/operator', TEST_OPERATOR);
}, 60_000);
afterAll(() => t.close());

const item = async (sku: string, extra: Json): Promise<Json> => {
  const r = await api.ok('POST', '/api/inventory/items', {
    sku,
    name: sku,
    kind: 'product',
    base_unit: 'kom',
    ...extra,
  });
  return r.item ?? r;
};

describe('registers: IRA, URA and the VAT summary', () => {
  beforeAll(async () => {
    const it25 = await item('IZO', { vat_rate: '25', kpd_code: '23.12.12', sales_price: '100' });
    const it13 = await item('OGL', { vat_rate: '13', kpd_code: '23.12.13', sales_price: '40' });
    const zero = await item('SOL', {
      vat_rate: '0',
      vat_exemption: 'Z',
      kpd_code: '26.11.22',
      sales_price: '300',
    });
    const exempt = await item('NAJ', {
      kind: 'service',
      vat_rate: '0',
      vat_exemption: 'VATEX-EU-135-1',
      kpd_code: '68.20.02',
      sales_price: '500',
    });
    const service = await item('UGR', {
      kind: 'service',
      base_unit: 'h',
      vat_rate: '25',
      kpd_code: '43.34.20',
      sales_price: '30',
    });
    const domestic = await api.ok('POST', '/api/clients', {
      kind: 'company',
      name: 'Gradnja Kovač j.d.o.o.',
      oib: '69435151530',
      billing_address: { street: 'Vukovarska 5', postal_code: '21000', city: 'Split' },
    });
    const eu = await api.ok('POST', '/api/clients', {
      kind: 'company',
      name: 'Glas Bauer GmbH',
      vat_id: 'DE129273398',
      einvoice_address: '9930:DE129273398',
      billing_address: { street: 'Hauptstraße 5', postal_code: '80331', city: 'München', country: 'DE' },
    });
    const issue = async (client: Json, lines: Json[]) => {
      const draft = await api.ok('POST', '/api/invoices', { client_id: client.id, lines });
      return (await api.ok('POST', `/api/invoices/${draft.document.id}/issue`)).document as Json;
    };
    // A: 2 × 100 at 25 % and 3 × 40 at 13 %: 200 + 50, 120 + 15.60 → 385.60
    const a = await issue(domestic, [
      { item_id: it25.id, quantity: '2' },
      { item_id: it13.id, quantity: '3' },
    ]);
    // B: 300 zero-rated (Z) and 500 exempt (E) → 800.00
    await issue(domestic, [
      { item_id: zero.id, quantity: '1' },
      { item_id: exempt.id, quantity: '1' },
    ]);
    // C: 8 h × 30 of services to an EU business, reverse charge (AE) → 240.00
    await issue(eu, [{ item_id: service.id, quantity: '8', vat_rate: '0' }]);
    // Credit note of A: 1 × 100 at 25 % → −125.00
    await api.ok('POST', `/api/invoices/${a.id}/credit-notes`, {
      lines: [{ item_id: it25.id, quantity: '1', unit_price: '100' }],
    });

    // Received: Porezna's examples (corrected), dated today, from our supplier.
    await api.ok('POST', '/api/suppliers', { name: 'TVRTKA A d.o.o.', oib: SELLER_OIB });
    const receive = async (file: string, number: string) => {
      const xml = correctedExample(file, number).replace(/<cbc:IssueDate>[^<]+/, `<cbc:IssueDate>${today}`);
      // These examples pass the validators once corrected (porezna-examples.test.ts runs them).
      const r = await withCompany(t.deps.db, { userId: owner.id, companyId: owner.id }, (tx) =>
        receiveUbl(tx, owner.id, xml, { kind: 'upload', userId: owner.id }, { failures: [] }),
      );
      return r.id;
    };
    // 100 at 25 % (125), 100 at 13 % (113), a credit note of 100 at 25 % (−125), 100 reverse charge.
    for (const [file, number] of [
      ['eRacun_PDV25.xml', '1-R-1'],
      ['eRacun_PDV13.xml', '2-R-1'],
      ['Odobrenje.xml', '3-R-1'],
      ['eRacun_Prijenos_porezne_obveze.xml', '4-R-1'],
    ] as const) {
      await api.ok('POST', `/api/purchase-invoices/${await receive(file, number)}/approve`);
    }
    // Not approved: not in URA.
    await receive('eRacun_PDV5.xml', '5-R-1');
  }, 120_000);

  it('IRA: issued invoices per rate, the credit note negative', async () => {
    const ira = await api.ok('GET', `/api/registers/ira?${period}`);
    expect(ira.rows).toHaveLength(4);
    const credit = ira.rows.find((r: Json) => r.kind === 'credit_note');
    expect(credit).toMatchObject({
      net: '-100.00',
      vat: '-25.00',
      total: '-125.00',
      partner: 'Gradnja Kovač j.d.o.o.',
    });
    expect(credit.oib).toBe('69435151530');
    const b = ira.totals.buckets;
    expect([b['25'].base, b['25'].vat, b['13'].base, b['13'].vat]).toEqual([
      '100.00',
      '25.00',
      '120.00',
      '15.60',
    ]);
    expect([b['0'].base, b.exempt.base, b.reverse_charge.base]).toEqual(['300.00', '500.00', '240.00']);
    // 200 + 120 + 300 + 500 + 240 − 100 = 1260; VAT 50 + 15.60 − 25 = 40.60
    expect(ira.totals).toMatchObject({ net: '1260.00', vat: '40.60', total: '1300.60' });
  });

  it('URA: approved received invoices with deductible VAT', async () => {
    const ura = await api.ok('GET', `/api/registers/ura?${period}`);
    expect(ura.rows.map((r: Json) => r.number).sort()).toEqual(['1-R-1', '2-R-1', '3-R-1', '4-R-1']);
    const b = ura.totals.buckets;
    expect([b['25'].base, b['25'].vat, b['13'].base, b['13'].vat, b.reverse_charge.base]).toEqual([
      '0.00',
      '0.00',
      '100.00',
      '13.00',
      '100.00',
    ]);
    // 125 + 113 − 125 + 100
    expect(ura.totals).toMatchObject({ net: '200.00', vat: '13.00', total: '213.00', deductible: '13.00' });
  });

  it('VAT summary: output less deductible input VAT', async () => {
    const vat = await api.ok('GET', `/api/registers/vat?${period}`);
    expect(vat).toMatchObject({
      output_vat: '40.60',
      input_vat: '13.00',
      deductible: '13.00',
      payable: '27.60',
    });
    const by = Object.fromEntries(vat.rows.map((r: Json) => [r.bucket, r]));
    expect(by['13']).toMatchObject({
      output_base: '120.00',
      output_vat: '15.60',
      input_base: '100.00',
      input_vat: '13.00',
    });
    expect(by.reverse_charge).toMatchObject({ output_base: '240.00', input_base: '100.00' });
    expect(by.other).toBeUndefined();
  });

  it('XLSX reads back with the same numbers', async () => {
    const res = await api.call('GET', `/api/registers/ira.xlsx?${period}`);
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.raw.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('IRA') as ExcelJS.Worksheet;
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    expect(header).toContain('Osnovica 25 %');
    expect(ws.rowCount).toBe(6); // header, four documents, totals
    const totals = (ws.getRow(6).values as unknown[]).slice(1);
    const col = (name: string) => totals[header.indexOf(name)];
    expect(totals[1]).toBe('Ukupno');
    expect([col('Ukupno osnovica'), col('Ukupno PDV'), col('Ukupno')]).toEqual([1260, 40.6, 1300.6]);
    expect(col('Prijenos porezne obveze')).toBe(240);
  });

  it('CSV for Croatian Excel: semicolons and decimal commas', async () => {
    const res = await api.call('GET', `/api/registers/ura.csv?${period}`);
    expect(res.status).toBe(200);
    expect(String(res.raw.headers['content-type'])).toContain('text/csv');
    const text = res.raw.body.replace(/^\uFEFF/, '');
    const lines = text
      .trimEnd()
      .split('\r\n')
      .map((l: string) => l.split(';'));
    const [header = [], ...rows] = lines;
    expect(header).toContain('Pretporez');
    expect(rows).toHaveLength(5);
    const at = (row: string[], name: string) => row[header.indexOf(name)];
    const credit = rows.find((r: string[]) => at(r, 'Vrsta') === 'Odobrenje') as string[];
    expect(at(credit, 'Ukupno')).toBe('-125,00');
    expect(at(credit, 'Osnovica 25 %')).toBe('-100,00');
    const totals = rows[rows.length - 1] as string[];
    expect([at(totals, 'Ukupno'), at(totals, 'Pretporez')]).toEqual(['213,00', '13,00']);
    // The dates are dd.mm.yyyy.
    expect(at(rows[0] as string[], 'Datum')).toBe(
      `${today.slice(8, 10)}.${today.slice(5, 7)}.${today.slice(0, 4)}`,
    );
  });

  it('refuses a period that ends before it starts', async () => {
    const res = await api.call('GET', '/api/registers/ira?from=2026-02-01&to=2026-01-01');
    expect(res.status).toBe(400);
    // The web shows this key's text (common.json), not a bare "could not load".
    expect(JSON.parse(res.raw.body).error.details).toEqual([{ field: 'to', key: 'validation.periodOrder' }]);
  });
});
