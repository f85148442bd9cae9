// The business calendar: documents are dated in Croatian time (Europe/Zagreb), so "today" is the
// date there, which differs from the UTC date for an hour or two around midnight.
export const BUSINESS_TIME_ZONE = 'Europe/Zagreb';

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** `YYYY-MM-DD` of `at` in the business time zone. */
export function businessDay(at: Date = new Date()): string {
  return dayFormat.format(at);
}
