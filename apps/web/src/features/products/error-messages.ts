import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api.ts';

type Detail = { field: string; key: string; params?: Record<string, string | number> };

/** Translated messages of a failed call: one per field problem (with positions), else the code. */
export function errorMessages(error: unknown, t: TFunction): string[] {
  if (!(error instanceof ApiError)) return error ? [t('errors.UNKNOWN', { ns: 'common' })] : [];
  const details = (error.details ?? []) as Detail[];
  if (details.length > 0)
    return details.map((d) => {
      const text = t(d.key, { ns: 'common', ...(d.params ?? {}), defaultValue: error.message });
      return fieldLabel(d.field, t) ? `${fieldLabel(d.field, t)}: ${text}` : text;
    });
  return [t(`errors.${error.code}`, { ns: 'common', defaultValue: error.message })];
}

/** "lines.2.formula" → "Line 3, formula" in the user's language. */
function fieldLabel(field: string, t: TFunction): string {
  const line = /^(lines|steps)\.(\d+)\.(\w+)$/.exec(field);
  if (line) {
    const [, group, index, name] = line;
    return t(`fieldAt.${group}`, {
      ns: 'production',
      n: Number(index) + 1,
      field: t(`fields.${name}`, { ns: 'production' }),
    });
  }
  return '';
}
