import {
  AppError,
  type AutomationAction,
  deliveryNoteInputSchema,
  evaluateConditions,
  fillTemplate,
} from '@erp/domain';
import Decimal from 'decimal.js';
import { notifyCompany } from '../../db/company-events.ts';
import type { Tx } from '../../db/database.ts';
import type { CompanyContext } from '../../db/tenant.ts';
import {
  enqueueJob,
  type Job,
  type JobContext,
  PermanentJobError,
  registerJobHandler,
} from '../../jobs/jobs.ts';
import * as deliveryNotes from '../documents/delivery-notes.service.ts';
import * as documents from '../documents/documents.service.ts';
import { convertQuote } from '../documents/quotes.service.ts';
import { createFromLowStock, createOrder } from '../purchasing/purchasing.service.ts';
import { activeMemberIds } from '../team/team.service.ts';
import * as repo from './automation.repo.ts';
import * as runsRepo from './automation-runs.repo.ts';
import { DISPATCH_JOB, emitEvent } from './emit.ts';
import { sendWebhook } from './webhook.ts';

export const RUN_JOB = 'automation.run';
export const OVERDUE_JOB = 'automation.overdue-check';

/**
 * Test hook for the crash test: `AUTOMATION_CRASH_AT=before-commit|after-commit` kills the process
 * inside the actions' transaction or right after it commits.
 */
function crashPoint(at: string) {
  if (process.env.AUTOMATION_CRASH_AT === at) process.kill(process.pid, 'SIGKILL');
}

// Dispatch: one outbox event → one run (and one job) per enabled rule of its trigger. The unique
// (rule_id, event_id) makes a repeated dispatch (a retried job) add nothing.
registerJobHandler(DISPATCH_JOB, async (job, ctx) =>
  ctx.withCompany(async (tx) => {
    const eventId = String(job.payload.eventId ?? '');
    const event = await runsRepo.lockEvent(tx, eventId);
    if (!event) throw new PermanentJobError('event not found');
    const rules = await runsRepo.enabledRules(tx, event.type);
    const queued: string[] = [];
    for (const rule of rules) {
      const matches = evaluateConditions(rule.conditions, event.data);
      const runId = await runsRepo.insertRun(
        tx,
        ctx.companyId,
        rule.id,
        event.id,
        matches ? 'queued' : 'skipped',
      );
      if (!runId || !matches) continue;
      const runJob = await enqueueJob(tx, {
        companyId: ctx.companyId,
        kind: RUN_JOB,
        payload: { runId },
        // Actions act for the rule's author (their name goes into the audit trail).
        userId: rule.created_by ?? ctx.companyId,
      });
      await runsRepo.setRunJob(tx, runId, runJob.id);
      queued.push(runId);
    }
    await runsRepo.markDispatched(tx, event.id);
    return { runs: queued.length };
  }),
);

type RunState = {
  run: runsRepo.RunStateRow;
  rule: repo.RuleRow & { webhook_secret: string };
  event: repo.EventRow;
};

async function loadRun(tx: Tx, runId: string, lock: boolean): Promise<RunState> {
  const run = await runsRepo.getRun(tx, runId, lock);
  if (!run) throw new PermanentJobError('run not found');
  const rule = await repo.getRule(tx, run.rule_id);
  const event = await repo.getEvent(tx, run.event_id);
  if (!rule || !event) throw new PermanentJobError('rule or event gone');
  return { run, rule, event };
}

/** Internal actions: the same service functions the routes call, in the run's transaction. */
async function internalAction(
  tx: Tx,
  ctx: CompanyContext,
  action: AutomationAction,
  state: RunState,
  runId: string,
): Promise<Omit<repo.ActionResult, 'index' | 'type'>> {
  const { event, rule } = state;
  switch (action.type) {
    case 'create_work_order': {
      if (!event.entity_id) return { status: 'skipped', detail: 'no quote' };
      const wo = await convertQuote(tx, ctx, event.entity_id);
      return { status: 'done', entityType: 'work_order', entityId: wo.document.id };
    }
    case 'create_purchase_order': {
      if (!event.entity_id) return { status: 'skipped', detail: 'no item' };
      const { orders, skipped, on_draft } = await createFromLowStock(tx, ctx, [event.entity_id]);
      if (orders[0]) return { status: 'done', entityType: 'purchase_order', entityId: orders[0] };
      // Already on a draft order: that draft is the answer, not a second order.
      if (on_draft[0])
        return {
          status: 'done',
          entityType: 'purchase_order',
          entityId: on_draft[0].order_id,
          detail: 'already on a draft order',
        };
      if (skipped.length === 0) return { status: 'skipped', detail: 'not below the reorder point any more' };
      const fallback = await lastSupplierOrder(tx, ctx, event.entity_id);
      if (fallback) return { status: 'done', entityType: 'purchase_order', entityId: fallback };
      return { status: 'skipped', detail: 'no default or previous supplier' };
    }
    case 'create_delivery_note': {
      if (!event.entity_id) return { status: 'skipped', detail: 'no work order' };
      const header = (await documents.detail(tx, event.entity_id)).document;
      const location = header.output_location_id ?? header.source_location_id;
      if (!header.client_id || !location)
        return { status: 'skipped', detail: 'work order without client or location' };
      const input = deliveryNoteInputSchema.parse({
        client_id: header.client_id,
        source_location_id: location,
        work_order_id: event.entity_id,
      });
      const note = await deliveryNotes.create(tx, ctx, input);
      return { status: 'done', entityType: 'delivery_note', entityId: note.document.id };
    }
    case 'notify': {
      const members = await activeMemberIds(tx);
      const data = { ...event.data, rule: rule.name };
      for (const m of members)
        await runsRepo.insertNotification(tx, ctx.companyId, {
          userId: m,
          title: fillTemplate(action.title, data).slice(0, 200),
          body: fillTemplate(action.body, data).slice(0, 1000),
          link: linkOf(event),
          runId,
        });
      await notifyCompany(tx, ctx.companyId, 'notifications', members);
      return { status: 'done', detail: String(members.length) };
    }
    case 'webhook':
      throw new Error('webhooks are not internal');
  }
}

/**
 * An item without a default supplier is ordered from the supplier of its latest purchase order,
 * for its reorder quantity at that order's price (purchasing's createOrder, as the route uses).
 */
async function lastSupplierOrder(tx: Tx, ctx: CompanyContext, itemId: string): Promise<string | null> {
  const last = await runsRepo.lastPurchase(tx, itemId);
  if (!last?.reorder_qty || !new Decimal(last.reorder_qty).gt(0)) return null;
  return createOrder(
    tx,
    ctx,
    {
      supplier_id: last.supplier_id,
      expected_on: null,
      note: null,
      lines: [
        {
          item_id: itemId,
          description: null,
          quantity: new Decimal(last.reorder_qty).toFixed(),
          unit: null,
          unit_price: new Decimal(last.unit_price).toFixed(),
          vat_rate: new Decimal(last.vat_rate).toFixed(),
        },
      ],
    },
    'low_stock',
  );
}

/** Where the event's record opens in the web app. */
export function linkOf(event: Pick<repo.EventRow, 'type' | 'entity_id'>): string | null {
  if (!event.entity_id) return null;
  switch (event.type) {
    case 'quote.accepted':
      return `/documents/quotes/${event.entity_id}/edit`;
    case 'work_order.completed':
      return `/documents/work-orders/${event.entity_id}/edit`;
    case 'delivery_note.issued':
      return `/delivery-notes/${event.entity_id}`;
    case 'invoice.overdue':
      return `/documents/invoices/${event.entity_id}`;
    case 'stock.below_reorder_point':
      return `/inventory/items/${event.entity_id}`;
  }
}

async function recordFailure(ctx: JobContext, job: Job, runId: string, error: unknown) {
  const message = error instanceof AppError ? `${error.code}: ${error.message}` : (error as Error).message;
  const final =
    error instanceof PermanentJobError || error instanceof AppError || job.attempts >= job.maxAttempts;
  await ctx.withCompany((tx) =>
    runsRepo.recordRunFailure(tx, runId, final, String(message).slice(0, 2000), job.attempts),
  );
}

/**
 * One rule's actions for one event. The internal actions and the run's "done" mark commit in one
 * transaction, so a crash before the commit redoes them and a crash after it finds them done: each
 * happens once. Webhooks go out after that commit, each marked done when answered 2xx (a crash
 * between the answer and the mark sends it again: at-least-once, deduplicated by the delivery id).
 */
registerJobHandler(RUN_JOB, async (job, ctx) => {
  const runId = String(job.payload.runId ?? '');
  try {
    const state = await ctx.withCompany(async (tx, cctx) => {
      const s = await loadRun(tx, runId, true);
      if (s.run.status === 'done' || s.run.status === 'skipped') return s;
      const results = [...s.run.result];
      const done = new Set(results.map((r) => r.index));
      for (const [index, action] of s.rule.actions.entries()) {
        if (action.type === 'webhook' || done.has(index)) continue;
        try {
          // A savepoint: a refused action (quote no longer accepted, ...) is undone alone and logged.
          const outcome = await tx.transaction((sp) => internalAction(sp, cctx, action, s, runId));
          results.push({ index, type: action.type, ...outcome });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          results.push({
            index,
            type: action.type,
            status: 'failed',
            detail: `${error.code}: ${error.message}`,
          });
        }
      }
      crashPoint('before-commit');
      const webhooksLeft = s.rule.actions.some((a, i) => a.type === 'webhook' && !done.has(i));
      const failed = results.some((r) => r.status === 'failed');
      await runsRepo.saveRunResults(
        tx,
        runId,
        results,
        webhooksLeft ? 'running' : failed ? 'failed' : 'done',
        job.attempts,
        failed ? 'one or more actions failed' : null,
      );
      s.run.result = results;
      s.run.status = webhooksLeft ? 'running' : 'done';
      return s;
    });
    crashPoint('after-commit');
    if (state.run.status !== 'running') return { runId, status: state.run.status };
    for (const [index, action] of state.rule.actions.entries()) {
      if (action.type !== 'webhook' || state.run.result.some((r) => r.index === index)) continue;
      const response = await sendWebhook({
        url: action.url,
        secret: state.rule.webhook_secret,
        event: state.event.type,
        deliveryId: `${runId}:${index}`,
        payload: {
          id: state.event.id,
          type: state.event.type,
          entityId: state.event.entity_id,
          occurredAt: new Date(state.event.created_at).toISOString(),
          rule: { id: state.rule.id, name: state.rule.name },
          data: state.event.data,
        },
      });
      await ctx.withCompany(async (tx) => {
        const entry: repo.ActionResult = {
          index,
          type: 'webhook',
          status: 'done',
          detail: String(response.status),
        };
        await runsRepo.appendRunResult(tx, runId, entry);
      });
      state.run.result.push({ index, type: 'webhook', status: 'done' });
    }
    const failed = state.run.result.some((r) => r.status === 'failed');
    await ctx.withCompany((tx) =>
      runsRepo.finishRun(
        tx,
        runId,
        failed ? 'failed' : 'done',
        job.attempts,
        failed ? 'one or more actions failed' : null,
      ),
    );
    return { runId, status: failed ? 'failed' : 'done' };
  } catch (error) {
    await recordFailure(ctx, job, runId, error).catch(() => {});
    throw error;
  }
});

/** Zagreb's date and the next 06:00 there (the daily check's time). */
async function todayAndNextRun(tx: Tx): Promise<{ today: string; next: Date; nextDate: string }> {
  const row = await runsRepo.zagrebDays(tx);
  if (!row) throw new Error('no date');
  return { today: row.today, next: new Date(row.next), nextDate: row.next_date };
}

/** Starts the daily chain for the company (idempotent per day). */
export async function scheduleOverdueCheck(tx: Tx, companyId: string, userId?: string): Promise<void> {
  const { today } = await todayAndNextRun(tx);
  await enqueueJob(tx, { companyId, kind: OVERDUE_JOB, dedupeKey: `${OVERDUE_JOB}:${today}`, userId });
}

// The daily check: each issued invoice past its due date with money owed raises `invoice.overdue`
// once (per due date). The job then books tomorrow's run, while an enabled rule still listens.
registerJobHandler(OVERDUE_JOB, async (_job, ctx) =>
  ctx.withCompany(async (tx) => {
    const { today, next, nextDate } = await todayAndNextRun(tx);
    const invoices = await runsRepo.overdueInvoices(tx, today);
    let emitted = 0;
    for (const inv of invoices) {
      const e = await emitEvent(tx, {
        companyId: ctx.companyId,
        type: 'invoice.overdue',
        entityId: inv.id,
        dedupeKey: `invoice.overdue:${inv.id}:${inv.due_date}`,
        data: {
          number: inv.number,
          clientId: inv.client_id,
          clientName: inv.client_name,
          total: inv.total,
          owed: inv.owed,
          dueDate: inv.due_date,
          daysOverdue: Number(inv.days),
        },
      });
      if (e) emitted++;
    }
    if ((await runsRepo.overdueListeners(tx)) > 0)
      await enqueueJob(tx, {
        companyId: ctx.companyId,
        kind: OVERDUE_JOB,
        runAt: next,
        dedupeKey: `${OVERDUE_JOB}:${nextDate}`,
      });
    return { emitted };
  }),
);
