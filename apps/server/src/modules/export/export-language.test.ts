import { readFileSync } from 'node:fs';
import { businessDay } from '@erp/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueJobs } from '../../jobs/runner.ts';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import type { documentsClient, Json } from '../documents/test-helpers.ts';
import { buildExportFixture, parseCsv } from './test-fixture.ts';

// Issue 22: exports speak the user's language (headers, statuses, yes/no, units, dd.mm.yyyy) and a
// Croatian CSV is what Croatian Excel opens in columns (";", decimal comma, UTF-8 BOM); without a
// language (the API) the names and codes stay.
process.env.JOBS = 'off';

let t: TestApp;
let owner: SignedIn;
let api: ReturnType<typeof documentsClient>;

const locale = (lng: string, ns: string) =>
  JSON.parse(
    readFileSync(new URL(`../../../../web/public/locales/${lng}/${ns}.json`, import.meta.url), 'utf8'),
  ) as Json;
const hrExport = locale('hr', 'export');
const hrPurchasing = locale('hr', 'purchasing');
const hrInventory = locale('hr', 'inventory');

beforeAll(async () => {
  t = await startTestApp();
  owner = await signUp(t.app, 'Ana Horvat');
  ({ api } = await buildExportFixture(t.app, owner));
}, 180_000);
afterAll(async () => t?.close());

async function csv(section: string, lang?: string) {
  const res = await api.call(
    'GET',
    `/api/export/sections/${section}?format=csv${lang ? `&lang=${lang}` : ''}`,
  );
  expect(res.status).toBe(200);
  return res.raw.rawPayload as Buffer;
}

describe('exports in the user language', () => {
  it('Croatian CSV: BOM, ";", Croatian headers and statuses, decimal commas, dd.mm.yyyy; same rows as the coded one', async () => {
    const bytes = await csv('purchase_orders', 'hr');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const hr = parseCsv(bytes.toString('utf8').slice(1), ';');
    const coded = parseCsv((await csv('purchase_orders')).toString('utf8').slice(1), ',');
    const codes = coded[0] as string[];
    expect(hr[0]).toEqual(codes.map((c) => hrExport.file.columns[c]));
    expect(hr).toHaveLength(coded.length);
    const at = (name: string) => codes.indexOf(name);
    for (const [r, row] of coded.slice(1).entries()) {
      const spoken = hr[r + 1] as string[];
      expect(spoken[at('status')]).toBe(hrPurchasing.status[row[at('status')] as string]);
      for (const n of ['net_total', 'vat_total', 'total'])
        expect(spoken[at(n)]).toBe(row[at(n)]?.replace('.', ','));
      const day = row[at('ordered_on')] as string;
      if (day) expect(spoken[at('ordered_on')]).toBe(day.split('-').reverse().join('.'));
    }
    // The partly received order of the fixture reads as Croatian Excel shows it.
    const partly = hr.find((r) => r[at('status')] === hrPurchasing.status.partially_received) as string[];
    expect(partly).toBeDefined();
    expect(partly[at('expected_on')]).toBe('04.05.2026');
    expect(partly[at('net_total')]).toMatch(/^\d+,\d+$/);
  });

  it('Croatian XLSX through the background job: Croatian headers, kinds, yes/no and m²; numbers stay numbers', async () => {
    const start = await api.call('POST', '/api/export/jobs', {
      type: 'section',
      section: 'items',
      format: 'xlsx',
      lang: 'hr',
    });
    expect(start.status).toBe(202);
    await runDueJobs({ db: t.deps.db });
    const status = await api.ok('GET', `/api/export/jobs/${start.body.id}`);
    expect(status.status).toBe('done');
    // Named in the language too, in ASCII (export-codes.test.ts checks the other names).
    expect(status.file.filename).toBe(`artikli-${businessDay()}.xlsx`);
    const file = await api.call('GET', `/api/export/files/${status.file.id}`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.raw.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0] as ExcelJS.Worksheet;
    const header = (ws.getRow(1).values as string[]).slice(1);
    const col = (name: string) => header.indexOf(hrExport.file.columns[name]) + 1;
    expect(col('sku')).toBeGreaterThan(0);
    expect(header).not.toContain('sku');
    let glass: ExcelJS.Row | undefined;
    ws.eachRow((row, n) => {
      if (n > 1 && String(row.getCell(col('sku')).value).startsWith('FLOAT4')) glass = row;
    });
    expect(glass).toBeDefined();
    const cell = (name: string) => glass?.getCell(col(name));
    expect(cell('kind')?.value).toBe(hrInventory.kinds.material);
    expect(cell('lot_tracked')?.value).toBe(hrExport.file.yes);
    expect(cell('grain')?.value).toBe(hrExport.file.no);
    expect(cell('base_unit')?.value).toBe('m²');
    expect(cell('purchase_price')?.value).toBe(20);
    expect(cell('created_at')?.value).toBeInstanceOf(Date);
    expect(cell('created_at')?.numFmt).toBe('dd.mm.yyyy hh:mm:ss');
  });

  it('English CSV keeps "," and the decimal point; no language keeps the API names and codes', async () => {
    const en = parseCsv((await csv('purchase_orders', 'en')).toString('utf8').slice(1), ',');
    expect(en[0]?.[0]).toBe(locale('en', 'export').file.columns.number);
    const coded = parseCsv((await csv('purchase_orders')).toString('utf8').slice(1), ',');
    expect(coded[0]?.slice(0, 2)).toEqual(['number', 'status']);
    expect(coded.slice(1).map((r) => r[1])).toContain('partially_received');
    const bad = await api.call('GET', '/api/export/sections/items?format=csv&lang=xx');
    expect(bad.status).toBe(400);
  });

  it("a document's status reads as its badge does: a cancelled work order, an issued delivery note", async () => {
    const hrDocuments = locale('hr', 'documents');
    const called = await api.ok('POST', '/api/documents/work-orders', {});
    await api.ok('POST', `/api/documents/work-orders/${called.document.id}/cancel`);
    const spoken = async (section: string) => {
      const rows = parseCsv((await csv(section, 'hr')).toString('utf8').slice(1), ';');
      const coded = parseCsv((await csv(section)).toString('utf8').slice(1), ',');
      const at = (coded[0] as string[]).indexOf('status');
      return coded.slice(1).map((row, i) => [row[at], (rows[i + 1] as string[])[at]] as const);
    };
    const orders = await spoken('work_orders');
    expect(orders).toContainEqual(['cancelled', hrDocuments.status.cancelled_work_order]);
    expect(orders).toContainEqual(['planned', hrDocuments.status.planned]);
    expect(await spoken('delivery_notes')).toContainEqual([
      'issued',
      hrDocuments.status.issued_delivery_note,
    ]);
    // The two kinds' words differ in Croatian: a work order is called off, a delivery note reversed.
    expect(hrDocuments.status.cancelled_work_order).not.toBe(hrDocuments.status.cancelled_delivery_note);
  });
});
