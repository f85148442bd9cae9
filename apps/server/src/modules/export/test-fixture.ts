import { businessDay } from '@erp/domain';
import type { FastifyInstance } from 'fastify';
import type { SignedIn } from '../../test/harness.ts';
import { documentsClient, glassShop, type Json } from '../documents/test-helpers.ts';

export type Api = ReturnType<typeof documentsClient>;

/**
 * A small glass shop built through the HTTP API (the same services as the UI): items with stock in
 * two locations, processes, a product with an active BOM and routing, a client and a supplier,
 * a purchase order partly received, quotes in several statuses, a planned work order, an issued
 * delivery note, an issued and partly paid invoice, a client contact and a cutting job.
 */
export async function buildExportFixture(app: FastifyInstance, user: SignedIn, tag = '') {
  const api = documentsClient(app, user);
  const shop = await glassShop(api, tag);
  await api.ok('POST', '/api/inventory/receipts', {
    location_id: shop.materials.id,
    lines: [
      { item_id: shop.glass.id, quantity: '10.5', unit_cost: '20.25', lot_number: 'L-100' },
      { item_id: shop.spacer.id, quantity: '50', unit_cost: '1.1' },
    ],
  });
  await api.ok('POST', '/api/inventory/receipts', {
    location_id: shop.finished.id,
    lines: [{ item_id: shop.igu.id, quantity: '3', unit_cost: '60', lot_number: 'IZO-1' }],
  });
  const supplier = await api.ok('POST', '/api/suppliers', {
    name: `Staklo Dobavljač${tag} d.o.o.`,
    oib: '94577403194',
    lead_time_days: 7,
  });
  const po = await api.ok('POST', '/api/purchase-orders', {
    supplier_id: supplier.id,
    expected_on: '2026-05-04',
    note: 'Isporuka na rampu 2',
    lines: [{ item_id: shop.glass.id, quantity: '1234.5', unit_price: '12.5', vat_rate: '25' }],
  });
  await api.ok('POST', `/api/purchase-orders/${po.id}/send`);
  const sentPo = await api.ok('GET', `/api/purchase-orders/${po.id}`);
  await api.ok('POST', `/api/purchase-orders/${po.id}/receipts`, {
    location_id: shop.materials.id,
    received_on: businessDay(),
    lines: [{ po_line_id: sentPo.lines[0].id, quantity: '100', unit_price: '12.5', lot_number: 'L-200' }],
  });
  await api.ok('POST', '/api/purchase-orders', {
    supplier_id: supplier.id,
    lines: [{ item_id: shop.spacer.id, quantity: '40', unit_price: '0.95', vat_rate: '25' }],
  });

  const quote = async (qty: string) =>
    (
      await api.ok('POST', '/api/documents/quotes', {
        client_id: shop.client.id,
        lines: [{ item_id: shop.igu.id, quantity: qty, width_mm: '1000', height_mm: '500' }],
      })
    ).document as Json;
  await quote('1');
  const sent = await quote('2');
  await api.ok('POST', `/api/documents/quotes/${sent.id}/send`);
  const accepted = await quote('2');
  await api.ok('POST', `/api/documents/quotes/${accepted.id}/send`);
  await api.ok('POST', `/api/documents/quotes/${accepted.id}/accept`);
  const wo = await api.ok('POST', `/api/documents/quotes/${accepted.id}/convert`);
  await api.ok('PUT', `/api/documents/work-orders/${wo.document.id}`, {
    client_id: shop.client.id,
    source_location_id: shop.materials.id,
    output_location_id: shop.finished.id,
    lines: [{ item_id: shop.igu.id, quantity: '2', width_mm: '1000', height_mm: '500', unit_price: '100' }],
  });
  await api.ok('POST', `/api/documents/work-orders/${wo.document.id}/plan`);

  const dn = await api.ok('POST', '/api/delivery-notes', {
    client_id: shop.client.id,
    source_location_id: shop.finished.id,
    lines: [{ item_id: shop.igu.id, quantity: '2' }],
  });
  await api.ok('POST', `/api/delivery-notes/${dn.document.id}/issue`);
  const invoice = await api.ok('POST', '/api/invoices', {
    client_id: shop.client.id,
    delivery_note_ids: [dn.document.id],
  });
  await api.ok('POST', `/api/invoices/${invoice.document.id}/issue`);
  await api.ok('POST', `/api/invoices/${invoice.document.id}/payments`, {
    paid_on: businessDay(),
    amount: '100',
  });
  await api.ok('PATCH', `/api/clients/${shop.client.id}`, {
    contacts: [{ name: 'Ivana Kovač', position: 'Nabava', email: 'ivana@gradnja.hr' }],
  });
  // A cutting job whose JSON input names items, lots and locations by id (rewritten on restore).
  const bar = await api.ok('POST', '/api/inventory/items', {
    sku: `PROF70${tag}`,
    name: 'PVC profil 70',
    kind: 'material',
    base_unit: 'kom',
    length_mm: '6000',
  });
  await api.ok('POST', '/api/inventory/receipts', {
    location_id: shop.materials.id,
    lines: [{ item_id: bar.id, quantity: '5', unit_cost: '30' }],
  });
  await api.ok('POST', '/api/cutting/jobs', {
    name: 'Prozori RN-12',
    kind: '1d',
    kerf: 4,
    trim: { left: 10, right: 10, top: 0, bottom: 0 },
    min_remnant_length: 800,
    min_remnant_width: 0,
    time_limit_ms: 200,
    pieces: [{ ref: 'okvir', label: 'Okvir', order_ref: 'RN-12', length: 1200, quantity: 4 }],
    stock: [{ ref: 'PROF70', item_id: bar.id, location_id: shop.materials.id, length: 6000, quantity: 5 }],
  });
  return { api, shop, supplier, invoice: invoice.document as Json, deliveryNote: dn.document as Json };
}

/** A small CSV reader (quotes, doubled quotes) for a given separator. */
export function parseCsv(text: string, sep: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === sep) {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  return rows;
}
