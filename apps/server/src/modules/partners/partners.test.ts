import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';

function multipart(filename: string, data: Buffer) {
  const boundary = 'ERPIMPORT';
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

describe('clients and suppliers', () => {
  let t: TestApp;
  let user: SignedIn;
  let other: SignedIn;
  beforeAll(async () => {
    t = await startTestApp();
    user = await signUp(t.app, 'Partner Test');
    other = await signUp(t.app, 'Druga Tvrtka');
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: unknown, who = user) =>
    t.app.inject({ method, url, headers: { cookie: who.cookie }, payload: payload as object });

  it('creates a client with contacts and addresses, and reads it back', async () => {
    const res = await call('POST', '/api/clients', {
      name: 'Staklo Horvat d.o.o.',
      oib: '69435151530',
      vat_id: 'HR69435151530',
      email: 'nabava@staklo.hr',
      billing_address: { street: 'Ilica 1', postal_code: '10000', city: 'Zagreb' },
      payment_terms_days: 30,
      default_discount: '7,5',
      contacts: [{ name: 'Ivana Kovač', position: 'Nabava', email: 'ivana@staklo.hr' }],
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      role: 'client',
      kind: 'company',
      name: 'Staklo Horvat d.o.o.',
      oib: '69435151530',
      default_discount: '7.5',
      payment_terms_days: 30,
      billing_address: { street: 'Ilica 1', postal_code: '10000', city: 'Zagreb', country: 'HR' },
      contacts: [{ name: 'Ivana Kovač', position: 'Nabava', email: 'ivana@staklo.hr', phone: null }],
      lead_time_days: null,
    });
    const again = await call('GET', `/api/clients/${body.id}`);
    expect(again.json().contacts).toHaveLength(1);
  });

  it('refuses an invalid OIB, VAT id and email with a key per field', async () => {
    const res = await call('POST', '/api/clients', {
      name: 'Loš',
      oib: '69435151531',
      vat_id: 'HR1',
      email: 'a@b',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual(
      expect.arrayContaining([
        { field: 'oib', key: 'validation.oibInvalid' },
        { field: 'vat_id', key: 'validation.vatIdInvalid' },
        { field: 'email', key: 'validation.emailInvalid' },
      ]),
    );
  });

  it("refuses a Croatian VAT id that is not HR + the partner's own OIB, on create, patch and import", async () => {
    const shop = await signUp(t.app, 'PDV Provjera');
    // Both numbers valid on their own (check digits), but of two different firms.
    const create = await call(
      'POST',
      '/api/clients',
      { name: 'Žuti obrt', oib: '33392005961', vat_id: 'HR69435151530' },
      shop,
    );
    expect(create.statusCode).toBe(400);
    expect(create.json().error.details).toEqual([{ field: 'vat_id', key: 'validation.vatIdOibMismatch' }]);
    expect((await call('GET', '/api/clients?active=all', undefined, shop)).json().total).toBe(0);

    const ok = await call(
      'POST',
      '/api/clients',
      { name: 'Žuti obrt', oib: '33392005961', vat_id: 'hr 33392005961' },
      shop,
    );
    expect(ok.statusCode).toBe(201);
    expect(ok.json().vat_id).toBe('HR33392005961');
    // A foreign VAT id beside an OIB is a foreign firm's business: not compared.
    const foreign = await call(
      'POST',
      '/api/clients',
      { name: 'Müller GmbH', oib: '94577403194', vat_id: 'DE123456789' },
      shop,
    );
    expect(foreign.statusCode).toBe(201);

    const patch = await call('PATCH', `/api/clients/${ok.json().id}`, { oib: '69435151530' }, shop);
    expect(patch.statusCode).toBe(400);
    expect(patch.json().error.details).toEqual([{ field: 'vat_id', key: 'validation.vatIdOibMismatch' }]);
    expect((await call('GET', `/api/clients/${ok.json().id}`, undefined, shop)).json()).toMatchObject({
      oib: '33392005961',
      vat_id: 'HR33392005961',
    });

    const file = Buffer.from('Naziv;OIB;PDV ID\nKrivi PDV;69435151530;HR33392005961\n');
    const upload = multipart('k.csv', file);
    const preview = await t.app.inject({
      method: 'POST',
      url: '/api/clients/import',
      headers: { cookie: shop.cookie, ...upload.headers },
      payload: upload.payload,
    });
    expect(preview.json().rows[0].errors).toEqual([{ field: 'vat_id', key: 'validation.vatIdOibMismatch' }]);
  });

  it('keeps OIB unique per company and list, not across companies or lists', async () => {
    const dup = await call('POST', '/api/clients', { name: 'Netko drugi', oib: '69435151530' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.details[0]).toMatchObject({ field: 'oib', key: 'validation.oibTaken' });
    const asSupplier = await call('POST', '/api/suppliers', {
      name: 'Staklo Horvat d.o.o.',
      oib: '69435151530',
      lead_time_days: 5,
    });
    expect(asSupplier.statusCode).toBe(201);
    expect(asSupplier.json().lead_time_days).toBe(5);
    const elsewhere = await call(
      'POST',
      '/api/clients',
      { name: 'Staklo Horvat d.o.o.', oib: '69435151530' },
      other,
    );
    expect(elsewhere.statusCode).toBe(201);
  });

  it('warns about near-identical names and the same OIB', async () => {
    const res = await call('GET', `/api/clients/duplicates?name=${encodeURIComponent('STAKLO-HORVAT DOO')}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      expect.objectContaining({ name: 'Staklo Horvat d.o.o.', reason: 'name', similarity: '1' }),
    ]);
    const close = await call('GET', `/api/clients/duplicates?name=${encodeURIComponent('Staklo Horvath')}`);
    expect(close.json().map((d: { name: string }) => d.name)).toEqual(['Staklo Horvat d.o.o.']);
    const far = await call('GET', `/api/clients/duplicates?name=${encodeURIComponent('Drvoprerada Split')}`);
    expect(far.json()).toEqual([]);
    const byOib = await call('GET', '/api/clients/duplicates?oib=69435151530&name=Sasvim%20drukčije');
    expect(byOib.json()[0]).toMatchObject({ reason: 'oib' });
    // Another company's partners are invisible.
    const theirs = await call(
      'GET',
      `/api/clients/duplicates?name=${encodeURIComponent('Staklo Horvat')}`,
      undefined,
      other,
    );
    expect(theirs.json()).toHaveLength(1);
  });

  it('lists with search, filters, sort and paging', async () => {
    for (const [name, city, active] of [
      ['Alfa obrt', 'Split', true],
      ['Beta d.d.', 'Rijeka', false],
      ['Gama d.o.o.', 'Split', true],
    ] as const) {
      const r = await call('POST', '/api/clients', { name, billing_address: { city }, active });
      expect(r.statusCode).toBe(201);
    }
    const page1 = await call('GET', '/api/clients?sort=name&dir=asc&page_size=2&page=1');
    expect(page1.json()).toMatchObject({ total: 3, page: 1, page_size: 2 });
    expect(page1.json().rows.map((r: { name: string }) => r.name)).toEqual(['Alfa obrt', 'Gama d.o.o.']);
    const page2 = await call('GET', '/api/clients?sort=name&dir=asc&page_size=2&page=2');
    expect(page2.json().rows.map((r: { name: string }) => r.name)).toEqual(['Staklo Horvat d.o.o.']);
    const all = await call('GET', '/api/clients?active=all&city=split&sort=name&dir=desc');
    expect(all.json().rows.map((r: { name: string }) => r.name)).toEqual(['Gama d.o.o.', 'Alfa obrt']);
    const inactive = await call('GET', '/api/clients?active=inactive');
    expect(inactive.json().rows.map((r: { name: string }) => r.name)).toEqual(['Beta d.d.']);
    const search = await call('GET', '/api/clients?q=694351');
    expect(search.json().rows.map((r: { name: string }) => r.name)).toEqual(['Staklo Horvat d.o.o.']);
    const byName = await call('GET', `/api/clients?q=${encodeURIComponent('gamA')}`);
    expect(byName.json().total).toBe(1);
    const bad = await call('GET', '/api/clients?sort=password');
    expect(bad.statusCode).toBe(400);
  });

  it('sorts names and cities in the Croatian alphabet, not in byte order', async () => {
    const shop = await signUp(t.app, 'Abeceda');
    for (const [name, city] of [
      ['Žuti obrt', 'Zadar'],
      ['Zagreb staklo', 'Šibenik'],
      ['Šimić d.o.o.', 'Čakovec'],
      ['Sisak metal', 'Đakovo'],
      ['Đakovo drvo', 'Dubrovnik'],
      ['Dubrava', 'Cres'],
      ['Ćuk obrt', 'Split'],
      ['Čakovec staklo', 'Žminj'],
      ['cvijet', 'Osijek'],
      ['Ante', 'Ćićarija'],
    ] as const) {
      const r = await call('POST', '/api/clients', { name, billing_address: { city } }, shop);
      expect(r.statusCode).toBe(201);
    }
    const names = async (query: string) =>
      (await call('GET', `/api/clients?${query}`, undefined, shop))
        .json()
        .rows.map((r: { name: string }) => r.name);
    const alphabet = [
      'Ante',
      'cvijet',
      'Čakovec staklo',
      'Ćuk obrt',
      'Dubrava',
      'Đakovo drvo',
      'Sisak metal',
      'Šimić d.o.o.',
      'Zagreb staklo',
      'Žuti obrt',
    ];
    expect(await names('sort=name')).toEqual(alphabet);
    expect(await names('sort=name&dir=desc')).toEqual([...alphabet].reverse());
    // đ typed as "dj" or as "d" finds the name; a "dj" of the name itself still matches.
    expect(await names('q=djakovo')).toEqual(['Đakovo drvo']);
    expect(await names('q=dakovo')).toEqual(['Đakovo drvo']);
    const cities = (await call('GET', '/api/clients?sort=city', undefined, shop))
      .json()
      .rows.map((r: { billing_address: { city: string } }) => r.billing_address.city);
    expect(cities).toEqual([
      'Cres',
      'Čakovec',
      'Ćićarija',
      'Dubrovnik',
      'Đakovo',
      'Osijek',
      'Split',
      'Šibenik',
      'Zadar',
      'Žminj',
    ]);
  });

  it('patches fields, replaces contacts and rejects an OIB taken by another client', async () => {
    const created = (
      await call('POST', '/api/clients', { name: 'Zeta', contacts: [{ name: 'A' }, { name: 'B' }] })
    ).json();
    const res = await call('PATCH', `/api/clients/${created.id}`, {
      phone: '+385 1 111',
      contacts: [{ name: 'C' }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ phone: '+385 1 111', name: 'Zeta', contacts: [{ name: 'C' }] });
    const taken = await call('PATCH', `/api/clients/${created.id}`, { oib: '69435151530' });
    expect(taken.statusCode).toBe(409);
    const missing = await call('GET', '/api/clients/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    // A supplier id is not a client.
    const supplier = (await call('GET', '/api/suppliers')).json().rows[0];
    expect((await call('GET', `/api/clients/${supplier.id}`)).statusCode).toBe(404);
  });

  it('history and analytics answer honestly before any sales document exists', async () => {
    const client = (await call('GET', '/api/clients?q=Staklo')).json().rows[0];
    const history = await call('GET', `/api/clients/${client.id}/history`);
    expect(history.statusCode).toBe(200);
    expect(history.json().entries).toEqual([]);
    const analytics = await call('GET', `/api/clients/${client.id}/analytics?from=2026-01-15&to=2026-03-02`);
    expect(analytics.json()).toMatchObject({
      months: [
        { month: '2026-01', revenue: '0.00' },
        { month: '2026-02', revenue: '0.00' },
        { month: '2026-03', revenue: '0.00' },
      ],
      revenue_total: '0.00',
      quote_win_rate: null,
      average_order_value: null,
      top_products: [],
      open_items: '0.00',
    });
    const backwards = await call('GET', `/api/clients/${client.id}/analytics?from=2026-03-01&to=2026-01-01`);
    expect(backwards.statusCode).toBe(400);
  });

  it('a viewer may read but not write; an outsider sees nothing', async () => {
    const client = (await call('GET', '/api/clients?q=Staklo')).json().rows[0];
    const outsider = await call('GET', `/api/clients/${client.id}`, undefined, other);
    expect(outsider.statusCode).toBe(404);
    const foreign = await call('PATCH', `/api/clients/${client.id}`, { name: 'Oteto' }, other);
    expect(foreign.statusCode).toBe(404);
  });

  it('a client list exported in any language, CSV or XLSX, imports into another company whole', async () => {
    const from = await signUp(t.app, 'Izvoz Klijenata');
    const clients = [
      {
        name: 'Šimić d.o.o.',
        kind: 'company',
        oib: '69435151530',
        vat_id: 'HR69435151530',
        email: 'ured@simic.hr',
        phone: '+385 1 2345 678',
        billing_address: { street: 'Ilica 12, II. kat', postal_code: '10000', city: 'Zagreb', country: 'HR' },
        payment_terms_days: 45,
        default_discount: '12.5',
        notes: 'Plaća na vrijeme; dostava iza 8 h',
        active: true,
      },
      {
        name: 'Đuro Čačić',
        kind: 'person',
        oib: null,
        vat_id: null,
        email: null,
        phone: null,
        billing_address: { street: null, postal_code: '31000', city: 'Osijek', country: 'HR' },
        payment_terms_days: 0,
        default_discount: '0',
        notes: null,
        active: false,
      },
    ];
    for (const c of clients) expect((await call('POST', '/api/clients', c, from)).statusCode).toBe(201);
    for (const [lang, format] of [
      ['hr', 'csv'],
      ['de', 'xlsx'],
      ['cs', 'csv'],
      ['en', 'csv'],
    ] as const) {
      const file = await call(
        'GET',
        `/api/export/sections/clients?format=${format}&lang=${lang}`,
        undefined,
        from,
      );
      expect(file.statusCode).toBe(200);
      const into = await signUp(t.app, `Uvoz ${lang}`);
      const upload = multipart(`klijenti.${format}`, file.rawPayload);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/clients/import?commit=true',
        headers: { cookie: into.cookie, ...upload.headers },
        payload: upload.payload,
      });
      expect(res.statusCode, `${lang} ${res.body}`).toBe(200);
      expect(res.json()).toMatchObject({ valid: true, committed: true, created: 2 });
      // Delivery address and creation time are information, not imported; every other column is.
      expect(
        res
          .json()
          .columns.filter((c: { field: string | null }) => c.field === null)
          .map((c: { header: string }) => c.header),
      ).toHaveLength(2);
      const list = (await call('GET', '/api/clients?active=all&sort=name', undefined, into)).json().rows;
      expect(list).toMatchObject([
        { ...clients[1], kind: 'person' },
        { ...clients[0], default_discount: '12.5' },
      ]);
    }
  });

  it('imports CSV all-or-nothing with per-row errors, and XLSX', async () => {
    const bad = Buffer.from('Naziv;OIB;Grad\nUvoz Jedan;94577403194;Osijek\nX;123;Pula\n');
    const preview = await t.app.inject({
      method: 'POST',
      url: '/api/clients/import',
      headers: { cookie: user.cookie, ...multipart('k.csv', bad).headers },
      payload: multipart('k.csv', bad).payload,
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ valid: false, committed: false, total: 2 });
    expect(
      preview
        .json()
        .rows[1].errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['name', 'oib']);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/clients/import?commit=true',
      headers: { cookie: user.cookie, ...multipart('k.csv', bad).headers },
      payload: multipart('k.csv', bad).payload,
    });
    expect(refused.statusCode).toBe(400);
    expect((await call('GET', '/api/clients?q=Uvoz')).json().total).toBe(0);

    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('Dobavljači');
    sheet.addRow(['Naziv', 'OIB', 'Rok isporuke', 'Email']);
    sheet.addRow(['Uvoz Staklo', 94577403194, 7, 'a@uvoz.hr']);
    sheet.addRow(['Uvoz Okovi', '', '', '']);
    const xlsx = Buffer.from(await wb.xlsx.writeBuffer());
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/suppliers/import?commit=true',
      headers: { cookie: user.cookie, ...multipart('d.xlsx', xlsx).headers },
      payload: multipart('d.xlsx', xlsx).payload,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ valid: true, committed: true, created: 2 });
    const list = (await call('GET', '/api/suppliers?q=Uvoz&sort=name')).json();
    expect(
      list.rows.map((r: { name: string; oib: string | null; lead_time_days: number | null }) => [
        r.name,
        r.oib,
        r.lead_time_days,
      ]),
    ).toEqual([
      ['Uvoz Okovi', null, null],
      ['Uvoz Staklo', '94577403194', 7],
    ]);
    // The same file again: every OIB is now taken, so nothing is written.
    const twice = await t.app.inject({
      method: 'POST',
      url: '/api/suppliers/import?commit=true',
      headers: { cookie: user.cookie, ...multipart('d.xlsx', xlsx).headers },
      payload: multipart('d.xlsx', xlsx).payload,
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.details[0]).toMatchObject({ field: 'rows.2.oib', key: 'validation.oibTaken' });
    expect((await call('GET', '/api/suppliers?q=Uvoz')).json().total).toBe(2);
  });
});
