import { itemInputSchema, itemUpdateSchema, type PriceBasis } from '@erp/domain';
import { formSchema } from '@erp/domain/form-schema';
import type { output, ZodType } from 'zod';
import { formatNumberInput, numberInputToApi } from '../../lib/format.ts';
import type { Item } from './inventory-api.ts';

// The item editor's values and their way to the request body (item-form.tsx renders them).

export const TEXT_FIELDS = [
  ['sku', 'items.sku'],
  ['name', 'items.name'],
  ['length_mm', 'items.length'],
  ['width_mm', 'items.width'],
  ['thickness_mm', 'items.thickness'],
  ['reorder_point', 'items.reorderPoint'],
  ['reorder_qty', 'items.reorderQty'],
  ['purchase_price', 'items.purchasePrice'],
  ['sales_price', 'items.salesPrice'],
  ['vat_rate', 'items.vatRate'],
  ['kpd_code', 'items.kpdCode'],
  ['min_charge', 'items.minCharge'],
] as const;
export type TextField = (typeof TEXT_FIELDS)[number][0];
/** Amounts and measures: shown in the language's format, read with the one rule (lib/format.ts). */
export const NUMBER_FIELDS: ReadonlySet<TextField> = new Set([
  'length_mm',
  'width_mm',
  'thickness_mm',
  'reorder_point',
  'reorder_qty',
  'purchase_price',
  'sales_price',
  'vat_rate',
  'min_charge',
]);
export type FormState = Record<TextField, string> & {
  kind: Item['kind'];
  base_unit: string;
  lot_tracked: boolean;
  grain: boolean;
  active: boolean;
  price_basis: PriceBasis;
  glass_kind: string;
  vat_exemption: string;
};

export const empty: FormState = {
  sku: '',
  name: '',
  length_mm: '',
  width_mm: '',
  thickness_mm: '',
  reorder_point: '',
  reorder_qty: '',
  purchase_price: '',
  sales_price: '',
  vat_rate: '25',
  kpd_code: '',
  min_charge: '',
  price_basis: 'unit',
  glass_kind: '',
  vat_exemption: '',
  kind: 'material',
  base_unit: 'kom',
  lot_tracked: false,
  grain: false,
  active: true,
};

export const isZeroRate = (rate: string) => /^\s*0+([.,]0*)?\s*$/.test(rate);

export function fromItem(item: Item): FormState {
  const s: FormState = {
    ...empty,
    kind: item.kind,
    base_unit: item.base_unit,
    lot_tracked: item.lot_tracked,
    grain: item.grain,
    active: item.active,
    price_basis: item.price_basis ?? 'unit',
    glass_kind: item.glass_kind ?? '',
    vat_exemption: item.vat_exemption ?? '',
  };
  for (const [f] of TEXT_FIELDS)
    s[f] = NUMBER_FIELDS.has(f)
      ? formatNumberInput(item[f] as string | null)
      : ((item[f] as string | null) ?? '');
  return s;
}

/** The request body from what is typed (the same for a new item and a change). */
export function toBody(form: FormState): Record<string, unknown> {
  const body: Record<string, unknown> = {
    kind: form.kind,
    base_unit: form.base_unit,
    lot_tracked: form.lot_tracked,
    grain: form.grain,
    active: form.active,
    price_basis: form.price_basis,
    // The glass kind only matters for prices per m² (its minimum billed area).
    glass_kind: form.price_basis === 'area' && form.glass_kind ? form.glass_kind : null,
    // The basis of a 0 % rate (zero rate or an exemption article) only matters at 0 %.
    vat_exemption: isZeroRate(form.vat_rate) && form.vat_exemption ? form.vat_exemption : null,
  };
  for (const [f] of TEXT_FIELDS)
    body[f] =
      form[f].trim() === ''
        ? f === 'sku' || f === 'name' || f === 'vat_rate'
          ? form[f]
          : null
        : NUMBER_FIELDS.has(f)
          ? numberInputToApi(form[f])
          : form[f].trim();
  return body;
}
/** A new item is checked as the create route does, a change as the PATCH route does (its body is a partial one). */
export const createSchema = formSchema(toBody, itemInputSchema);
export const updateSchema = formSchema(toBody, itemUpdateSchema);
export type ItemFormSchema = ZodType<output<typeof updateSchema>, unknown>;
