import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inCompany } from '../../http/access.ts';
import type { Deps } from '../../http/context.ts';
import { auditPage, verifyAuditChain } from './audit.service.ts';

const tableName = z.string().regex(/^[a-z_][a-z0-9_]{0,62}$/, 'validation.invalid');
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.invalid');
const entrySchema = z.object({
  seq: z.number(),
  at: z.string(),
  actor_id: z.string().nullable(),
  actor_name: z.string().nullable(),
  is_platform: z.boolean(),
  table_name: z.string(),
  row_id: z.string(),
  action: z.enum(['INSERT', 'UPDATE', 'DELETE']),
  changes: z.array(
    z.object({ field: z.string(), old: z.unknown(), new: z.unknown(), encrypted: z.boolean() }),
  ),
});
const pageSchema = z.object({
  rows: z.array(entrySchema),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});
const listQuery = z.object({
  table: tableName.optional(),
  user: z.uuid().optional(),
  from: day.optional(),
  to: day.optional(),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(50),
});

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
          querystring: listQuery,
          response: { 200: pageSchema },
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
          params: z.object({ table: tableName, id: z.uuid() }),
          querystring: listQuery.pick({ page: true, page_size: true }),
          response: { 200: pageSchema },
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
          response: {
            200: z.object({
              ok: z.boolean(),
              rows: z.number(),
              unsealed: z.number(),
              first_break: z.object({ seq: z.number(), reason: z.string() }).nullable(),
            }),
          },
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
          first_break: result.firstBreak
            ? { seq: result.firstBreak.seq, reason: result.firstBreak.reason }
            : null,
        };
      },
    );
  };
}
