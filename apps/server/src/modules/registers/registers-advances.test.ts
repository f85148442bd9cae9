import { businessDay } from '@erp/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { documentsClient, type Json, TEST_OPERATOR } from '../documents/test-helpers.ts';

// IRA and the VAT summary with an advance invoice (386) and the final invoice that deducts it:
// the advance's VAT is due with the advance, so the final invoice's row shows its amounts less
// the advance per rate, and the period's output VAT is the order's VAT once. Every expected
// number is worked out by hand from the order's lines below.

let t: TestApp;
let owner: SignedIn;
let api: ReturnType<typeof documentsClient>;
// The business day (Europe/Zagreb), as the invoices are dated: between 23:00 and 01:00 UTC it is not the UTC date.
const today = businessDay();
const period = `from=${today.slice(0, 8)}01&to=${today}`;

// 4 × 100.00 at 25 %: base 400.00, VAT 100.00; 3 × 40.00 at 13 %: base 120.00, VAT 15.60.
// The order: net 520.00, VAT 115.60, total 635.60.
const LINES = [
  {
    description: 'Izo staklo',
    quantity: '4',
    unit: 'kom',
    unit_price: '100',
    vat_rate: '25',
    kpd_code: '23.12.12',
  },
  {
    description: 'Ogledalo',
    quantity: '3',
    unit: 'kom',
    unit_price: '40',
    vat_rate: '13',
    kpd_code: '23.12.13',
  },
];

const s: Record<string, Json> = {};

beforeAll(async () => {
  t = await startTestApp();
  owner = await signUp(t.app, 'Registri Predujam');
  api = documentsClient(t.app, owner);
  await api.ok('PATCH', '/api/tenants/me', {
    company_name: 'Staklo Horvat d.o.o.',
    company_address: 'Ilica 1, 10000 Zagreb',
    tax_number: '94577403194',
    bank_accounts: [{ iban: 'HR1210010051863000160' }],
  });
  await api.ok('PUT', '/api/einvoice/operator', TEST_OPERATOR);
  const client = await api.ok('POST', '/api/clients', {
    kind: 'company',
    name: 'Gradnja Kovač j.d.o.o.',
    oib: '69435151530',
    billing_address: { street: 'Vukovarska 5', postal_code: '21000', city: 'Split' },
  });
  const loc = async (code: string) =>
    api.ok('POST', '/api/inventory/locations', { code, name: code, type: 'storage' });
  const [mat, got] = [await loc('MAT'), await loc('GOT')];
  const wo = await api.ok('POST', '/api/documents/work-orders', {
    client_id: client.id,
    source_location_id: mat.id,
    output_location_id: got.id,
    lines: LINES,
  });
  for (const step of ['plan', 'start', 'complete'])
    await api.ok(
      'POST',
      `/api/documents/work-orders/${wo.document.id}/${step}`,
      step === 'complete' ? {} : undefined,
    );
  s.advance = (
    await api.ok('POST', `/api/documents/${wo.document.id}/advance-invoices`, { percent: '30' })
  ).document;
  const draft = await api.ok('POST', '/api/invoices', {
    client_id: client.id,
    work_order_ids: [wo.document.id],
  });
  await api.ok('POST', `/api/invoices/${draft.document.id}/issue`);
  s.final = (await api.ok('GET', `/api/documents/${draft.document.id}`)).document;
}, 120_000);
afterAll(() => t?.close());

describe('registers with an advance invoice and the final invoice deducting it', () => {
  it('IRA: the advance with its VAT, the final invoice less the advance per rate', async () => {
    // The final invoice itself stays whole and deducts the advance (30 %: 25 %: 120.00 + 30.00;
    // 13 %: 36.00 + 4.68; 190.68).
    expect(s.final).toMatchObject({ total: '635.60', vat_total: '115.60', advance_total: '190.68' });
    const ira = await api.ok('GET', `/api/registers/ira?${period}`);
    expect(ira.rows).toHaveLength(2);
    const adv = ira.rows.find((r: Json) => r.id === s.advance?.id);
    const fin = ira.rows.find((r: Json) => r.id === s.final?.id);
    expect(adv).toMatchObject({ net: '156.00', vat: '34.68', total: '190.68', advances: null });
    expect([adv.buckets['25'], adv.buckets['13']]).toEqual([
      { base: '120.00', vat: '30.00' },
      { base: '36.00', vat: '4.68' },
    ]);
    // 25 %: 400.00 − 120.00 = 280.00, VAT 100.00 − 30.00 = 70.00; 13 %: 120.00 − 36.00 = 84.00,
    // VAT 15.60 − 4.68 = 10.92; net 364.00, VAT 80.92, total 444.92.
    expect(fin).toMatchObject({
      net: '364.00',
      vat: '80.92',
      total: '444.92',
      advances: { numbers: [s.advance?.number], net: '156.00', vat: '34.68', total: '190.68' },
    });
    expect([fin.buckets['25'], fin.buckets['13']]).toEqual([
      { base: '280.00', vat: '70.00' },
      { base: '84.00', vat: '10.92' },
    ]);
    // Together: the order once.
    expect(ira.totals).toMatchObject({ net: '520.00', vat: '115.60', total: '635.60' });
    expect([ira.totals.buckets['25'].vat, ira.totals.buckets['13'].vat]).toEqual(['100.00', '15.60']);
  });

  it('VAT summary: output VAT is the order VAT once', async () => {
    const vat = await api.ok('GET', `/api/registers/vat?${period}`);
    expect(vat).toMatchObject({ output_vat: '115.60', payable: '115.60' });
    const by = Object.fromEntries(vat.rows.map((r: Json) => [r.bucket, r]));
    expect(by['25']).toMatchObject({ output_base: '400.00', output_vat: '100.00' });
    expect(by['13']).toMatchObject({ output_base: '120.00', output_vat: '15.60' });
  });

  it('XLSX and CSV: the final row less the advance, the deduction in its own columns', async () => {
    const res = await api.call('GET', `/api/registers/ira.xlsx?${period}`);
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.raw.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('IRA') as ExcelJS.Worksheet;
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    const rowOf = (n: number) => (ws.getRow(n).values as unknown[]).slice(1);
    const final = [2, 3].map(rowOf).find((r) => r[1] === s.final?.number) as unknown[];
    const col = (row: unknown[], name: string) => row[header.indexOf(name)];
    expect([col(final, 'Ukupno osnovica'), col(final, 'Ukupno PDV'), col(final, 'PDV 13 %')]).toEqual([
      364, 80.92, 10.92,
    ]);
    expect(col(final, 'Odbijeni predujmovi')).toBe(s.advance?.number);
    expect([col(final, 'Odbijena osnovica predujma'), col(final, 'Odbijeni PDV predujma')]).toEqual([
      156, 34.68,
    ]);
    expect(col(rowOf(4), 'Ukupno PDV')).toBe(115.6);

    const csv = await api.call('GET', `/api/registers/ira.csv?${period}`);
    const lines = csv.raw.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
      .map((l: string) => l.split(';'));
    const [head = [], ...rows] = lines;
    const row = rows.find((r: string[]) => r[1] === s.final?.number) as string[];
    expect(row[head.indexOf('Ukupno')]).toBe('444,92');
    expect(row[head.indexOf('Odbijeni PDV predujma')]).toBe('34,68');
  });
});
