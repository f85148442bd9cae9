import { businessDay } from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { rowsOf } from '../db/database.ts';
import { withCompany } from '../db/tenant.ts';
import { documentsClient, type Json } from '../modules/documents/test-helpers.ts';
import { signUp, type TestApp } from '../test/harness.ts';
import { flowShop, type OrderPlan, prng, quoteLines, type RunPlan } from './flow-shop.ts';
import * as inv from './invariants.ts';

// One random flow of the cross-area property test (order-flow.property.test.ts) through the real
// HTTP app: a fresh company, its orders from quote to completion, their delivery notes, invoices,
// payments and credit notes, with the invariants of invariants.ts checked after every step.

type OrderState = {
  plan: OrderPlan;
  quote: Json;
  wo?: Json;
  status: 'rejected' | 'cancelled' | 'completed';
};

/** One run: a company, its API client, the checks run after every step, and the trace of steps. */
async function newRun(t: TestApp) {
  const user = await signUp(t.app);
  const api = documentsClient(t.app, user);
  const db: inv.Query = <T>(q: SQL) =>
    withCompany(t.deps.db, { userId: user.id, companyId: user.id }, async (tx) =>
      rowsOf<T>(await tx.execute(q)),
    );
  const shop = await flowShop(api);
  const trace: string[] = [];
  // Items whose stock only ever moved by whole pieces (no completion backflushed them in m²/m).
  const exact = new Set<string>([shop.sheet.id, shop.bar.id]);
  const readItem = (id: string) => api.ok('GET', `/api/inventory/items/${id}`);
  const fail = (step: string, problems: string[]) => {
    if (problems.length === 0) return;
    throw new Error(
      `after step "${step}":\n  - ${problems.join('\n  - ')}\nsteps so far:\n  ${trace.slice(-12).join('\n  ')}`,
    );
  };
  /** The invariants that hold after every step. */
  const step = async (name: string, extra: () => Promise<string[]> = async () => []) => {
    trace.push(name);
    fail(name, [
      ...(await inv.stockEqualsLedger(db)),
      ...(await inv.pieceView(db, readItem, exact)),
      ...(await inv.remnantsOnce(db)),
      ...(await inv.closedOrdersHoldNothing(db)),
      ...(await inv.paymentsAddUp(db)),
      ...(await inv.billedAtMostOrdered(db)),
      ...(await extra()),
    ]);
  };
  return { user, api, db, shop, exact, step, fail, trace };
}

type Run = Awaited<ReturnType<typeof newRun>>;

/** A cutting list of one material of the order: all its stock offered, optimised on the server, confirmed. */
async function confirmedList(run: Run, woId: string, material: Json, kind: '1d' | '2d') {
  const { api, step } = run;
  const job = await api.ok('POST', `/api/cutting/jobs/from-work-order/${woId}`, { material_id: material.id });
  // As the web picker asks: for this list, so its order's own reservation of the material is free.
  const rows = (await api.ok('GET', `/api/cutting/stock?kind=${kind}&job_id=${job.id}`)) as Json[];
  const stock = rows
    .filter((s) => s.item_id === material.id && s.quantity > 0)
    .map((s) => ({
      ref: `${s.sku}/${s.lot_number ?? ''}@${s.location_code}`,
      item_id: s.item_id,
      lot_id: s.lot_id,
      location_id: s.location_id,
      ...(kind === '1d' ? { length: s.length } : { width: s.length, height: s.width }),
      quantity: s.quantity,
      remnant: s.remnant,
    }));
  await api.ok('PUT', `/api/cutting/jobs/${job.id}/stock`, { stock });
  await api.ok('POST', `/api/cutting/jobs/${job.id}/optimise`, {});
  await step(`KL-${job.number} (${material.sku}) optimised on the server`);
  await api.ok('POST', `/api/cutting/jobs/${job.id}/confirm`);
  await step(`KL-${job.number} confirmed`);
  return job as Json;
}

async function completeList(run: Run, job: Json) {
  await run.api.ok('POST', `/api/cutting/jobs/${job.id}/complete`, {}, { 'idempotency-key': `kl-${job.id}` });
  const done = await run.api.ok('GET', `/api/cutting/jobs/${job.id}`);
  await run.step(`KL-${job.number} completed (${done.remnants.length} remnants)`, () =>
    inv.cuttingListLedger(run.db, done),
  );
}

/** Quote → (reject | accept → convert → plan → cutting → cancel | operations → completion). */
async function runOrder(run: Run, o: OrderPlan, n: number): Promise<OrderState> {
  const { api, shop, step } = run;
  const created = await api.ok('POST', '/api/documents/quotes', {
    client_id: shop.client.id,
    lines: quoteLines(shop, o),
  });
  const quote = created.document as Json;
  await api.ok('POST', `/api/documents/quotes/${quote.id}/send`);
  if (o.fate === 'reject') {
    await api.ok('POST', `/api/documents/quotes/${quote.id}/reject`);
    await step(`order ${n}: quote ${quote.number} rejected`);
    return { plan: o, quote, status: 'rejected' };
  }
  await api.ok('POST', `/api/documents/quotes/${quote.id}/accept`);
  const converted = await api.ok('POST', `/api/documents/quotes/${quote.id}/convert`);
  const woId = converted.document.id as string;
  // Converted with the company's default locations: planned at once, without saving it again.
  await api.ok('POST', `/api/documents/work-orders/${woId}/plan`);
  await step(`order ${n}: quote ${quote.number} accepted, converted and planned`);
  if (o.fate === 'cancel') {
    await api.ok('POST', `/api/documents/work-orders/${woId}/cancel`);
    await step(`order ${n}: planned order cancelled`);
    return { plan: o, quote, status: 'cancelled' };
  }

  const cutGlass = o.cutGlass || o.fate === 'cancelWithList';
  const cutBars = o.cutBars && o.windows.length > 0;
  const lists: Json[] = [];
  if (cutGlass) lists.push(await confirmedList(run, woId, shop.sheet, '2d'));
  if (cutBars) lists.push(await confirmedList(run, woId, shop.bar, '1d'));
  if (o.fate === 'cancelWithList') {
    const cancel = await api.call('POST', `/api/documents/work-orders/${woId}/cancel`);
    if (cancel.status < 300) {
      await step(`order ${n}: order cancelled with ${lists.length} confirmed cutting list(s)`);
      return { plan: o, quote, status: 'cancelled' };
    }
    // Refused while a list is confirmed, naming it; the order stays as it was.
    expect(cancel.status).toBe(409);
    expect(cancel.body.error.details[0].key).toBe('validation.cuttingListOpen');
    expect((await api.ok('GET', `/api/documents/${woId}`)).document.status).toBe('planned');
    await step(`order ${n}: cancel refused while a cutting list is confirmed`);
    if (o.cutFirst) {
      // The sheets were cut: the lists are completed, then the order is cancelled after all.
      for (const job of lists) await completeList(run, job);
      await api.ok('POST', `/api/documents/work-orders/${woId}/cancel`);
      await step(`order ${n}: order cancelled after its cutting lists were completed`);
      return { plan: o, quote, status: 'cancelled' };
    }
  }
  if (o.cutFirst) for (const job of lists) await completeList(run, job);

  const started = await api.ok('POST', `/api/documents/work-orders/${woId}/start`);
  (started.operations as Json[]).forEach((op, i) => {
    op.minutes = o.minutes[i % o.minutes.length];
  });
  for (const op of started.operations as Json[]) {
    const base = `/api/documents/work-orders/${woId}/operations/${op.id}`;
    await api.ok('POST', `${base}/start`);
    if (op.minutes > 0) await api.ok('POST', `${base}/time`, { minutes: String(op.minutes) });
    await api.ok('POST', `${base}/finish`);
  }
  await step(`order ${n}: ${started.operations.length} operations done`);

  if (!o.cutFirst && lists.length > 0) {
    // A confirmed list holds sheets it will issue: completion waits for it and changes nothing.
    const early = await api.call('POST', `/api/documents/work-orders/${woId}/complete`, {});
    expect(early.status).toBe(409);
    expect((await api.ok('GET', `/api/documents/${woId}`)).document.status).toBe('in_progress');
    await step(`order ${n}: completion refused while a list is open`);
    for (const job of lists) await completeList(run, job);
  }
  // Materials no list covers are backflushed in m²/m: their pieces need not stay whole.
  if (!cutGlass) run.exact.delete(shop.sheet.id);
  if (o.windows.length > 0 && !cutBars) run.exact.delete(shop.bar.id);

  const done = await api.ok(
    'POST',
    `/api/documents/work-orders/${woId}/complete`,
    {},
    { 'idempotency-key': `complete-${woId}` },
  );
  expect(done.document.status).toBe('completed');
  await step(`order ${n}: ${done.document.number} completed`, async () => [
    ...(await inv.consumedOnce(run.db, woId)),
    ...(await inv.lotCosts(run.db, woId)),
  ]);
  return { plan: o, quote, wo: done, status: 'completed' };
}

const progressOf = async (run: Run, woId: string) =>
  (await run.api.ok('GET', `/api/documents/work-orders/${woId}/progress`)).lines as Json[];

/** Partial delivery notes of a completed order: each line split at random over 1–3 notes; one may be cancelled. */
async function deliver(run: Run, order: OrderState, rnd: ReturnType<typeof prng>, n: number) {
  const { api, shop, step } = run;
  const wo = order.wo as Json;
  const woId = wo.document.id as string;
  const notes = rnd.int(1, 3);
  const parts = (wo.lines as Json[]).map((l) => {
    const q = Number(l.quantity);
    const cuts = Array.from({ length: notes - 1 }, () => rnd.int(0, q)).sort((a, b) => a - b);
    const bounds = [0, ...cuts, q];
    return bounds.slice(1).map((b, i) => b - (bounds[i] as number));
  });
  const issued: Json[] = [];
  for (let i = 0; i < notes; i++) {
    const lines = (wo.lines as Json[])
      .map((l, j) => ({ source_line_id: l.id, quantity: String(parts[j]?.[i] ?? 0) }))
      .filter((l) => l.quantity !== '0');
    if (lines.length === 0) continue;
    const note = await api.ok('POST', '/api/delivery-notes', {
      client_id: shop.client.id,
      source_location_id: shop.finished.id,
      work_order_id: woId,
      lines,
    });
    await step(`order ${n}: draft delivery note ${note.document.number}`);
    if (rnd.next() < 0.15) {
      // A draft dropped: its hold on the goods is released, its lines go on the last note.
      await api.ok('POST', `/api/delivery-notes/${note.document.id}/cancel`);
      await step(`order ${n}: draft delivery note ${note.document.number} cancelled`, async () => {
        const held = await run.db<{ n: number }>(
          sql`select count(*)::int as n from reservations where source_id = ${note.document.id} and status = 'active'`,
        );
        return held[0]?.n ? [`the cancelled draft still holds ${held[0].n} reservation(s)`] : [];
      });
      continue;
    }
    await api.ok('POST', `/api/delivery-notes/${note.document.id}/issue`);
    await step(`order ${n}: delivery note ${note.document.number} issued`);
    issued.push(note.document);
  }
  if (issued.length > 0 && rnd.next() < 0.3) {
    const note = issued.splice(rnd.int(0, issued.length - 1), 1)[0] as Json;
    await api.ok('POST', `/api/delivery-notes/${note.id}/cancel`);
    await step(`order ${n}: delivery note ${note.number} cancelled`);
  }
  // What is left (a cancelled note's lines) goes on one more note: no lines = everything left.
  if ((await progressOf(run, woId)).some((l) => Number(l.to_deliver) > 0)) {
    const rest = await api.ok('POST', '/api/delivery-notes', {
      client_id: shop.client.id,
      source_location_id: shop.finished.id,
      work_order_id: woId,
    });
    await api.ok('POST', `/api/delivery-notes/${rest.document.id}/issue`);
    await step(`order ${n}: the rest delivered on ${rest.document.number}`);
    issued.push(rest.document);
  }
  return issued;
}

async function issueInvoice(run: Run, body: Json, label: string) {
  const draft = await run.api.ok('POST', '/api/invoices', { client_id: run.shop.client.id, ...body });
  await run.step(`draft invoice ${label}`);
  const issued = await run.api.ok('POST', `/api/invoices/${draft.document.id}/issue`);
  await run.step(`invoice ${issued.document.number} issued (${label})`);
  return issued.document as Json;
}

/** Bills every completed order whose lines have something left to invoice, from the order itself. */
async function billRest(run: Run, orders: OrderState[], invoices: Json[]) {
  const open: string[] = [];
  for (const o of orders) {
    const woId = o.wo?.document.id as string;
    if ((await progressOf(run, woId)).some((l) => Number(l.to_invoice) > 0)) open.push(woId);
  }
  if (open.length > 0)
    invoices.push(await issueInvoice(run, { work_order_ids: open }, 'the rest of the orders'));
}

/** Runs one drawn plan; throws naming the step and the broken invariants. */
export async function runFlow(t: TestApp, plan: RunPlan) {
  const run = await newRun(t);
  const { api, step } = run;
  const rnd = prng(plan.seed);
  await step('shop set up and stock received');

  const orders: OrderState[] = [];
  for (const [i, o] of plan.orders.entries()) orders.push(await runOrder(run, o, i + 1));
  const made = orders.filter((o) => o.status === 'completed');

  const notes: Json[] = [];
  for (const [i, o] of made.entries()) notes.push(...(await deliver(run, o, rnd, i + 1)));

  // Invoices: all notes together, one per note, or some notes and then the orders' rest.
  const invoices: Json[] = [];
  const billedNotes: Json[] = [];
  const mode = rnd.pick(['together', 'each', 'some'] as const);
  if (notes.length > 0) {
    const some = mode === 'some' ? notes.filter(() => rnd.next() < 0.5) : notes;
    billedNotes.push(...some);
    if (mode === 'each')
      for (const d of notes) invoices.push(await issueInvoice(run, { delivery_note_ids: [d.id] }, d.number));
    else if (some.length > 0)
      invoices.push(await issueInvoice(run, { delivery_note_ids: some.map((d) => d.id) }, `${mode} notes`));
  }
  await billRest(run, made, invoices);
  if (billedNotes.length > 0) {
    // An invoiced note is not cancelled: refused, nothing changes.
    const r = await api.call('POST', `/api/delivery-notes/${rnd.pick(billedNotes).id}/cancel`);
    expect(r.status).toBe(409);
    await step('cancelling an invoiced note refused');
  }

  // Payments: none, part or all of what each invoice still owes.
  const today = businessDay();
  const pay = async (invoice: Json) => {
    const d = (await api.ok('GET', `/api/documents/${invoice.id}`)).document as Json;
    const owed = Math.round(
      (Number(d.total) - Number(d.credited_total ?? 0) - Number(d.paid_total ?? 0)) * 100,
    );
    const cents = rnd.pick([0, owed, Math.floor(owed / 3)]);
    if (cents <= 0) return;
    await api.ok('POST', `/api/invoices/${invoice.id}/payments`, {
      paid_on: today,
      amount: (cents / 100).toFixed(2),
    });
    await step(`payment of ${(cents / 100).toFixed(2)} on ${invoice.number}`);
  };
  for (const invoice of invoices) await pay(invoice);

  // Credit notes: part of a line, or a whole invoice; what was credited is billed again.
  for (let k = rnd.int(0, 2); k > 0 && invoices.length > 0; k--) {
    const invoice = rnd.pick(invoices);
    const detail = await api.ok('GET', `/api/documents/${invoice.id}`);
    if (rnd.next() < 0.3) {
      const r = await api.call('POST', `/api/invoices/${invoice.id}/credit-notes`, {});
      if (r.status === 409) continue; // credited in full already
      expect(r.status).toBeLessThan(300);
      await step(`whole invoice ${invoice.number} credited (${r.body.document.net_total})`);
    } else {
      const line = rnd.pick((detail.lines as Json[]).filter((l) => l.item_id));
      if (!line) continue;
      const r = await api.call('POST', `/api/invoices/${invoice.id}/credit-notes`, {
        lines: [
          {
            source_line_id: line.id,
            item_id: line.item_id,
            quantity: String(rnd.int(1, Math.max(1, Math.floor(Number(line.quantity))))),
            unit: line.unit,
            unit_price: line.unit_price,
            discount_pct: line.discount_pct,
            vat_rate: line.vat_rate,
          },
        ],
      });
      if (r.status === 400 && r.body.error?.details?.[0]?.key === 'validation.overCredit') continue;
      expect(r.status, JSON.stringify(r.body)).toBeLessThan(300);
      await step(`${line.sku} × ${r.body.lines[0].quantity} of ${invoice.number} credited`);
    }
  }
  await billRest(run, made, invoices);
  for (const invoice of invoices.slice(-1)) await pay(invoice);

  // Everything delivered and invoiced: each accepted quote's net = invoiced − credited, per order and
  // in total; every line delivered and invoiced in full; nothing reserved any more.
  await step('all orders delivered and invoiced', async () => {
    const out: string[] = [];
    for (const o of made) {
      out.push(...(await inv.orderBilledAsQuoted(run.db, o.quote.id, o.wo?.document.id)));
      for (const l of await progressOf(run, o.wo?.document.id))
        if (l.delivered !== l.ordered || l.invoiced !== l.ordered)
          out.push(
            `${o.wo?.document.number} ${l.sku ?? l.description}: ordered ${l.ordered}, delivered ${l.delivered}, invoiced ${l.invoiced}`,
          );
    }
    out.push(
      ...(await inv.companyBilledAsQuoted(
        run.db,
        made.map((o) => o.quote.id),
      )),
    );
    const open = await run.db<{ source_type: string; quantity: string }>(
      sql`select source_type, quantity::text as quantity from reservations where status = 'active'`,
    );
    out.push(...open.map((r) => `an active ${r.source_type} reservation of ${r.quantity} is left`));
    return out;
  });
  if (process.env.FLOW_VERBOSE) console.log(`run ${plan.seed}:\n  ${run.trace.join('\n  ')}`);
}
