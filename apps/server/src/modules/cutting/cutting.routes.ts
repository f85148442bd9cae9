import {
  AppError,
  type CutResult,
  cuttingDefaultsSchema,
  cuttingJobCreateSchema,
  planToCsv,
  planToDxf,
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

const int = z.number().int();
const placement = z.object({
  pieceId: z.string(),
  label: z.string().optional(),
  x: int,
  y: int.optional(),
  length: int.optional(),
  width: int.optional(),
  height: int.optional(),
  rotated: z.boolean().optional(),
});
const layout = z.object({
  stockId: z.string(),
  length: int.optional(),
  width: int.optional(),
  height: int.optional(),
  placements: z.array(placement),
  cuts: z.array(
    z.object({
      x: int.optional(),
      width: int.optional(),
      stage: int.optional(),
      x1: int.optional(),
      y1: int.optional(),
      x2: int.optional(),
      y2: int.optional(),
    }),
  ),
  offcuts: z.array(
    z.object({
      x: int,
      y: int.optional(),
      length: int.optional(),
      width: int.optional(),
      height: int.optional(),
    }),
  ),
  wastePercent: z.number(),
});
/** The optimiser's result as it travels (allow-list both ways; the validator checks the rest). */
export const cutResultSchema = z.object({
  kind: z.enum(['1d', '2d']),
  stockUsed: z.array(z.object({ stockId: z.string(), count: int })),
  layouts: z.array(layout).max(5000),
  lowerBound: int,
  wastePercent: z.number(),
  timeMs: z.number(),
  optimal: z.boolean(),
  distinctPatterns: int.optional(),
});

const jobSummary = z.object({
  id: z.string(),
  number: z.number(),
  name: z.string(),
  kind: z.enum(['1d', '2d']),
  status: z.enum(['draft', 'planned', 'confirmed', 'completed']),
  source_type: z.enum(['adhoc', 'work_order']),
  source_id: z.string().nullable(),
  stock_count: z.number().nullable(),
  lower_bound: z.number().nullable(),
  waste_percent: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
const jobDetail = jobSummary.extend({
  input: z.any(),
  plan: cutResultSchema.nullable(),
  remnants: z.array(
    z.object({
      id: z.string(),
      item_id: z.string(),
      sku: z.string(),
      lot_id: z.string().nullable(),
      lot_number: z.string().nullable(),
      parent_lot_id: z.string().nullable(),
      length_mm: z.number(),
      width_mm: z.number(),
      /** the item's base unit and the remnant in it (area in m², length in m, or 1 piece) */
      unit: z.string(),
      measure: z.string().nullable(),
    }),
  ),
});

const wire = <T extends Pick<JobRow, 'created_at' | 'updated_at' | 'waste_percent'>>(row: T) => ({
  ...row,
  waste_percent: row.waste_percent === null ? null : String(row.waste_percent),
  created_at: iso(row.created_at),
  updated_at: iso(row.updated_at),
});

const idParams = z.object({ id: z.uuid() });
const cuttingDefaultsOut = z.object({
  kerf_2d: int,
  trim_2d: int,
  min_remnant_length_2d: int,
  min_remnant_width_2d: int,
  kerf_1d: int,
  trim_head_1d: int,
  trim_tail_1d: int,
  min_remnant_length_1d: int,
  bar_length_1d: int,
  weld_allowance_1d: int,
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
          querystring: z.object({
            limit: z.coerce.number().int().min(1).max(200).optional().default(50),
            offset: z.coerce.number().int().min(0).optional().default(0),
            /** only the jobs made from this source (a work order) */
            source_id: z.uuid().optional(),
          }),
          response: { 200: z.object({ items: z.array(jobSummary), total: z.number() }) },
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
          response: {
            200: z.object({
              groups: z.array(
                z.object({
                  material_id: z.string().nullable(),
                  sku: z.string().nullable(),
                  name: z.string().nullable(),
                  kind: z.enum(['1d', '2d']),
                  /** distinct pieces (rows of the cutting list) */
                  lines: z.number(),
                  /** pieces to cut in total */
                  pieces: z.number(),
                }),
              ),
            }),
          },
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
          body: z
            .object({
              /** the material group to cut; null = the lines' own W × H; omitted = the only group */
              material_id: z.uuid().nullable().optional(),
            })
            .nullish(),
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
          body: z.object({ stock: z.array(z.unknown()).max(200) }),
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
          body: z.object({ background: z.boolean().optional().default(false) }).nullish(),
          response: { 200: jobDetail, 202: z.object({ job_id: z.string() }) },
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
      '/api/cutting/jobs/:id/complete',
      {
        config: { access: 'cutting.write' },
        schema: {
          tags,
          summary: 'Complete: consume the stock, return remnants (Idempotency-Key supported)',
          params: idParams,
          headers: z.object({ 'idempotency-key': z.string().min(8).max(200).optional() }),
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
          querystring: z.object({
            kind: z.enum(['1d', '2d']),
            /** a list: its work order's reservations of the list's material count as free */
            job_id: z.uuid().optional(),
          }),
          response: {
            200: z.array(
              z.object({
                item_id: z.string(),
                sku: z.string(),
                name: z.string(),
                location_id: z.string(),
                location_code: z.string(),
                lot_id: z.string().nullable(),
                lot_number: z.string().nullable(),
                length: z.number(),
                width: z.number().nullable(),
                /** whole pieces free to plan with (the inventory's free-stock rule, as confirmation checks) */
                quantity: z.number(),
                /** whole pieces on hand (of the remnant's own size, else the item's) */
                pieces_on_hand: z.number(),
                /** the item's base unit (m2, m, kom) and the balance in it */
                unit: z.string(),
                on_hand: z.string(),
                /** on hand − free: its own reservations and its share of lot-less ones */
                reserved: z.string(),
                remnant: z.boolean(),
                /** a remnant: the standard sheet/bar item it was cut from (through remnants of remnants); else null */
                material_id: z.string().nullable(),
              }),
            ),
          },
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
          params: z.object({ id: z.uuid(), format: z.enum(['pdf', 'csv', 'dxf']) }),
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
