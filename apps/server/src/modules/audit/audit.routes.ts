import {
  auditPageSchema,
  auditQuerySchema,
  auditRecordParamsSchema,
  auditRecordQuerySchema,
  auditVerifySchema,
} from '@erp/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inCompany } from '../../http/access.ts';
import type { Deps } from '../../http/context.ts';
import { auditPage, verifyAuditChain } from './audit.service.ts';

// Audit views need `audit.read` (owners and admins): old values of every field, including prices
// and personal data, are more than `company.read` shows on the record pages themselves.
export function auditRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['audit'];
    app.get(
      '/api/audit',
      {
        config: { access: 'audit.read' },
        schema: {
          tags,
          summary: 'Company audit trail (filters, paging)',
          querystring: auditQuerySchema,
          response: { 200: auditPageSchema },
        },
      },
      (request) => inCompany(deps, request, (tx, ctx) => auditPage(tx, ctx, request.query)),
    );

    app.get(
      '/api/audit/records/:table/:id',
      {
        config: { access: 'audit.read' },
        schema: {
          tags,
          summary: 'History of one record (who, when, fields old → new)',
          params: auditRecordParamsSchema,
          querystring: auditRecordQuerySchema,
          response: { 200: auditPageSchema },
        },
      },
      (request) =>
        inCompany(deps, request, (tx, ctx) =>
          auditPage(tx, ctx, {
            table: request.params.table,
            row_id: request.params.id,
            page: request.query.page,
            page_size: request.query.page_size,
          }),
        ),
    );

    app.post(
      '/api/audit/verify',
      {
        config: { access: 'audit.read' },
        schema: {
          tags,
          summary: "Verify the current company's audit chain",
          response: { 200: auditVerifySchema },
        },
      },
      async (request) => {
        // The membership and permission are checked first; the chain is then read for that company only.
        const companyId = await inCompany(deps, request, async (_tx, ctx) => ctx.companyId);
        const result = await verifyAuditChain(deps.db, companyId);
        return {
          ok: result.ok,
          rows: result.rows,
          unsealed: result.unsealed,
          pending: result.pending,
          first_break: result.firstBreak
            ? { seq: result.firstBreak.seq, reason: result.firstBreak.reason }
            : null,
        };
      },
    );
  };
}
