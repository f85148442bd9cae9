import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inCompany } from '../../http/access.ts';
import type { Deps } from '../../http/context.ts';
import * as service from './views.service.ts';

const listKey = z.string().regex(/^[a-z][a-z0-9-]{0,39}$/, 'validation.invalid');
const columns = z.array(z.string().regex(/^[a-z][a-z0-9_.-]{0,39}$/, 'validation.invalid')).max(40);
const fields = {
  name: z.string().trim().min(1, 'validation.required').max(80, 'validation.tooLong'),
  // The list's URL query string without "?" (page excluded by the web app).
  query: z.string().max(2000, 'validation.tooLong'),
  columns,
  shared: z.boolean(),
};
const inputSchema = z.object({
  list_key: listKey,
  name: fields.name,
  query: fields.query.default(''),
  columns: fields.columns.default([]),
  shared: fields.shared.default(false),
});
// No defaults here: a field left out of a patch stays as it is.
const patchSchema = z.object(fields).partial();
const viewSchema = z.object({
  id: z.string(),
  list_key: z.string(),
  name: z.string(),
  query: z.string(),
  columns: z.array(z.string()),
  shared: z.boolean(),
  created_by: z.string(),
  creator_name: z.string().nullable(),
  mine: z.boolean(),
  can_edit: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
const idParams = z.object({ id: z.uuid() });

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
          querystring: z.object({ list: listKey }),
          response: { 200: z.array(viewSchema) },
        },
      },
      async (request) =>
        inCompany(deps, request, (tx, ctx) => service.listViews(tx, ctx, request.query.list)),
    );
    app.post(
      '/api/views',
      {
        config: { access: 'company.read' },
        schema: { tags, summary: 'Save a view', body: inputSchema, response: { 201: viewSchema } },
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
          params: idParams,
          body: patchSchema,
          response: { 200: viewSchema },
        },
      },
      async (request) =>
        inCompany(deps, request, (tx, ctx) => service.changeView(tx, ctx, request.params.id, request.body)),
    );
    app.delete(
      '/api/views/:id',
      {
        config: { access: 'company.read' },
        schema: { tags, summary: 'Delete a view', params: idParams },
      },
      async (request, reply) => {
        await inCompany(deps, request, (tx, ctx) => service.deleteView(tx, ctx, request.params.id));
        return reply.status(204).send();
      },
    );
  };
}
