import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
}, 60_000);
afterAll(async () => t?.close());

describe('items and locations', () => {
  it('creates an item with every catalogue field and refuses a duplicate SKU', async () => {
    const item = await api.item('PLO-001', {
      name: 'Iverica 18 mm',
      length_mm: '2800',
      width_mm: '2070',
      thickness_mm: '18',
      lot_tracked: false,
      reorder_point: '10',
      reorder_qty: '50',
      purchase_price: '42,50',
      sales_price: '60',
      vat_rate: '25',
      kpd_code: '16.21.12',
    });
    expect(item).toMatchObject({
      sku: 'PLO-001',
      length_mm: '2800',
      purchase_price: '42.5',
      on_hand: '0',
      kpd_code: '16.21.12',
    });
    const dup = await api.call('POST', '/api/inventory/items', {
      sku: 'PLO-001',
      name: 'x',
      kind: 'material',
      base_unit: 'kom',
    });
    expect(dup.status).toBe(409);
  });

  it('stores an item image (PNG, JPEG, WebP by its bytes) and serves it', async () => {
    const item = await api.item('IMG-001', { name: 'Okov' });
    const upload = (data: Buffer) =>
      t.app.inject({
        method: 'POST',
        url: `/api/inventory/items/${item.id}/image`,
        headers: { cookie: user.cookie, 'content-type': 'multipart/form-data; boundary=B' },
        payload: Buffer.concat([
          Buffer.from(
            '--B\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n',
          ),
          data,
          Buffer.from('\r\n--B--\r\n'),
        ]),
      });
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const ok = await upload(png);
    expect(ok.statusCode).toBe(200);
    const fileId = ok.json().image_file_id as string;
    expect(fileId).toMatch(/^[0-9a-f-]{36}$/);
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/files/${fileId}`,
      headers: { cookie: user.cookie },
    });
    expect(file.headers['content-type']).toBe('image/png');
    // The route's own cache-control replaces the API's default no-store (http/security.ts).
    expect(file.headers['cache-control']).toBe('private, max-age=3600');
    expect(file.headers['permissions-policy']).toContain('camera=()');
    expect(file.rawPayload.equals(png)).toBe(true);
    const fake = await upload(Buffer.from('<svg onload="alert(1)"/>'));
    expect(fake.statusCode).toBe(415);
    expect((await api.ok('GET', `/api/inventory/items/${item.id}`)).item.image_file_id).toBe(fileId);
  });

  it('searches by SKU or name, filters by kind and pages', async () => {
    for (const n of [1, 2, 3]) await api.item(`SRCH-${n}`, { name: `Vijak M${n}`, kind: 'component' });
    const r = await api.ok('GET', '/api/inventory/items?q=vijak&kind=component&sort=-sku&limit=2');
    expect(r.total).toBe(3);
    expect(r.items.map((i: { sku: string }) => i.sku)).toEqual(['SRCH-3', 'SRCH-2']);
  });

  it('refuses a location inside its own child', async () => {
    const parent = await api.location('WH-P');
    const child = await api.location('WH-C', { parent_id: parent.id });
    const r = await api.call('PATCH', `/api/inventory/locations/${parent.id}`, { parent_id: child.id });
    expect(r.status).toBe(400);
  });

  it('stores unit conversions per item', async () => {
    const item = await api.item('BOX-1');
    const conv = await api.ok('PUT', `/api/inventory/items/${item.id}/conversions`, {
      conversions: [{ unit: 'kut', factor: '50' }],
    });
    expect(conv).toEqual([{ unit: 'kut', factor: '50', purchase: false }]);
  });
});

describe('stock ledger through the API', () => {
  it('receives, issues, transfers and keeps the moving average', async () => {
    const a = await api.location('A1');
    const b = await api.location('B1');
    const item = await api.item('LED-1');
    await api.receive(a.id, [{ item_id: item.id, quantity: '10', unit_cost: '2' }]);
    await api.receive(a.id, [{ item_id: item.id, quantity: '10', unit_cost: '4' }]);
    let bal = await api.balance(item.id);
    expect(bal.item).toMatchObject({ on_hand: '20', avg_cost: '3' });

    await api.ok('POST', '/api/inventory/issues', {
      reason: 'production',
      location_id: a.id,
      lines: [{ item_id: item.id, quantity: '5' }],
    });
    await api.ok('POST', '/api/inventory/transfers', {
      reason: 'relocation',
      from_location_id: a.id,
      to_location_id: b.id,
      lines: [{ item_id: item.id, quantity: '6' }],
    });
    bal = await api.balance(item.id);
    expect(bal.item).toMatchObject({ on_hand: '15', avg_cost: '3' });
    const byLoc = Object.fromEntries(bal.balances.map((x) => [x.location_id, x.quantity]));
    expect(byLoc).toEqual({ [a.id]: '9', [b.id]: '6' });

    const locs = await api.ok('GET', '/api/inventory/locations');
    expect(locs.find((l: { id: string }) => l.id === b.id).value).toBe('18');
  });

  it('refuses negative stock naming item, location, available and requested', async () => {
    const loc = await api.location('NEG');
    const item = await api.item('NEG-1');
    await api.receive(loc.id, [{ item_id: item.id, quantity: '2', unit_cost: '1' }]);
    const r = await api.call('POST', '/api/inventory/issues', {
      reason: 'production',
      location_id: loc.id,
      lines: [{ item_id: item.id, quantity: '3' }],
    });
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe('INSUFFICIENT_STOCK');
    expect(r.body.error.details[0].params).toMatchObject({
      item: 'NEG-1',
      location: 'NEG',
      available: '2',
      requested: '3',
    });
    expect(r.body.error.message).toContain('NEG-1');
    expect((await api.balance(item.id)).item.on_hand).toBe('2');

    await api.ok('PUT', '/api/inventory/settings', { allow_negative_stock: true });
    await api.ok('POST', '/api/inventory/issues', {
      reason: 'production',
      location_id: loc.id,
      lines: [{ item_id: item.id, quantity: '3' }],
    });
    expect((await api.balance(item.id)).item.on_hand).toBe('-1');
    await api.ok('PUT', '/api/inventory/settings', { allow_negative_stock: false });
  });

  it('replays a posting with the same Idempotency-Key once and refuses the key for another body', async () => {
    const loc = await api.location('IDEM');
    const item = await api.item('IDEM-1');
    const headers = { 'idempotency-key': 'receipt-42' };
    const first = await api.receive(loc.id, [{ item_id: item.id, quantity: '7' }], headers);
    const second = await api.receive(loc.id, [{ item_id: item.id, quantity: '7' }], headers);
    expect(second.id).toBe(first.id);
    expect((await api.balance(item.id)).item.on_hand).toBe('7');
    const other = await api.call(
      'POST',
      '/api/inventory/receipts',
      { location_id: loc.id, lines: [{ item_id: item.id, quantity: '8' }] },
      headers,
    );
    expect(other.status).toBe(409);
  });

  it('reverses a document once, restoring balance and average cost', async () => {
    const loc = await api.location('REV');
    const item = await api.item('REV-1');
    await api.receive(loc.id, [{ item_id: item.id, quantity: '3', unit_cost: '1' }]);
    const doc = await api.receive(loc.id, [{ item_id: item.id, quantity: '1', unit_cost: '2' }]);
    expect((await api.balance(item.id)).item.avg_cost).toBe('1.25');
    const rev = await api.ok('POST', `/api/inventory/documents/${doc.id}/reverse`);
    expect(rev.reverses_document_id).toBe(doc.id);
    expect(rev.lines[0]).toMatchObject({ type: 'reversal', quantity: '-1', unit_cost: '2' });
    expect((await api.balance(item.id)).item).toMatchObject({ on_hand: '3', avg_cost: '1' });
    expect((await api.call('POST', `/api/inventory/documents/${doc.id}/reverse`)).status).toBe(409);
    const original = await api.ok('GET', `/api/inventory/documents/${doc.id}`);
    expect(original.reversed_by).toBe(rev.id);
  });

  it('refuses UPDATE and DELETE on posted movements (append-only ledger)', async () => {
    const loc = await api.location('IMM');
    const item = await api.item('IMM-1');
    const doc = await api.receive(loc.id, [{ item_id: item.id, quantity: '1' }]);
    const movementId = doc.lines[0].id;
    await expect(
      withCompany(t.deps.db, { userId: user.id, companyId: user.id }, (tx) =>
        tx.execute(sql`update stock_movements set quantity = 100 where id = ${movementId}`),
      ),
    ).rejects.toThrow();
    await expect(
      withCompany(t.deps.db, { userId: user.id, companyId: user.id }, (tx) =>
        tx.execute(sql`delete from stock_movements where id = ${movementId}`),
      ),
    ).rejects.toThrow();
  });

  it('keeps every balance equal to the sum of its ledger', async () => {
    const rows = await withCompany(t.deps.db, { userId: user.id, companyId: user.id }, async (tx) => {
      const r = await tx.execute(sql`
        select b.item_id, b.quantity, coalesce(m.total, 0) as total from stock_balances b
        left join (select item_id, location_id, lot_id, sum(quantity) total from stock_movements group by 1, 2, 3) m
          on m.item_id = b.item_id and m.location_id = b.location_id and m.lot_id is not distinct from b.lot_id
        where b.quantity <> coalesce(m.total, 0)`);
      return (r as unknown as { rows: unknown[] }).rows;
    });
    expect(rows).toEqual([]);
  });
});

describe('lots, reservations, counts, low stock', () => {
  it('creates lots on receipt and picks FEFO on issue; the lot page lists its movements', async () => {
    const loc = await api.location('LOT');
    const item = await api.item('LOT-1', { lot_tracked: true });
    const noLot = await api.call('POST', '/api/inventory/receipts', {
      location_id: loc.id,
      lines: [{ item_id: item.id, quantity: '1' }],
    });
    expect(noLot.status).toBe(400);
    await api.receive(loc.id, [
      { item_id: item.id, quantity: '5', lot_number: 'L-LATE', expires_on: '2031-09-01' },
      { item_id: item.id, quantity: '5', lot_number: 'L-SOON', expires_on: '2031-03-01' },
    ]);
    const issued = await api.ok('POST', '/api/inventory/issues', {
      reason: 'production',
      location_id: loc.id,
      lines: [{ item_id: item.id, quantity: '7' }],
    });
    expect(
      issued.lines.map((l: { lot_number: string; quantity: string }) => [l.lot_number, l.quantity]),
    ).toEqual([
      ['L-SOON', '-5'],
      ['L-LATE', '-2'],
    ]);
    const lots = await api.ok('GET', `/api/inventory/lots?item_id=${item.id}`);
    const late = lots.find((l: { lot_number: string }) => l.lot_number === 'L-LATE');
    expect(late.quantity).toBe('3');
    const page = await api.ok('GET', `/api/inventory/lots/${late.id}`);
    expect(page.movements.map((m: { quantity: string }) => m.quantity).sort()).toEqual(['-2', '5']);
  });

  it('traces lots both ways through lot links', async () => {
    const loc = await api.location('TRC');
    const raw = await api.item('RAW-1', { lot_tracked: true });
    const fin = await api.item('FIN-1', { lot_tracked: true, kind: 'product' });
    await api.receive(loc.id, [{ item_id: raw.id, quantity: '1', lot_number: 'SUP-X' }]);
    await api.receive(loc.id, [{ item_id: fin.id, quantity: '1', lot_number: 'FG-Y' }]);
    const [rawLot] = await api.ok('GET', `/api/inventory/lots?item_id=${raw.id}`);
    const [finLot] = await api.ok('GET', `/api/inventory/lots?item_id=${fin.id}`);
    await api.ok('POST', '/api/inventory/lot-links', {
      consumed_lot_id: rawLot.id,
      produced_lot_id: finLot.id,
      quantity: '1',
    });
    const fwd = await api.ok('GET', `/api/inventory/lots/${rawLot.id}`);
    expect(fwd.produced_into.map((l: { lot_number: string }) => l.lot_number)).toEqual(['FG-Y']);
    const back = await api.ok('GET', `/api/inventory/lots/${finLot.id}`);
    expect(back.made_from.map((l: { lot_number: string }) => l.lot_number)).toEqual(['SUP-X']);
  });

  it('reservations reduce available; low stock uses available + on order', async () => {
    const loc = await api.location('RES');
    const item = await api.item('RES-1', { reorder_point: '5' });
    await api.receive(loc.id, [{ item_id: item.id, quantity: '8' }]);
    let low = await api.ok('GET', '/api/inventory/low-stock');
    expect(low.some((i: { id: string }) => i.id === item.id)).toBe(false);
    await api.ok('POST', '/api/inventory/reservations', { item_id: item.id, quantity: '4' });
    expect((await api.balance(item.id)).item).toMatchObject({ on_hand: '8', reserved: '4', available: '4' });
    low = await api.ok('GET', '/api/inventory/low-stock');
    expect(low.some((i: { id: string }) => i.id === item.id)).toBe(true);
    const filtered = await api.ok('GET', '/api/inventory/items?low_stock=true&q=RES-1');
    expect(filtered.total).toBe(1);
  });

  it('lists reservations per item and location, and a release gives the quantity back', async () => {
    const a = await api.location('RSV-A');
    const b = await api.location('RSV-B');
    const item = await api.item('RSV-1', { name: 'Rezervirani profil' });
    // 7 at A and 3 at B: a manual reservation takes only what is free where it is made.
    await api.receive(a.id, [{ item_id: item.id, quantity: '7' }]);
    await api.receive(b.id, [{ item_id: item.id, quantity: '3' }]);
    const atA = await api.ok('POST', '/api/inventory/reservations', {
      item_id: item.id,
      location_id: a.id,
      quantity: '3',
    });
    await api.ok('POST', '/api/inventory/reservations', {
      item_id: item.id,
      location_id: b.id,
      quantity: '2',
    });
    const byLocation = await api.ok('GET', `/api/inventory/reservations?location_id=${a.id}`);
    expect(byLocation).toMatchObject([
      { id: atA.id, sku: 'RSV-1', item_name: 'Rezervirani profil', location_code: 'RSV-A', quantity: '3' },
    ]);
    expect(await api.ok('GET', `/api/inventory/reservations?item_id=${item.id}`)).toHaveLength(2);
    expect((await api.balance(item.id)).item.available).toBe('5');
    const released = await api.call('POST', `/api/inventory/reservations/${atA.id}/release`);
    expect(released.status).toBe(204);
    expect((await api.balance(item.id)).item.available).toBe('8');
    expect(await api.ok('GET', `/api/inventory/reservations?location_id=${a.id}`)).toEqual([]);
    expect(
      await api.ok('GET', `/api/inventory/reservations?location_id=${a.id}&status=released`),
    ).toHaveLength(1);
    // Releasing twice is refused: the reservation is no longer active.
    expect((await api.call('POST', `/api/inventory/reservations/${atA.id}/release`)).status).toBe(404);
  });

  it('posts a stock count as adjustments of the differences', async () => {
    const loc = await api.location('CNT');
    const a = await api.item('CNT-A');
    const b = await api.item('CNT-B');
    await api.receive(loc.id, [
      { item_id: a.id, quantity: '10' },
      { item_id: b.id, quantity: '4' },
    ]);
    const sheet = await api.ok('POST', '/api/inventory/counts', { location_id: loc.id });
    expect(sheet.lines).toHaveLength(2);
    const lineA = sheet.lines.find((l: { sku: string }) => l.sku === 'CNT-A');
    const lineB = sheet.lines.find((l: { sku: string }) => l.sku === 'CNT-B');
    await api.ok('PUT', `/api/inventory/counts/${sheet.id}/lines`, {
      lines: [
        { id: lineA.id, counted_qty: '8' },
        { id: lineB.id, counted_qty: '4' },
      ],
    });
    const posted = await api.ok('POST', `/api/inventory/counts/${sheet.id}/post`);
    expect(posted.status).toBe('posted');
    const doc = await api.ok('GET', `/api/inventory/documents/${posted.document_id}`);
    expect(doc.lines.map((l: { sku: string; quantity: string }) => [l.sku, l.quantity])).toEqual([
      ['CNT-A', '-2'],
    ]);
    expect((await api.balance(a.id)).item.on_hand).toBe('8');
  });
});

describe('tenancy', () => {
  it('another company sees none of these items', async () => {
    const other = await signUp(t.app);
    const r = await inventoryClient(t.app, other).ok('GET', '/api/inventory/items?active=all');
    expect(r.total).toBe(0);
  });
});
