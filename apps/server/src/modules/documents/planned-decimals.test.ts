import { sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/database.ts';
import { withCompany } from '../../db/tenant.ts';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { documentsClient, glassShop, type Json } from './test-helpers.ts';

// A work order's planned material keeps the BOM explosion's 6 decimals (2·W·H/1e6 m²), the
// screens show at most 4 (web formatQuantity), and nothing on the stock side moves a 6-decimal
// quantity: the reservation rounds up to 4, the completion consumes 4 (CONSUME_DECIMALS, half up).

let t: TestApp;
let user: SignedIn;
let api: ReturnType<typeof documentsClient>;
let shop: Awaited<ReturnType<typeof glassShop>>;

const db = <T>(query: ReturnType<typeof sql>) =>
  withCompany(t.deps.db, { userId: user.id, companyId: user.id }, async (tx) =>
    rowsOf<T>(await tx.execute(query)),
  );

beforeAll(async () => {
  t = await startTestApp();
  user = await signUp(t.app);
  api = documentsClient(t.app, user);
  shop = await glassShop(api);
  await api.ok('POST', '/api/inventory/receipts', {
    location_id: shop.materials.id,
    lines: [
      { item_id: shop.glass.id, quantity: '10', unit_cost: '20', lot_number: 'L-6D' },
      { item_id: shop.spacer.id, quantity: '50', unit_cost: '1' },
    ],
  });
}, 120_000);
afterAll(async () => t?.close());

describe('a planned quantity with 6 decimals', () => {
  it('is reserved rounded up to 4 and consumed at 4; stock = ledger, no reservation left', async () => {
    const wo = await api.ok('POST', '/api/documents/work-orders', {
      client_id: shop.client.id,
      source_location_id: shop.materials.id,
      output_location_id: shop.finished.id,
      lines: [{ item_id: shop.igu.id, quantity: '1', width_mm: '1237', height_mm: '1357' }],
    });
    const woId = wo.document.id;
    await api.ok('POST', `/api/documents/work-orders/${woId}/plan`);

    // 2 · 1237 · 1357 / 1e6 = 3.357218 m², stored as computed.
    const planned = (await api.ok('GET', `/api/documents/${woId}`)).materials as Json[];
    expect(planned.find((m) => m.item_id === shop.glass.id)?.planned_qty).toBe('3.357218');
    const reserved = await db<{ quantity: string }>(
      sql`select quantity::text from reservations
          where source_id = ${woId} and item_id = ${shop.glass.id} and status = 'active'`,
    );
    expect(reserved).toEqual([{ quantity: '3.3573' }]);
    // The work order's PDF prints the planned glass as the screens show it.
    const res = await api.call('GET', `/api/documents/${woId}/pdf`);
    expect(res.status).toBe(200);
    const pdf = await getDocumentProxy(new Uint8Array(res.raw.rawPayload));
    const { text } = await extractText(pdf, { mergePages: true });
    expect(text).toContain('3,3572');
    expect(text).not.toContain('3,357218');

    const started = await api.ok('POST', `/api/documents/work-orders/${woId}/start`);
    for (const op of started.operations as Json[]) {
      const base = `/api/documents/work-orders/${woId}/operations/${op.id}`;
      await api.ok('POST', `${base}/start`);
      await api.ok('POST', `${base}/time`, { minutes: '30' });
      await api.ok('POST', `${base}/finish`);
      if (op.quality_check_required) await api.ok('POST', `${base}/checks`, { result: 'pass' });
    }
    await api.ok('POST', `/api/documents/work-orders/${woId}/complete`, {});

    const moved = await db<{ quantity: string }>(
      sql`select trim_scale(sum(quantity))::text as quantity from stock_movements
          where item_id = ${shop.glass.id} and quantity < 0`,
    );
    expect(moved).toEqual([{ quantity: '-3.3572' }]);
    const glass = (await api.ok('GET', `/api/inventory/items/${shop.glass.id}`)).item as Json;
    expect(glass).toMatchObject({ on_hand: '6.6428', reserved: '0' });
    const mismatches = await db<{ item_id: string }>(
      sql`select s.item_id from item_stock s
          where s.on_hand <> coalesce((select sum(quantity) from stock_movements m where m.item_id = s.item_id), 0)
             or s.on_hand <> coalesce((select sum(quantity) from stock_balances b where b.item_id = s.item_id), 0)`,
    );
    expect(mismatches).toEqual([]);
    const open = await db<Json>(
      sql`select id from reservations where status = 'active' and source_id = ${woId}`,
    );
    expect(open).toEqual([]);
  });
});
