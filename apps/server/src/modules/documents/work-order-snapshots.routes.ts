import { idParamsSchema, workOrderVersionParamsSchema, workOrderVersionsSchema } from '@erp/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inCompany } from '../../http/access.ts';
import type { Deps } from '../../http/context.ts';
import { contentDisposition } from '../../pdf/content-disposition.ts';
import { issueVersion, versionPdf, versions } from './work-order-snapshots.ts';

// The stored versions of a work order sheet: the list with the sheet's state (current or out of
// date), "Izdaj novu verziju" (Idempotency-Key through inCompany), and each version's PDF as stored.

export function workOrderSnapshotRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['documents'];
    app.get(
      '/api/documents/work-orders/:id/versions',
      {
        config: { access: 'company.read' },
        schema: {
          tags,
          summary: 'Stored versions of the work order sheet and whether the sheet printed now differs',
          params: idParamsSchema,
          response: { 200: workOrderVersionsSchema },
        },
      },
      (request) => inCompany(deps, request, (tx, ctx) => versions(tx, ctx.companyId, request.params.id)),
    );
    app.post(
      '/api/documents/work-orders/:id/versions',
      {
        config: { access: 'production.write' },
        schema: {
          tags,
          summary: 'Issue the next version of a released work order sheet (refused when unchanged)',
          params: idParamsSchema,
          response: { 201: workOrderVersionsSchema },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await inCompany(deps, request, (tx, ctx) => issueVersion(tx, ctx, request.params.id))),
    );
    app.get(
      '/api/documents/work-orders/:id/versions/:version/pdf',
      {
        config: { access: 'company.read' },
        schema: {
          tags,
          summary: 'One stored version of the work order sheet, as stored',
          params: workOrderVersionParamsSchema,
        },
      },
      async (request, reply) => {
        const { wo, pdf } = await inCompany(deps, request, (tx) =>
          versionPdf(tx, request.params.id, request.params.version),
        );
        return reply
          .header('content-type', 'application/pdf')
          .header(
            'content-disposition',
            contentDisposition(
              'inline',
              `Radni nalog-${wo.number ?? 'nacrt'}-v${request.params.version}.pdf`,
            ),
          )
          .header('cache-control', 'no-store')
          .send(pdf);
      },
    );
  };
}
