import type { TFunction } from 'i18next';
import { formatDate, formatNumber } from '../../lib/format.ts';
import type { ItemImportResult } from './inventory-api.ts';

/** Fields the preview table already has columns for. */
const OWN_COLUMNS = new Set(['sku', 'name', 'location', 'quantity']);
const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * A preview row's understood values as the user reads them: "Jedinica: m2", "Nabavna cijena: 12,5",
 * "Praćenje lotova: da", "Rok trajanja: 31. 12. 2027." — each under the file's own column header,
 * in the user's language (kinds, yes/no, price basis, glass kind, numbers, dates). A value the
 * import could not read stays as it was typed.
 */
export function understoodValues(
  t: TFunction<'inventory'>,
  lng: string,
  columns: ItemImportResult['columns'],
  values: Record<string, string>,
): { field: string; label: string; text: string }[] {
  return Object.entries(values)
    .filter(([field]) => !OWN_COLUMNS.has(field))
    .map(([field, value]) => ({
      field,
      label: columns.find((c) => c.field === field)?.header ?? t(`import.field.${field}`),
      text: valueText(t, lng, field, value),
    }));
}

function valueText(t: TFunction<'inventory'>, lng: string, field: string, value: string): string {
  if (value === 'true') return t('inventory:import.yes');
  if (value === 'false') return t('inventory:import.no');
  if (field === 'kind') return t(`kinds.${value}`, { defaultValue: value });
  if (field === 'price_basis') return t(`priceBases.${value}`, { defaultValue: value });
  if (field === 'glass_kind') return t(`glassKinds.${value}`, { defaultValue: value });
  if (field === 'expires_on' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDate(value, lng);
  if (DECIMAL.test(value) && field !== 'kpd_code')
    return formatNumber(value, lng, { maximumFractionDigits: 4 });
  return value;
}
