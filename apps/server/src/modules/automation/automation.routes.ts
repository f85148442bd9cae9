import {
  automationRuleInputSchema,
  createdRuleSchema,
  automationEventSchema as eventSchema,
  eventsQuerySchema,
  idParamsSchema as id,
  notificationListSchema,
  notificationsQuerySchema,
  ruleEnabledBodySchema,
  automationRuleSchema as ruleSchema,
  runsPageSchema,
  runsQuerySchema,
  testRunBodySchema,
  testRunResultSchema as testRunSchema,
  unreadSchema,
  webhookSecretSchema,
} from '@erp/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inCompany } from '../../http/access.ts';
import type { Deps } from '../../http/context.ts';
import './actions.ts';
import * as service from './automation.service.ts';

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
          response: { 201: createdRuleSchema },
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
          body: ruleEnabledBodySchema,
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
          response: { 200: webhookSecretSchema },
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
          querystring: runsQuerySchema,
          response: { 200: runsPageSchema },
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
          querystring: eventsQuerySchema,
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
          body: testRunBodySchema,
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
          querystring: notificationsQuerySchema,
          response: { 200: notificationListSchema },
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
          response: { 200: unreadSchema },
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
          response: { 200: unreadSchema },
        },
      },
      async (request) => inCompany(deps, request, (tx, ctx) => service.markRead(tx, ctx, null)),
    );
  };
}
