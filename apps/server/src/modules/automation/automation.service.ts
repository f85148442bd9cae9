import {
  AppError,
  type AutomationRule,
  type AutomationTrigger,
  EVENT_FIELDS,
  evaluateConditions,
  fillTemplate,
  readField,
  testCondition,
} from '@erp/domain';
import { notifyCompany } from '../../db/company-events.ts';
import type { Tx } from '../../db/database.ts';
import type { CompanyContext } from '../../db/tenant.ts';
import { activeMemberIds } from '../team/team.service.ts';
import { scheduleOverdueCheck } from './actions.ts';
import * as repo from './automation.repo.ts';
import { newWebhookSecret, urlProblem } from './webhook.ts';

const notFound = () => new AppError('NOT_FOUND', 'Pravilo nije pronađeno');

const iso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());

export function presentRule(r: repo.RuleRow) {
  return {
    id: r.id,
    name: r.name,
    trigger: r.trigger,
    conditions: r.conditions,
    actions: r.actions,
    enabled: r.enabled,
    created_at: iso(r.created_at) as string,
    updated_at: iso(r.updated_at) as string,
    last_run_at: iso(r.last_run_at),
    last_run_status: r.last_run_status,
  };
}

export async function listRules(tx: Tx) {
  return (await repo.listRules(tx)).map(presentRule);
}

export async function getRule(tx: Tx, id: string) {
  const rule = await repo.getRule(tx, id);
  if (!rule) throw notFound();
  return presentRule(rule);
}

async function afterSave(tx: Tx, ctx: CompanyContext, rule: AutomationRule) {
  // The daily overdue check runs only while a rule listens; saving one (re)starts its chain.
  if (rule.enabled && rule.trigger === 'invoice.overdue')
    await scheduleOverdueCheck(tx, ctx.companyId, ctx.userId);
}

/** Creates a rule; its webhook secret is returned this once (and on rotation), never listed. */
export async function createRule(tx: Tx, ctx: CompanyContext, input: AutomationRule) {
  const secret = newWebhookSecret();
  const id = await repo.insertRule(tx, ctx.companyId, ctx.userId, input, secret);
  await afterSave(tx, ctx, input);
  return { rule: await getRule(tx, id), webhook_secret: secret };
}

export async function updateRule(tx: Tx, ctx: CompanyContext, id: string, input: AutomationRule) {
  if (!(await repo.getRule(tx, id, true))) throw notFound();
  await repo.updateRule(tx, id, input);
  await afterSave(tx, ctx, input);
  return getRule(tx, id);
}

export async function setEnabled(tx: Tx, ctx: CompanyContext, id: string, enabled: boolean) {
  const rule = await repo.getRule(tx, id, true);
  if (!rule) throw notFound();
  await repo.setRuleEnabled(tx, id, enabled);
  await afterSave(tx, ctx, { ...rule, enabled });
  return getRule(tx, id);
}

export async function deleteRule(tx: Tx, id: string) {
  if (!(await repo.deleteRule(tx, id))) throw notFound();
}

export async function rotateSecret(tx: Tx, id: string) {
  if (!(await repo.getRule(tx, id, true))) throw notFound();
  const secret = newWebhookSecret();
  await repo.setWebhookSecret(tx, id, secret);
  return { webhook_secret: secret };
}

export async function listRuns(tx: Tx, ruleId: string, page: number, pageSize: number) {
  if (!(await repo.getRule(tx, ruleId))) throw notFound();
  const [items, total] = [
    await repo.runsOfRule(tx, ruleId, pageSize, (page - 1) * pageSize),
    await repo.countRuns(tx, ruleId),
  ];
  return {
    items: items.map((r) => ({
      id: r.id,
      event_id: r.event_id,
      event_type: r.event_type,
      event_data: r.event_data,
      entity_id: r.entity_id,
      job_id: r.job_id,
      status: r.status,
      attempts: Number(r.attempts),
      error: r.error,
      result: r.result,
      created_at: iso(r.created_at) as string,
      updated_at: iso(r.updated_at) as string,
    })),
    total,
    page,
    page_size: pageSize,
  };
}

export async function recentEvents(tx: Tx, type: AutomationTrigger | undefined, limit: number) {
  return (await repo.recentEvents(tx, type, limit)).map((e) => ({
    id: e.id,
    type: e.type,
    entity_id: e.entity_id,
    data: e.data,
    created_at: iso(e.created_at) as string,
  }));
}

/**
 * What the rule would do for an event (a recent one, or a sample with example values), without
 * doing it: each condition with the value it saw, whether the rule matches, and each action.
 */
export async function testRun(tx: Tx, rule: AutomationRule, eventId: string | null) {
  let event: {
    id: string | null;
    type: AutomationTrigger;
    entity_id: string | null;
    data: Record<string, unknown>;
  };
  if (eventId) {
    const e = await repo.getEvent(tx, eventId);
    if (!e) throw new AppError('NOT_FOUND', 'Događaj nije pronađen');
    if (e.type !== rule.trigger)
      throw new AppError('VALIDATION', 'Događaj nije vrste koju pravilo prati', [
        { field: 'event_id', key: 'validation.invalid' },
      ]);
    event = { id: e.id, type: e.type, entity_id: e.entity_id, data: e.data };
  } else {
    event = { id: null, type: rule.trigger, entity_id: null, data: { ...EVENT_FIELDS[rule.trigger] } };
  }
  const conditions = rule.conditions.items.map((c) => ({
    field: c.field,
    op: c.op,
    value: c.value ?? null,
    actual: (readField(event.data, c.field) ?? null) as unknown,
    holds: testCondition(c, event.data),
  }));
  const matches = evaluateConditions(rule.conditions, event.data);
  const recipients = (await activeMemberIds(tx)).length;
  const data = { ...event.data, rule: rule.name };
  const actions = rule.actions.map((a, index) => {
    switch (a.type) {
      case 'notify':
        return {
          index,
          type: a.type,
          title: fillTemplate(a.title, data),
          body: fillTemplate(a.body, data),
          recipients,
        };
      case 'webhook':
        return { index, type: a.type, url: a.url, problem: urlProblem(a.url) };
      default:
        return {
          index,
          type: a.type,
          reference:
            (event.data.number as string | undefined) ?? (event.data.sku as string | undefined) ?? null,
        };
    }
  });
  return { event, sample: eventId === null, matches, conditions, actions };
}

// Notifications ------------------------------------------------------------------------------------

export async function listNotifications(tx: Tx, ctx: CompanyContext, limit: number) {
  const items = await repo.notificationsOf(tx, ctx.userId, limit);
  return {
    items: items.map((n) => ({ ...n, read_at: iso(n.read_at), created_at: iso(n.created_at) as string })),
    unread: await unreadCount(tx, ctx),
  };
}

export async function unreadCount(tx: Tx, ctx: CompanyContext): Promise<number> {
  return repo.unreadCount(tx, ctx.userId);
}

export async function markRead(tx: Tx, ctx: CompanyContext, id: string | null) {
  await repo.markRead(tx, ctx.userId, id);
  await notifyCompany(tx, ctx.companyId, 'notifications', [ctx.userId]);
  return { unread: await unreadCount(tx, ctx) };
}
