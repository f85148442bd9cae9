import {
  AppError,
  type CutResult,
  cutResultSchema,
  cuttingDefaultsOutSchema as cuttingDefaultsOut,
  cuttingDefaultsSchema,
  cuttingExportParamsSchema,
  cuttingJobCreateSchema,
  cuttingJobListQuerySchema,
  cuttingJobPageSchema,
  cuttingStockBodySchema,
  cuttingStockQuerySchema,
  cuttingStockRowSchema,
  fromWorkOrderBodySchema,
  idempotencyHeadersSchema,
  idParamsSchema as idParams,
  cuttingJobDetailSchema as jobDetail,
  optimiseBodySchema,
  optimiseQueuedSchema,
  planToCsv,
  planToDxf,
  workOrderMaterialsSchema,
} from '@erp/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { iso } from '../../db/sql.ts';
import { inCompany } from '../../http/access.ts';
import type { Deps } from '../../http/context.ts';
import { cuttingSheetPdf } from './cutting.pdf.ts';
import type { JobRow } from './cutting.service.ts';
import * as service from './cutting.service.ts';
import { optimiseJob, queueOptimise } from './cutting-optimise.ts';
import { getCuttingDefaults, putCuttingDefaults } from './cutting-settings.ts';

const wire = <T extends Pick<JobRow, 'created_at' | 'updated_at' | 'waste_percent'>>(row: T) => ({
  ...row,
  waste_percent: row.waste_percent === null ? null : String(row.waste_percent),
  created_at: iso(row.created_at),
  updated_at: iso(row.updated_at),
});

export function cuttingRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['cutting'];
    app.get(
      '/api/cutting/jobs',
      {
        config: { access: 'company.read' },
        schema: {
          tags,
          summary: 'Cutting jobs, newest first',
          querystring: cuttingJobListQuerySchema,
          response: { 200: cuttingJobPageSchema },
        },
      },
      async (request) =>
        inCompany(deps, request, async (tx) => {
          const r = await service.listJobs(
            tx,
            request.query.limit,
            request.query.offset,
            request.query.source_id,
          );
          return { items: r.items.map(wire), total: r.total };
        }),
    );

    app.post(
      '/api/cutting/jobs',
      {
        config: { access: 'cutting.write' },
        schema: {
          tags,
          summary:
            "Create a cutting job (ad-hoc list); kerf, trim, remnant minimums and weld allowance left out come from the company's cutting defaults",
          body: cuttingJobCreateSchema,
          response: { 201: jobDetail },
        },
      },
      async (request, reply) => {
        const job = await inCompany(deps, request, async (tx, ctx) => {
          const created = await service.createJob(tx, ctx, request.body);
          return service.getJob(tx, created.id);
        });
        return reply.status(201).send(wire(job));
      },
    );

    app.get(
      '/api/cutting/settings',
      {
        config: { access: 'company.read' },
        schema: {
          tags,
          summary:
            'Cutting defaults of the company: what a new cutting list starts with, per kind (whole mm)',
          response: { 200: cuttingDefaultsOut },
        },
      },
      async (request) => inCompany(deps, request, (tx) => getCuttingDefaults(tx)),
    );
    app.put(
      '/api/cutting/settings',
      {
        config: { access: 'company.manage' },
        schema: {
          tags,
          summary: 'Change the cutting defaults (existing lists keep their own values)',
          body: cuttingDefaultsSchema,
          response: { 200: cuttingDefaultsOut },
        },
      },
      async (request) => inCompany(deps, request, (tx, ctx) => putCuttingDefaults(tx, ctx, request.body)),
    );

    app.get(
      '/api/cutting/work-orders/:id/materials',
      {
        config: { access: 'company.read' },
        schema: {
          tags,
          summary:
            "What a work order is cut into: one group per sheet/bar material of its products' BOMs (null = the lines' own W × H)",
          params: idParams,
          response: { 200: workOrderMaterialsSchema },
        },
      },
      async (request) =>
        inCompany(deps, request, async (tx) => ({
          groups: await service.workOrderMaterials(tx, request.params.id),
        })),
    );

    app.post(
      '/api/cutting/jobs/from-work-order/:id',
      {
        config: { access: 'cutting.write' },
        schema: {
          tags,
          summary:
            "Create a draft cutting job from a work order: the pieces of one material (panes and profile lengths from the products' BOM cut sizes, or the lines' W × H); stock is picked afterwards",
          params: idParams,
          body: fromWorkOrderBodySchema,
          response: { 201: jobDetail },
        },
      },
      async (request, reply) => {
        const job = await inCompany(deps, request, (tx, ctx) =>
          service.createFromWorkOrder(tx, ctx, request.params.id, request.body?.material_id),
        );
        return reply.status(201).send(wire(job));
      },
    );

    app.put(
      '/api/cutting/jobs/:id/stock',
      {
        config: { access: 'cutting.write' },
        schema: {
          tags,
          summary: 'Replace the stock of a draft or planned job (drops its plan)',
          params: idParams,
          body: cuttingStockBodySchema,
          response: { 200: jobDetail },
        },
      },
      async (request) =>
        wire(
          await inCompany(deps, request, (tx, ctx) =>
            service.setStock(tx, ctx, request.params.id, request.body.stock),
          ),
        ),
    );

    app.get(
      '/api/cutting/jobs/:id',
      {
        config: { access: 'company.read' },
        schema: {
          tags,
          summary: 'One cutting job with its plan',
          params: idParams,
          response: { 200: jobDetail },
        },
      },
      async (request) => wire(await inCompany(deps, request, (tx) => service.getJob(tx, request.params.id))),
    );

    app.put(
      '/api/cutting/jobs/:id/plan',
      {
        config: { access: 'cutting.write' },
        schema: {
          tags,
          summary: 'Store a computed plan (checked by the independent validator)',
          params: idParams,
          body: cutResultSchema,
          bodyLimit: 20 * 1024 * 1024,
          response: { 200: jobDetail },
        },
      },
      async (request) =>
        wire(
          await inCompany(deps, request, (tx, ctx) =>
            service.savePlan(tx, ctx, request.params.id, request.body as CutResult),
          ),
        ),
    );

    app.post(
      '/api/cutting/jobs/:id/optimise',
      {
        config: { access: 'cutting.write' },
        schema: {
          tags,
          summary:
            "Run the optimiser on the server (worker thread, the job's time limit) and store the plan like PUT /plan; background: true queues it as a job (202, progress at GET /api/jobs/:id)",
          params: idParams,
          body: optimiseBodySchema,
          response: { 200: jobDetail, 202: optimiseQueuedSchema },
        },
      },
      async (request, reply) => {
        if (request.body?.background) {
          const queued = await inCompany(deps, request, (tx, ctx) =>
            queueOptimise(tx, ctx, request.params.id),
          );
          return reply.status(202).send({ job_id: queued.id });
        }
        const job = await optimiseJob((fn) => inCompany(deps, request, fn), request.params.id);
        return reply.status(200).send(wire(job));
      },
    );

    app.post(
      '/api/cutting/jobs/:id/confirm',
      {
        config: { access: 'cutting.write' },
        schema: {
          tags,
          summary: 'Confirm the plan: reserve its stock',
          params: idParams,
          response: { 200: jobDetail },
        },
      },
      async (request) =>
        wire(await inCompany(deps, request, (tx, ctx) => service.confirm(tx, ctx, request.params.id))),
    );

    app.post(
      '/api/cutting/jobs/:id/unconfirm',
      {
        config: { access: 'cutting.write' },
        schema: {
          tags,
          summary: 'Undo a confirmation before cutting: release its reservations, back to planned',
          params: idParams,
          response: { 200: jobDetail },
        },
      },
      async (request) =>
        wire(await inCompany(deps, request, (tx, ctx) => service.unconfirm(tx, ctx, request.params.id))),
    );

    app.post(
      '/api/cutting/jobs/:id/complete',
      {
        config: { access: 'cutting.write' },
        schema: {
          tags,
          summary: 'Complete: consume the stock, return remnants (Idempotency-Key supported)',
          params: idParams,
          headers: idempotencyHeadersSchema,
          response: { 200: jobDetail },
        },
      },
      async (request) =>
        wire(await inCompany(deps, request, (tx, ctx) => service.complete(tx, ctx, request.params.id))),
    );

    app.get(
      '/api/cutting/stock',
      {
        config: { access: 'company.read' },
        schema: {
          tags,
          summary:
            'Inventory stock usable for cutting (items with dimensions, per location and lot; remnants first): pieces and the base unit',
          querystring: cuttingStockQuerySchema,
          response: { 200: z.array(cuttingStockRowSchema) },
        },
      },
      async (request) =>
        inCompany(deps, request, (tx) => service.stock(tx, request.query.kind, request.query.job_id)),
    );

    app.get(
      '/api/cutting/jobs/:id/export/:format',
      {
        config: { access: 'company.read' },
        schema: {
          tags,
          summary: 'Cutting sheet as PDF, cut list as CSV, layouts as DXF',
          params: cuttingExportParamsSchema,
        },
      },
      async (request, reply) => {
        const job = await inCompany(deps, request, (tx) => service.getJob(tx, request.params.id));
        if (!job.plan) throw new AppError('NOT_FOUND', 'Krojna lista još nema plan');
        const name = `krojna-lista-${job.number}`;
        const { format } = request.params;
        reply.header('content-disposition', `attachment; filename="${name}.${format}"`);
        if (format === 'csv')
          return reply.type('text/csv; charset=utf-8').send(`\uFEFF${planToCsv(job.input, job.plan)}`);
        if (format === 'dxf') return reply.type('application/dxf').send(planToDxf(job.plan, job.input));
        return reply.type('application/pdf').send(await cuttingSheetPdf(job, job.plan));
      },
    );
  };
}
