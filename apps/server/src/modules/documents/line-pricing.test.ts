import { CLIENT_DISCOUNT_DOCUMENT as DOC } from '@erp/domain/documents/line-pricing.fixture';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { documentsClient, type Json } from './test-helpers.ts';

// The server's side of "what the screen shows is what is saved": the document of the shared
// fixture, sent as the editor sends it, is saved with the hand-computed totals that the editor's
// live totals are checked against in apps/web/src/features/documents/line-editor.test.ts.

let t: TestApp;
let user: SignedIn;
let api: ReturnType<typeof documentsClient>;

beforeAll(async () => {
  t = await startTestApp();
  user = await signUp(t.app);
  api = documentsClient(t.app, user);
}, 120_000);
afterAll(async () => t?.close());

describe('one pricing rule for the editor and the server', () => {
  it('saves the totals the editor shows for a rush quote of a client with a default discount', async () => {
    const settings = await api.ok('GET', '/api/documents/pricing-settings');
    await api.ok('PUT', '/api/documents/pricing-settings', {
      ...settings,
      rush_surcharge_pct: DOC.rushSurchargePct,
    });
    const ids: Record<string, string> = {};
    for (const [sku, item] of Object.entries(DOC.items)) {
      const created = await api.ok('POST', '/api/inventory/items', {
        sku,
        name: sku,
        kind: 'material',
        base_unit: item.baseUnit,
        vat_rate: item.vatRate,
        sales_price: item.salesPrice,
        price_basis: item.basis,
        glass_kind: item.glassKind,
      });
      ids[sku] = created.id;
    }
    const client = await api.ok('POST', '/api/clients', {
      kind: 'company',
      name: 'Popust d.o.o.',
      default_discount: DOC.clientDiscountPct,
    });
    expect(client.default_discount).toBe(DOC.clientDiscountPct);
    // As the editor sends lines: what was typed, an empty field as null (the server's default).
    const orNull = (v: string) => (v === '' ? null : v);
    const quote = await api.ok('POST', '/api/documents/quotes', {
      client_id: client.id,
      rush: DOC.rush,
      lines: DOC.lines.map((l) => ({
        item_id: l.sku ? ids[l.sku] : null,
        description: l.description,
        quantity: l.quantity,
        width_mm: orNull(l.width_mm),
        height_mm: orNull(l.height_mm),
        unit_price: orNull(l.unit_price),
        discount_pct: orNull(l.discount_pct),
        vat_rate: l.vat_rate,
      })),
    });
    expect((quote.lines as Json[]).map((l) => l.net_amount)).toEqual(DOC.expected.lineNets);
    expect(quote.document).toMatchObject({
      net_total: DOC.expected.net,
      vat_total: DOC.expected.vat,
      total: DOC.expected.total,
    });
    // Read again: the stored figures, not the answer of the save.
    const again = await api.ok('GET', `/api/documents/${quote.document.id}`);
    expect(again.document.total).toBe(DOC.expected.total);
  });
});
