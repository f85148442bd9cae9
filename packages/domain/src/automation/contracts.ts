import { z } from 'zod';
import { conditionsSchema } from './conditions.ts';
import {
  AUTOMATION_ACTIONS,
  AUTOMATION_TRIGGERS,
  automationActionSchema,
  automationRuleInputSchema,
} from './rules.ts';

// The HTTP contract of /api/automation (rules, their run log, events, test runs) and
// /api/notifications.

export const automationRuleSchema = z.object({
  id: z.string(),
  name: z.string(),
  trigger: z.enum(AUTOMATION_TRIGGERS),
  conditions: conditionsSchema,
  actions: z.array(automationActionSchema),
  enabled: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  last_run_at: z.string().nullable(),
  last_run_status: z.string().nullable(),
});
export type AutomationRuleRow = z.infer<typeof automationRuleSchema>;
/** A new rule and its webhook signing secret, returned only at creation and on rotation. */
export const createdRuleSchema = z.object({ rule: automationRuleSchema, webhook_secret: z.string() });
export type CreatedRule = z.infer<typeof createdRuleSchema>;
export const webhookSecretSchema = z.object({ webhook_secret: z.string() });
export type WebhookSecret = z.infer<typeof webhookSecretSchema>;
export const ruleEnabledBodySchema = z.object({ enabled: z.boolean() }).strict();

export const ACTION_RESULT_STATUSES = ['done', 'failed', 'skipped'] as const;
export const actionResultSchema = z.object({
  index: z.number(),
  type: z.enum(AUTOMATION_ACTIONS),
  status: z.enum(ACTION_RESULT_STATUSES),
  entityType: z.string().optional(),
  entityId: z.string().optional(),
  detail: z.string().optional(),
});
export type ActionResult = z.infer<typeof actionResultSchema>;

export const RUN_STATUSES = ['queued', 'running', 'done', 'failed', 'skipped'] as const;
export const automationRunSchema = z.object({
  id: z.string(),
  event_id: z.string(),
  event_type: z.string(),
  event_data: z.record(z.string(), z.unknown()),
  entity_id: z.string().nullable(),
  job_id: z.string().nullable(),
  status: z.enum(RUN_STATUSES),
  attempts: z.number(),
  error: z.string().nullable(),
  result: z.array(actionResultSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AutomationRun = z.infer<typeof automationRunSchema>;
export const runsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});
export const runsPageSchema = z.object({
  items: z.array(automationRunSchema),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});
export type RunsPage = z.infer<typeof runsPageSchema>;

export const automationEventSchema = z.object({
  id: z.string(),
  type: z.enum(AUTOMATION_TRIGGERS),
  entity_id: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type AutomationEvent = z.infer<typeof automationEventSchema>;
export const eventsQuerySchema = z.object({
  type: z.enum(AUTOMATION_TRIGGERS, 'validation.invalid').optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const testRunBodySchema = z
  .object({
    rule: automationRuleInputSchema,
    event_id: z.uuid('validation.invalid').nullable().default(null),
  })
  .strict();
export const testRunResultSchema = z.object({
  event: z.object({
    id: z.string().nullable(),
    type: z.enum(AUTOMATION_TRIGGERS),
    entity_id: z.string().nullable(),
    data: z.record(z.string(), z.unknown()),
  }),
  sample: z.boolean(),
  matches: z.boolean(),
  conditions: z.array(
    z.object({
      field: z.string(),
      op: z.string(),
      value: z.unknown(),
      actual: z.unknown(),
      holds: z.boolean(),
    }),
  ),
  actions: z.array(
    z.object({
      index: z.number(),
      type: z.enum(AUTOMATION_ACTIONS),
      title: z.string().optional(),
      body: z.string().optional(),
      recipients: z.number().optional(),
      url: z.string().optional(),
      problem: z.string().nullable().optional(),
      reference: z.string().nullable().optional(),
    }),
  ),
});
export type TestRunResult = z.infer<typeof testRunResultSchema>;

export const notificationSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  read_at: z.string().nullable(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;
export const notificationsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const notificationListSchema = z.object({ items: z.array(notificationSchema), unread: z.number() });
export type NotificationList = z.infer<typeof notificationListSchema>;
export const unreadSchema = z.object({ unread: z.number() });
export type Unread = z.infer<typeof unreadSchema>;
