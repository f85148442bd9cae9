import { readFileSync } from 'node:fs';
import { businessDay, EXPORT_SECTIONS } from '@erp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import type { Json } from '../documents/test-helpers.ts';
import { exportCompanyArchive } from './archive.ts';
import { SECTIONS } from './sections.repo.ts';
import { type Api, buildExportFixture, parseCsv } from './test-fixture.ts';

// Issue 22: every section file in the user's language carries words, never the API's codes (stock
// document types such as `opening` and `count`, where a movement or cutting job came from, a
// purchase order's source), and is named in that language in plain ASCII; the JSON archive and
// the files without a language keep the codes.
process.env.JOBS = 'off';

let t: TestApp;
let owner: SignedIn;
let api: Api;

const locale = (lng: string, ns: string) =>
  JSON.parse(
    readFileSync(new URL(`../../../../web/public/locales/${lng}/${ns}.json`, import.meta.url), 'utf8'),
  ) as Json;
const hrExport = locale('hr', 'export');

/** A code as the API writes it: lower-case ASCII words joined by "_" ("partially_received", "1d"), not a number. */
const CODE = /^(?=.*[a-z])[a-z0-9]+(_[a-z0-9]+)*$/;
/** Text columns whose values are not codes: unit symbols ("kom") and BOM formulas ("qty"). */
const NOT_CODES = new Set([
  'unit',
  'base_unit',
  'formula',
  'cut_count',
  'cut_length',
  'cut_width',
  'cut_height',
]);

/** Opening stock through the file import (a stock document of type `opening`). */
async function importOpeningStock() {
  const csv = [
    'Šifra;Naziv;Vrsta;Jedinica;Lokacija;Količina;Jedinična cijena',
    'OTV-1;Brtva EPDM;materijal;m;MAT;40;0,8',
  ];
  const boundary = 'CODES';
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/inventory/import?commit=true',
    headers: { cookie: owner.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="pocetno.csv"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      Buffer.from(csv.join('\n'), 'utf8'),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  t = await startTestApp();
  owner = await signUp(t.app, 'Ana Horvat');
  const fixture = await buildExportFixture(t.app, owner);
  api = fixture.api;
  await importOpeningStock();
  // A stock count that finds one pane less than the books (a stock document of type `count`).
  const sheet = await api.ok('POST', '/api/inventory/counts', { location_id: fixture.shop.finished.id });
  await api.ok('PUT', `/api/inventory/counts/${sheet.id}/lines`, {
    lines: sheet.lines.map((l: Json) => ({ id: l.id, counted_qty: '0' })),
  });
  await api.ok('POST', `/api/inventory/counts/${sheet.id}/post`);
}, 240_000);
afterAll(async () => t?.close());

async function sectionFile(section: string, lang?: string) {
  const res = await api.call(
    'GET',
    `/api/export/sections/${section}?format=csv${lang ? `&lang=${lang}` : ''}`,
  );
  expect(res.status).toBe(200);
  const text = (res.raw.rawPayload as Buffer).toString('utf8').slice(1);
  const rows = parseCsv(text, lang && lang !== 'en' ? ';' : ',');
  return { rows, disposition: String(res.raw.headers['content-disposition']) };
}

describe('section files in the user language carry no codes', () => {
  it('every coded cell of every section reads as a word in Croatian', async () => {
    const left: string[] = [];
    let coded = 0;
    for (const section of EXPORT_SECTIONS) {
      const codes = await sectionFile(section);
      const words = await sectionFile(section, 'hr');
      expect(words.rows).toHaveLength(codes.rows.length);
      const columns = SECTIONS[section].columns;
      for (const [r, row] of codes.rows.slice(1).entries())
        for (const [i, column] of columns.entries()) {
          const value = row[i] ?? '';
          if (column.type !== 'text' || NOT_CODES.has(column.name) || !CODE.test(value)) continue;
          coded += 1;
          const spoken = words.rows[r + 1]?.[i] ?? '';
          if (spoken === value) left.push(`${section}.${column.name}: ${value} → ${spoken}`);
        }
    }
    expect(left).toEqual([]);
    // The fixture has coded cells in many columns (kinds, statuses, types, sources).
    expect(coded).toBeGreaterThan(50);
  });

  it('stock document types, movement sources, cutting kind and source, purchase-order source in words', async () => {
    const codes = await sectionFile('movements');
    const words = await sectionFile('movements', 'hr');
    const at = (name: string) => (codes.rows[0] as string[]).indexOf(name);
    const pairs = (name: string) =>
      new Set(codes.rows.slice(1).map((row, r) => `${row[at(name)]}=${words.rows[r + 1]?.[at(name)]}`));
    const values = hrExport.file.values;
    expect(pairs('document_type')).toContain(`opening=${values.stockDocument.opening}`);
    expect(pairs('document_type')).toContain(`count=${values.stockDocument.count}`);
    expect(pairs('source_type')).toContain(`stock_count=${values.source.stock_count}`);
    expect(pairs('source_type')).toContain(`delivery_note=${values.source.delivery_note}`);

    const cutting = await sectionFile('cutting_jobs', 'hr');
    const cuttingWords = locale('hr', 'cutting');
    const header = cutting.rows[0] as string[];
    const job = cutting.rows[1] as string[];
    expect(job[header.indexOf(hrExport.file.columns.kind)]).toBe(cuttingWords.kind['1d']);
    expect(job[header.indexOf(hrExport.file.columns.source_type)]).toBe(values.source.adhoc);

    const orders = await sectionFile('purchase_orders', 'hr');
    const source = (orders.rows[0] as string[]).indexOf(hrExport.file.columns.source);
    expect(new Set(orders.rows.slice(1).map((r) => r[source]))).toEqual(new Set([values.source.manual]));
  });

  it('keeps the codes without a language and in the JSON archive', async () => {
    const codes = await sectionFile('movements');
    const type = (codes.rows[0] as string[]).indexOf('document_type');
    expect(new Set(codes.rows.slice(1).map((r) => r[type]))).toEqual(
      new Set(['receipt', 'opening', 'count', 'delivery']),
    );
    const archive = await exportCompanyArchive(t.deps.db, owner.id, { userId: owner.id });
    const docs = archive.tables.find((x) => x.name === 'stock_documents');
    const jobs = archive.tables.find((x) => x.name === 'cutting_jobs');
    expect(new Set(docs?.rows.map((r) => r[docs.columns.indexOf('type')]))).toContain('opening');
    expect(jobs?.rows.map((r) => r[jobs.columns.indexOf('source_type')])).toEqual(['adhoc']);
  });
});

describe('section file names', () => {
  const day = () => businessDay();

  it('are the section names in the user language, in ASCII; without a language the code', async () => {
    expect((await sectionFile('movements', 'hr')).disposition).toContain(
      `filename="kretanja-zaliha-${day()}.csv"`,
    );
    expect((await sectionFile('suppliers', 'hr')).disposition).toContain(
      `filename="dobavljaci-${day()}.csv"`,
    );
    expect((await sectionFile('stock_balances', 'de')).disposition).toContain(
      `filename="lagerbestande-${day()}.csv"`,
    );
    expect((await sectionFile('purchase_orders', 'it')).disposition).toContain(
      `filename="ordini-d-acquisto-${day()}.csv"`,
    );
    expect((await sectionFile('cutting_jobs', 'cs')).disposition).toContain(`filename="rezani-${day()}.csv"`);
    expect((await sectionFile('items')).disposition).toContain(`filename="items-${day()}.csv"`);
  });
});
