import {
  AppError,
  completionInputSchema,
  creditNoteInputSchema,
  type DocumentKind,
  documentListQuerySchema,
  documentSettingsSchema,
  invoiceInputSchema,
  OPERATION_STATUSES,
  PRICING_SETTING_KEYS,
  paymentInputSchema,
  pricingSettingsSchema,
  processCategorySchema,
  qualityCheckInputSchema,
  quoteInputSchema,
  routingWarningSchema,
  timeLogInputSchema,
  workOrderInputSchema,
} from '@erp/domain';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Tx } from '../../db/database.ts';
import { inCompany } from '../../http/access.ts';
import type { Deps } from '../../http/context.ts';
import { contentDisposition } from '../../pdf/content-disposition.ts';
import { advancesOf } from './advances.service.ts';
import { renderPdf, TITLES } from './documents.pdf.ts';
import * as repo from './documents.repo.ts';
import * as service from './documents.service.ts';
import { documentPdf, frozenFile } from './frozen-files.ts';
import * as invoices from './invoices.service.ts';
import { getPricingSettings, putPricingSettings } from './pricing-settings.ts';
import { trace } from './trace.service.ts';
import './documents.history.ts';
import * as workOrders from './work-orders.service.ts';

const uuid = z.uuid({ error: 'validation.invalid' });
const idParams = z.object({ id: uuid });
const opParams = z.object({ id: uuid, opId: uuid });
const s = z.string();
const sN = z.string().nullable();

const documentSchema = z.object({
  id: s,
  kind: s,
  number: sN,
  status: s,
  client_id: sN,
  client_name: sN,
  doc_date: s,
  valid_until: sN,
  due_date: sN,
  delivery_date: sN,
  issued_at: sN,
  delivery_address: sN,
  note: sN,
  rush: z.boolean().optional(),
  source_location_id: sN,
  output_location_id: sN,
  reference_model: sN,
  payment_reference: sN,
  place_of_issue: sN,
  original_invoice_id: sN,
  stock_document_id: sN,
  reversal_document_id: sN,
  output_lot_id: sN,
  net_total: s,
  vat_total: s,
  total: s,
  paid_total: s,
  credited_total: s,
  /** Advance invoices (0041): the quote or work order it is for; a final invoice's deducted advances. */
  advance_for_id: sN.optional(),
  advance_total: s.optional(),
  payment_status: sN,
  outstanding: sN,
  actions: z.array(s),
  created_at: s,
  updated_at: s,
});

const lineSchema = z.object({
  id: s,
  position: z.number(),
  item_id: sN,
  sku: sN,
  item_name: sN,
  description: s,
  quantity: s,
  unit: s,
  width_mm: sN,
  height_mm: sN,
  unit_price: s,
  discount_pct: s,
  vat_rate: s,
  net_amount: s,
  kpd_code: sN,
  lot_id: sN,
  lot_number: sN,
  /** The line this one delivers, bills or credits (kept when a draft is edited). */
  source_line_id: sN.optional(),
  /** Measure pricing: the billed m² or m of one piece when the rule set the price. */
  billed_measure: sN.optional(),
  billed_unit: sN.optional(),
  shaped: z.boolean().optional(),
  /** Glass work per pane and the warnings of its holes (diameter, edge distance). */
  hole_count: z.number().optional(),
  hole_diameter_mm: sN.optional(),
  hole_edge_mm: sN.optional(),
  cutout_count: z.number().optional(),
  edge_type: sN.optional(),
  coating_removal: z.boolean().optional(),
  item_thickness_mm: sN.optional(),
  warnings: z.array(z.object({ key: s, params: z.record(z.string(), s) })).optional(),
  /** Window/door lines: the item's kind (the editor offers the fields on products) and the fields. */
  item_kind: sN.optional(),
  profile_system: sN.optional(),
  glass_makeup: sN.optional(),
  colour: sN.optional(),
  hardware_set: sN.optional(),
  /** The item's price basis and pricing fields, so an editor can recompute the price live. */
  price_basis: sN.optional(),
  glass_kind: sN.optional(),
  item_sales_price: sN.optional(),
  item_min_charge: sN.optional(),
});

const pricingSettingsOut = z.object({
  ...(Object.fromEntries(PRICING_SETTING_KEYS.map((k) => [k, s])) as Record<
    (typeof PRICING_SETTING_KEYS)[number],
    typeof s
  >),
  area_bands: z.array(z.object({ max_area_m2: s, surcharge_pct: s })),
});

const linkSchema = z.object({ id: s, kind: s, number: sN, status: s, relation: s, direction: s });

export const detailSchema = z.object({
  document: documentSchema,
  lines: z.array(lineSchema),
  links: z.array(linkSchema),
  materials: z
    .array(
      z.object({
        id: s,
        item_id: s,
        sku: s,
        name: s,
        unit: s,
        planned_qty: s,
        actual_qty: sN,
        planned_unit_cost: s,
        actual_unit_cost: sN,
        reservation_id: sN,
        reservation_status: sN,
        on_hand_at_location: s,
        available: s,
        lot_tracked: z.boolean(),
        consumed_lots: z.array(z.object({ lot_id: s, lot_number: s, quantity: s })),
      }),
    )
    .optional(),
  operations: z
    .array(
      z.object({
        id: s,
        line_id: sN,
        item_id: sN,
        position: z.number(),
        process_id: sN,
        category: processCategorySchema,
        code: s,
        name: s,
        planned_minutes: s,
        cost_per_hour: s,
        quality_check_required: z.boolean(),
        status: s,
        logged_minutes: s,
        last_check: sN,
        last_check_note: sN,
      }),
    )
    .optional(),
  /** Processing-order warnings of the operations (domain checkRoutingOrder), per line and item. */
  operation_warnings: z.array(routingWarningSchema).optional(),
  /** A completed work order's consumption corrections (work-order-corrections.ts). */
  corrections: z
    .array(
      z.object({
        id: s,
        document_date: s,
        created_at: s,
        reason: sN,
        note: sN,
        value: s,
        lines: z.array(
          z.object({ line_no: z.number(), item_id: s, sku: s, lot_number: sN, quantity: s, unit_cost: s }),
        ),
      }),
    )
    .optional(),
  costs: z
    .object({
      planned_material: sN,
      planned_labour: sN,
      actual_material: sN,
      actual_labour: sN,
      material_correction: sN.optional(),
    })
    .optional(),
  payments: z.array(z.object({ id: s, paid_on: s, amount: s, note: sN })).optional(),
  /** A quote's or work order's advance invoices, an advance itself, or what a final invoice deducted. */
  advances: z
    .array(
      z.object({
        id: s,
        number: sN,
        doc_date: s,
        advance_for_id: sN,
        net_total: s,
        vat_total: s,
        total: s,
        paid_total: s,
        credited_total: s,
        deducted_by_id: sN,
        deducted_by_number: sN,
        rates: z.array(z.object({ rate: s, base: s, vat: s })),
      }),
    )
    .optional(),
});

const listSchema = z.object({
  items: z.array(documentSchema),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});

const historySchema = z.array(
  z.object({
    seq: z.number(),
    table_name: s,
    action: s,
    changes: z.record(z.string(), z.unknown()),
    actor_id: sN,
    actor_name: sN,
    at: s,
  }),
);

/** The full detail of any document: work orders add materials, operations and costs; invoices payments. */
async function fullDetail(tx: Tx, id: string) {
  const base = await service.detail(tx, id);
  const advances = await advancesOf(tx, base.document);
  if (base.document.kind === 'work_order') return { ...(await workOrders.workOrderDetail(tx, id)), advances };
  if (base.document.kind === 'invoice')
    return { ...base, payments: await invoices.payments(tx, id), advances };
  return base.document.kind === 'quote' ? { ...base, advances } : base;
}

function sendPdf(reply: FastifyReply, filename: string, pdf: Buffer) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', contentDisposition('inline', filename))
    .header('cache-control', 'no-store')
    .send(pdf);
}

export function documentsRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['documents'];
    const read = { access: 'company.read' as const };
    const docs = { access: 'documents.write' as const };
    const prod = { access: 'production.write' as const };
    const billing = { access: 'invoices.write' as const };
    const run = <T>(request: FastifyRequest, fn: Parameters<typeof inCompany<T>>[2]) =>
      inCompany(deps, request, fn);
    const detailResponse = { 200: detailSchema };

    // Lists and creation per kind -------------------------------------------------------------
    const kinds: { path: string; kinds: DocumentKind[]; summary: string }[] = [
      { path: '/api/documents/quotes', kinds: ['quote'], summary: 'Quotes' },
      { path: '/api/documents/work-orders', kinds: ['work_order'], summary: 'Work orders' },
      { path: '/api/delivery-notes', kinds: ['delivery_note'], summary: 'Delivery notes' },
      { path: '/api/invoices', kinds: ['invoice', 'credit_note'], summary: 'Invoices and credit notes' },
    ];
    for (const k of kinds) {
      app.get(
        k.path,
        {
          config: read,
          schema: {
            tags,
            summary: `${k.summary}: search, filter by status/client/date, sort, page`,
            querystring: documentListQuerySchema,
            response: { 200: listSchema },
          },
        },
        (request) => run(request, (tx) => service.list(tx, k.kinds, request.query)),
      );
    }

    app.post(
      '/api/documents/quotes',
      {
        config: docs,
        schema: {
          tags,
          summary: 'Create a quote (numbered at once)',
          body: quoteInputSchema,
          response: { 201: detailSchema },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await run(request, (tx, ctx) => service.createDraft(tx, ctx, 'quote', request.body))),
    );
    app.put(
      '/api/documents/quotes/:id',
      {
        config: docs,
        schema: {
          tags,
          summary: 'Edit a draft quote',
          params: idParams,
          body: quoteInputSchema,
          response: detailResponse,
        },
      },
      (request) =>
        run(request, (tx, ctx) => service.updateDraft(tx, ctx, request.params.id, 'quote', request.body)),
    );
    for (const action of ['send', 'accept', 'reject'] as const) {
      app.post(
        `/api/documents/quotes/:id/${action}`,
        {
          config: docs,
          schema: { tags, summary: `Quote: ${action}`, params: idParams, response: detailResponse },
        },
        (request) => run(request, (tx, ctx) => service.quoteAction(tx, ctx, request.params.id, action)),
      );
    }
    app.post(
      '/api/documents/quotes/:id/convert',
      {
        config: docs,
        schema: {
          tags,
          summary: 'Accepted quote → linked work order (Idempotency-Key)',
          params: idParams,
          response: { 201: detailSchema },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await run(request, (tx, ctx) => service.convertQuote(tx, ctx, request.params.id))),
    );
    app.post(
      '/api/documents/:id/duplicate',
      {
        config: docs,
        schema: {
          tags,
          summary: 'Copy a quote or work order as a new draft',
          params: idParams,
          response: { 201: detailSchema },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await run(request, (tx, ctx) => service.duplicate(tx, ctx, request.params.id))),
    );

    // Work orders -------------------------------------------------------------------------------
    app.post(
      '/api/documents/work-orders',
      {
        config: docs,
        schema: {
          tags,
          summary: 'Create a work order',
          body: workOrderInputSchema,
          response: { 201: detailSchema },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await run(request, (tx, ctx) => service.createDraft(tx, ctx, 'work_order', request.body))),
    );
    app.put(
      '/api/documents/work-orders/:id',
      {
        config: docs,
        schema: {
          tags,
          summary: 'Edit a draft work order',
          params: idParams,
          body: workOrderInputSchema,
          response: detailResponse,
        },
      },
      (request) =>
        run(request, (tx, ctx) =>
          service.updateDraft(tx, ctx, request.params.id, 'work_order', request.body),
        ),
    );
    app.post(
      '/api/documents/work-orders/:id/plan',
      {
        config: prod,
        schema: {
          tags,
          summary: 'Plan: explode BOMs, reserve materials, create operations (Idempotency-Key)',
          params: idParams,
          response: detailResponse,
        },
      },
      (request) => run(request, (tx, ctx) => workOrders.plan(tx, ctx, request.params.id)),
    );
    app.post(
      '/api/documents/work-orders/:id/start',
      {
        config: prod,
        schema: { tags, summary: 'Start production', params: idParams, response: detailResponse },
      },
      (request) => run(request, (tx, ctx) => workOrders.start(tx, ctx, request.params.id)),
    );
    app.post(
      '/api/documents/work-orders/:id/complete',
      {
        config: prod,
        schema: {
          tags,
          summary:
            'Complete: consumption, output with a new lot, lot links, actual cost, in one transaction (Idempotency-Key)',
          params: idParams,
          body: completionInputSchema,
          response: detailResponse,
        },
      },
      (request) => run(request, (tx, ctx) => workOrders.complete(tx, ctx, request.params.id, request.body)),
    );
    app.post(
      '/api/documents/work-orders/:id/cancel',
      {
        config: prod,
        schema: {
          tags,
          summary: 'Cancel and release reservations',
          params: idParams,
          response: detailResponse,
        },
      },
      (request) => run(request, (tx, ctx) => workOrders.cancel(tx, ctx, request.params.id)),
    );
    for (const action of ['start', 'pause', 'finish', 'reopen'] as const) {
      app.post(
        `/api/documents/work-orders/:id/operations/:opId/${action}`,
        {
          config: prod,
          schema: { tags, summary: `Operation: ${action}`, params: opParams, response: detailResponse },
        },
        (request) =>
          run(request, (tx, ctx) =>
            workOrders.operationAction(tx, ctx, request.params.id, request.params.opId, action),
          ),
      );
    }
    void OPERATION_STATUSES;
    app.post(
      '/api/documents/work-orders/:id/operations/:opId/time',
      {
        config: prod,
        schema: {
          tags,
          summary: 'Log time on an operation',
          params: opParams,
          body: timeLogInputSchema,
          response: detailResponse,
        },
      },
      (request) =>
        run(request, (tx, ctx) =>
          workOrders.logTime(tx, ctx, request.params.id, request.params.opId, request.body),
        ),
    );
    app.post(
      '/api/documents/work-orders/:id/operations/:opId/checks',
      {
        config: prod,
        schema: {
          tags,
          summary: 'Record a quality check (pass/fail/note)',
          params: opParams,
          body: qualityCheckInputSchema,
          response: detailResponse,
        },
      },
      (request) =>
        run(request, (tx, ctx) =>
          workOrders.qualityCheck(tx, ctx, request.params.id, request.params.opId, request.body),
        ),
    );

    // Invoices ----------------------------------------------------------------------------------
    app.post(
      '/api/invoices',
      {
        config: billing,
        schema: {
          tags,
          summary: 'Create a draft invoice (from delivery notes and/or lines)',
          body: invoiceInputSchema,
          response: { 201: detailSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await run(request, (tx, ctx) => invoices.create(tx, ctx, request.body))),
    );
    app.put(
      '/api/invoices/:id',
      {
        config: billing,
        schema: {
          tags,
          summary: 'Edit a draft invoice',
          params: idParams,
          body: invoiceInputSchema,
          response: detailResponse,
        },
      },
      (request) => run(request, (tx, ctx) => invoices.update(tx, ctx, request.params.id, request.body)),
    );
    app.post(
      '/api/invoices/:id/issue',
      {
        config: billing,
        schema: {
          tags,
          summary: 'Issue: number, time, payment reference; immutable after (Idempotency-Key)',
          params: idParams,
          response: detailResponse,
        },
      },
      (request) => run(request, (tx, ctx) => invoices.issue(tx, ctx, request.params.id)),
    );
    app.post(
      '/api/invoices/:id/credit-notes',
      {
        config: billing,
        schema: {
          tags,
          summary: 'Issue a credit note against an issued invoice (Idempotency-Key)',
          params: idParams,
          body: creditNoteInputSchema,
          response: { 201: detailSchema },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await run(request, (tx, ctx) => invoices.creditNote(tx, ctx, request.params.id, request.body)),
          ),
    );
    app.post(
      '/api/invoices/:id/payments',
      {
        config: billing,
        schema: {
          tags,
          summary: 'Record a payment (Idempotency-Key)',
          params: idParams,
          body: paymentInputSchema,
          response: detailResponse,
        },
      },
      (request) => run(request, (tx, ctx) => invoices.addPayment(tx, ctx, request.params.id, request.body)),
    );
    app.get(
      '/api/invoices/:id/ubl',
      {
        config: read,
        schema: { tags, summary: 'EN 16931 UBL 2.1 e-invoice (Croatian CIUS)', params: idParams },
      },
      async (request, reply) => {
        const { number, xml } = await run(request, async (tx, ctx) => {
          const doc = await repo.requireDocument(tx, request.params.id, ['invoice', 'credit_note']);
          const stored = await frozenFile(tx, ctx.companyId, doc, 'ubl');
          // An issued document is served as stored; anything else gets ubl()'s refusal.
          return stored ? { number: doc.number as string, xml: stored } : invoices.ubl(tx, doc.id);
        });
        return reply
          .header('content-type', 'application/xml; charset=utf-8')
          .header('content-disposition', `attachment; filename="${number.replace(/[^\w.-]+/g, '_')}.xml"`)
          .send(xml);
      },
    );

    // Any document ------------------------------------------------------------------------------
    app.get(
      '/api/documents/settings',
      {
        config: read,
        schema: {
          tags,
          summary: 'Numbering and invoice settings',
          response: { 200: documentSettingsSchema },
        },
      },
      (request) => run(request, (tx, ctx) => service.getSettings(tx, ctx)),
    );
    app.put(
      '/api/documents/settings',
      {
        config: { access: 'company.manage' as const },
        schema: {
          tags,
          summary: 'Change numbering and invoice settings',
          body: documentSettingsSchema,
          response: { 200: documentSettingsSchema },
        },
      },
      (request) => run(request, (tx, ctx) => service.putSettings(tx, ctx, request.body)),
    );
    app.get(
      '/api/documents/pricing-settings',
      {
        config: read,
        schema: {
          tags,
          summary:
            'Measure pricing settings (dimension step, minimum areas, minimum edge, shape surcharge, hole and cut-out prices, price bands by pane area)',
          response: { 200: pricingSettingsOut },
        },
      },
      (request) => run(request, (tx) => getPricingSettings(tx)),
    );
    app.put(
      '/api/documents/pricing-settings',
      {
        config: { access: 'company.manage' as const },
        schema: {
          tags,
          summary: 'Change the measure pricing settings',
          body: pricingSettingsSchema,
          response: { 200: pricingSettingsOut },
        },
      },
      (request) => run(request, (tx, ctx) => putPricingSettings(tx, ctx, request.body)),
    );
    app.get(
      '/api/documents/pdf',
      {
        config: read,
        schema: {
          tags,
          summary: 'Several documents in one PDF (bulk print)',
          querystring: z.object({ ids: z.string().max(40 * 200) }),
        },
      },
      async (request, reply) => {
        const ids = request.query.ids.split(',').filter(Boolean);
        if (ids.length === 0 || ids.length > 200 || !ids.every((id) => uuid.safeParse(id).success))
          throw new AppError('VALIDATION', 'Neispravan popis dokumenata', [
            { field: 'ids', key: 'validation.invalid' },
          ]);
        const pdf = await run(request, async (tx, ctx) => {
          const found = await repo.rows<{ id: string }>(
            tx,
            sql`select id from documents where id = any(${repo.uuids(ids)})`,
          );
          if (found.length !== new Set(ids).size) throw service.notFound();
          return renderPdf(tx, ctx.companyId, ids);
        });
        return sendPdf(reply, 'dokumenti.pdf', pdf);
      },
    );
    app.get(
      '/api/documents/trace/lots/:id',
      {
        config: read,
        schema: {
          tags,
          summary:
            'Traceability of a lot: what it went into, which delivery notes and clients got it, and back',
          params: idParams,
        },
      },
      (request) => run(request, (tx) => trace(tx, request.params.id)),
    );
    app.get(
      '/api/documents/:id',
      {
        config: read,
        schema: {
          tags,
          summary: 'Any document with lines, links and kind-specific detail',
          params: idParams,
          response: detailResponse,
        },
      },
      (request) => run(request, (tx) => fullDetail(tx, request.params.id)),
    );
    app.get(
      '/api/documents/:id/history',
      {
        config: read,
        schema: {
          tags,
          summary: 'Change history from the audit trail',
          params: idParams,
          response: { 200: historySchema },
        },
      },
      (request) => run(request, (tx) => service.history(tx, request.params.id)),
    );
    app.get(
      '/api/documents/:id/pdf',
      { config: read, schema: { tags, summary: 'Printable PDF', params: idParams } },
      async (request, reply) => {
        const { pdf, name } = await run(request, async (tx, ctx) => {
          const doc = await repo.getDocument(tx, request.params.id);
          if (!doc) throw service.notFound();
          return {
            pdf: await documentPdf(tx, ctx.companyId, doc),
            name: `${TITLES[doc.kind]}-${doc.number ?? 'nacrt'}.pdf`,
          };
        });
        return sendPdf(reply, name, pdf);
      },
    );
  };
}
