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

// Rules -------------------------------------------------------------------------------------------

export type RuleWrite = {
  name: string;
  trigger: string;
  conditions: unknown;
  actions: unknown;
  enabled: boolean;
};

export async function insertRule(
  tx: Tx,
  companyId: string,
  userId: string,
  rule: RuleWrite,
  webhookSecret: string,
): Promise<string> {
  const row = await one<{ id: string }>(
    tx,
    sql`insert into automation_rules (company_id, name, trigger, conditions, actions, enabled, webhook_secret, created_by)
      values (${companyId}, ${rule.name}, ${rule.trigger}, ${JSON.stringify(rule.conditions)}::jsonb,
        ${JSON.stringify(rule.actions)}::jsonb, ${rule.enabled}, ${webhookSecret}, ${userId}) returning id`,
  );
  return row?.id as string;
}

export async function updateRule(tx: Tx, id: string, rule: RuleWrite): Promise<void> {
  await tx.execute(sql`update automation_rules set name = ${rule.name}, trigger = ${rule.trigger},
    conditions = ${JSON.stringify(rule.conditions)}::jsonb, actions = ${JSON.stringify(rule.actions)}::jsonb,
    enabled = ${rule.enabled}, updated_at = now() where id = ${id}`);
}

export async function setRuleEnabled(tx: Tx, id: string, enabled: boolean): Promise<void> {
  await tx.execute(
    sql`update automation_rules set enabled = ${enabled}, updated_at = now() where id = ${id}`,
  );
}

/** Deletes a rule: false when there was none. */
export async function deleteRule(tx: Tx, id: string): Promise<boolean> {
  return (
    (await one<{ id: string }>(tx, sql`delete from automation_rules where id = ${id} returning id`)) !==
    undefined
  );
}

export async function setWebhookSecret(tx: Tx, id: string, secret: string): Promise<void> {
  await tx.execute(
    sql`update automation_rules set webhook_secret = ${secret}, updated_at = now() where id = ${id}`,
  );
}

// Notifications -----------------------------------------------------------------------------------

export type NotificationRow = {
  id: string;
  title: string;
  body: string;
  link: string | null;
  read_at: string | null;
  created_at: string;
};

/** A user's notifications, newest first. */
export async function notificationsOf(tx: Tx, userId: string, limit: number): Promise<NotificationRow[]> {
  return rows<NotificationRow>(
    tx,
    sql`select id, title, body, link, read_at, created_at from notifications where user_id = ${userId}
      order by created_at desc, id limit ${limit}`,
  );
}

export async function unreadCount(tx: Tx, userId: string): Promise<number> {
  const row = await one<{ n: string }>(
    tx,
    sql`select count(*) as n from notifications where user_id = ${userId} and read_at is null`,
  );
  return Number(row?.n ?? 0);
}

/** Marks one notification (or, with null, all) of a user read. */
export async function markRead(tx: Tx, userId: string, id: string | null): Promise<void> {
  await tx.execute(sql`update notifications set read_at = now() where user_id = ${userId} and read_at is null
    ${id ? sql`and id = ${id}` : sql``}`);
}

// The outbox (emit.ts) ----------------------------------------------------------------------------

/**
 * Inserts an event unless its dedupe key is there; it is marked dispatched at once when no enabled
 * rule listens for its type. Returns the new row and whether a rule listens, or undefined.
 */
export async function insertOutboxEvent(
  tx: Tx,
  event: {
    companyId: string;
    type: string;
    entityId: string | null;
    data: unknown;
    dedupeKey: string | null;
  },
): Promise<{ id: string; listened: boolean } | undefined> {
  return one<{ id: string; listened: boolean }>(
    tx,
    sql`
      insert into outbox_events (company_id, type, entity_id, data, dedupe_key, created_by, dispatched_at)
      select ${event.companyId}, ${event.type}, ${event.entityId}, ${JSON.stringify(event.data)}::jsonb,
        ${event.dedupeKey}, nullif(current_setting('app.user_id', true), '')::uuid,
        case when l.listened then null else now() end
      from (select exists (select 1 from automation_rules r where r.trigger = ${event.type} and r.enabled)
        as listened) l
      on conflict (company_id, dedupe_key) where dedupe_key is not null do nothing
      returning id, dispatched_at is null as listened`,
  );
}
