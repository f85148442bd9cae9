import { AppError, idParamsSchema } from '@erp/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/access.ts';
import { type Deps, requestCompanyId } from '../../http/context.ts';
import { findMemberFile } from './files.service.ts';

export function fileRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/files/:id',
      {
        config: { access: 'company.read' },
        schema: {
          tags: ['files'],
          summary: 'A stored file of one of your companies',
          params: idParamsSchema,
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        // A logo is shown to members of its company: look in the requested company, then the user's own.
        const companies = [...new Set([requestCompanyId(request, user), user.id])];
        const file = await findMemberFile(deps.db, user.id, companies, request.params.id);
        if (file) {
          return reply
            .header('content-type', file.contentType)
            .header('cache-control', 'private, max-age=3600')
            .header('x-content-type-options', 'nosniff')
            .send(file.data);
        }
        throw new AppError('NOT_FOUND', 'Datoteka ne postoji');
      },
    );
  };
}
