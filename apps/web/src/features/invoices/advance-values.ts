import { advanceInputSchema } from '@erp/domain/documents/advances';
import { formSchema } from '@erp/domain/form-schema';
import { numberInputToApi } from '../../lib/format.ts';

// The advance invoice dialog (advances.tsx): a percentage of the order's total or an amount with
// VAT, typed in the language's format, checked with the advance route's own schema.

export type AdvanceMode = 'percent' | 'amount';
export type AdvanceValues = { mode: AdvanceMode; value: string };

export const advanceFormSchema = formSchema(
  (v: AdvanceValues) => ({ [v.mode === 'amount' ? 'amount' : 'percent']: numberInputToApi(v.value ?? '') }),
  advanceInputSchema,
);
