import { businessDay } from '@erp/domain';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/database.ts';
import { asPlatformFor, withCompany } from '../../db/tenant.ts';
import { runDueJobs } from '../../jobs/runner.ts';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { documentsClient, type Json } from '../documents/test-helpers.ts';
import { exportSection } from './export.service.ts';
import { buildExportFixture } from './test-fixture.ts';

// The queue is driven by hand (runDueJobs), so each test sees one job run to the end.
process.env.JOBS = 'off';

let t: TestApp;
let owner: SignedIn;
let api: ReturnType<typeof documentsClient>;
// Documents and file names carry the business date (Europe/Zagreb), not the UTC one.
const today = businessDay();

beforeAll(async () => {
  t = await startTestApp();
  owner = await signUp(t.app, 'Ana Horvat');
  ({ api } = await buildExportFixture(t.app, owner));
}, 180_000);
afterAll(async () => t?.close());

async function xlsxRows(section: string): Promise<{ header: string[]; rows: ExcelJS.CellValue[][] }> {
  const res = await api.call('GET', `/api/export/sections/${section}?format=xlsx`);
  expect(res.status).toBe(200);
  expect(res.raw.headers['content-type']).toContain('spreadsheetml');
  expect(res.raw.headers['content-disposition']).toContain(`${section}-${today}.xlsx`);
  return readXlsx(res.raw.rawPayload);
}

async function readXlsx(bytes: Buffer): Promise<{ header: string[]; rows: ExcelJS.CellValue[][] }> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  const ws = wb.worksheets[0] as ExcelJS.Worksheet;
  const all: ExcelJS.CellValue[][] = [];
  ws.eachRow((row) => {
    all.push((row.values as ExcelJS.CellValue[]).slice(1));
  });
  return { header: all[0] as string[], rows: all.slice(1) };
}

const pick = (header: string[], row: ExcelJS.CellValue[], name: string) => row[header.indexOf(name)];

async function runJob(body: unknown, as = api): Promise<Json> {
  const start = await as.call('POST', '/api/export/jobs', body);
  expect(start.status).toBe(202);
  await runDueJobs({ db: t.deps.db });
  const status = await as.ok('GET', `/api/export/jobs/${start.body.id}`);
  expect(status).toMatchObject({ status: 'done', progress: '1.0000' });
  return status;
}

describe('section export', () => {
  it('XLSX holds typed cells: numbers from decimal strings, dates as dates, booleans, text', async () => {
    const items = await xlsxRows('items');
    expect(items.header.slice(0, 4)).toEqual(['sku', 'name', 'kind', 'base_unit']);
    const glass = items.rows.find((r) => pick(items.header, r, 'sku') === 'FLOAT4') as ExcelJS.CellValue[];
    expect(pick(items.header, glass, 'name')).toBe('Float staklo 4 mm');
    expect(pick(items.header, glass, 'purchase_price')).toBe(20);
    // 10.5 received by hand + 100 from the purchase order
    expect(pick(items.header, glass, 'on_hand')).toBe(110.5);
    expect(pick(items.header, glass, 'lot_tracked')).toBe(true);
    const spacer = items.rows.find((r) => pick(items.header, r, 'sku') === 'DIST16') as ExcelJS.CellValue[];
    expect(pick(items.header, spacer, 'avg_cost')).toBe(1.1);
    expect(pick(items.header, spacer, 'lot_tracked')).toBe(false);
    // An empty value is an empty cell (row.values leaves a hole).
    expect(pick(items.header, spacer, 'length_mm') ?? null).toBeNull();
    expect(pick(items.header, glass, 'created_at')).toBeInstanceOf(Date);

    const orders = await xlsxRows('purchase_orders');
    const sent = orders.rows.find(
      (r) => pick(orders.header, r, 'status') === 'partially_received',
    ) as ExcelJS.CellValue[];
    // 1234.5 × 12.50 = 15431.25 net; VAT 25 % = 3857.81; total 19289.06
    expect(pick(orders.header, sent, 'net_total')).toBe(15431.25);
    expect(pick(orders.header, sent, 'total')).toBe(19289.06);
    const expected = pick(orders.header, sent, 'expected_on') as Date;
    expect(expected).toBeInstanceOf(Date);
    expect(expected.toISOString()).toBe('2026-05-04T00:00:00.000Z');

    const invoices = await xlsxRows('invoices');
    expect(invoices.rows).toHaveLength(1);
    const inv = invoices.rows[0] as ExcelJS.CellValue[];
    // 2 × 100 less the client's 10 % = 180.00; VAT 45.00; total 225.00
    expect(pick(invoices.header, inv, 'total')).toBe(225);
    expect(pick(invoices.header, inv, 'vat_total')).toBe(45);
    expect(pick(invoices.header, inv, 'paid_total')).toBe(100);
    expect(pick(invoices.header, inv, 'number')).toBe('1-POS1-1');
    expect((pick(invoices.header, inv, 'doc_date') as Date).toISOString()).toBe(`${today}T00:00:00.000Z`);
  });

  it('every section exports as CSV with its header', async () => {
    const sections = ['stock_balances', 'movements', 'locations', 'processes', 'bom_lines', 'quotes'];
    for (const s of sections) {
      const res = await api.call('GET', `/api/export/sections/${s}?format=csv`);
      expect(res.status).toBe(200);
      expect(String(res.body).charCodeAt(0)).toBe(0xfeff);
    }
    const quotes = String((await api.call('GET', '/api/export/sections/quotes?format=csv')).body);
    const lines = quotes.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe(
      'kind,number,status,doc_date,client,valid_until,net_total,vat_total,total,created_at',
    );
    expect(
      lines
        .slice(1)
        .map((l) => l.split(',')[2])
        .sort(),
    ).toEqual(['converted', 'draft', 'sent']);
    const bom = String((await api.call('GET', '/api/export/sections/bom_lines?format=csv')).body);
    expect(bom).toContain('IZO,Izo staklo 4-16-4,1,active,1,FLOAT4,Float staklo 4 mm,,2*W*H/1e6,m2,0.000');
  });

  it('items carry price basis, glass kind and minimum charge; BOM lines their cut sizes', async () => {
    await api.ok('POST', '/api/inventory/items', {
      sku: 'KAL6',
      name: 'Kaljeno 6 mm',
      kind: 'material',
      base_unit: 'm2',
      sales_price: '45',
      price_basis: 'area',
      glass_kind: 'tempered',
      min_charge: '12.5',
      grain: true,
    });
    const items = await xlsxRows('items');
    const tempered = items.rows.find((r) => pick(items.header, r, 'sku') === 'KAL6') as ExcelJS.CellValue[];
    expect(pick(items.header, tempered, 'price_basis')).toBe('area');
    expect(pick(items.header, tempered, 'glass_kind')).toBe('tempered');
    expect(pick(items.header, tempered, 'min_charge')).toBe(12.5);
    expect(pick(items.header, tempered, 'grain')).toBe(true);
    const spacer = items.rows.find((r) => pick(items.header, r, 'sku') === 'DIST16') as ExcelJS.CellValue[];
    expect(pick(items.header, spacer, 'price_basis')).toBe('unit');
    expect(pick(items.header, spacer, 'glass_kind') ?? null).toBeNull();
    expect(pick(items.header, spacer, 'grain')).toBe(false);

    const all = (await api.ok('GET', '/api/inventory/items?q=IZO')).items as Json[];
    const igu = all.find((i) => i.sku === 'IZO') as Json;
    const float = ((await api.ok('GET', '/api/inventory/items?q=FLOAT4')).items as Json[]).find(
      (i) => i.sku === 'FLOAT4',
    ) as Json;
    await api.ok('POST', `/api/products/${igu.id}/boms`, {
      variables: [],
      lines: [
        {
          componentId: float.id,
          formula: '2*W*H/1e6',
          unit: 'm2',
          scrapPct: '0',
          cutCount: '2',
          cutWidth: 'W-8',
          cutHeight: 'H-8',
        },
      ],
    });
    const bom = String((await api.call('GET', '/api/export/sections/bom_lines?format=csv')).body);
    const lines = bom.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe(
      'product_sku,product_name,bom_version,bom_status,position,component_sku,component_name,quantity,formula,unit,scrap_pct,cut_count,cut_length,cut_width,cut_height',
    );
    expect(lines).toContain(
      'IZO,Izo staklo 4-16-4,2,draft,1,FLOAT4,Float staklo 4 mm,,2*W*H/1e6,m2,0.000,2,,W-8,H-8',
    );
    // the active version has no cut sizes: empty cells
    expect(lines).toContain(
      'IZO,Izo staklo 4-16-4,1,active,1,FLOAT4,Float staklo 4 mm,,2*W*H/1e6,m2,0.000,,,,',
    );
  });

  it('OIB in plain text for managers, masked for other roles', async () => {
    const ids = { userId: owner.id, companyId: owner.id };
    const asOwner = await withCompany(t.deps.db, ids, (tx, ctx) => exportSection(tx, ctx, 'clients', 'csv'));
    expect(asOwner.data.toString('utf8')).toContain('69435151530');
    expect(asOwner.sensitive).toBe(true);
    const asPlanner = await withCompany(t.deps.db, ids, (tx, ctx) =>
      exportSection(tx, { ...ctx, role: 'planner' }, 'clients', 'csv'),
    );
    const text = asPlanner.data.toString('utf8');
    expect(text).not.toContain('69435151530');
    expect(text).toContain('••••••••530');
    expect(asPlanner.sensitive).toBe(false);
  });

  it('an unknown section or format is a validation error', async () => {
    expect((await api.call('GET', '/api/export/sections/secrets?format=csv')).status).toBe(400);
    expect((await api.call('GET', '/api/export/sections/items?format=pdf')).status).toBe(400);
  });
});

// The owner connection is a superuser on PGlite (row-level security does not bind it): filter by hand.
const count = async (companyId: string, table: string, where = sql``) =>
  asPlatformFor(t.deps.db, { userId: companyId, companyId }, async (tx) =>
    Number(
      rowsOf<{ n: string }>(
        await tx.execute(
          sql`select count(*)::text as n from ${sql.identifier(table)} where company_id = ${companyId} ${where}`,
        ),
      )[0]?.n,
    ),
  );

describe('background exports', () => {
  it('a section exported through the job is a real XLSX with typed cells', async () => {
    const status = await runJob({ type: 'section', section: 'items', format: 'xlsx' });
    expect(status.file).toMatchObject({ kind: 'section', filename: `items-${today}.xlsx` });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/export/files/${status.file.id}`,
      headers: { cookie: owner.cookie },
    });
    expect(res.statusCode).toBe(200);
    const { header, rows } = await readXlsx(res.rawPayload);
    expect(header).toContain('purchase_price');
    const glass = rows.find((r) => pick(header, r, 'sku') === 'FLOAT4') as ExcelJS.CellValue[];
    expect(pick(header, glass, 'purchase_price')).toBe(20);
    expect(pick(header, glass, 'on_hand')).toBe(110.5);
    expect(pick(header, glass, 'lot_tracked')).toBe(true);
    expect(pick(header, glass, 'name')).toBe('Float staklo 4 mm');
    expect(pick(header, glass, 'created_at')).toBeInstanceOf(Date);
  });

  it('reads a section from the cursor in batches and reports progress after each batch', async () => {
    const ids = { userId: owner.id, companyId: owner.id };
    const seen: number[] = [];
    const file = await withCompany(t.deps.db, ids, (tx, ctx) =>
      exportSection(tx, ctx, 'items', 'csv', { batchSize: 2, onProgress: (f) => void seen.push(f) }),
    );
    const lines = file.data.toString('utf8').trim().split('\r\n');
    const items = lines.length - 1;
    expect(items).toBeGreaterThan(2);
    // One report per batch of two rows, rising to 1.
    expect(seen).toHaveLength(Math.ceil(items / 2));
    expect(seen.at(-1)).toBe(1);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
    // The same rows as one big batch.
    const whole = await withCompany(t.deps.db, ids, (tx, ctx) => exportSection(tx, ctx, 'items', 'csv'));
    expect(whole.data.equals(file.data)).toBe(true);
  });

  it('the company archive runs as a job and downloads once done', async () => {
    const status = await runJob({ type: 'archive' });
    expect(status.file).toMatchObject({ kind: 'archive', content_type: 'application/json', sensitive: true });
    const res = await api.call('GET', `/api/export/files/${status.file.id}`);
    expect(res.status).toBe(200);
    expect(res.raw.headers['content-disposition']).toContain('attachment');
    expect(res.body).toMatchObject({ format: 'erp-company-archive', version: 1 });
    const listed = await api.ok('GET', '/api/export/files');
    expect(listed.map((f: Json) => f.id)).toContain(status.file.id);
  });

  it('documents as PDFs in one zip, a folder per kind', async () => {
    const status = await runJob({ type: 'pdf', kinds: ['quote', 'invoice', 'purchase_order'] });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/export/files/${status.file.id}`,
      headers: { cookie: owner.cookie },
    });
    expect(res.headers['content-type']).toBe('application/zip');
    const zip = await JSZip.loadAsync(res.rawPayload);
    const names = Object.keys(zip.files)
      .filter((n) => !zip.files[n]?.dir)
      .sort();
    const year = new Date().getFullYear();
    expect(names).toContain(`invoice/1-POS1-1.pdf`);
    expect(names).toContain(`quote/P-${year}-0001.pdf`);
    expect(names.filter((n) => n.startsWith('quote/'))).toHaveLength(3);
    expect(names.filter((n) => n.startsWith('purchase_order/'))).toHaveLength(2);
    const pdf = await zip.file('invoice/1-POS1-1.pdf')?.async('nodebuffer');
    expect(pdf?.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('another company sees neither the job, the file nor the data', async () => {
    const status = await runJob({ type: 'section', section: 'items', format: 'csv' });
    const stranger = await signUp(t.app, 'Strani Korisnik');
    const other = documentsClient(t.app, stranger);
    expect((await other.call('GET', `/api/export/jobs/${status.id}`)).status).toBe(404);
    expect((await other.call('GET', `/api/export/files/${status.file.id}`)).status).toBe(404);
    expect(await other.ok('GET', '/api/export/files')).toEqual([]);
    const theirs = String((await other.call('GET', '/api/export/sections/items?format=csv')).body);
    expect(theirs.slice(1).trim()).toBe(
      'sku,name,kind,base_unit,length_mm,width_mm,thickness_mm,lot_tracked,grain,reorder_point,reorder_qty,default_supplier,purchase_price,sales_price,price_basis,glass_kind,min_charge,vat_rate,kpd_code,on_hand,avg_cost,active,created_at',
    );
  });

  it('a restore into a company that has data is refused at once; into a fresh one it runs as a job', async () => {
    const status = await runJob({ type: 'archive' });
    const archive = (await api.call('GET', `/api/export/files/${status.file.id}`)).body;
    const r = await api.call('POST', '/api/export/archive/import', archive);
    expect(r.status).toBe(409);
    expect(r.body.error.details).toEqual([{ field: 'company', key: 'export:restore.notEmpty' }]);
    expect(await count(owner.id, 'export_files', sql`and kind = 'upload'`)).toBe(0);
    expect(await count(owner.id, 'jobs', sql`and kind = 'export.restore'`)).toBe(0);

    const fresh = await signUp(t.app, 'Nova Tvrtka');
    const freshApi = documentsClient(t.app, fresh);
    const start = await freshApi.call('POST', '/api/export/archive/import', archive);
    expect(start.status).toBe(202);
    // Stored first, restored by the job.
    expect(await count(fresh.id, 'export_files', sql`and kind = 'upload'`)).toBe(1);
    expect(await count(fresh.id, 'items')).toBe(0);
    await runDueJobs({ db: t.deps.db });
    const done = await freshApi.ok('GET', `/api/export/jobs/${start.body.id}`);
    expect(done).toMatchObject({
      kind: 'restore',
      status: 'done',
      progress: '1.0000',
      error: null,
      file: null,
    });
    expect(done.restored.rows).toBeGreaterThan(30);
    expect(await count(fresh.id, 'export_files', sql`and kind = 'upload'`)).toBe(0);
    // The upload is never a file anyone lists or downloads.
    expect(await freshApi.ok('GET', '/api/export/files')).toEqual([]);
    const items = String((await freshApi.call('GET', '/api/export/sections/items?format=csv')).body);
    expect(items).toContain('FLOAT4,Float staklo 4 mm');
  });

  it('a restore job that fails midway leaves the target company empty', async () => {
    const status = await runJob({ type: 'archive' });
    const archive = (await api.call('GET', `/api/export/files/${status.file.id}`)).body as {
      tables: { name: string; columns: string[]; rows: (string | null)[][] }[];
    };
    // A late table with a value its column refuses: the quick checks pass, the restore fails there.
    const lines = archive.tables.find((x) => x.name === 'document_lines');
    if (!lines) throw new Error('no document_lines in the archive');
    (lines.rows[0] as (string | null)[])[lines.columns.indexOf('quantity')] = 'not-a-number';
    const target = await signUp(t.app, 'Petra Jurić');
    const targetApi = documentsClient(t.app, target);
    const auditBefore = await count(target.id, 'audit_log');
    const start = await targetApi.call('POST', '/api/export/archive/import', archive);
    expect(start.status).toBe(202);
    await runDueJobs({ db: t.deps.db });
    const failed = await targetApi.ok('GET', `/api/export/jobs/${start.body.id}`);
    expect(failed).toMatchObject({ kind: 'restore', status: 'failed', restored: null });
    expect(failed.error).toContain('not-a-number');
    for (const table of [
      'items',
      'partners',
      'documents',
      'document_lines',
      'stock_movements',
      'export_files',
    ])
      expect(await count(target.id, table)).toBe(0);
    expect(await count(target.id, 'audit_log')).toBe(auditBefore);
  });

  it('a file that is not an archive is refused before anything is stored', async () => {
    const target = await signUp(t.app, 'Iva Novak');
    const targetApi = documentsClient(t.app, target);
    const r = await targetApi.call('POST', '/api/export/archive/import', { format: 'x' });
    expect(r.status).toBe(400);
    expect(await count(target.id, 'export_files')).toBe(0);
    expect(await count(target.id, 'jobs')).toBe(0);
  });
});
