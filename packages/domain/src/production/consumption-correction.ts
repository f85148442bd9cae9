import type Decimal from 'decimal.js';
import { z } from 'zod';
import { AppError, type FieldIssue } from '../errors.ts';
import type { StockReason } from '../inventory/schemas.ts';
import { decimalInputToApi } from '../number-input.ts';
import { Dec, ZERO } from './decimal.ts';

// Correcting a completed work order's consumption (issue 17: a reversal goes through the document
// that made the movement). A line with a positive quantity returns material to stock (less was
// used than booked), a negative one issues more (more was used). What may be corrected:
//
// - only the order's own materials (its work_order_materials);
// - not a material a cutting list of the order consumed: that is corrected through the list;
// - a return never exceeds what the order's own consumption took of that item and lot (read from
//   the ledger, earlier corrections included), and a lot-tracked return names the lot it left with.

/** Why consumption is corrected: a subset of the stock reasons, so the movements screen names it. */
export const CONSUMPTION_CORRECTION_REASONS = [
  'correction',
  'scrap',
  'damage',
  'other',
] as const satisfies readonly StockReason[];
export type ConsumptionCorrectionReason = (typeof CONSUMPTION_CORRECTION_REASONS)[number];

/** A signed, non-zero quantity with up to 4 decimals (the ledger keeps 4) ("0,5" and "-1" as typed in Croatian). */
const signedQuantity = z
  .string({ error: 'validation.required' })
  .trim()
  .transform((s) => decimalInputToApi(s))
  .refine((s) => /^-?\d{1,12}(\.\d{1,4})?$/.test(s), 'validation.numberInvalid')
  .refine((s) => /[1-9]/.test(s), 'validation.correctionZero');

export const consumptionCorrectionSchema = z
  .object({
    reason: z.enum(CONSUMPTION_CORRECTION_REASONS, { error: 'validation.reasonRequired' }),
    note: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
      z.string().trim().max(500, 'validation.tooLong').nullable().default(null),
    ),
    lines: z
      .array(
        z
          .object({
            item_id: z.uuid('validation.invalid'),
            lot_id: z.uuid('validation.invalid').nullable().optional(),
            /** > 0 returns material to stock, < 0 issues more. */
            quantity: signedQuantity,
          })
          .strict(),
      )
      .min(1, 'validation.required')
      .max(200, 'validation.tooManyItems'),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.reason === 'other' && !v.note)
      ctx.addIssue({ code: 'custom', path: ['note'], message: 'validation.reasonNoteRequired' });
  });
export type ConsumptionCorrectionInput = z.output<typeof consumptionCorrectionSchema>;

export type CorrectionLine = { itemId: string; lotId: string | null; quantity: string };

export type CorrectionContext = {
  /** The order's materials: item id → SKU (for messages). */
  materials: ReadonlyMap<string, string>;
  /** SKUs of items that are not materials of the order (for messages). */
  otherSkus: ReadonlyMap<string, string>;
  /** Materials consumed by the order's cutting lists: item id → list references ("KL-3"). */
  cut: ReadonlyMap<string, readonly string[]>;
  lotTracked: ReadonlySet<string>;
  /** What the order's own consumption took, net of earlier corrections: `consumedKey` → quantity. */
  consumed: ReadonlyMap<string, Decimal.Value>;
  /** Lot numbers for messages: lot id → number. */
  lotNumbers: ReadonlyMap<string, string>;
};

export const consumedKey = (itemId: string, lotId: string | null) => `${itemId}|${lotId ?? ''}`;

/**
 * Checks a correction against the order; returns the problems (empty: it may be posted). Returns
 * of the same item and lot on several lines are added up before they are compared.
 */
export function correctionIssues(lines: readonly CorrectionLine[], c: CorrectionContext): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const returned = new Map<string, { total: Dec; field: string; sku: string; lotId: string | null }>();
  for (const [i, l] of lines.entries()) {
    const field = `lines.${i}`;
    const sku = c.materials.get(l.itemId);
    if (sku === undefined) {
      issues.push({
        field: `${field}.item_id`,
        key: 'validation.correctionNotMaterial',
        params: { item: c.otherSkus.get(l.itemId) ?? l.itemId },
      });
      continue;
    }
    const lists = c.cut.get(l.itemId);
    if (lists) {
      issues.push({
        field: `${field}.item_id`,
        key: 'validation.correctionViaCuttingList',
        params: { item: sku, lists: lists.join(', ') },
      });
      continue;
    }
    const tracked = c.lotTracked.has(l.itemId);
    if (!tracked && l.lotId) {
      issues.push({ field: `${field}.lot_id`, key: 'validation.lotNotOfItem', params: { item: sku } });
      continue;
    }
    const q = new Dec(l.quantity);
    if (q.lte(0)) continue; // issuing more: the ledger's stock check decides
    if (tracked && !l.lotId) {
      issues.push({
        field: `${field}.lot_id`,
        key: 'validation.correctionLotRequired',
        params: { item: sku },
      });
      continue;
    }
    const key = consumedKey(l.itemId, l.lotId);
    const prev = returned.get(key);
    returned.set(key, {
      total: (prev?.total ?? ZERO).plus(q),
      field: prev?.field ?? field,
      sku,
      lotId: l.lotId,
    });
  }
  for (const [key, r] of returned) {
    const consumed = new Dec(c.consumed.get(key) ?? 0);
    if (r.total.gt(consumed))
      issues.push({
        field: `${r.field}.quantity`,
        key: 'validation.correctionExceedsConsumed',
        params: {
          item: r.lotId ? `${r.sku} (${c.lotNumbers.get(r.lotId) ?? r.lotId})` : r.sku,
          consumed: consumed.toFixed(),
          requested: r.total.toFixed(),
        },
      });
  }
  return issues;
}

/** Throws a translated `VALIDATION` error naming every problem of the correction. */
export function assertCorrection(lines: readonly CorrectionLine[], c: CorrectionContext): void {
  const issues = correctionIssues(lines, c);
  if (issues.length > 0) throw new AppError('VALIDATION', 'Korekcija potrošnje nije moguća', issues);
}
