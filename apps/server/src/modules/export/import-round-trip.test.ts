import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';

/**
 * An item list from the export screen (its language's headers, words and number format) imports
 * into another company as it was: what an office does to move its catalogue (docs/export.md).
 */
describe('item export back through the item import', () => {
  let t: TestApp;
  let from: SignedIn;
  beforeAll(async () => {
    t = await startTestApp();
    from = await signUp(t.app, 'Izvoz Artikala');
  });
  afterAll(() => t.close());

  const call = (who: SignedIn, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { cookie: who.cookie },
      ...(payload ? { payload: payload as object } : {}),
    });

  function upload(who: SignedIn, filename: string, data: Buffer) {
    const boundary = 'ROUNDTRIP';
    return t.app.inject({
      method: 'POST',
      url: '/api/inventory/import?commit=true',
      headers: { cookie: who.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        data,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
  }

  const items = [
    {
      sku: 'FLOAT-4',
      name: 'Float 4 mm, čisto',
      kind: 'material',
      base_unit: 'm2',
      length_mm: '3210',
      width_mm: '2250',
      thickness_mm: '4',
      lot_tracked: true,
      grain: false,
      reorder_point: '100',
      reorder_qty: '250.5',
      purchase_price: '1234.56',
      sales_price: '18.9',
      price_basis: 'area',
      glass_kind: 'float',
      min_charge: '5',
      vat_rate: '25',
      kpd_code: '23.12.11',
      active: true,
    },
    {
      sku: 'IVERAL-18',
      name: 'Iverica 18 mm hrast',
      kind: 'component',
      base_unit: 'kom',
      grain: true,
      sales_price: '42',
      price_basis: 'unit',
      vat_rate: '13',
      active: false,
    },
    {
      sku: 'RUB-KPO',
      name: 'Poliranje ruba',
      kind: 'service',
      base_unit: 'm',
      sales_price: '3.2',
      price_basis: 'perimeter',
      vat_rate: '25',
      active: true,
    },
  ];
  const fields = Object.keys(items[0] as object);
  const pick = (row: Record<string, unknown>) =>
    Object.fromEntries(fields.map((f) => [f, row[f] === undefined ? null : row[f]]));

  it('imports every item field from the Croatian, German and Italian files, CSV and XLSX', async () => {
    for (const item of items) {
      const r = await call(from, 'POST', '/api/inventory/items', item);
      expect(r.statusCode, r.body).toBe(201);
    }
    const read = async (who: SignedIn) => {
      const list = (await call(who, 'GET', '/api/inventory/items?active=all&sort=sku')).json().items as {
        id: string;
      }[];
      const full = [];
      for (const { id } of list)
        full.push(pick((await call(who, 'GET', `/api/inventory/items/${id}`)).json()));
      return full.sort((a, b) => String(a.sku).localeCompare(String(b.sku)));
    };
    const original = await read(from);
    expect(original).toHaveLength(3);
    for (const [lang, format] of [
      ['hr', 'csv'],
      ['de', 'xlsx'],
      ['it', 'csv'],
    ] as const) {
      const file = await call(from, 'GET', `/api/export/sections/items?format=${format}&lang=${lang}`);
      expect(file.statusCode).toBe(200);
      const into = await signUp(t.app, `Uvoz artikala ${lang}`);
      const res = await upload(into, `artikli.${format}`, file.rawPayload);
      expect(res.statusCode, `${lang}: ${res.body}`).toBe(200);
      expect(res.json()).toMatchObject({ valid: true, committed: true, created: 3 });
      expect(await read(into), lang).toEqual(original);
    }
  });
});
