import { z } from 'zod';
import { FORMULA_FUNCTIONS, FORMULA_MAX_LENGTH, VARIABLE_NAME } from './formula.ts';
import { processCategorySchema } from './processing-order.ts';

/** Non-negative decimal string with up to 12 integer digits and 6 decimals (numeric(18,6)). */
const DECIMAL = /^\d{1,12}(\.\d{1,6})?$/;
const decimalString = (max?: number) =>
  z
    .string()
    .trim()
    .regex(DECIMAL, 'validation.decimalInvalid')
    .refine((s) => max === undefined || Number(s) <= max, 'validation.decimalInvalid');

/** A decimal string of the DECIMAL form that is zero ("0", "0.000"). */
const isZero = (s: string) => !/[1-9]/.test(s);

const text = (min: number, max: number) =>
  z.string().trim().min(min, 'validation.required').max(max, 'validation.tooLong');

export const processInputSchema = z.object({
  code: text(1, 30),
  name: text(1, 120),
  workCentre: z.string().trim().max(120, 'validation.tooLong').default(''),
  costPerHour: decimalString(),
  setupMinutes: decimalString(),
  minutesPerUnit: decimalString(),
  dailyCapacityHours: decimalString(24),
  qualityCheckRequired: z.boolean().default(false),
  active: z.boolean().default(true),
  /** Processing-order category (processing-order.ts); omitted: `other` on create, unchanged on update. */
  category: processCategorySchema.optional(),
});
export type ProcessInput = z.infer<typeof processInputSchema>;

export const processSchema = processInputSchema.extend({
  id: z.string(),
  workCentre: z.string(),
  qualityCheckRequired: z.boolean(),
  active: z.boolean(),
  category: processCategorySchema,
  updatedAt: z.string(),
});
export type Process = z.infer<typeof processSchema>;

export const PROCESS_SORTS = ['code', 'name', 'workCentre', 'costPerHour'] as const;
export const processListQuerySchema = z.object({
  q: z.string().trim().max(100, 'validation.tooLong').optional(),
  active: z.enum(['all', 'active', 'inactive']).default('all'),
  sort: z.enum(PROCESS_SORTS).default('code'),
  dir: z.enum(['asc', 'desc']).default('asc'),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export type ProcessListQuery = z.infer<typeof processListQuerySchema>;

const reservedNames = new Set<string>(['W', 'H', ...FORMULA_FUNCTIONS]);
export const bomVariableSchema = z.object({
  name: z
    .string()
    .trim()
    .regex(VARIABLE_NAME, 'validation.variableNameInvalid')
    .refine((n) => !reservedNames.has(n), 'validation.variableNameInvalid'),
  value: z
    .string()
    .trim()
    .regex(/^-?\d{1,12}(\.\d{1,6})?$/, 'validation.decimalInvalid'),
});

export const bomLineInputSchema = z
  .object({
    componentId: z.uuid('validation.required'),
    /** Fixed quantity per unit of the product; ignored when a formula is given. */
    quantity: decimalString().nullable().default(null),
    formula: z.string().max(FORMULA_MAX_LENGTH, 'validation.formulaTooLong').nullable().default(null),
    unit: text(1, 20),
    scrapPct: decimalString(1000).default('0'),
    /** For a sub-assembly: its own W and H as formulas over this BOM's values. */
    childWidth: z.string().max(FORMULA_MAX_LENGTH, 'validation.formulaTooLong').nullable().default(null),
    childHeight: z.string().max(FORMULA_MAX_LENGTH, 'validation.formulaTooLong').nullable().default(null),
    /**
     * For a sheet or bar material: the pieces a unit of the product is cut into, as formulas —
     * pieces per unit, bar length, sheet width and height (mm). Empty = not given.
     */
    cutCount: z.string().max(FORMULA_MAX_LENGTH, 'validation.formulaTooLong').nullable().default(null),
    cutLength: z.string().max(FORMULA_MAX_LENGTH, 'validation.formulaTooLong').nullable().default(null),
    cutWidth: z.string().max(FORMULA_MAX_LENGTH, 'validation.formulaTooLong').nullable().default(null),
    cutHeight: z.string().max(FORMULA_MAX_LENGTH, 'validation.formulaTooLong').nullable().default(null),
    /** For a bar material: the saw angle at each end of its pieces, 90 (square) or 45 (mitre). */
    cutAngleStart: z.literal([90, 45], { error: 'validation.cutAngleInvalid' }).default(90),
    cutAngleEnd: z.literal([90, 45], { error: 'validation.cutAngleInvalid' }).default(90),
  })
  .refine((l) => (l.formula ?? '').trim() !== '' || l.quantity !== null, {
    message: 'validation.bomQuantityRequired',
    path: ['quantity'],
  })
  // A fixed quantity of 0 would put the component on the BOM without ever using it; a formula may
  // still give 0 for some sizes (its quantity field is ignored).
  .refine((l) => (l.formula ?? '').trim() !== '' || l.quantity === null || !isZero(l.quantity), {
    message: 'validation.positive',
    path: ['quantity'],
  });
export type BomLineInput = z.infer<typeof bomLineInputSchema>;

export const BOM_STATUSES = ['draft', 'active', 'archived'] as const;
export type BomStatus = (typeof BOM_STATUSES)[number];

export const bomInputSchema = z.object({
  note: z.string().trim().max(500, 'validation.tooLong').default(''),
  variables: z.array(bomVariableSchema).max(20, 'validation.tooManyItems').default([]),
  lines: z.array(bomLineInputSchema).max(500, 'validation.tooManyItems'),
});
export type BomInput = z.infer<typeof bomInputSchema>;

export const routingStepInputSchema = z.object({
  processId: z.uuid('validation.required'),
  /** Overrides of the process defaults for this product; null = take the process's times. */
  setupMinutes: decimalString().nullable().default(null),
  minutesPerUnit: decimalString().nullable().default(null),
  note: z.string().trim().max(200, 'validation.tooLong').default(''),
});
export const routingInputSchema = z.object({
  steps: z.array(routingStepInputSchema).max(100, 'validation.tooManyItems'),
});
export type RoutingInput = z.infer<typeof routingInputSchema>;

export const explosionQuerySchema = z.object({
  quantity: decimalString()
    .refine((s) => Number(s) > 0, 'validation.decimalInvalid')
    .default('1'),
  W: decimalString().optional(),
  H: decimalString().optional(),
  /** A specific BOM version (e.g. a draft to preview); default: the active one. */
  bomId: z.uuid().optional(),
  marginPct: decimalString()
    .refine((s) => Number(s) < 100, 'validation.marginInvalid')
    .default('25'),
});
export type ExplosionQuery = z.infer<typeof explosionQuerySchema>;
