import { AppError } from '@erp/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inCompany } from '../../http/access.ts';
import type { Deps } from '../../http/context.ts';
import { deleteView, getView, insertView, listViews, updateView, type ViewRow } from './views.repo.ts';

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

type Who = { userId: string; role: string };
const isAdmin = (who: Who) => who.role === 'owner' || who.role === 'admin';
/** A view is changed by its creator; a shared one also by the company's owners and admins. */
const canEdit = (v: ViewRow, who: Who) => v.created_by === who.userId || (v.shared && isAdmin(who));
const out = (v: ViewRow, who: Who) => ({
  ...v,
  mine: v.created_by === who.userId,
  can_edit: canEdit(v, who),
});

async function editable(tx: Parameters<typeof getView>[0], id: string, who: Who) {
  const view = await getView(tx, id);
  if (!view) throw new AppError('NOT_FOUND', 'Pogled nije pronađen');
  if (!canEdit(view, who))
    throw new AppError('FORBIDDEN', 'Pogled može mijenjati samo onaj tko ga je spremio');
  return view;
}

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
        inCompany(deps, request, async (tx, ctx) =>
          (await listViews(tx, ctx.userId, request.query.list)).map((v) => out(v, ctx)),
        ),
    );
    app.post(
      '/api/views',
      {
        config: { access: 'company.read' },
        schema: { tags, summary: 'Save a view', body: inputSchema, response: { 201: viewSchema } },
      },
      async (request, reply) => {
        const view = await inCompany(deps, request, async (tx, ctx) => {
          const id = await insertView(tx, ctx.companyId, ctx.userId, request.body);
          const row = await getView(tx, id);
          if (!row) throw new AppError('NOT_FOUND', 'Pogled nije pronađen');
          return out(row, ctx);
        });
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
        inCompany(deps, request, async (tx, ctx) => {
          const view = await editable(tx, request.params.id, ctx);
          // Making a shared view personal again would hide it from everyone but its creator.
          if (request.body.shared !== undefined && view.created_by !== ctx.userId) {
            throw new AppError('FORBIDDEN', 'Dijeljenje mijenja samo onaj tko je pogled spremio');
          }
          await updateView(tx, view.id, request.body);
          const row = await getView(tx, view.id);
          if (!row) throw new AppError('NOT_FOUND', 'Pogled nije pronađen');
          return out(row, ctx);
        }),
    );
    app.delete(
      '/api/views/:id',
      {
        config: { access: 'company.read' },
        schema: { tags, summary: 'Delete a view', params: idParams },
      },
      async (request, reply) => {
        await inCompany(deps, request, async (tx, ctx) => {
          const view = await editable(tx, request.params.id, ctx);
          await deleteView(tx, view.id);
        });
        return reply.status(204).send();
      },
    );
  };
}
