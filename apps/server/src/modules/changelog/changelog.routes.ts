import { changelogCreateSchema, changelogUpdateSchema } from '@erp/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Deps, requireUser } from '../../http/context.ts';
import { requirePlatformAdmin } from '../admin/admin.guard.ts';

export const changelogEntrySchema = z.object({
  id: z.string(),
  title: z.string(),
  version: z.string(),
  description: z.string().nullable(),
  type: z.string(),
  items: z.array(z.string()),
  is_published: z.boolean(),
  published_at: z.string().nullable(),
});
const idParams = z.object({ id: z.uuid({ error: 'validation.invalid' }) });

export function changelogRoutes(deps: Deps): FastifyPluginAsyncZod {
  const { changelog } = deps;
  const tags = ['changelog'];
  return async (app) => {
    app.get(
      '/api/changelog',
      { schema: { tags, summary: 'Published entries, newest first', response: { 200: z.array(changelogEntrySchema) } } },
      async (request) => {
        await requireUser(deps.auth, request);
        return changelog.listPublished();
      },
    );
    app.get(
      '/api/changelog/unseen',
      { schema: { tags, summary: 'get_unseen_changelog_entries', response: { 200: z.array(changelogEntrySchema) } } },
      async (request) => changelog.listUnseen((await requireUser(deps.auth, request)).id),
    );
    app.post(
      '/api/changelog/:id/view',
      { schema: { tags, summary: 'mark_changelog_as_viewed(entry_id)', params: idParams } },
      async (request, reply) => {
        const user = await requireUser(deps.auth, request);
        await changelog.markViewed(user.id, request.params.id);
        return reply.status(204).send();
      },
    );
    app.post(
      '/api/changelog',
      { schema: { tags, summary: 'Create an entry (platform admins)', body: changelogCreateSchema, response: { 201: changelogEntrySchema } } },
      async (request, reply) => {
        await requirePlatformAdmin(deps, request);
        return reply.status(201).send(await changelog.create(request.body));
      },
    );
    app.patch(
      '/api/changelog/:id',
      { schema: { tags, summary: 'Update an entry (platform admins)', params: idParams, body: changelogUpdateSchema, response: { 200: changelogEntrySchema } } },
      async (request) => {
        await requirePlatformAdmin(deps, request);
        return changelog.update(request.params.id, request.body);
      },
    );
    app.delete(
      '/api/changelog/:id',
      { schema: { tags, summary: 'Delete an entry (platform admins)', params: idParams } },
      async (request, reply) => {
        await requirePlatformAdmin(deps, request);
        await changelog.remove(request.params.id);
        return reply.status(204).send();
      },
    );
  };
}
