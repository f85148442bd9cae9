import { unitConversionSchema } from '@erp/domain';
import { formSchema } from '@erp/domain/form-schema';
import { numberInputToApi, unitCodeOf } from '../../lib/format.ts';

// The item page's "add a unit conversion" form: a unit as typed (its symbol or code), a factor
// in the language's number format and whether the item is bought in it, checked as one entry of
// the conversions route's list.

export type ConversionValues = { unit: string; factor: string; purchase: boolean };
export type Conversion = { unit: string; factor: string; purchase?: boolean };

export const emptyConversion: ConversionValues = { unit: '', factor: '', purchase: false };

export const conversionSchema = formSchema(
  (v: ConversionValues) => ({
    unit: unitCodeOf(v.unit ?? ''),
    factor: numberInputToApi(v.factor ?? ''),
    purchase: Boolean(v.purchase),
  }),
  unitConversionSchema,
);

/**
 * The list to send: the new entry replaces one of the same unit, the rest stay as they are; a new
 * purchase unit takes the mark from the old one (an item has at most one).
 */
export function withConversion(list: readonly Conversion[], added: Conversion): Conversion[] {
  const others = list.filter((c) => c.unit !== added.unit);
  return [...(added.purchase ? others.map((c) => ({ ...c, purchase: false })) : others), added];
}
