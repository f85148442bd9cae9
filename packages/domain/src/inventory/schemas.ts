import Decimal from 'decimal.js';
import { z } from 'zod';
import { VAT_EXEMPTION_CODES } from '../einvoice/einvoice.ts';
import { decimalInputToApi } from '../number-input.ts';
import { GLASS_KINDS, PRICE_BASES } from '../pricing/measure-pricing.ts';

// Shapes shared by the server (validation, OpenAPI) and the web (forms). Field names are the
// database's snake_case; quantities and money travel as decimal strings.

export const ITEM_KINDS = ['material', 'component', 'product', 'service'] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];
export const LOCATION_TYPES = ['storage', 'production', 'scrap', 'transit'] as const;
export type LocationType = (typeof LOCATION_TYPES)[number];
export const MOVEMENT_TYPES = [
  'receipt',
  'issue',
  'transfer',
  'adjustment',
  'production_consumption',
  'production_output',
  'delivery',
  'reversal',
] as const;
export type MovementType = (typeof MOVEMENT_TYPES)[number];
/** Units every company starts with (PRODUCT.md "Units of measure"). */
export const DEFAULT_UNITS = ['kom', 'm', 'm2', 'm3', 'kg', 'l', 'h'] as const;

const DECIMAL = /^-?\d{1,14}(\.\d{1,6})?$/;
const isPositive = (s: string) => DECIMAL.test(s) && !s.startsWith('-') && !/^0+(\.0+)?$/.test(s);

/** A decimal string (accepts a comma as decimal separator, as typed in Croatian). */
export const decimalString = z
  .string({ error: 'validation.required' })
  .trim()
  .transform((s) => decimalInputToApi(s))
  .refine((s) => DECIMAL.test(s), { message: 'validation.numberInvalid' });
export const positiveDecimal = decimalString.refine(isPositive, { message: 'validation.positive' });
/** The smallest conversion factor: one unit must be at least the ledger's step (0.0001 base unit). */
export const MIN_CONVERSION_FACTOR = '0.0001';
export const nonNegativeDecimal = decimalString.refine((s) => !s.startsWith('-'), {
  message: 'validation.positive',
});
const optionalDecimal = nonNegativeDecimal.nullable().optional();
/**
 * The ledger, balances, reservations and counts keep quantities to 4 decimals (numeric(18, 4)): a
 * fifth would be rounded away, and 0.00001 to a zero the ledger refuses. Only a readable number is
 * checked here (the rules above name an unreadable one).
 */
const fourDecimals = (s: string) => !DECIMAL.test(s) || /^-?\d+(\.\d{1,4})?$/.test(s);
const QUANTITY_DECIMALS = { message: 'validation.quantityDecimals' } as const;
/** A quantity posted to stock: positive, at most 4 decimals. */
export const stockQuantity = positiveDecimal.refine(fourDecimals, QUANTITY_DECIMALS);
/** A quantity reported or counted: zero or more, at most 4 decimals. */
export const reportedQuantity = nonNegativeDecimal.refine(fourDecimals, QUANTITY_DECIMALS);
const text = (max: number) =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(max, 'validation.tooLong');
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, 'validation.tooLong')
    .nullable()
    .optional()
    .transform((s) => (s ? s : null));

/** A Croatian VAT rate (25, 13, 5, 0 %): documents take it as the line's rate. */
const itemVatRate = nonNegativeDecimal.refine((s) => /^(25|13|5|0)(\.0*)?$/.test(s.trim()), {
  message: 'validation.vatRateInvalid',
});

export const itemInputSchema = z.object({
  sku: text(64),
  name: text(200),
  kind: z.enum(ITEM_KINDS, { error: 'validation.invalid' }),
  base_unit: text(16),
  length_mm: optionalDecimal,
  width_mm: optionalDecimal,
  thickness_mm: optionalDecimal,
  lot_tracked: z.boolean().optional().default(false),
  reorder_point: optionalDecimal,
  reorder_qty: optionalDecimal,
  default_supplier_id: z.uuid({ error: 'validation.invalid' }).nullable().optional(),
  purchase_price: optionalDecimal,
  sales_price: optionalDecimal,
  vat_rate: itemVatRate.optional().default('25'),
  kpd_code: optionalText(20),
  /** Basis of a 0 % rate at home (VAT_EXEMPTIONS: zero rate Z or an exemption); null = general wording. */
  vat_exemption: z.enum(VAT_EXEMPTION_CODES, { error: 'validation.invalid' }).nullable().optional(),
  /** How `sales_price` is meant: per unit (default), per m² of pane, per running metre of edge. */
  price_basis: z.enum(PRICE_BASES, { error: 'validation.invalid' }).optional(),
  /** Glass kind of an area-priced pane: its minimum billed area (company setting). */
  glass_kind: z.enum(GLASS_KINDS, { error: 'validation.invalid' }).nullable().optional(),
  /** Least amount of a document line of this item (measure-priced items). */
  min_charge: optionalDecimal,
  /** A grained sheet (grain along length_mm): pieces cut from it never rotate. Default false. */
  grain: z.boolean({ error: 'validation.invalid' }).optional(),
  active: z.boolean().optional().default(true),
  image_file_id: z.uuid({ error: 'validation.invalid' }).nullable().optional(),
});
export type ItemInput = z.input<typeof itemInputSchema>;
/** A PATCH changes only what it sends: no creation defaults (else it would reset lots, VAT, active). */
export const itemUpdateSchema = itemInputSchema
  .extend({ lot_tracked: z.boolean(), vat_rate: itemVatRate, active: z.boolean() })
  .partial();

/**
 * 1 unit = factor × base unit. A factor below 0.0001 (the ledger's step) would book a whole unit as
 * zero base units (1 kut = 0.00001 kom answered 500 at the goods receipt).
 */
export const unitConversionSchema = z.object({
  unit: text(16),
  factor: positiveDecimal.refine((s) => !isPositive(s) || new Decimal(s).gte(MIN_CONVERSION_FACTOR), {
    message: 'validation.conversionFactorTooSmall',
  }),
  /** The unit the item is bought in (drafts from low stock order in it); at most one per item. */
  purchase: z.boolean({ error: 'validation.invalid' }).optional().default(false),
});

export const locationInputSchema = z.object({
  code: text(32),
  name: text(120),
  type: z.enum(LOCATION_TYPES, { error: 'validation.invalid' }).optional().default('storage'),
  parent_id: z.uuid({ error: 'validation.invalid' }).nullable().optional(),
  active: z.boolean().optional().default(true),
});
/** A PATCH changes only what it sends (no creation defaults: a move must not reset type or active). */
export const locationUpdateSchema = locationInputSchema
  .extend({ type: z.enum(LOCATION_TYPES, { error: 'validation.invalid' }), active: z.boolean() })
  .partial();

const uuid = z.uuid({ error: 'validation.invalid' });
const lotRef = {
  lot_id: uuid.nullable().optional(),
  /** A receipt of a lot-tracked item names a new or existing lot number. */
  lot_number: optionalText(64),
  expires_on: z.iso.date({ error: 'validation.dateInvalid' }).nullable().optional(),
};

export const receiptSchema = z.object({
  location_id: uuid,
  reference: optionalText(100),
  note: optionalText(500),
  supplier_id: uuid.nullable().optional(),
  lines: z
    .array(
      z.object({
        item_id: uuid,
        quantity: stockQuantity,
        unit_cost: nonNegativeDecimal.optional(),
        ...lotRef,
      }),
    )
    .min(1, 'validation.required')
    .max(500, 'validation.tooManyItems'),
});

export const LOT_STRATEGIES = ['fefo', 'fifo'] as const;

/**
 * Why stock is issued, moved or adjusted by hand. Stored on the stock document and shown in the
 * movements; `other` needs a note that says what happened.
 */
export const STOCK_REASONS = [
  'production',
  'internal_use',
  'sample',
  'damage',
  'scrap',
  'loss',
  'found',
  'relocation',
  'correction',
  'other',
] as const;
export type StockReason = (typeof STOCK_REASONS)[number];
const reason = z.enum(STOCK_REASONS, { error: 'validation.reasonRequired' });
/** A note is required when the reason is `other`. */
const noteForOther = <T extends { reason: StockReason; note?: string | null }>(
  v: T,
  ctx: z.RefinementCtx,
) => {
  if (v.reason === 'other' && !v.note?.trim())
    ctx.addIssue({ code: 'custom', path: ['note'], message: 'validation.reasonNoteRequired' });
};

export const issueSchema = z
  .object({
    location_id: uuid,
    reference: optionalText(100),
    note: optionalText(500),
    reason,
    lot_strategy: z.enum(LOT_STRATEGIES).optional().default('fefo'),
    lines: z
      .array(z.object({ item_id: uuid, quantity: stockQuantity, lot_id: uuid.nullable().optional() }))
      .min(1, 'validation.required')
      .max(500, 'validation.tooManyItems'),
  })
  .superRefine(noteForOther);

export const transferSchema = z
  .object({
    from_location_id: uuid,
    to_location_id: uuid,
    reference: optionalText(100),
    note: optionalText(500),
    reason,
    lot_strategy: z.enum(LOT_STRATEGIES).optional().default('fefo'),
    lines: z
      .array(z.object({ item_id: uuid, quantity: stockQuantity, lot_id: uuid.nullable().optional() }))
      .min(1, 'validation.required')
      .max(500, 'validation.tooManyItems'),
  })
  .superRefine(noteForOther);

export const adjustmentSchema = z
  .object({
    location_id: uuid,
    reference: optionalText(100),
    note: optionalText(500),
    reason,
    lines: z
      .array(
        z.object({
          item_id: uuid,
          /** Signed: positive adds, negative removes. */
          quantity: decimalString
            .refine((s) => Number(s) !== 0, { message: 'validation.invalid' })
            .refine(fourDecimals, QUANTITY_DECIMALS),
          unit_cost: nonNegativeDecimal.optional(),
          ...lotRef,
        }),
      )
      .min(1, 'validation.required')
      .max(500, 'validation.tooManyItems'),
  })
  .superRefine(noteForOther);

export const reservationInputSchema = z.object({
  item_id: uuid,
  location_id: uuid.nullable().optional(),
  quantity: stockQuantity,
  source_type: optionalText(40),
  source_id: uuid.nullable().optional(),
  note: optionalText(500),
});

export const countCreateSchema = z.object({ location_id: uuid, note: optionalText(500) });
export const countLinesSchema = z.object({
  lines: z
    .array(
      z.object({
        id: uuid,
        counted_qty: nonNegativeDecimal.refine(fourDecimals, QUANTITY_DECIMALS).nullable(),
      }),
    )
    .max(5000, 'validation.tooManyItems'),
});
/** Lines to count again (their count and book quantity are cleared). */
export const countRecountSchema = z.object({
  line_ids: z.array(uuid).min(1, 'validation.required').max(5000, 'validation.tooManyItems'),
});

export const ITEM_SORTS = ['sku', '-sku', 'name', '-name', 'kind', '-kind', 'on_hand', '-on_hand'] as const;
export const itemListQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  kind: z.enum(ITEM_KINDS).optional(),
  location_id: uuid.optional(),
  low_stock: z.enum(['true', 'false']).optional(),
  active: z.enum(['true', 'false', 'all']).optional(),
  sort: z.enum(ITEM_SORTS).optional().default('sku'),
  limit: z.coerce.number().int().min(1).max(500).optional().default(100),
  offset: z.coerce.number().int().min(0).max(10_000_000).optional().default(0),
});
export type ItemListQuery = z.infer<typeof itemListQuerySchema>;

export const movementListQuerySchema = z.object({
  item_id: uuid.optional(),
  location_id: uuid.optional(),
  lot_id: uuid.optional(),
  /** Part of a lot number (the supplier's batch), case-insensitive. */
  lot: z.string().trim().min(1).max(100).optional(),
  type: z.enum(MOVEMENT_TYPES).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  limit: z.coerce.number().int().min(1).max(500).optional().default(100),
  offset: z.coerce.number().int().min(0).optional().default(0),
});

export const settingsSchema = z.object({ allow_negative_stock: z.boolean() });
