import { z } from 'zod';
import { wireDecimal as dec, wireDecimalOrNull as decN } from '../contracts.ts';
import { OPERATION_STATUSES } from '../documents/status.ts';
import { reportedQuantity } from '../inventory/schemas.ts';
import { Dec } from '../production/decimal.ts';

// The HTTP contract of /api/shop-floor: today's operations per work centre, a work order's card,
// scanned-code lookup and one-tap start / pause / finish.

export const floorOperationSchema = z.object({
  id: z.string(),
  work_order_id: z.string(),
  work_order_number: z.string().nullable(),
  work_order_status: z.string(),
  client_name: z.string().nullable(),
  due_date: z.string().nullable(),
  position: z.number(),
  code: z.string(),
  name: z.string(),
  status: z.enum(OPERATION_STATUSES),
  quality_check_required: z.boolean(),
  last_check: z.enum(['pass', 'fail', 'note']).nullable(),
  planned_minutes: dec,
  logged_minutes: dec,
  quantity: dec,
  /** The unit of the operation's lines when they have one (null: several, so `quantity` is no count). */
  unit: z.string().nullable(),
  good_qty: dec,
  scrap_qty: dec,
  started_at: z.string().nullable(),
  /** The piece the operation works on: its order line (null = the whole order). */
  line_position: z.number().nullable(),
  line_label: z.string().nullable(),
  width_mm: decN,
  height_mm: decN,
});
export type FloorOperation = z.infer<typeof floorOperationSchema>;

export const floorTodaySchema = z.object({
  work_centres: z.array(
    z.object({ code: z.string(), name: z.string(), operations: z.array(floorOperationSchema) }),
  ),
});
export type FloorToday = z.infer<typeof floorTodaySchema>;

/** What a worker needs beside the operations: the order's cutting sheets and its products' drawings. */
export const workOrderCardSchema = z.object({
  cutting_jobs: z.array(
    z.object({
      id: z.string(),
      number: z.number(),
      name: z.string(),
      status: z.string(),
      has_plan: z.boolean(),
    }),
  ),
  drawings: z.array(z.object({ file_id: z.string(), sku: z.string(), name: z.string() })),
});
export type WorkOrderCard = z.infer<typeof workOrderCardSchema>;
export const floorCardSchema = workOrderCardSchema.extend({
  work_order: z.object({
    id: z.string(),
    number: z.string().nullable(),
    status: z.string(),
    client_name: z.string().nullable(),
    due_date: z.string().nullable(),
  }),
  operations: z.array(floorOperationSchema),
});
export type FloorCard = z.infer<typeof floorCardSchema>;

export const scanQuerySchema = z.object({ code: z.string().trim().min(1).max(200) });
export const scanHitSchema = z.object({
  kind: z.enum(['work_order', 'item', 'lot', 'location']),
  id: z.string(),
  label: z.string(),
  item_id: z.string().optional(),
});
export type ScanHit = z.infer<typeof scanHitSchema>;
export const scanResultSchema = z.object({ code: z.string(), hits: z.array(scanHitSchema) });
export type ScanResult = z.infer<typeof scanResultSchema>;

export const finishInputSchema = z
  .object({
    good_qty: reportedQuantity,
    scrap_qty: reportedQuantity.optional().default('0'),
    check: z
      .object({ result: z.enum(['pass', 'fail']), note: z.string().trim().max(1000).nullable().optional() })
      .optional(),
  })
  .strict();
export type FinishInput = z.input<typeof finishInputSchema>;
export type FinishInputParsed = z.output<typeof finishInputSchema>;

type FinishedSoFar = Pick<FloorOperation, 'quantity' | 'unit' | 'good_qty' | 'scrap_qty'>;

/** What is still open on an operation: its quantity less what finishes reported good or scrap, never below 0. */
export function operationOpenQuantity(op: FinishedSoFar): Dec {
  return Dec.max(new Dec(op.quantity).minus(op.good_qty).minus(op.scrap_qty), 0);
}

/**
 * A finish may report at most what is still open, good and scrap together, where the operation's
 * lines are in one unit (an operation of the whole order over lines in pieces and m² has no count
 * to hold it to). No product allows over-production, so there is nothing to confirm it with.
 * Gives the issue on `good_qty`, or null.
 */
export function finishOverIssue(
  op: FinishedSoFar,
  input: { good_qty: string; scrap_qty?: string },
): { field: string; key: string; params: Record<string, string> } | null {
  if (op.unit === null) return null;
  const reported = new Dec(input.good_qty).add(input.scrap_qty ?? '0');
  const open = operationOpenQuantity(op);
  if (reported.lte(open)) return null;
  return {
    field: 'good_qty',
    key: 'validation.finishOverQuantity',
    params: { remaining: open.toString(), requested: reported.toString(), unit: op.unit },
  };
}

/** The finish dialog's schema for one operation: the route's schema and the open-quantity rule. */
export function finishInputSchemaFor(op: FinishedSoFar) {
  return finishInputSchema.superRefine((input, ctx) => {
    const issue = finishOverIssue(op, input);
    if (issue)
      ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.key, params: issue.params });
  });
}
