/**
 * Measures the export paths on a company with N items (docs/export.md "Measured"):
 *
 *   VITEST=1 JOBS=off node --expose-gc --import tsx bench/export/measure-export.ts 5000
 *
 * In-memory PGlite (or TEST_DATABASE_URL); VITEST=1 gives throw-away encryption keys as in the tests. Items are inserted with one SQL statement (through the
 * audit trigger, like every write). Prints the time, file size and the JS heap peak above the
 * baseline of: items as XLSX and CSV through the `export.file` job, the same XLSX built the old way
 * (all rows read, then an in-memory exceljs workbook) for comparison, the archive job, and the
 * restore (upload + `export.restore` job) into a fresh company.
 */
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { withCompany } from '../../apps/server/src/db/tenant.ts';
import { runDueJobs } from '../../apps/server/src/jobs/runner.ts';
import { documentsClient } from '../../apps/server/src/modules/documents/test-helpers.ts';
import { canReadSensitive } from '../../apps/server/src/modules/export/export.service.ts';
import { readSection } from '../../apps/server/src/modules/export/sections.ts';
import { typedCell } from '../../apps/server/src/modules/export/writers.ts';
import { signUp, startTestApp } from '../../apps/server/src/test/harness.ts';

const n = Number(process.argv[2] ?? 5000);
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});

async function measure<T>(label: string, fn: () => Promise<T>, size?: (r: T) => number): Promise<T> {
  gc();
  const base = process.memoryUsage().heapUsed;
  let peak = base;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, 10);
  const started = performance.now();
  const result = await fn();
  const seconds = (performance.now() - started) / 1000;
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().heapUsed);
  const bytes = size ? ` ${(size(result) / 1024).toFixed(0)} kB,` : '';
  console.log(
    `${label}: ${seconds.toFixed(1)} s,${bytes} heap peak +${((peak - base) / 1024 / 1024).toFixed(0)} MB`,
  );
  return result;
}

const t = await startTestApp();
try {
  const owner = await signUp(t.app, 'Mjerenje Izvoza');
  const api = documentsClient(t.app, owner);
  const ids = { userId: owner.id, companyId: owner.id };
  // The first item through the API (it seeds the company's units), the rest in one statement.
  await api.ok('POST', '/api/inventory/items', {
    sku: 'PRVI',
    name: 'Prvi artikl',
    kind: 'material',
    base_unit: 'kom',
  });
  await measure(`insert ${n} items (SQL, audit trigger)`, () =>
    withCompany(t.deps.db, ids, (tx) =>
      tx.execute(sql`insert into items (company_id, sku, name, kind, base_unit, length_mm, purchase_price,
          sales_price, lot_tracked, reorder_point)
        select ${owner.id}::uuid, 'SKU-' || lpad(g::text, 7, '0'), 'Artikl broj ' || g || ', "testni"', 'material',
          'kom', (g % 6000)::numeric, round(g * 1.37, 4), round(g * 2.11, 4), g % 2 = 0, g % 50
        from generate_series(2, ${n}) g`),
    ),
  );

  const job = async (body: unknown) => {
    const start = await api.call('POST', '/api/export/jobs', body);
    if (start.status !== 202) throw new Error(JSON.stringify(start.body));
    await runDueJobs({ db: t.deps.db });
    const status = await api.ok('GET', `/api/export/jobs/${start.body.id}`);
    if (status.status !== 'done') throw new Error(JSON.stringify(status));
    return status.file as { id: string; size: number };
  };
  await measure(
    'items XLSX (job, cursor + streaming writer)',
    () => job({ type: 'section', section: 'items', format: 'xlsx' }),
    (f) => f.size,
  );
  await measure(
    'items CSV (job, cursor + streamed CSV)',
    () => job({ type: 'section', section: 'items', format: 'csv' }),
    (f) => f.size,
  );
  await measure(
    'items XLSX the old way (all rows, in-memory workbook)',
    async () => {
      const data = await withCompany(t.deps.db, ids, (tx, ctx) =>
        readSection(tx, 'items', { plainSensitive: canReadSensitive(ctx.role) }),
      );
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('items');
      ws.columns = data.columns.map((c) => ({ header: c.name, key: c.name }));
      for (const row of data.rows)
        ws.addRow(row.map((v, i) => typedCell(v, data.columns[i]?.type ?? 'text')));
      return Buffer.from(await wb.xlsx.writeBuffer());
    },
    (b) => b.length,
  );
  const archiveFile = await measure(
    'archive (job)',
    () => job({ type: 'archive' }),
    (f) => f.size,
  );
  const archive = (await api.call('GET', `/api/export/files/${archiveFile.id}`)).body;

  const fresh = await signUp(t.app, 'Prazna Tvrtka');
  const freshApi = documentsClient(t.app, fresh);
  await measure('restore (upload + job, one transaction)', async () => {
    const start = await freshApi.call('POST', '/api/export/archive/import', archive);
    if (start.status !== 202) throw new Error(JSON.stringify(start.body));
    await runDueJobs({ db: t.deps.db });
    const status = await freshApi.ok('GET', `/api/export/jobs/${start.body.id}`);
    if (status.status !== 'done') throw new Error(JSON.stringify(status));
    console.log(`  restored ${status.restored.rows} rows in ${status.restored.tables} tables`);
  });
} finally {
  await t.close();
}
