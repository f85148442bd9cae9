import { businessDay } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/database.ts';
import { withCompany } from '../../db/tenant.ts';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { documentsClient, TEST_OPERATOR } from '../documents/test-helpers.ts';

let t: TestApp;
let owner: SignedIn;

type Doc = {
  kind: string;
  number: string | null;
  status: string;
  total?: string;
  net?: string;
  docDate?: string; // SQL date expression
  delivery?: string | null; // SQL date expression
  due?: string | null; // SQL date expression (work orders: the form's "Rok")
};

async function insertDocs(user: SignedIn, docs: Doc[]): Promise<string[]> {
  return withCompany(t.deps.db, { userId: user.id, companyId: user.id }, async (tx) => {
    const ids: string[] = [];
    for (const d of docs) {
      const [row] = rowsOf<{ id: string }>(
        await tx.execute(sql`insert into documents (company_id, kind, number, status, total, net_total, doc_date, delivery_date, due_date)
          values (${user.id}, ${d.kind}, ${d.number}, ${d.status}, ${d.total ?? '0'}::numeric, ${d.net ?? '0'}::numeric,
            ${sql.raw(d.docDate ?? 'current_date')}, ${sql.raw(d.delivery ?? 'null')}, ${sql.raw(d.due ?? 'null')}) returning id`),
      );
      ids.push(row?.id ?? '');
    }
    return ids;
  });
}

async function link(user: SignedIn, from: string, to: string) {
  await withCompany(t.deps.db, { userId: user.id, companyId: user.id }, (tx) =>
    tx.execute(
      sql`insert into document_links (company_id, from_id, to_id, relation) values (${user.id}, ${from}, ${to}, 'delivered')`,
    ),
  );
}

async function dashboard(user: SignedIn) {
  const res = await t.app.inject({ method: 'GET', url: '/api/dashboard', headers: { cookie: user.cookie } });
  expect(res.statusCode).toBe(200);
  return res.json();
}

beforeAll(async () => {
  t = await startTestApp();
  owner = await signUp(t.app);
});
afterAll(async () => t?.close());

describe('dashboard', () => {
  it('shows zeros for an empty company', async () => {
    const empty = await signUp(t.app);
    const d = await dashboard(empty);
    expect(d.open_quotes).toEqual({ count: 0, value: '0.00' });
    expect(d.work_orders).toEqual({ by_status: [], overdue: 0 });
    expect(d.revenue.this_month).toBe('0.00');
    expect(d.revenue.months).toHaveLength(12);
    expect(d.low_stock.count).toBe(0);
    expect(d.on_time).toEqual({ delivered: 0, on_time: 0, rate: null });
  });

  it('matches a hand-computed fixture', async () => {
    const thisMonth = "date_trunc('month', current_date)::date";
    const lastMonth = "(date_trunc('month', current_date) - interval '1 month' + interval '14 days')::date";
    await insertDocs(owner, [
      { kind: 'quote', number: 'P-1', status: 'draft', total: '100.00' },
      { kind: 'quote', number: 'P-2', status: 'sent', total: '250.50' },
      { kind: 'quote', number: 'P-3', status: 'accepted', total: '999.00' },
      { kind: 'quote', number: 'P-4', status: 'converted', total: '50.00' },
      { kind: 'invoice', number: 'R-1', status: 'issued', net: '1000.00', docDate: thisMonth },
      { kind: 'credit_note', number: 'O-1', status: 'issued', net: '200.00', docDate: thisMonth },
      { kind: 'invoice', number: null, status: 'draft', net: '500.00', docDate: thisMonth },
      { kind: 'invoice', number: 'R-2', status: 'issued', net: '300.00', docDate: lastMonth },
    ]);
    const [wo1, wo2, wo3] = await insertDocs(owner, [
      { kind: 'work_order', number: 'RN-1', status: 'planned', due: 'current_date - 3' },
      { kind: 'work_order', number: 'RN-2', status: 'in_progress', due: 'current_date + 5' },
      { kind: 'work_order', number: 'RN-3', status: 'completed', due: 'current_date - 10' },
      { kind: 'work_order', number: 'RN-4', status: 'draft' },
    ]);
    const [dn1, dn2, dn3] = await insertDocs(owner, [
      { kind: 'delivery_note', number: 'OT-1', status: 'issued', delivery: 'current_date - 5' },
      { kind: 'delivery_note', number: 'OT-2', status: 'delivered', delivery: 'current_date - 2' },
      { kind: 'delivery_note', number: 'OT-3', status: 'issued', delivery: 'current_date - 1' },
    ]);
    await link(owner, wo3 as string, dn1 as string); // late: promised 10 days ago, delivered 5 days ago
    await link(owner, wo2 as string, dn2 as string); // on time
    await link(owner, wo1 as string, dn3 as string); // late
    const item = async (sku: string, reorder_point: string | null) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/inventory/items',
        headers: { cookie: owner.cookie },
        payload: { sku, name: sku, kind: 'material', base_unit: 'kom', reorder_point },
      });
      expect(res.statusCode).toBe(201);
    };
    await item('LOW', '10');
    await item('NONE', null);
    await item('ZERO', '0');

    const d = await dashboard(owner);
    expect(d.open_quotes).toEqual({ count: 2, value: '350.50' });
    expect(d.work_orders.by_status).toEqual([
      { status: 'completed', count: 1 },
      { status: 'draft', count: 1 },
      { status: 'in_progress', count: 1 },
      { status: 'planned', count: 1 },
    ]);
    expect(d.work_orders.overdue).toBe(1);
    expect(d.revenue.this_month).toBe('800.00');
    expect(d.revenue.last_month).toBe('300.00');
    expect(d.low_stock.count).toBe(1);
    expect(d.low_stock.items.map((i: { sku: string }) => i.sku)).toEqual(['LOW']);
    expect(d.on_time).toEqual({ delivered: 3, on_time: 1, rate: '33.3' });
  });

  it('is refused without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dashboard' });
    expect(res.statusCode).toBe(401);
  });
});

describe('dashboard figures from what the forms set', () => {
  it('counts overdue work orders and on-time deliveries from the work order due date, through the API', async () => {
    const user = await signUp(t.app);
    const api = documentsClient(t.app, user);
    const days = (n: number) => {
      const d = new Date(`${businessDay()}T12:00:00Z`);
      d.setUTCDate(d.getUTCDate() + n);
      return d.toISOString().slice(0, 10);
    };
    const client = await api.ok('POST', '/api/clients', { kind: 'company', name: 'Rok d.o.o.' });
    const store = await api.ok('POST', '/api/inventory/locations', { code: 'SK1', name: 'Skladište' });
    // The work-order form sends its "Rok" as due_date.
    const order = async (due: string | null) =>
      (
        await api.ok('POST', '/api/documents/work-orders', {
          client_id: client.id,
          due_date: due,
          lines: [{ description: 'Montaža stijene', quantity: '1', unit_price: '100' }],
        })
      ).document;
    const complete = async (id: string) => {
      await api.ok('POST', `/api/documents/work-orders/${id}/plan`);
      await api.ok('POST', `/api/documents/work-orders/${id}/start`);
      await api.ok('POST', `/api/documents/work-orders/${id}/complete`, {});
    };
    const deliver = async (workOrderId: string) => {
      const note = await api.ok('POST', '/api/delivery-notes', {
        client_id: client.id,
        source_location_id: store.id,
        work_order_id: workOrderId,
      });
      await api.ok('POST', `/api/delivery-notes/${note.document.id}/issue`, {});
    };
    const early = await order(days(5)); // delivered today, due in 5 days: on time
    const late = await order(days(-2)); // delivered today, due 2 days ago: late
    const open = await order(days(-1)); // not delivered, past due: overdue
    await order(days(3)); // not due yet
    await order(null); // no due date: never overdue, not judged
    for (const wo of [early, late]) {
      await complete(wo.id);
      await deliver(wo.id);
    }
    expect(open.due_date).toBe(days(-1));

    const d = await dashboard(user);
    expect(d.work_orders.overdue).toBe(1);
    expect(d.on_time).toEqual({ delivered: 2, on_time: 1, rate: '50.0' });
  });
});

describe('revenue of an order invoiced with an advance', () => {
  it('counts the order once: the final invoice less the advance it deducts, plus the advance', async () => {
    const shop = await signUp(t.app);
    const api = documentsClient(t.app, shop);
    await api.ok('PATCH', '/api/tenants/me', {
      company_name: 'Staklo Horvat d.o.o.',
      company_address: 'Ilica 1, 10000 Zagreb',
      tax_number: '94577403194',
      bank_accounts: [{ iban: 'HR1210010051863000160' }],
    });
    await api.ok('PUT', '/api/einvoice/operator', TEST_OPERATOR);
    const client = await api.ok('POST', '/api/clients', {
      kind: 'company',
      name: 'Gradnja Kovač j.d.o.o.',
      oib: '69435151530',
      billing_address: { street: 'Vukovarska 5', postal_code: '21000', city: 'Split' },
    });
    const mat = await api.ok('POST', '/api/inventory/locations', {
      code: 'MAT',
      name: 'MAT',
      type: 'storage',
    });
    const got = await api.ok('POST', '/api/inventory/locations', {
      code: 'GOT',
      name: 'GOT',
      type: 'storage',
    });
    // 4 × 100.00 at 25 %: net 400.00. An advance of 30 %: net 120.00.
    const lines = [
      {
        description: 'Izo staklo 4-16-4',
        quantity: '4',
        unit: 'kom',
        unit_price: '100',
        vat_rate: '25',
        kpd_code: '23.12.12',
      },
    ];
    const quote = await api.ok('POST', '/api/documents/quotes', { client_id: client.id, lines });
    await api.ok('POST', `/api/documents/quotes/${quote.document.id}/send`);
    const advance = await api.ok('POST', `/api/documents/${quote.document.id}/advance-invoices`, {
      percent: '30',
    });
    expect(advance.document.net_total).toBe('120.00');
    expect((await dashboard(shop)).revenue.this_month).toBe('120.00');

    await api.ok('POST', `/api/documents/quotes/${quote.document.id}/accept`);
    const converted = await api.ok('POST', `/api/documents/quotes/${quote.document.id}/convert`);
    const wo = await api.ok('PUT', `/api/documents/work-orders/${converted.document.id}`, {
      client_id: client.id,
      source_location_id: mat.id,
      output_location_id: got.id,
      lines,
    });
    for (const step of ['plan', 'start', 'complete'])
      await api.ok(
        'POST',
        `/api/documents/work-orders/${wo.document.id}/${step}`,
        step === 'complete' ? {} : undefined,
      );
    const draft = await api.ok('POST', '/api/invoices', {
      client_id: client.id,
      work_order_ids: [wo.document.id],
    });
    const final = await api.ok('POST', `/api/invoices/${draft.document.id}/issue`);
    expect(final.document.net_total).toBe('400.00');
    const detail = await api.ok('GET', `/api/documents/${draft.document.id}`);
    expect(detail.advances.map((a: { number: string }) => a.number)).toEqual([advance.document.number]);

    // Invoiced 120.00 + 400.00, of which 120.00 twice: the order's net is 400.00.
    const figures = await dashboard(shop);
    expect(figures.revenue.this_month).toBe('400.00');
    expect(figures.revenue.months.at(-1)).toEqual({
      month: figures.revenue.months.at(-1).month,
      net: '400.00',
    });
  });
});
