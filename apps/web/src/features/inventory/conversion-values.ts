import { unitConversionSchema } from '@erp/domain';
import { formSchema } from '@erp/domain/form-schema';
import { numberInputToApi, unitCodeOf } from '../../lib/format.ts';

// The item page's "add a unit conversion" form: a unit as typed (its symbol or code) and a factor
// in the language's number format, checked as one entry of the conversions route's list.

export type ConversionValues = { unit: string; factor: string };
export type Conversion = { unit: string; factor: string };

export const emptyConversion: ConversionValues = { unit: '', factor: '' };

export const conversionSchema = formSchema(
  (v: ConversionValues) => ({ unit: unitCodeOf(v.unit ?? ''), factor: numberInputToApi(v.factor ?? '') }),
  unitConversionSchema,
);

/** The list to send: the new entry replaces one of the same unit, the rest stay as they are. */
export function withConversion(list: readonly Conversion[], added: Conversion): Conversion[] {
  return [...list.filter((c) => c.unit !== added.unit), added];
}
