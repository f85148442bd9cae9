import { z } from 'zod';
import { PRICING_SETTING_KEYS } from '../pricing/measure-pricing.ts';
import { processCategorySchema, routingWarningSchema } from '../production/processing-order.ts';
import { MAIL_SECURITY } from './mail.ts';
import { DOCUMENT_KINDS } from './schemas.ts';
import { OPERATION_STATUSES, PAYMENT_STATUSES } from './status.ts';

// The documents area's answers (issue 20): quotes, work orders, delivery notes, invoices and credit
// notes share one detail shape. The server serialises with these schemas (an allow-list: a field
// missing here never leaves the server) and the web types its calls with `z.infer` of the same
// schemas. Money and quantities travel as decimal strings.

const s = z.string();
const sN = z.string().nullable();

export const documentKindSchema = z.enum(DOCUMENT_KINDS);

/** A document header as lists and the detail show it, with what the user may do next. */
export const documentSchema = z.object({
  id: s,
  kind: documentKindSchema,
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
  /** Quotes and work orders: a rush order (the rush surcharge % on rule-priced lines). */
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
  /** Advance invoices: the quote or work order it is for; a final invoice's deducted advances. */
  advance_for_id: sN.optional(),
  advance_total: s.optional(),
  payment_status: z.enum(PAYMENT_STATUSES).nullable(),
  outstanding: sN,
  actions: z.array(s),
  created_at: s,
  updated_at: s,
});

/** A hole warning of a pane (domain glass-work.ts), computed on every read. */
export const glassWorkWarningSchema = z.union([
  z.object({
    key: z.literal('glassWork.holeDiameter'),
    params: z.object({ diameter: s, thickness: s }),
  }),
  z.object({
    key: z.literal('glassWork.holeEdge'),
    params: z.object({ edge: s, min: s, thickness: s }),
  }),
]);

export const documentLineSchema = z.object({
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
  warnings: z.array(glassWorkWarningSchema).optional(),
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

export const documentLinkSchema = z.object({
  id: s,
  kind: documentKindSchema,
  number: sN,
  status: s,
  relation: s,
  direction: z.enum(['from', 'to']),
});

/** A work order's planned material, its reservation and what its consumption took. */
export const workOrderMaterialSchema = z.object({
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
  /** On hand at the order's source (production) location. */
  on_hand_at_location: s,
  /** Free for this order at the source location (on hand there minus other orders' reservations there). */
  available_at_location: s,
  /** Free for this order in the whole company (all locations; other reservations subtracted). */
  available: s,
  lot_tracked: z.boolean(),
  /** Lots the order's consumption took, net of corrections (what a correction may return). */
  consumed_lots: z.array(z.object({ lot_id: s, lot_number: s, quantity: s })),
});

export const workOrderOperationSchema = z.object({
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
  status: z.enum(OPERATION_STATUSES),
  logged_minutes: s,
  last_check: z.enum(['pass', 'fail', 'note']).nullable(),
  last_check_note: sN,
});

/** A consumption correction of a completed work order (value: change of its material cost). */
export const consumptionCorrectionViewSchema = z.object({
  id: s,
  document_date: s,
  created_at: s,
  reason: sN,
  note: sN,
  value: s,
  lines: z.array(
    z.object({ line_no: z.number(), item_id: s, sku: s, lot_number: sN, quantity: s, unit_cost: s }),
  ),
});

export const workOrderCostsSchema = z.object({
  planned_material: sN,
  planned_labour: sN,
  actual_material: sN,
  actual_labour: sN,
  /** Total of the consumption corrections (included in actual_material); null when none. */
  material_correction: sN.optional(),
});

export const invoicePaymentSchema = z.object({ id: s, paid_on: s, amount: s, note: sN });
/** An issued invoice's line and the quantity of it no credit note has taken back yet. */
export const creditableLineSchema = z.object({ line_id: s, quantity: s });

/** An advance invoice of an order, an advance itself, or one a final invoice deducted. */
export const advanceViewSchema = z.object({
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
});

/** Any document with lines and links; work orders add materials, operations and costs, invoices payments. */
export const documentDetailSchema = z.object({
  document: documentSchema,
  lines: z.array(documentLineSchema),
  links: z.array(documentLinkSchema),
  materials: z.array(workOrderMaterialSchema).optional(),
  operations: z.array(workOrderOperationSchema).optional(),
  /** Processing-order warnings of the operations (domain checkRoutingOrder), per line and item. */
  operation_warnings: z.array(routingWarningSchema).optional(),
  corrections: z.array(consumptionCorrectionViewSchema).optional(),
  costs: workOrderCostsSchema.optional(),
  payments: z.array(invoicePaymentSchema).optional(),
  advances: z.array(advanceViewSchema).optional(),
  /** An invoice: per line, what is still creditable (the credit-note dialog's limits). */
  creditable: z.array(creditableLineSchema).optional(),
});

export const documentPageSchema = z.object({
  items: z.array(documentSchema),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});

export const documentHistoryEntrySchema = z.object({
  seq: z.number(),
  table_name: s,
  action: s,
  /** Per changed column its old and new value (audit_row writes `{ column: { old, new } }`). */
  changes: z.record(z.string(), z.object({ old: z.unknown().optional(), new: z.unknown().optional() })),
  actor_id: sN,
  actor_name: sN,
  at: s,
});
export const documentHistorySchema = z.array(documentHistoryEntrySchema);

/** Per line of a work order: ordered, on delivery notes, invoiced (less credit notes) and left. */
export const workOrderProgressSchema = z.object({
  work_order: z.object({ id: s, number: sN, status: s, client_id: sN }),
  lines: z.array(
    z.object({
      line_id: s,
      position: z.number(),
      item_id: sN,
      sku: sN,
      description: s,
      unit: s,
      width_mm: sN,
      height_mm: sN,
      lot_number: sN,
      service: z.boolean(),
      ordered: s,
      delivered: s,
      to_deliver: s,
      invoiced: s,
      to_invoice: s,
    }),
  ),
});

/** A delivery note or work order with something left to bill, and the net of what is left. */
export const billableDocumentSchema = z.object({ id: s, number: sN, doc_date: s, net_left: s });
export const billableSchema = z.object({
  delivery_notes: z.array(billableDocumentSchema),
  work_orders: z.array(billableDocumentSchema),
});

/** The bulk print's query: up to 200 document ids, comma-separated. */
export const documentIdsQuerySchema = z.object({ ids: z.string().max(40 * 200) });
/** `/:id/operations/:opId` path parameters. */
export const operationParamsSchema = z.object({
  id: z.uuid({ error: 'validation.invalid' }),
  opId: z.uuid({ error: 'validation.invalid' }),
});
export const clientIdQuerySchema = z.object({ client_id: z.uuid({ error: 'validation.invalid' }) });

/** Company default locations of work orders, and what a new work order gets now. */
export const productionLocationsViewSchema = z.object({
  source_location_id: sN,
  output_location_id: sN,
  /** what a new work order gets now: the setting, else the fallback (null: no active location) */
  effective_source_location_id: sN,
  effective_output_location_id: sN,
});

/** The measure pricing settings as stored (every value a decimal string) with the area bands. */
export const pricingSettingsViewSchema = z.object({
  ...(Object.fromEntries(PRICING_SETTING_KEYS.map((k) => [k, s])) as Record<
    (typeof PRICING_SETTING_KEYS)[number],
    typeof s
  >),
  area_bands: z.array(z.object({ max_area_m2: s, surcharge_pct: s })),
});

// E-mail ------------------------------------------------------------------------------------------

export const mailLogEntrySchema = z.object({
  id: s,
  sent_at: s,
  sent_by: sN,
  sent_by_name: sN,
  to_addresses: z.array(s),
  cc_addresses: z.array(s),
  subject: s,
  attachments: z.array(s),
  result: z.enum(['sent', 'failed']),
  message_id: sN,
  error_key: sN,
});

/** The company's SMTP server as shown (the password never leaves the server). */
export const mailSettingsViewSchema = z.object({
  configured: z.boolean(),
  settings: z
    .object({
      host: s,
      port: z.number(),
      security: z.enum(MAIL_SECURITY),
      username: s,
      has_password: z.boolean(),
      from_address: s,
    })
    .nullable(),
});

/** The send dialog prefilled, and the document's sent log. */
export const mailDraftSchema = z.object({
  template: sN,
  configured: z.boolean(),
  to: s,
  cc: s,
  subject: s,
  message: s,
  attachments: z.array(s),
  log: z.array(mailLogEntrySchema),
});

export const mailSentSchema = z.object({ template: s, message_id: s, log: z.array(mailLogEntrySchema) });

export type DocumentView = z.infer<typeof documentSchema>;
export type DocumentLineView = z.infer<typeof documentLineSchema>;
export type DocumentLinkView = z.infer<typeof documentLinkSchema>;
export type WorkOrderMaterialView = z.infer<typeof workOrderMaterialSchema>;
export type WorkOrderOperationView = z.infer<typeof workOrderOperationSchema>;
export type ConsumptionCorrectionView = z.infer<typeof consumptionCorrectionViewSchema>;
export type AdvanceView = z.infer<typeof advanceViewSchema>;
export type DocumentDetail = z.infer<typeof documentDetailSchema>;
export type DocumentPage = z.infer<typeof documentPageSchema>;
export type DocumentHistoryEntry = z.infer<typeof documentHistoryEntrySchema>;
export type WorkOrderProgress = z.infer<typeof workOrderProgressSchema>;
export type BillableDocument = z.infer<typeof billableDocumentSchema>;
export type Billable = z.infer<typeof billableSchema>;
export type ProductionLocationsView = z.infer<typeof productionLocationsViewSchema>;
export type MailLogEntry = z.infer<typeof mailLogEntrySchema>;
export type MailSettingsView = z.infer<typeof mailSettingsViewSchema>;
export type PricingSettingsView = z.infer<typeof pricingSettingsViewSchema>;
export type MailDraft = z.infer<typeof mailDraftSchema>;
export type MailSent = z.infer<typeof mailSentSchema>;

/** GET …/work-orders/:id/completion-preview: the actual quantities typed so far, `<item>:<qty>,…`. */
export const completionPreviewQuerySchema = z.object({ actual: z.string().max(200_000).optional() });
/** A stored version of a work order sheet: /api/documents/work-orders/:id/versions/:version. */
export const workOrderVersionParamsSchema = z.object({
  id: z.uuid({ error: 'validation.invalid' }),
  version: z.coerce.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).min(1, {
    error: 'validation.invalid',
  }),
});
