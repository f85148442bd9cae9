import type { ActionResult } from '@erp/domain';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { one, rows } from '../../db/sql.ts';
import type { EventRow, RuleRow } from './automation.repo.ts';

// Data access of the automation jobs (actions.ts): dispatching an outbox event to its rules' runs,
// the runs' state, the notifications an action writes, and the reads of the daily overdue check.

// Dispatch ----------------------------------------------------------------------------------------

/** An outbox event, locked (a retried dispatch waits for the first). */
export async function lockEvent(
  tx: Tx,
  id: string,
): Promise<(EventRow & { dispatched_at: string | null }) | undefined> {
  return one<EventRow & { dispatched_at: string | null }>(
    tx,
    sql`select id, type, entity_id, data, created_by, created_at, dispatched_at from outbox_events
        where id = ${id} for update`,
  );
}

/** The enabled rules of a trigger, oldest first. */
export async function enabledRules(tx: Tx, trigger: string): Promise<RuleRow[]> {
  return rows<RuleRow>(
    tx,
    sql`select id, name, trigger, conditions, actions, enabled, created_by from automation_rules
        where trigger = ${trigger} and enabled order by created_at, id`,
  );
}

/** A rule's run for an event, unless there is one already: its id, or undefined. */
export async function insertRun(
  tx: Tx,
  companyId: string,
  ruleId: string,
  eventId: string,
  status: 'queued' | 'skipped',
): Promise<string | undefined> {
  const run = await one<{ id: string }>(
    tx,
    sql`insert into automation_runs (company_id, rule_id, event_id, status)
          values (${companyId}, ${ruleId}, ${eventId}, ${status})
          on conflict (rule_id, event_id) do nothing returning id`,
  );
  return run?.id;
}

export async function setRunJob(tx: Tx, runId: string, jobId: string): Promise<void> {
  await tx.execute(sql`update automation_runs set job_id = ${jobId} where id = ${runId}`);
}

export async function markDispatched(tx: Tx, eventId: string): Promise<void> {
  await tx.execute(sql`update outbox_events set dispatched_at = now() where id = ${eventId}`);
}

// Runs --------------------------------------------------------------------------------------------

export type RunStateRow = {
  id: string;
  status: string;
  result: ActionResult[];
  rule_id: string;
  event_id: string;
};

export async function getRun(tx: Tx, runId: string, lock: boolean): Promise<RunStateRow | undefined> {
  return one<RunStateRow>(
    tx,
    sql`select id, status, result, rule_id, event_id from automation_runs where id = ${runId} ${lock ? sql`for update` : sql``}`,
  );
}

/** A failed attempt: failed for good, or queued again; a run already done stays done. */
export async function recordRunFailure(
  tx: Tx,
  runId: string,
  final: boolean,
  error: string,
  attempts: number,
): Promise<void> {
  await tx.execute(sql`update automation_runs set status = ${final ? 'failed' : 'queued'}, error = ${error},
      attempts = ${attempts}, updated_at = now() where id = ${runId} and status <> 'done'`);
}

/** The internal actions' results and the run's state after them. */
export async function saveRunResults(
  tx: Tx,
  runId: string,
  results: readonly ActionResult[],
  status: 'running' | 'failed' | 'done',
  attempts: number,
  error: string | null,
): Promise<void> {
  await tx.execute(sql`update automation_runs set result = ${JSON.stringify(results)}::jsonb,
        status = ${status}, attempts = ${attempts},
        error = ${error}, updated_at = now() where id = ${runId}`);
}

export async function appendRunResult(tx: Tx, runId: string, entry: ActionResult): Promise<void> {
  await tx.execute(sql`update automation_runs set result = result || ${JSON.stringify([entry])}::jsonb,
          updated_at = now() where id = ${runId}`);
}

export async function finishRun(
  tx: Tx,
  runId: string,
  status: 'failed' | 'done',
  attempts: number,
  error: string | null,
): Promise<void> {
  await tx.execute(sql`update automation_runs set status = ${status}, attempts = ${attempts},
        error = ${error}, updated_at = now() where id = ${runId}`);
}

/** A notification of a run for one member (once per run and member). */
export async function insertNotification(
  tx: Tx,
  companyId: string,
  n: { userId: string; title: string; body: string; link: string | null; runId: string },
): Promise<void> {
  await tx.execute(sql`insert into notifications (company_id, user_id, title, body, link, run_id)
          values (${companyId}, ${n.userId}, ${n.title},
            ${n.body}, ${n.link}, ${n.runId})
          on conflict (run_id, user_id) where run_id is not null do nothing`);
}

// Reads of the actions and the daily check ----------------------------------------------------------

export type LastPurchaseRow = {
  supplier_id: string;
  unit_price: string;
  vat_rate: string;
  reorder_qty: string | null;
};

/** The item's latest purchase order line (not cancelled), with the item's reorder quantity. */
export async function lastPurchase(tx: Tx, itemId: string): Promise<LastPurchaseRow | undefined> {
  return one<LastPurchaseRow>(
    tx,
    sql`select po.supplier_id, l.unit_price::text as unit_price, l.vat_rate::text as vat_rate,
        i.reorder_qty::text as reorder_qty
      from purchase_order_lines l join purchase_orders po on po.id = l.order_id join items i on i.id = l.item_id
      where l.item_id = ${itemId} and po.status <> 'cancelled'
      order by po.created_at desc, l.line_no limit 1`,
  );
}

/** Zagreb's date, the next 06:00 there and tomorrow's date. */
export async function zagrebDays(
  tx: Tx,
): Promise<{ today: string; next: string; next_date: string } | undefined> {
  return one<{ today: string; next: string; next_date: string }>(
    tx,
    sql`select to_char(now() at time zone 'Europe/Zagreb', 'YYYY-MM-DD') as today,
      ((date_trunc('day', now() at time zone 'Europe/Zagreb') + interval '1 day 6 hours') at time zone 'Europe/Zagreb') as next,
      to_char(now() at time zone 'Europe/Zagreb' + interval '1 day', 'YYYY-MM-DD') as next_date`,
  );
}

export type OverdueInvoiceRow = {
  id: string;
  number: string | null;
  client_id: string | null;
  client_name: string | null;
  total: string;
  owed: string;
  due_date: string;
  days: number;
};

/** Issued invoices past their due date with money owed, oldest due first (at most 1000). */
export async function overdueInvoices(tx: Tx, today: string): Promise<OverdueInvoiceRow[]> {
  return rows<OverdueInvoiceRow>(
    tx,
    sql`select d.id, d.number, d.client_id, p.name as client_name, d.total::text as total,
          (d.total - d.credited_total - d.paid_total)::text as owed, d.due_date::text as due_date,
          (${today}::date - d.due_date) as days
        from documents d left join partners p on p.id = d.client_id
        where d.kind = 'invoice' and d.status = 'issued' and d.total - d.credited_total - d.paid_total > 0
          and d.due_date < ${today}::date
        order by d.due_date, d.id limit 1000`,
  );
}

/** How many enabled rules listen for overdue invoices. */
export async function overdueListeners(tx: Tx): Promise<number> {
  const row = await one<{ n: string }>(
    tx,
    sql`select count(*) as n from automation_rules where trigger = 'invoice.overdue' and enabled`,
  );
  return Number(row?.n ?? 0);
}
