import type { ActionResult, AutomationEvent, AutomationRuleRow, AutomationRun } from '@erp/domain';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { one, rows } from '../../db/sql.ts';

export type RuleRow = AutomationRuleRow & { created_by: string | null };

const RULE_COLUMNS = sql`r.id, r.name, r.trigger, r.conditions, r.actions, r.enabled, r.created_by,
  r.created_at, r.updated_at,
  (select max(x.created_at) from automation_runs x where x.rule_id = r.id) as last_run_at,
  (select x.status from automation_runs x where x.rule_id = r.id order by x.created_at desc limit 1) as last_run_status`;

export const listRules = (tx: Tx) =>
  rows<RuleRow>(tx, sql`select ${RULE_COLUMNS} from automation_rules r order by r.name, r.created_at`);

export const getRule = (tx: Tx, id: string, lock = false) =>
  one<RuleRow & { webhook_secret: string }>(
    tx,
    sql`select ${RULE_COLUMNS}, r.webhook_secret from automation_rules r where r.id = ${id}
      ${lock ? sql`for update of r` : sql``}`,
  );

export type EventRow = AutomationEvent & { created_by: string | null };

export const getEvent = (tx: Tx, id: string) =>
  one<EventRow>(
    tx,
    sql`select id, type, entity_id, data, created_by, created_at from outbox_events where id = ${id}`,
  );

export const recentEvents = (tx: Tx, type: string | undefined, limit: number) =>
  rows<EventRow>(
    tx,
    sql`select id, type, entity_id, data, created_by, created_at from outbox_events
      ${type ? sql`where type = ${type}` : sql``} order by created_at desc, id limit ${limit}`,
  );

export type RunRow = AutomationRun & { rule_id: string };

export type { ActionResult };

export const runsOfRule = (tx: Tx, ruleId: string, limit: number, offset: number) =>
  rows<RunRow>(
    tx,
    sql`select x.id, x.rule_id, x.event_id, e.type as event_type, e.data as event_data, e.entity_id, x.job_id,
        x.status, x.attempts, x.error, x.result, x.created_at, x.updated_at
      from automation_runs x join outbox_events e on e.id = x.event_id
      where x.rule_id = ${ruleId} order by x.created_at desc, x.id limit ${limit} offset ${offset}`,
  );

export const countRuns = async (tx: Tx, ruleId: string) =>
  Number(
    (await one<{ n: string }>(tx, sql`select count(*) as n from automation_runs where rule_id = ${ruleId}`))
      ?.n ?? 0,
  );

export const activeMembers = (tx: Tx) =>
  rows<{ user_id: string }>(
    tx,
    sql`select user_id from memberships where company_id = app_company_id() and status = 'active' order by user_id`,
  );
