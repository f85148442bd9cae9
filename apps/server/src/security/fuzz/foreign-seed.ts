import { businessDay } from '@erp/domain';
import type { Database } from '../../db/database.ts';
import { seedForeignFinance } from './foreign-seed-finance.ts';

type Answer = { statusCode: number; body: string; json(): unknown };
export type Inject = (
  method: string,
  url: string,
  payload?: unknown,
  headers?: Record<string, string>,
) => Promise<Answer>;

/**
 * A working company's business, built through the public API so every area's own service writes
 * its rows (issue 11, fuzzing): stock, partners, production, documents through invoices and
 * payments, purchasing with a receipt, a cutting job, a count, a reservation, an invitation. The
 * fuzzer then looks for these rows' ids in the answers it gets as another company's user.
 *
 * Returns the calls that did not succeed, so a test can insist on a complete seed.
 */
export async function seedForeignBusiness(
  inject: Inject,
  runJobs?: () => Promise<unknown>,
): Promise<string[]> {
  const failed: string[] = [];
  let n = 0;
  const call = async (method: string, url: string, payload?: unknown): Promise<Record<string, unknown>> => {
    const r = await inject(method, url, payload ?? {}, { 'idempotency-key': `foreign-seed-${++n}` });
    if (r.statusCode >= 300) {
      failed.push(`${method} ${url} → ${r.statusCode} ${r.body.slice(0, 200)}`);
      return {};
    }
    return r.body ? (r.json() as Record<string, unknown>) : {};
  };
  const id = (x: Record<string, unknown>) => String(x.id ?? (x.document as { id?: string } | undefined)?.id);
  const year = new Date().getFullYear();

  // The eRačun operator the invoice below is issued under.
  await call('PUT', '/api/einvoice/operator', {
    operator_mark: 'Strani operater',
    operator_oib: '12345678903',
  });
  const mat = await call('POST', '/api/inventory/locations', { code: 'F-MAT', name: 'Strano skladište' });
  const got = await call('POST', '/api/inventory/locations', { code: 'F-GOT', name: 'Strani gotovi' });
  const supplier = await call('POST', '/api/suppliers', {
    name: 'Strani dobavljač d.o.o.',
    oib: '69435151530',
    email: 'dobavljac@strani.hr',
  });
  const client = await call('POST', '/api/clients', {
    name: 'Strani kupac d.o.o.',
    oib: '94577403194',
    billing_address: { street: 'Strana ulica 1', postal_code: '31000', city: 'Osijek' },
    contacts: [{ name: 'Strana Osoba', email: 'osoba@strani.hr' }],
  });
  const glass = await call('POST', '/api/inventory/items', {
    sku: 'F-FLOAT',
    name: 'Strano staklo',
    kind: 'material',
    base_unit: 'm2',
    lot_tracked: true,
    purchase_price: '20',
    default_supplier_id: id(supplier),
    reorder_point: '1000',
    reorder_qty: '10',
  });
  const spacer = await call('POST', '/api/inventory/items', {
    sku: 'F-DIST',
    name: 'Strani distancer',
    kind: 'material',
    base_unit: 'm',
    kpd_code: '25.99.29',
    purchase_price: '1',
    sales_price: '2',
  });
  const product = await call('POST', '/api/inventory/items', {
    sku: 'F-IZO',
    name: 'Strano izo staklo',
    kind: 'product',
    base_unit: 'kom',
    lot_tracked: true,
    sales_price: '100',
  });
  await call('PUT', `/api/inventory/items/${id(spacer)}/conversions`, {
    conversions: [{ unit: 'kut', factor: '100' }],
  });
  await call('PUT', `/api/suppliers/${id(supplier)}/items`, {
    items: [{ item_id: id(glass), supplier_sku: 'S-1', price: '19.50', min_order_qty: '5' }],
  });

  // Stock: a lot receipt, an issue, a transfer, an adjustment, a reservation, a count.
  await call('POST', '/api/inventory/receipts', {
    location_id: id(mat),
    lines: [
      { item_id: id(glass), quantity: '100', unit_cost: '20', lot_number: 'F-LOT-1' },
      { item_id: id(spacer), quantity: '500', unit_cost: '1' },
    ],
  });
  await call('POST', '/api/inventory/issues', {
    reason: 'production',
    location_id: id(mat),
    lines: [{ item_id: id(spacer), quantity: '1' }],
  });
  await call('POST', '/api/inventory/transfers', {
    reason: 'relocation',
    from_location_id: id(mat),
    to_location_id: id(got),
    lines: [{ item_id: id(spacer), quantity: '2' }],
  });
  await call('POST', '/api/inventory/adjustments', {
    reason: 'correction',
    location_id: id(mat),
    lines: [{ item_id: id(spacer), quantity: '-1' }],
  });
  await call('POST', '/api/inventory/reservations', {
    item_id: id(spacer),
    location_id: id(mat),
    quantity: '3',
    note: 'Strana rezervacija',
  });
  await call('POST', '/api/inventory/counts', { location_id: id(got) });

  // Production master data: processes, a BOM and a routing.
  const cut = await call('POST', '/api/processes', {
    code: 'F-REZ',
    name: 'Strano rezanje',
    costPerHour: '30',
    setupMinutes: '0',
    minutesPerUnit: '10',
    dailyCapacityHours: '8',
    qualityCheckRequired: true,
  });
  const bom = await call('POST', `/api/products/${id(product)}/boms`, {
    variables: [],
    lines: [
      { componentId: id(glass), formula: '2*W*H/1e6', unit: 'm2', scrapPct: '0' },
      { componentId: id(spacer), formula: '2*(W+H)/1000', unit: 'm', scrapPct: '0' },
    ],
  });
  await call('POST', `/api/products/${id(product)}/boms/${id(bom)}/activate`);
  await call('PUT', `/api/products/${id(product)}/routing`, { steps: [{ processId: id(cut) }] });

  // Documents: a quote, a planned work order, a delivery note issued and invoiced, a payment.
  const line = { item_id: id(product), quantity: '2', width_mm: '1000', height_mm: '500' };
  await call('POST', '/api/automation/rules', {
    name: 'Strano pravilo',
    trigger: 'quote.accepted',
    actions: [{ type: 'create_work_order' }, { type: 'notify', title: 'Strana obavijest' }],
  });
  const quote = await call('POST', '/api/documents/quotes', { client_id: id(client), lines: [line] });
  await call('POST', `/api/documents/quotes/${id(quote)}/send`);
  await call('POST', `/api/documents/quotes/${id(quote)}/accept`);
  const wo = await call('POST', '/api/documents/work-orders', {
    client_id: id(client),
    source_location_id: id(mat),
    output_location_id: id(got),
    lines: [line],
  });
  await call('POST', `/api/documents/work-orders/${id(wo)}/plan`);
  const started = await call('POST', `/api/documents/work-orders/${id(wo)}/start`);
  for (const op of (started.operations as { id: string }[] | undefined) ?? []) {
    const base = `/api/documents/work-orders/${id(wo)}/operations/${op.id}`;
    await call('POST', `${base}/start`);
    await call('POST', `${base}/time`, { minutes: '30' });
    await call('POST', `${base}/checks`, { result: 'pass' });
    await call('POST', `${base}/finish`);
  }
  await call('POST', `/api/documents/work-orders/${id(wo)}/complete`, { lot_number: 'F-IZO-1' });
  const dn = await call('POST', '/api/delivery-notes', {
    client_id: id(client),
    source_location_id: id(mat),
    lines: [{ item_id: id(spacer), quantity: '4' }],
  });
  await call('POST', `/api/delivery-notes/${id(dn)}/issue`);
  const invoice = await call('POST', '/api/invoices', { client_id: id(client), delivery_note_ids: [id(dn)] });
  await call('POST', `/api/invoices/${id(invoice)}/issue`);
  await call('POST', `/api/invoices/${id(invoice)}/payments`, { paid_on: `${year}-01-15`, amount: '1.00' });

  // Purchasing: an order sent and partly received.
  const po = await call('POST', '/api/purchase-orders', {
    supplier_id: id(supplier),
    lines: [{ item_id: id(glass), quantity: '10', unit_price: '19.50' }],
  });
  await call('POST', `/api/purchase-orders/${id(po)}/send`);
  const poLines = (po.lines as { id: string }[] | undefined) ?? [];
  await call('POST', `/api/purchase-orders/${id(po)}/receipts`, {
    location_id: id(mat),
    received_on: businessDay(),
    lines: poLines.map((l) => ({ po_line_id: l.id, quantity: '4', lot_number: 'F-LOT-2' })),
  });

  // Cutting: an ad-hoc 2D job.
  await call('POST', '/api/cutting/jobs', {
    name: 'Strani krojni plan',
    kind: '2d',
    kerf: 0,
    trim: { left: 0, right: 0, top: 0, bottom: 0 },
    min_remnant_length: 300,
    min_remnant_width: 300,
    time_limit_ms: 200,
    pieces: [{ ref: 'FP1', width: 1000, height: 800, quantity: 2 }],
    stock: [{ ref: 'F-FLOAT', width: 3210, height: 2000, quantity: null }],
  });

  // Team: an open invitation.
  await call('POST', '/api/team/invitations', { email: 'pozvani@strani.hr', role: 'viewer' });
  // A saved list view (not left to the random creations below, which may all be refused).
  await call('POST', '/api/views', {
    list_key: 'quotes',
    name: 'Strane poslane',
    query: 'status=sent',
    columns: ['number', 'client'],
  });

  // Fiscalisation, Fiskalizacija 2.0, advances, purchase invoices and mail (foreign-seed-finance.ts).
  await seedForeignFinance(
    call,
    (method, url, payload, headers) =>
      inject(method, url, payload, { 'idempotency-key': `foreign-seed-${++n}`, ...headers }),
    failed,
    { companyOib: '69435151530', client: id(client), mat: id(mat), got: id(got) },
    runJobs,
  );
  return failed;
}

/**
 * Tenant tables (a `company_id` column) in which the company has no row: what the seed does not
 * reach. Tests compare it with a written-out list of tables no fuzzed endpoint reads.
 */
export async function tablesWithoutRows(database: Database, companyId: string): Promise<string[]> {
  return database.session(async (q) => {
    const tables = await q(`select table_name::text as t from information_schema.columns
      where table_schema = 'public' and column_name = 'company_id' order by 1`);
    const empty: string[] = [];
    for (const { t } of tables) {
      const rows = await q(`select 1 from "${String(t)}" where company_id = $1 limit 1`, [companyId]);
      if (rows.length === 0) empty.push(String(t));
    }
    return empty;
  });
}
