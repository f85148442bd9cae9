import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/database.ts';
import { withCompany } from '../../db/tenant.ts';
import { enqueueJob } from '../../jobs/jobs.ts';
import { runDueJobs } from '../../jobs/runner.ts';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { documentsClient, glassShop, type Json } from '../documents/test-helpers.ts';
import { OVERDUE_JOB } from './actions.ts';
import { DISPATCH_JOB } from './emit.ts';

process.env.JOBS = 'off';
process.env.AUTOMATION_WEBHOOK_ALLOW_HOSTS = '127.0.0.1';

/**
 * A receiver's own check, written apart from the sender's code: HMAC-SHA256 over
 * "<timestamp>.<raw body>", hex, compared in constant time, timestamp at most 5 minutes old.
 */
function verifySignature(secret: string, headers: http.IncomingHttpHeaders, rawBody: string, nowSec: number) {
  const ts = Number(headers['x-erp-timestamp']);
  const given = String(headers['x-erp-signature'] ?? '');
  if (!Number.isInteger(ts) || Math.abs(nowSec - ts) > 300 || !given.startsWith('sha256=')) return false;
  const expected = createHmac('sha256', secret).update(`${ts}.${rawBody}`).digest();
  const got = Buffer.from(given.slice('sha256='.length), 'hex');
  return got.length === expected.length && timingSafeEqual(got, expected);
}

type Received = { headers: http.IncomingHttpHeaders; body: string };
const received: Received[] = [];
let failNext = 0;
const receiver = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c) => {
    body += c;
  });
  req.on('end', () => {
    received.push({ headers: req.headers, body });
    if (failNext > 0) {
      failNext--;
      res.writeHead(503).end();
    } else res.writeHead(204).end();
  });
});
let hookUrl = '';

let t: TestApp;
let user: SignedIn;
let api: ReturnType<typeof documentsClient>;
let shop: Awaited<ReturnType<typeof glassShop>>;
const run = () => runDueJobs(t.deps, { retryDelayMs: () => 0 });

async function q<T>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await t.deps.database.session((query) => query(text, params))) as T[];
}

async function rule(body: Json) {
  const r = await api.call('POST', '/api/automation/rules', body);
  expect(r.status).toBe(201);
  return r.body as { rule: Json; webhook_secret: string };
}

async function acceptedQuote(quantity = '2') {
  const quote = await api.ok('POST', '/api/documents/quotes', {
    client_id: shop.client.id,
    lines: [{ item_id: shop.igu.id, quantity, width_mm: '1000', height_mm: '500' }],
  });
  await api.ok('POST', `/api/documents/quotes/${quote.document.id}/send`);
  await api.ok('POST', `/api/documents/quotes/${quote.document.id}/accept`);
  return quote.document as Json;
}

beforeAll(async () => {
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  t = await startTestApp();
  user = await signUp(t.app);
  api = documentsClient(t.app, user);
  shop = await glassShop(api);
  await api.ok('POST', '/api/inventory/receipts', {
    location_id: shop.materials.id,
    lines: [
      { item_id: shop.glass.id, quantity: '10', unit_cost: '20', lot_number: 'L-100' },
      { item_id: shop.spacer.id, quantity: '50', unit_cost: '1' },
    ],
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await new Promise((r) => receiver.close(r));
});

describe('quote accepted', () => {
  const state: Json = {};

  it('creates the work order, notifies every member and posts a signed webhook, once', async () => {
    const created = await rule({
      name: 'Prihvaćena ponuda',
      trigger: 'quote.accepted',
      conditions: { mode: 'all', items: [{ field: 'total', op: 'gt', value: '100' }] },
      actions: [
        { type: 'create_work_order' },
        { type: 'notify', title: 'Ponuda {{number}} prihvaćena', body: '{{clientName}}' },
        { type: 'webhook', url: hookUrl },
      ],
    });
    expect(created.webhook_secret).toMatch(/^whsec_/);
    const quote = await acceptedQuote();
    const before = received.length;
    await run();

    const detail = await api.ok('GET', `/api/documents/${quote.id}`);
    expect(detail.document.status).toBe('converted');
    const woLink = detail.links.find((l: Json) => l.relation === 'converted');
    expect(woLink).toBeTruthy();

    const notes = await api.ok('GET', '/api/notifications');
    expect(notes.unread).toBe(1);
    expect(notes.items[0]).toMatchObject({
      title: `Ponuda ${quote.number} prihvaćena`,
      body: shop.client.name,
    });

    expect(received.length).toBe(before + 1);
    const hook = received.at(-1) as Received;
    expect(hook.headers['x-erp-event']).toBe('quote.accepted');
    expect(
      verifySignature(created.webhook_secret, hook.headers, hook.body, Math.floor(Date.now() / 1000)),
    ).toBe(true);
    // A changed body or another secret does not verify.
    expect(
      verifySignature(created.webhook_secret, hook.headers, `${hook.body} `, Math.floor(Date.now() / 1000)),
    ).toBe(false);
    expect(verifySignature('whsec_other', hook.headers, hook.body, Math.floor(Date.now() / 1000))).toBe(
      false,
    );
    const payload = JSON.parse(hook.body);
    expect(payload).toMatchObject({
      type: 'quote.accepted',
      entityId: quote.id,
      data: { number: quote.number },
    });

    const runs = await api.ok('GET', `/api/automation/rules/${created.rule.id}/runs`);
    expect(runs.total).toBe(1);
    expect(runs.items[0]).toMatchObject({ status: 'done', event_type: 'quote.accepted', error: null });
    expect(runs.items[0].result.map((r: Json) => [r.type, r.status])).toEqual([
      ['create_work_order', 'done'],
      ['notify', 'done'],
      ['webhook', 'done'],
    ]);
    expect(runs.items[0].result[0].entityId).toBe(woLink.id);
    state.rule = created.rule;
    state.quote = quote;
    state.workOrderId = woLink.id;
  });

  it('does nothing more when the same event is dispatched again', async () => {
    const [event] = await q<{ id: string }>(`select id from outbox_events where entity_id = $1`, [
      state.quote.id,
    ]);
    await withCompany(t.deps.db, { userId: user.id, companyId: user.id }, (tx) =>
      enqueueJob(tx, { companyId: user.id, kind: DISPATCH_JOB, payload: { eventId: event?.id } }),
    );
    const hooks = received.length;
    await run();
    const runs = await q<{ n: string }>(`select count(*) as n from automation_runs where event_id = $1`, [
      event?.id,
    ]);
    expect(Number(runs[0]?.n)).toBe(1);
    const wos = await q<{ n: string }>(
      `select count(*) as n from document_links where from_id = $1 and relation = 'converted'`,
      [state.quote.id],
    );
    expect(Number(wos[0]?.n)).toBe(1);
    expect((await api.ok('GET', '/api/notifications')).unread).toBe(1);
    expect(received.length).toBe(hooks);
  });

  it('skips (and logs) an event whose fields fail the conditions', async () => {
    await api.ok('POST', `/api/automation/rules/${state.rule.id}/enabled`, { enabled: true });
    await api.ok('PUT', `/api/automation/rules/${state.rule.id}`, {
      name: 'Velike ponude',
      trigger: 'quote.accepted',
      conditions: { mode: 'all', items: [{ field: 'total', op: 'gte', value: '100000' }] },
      actions: [{ type: 'notify', title: 'Velika ponuda' }],
    });
    const quote = await acceptedQuote('1');
    await run();
    expect((await api.ok('GET', `/api/documents/${quote.id}`)).document.status).toBe('accepted');
    const runs = await api.ok('GET', `/api/automation/rules/${state.rule.id}/runs`);
    expect(runs.items[0]).toMatchObject({ status: 'skipped', result: [] });
    expect((await api.ok('GET', '/api/notifications')).unread).toBe(1);
    await api.ok('POST', `/api/automation/rules/${state.rule.id}/enabled`, { enabled: false });
  });

  it('test run shows what would happen without doing it', async () => {
    const events = await api.ok('GET', '/api/automation/events?type=quote.accepted');
    const latest = events[0] as Json;
    const preview = await api.ok('POST', '/api/automation/test-run', {
      event_id: latest.id,
      rule: {
        name: 'Probni',
        trigger: 'quote.accepted',
        conditions: { mode: 'any', items: [{ field: 'total', op: 'lt', value: '1000' }] },
        actions: [
          { type: 'create_work_order' },
          { type: 'notify', title: 'Nova {{number}}' },
          { type: 'webhook', url: 'http://169.254.169.254/latest' },
        ],
      },
    });
    expect(preview.matches).toBe(true);
    expect(preview.conditions[0]).toMatchObject({ field: 'total', actual: latest.data.total, holds: true });
    expect(preview.actions[1]).toMatchObject({ title: `Nova ${latest.data.number}`, recipients: 1 });
    expect(preview.actions[2].problem).toMatch(/private address/);
    // Nothing happened: the quote is still only accepted, no notification was added.
    expect((await api.ok('GET', `/api/documents/${latest.entity_id}`)).document.status).toBe('accepted');
    expect((await api.ok('GET', '/api/notifications')).unread).toBe(1);
    const sample = await api.ok('POST', '/api/automation/test-run', {
      rule: { name: 'S', trigger: 'invoice.overdue', actions: [{ type: 'notify', title: '{{number}}' }] },
    });
    expect(sample).toMatchObject({ sample: true, matches: true });
    expect(sample.actions[0].title).toBe('1-P1-1');
  });
});

describe('work order completed → delivery note draft; delivery note issued → notification', () => {
  it('creates the delivery note draft from the completed order', async () => {
    const { rule: created } = await rule({
      name: 'Otpremnica iz naloga',
      trigger: 'work_order.completed',
      actions: [{ type: 'create_delivery_note' }],
    });
    const issuedRule = await rule({
      name: 'Izdana otpremnica',
      trigger: 'delivery_note.issued',
      actions: [{ type: 'notify', title: 'Otpremnica {{number}} izdana' }],
    });
    const quote = await acceptedQuote();
    const wo = await api.ok('POST', `/api/documents/quotes/${quote.id}/convert`);
    const woId = wo.document.id as string;
    await api.ok('PUT', `/api/documents/work-orders/${woId}`, {
      client_id: shop.client.id,
      source_location_id: shop.materials.id,
      output_location_id: shop.finished.id,
      lines: [{ item_id: shop.igu.id, quantity: '2', width_mm: '1000', height_mm: '500', unit_price: '100' }],
    });
    await api.ok('POST', `/api/documents/work-orders/${woId}/plan`);
    const started = await api.ok('POST', `/api/documents/work-orders/${woId}/start`);
    for (const op of started.operations as Json[]) {
      await api.ok('POST', `/api/documents/work-orders/${woId}/operations/${op.id}/start`);
      await api.ok('POST', `/api/documents/work-orders/${woId}/operations/${op.id}/finish`);
      if (op.quality_check_required)
        await api.ok('POST', `/api/documents/work-orders/${woId}/operations/${op.id}/checks`, {
          result: 'pass',
        });
    }
    await api.ok('POST', `/api/documents/work-orders/${woId}/complete`, {});
    await run();
    const runs = await api.ok('GET', `/api/automation/rules/${created.id}/runs`);
    expect(runs.items[0]).toMatchObject({ status: 'done' });
    const dnId = runs.items[0].result[0].entityId as string;
    const dn = await api.ok('GET', `/api/documents/${dnId}`);
    expect(dn.document).toMatchObject({ kind: 'delivery_note', status: 'draft', client_id: shop.client.id });
    expect(dn.lines[0]).toMatchObject({ item_id: shop.igu.id, quantity: '2' });

    const before = (await api.ok('GET', '/api/notifications')).unread;
    await api.ok('POST', `/api/delivery-notes/${dnId}/issue`);
    await run();
    const notes = await api.ok('GET', '/api/notifications');
    expect(notes.unread).toBe(before + 1);
    expect(notes.items[0].title).toBe(`Otpremnica ${dn.document.number} izdana`);
    expect(notes.items[0].link).toBe(`/delivery-notes/${dnId}`);
    const issuedRuns = await api.ok('GET', `/api/automation/rules/${issuedRule.rule.id}/runs`);
    expect(issuedRuns.items.map((r: Json) => r.status)).toEqual(['done']);
  });
});

describe('stock below reorder point → draft purchase order', () => {
  it('orders the reorder quantity from the default supplier when stock crosses the point', async () => {
    const supplier = await api.ok('POST', '/api/suppliers', {
      name: 'Dobavljač stakla d.o.o.',
      lead_time_days: 5,
    });
    const item = await api.ok('POST', '/api/inventory/items', {
      sku: 'PVC-70',
      name: 'PVC profil 70 mm',
      kind: 'material',
      base_unit: 'm',
      reorder_point: '20',
      reorder_qty: '120',
      default_supplier_id: supplier.id,
      purchase_price: '4.50',
    });
    const itemId = (item.item ?? item).id as string;
    await api.ok('POST', '/api/inventory/receipts', {
      location_id: shop.materials.id,
      lines: [{ item_id: itemId, quantity: '30', unit_cost: '4.50' }],
    });
    const { rule: created } = await rule({
      name: 'Naruči ispod minimuma',
      trigger: 'stock.below_reorder_point',
      actions: [{ type: 'create_purchase_order' }],
    });
    // 30 → 25: still above the point, no event.
    await api.ok('POST', '/api/inventory/issues', {
      reason: 'production',
      location_id: shop.materials.id,
      lines: [{ item_id: itemId, quantity: '5' }],
    });
    // 25 → 15: crosses below 20.
    await api.ok('POST', '/api/inventory/issues', {
      reason: 'production',
      location_id: shop.materials.id,
      lines: [{ item_id: itemId, quantity: '10' }],
    });
    // 15 → 14: already below, no second event.
    await api.ok('POST', '/api/inventory/issues', {
      reason: 'production',
      location_id: shop.materials.id,
      lines: [{ item_id: itemId, quantity: '1' }],
    });
    await run();
    const events = await api.ok('GET', '/api/automation/events?type=stock.below_reorder_point');
    expect(events.filter((e: Json) => e.entity_id === itemId)).toHaveLength(1);
    expect(events[0].data).toMatchObject({ sku: 'PVC-70', onHand: '15.0000', reorderPoint: '20.0000' });
    const runs = await api.ok('GET', `/api/automation/rules/${created.id}/runs`);
    expect(runs.items[0]).toMatchObject({ status: 'done' });
    const poId = runs.items[0].result[0].entityId as string;
    const po = await api.ok('GET', `/api/purchase-orders/${poId}`);
    expect(po.supplier_id ?? po.order?.supplier_id).toBe(supplier.id);
    const lines = (po.lines ?? po.order?.lines) as Json[];
    expect(lines.map((l) => [l.item_id, String(l.quantity)])).toEqual([
      [itemId, expect.stringMatching(/^120(\.0+)?$/)],
    ]);
  });
});

describe('stock below reorder point, item without a default supplier', () => {
  it('orders from the supplier of its latest purchase order', async () => {
    const supplier = await api.ok('POST', '/api/suppliers', {
      name: 'Okovi Jurić d.o.o.',
      lead_time_days: 3,
    });
    const created = await api.ok('POST', '/api/inventory/items', {
      sku: 'OKOV-1',
      name: 'Okov za prozor',
      kind: 'material',
      base_unit: 'kom',
      reorder_point: '10',
      reorder_qty: '50',
      purchase_price: '4',
    });
    const itemId = (created.item ?? created).id as string;
    // An earlier order, sent and received, names the supplier and its price. (An item still on a
    // draft order is not ordered again: the rule then answers that draft.)
    const earlier = await api.ok('POST', '/api/purchase-orders', {
      supplier_id: supplier.id,
      lines: [{ item_id: itemId, quantity: '15', unit_price: '3.90' }],
    });
    const sent = await api.ok('POST', `/api/purchase-orders/${earlier.id}/send`);
    await api.ok('POST', `/api/purchase-orders/${earlier.id}/receipts`, {
      location_id: shop.materials.id,
      received_on: sent.ordered_on,
      lines: [{ po_line_id: sent.lines[0].id, quantity: '15' }],
    });
    const { rule: r } = await rule({
      name: 'Naruči okove',
      trigger: 'stock.below_reorder_point',
      conditions: { mode: 'all', items: [{ field: 'sku', op: 'eq', value: 'OKOV-1' }] },
      actions: [{ type: 'create_purchase_order' }],
    });
    await api.ok('POST', '/api/inventory/issues', {
      reason: 'production',
      location_id: shop.materials.id,
      lines: [{ item_id: itemId, quantity: '8' }],
    });
    await run();
    const runs = await api.ok('GET', `/api/automation/rules/${r.id}/runs`);
    expect(runs.items[0]).toMatchObject({ status: 'done' });
    const po = await api.ok('GET', `/api/purchase-orders/${runs.items[0].result[0].entityId}`);
    expect(po.supplier_id ?? po.order?.supplier_id).toBe(supplier.id);
    const lines = (po.lines ?? po.order?.lines) as Json[];
    expect(lines.map((l) => [l.item_id, String(l.quantity), String(l.unit_price)])).toEqual([
      [itemId, expect.stringMatching(/^50(\.0+)?$/), expect.stringMatching(/^3\.90*$/)],
    ]);
  });
});

describe('invoice overdue (daily check) → notification', () => {
  it('raises one event per overdue invoice, however often the check runs', async () => {
    const { rule: created } = await rule({
      name: 'Dospjeli računi',
      trigger: 'invoice.overdue',
      conditions: { mode: 'all', items: [{ field: 'daysOverdue', op: 'gte', value: 1 }] },
      actions: [{ type: 'notify', title: 'Račun {{number}} kasni {{daysOverdue}} dana' }],
    });
    const draft = await api.ok('POST', '/api/invoices', {
      client_id: shop.client.id,
      doc_date: '2025-01-10',
      due_date: '2025-02-09',
      lines: [{ description: 'Montaža', quantity: '1', unit_price: '300', kpd_code: '43.34.20' }],
    });
    const issued = await api.ok('POST', `/api/invoices/${draft.document.id}/issue`);
    // Issuing dates the invoice today and keeps the draft's 30 days of terms, so it is not due yet;
    // as the owner, the due date is put where it would be for an invoice issued last year.
    await t.deps.database.session((q) =>
      q(`update documents set due_date = '2025-02-09' where id = $1`, [draft.document.id]),
    );
    const before = (await api.ok('GET', '/api/notifications')).unread;
    await run();
    // Run the check again the same day, as a second instance would: nothing new.
    await withCompany(t.deps.db, { userId: user.id, companyId: user.id }, (tx) =>
      enqueueJob(tx, { companyId: user.id, kind: OVERDUE_JOB }),
    );
    await run();
    const notes = await api.ok('GET', '/api/notifications');
    expect(notes.unread).toBe(before + 1);
    expect(notes.items[0].title).toMatch(new RegExp(`^Račun ${issued.document.number} kasni \\d+ dana$`));
    const runs = await api.ok('GET', `/api/automation/rules/${created.id}/runs`);
    expect(runs.total).toBe(1);
    // Tomorrow's check is booked.
    const next = await q<{ run_at: Date }>(
      `select run_at from jobs where kind = $1 and status = 'queued' and company_id = $2`,
      [OVERDUE_JOB, user.id],
    );
    expect(next).toHaveLength(1);
    expect(new Date(next[0]?.run_at as Date).getTime()).toBeGreaterThan(Date.now());
  });
});

describe('webhook failures', () => {
  it('retries a refused delivery and refuses private addresses outside the allow-list', async () => {
    const { rule: created } = await rule({
      name: 'Webhook',
      trigger: 'delivery_note.issued',
      actions: [{ type: 'webhook', url: hookUrl }],
    });
    const blocked = await rule({
      name: 'Blokiran',
      trigger: 'delivery_note.issued',
      actions: [{ type: 'webhook', url: 'http://10.1.2.3/hook' }],
    });
    await api.ok('POST', '/api/inventory/receipts', {
      location_id: shop.finished.id,
      lines: [{ item_id: shop.spacer.id, quantity: '5', unit_cost: '1' }],
    });
    const dn = await api.ok('POST', '/api/delivery-notes', {
      client_id: shop.client.id,
      source_location_id: shop.finished.id,
      lines: [{ item_id: shop.spacer.id, quantity: '1' }],
    });
    failNext = 1;
    const before = received.length;
    await api.ok('POST', `/api/delivery-notes/${dn.document.id}/issue`);
    await run();
    expect(received.length).toBe(before + 2);
    // Both deliveries carry the same delivery id, so a receiver can drop a repeat.
    expect(received.at(-1)?.headers['x-erp-delivery']).toBe(received.at(-2)?.headers['x-erp-delivery']);
    const runs = await api.ok('GET', `/api/automation/rules/${created.id}/runs`);
    expect(runs.items[0]).toMatchObject({ status: 'done', attempts: 2 });
    const refused = await api.ok('GET', `/api/automation/rules/${blocked.rule.id}/runs`);
    expect(refused.items[0].status).toBe('failed');
    expect(refused.items[0].error).toMatch(/private address 10\.1\.2\.3/);
    // A refused address is final: one attempt, not the job's five (issue 22).
    expect(refused.items[0].attempts).toBe(1);
  });
});

describe('access', () => {
  it('keeps rules and notifications inside the company', async () => {
    const other = await signUp(t.app);
    const rules = await t.app.inject({
      method: 'GET',
      url: '/api/automation/rules',
      headers: { cookie: other.cookie },
    });
    expect(rules.json()).toEqual([]);
    const n = await t.app.inject({
      method: 'GET',
      url: '/api/notifications',
      headers: { cookie: other.cookie },
    });
    expect(n.json().unread).toBe(0);
    const count = await withCompany(t.deps.db, { userId: other.id, companyId: other.id }, async (tx) =>
      rowsOf<{ n: string }>(await tx.execute(sql`select count(*) as n from outbox_events`)),
    );
    expect(Number(count[0]?.n)).toBe(0);
  });

  it('rejects a rule whose action does not fit its trigger', async () => {
    const r = await api.call('POST', '/api/automation/rules', {
      name: 'Krivo',
      trigger: 'invoice.overdue',
      actions: [{ type: 'create_purchase_order' }],
    });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('VALIDATION');
  });
});
