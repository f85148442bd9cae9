import { z } from 'zod';
import { wireDecimal as dec, wireDecimalOrNull as decN, uuidParam } from '../contracts.ts';
import { processCategorySchema, routingWarningSchema } from './processing-order.ts';
import { BOM_STATUSES, processSchema } from './production.schemas.ts';

// The HTTP contract of /api/processes and /api/products (BOMs, routing, explosion and cost).
// Unlike the inventory's snake_case, this area's fields are camelCase on the wire.

export const bomParamsSchema = z.object({ id: uuidParam, bomId: uuidParam });

export const processPageSchema = z.object({ items: z.array(processSchema), total: z.number() });
export type ProcessPage = z.infer<typeof processPageSchema>;

/** An item as the product screens show it (a BOM component, the product itself). */
export const productItemSchema = z.object({
  id: z.string(),
  sku: z.string(),
  name: z.string(),
  kind: z.string(),
  baseUnit: z.string(),
  /** Moving average cost, falling back to the purchase price while nothing is in stock. */
  cost: decN,
  salesPrice: decN,
});
export type ProductItem = z.infer<typeof productItemSchema>;
export const productItemsQuerySchema = z.object({ q: z.string().trim().max(100).default('') });

export const bomHeaderSchema = z.object({
  id: z.string(),
  productId: z.string(),
  version: z.number(),
  status: z.enum(BOM_STATUSES),
  note: z.string(),
  variables: z.array(z.object({ name: z.string(), value: z.string() })),
  activatedAt: z.string().nullable(),
  updatedAt: z.string(),
  lineCount: z.number(),
});
export type BomHeader = z.infer<typeof bomHeaderSchema>;

export const bomLineSchema = z.object({
  id: z.string(),
  position: z.number(),
  componentId: z.string(),
  quantity: decN,
  formula: z.string().nullable(),
  unit: z.string(),
  scrapPct: dec,
  childWidth: z.string().nullable(),
  childHeight: z.string().nullable(),
  cutCount: z.string().nullable(),
  cutLength: z.string().nullable(),
  cutWidth: z.string().nullable(),
  cutHeight: z.string().nullable(),
  /** bar lines: saw angle at each end of the pieces, 90 or 45 (mitre) */
  cutAngleStart: z.number(),
  cutAngleEnd: z.number(),
  component: productItemSchema.nullable(),
  componentHasBom: z.boolean(),
});
export type BomLine = z.infer<typeof bomLineSchema>;
export const bomDetailSchema = bomHeaderSchema.extend({ lines: z.array(bomLineSchema) });
export type BomDetail = z.infer<typeof bomDetailSchema>;

export const routingStepSchema = z.object({
  position: z.number(),
  processId: z.string(),
  processCode: z.string(),
  processName: z.string(),
  workCentre: z.string(),
  setupMinutes: decN,
  minutesPerUnit: decN,
  defaultSetupMinutes: dec,
  defaultMinutesPerUnit: dec,
  costPerHour: dec,
  qualityCheckRequired: z.boolean(),
  category: processCategorySchema,
  note: z.string(),
});
export type RoutingStep = z.infer<typeof routingStepSchema>;

export const productRowSchema = z.object({
  id: z.string(),
  sku: z.string(),
  name: z.string(),
  kind: z.string(),
  baseUnit: z.string(),
  salesPrice: decN,
  activeVersion: z.number().nullable(),
  versions: z.number(),
  routingSteps: z.number(),
  updatedAt: z.string(),
});
export type ProductRow = z.infer<typeof productRowSchema>;
export const productPageSchema = z.object({ items: z.array(productRowSchema), total: z.number() });
export type ProductPage = z.infer<typeof productPageSchema>;
export const productListQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  sort: z.enum(['sku', 'name']).default('sku'),
  dir: z.enum(['asc', 'desc']).default('asc'),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;
export const productCreateSchema = z.object({
  sku: z.string().trim().min(1, 'validation.required').max(64, 'validation.tooLong'),
  name: z.string().trim().min(1, 'validation.required').max(200, 'validation.tooLong'),
  baseUnit: z.string().trim().min(1, 'validation.required').max(16, 'validation.tooLong'),
  salesPrice: z
    .string()
    .trim()
    .regex(/^\d{1,12}(\.\d{1,4})?$/, 'validation.decimalInvalid')
    .nullable()
    .default(null),
  kind: z.enum(['product', 'component']).default('product'),
});
export type ProductCreateInput = z.input<typeof productCreateSchema>;

export const productDetailSchema = z.object({
  product: productItemSchema,
  boms: z.array(bomHeaderSchema),
  routing: z.array(routingStepSchema),
  /** The saved routing's processing-order warnings (the editor checks its unsaved state itself). */
  routingWarnings: z.array(routingWarningSchema),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

export const explosionTreeRowSchema = z.object({
  level: z.number(),
  itemId: z.string(),
  sku: z.string(),
  name: z.string(),
  unit: z.string(),
  perUnit: dec,
  scrapPct: dec,
  quantity: dec,
  made: z.boolean(),
  width: decN,
  height: decN,
});
export type ExplosionTreeRow = z.infer<typeof explosionTreeRowSchema>;
export const explosionResultSchema = z.object({
  productId: z.string(),
  bom: z.object({ id: z.string(), version: z.number(), status: z.enum(BOM_STATUSES) }),
  quantity: dec,
  W: decN,
  H: decN,
  requirements: z.array(
    z.object({
      itemId: z.string(),
      sku: z.string(),
      name: z.string(),
      unit: z.string(),
      quantity: dec,
      scrapQuantity: dec,
    }),
  ),
  tree: z.array(explosionTreeRowSchema),
  treeTruncated: z.boolean(),
});
export type ExplosionResult = z.infer<typeof explosionResultSchema>;

export const productCostSchema = z.object({
  materials: z.array(
    z.object({
      itemId: z.string(),
      sku: z.string(),
      name: z.string(),
      unit: z.string(),
      quantity: dec,
      unitCost: dec,
      amount: dec,
      missingCost: z.boolean(),
    }),
  ),
  labour: z.array(
    z.object({
      itemId: z.string(),
      sku: z.string(),
      processId: z.string(),
      processCode: z.string(),
      processName: z.string(),
      quantity: dec,
      minutes: dec,
      amount: dec,
    }),
  ),
  materialCost: dec,
  labourCost: dec,
  totalCost: dec,
  unitCost: dec,
  marginPct: dec,
  suggestedUnitPrice: dec,
  suggestedTotalPrice: dec,
});
export const costedExplosionSchema = explosionResultSchema.extend({ cost: productCostSchema });
export type CostedExplosion = z.infer<typeof costedExplosionSchema>;
