import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { withCompany } from '../../db/tenant.ts';
import type { SignedIn, TestApp } from '../../test/harness.ts';

/** Small API client for inventory tests: every call is a real HTTP request through the app. */
export function inventoryClient(app: FastifyInstance, user: SignedIn) {
  const call = async (
    method: 'GET' | 'POST' | 'PATCH' | 'PUT',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const res = await app.inject({
      method,
      url,
      payload: payload as never,
      headers: { cookie: user.cookie, ...headers },
    });
    return { status: res.statusCode, body: res.body ? res.json() : null };
  };
  const ok = async (
    method: 'GET' | 'POST' | 'PATCH' | 'PUT',
    url: string,
    payload?: unknown,
    headers?: Record<string, string>,
  ) => {
    const r = await call(method, url, payload, headers);
    if (r.status >= 300) throw new Error(`${method} ${url} -> ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };
  return {
    call,
    ok,
    location: (code: string, extra: Record<string, unknown> = {}) =>
      ok('POST', '/api/inventory/locations', { code, name: `Lokacija ${code}`, ...extra }),
    item: (sku: string, extra: Record<string, unknown> = {}) =>
      ok('POST', '/api/inventory/items', {
        sku,
        name: `Artikl ${sku}`,
        kind: 'material',
        base_unit: 'kom',
        ...extra,
      }),
    receive: (location_id: string, lines: unknown[], headers?: Record<string, string>) =>
      ok('POST', '/api/inventory/receipts', { location_id, lines }, headers),
    balance: async (itemId: string) =>
      (await ok('GET', `/api/inventory/items/${itemId}`)) as {
        item: { on_hand: string; available: string; avg_cost: string; reserved: string };
        balances: {
          location_id: string;
          lot_id: string | null;
          lot_number: string | null;
          quantity: string;
        }[];
      },
  };
}

/** One item's ledger sum, on hand and on order, read from the tables (for stock = ledger checks). */
export async function stockBooks(t: TestApp, user: SignedIn, itemId: string) {
  return withCompany(t.deps.db, { userId: user.id, companyId: user.id }, async (tx) => {
    const r = await tx.execute(
      sql`select trim_scale(coalesce((select sum(quantity) from stock_movements where item_id = ${itemId}), 0))::text as ledger,
            trim_scale(on_hand)::text as on_hand, trim_scale(on_order)::text as on_order
          from item_stock where item_id = ${itemId}`,
    );
    return (r as unknown as { rows: { ledger: string; on_hand: string; on_order: string }[] }).rows[0];
  });
}
