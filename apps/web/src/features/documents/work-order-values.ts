import { completionInputSchema, qualityCheckInputSchema, timeLogInputSchema } from '@erp/domain';
import { formSchema } from '@erp/domain/form-schema';
import type { output } from 'zod';
import { numberInputToApi } from '../../lib/format.ts';

// The work order page's small editors (work-order-panels.tsx): time logged on an operation, its
// quality check, and the completion (actual quantities, output location, lot). Each is checked with
// its route's own schema; amounts are typed in the language's format.

export type TimeValues = { minutes: string };
export const timeSchema = formSchema(
  (v: TimeValues) => ({ minutes: numberInputToApi(v.minutes ?? '') }),
  timeLogInputSchema,
);

export type CheckValues = { result: 'pass' | 'fail' | 'note'; note: string };
export const checkSchema = formSchema(
  (v: CheckValues) => ({ result: v.result, note: v.note }),
  qualityCheckInputSchema,
);

/** `quantities` follow the order's material lines; an empty one means "as planned" and is not sent. */
export type CompletionValues = { quantities: string[]; output_location_id: string; lot_number: string };

/** The material lines (their positions) whose actual quantity is typed, in the body's order. */
export function typedLines(quantities: readonly string[]): number[] {
  return quantities.flatMap((q, i) => ((q ?? '').trim() === '' ? [] : [i]));
}

export function completionBody(v: CompletionValues, itemIds: readonly string[]) {
  const lot = (v.lot_number ?? '').trim();
  return {
    actual: typedLines(v.quantities ?? []).map((i) => ({
      item_id: itemIds[i],
      quantity: numberInputToApi(v.quantities[i] ?? ''),
    })),
    ...(v.output_location_id ? { output_location_id: v.output_location_id } : {}),
    ...(lot ? { lot_number: lot } : {}),
  };
}

export type CompletionBody = output<typeof completionInputSchema>;

export const completionSchema = (itemIds: readonly string[]) =>
  formSchema((v: CompletionValues) => completionBody(v, itemIds), completionInputSchema);

/** The material line a failure of the body's `actual.<n>.quantity` belongs to, or null. */
export function lineOfIssue(path: string, quantities: readonly string[]): number | null {
  const m = /^actual\.(\d+)/.exec(path);
  if (!m) return null;
  return typedLines(quantities)[Number(m[1])] ?? null;
}
