import type Decimal from 'decimal.js';
import { z } from 'zod';
import { AppError, type FieldIssue } from '../errors.ts';
import { Dec, ZERO } from './decimal.ts';

// Work-order completion: what is consumed now and what each produced line costs. One pure rule for
// the preview the user sees before posting and for the posting itself, so both always agree.
//
// - A material that a completed cutting list of the order consumed (`cut`) is not consumed again:
//   its cost is what the cutting ledger says (sheets/bars issued minus remnants returned).
// - Every other material is consumed now: the actual quantity the user entered, else the planned
//   one (scrap is already in the planned quantity: the BOM explosion adds it), at the moving
//   average cost.
// - Each material's cost is shared among the order's lines by their planned need of it (the BOM
//   explosion per line, sub-assemblies included); labour is each line's own operations (logged
//   minutes × rate). A produced line's unit cost = (its materials + its labour) / its quantity.

export type CompletionMaterialInput = {
  itemId: string;
  sku: string;
  /** Planned quantity in the item's base unit (BOM explosion, scrap included). */
  planned: Decimal.Value;
  /** The quantity the user says was used; only for materials no cutting list covered. */
  actual?: Decimal.Value | null;
  /** Moving average cost per base unit now. */
  avgCost: Decimal.Value;
  /** Planned need per work-order line (line id → quantity); null for orders planned before shares. */
  lineShares: Readonly<Record<string, Decimal.Value>> | null;
  /** What completed cutting lists of this order consumed of this material (from the ledger). */
  cut: { quantity: Decimal.Value; value: Decimal.Value; lists: readonly string[] } | null;
};

export type CompletionLineInput = { lineId: string; quantity: Decimal.Value };
export type CompletionOperationInput = {
  lineId: string | null;
  minutes: Decimal.Value;
  costPerHour: Decimal.Value;
};

export type CompletionMaterial = {
  itemId: string;
  planned: Dec;
  /** Consumed by cutting lists (net of remnants), 0 when none covered it. */
  cutQuantity: Dec;
  cutValue: Dec;
  lists: string[];
  /** Consumed by this completion (0 for a material covered by cutting). */
  consumeNow: Dec;
  consumeNowValue: Dec;
  /** cutValue + consumeNowValue. */
  value: Dec;
};

export type CompletionLine = {
  lineId: string;
  quantity: Dec;
  materialCost: Dec;
  labourCost: Dec;
  totalCost: Dec;
  /** totalCost / quantity, 6 decimals (what the produced lot enters stock at). */
  unitCost: Dec;
};

export type CompletionPlan = {
  materials: CompletionMaterial[];
  lines: CompletionLine[];
  materialCost: Dec;
  labourCost: Dec;
};

/** Quantities consumed now are booked with 4 decimals (as the stock ledger's lot picking does). */
export const CONSUME_DECIMALS = 4;
export const UNIT_COST_DECIMALS = 6;

/**
 * Splits `value` over `weights` (key → weight ≥ 0) in proportion; keys with no positive weight get
 * nothing. Exact decimals (40 digits); returns an empty map when no weight is positive.
 */
export function splitByWeights(value: Dec, weights: ReadonlyMap<string, Dec>): Map<string, Dec> {
  const positive = [...weights].filter(([, w]) => w.gt(0));
  const total = positive.reduce((a, [, w]) => a.plus(w), ZERO);
  const out = new Map<string, Dec>();
  if (total.isZero()) return out;
  let given = ZERO;
  positive.forEach(([key, w], i) => {
    // The last share takes the rest, so the parts always add up to the value exactly.
    const part = i === positive.length - 1 ? value.minus(given) : value.times(w).div(total);
    given = given.plus(part);
    out.set(key, part);
  });
  return out;
}

/**
 * The completion of a work order: materials consumed now (not those a cutting list consumed), and
 * each produced line's material cost, labour and unit cost. Throws `VALIDATION` when an actual
 * quantity is given for a material a cutting list already consumed (it cannot be consumed twice).
 */
export function planCompletion(input: {
  materials: readonly CompletionMaterialInput[];
  lines: readonly CompletionLineInput[];
  operations: readonly CompletionOperationInput[];
}): CompletionPlan {
  const issues: FieldIssue[] = [];
  for (const [i, m] of input.materials.entries())
    if (m.cut && m.actual !== undefined && m.actual !== null)
      issues.push({
        field: `actual.${i}`,
        key: 'validation.materialCutAlready',
        params: { item: m.sku, lists: m.cut.lists.join(', ') },
      });
  if (issues.length > 0) throw new AppError('VALIDATION', 'Materijal je već utrošen krojnom listom', issues);

  const lines = input.lines.map((l) => ({ lineId: l.lineId, quantity: new Dec(l.quantity) }));
  const byQuantity = new Map(lines.map((l) => [l.lineId, l.quantity]));
  const materialOf = new Map(lines.map((l) => [l.lineId, ZERO]));
  const labourOf = new Map(lines.map((l) => [l.lineId, ZERO]));
  const add = (to: Map<string, Dec>, parts: Map<string, Dec>) => {
    for (const [k, v] of parts) to.set(k, (to.get(k) ?? ZERO).plus(v));
  };
  /** Shares among the produced lines; what belongs to no produced line is spread by quantity. */
  const spread = (to: Map<string, Dec>, value: Dec, weights: Map<string, Dec>) => {
    const own = new Map([...weights].filter(([k]) => byQuantity.has(k)));
    const parts = splitByWeights(value, own);
    add(to, parts.size > 0 ? parts : splitByWeights(value, byQuantity));
  };

  const materials = input.materials.map((m): CompletionMaterial => {
    const cutQuantity = m.cut ? new Dec(m.cut.quantity) : ZERO;
    const cutValue = m.cut ? new Dec(m.cut.value) : ZERO;
    const consumeNow = m.cut
      ? ZERO
      : new Dec(m.actual ?? m.planned).toDecimalPlaces(CONSUME_DECIMALS, Dec.ROUND_HALF_UP);
    const consumeNowValue = consumeNow.times(m.avgCost);
    const value = cutValue.plus(consumeNowValue);
    const weights = new Map(Object.entries(m.lineShares ?? {}).map(([k, v]) => [k, new Dec(v)]));
    spread(materialOf, value, weights);
    return {
      itemId: m.itemId,
      planned: new Dec(m.planned),
      cutQuantity,
      cutValue,
      lists: [...(m.cut?.lists ?? [])],
      consumeNow,
      consumeNowValue,
      value,
    };
  });

  for (const op of input.operations) {
    const cost = new Dec(op.minutes).div(60).times(op.costPerHour);
    if (op.lineId && byQuantity.has(op.lineId)) add(labourOf, new Map([[op.lineId, cost]]));
    else spread(labourOf, cost, new Map());
  }

  const outLines = lines.map((l): CompletionLine => {
    const materialCost = materialOf.get(l.lineId) ?? ZERO;
    const labourCost = labourOf.get(l.lineId) ?? ZERO;
    const totalCost = materialCost.plus(labourCost);
    const unitCost = l.quantity.gt(0)
      ? totalCost.div(l.quantity).toDecimalPlaces(UNIT_COST_DECIMALS, Dec.ROUND_HALF_UP)
      : ZERO;
    return { lineId: l.lineId, quantity: l.quantity, materialCost, labourCost, totalCost, unitCost };
  });
  return {
    materials,
    lines: outLines,
    materialCost: materials.reduce((a, m) => a.plus(m.value), ZERO),
    labourCost: input.operations.reduce(
      (a, op) => a.plus(new Dec(op.minutes).div(60).times(op.costPerHour)),
      ZERO,
    ),
  };
}

// The preview as it travels (GET /api/documents/work-orders/:id/completion-preview): quantities as
// plain decimal strings, money with two decimals, unit costs with six (as posted).
const s = z.string();
export const completionPreviewSchema = z.object({
  /** Confirmed cutting lists of the order that are not completed: completion is refused until they are. */
  open_lists: z.array(z.object({ id: s, number: z.number(), ref: s, name: s })),
  materials: z.array(
    z.object({
      item_id: s,
      sku: s,
      name: s,
      unit: s,
      planned: s,
      cut_quantity: s,
      cut_value: s,
      lists: z.array(s),
      consume_now: s,
      consume_now_value: s,
      value: s,
    }),
  ),
  lines: z.array(
    z.object({
      line_id: s,
      position: z.number(),
      item_id: s,
      sku: s,
      name: s,
      quantity: s,
      material_cost: s,
      labour_cost: s,
      total_cost: s,
      unit_cost: s,
    }),
  ),
  material_cost: s,
  labour_cost: s,
});
export type CompletionPreview = z.infer<typeof completionPreviewSchema>;
