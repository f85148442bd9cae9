import {
  accountStatusChangeSchema,
  adminEmailSchema,
  auditChainsQuerySchema,
  auditChainsResultSchema,
  changelogCreateSchema,
  changelogEntrySchema,
  companyReadOnlySchema,
  companyReadOnlyStateSchema,
  idParamsSchema,
} from '@erp/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../http/context.ts';
import { setCompanyReadOnly } from '../../platform/move.ts';
import { verifyAuditChain } from '../audit/audit.service.ts';
import { setAccountStatusByEmail } from './admin.service.ts';

/** The platform operators' API, used by `npm run admin` while the server holds the database. */
export function adminRoutes(deps: Deps): FastifyPluginAsyncZod {
  const tags = ['admin'];
  return async (app) => {
    for (const [path, status] of [
      ['/api/admin/block', 'blocked'],
      ['/api/admin/unblock', 'active'],
    ] as const) {
      app.post(
        path,
        {
          config: { access: 'platform' },
          schema: {
            tags,
            summary: `Set a user's account status to ${status}`,
            body: adminEmailSchema,
            response: { 200: accountStatusChangeSchema },
          },
        },
        async (request) => ({
          userId: await setAccountStatusByEmail(deps.db, request.body.email, status),
          account_status: status,
        }),
      );
    }

    app.post(
      '/api/admin/changelog',
      {
        config: { access: 'platform' },
        schema: {
          tags,
          summary: 'Add a changelog entry',
          body: changelogCreateSchema,
          response: { 201: changelogEntrySchema },
        },
      },
      async (request, reply) => reply.status(201).send(await deps.changelog.create(request.body)),
    );

    app.post(
      '/api/admin/changelog/:id/publish',
      {
        config: { access: 'platform' },
        schema: {
          tags,
          summary: 'Publish a changelog entry now',
          params: idParamsSchema,
          response: { 200: changelogEntrySchema },
        },
      },
      async (request) => deps.changelog.update(request.params.id, { is_published: true }),
    );

    app.post(
      '/api/admin/companies/:id/read-only',
      {
        config: { access: 'platform' },
        schema: {
          tags,
          summary: 'Make a company read-only (maintenance) or writable again; its users are told at once',
          params: idParamsSchema,
          body: companyReadOnlySchema,
          response: { 200: companyReadOnlyStateSchema },
        },
      },
      async (request) => {
        await setCompanyReadOnly(deps.database, request.params.id, request.body.read_only);
        return { company_id: request.params.id, read_only: request.body.read_only };
      },
    );

    app.get(
      '/api/admin/audit/verify',
      {
        config: { access: 'platform' },
        schema: {
          tags,
          summary: 'Recompute the audit hash chains',
          querystring: auditChainsQuerySchema,
          response: { 200: auditChainsResultSchema },
        },
      },
      async (request) => verifyAuditChain(deps.db, request.query.company),
    );
  };
}
