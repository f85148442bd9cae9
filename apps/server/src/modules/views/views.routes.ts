import {
  savedViewSchema,
  viewCreateSchema,
  viewListQuerySchema,
  viewParamsSchema,
  viewPatchSchema,
} from '@erp/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inCompany } from '../../http/access.ts';
import type { Deps } from '../../http/context.ts';
import * as service from './views.service.ts';

/**
 * Saved list views. Every member keeps views (a preference, not company data, so `company.read`
 * suffices); shared ones are visible to the whole company.
 */
export function viewsRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['views'];
    app.get(
      '/api/views',
      {
        config: { access: 'company.read' },
        schema: {
          tags,
          summary: "One list's views: the caller's own and the company's shared ones",
          querystring: viewListQuerySchema,
          response: { 200: z.array(savedViewSchema) },
        },
      },
      async (request) =>
        inCompany(deps, request, (tx, ctx) => service.listViews(tx, ctx, request.query.list)),
    );
    app.post(
      '/api/views',
      {
        config: { access: 'company.read' },
        schema: { tags, summary: 'Save a view', body: viewCreateSchema, response: { 201: savedViewSchema } },
      },
      async (request, reply) => {
        const view = await inCompany(deps, request, (tx, ctx) => service.saveView(tx, ctx, request.body));
        return reply.status(201).send(view);
      },
    );
    app.patch(
      '/api/views/:id',
      {
        config: { access: 'company.read' },
        schema: {
          tags,
          summary: 'Rename, re-save or share a view (its creator; shared ones also owners and admins)',
          params: viewParamsSchema,
          body: viewPatchSchema,
          response: { 200: savedViewSchema },
        },
      },
      async (request) =>
        inCompany(deps, request, (tx, ctx) => service.changeView(tx, ctx, request.params.id, request.body)),
    );
    app.delete(
      '/api/views/:id',
      {
        config: { access: 'company.read' },
        schema: { tags, summary: 'Delete a view', params: viewParamsSchema },
      },
      async (request, reply) => {
        await inCompany(deps, request, (tx, ctx) => service.deleteView(tx, ctx, request.params.id));
        return reply.status(204).send();
      },
    );
  };
}
