import {
  changelogCreateSchema,
  changelogEntrySchema,
  changelogUpdateSchema,
  idParamsSchema,
} from '@erp/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../http/access.ts';
import type { Deps } from '../../http/context.ts';

export function changelogRoutes(deps: Deps): FastifyPluginAsyncZod {
  const { changelog } = deps;
  const tags = ['changelog'];
  return async (app) => {
    app.get(
      '/api/changelog',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Published entries, newest first',
          response: { 200: z.array(changelogEntrySchema) },
        },
      },
      async () => changelog.listPublished(),
    );
    app.get(
      '/api/changelog/unseen',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'get_unseen_changelog_entries',
          response: { 200: z.array(changelogEntrySchema) },
        },
      },
      async (request) => changelog.listUnseen(currentUser(request).id),
    );
    app.post(
      '/api/changelog/:id/view',
      {
        config: { access: 'user' },
        schema: { tags, summary: 'mark_changelog_as_viewed(entry_id)', params: idParamsSchema },
      },
      async (request, reply) => {
        await changelog.markViewed(currentUser(request).id, request.params.id);
        return reply.status(204).send();
      },
    );
    app.post(
      '/api/changelog',
      {
        config: { access: 'platform' },
        schema: {
          tags,
          summary: 'Create an entry (platform admins)',
          body: changelogCreateSchema,
          response: { 201: changelogEntrySchema },
        },
      },
      async (request, reply) => {
        return reply.status(201).send(await changelog.create(request.body));
      },
    );
    app.patch(
      '/api/changelog/:id',
      {
        config: { access: 'platform' },
        schema: {
          tags,
          summary: 'Update an entry (platform admins)',
          params: idParamsSchema,
          body: changelogUpdateSchema,
          response: { 200: changelogEntrySchema },
        },
      },
      async (request) => {
        return changelog.update(request.params.id, request.body);
      },
    );
    app.delete(
      '/api/changelog/:id',
      {
        config: { access: 'platform' },
        schema: { tags, summary: 'Delete an entry (platform admins)', params: idParamsSchema },
      },
      async (request, reply) => {
        await changelog.remove(request.params.id);
        return reply.status(204).send();
      },
    );
  };
}
