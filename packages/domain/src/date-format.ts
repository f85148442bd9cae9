/**
 * How a date is written, one rule per language for screens (web `lib/format.ts`) and printed
 * documents (server `pdf/pdf-format.ts`), so a PDF says what the screen says:
 * - `date`: a calendar date, numeric: "27. 11. 2026." (hr, the reference), "27/11/2026" (en),
 *   "27.11.2026" (de);
 * - `dateTime`: the same date with hours and minutes: "27. 11. 2026. 14:05";
 * - `month`: a month on a chart axis: "stu 26." (hr), "Nov 26" (en), "11/26" (cs).
 */

/** Intl locale per interface language (region chosen for the usual number and date conventions). */
export const LANGUAGE_LOCALES = {
  hr: 'hr-HR',
  en: 'en-GB',
  sl: 'sl-SI',
  de: 'de-DE',
  it: 'it-IT',
  cs: 'cs-CZ',
} as const;

/** The Intl locale of a language code ("hr", "en-US" → its first two letters); Croatian otherwise. */
export function languageLocale(lng: string): string {
  return LANGUAGE_LOCALES[lng.slice(0, 2) as keyof typeof LANGUAGE_LOCALES] ?? LANGUAGE_LOCALES.hr;
}

const DATE_KINDS = {
  date: { day: 'numeric', month: 'numeric', year: 'numeric' },
  dateTime: { day: 'numeric', month: 'numeric', year: 'numeric', hour: '2-digit', minute: '2-digit' },
  month: { month: 'short', year: '2-digit' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DateKind = keyof typeof DATE_KINDS;

/**
 * Czech numbers the month on a chart: its CLDR month-and-year pattern spells the name out
 * ("červenec 26"), and twelve of those do not fit under a dashboard chart's bars.
 */
const MONTH_NUMBERED = { month: 'numeric', year: '2-digit' } as const satisfies Intl.DateTimeFormatOptions;

function kindOptions(kind: DateKind, lng: string): Intl.DateTimeFormatOptions {
  return kind === 'month' && lng.slice(0, 2) === 'cs' ? MONTH_NUMBERED : DATE_KINDS[kind];
}

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * `value` in the language's rule for `kind`. An ISO date ("2026-11-27") is a calendar date and
 * prints as that day wherever the code runs; a timestamp (a `Date` or an ISO instant) prints as the
 * moment in `timeZone` (the runtime's own zone when not given: the browser's on a screen).
 */
export function formatDateAs(kind: DateKind, value: string | Date, lng: string, timeZone?: string): string {
  const calendar = typeof value === 'string' && CALENDAR_DATE.test(value);
  return new Intl.DateTimeFormat(languageLocale(lng), {
    ...kindOptions(kind, lng),
    timeZone: calendar ? 'UTC' : timeZone,
  }).format(calendar ? new Date(`${value}T12:00:00Z`) : new Date(value));
}
