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

/** "lines.2.formula" → "Line 3, formula" in the user's language ('' for other fields). */
export function fieldLabel(field: string, t: TFunction): string {
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

/**
 * The sizes (W, H) a cost preview failed for because they were left empty: the formulas use
 * them, so the preview asks for them instead of showing "unknown variable W" as an error.
 */
export function missingSizes(error: unknown, entered: { W?: string; H?: string }): Array<'W' | 'H'> {
  if (!(error instanceof ApiError)) return [];
  const names = ((error.details ?? []) as Detail[])
    .filter((d) => d.key === 'validation.formulaUnknownVariable')
    .map((d) => String(d.params?.name ?? ''));
  const sizes = (['W', 'H'] as const).filter((k) => !entered[k]?.trim());
  // Only when every failure is an empty size: any other problem is still shown as an error.
  if (names.length === 0 || !names.every((n) => (sizes as readonly string[]).includes(n))) return [];
  return sizes;
}
