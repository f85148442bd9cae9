import {
  registerFileParamsSchema,
  registerPeriodSchema,
  registerSchema,
  vatSummarySchema,
} from '@erp/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inCompany } from '../../http/access.ts';
import type { Deps } from '../../http/context.ts';
import { registerFile, vatFile } from './registers.export.ts';
import * as service from './registers.service.ts';

/** IRA, URA and the VAT summary for a period, as JSON and as XLSX / CSV files. */
export function registersRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['registers'];
    const config = { access: 'company.read' as const };
    for (const kind of ['ira', 'ura'] as const) {
      const build = kind === 'ira' ? service.ira : service.ura;
      app.get(
        `/api/registers/${kind}`,
        {
          config,
          schema: {
            tags,
            summary:
              kind === 'ira'
                ? 'IRA: issued invoices and credit notes of the period, per VAT rate'
                : 'URA: approved received invoices of the period, per VAT rate, with deductible VAT',
            querystring: registerPeriodSchema,
            response: { 200: registerSchema },
          },
        },
        (request) => inCompany(deps, request, (tx) => build(tx, request.query)),
      );
      app.get(
        `/api/registers/${kind}.:format`,
        {
          config,
          schema: {
            tags,
            summary: `${kind.toUpperCase()} as XLSX or CSV`,
            params: registerFileParamsSchema,
            querystring: registerPeriodSchema,
          },
        },
        async (request, reply) => {
          const file = await inCompany(deps, request, async (tx) =>
            registerFile(kind, await build(tx, request.query), request.params.format),
          );
          return reply
            .header('content-type', file.type)
            .header('content-disposition', `attachment; filename="${file.filename}"`)
            .header('cache-control', 'no-store')
            .send(file.data);
        },
      );
    }
    app.get(
      '/api/registers/vat',
      {
        config,
        schema: {
          tags,
          summary: 'VAT summary of the period: output and input VAT per rate, payable',
          querystring: registerPeriodSchema,
          response: { 200: vatSummarySchema },
        },
      },
      (request) => inCompany(deps, request, (tx) => service.vatSummary(tx, request.query)),
    );
    app.get(
      '/api/registers/vat.:format',
      {
        config,
        schema: {
          tags,
          summary: 'VAT summary as XLSX or CSV',
          params: registerFileParamsSchema,
          querystring: registerPeriodSchema,
        },
      },
      async (request, reply) => {
        const file = await inCompany(deps, request, async (tx) =>
          vatFile(await service.vatSummary(tx, request.query), request.params.format),
        );
        return reply
          .header('content-type', file.type)
          .header('content-disposition', `attachment; filename="${file.filename}"`)
          .header('cache-control', 'no-store')
          .send(file.data);
      },
    );
  };
}
