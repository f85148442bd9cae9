import i18n from 'i18next';

/** Intl locale per interface language (region chosen for the usual number and date conventions). */
const LOCALES = { hr: 'hr-HR', en: 'en-GB', sl: 'sl-SI', de: 'de-DE', it: 'it-IT', cs: 'cs-CZ' } as const;

export function localeOf(lng: string = i18n.resolvedLanguage ?? i18n.language ?? 'hr'): string {
  return LOCALES[lng.slice(0, 2) as keyof typeof LOCALES] ?? LOCALES.hr;
}

/** `value` is an ISO date or timestamp string; date-only values are read as calendar dates (no time zone shift). */
export function formatDate(
  value: string | Date,
  lng?: string,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'long' },
) {
  const date =
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)
      ? new Date(`${value}T12:00:00`)
      : new Date(value);
  return new Intl.DateTimeFormat(localeOf(lng), options).format(date);
}

/** Numbers and money arrive as decimal strings; Intl formats the string itself, so no float rounding. */
export function formatNumber(value: string | number, lng?: string, options: Intl.NumberFormatOptions = {}) {
  return new Intl.NumberFormat(localeOf(lng), options).format(value as Intl.StringNumericLiteral);
}

export function formatCurrency(value: string, currency = 'EUR', lng?: string) {
  return formatNumber(value, lng, { style: 'currency', currency });
}
