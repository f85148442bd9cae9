import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/database.ts';
import { withCompany } from '../../db/tenant.ts';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { inventoryClient } from './test-helpers.ts';

let t: TestApp;
let user: SignedIn;
let api: ReturnType<typeof inventoryClient>;

beforeAll(async () => {
  t = await startTestApp();
  user = await signUp(t.app);
  api = inventoryClient(t.app, user);
  await api.location('SKL-A');
  await api.location('SKL-B');
}, 60_000);
afterAll(async () => t?.close());

function upload(filename: string, data: Buffer, commit: boolean, headers: Record<string, string> = {}) {
  const boundary = 'INVIMPORT';
  return t.app.inject({
    method: 'POST',
    url: `/api/inventory/import?commit=${commit}`,
    headers: { cookie: user.cookie, 'content-type': `multipart/form-data; boundary=${boundary}`, ...headers },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
}

/** Counts straight from the tables (under the company's RLS), not through the API under test. */
async function counts() {
  return withCompany(t.deps.db, { userId: user.id, companyId: user.id }, async (tx) => {
    const one = async (q: ReturnType<typeof sql>) => Number(rowsOf<{ n: number }>(await tx.execute(q))[0]?.n);
    return {
      items: await one(sql`select count(*)::int as n from items`),
      documents: await one(sql`select count(*)::int as n from stock_documents`),
      movements: await one(sql`select count(*)::int as n from stock_movements`),
      lots: await one(sql`select count(*)::int as n from lots`),
    };
  });
}

async function itemBySku(sku: string) {
  const r = await api.ok('GET', `/api/inventory/items?q=${encodeURIComponent(sku)}&active=all`);
  const item = r.items.find((i: { sku: string }) => i.sku === sku);
  if (!item) throw new Error(`no item ${sku}`);
  return api.balance(item.id);
}

describe('import of items and opening stock', () => {
  it('previews a valid CSV without writing, then creates the items and posts the opening stock', async () => {
    const csv = [
      'Šifra;Naziv;Vrsta;Jedinica;Praćenje lotova;Nabavna cijena;Točka narudžbe;Lokacija;Količina;Jedinična cijena;Lot;Rok trajanja',
      'IMP-PROF;Aluminijski profil 60;komponenta;m;ne;4,20;10;SKL-A;120;;;',
      'IMP-LJEP;Ljepilo za staklo;materijal;kg;da;9;;SKL-A;5;8,50;L-24-01;31.12.2027.',
      'IMP-LJEP;;;;;;;SKL-B;3;10;L-24-02;',
      'IMP-USL;Montaža;usluga;h;;;;;;;;',
    ].join('\n');
    const before = await counts();
    const preview = await upload('artikli.csv', Buffer.from(csv), false);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ valid: true, committed: false, total: 4, created: 0 });
    expect(preview.json().rows.map((r: { line: number }) => r.line)).toEqual([2, 3, 4, 5]);
    expect(await counts()).toEqual(before);

    const done = await upload('artikli.csv', Buffer.from(csv), true);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ valid: true, committed: true, created: 3, stock_lines: 3 });
    const after = await counts();
    expect(after.items).toBe(before.items + 3);
    expect(after.documents).toBe(before.documents + 1);
    expect(after.movements).toBe(before.movements + 3);

    const prof = await itemBySku('IMP-PROF');
    // No cost in the file: the receipt comes in at the purchase price.
    expect(prof.item).toMatchObject({ on_hand: '120', avg_cost: '4.2', base_unit: 'm', reorder_point: '10' });
    const ljep = await itemBySku('IMP-LJEP');
    // (5 × 8.50 + 3 × 10) / 8 = 9.0625
    expect(ljep.item).toMatchObject({ on_hand: '8', avg_cost: '9.0625', lot_tracked: true });
    expect(ljep.balances.map((b) => [b.lot_number, b.quantity])).toEqual([
      ['L-24-01', '5'],
      ['L-24-02', '3'],
    ]);
    const doc = await api.ok('GET', `/api/inventory/documents/${done.json().document_id}`);
    expect(doc.type).toBe('opening');
    expect(doc.lines.map((l: { type: string }) => l.type)).toEqual(['receipt', 'receipt', 'receipt']);
    const usl = await itemBySku('IMP-USL');
    expect(usl.item).toMatchObject({ kind: 'service', on_hand: '0' });
  });

  it('writes nothing when one row is bad, and names the row, column and problem', async () => {
    const csv = [
      'Šifra,Naziv,Lokacija,Količina',
      'BAD-1,Vijak M8,SKL-A,100',
      'BAD-2,Matica M8,SKL-X,50',
      'BAD-3,Podloška M8,SKL-A,-4',
      'IMP-PROF,Već postoji,,',
    ].join('\n');
    const before = await counts();
    const preview = await upload('los.csv', Buffer.from(csv), false);
    expect(preview.statusCode).toBe(200);
    const body = preview.json();
    expect(body.valid).toBe(false);
    expect(body.rows[0].errors).toEqual([]);
    expect(body.rows[1].errors).toEqual([
      {
        field: 'location',
        column: 'Lokacija',
        key: 'validation.importLocationUnknown',
        params: { code: 'SKL-X' },
      },
    ]);
    expect(body.rows[2]).toMatchObject({ line: 4, errors: [{ field: 'quantity', column: 'Količina' }] });
    expect(body.rows[3].errors).toEqual([{ field: 'sku', column: 'Šifra', key: 'validation.codeTaken' }]);

    const refused = await upload('los.csv', Buffer.from(csv), true);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.details[0]).toMatchObject({
      field: 'rows.3.location',
      key: 'validation.importLocationUnknown',
    });
    expect(await counts()).toEqual(before);
  });

  it('previews every problem of a row and the values it understood (issue 22)', async () => {
    const csv = [
      'Šifra;Naziv;Vrsta;Jedinica;Nabavna cijena;Praćenje lotova;Lokacija;Količina;Lot;Rok trajanja',
      // four problems in one row: a price that is no number, an unknown unit, an unknown location, a bad date
      'MULTI-1;Staklo 4 mm;materijal;kutija;dvanaest;da;SKL-X;10;L-7;31.02.2027.',
      'MULTI-2;Staklo 6 mm;komponenta;m2;12,50;ne;SKL-A;1,5;;31.12.2027.',
    ].join('\n');
    const before = await counts();
    const body = (await upload('vise.csv', Buffer.from(csv), false)).json();
    expect(body.valid).toBe(false);
    const bad = body.rows[0];
    expect(bad.errors.map((e: { field: string; column: string }) => [e.field, e.column]).sort()).toEqual(
      [
        ['base_unit', 'Jedinica'],
        ['expires_on', 'Rok trajanja'],
        ['location', 'Lokacija'],
        ['purchase_price', 'Nabavna cijena'],
      ].sort(),
    );
    // What the row was read as: API values, the failed price kept as typed.
    expect(bad.values).toMatchObject({
      sku: 'MULTI-1',
      kind: 'material',
      base_unit: 'kutija',
      purchase_price: 'dvanaest',
      lot_tracked: 'true',
      location: 'SKL-X',
      quantity: '10',
      lot_number: 'L-7',
      expires_on: '31.02.2027.',
    });
    expect(body.rows[1].errors).toEqual([]);
    expect(body.rows[1].values).toEqual({
      sku: 'MULTI-2',
      name: 'Staklo 6 mm',
      kind: 'component',
      base_unit: 'm2',
      purchase_price: '12.50',
      lot_tracked: 'false',
      location: 'SKL-A',
      quantity: '1.5',
      expires_on: '2027-12-31',
    });
    expect(await counts()).toEqual(before);
  });

  it('imports measure pricing (price basis, glass kind, minimum charge) checked like the item form', async () => {
    const bad = [
      'Šifra,Naziv,Prodajna cijena,Osnovica cijene,Vrsta stakla,Minimalni iznos',
      'MP-1,Kaljeno 8 mm,52,po kilogramu,kaljeno,10',
      'MP-2,Lamistal 44.2,60,m2,kristal,-3',
    ].join('\n');
    const before = await counts();
    const preview = (await upload('cijene.csv', Buffer.from(bad), false)).json();
    expect(preview.valid).toBe(false);
    expect(preview.rows[0].errors).toEqual([
      { field: 'price_basis', column: 'Osnovica cijene', key: 'validation.invalid' },
    ]);
    expect(preview.rows[1].errors.map((e: { field: string; column: string }) => [e.field, e.column])).toEqual(
      [
        ['glass_kind', 'Vrsta stakla'],
        ['min_charge', 'Minimalni iznos'],
      ],
    );
    expect((await upload('cijene.csv', Buffer.from(bad), true)).statusCode).toBe(400);
    expect(await counts()).toEqual(before);

    const good = [
      'Šifra,Naziv,Prodajna cijena,Osnovica cijene,Vrsta stakla,Minimalni iznos,Smjer vlakana',
      'MP-1,Kaljeno 8 mm,52,m²,kaljeno,12.50,',
      'MP-2,Brušenje ruba,4,dužni metar,,3,ne',
      'MP-3,Iverica hrast,0.2,,,,da',
    ].join('\n');
    const done = await upload('cijene.csv', Buffer.from(good), true);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ committed: true, created: 3 });
    expect((await itemBySku('MP-1')).item).toMatchObject({
      price_basis: 'area',
      glass_kind: 'tempered',
      min_charge: '12.5',
    });
    expect((await itemBySku('MP-2')).item).toMatchObject({
      price_basis: 'perimeter',
      glass_kind: null,
      min_charge: '3',
    });
    expect((await itemBySku('MP-3')).item).toMatchObject({
      price_basis: 'unit',
      glass_kind: null,
      min_charge: null,
      grain: true,
    });
    expect((await itemBySku('MP-1')).item).toMatchObject({ grain: false });
    expect((await itemBySku('MP-2')).item).toMatchObject({ grain: false });
  });

  it('reads XLSX typed cells: numeric SKUs, decimals, formulas, booleans and dates', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Artikli');
    ws.addRow([
      'Šifra',
      'Naziv',
      'Praćenje lotova',
      'Nabavna cijena',
      'Lokacija',
      'Količina',
      'Broj lota',
      'Rok trajanja',
    ]);
    ws.addRow([100200, 'Staklo 4 mm', false, 12.75, 'SKL-B', 2.5, null, null]);
    ws.addRow([
      'XL-LOT',
      'Silikon',
      true,
      { formula: '0.1+0.2', result: 0.1 + 0.2 },
      'SKL-A',
      40,
      'S-1',
      new Date(Date.UTC(2028, 0, 15)),
    ]);
    const data = Buffer.from(await wb.xlsx.writeBuffer());
    const done = await upload('artikli.xlsx', data, true);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ committed: true, created: 2, stock_lines: 2 });
    const glass = await itemBySku('100200');
    expect(glass.item).toMatchObject({ on_hand: '2.5', purchase_price: '12.75', lot_tracked: false });
    const silicone = await itemBySku('XL-LOT');
    expect(silicone.item).toMatchObject({ on_hand: '40', purchase_price: '0.3', lot_tracked: true });
    expect(silicone.balances).toMatchObject([
      { lot_number: 'S-1', expires_on: '2028-01-15', quantity: '40' },
    ]);
  });

  it('replays a committed import with the same Idempotency-Key instead of posting it twice', async () => {
    const csv = 'Šifra;Lokacija;Količina\nIMP-PROF;SKL-B;7\n';
    const key = { 'idempotency-key': 'import-once-1' };
    const first = await upload('dopuna.csv', Buffer.from(csv), true, key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await upload('dopuna.csv', Buffer.from(csv), true, key);
    expect(again.json().document_id).toBe(first.json().document_id);
    const prof = await itemBySku('IMP-PROF');
    expect(prof.item.on_hand).toBe('127');
    const other = await upload(
      'drugo.csv',
      Buffer.from('Šifra;Lokacija;Količina\nIMP-PROF;SKL-B;8\n'),
      true,
      key,
    );
    expect(other.statusCode).toBe(409);
  });

  it('refuses opening stock for a role without the stock permission, but lets it import items', async () => {
    const planner = await signUp(t.app);
    await t.deps.database.session((q) =>
      q(`insert into memberships (company_id, user_id, role) values ($1, $2, 'planner')`, [
        user.id,
        planner.id,
      ]),
    );
    const asPlanner = (csv: string, commit: boolean) =>
      t.app.inject({
        method: 'POST',
        url: `/api/inventory/import?commit=${commit}`,
        headers: {
          cookie: planner.cookie,
          'x-company-id': user.id,
          'content-type': 'multipart/form-data; boundary=B',
        },
        payload: Buffer.from(
          `--B\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\n${csv}\r\n--B--\r\n`,
        ),
      });
    const stock = await asPlanner('Šifra;Naziv;Lokacija;Količina\nPL-1;Planer;SKL-A;1\n', false);
    expect(stock.json().file_errors).toEqual([
      { field: 'quantity', column: 'Količina', key: 'validation.importStockNotAllowed' },
    ]);
    const items = await asPlanner('Šifra;Naziv\nPL-2;Samo artikl\n', true);
    expect(items.json()).toMatchObject({ committed: true, created: 1 });
  });
});
