import {
  AUTOMATION_ACTIONS,
  AUTOMATION_TRIGGERS,
  automationActionSchema,
  automationRuleInputSchema,
  conditionsSchema,
} from '@erp/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inCompany } from '../../http/access.ts';
import type { Deps } from '../../http/context.ts';
import './actions.ts';
import * as service from './automation.service.ts';

const id = z.object({ id: z.uuid('validation.invalid') });

const ruleSchema = z.object({
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

const actionResultSchema = z.object({
  index: z.number(),
  type: z.enum(AUTOMATION_ACTIONS),
  status: z.enum(['done', 'failed', 'skipped']),
  entityType: z.string().optional(),
  entityId: z.string().optional(),
  detail: z.string().optional(),
});

const runSchema = z.object({
  id: z.string(),
  event_id: z.string(),
  event_type: z.string(),
  event_data: z.record(z.string(), z.unknown()),
  entity_id: z.string().nullable(),
  job_id: z.string().nullable(),
  status: z.enum(['queued', 'running', 'done', 'failed', 'skipped']),
  attempts: z.number(),
  error: z.string().nullable(),
  result: z.array(actionResultSchema),
  created_at: z.string(),
  updated_at: z.string(),
});

const eventSchema = z.object({
  id: z.string(),
  type: z.enum(AUTOMATION_TRIGGERS),
  entity_id: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});

const testRunSchema = z.object({
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

const notificationSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  read_at: z.string().nullable(),
  created_at: z.string(),
});

export function automationRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['automation'];
    const manage = { access: 'automation.manage' as const };

    app.get(
      '/api/automation/rules',
      {
        config: manage,
        schema: { tags, summary: 'Automation rules', response: { 200: z.array(ruleSchema) } },
      },
      async (request) => inCompany(deps, request, (tx) => service.listRules(tx)),
    );
    app.post(
      '/api/automation/rules',
      {
        config: manage,
        schema: {
          tags,
          summary: 'Create a rule (its webhook secret is returned only here and on rotation)',
          body: automationRuleInputSchema,
          response: { 201: z.object({ rule: ruleSchema, webhook_secret: z.string() }) },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await inCompany(deps, request, (tx, ctx) => service.createRule(tx, ctx, request.body))),
    );
    app.get(
      '/api/automation/rules/:id',
      { config: manage, schema: { tags, summary: 'One rule', params: id, response: { 200: ruleSchema } } },
      async (request) => inCompany(deps, request, (tx) => service.getRule(tx, request.params.id)),
    );
    app.put(
      '/api/automation/rules/:id',
      {
        config: manage,
        schema: {
          tags,
          summary: 'Replace a rule',
          params: id,
          body: automationRuleInputSchema,
          response: { 200: ruleSchema },
        },
      },
      async (request) =>
        inCompany(deps, request, (tx, ctx) => service.updateRule(tx, ctx, request.params.id, request.body)),
    );
    app.post(
      '/api/automation/rules/:id/enabled',
      {
        config: manage,
        schema: {
          tags,
          summary: 'Enable or disable a rule',
          params: id,
          body: z.object({ enabled: z.boolean() }).strict(),
          response: { 200: ruleSchema },
        },
      },
      async (request) =>
        inCompany(deps, request, (tx, ctx) =>
          service.setEnabled(tx, ctx, request.params.id, request.body.enabled),
        ),
    );
    app.delete(
      '/api/automation/rules/:id',
      { config: manage, schema: { tags, summary: 'Delete a rule and its run log', params: id } },
      async (request, reply) => {
        await inCompany(deps, request, (tx) => service.deleteRule(tx, request.params.id));
        return reply.status(204).send();
      },
    );
    app.post(
      '/api/automation/rules/:id/secret',
      {
        config: manage,
        schema: {
          tags,
          summary: 'Replace the webhook signing secret and return it',
          params: id,
          response: { 200: z.object({ webhook_secret: z.string() }) },
        },
      },
      async (request) => inCompany(deps, request, (tx) => service.rotateSecret(tx, request.params.id)),
    );
    app.get(
      '/api/automation/rules/:id/runs',
      {
        config: manage,
        schema: {
          tags,
          summary: 'Run log of a rule (newest first)',
          params: id,
          querystring: z.object({
            page: z.coerce.number().int().min(1).max(10_000).default(1),
            page_size: z.coerce.number().int().min(1).max(100).default(20),
          }),
          response: {
            200: z.object({
              items: z.array(runSchema),
              total: z.number(),
              page: z.number(),
              page_size: z.number(),
            }),
          },
        },
      },
      async (request) =>
        inCompany(deps, request, (tx) =>
          service.listRuns(tx, request.params.id, request.query.page, request.query.page_size),
        ),
    );
    app.get(
      '/api/automation/events',
      {
        config: manage,
        schema: {
          tags,
          summary: 'Recent events (for test runs)',
          querystring: z.object({
            type: z.enum(AUTOMATION_TRIGGERS, 'validation.invalid').optional(),
            limit: z.coerce.number().int().min(1).max(100).default(20),
          }),
          response: { 200: z.array(eventSchema) },
        },
      },
      async (request) =>
        inCompany(deps, request, (tx) => service.recentEvents(tx, request.query.type, request.query.limit)),
    );
    app.post(
      '/api/automation/test-run',
      {
        config: manage,
        schema: {
          tags,
          summary: 'What a rule would do for an event or a sample, without doing it',
          body: z
            .object({
              rule: automationRuleInputSchema,
              event_id: z.uuid('validation.invalid').nullable().default(null),
            })
            .strict(),
          response: { 200: testRunSchema },
        },
      },
      async (request) =>
        inCompany(deps, request, (tx) => service.testRun(tx, request.body.rule, request.body.event_id)),
    );

    app.get(
      '/api/notifications',
      {
        config: { access: 'company.read' },
        schema: {
          tags: ['notifications'],
          summary: "The signed-in user's notifications in this company and the unread count",
          querystring: z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) }),
          response: { 200: z.object({ items: z.array(notificationSchema), unread: z.number() }) },
        },
      },
      async (request) =>
        inCompany(deps, request, (tx, ctx) => service.listNotifications(tx, ctx, request.query.limit)),
    );
    app.post(
      '/api/notifications/:id/read',
      {
        config: { access: 'company.read' },
        schema: {
          tags: ['notifications'],
          summary: 'Mark one read',
          params: id,
          response: { 200: z.object({ unread: z.number() }) },
        },
      },
      async (request) => inCompany(deps, request, (tx, ctx) => service.markRead(tx, ctx, request.params.id)),
    );
    app.post(
      '/api/notifications/read-all',
      {
        config: { access: 'company.read' },
        schema: {
          tags: ['notifications'],
          summary: 'Mark all read',
          response: { 200: z.object({ unread: z.number() }) },
        },
      },
      async (request) => inCompany(deps, request, (tx, ctx) => service.markRead(tx, ctx, null)),
    );
  };
}
