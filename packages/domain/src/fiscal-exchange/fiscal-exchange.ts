import { z } from 'zod';

// Fiskalizacija 2.0 (Zakon o fiskalizaciji, NN 89/2025): which message a fact needs and by when.

export const FISCAL_MESSAGE_KINDS = [
  'eracun_issued',
  'eracun_received',
  'payment',
  'rejection',
  'no_eracun',
] as const;
export type FiscalMessageKind = (typeof FISCAL_MESSAGE_KINDS)[number];

export const FISCAL_MESSAGE_STATES = ['queued', 'sending', 'accepted', 'refused', 'failed'] as const;
export type FiscalMessageState = (typeof FISCAL_MESSAGE_STATES)[number];

export const DELIVERY_STATES = ['queued', 'sent', 'delivered', 'refused', 'failed'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

export const INTERMEDIARY_KINDS = ['none', 'http', 'demo'] as const;

/** The reason kinds of a rejection (EvidentirajOdbijanje vrstaRazlogaOdbijanja). */
export const REJECTION_REASON_KINDS = ['N', 'U', 'O'] as const;

/** How a payment was received (EvidentirajNaplatu nacinPlacanja): T bank account, O set-off, Z other. */
export const PAYMENT_METHODS = ['T', 'O', 'Z'] as const;

const iso = (d: Date) => d.toISOString().slice(0, 10);
const parse = (day: string) => new Date(`${day}T00:00:00Z`);

/** Easter Sunday (Gregorian, anonymous algorithm) as `YYYY-MM-DD`. */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const FIXED_HOLIDAYS = [
  '01-01',
  '01-06',
  '05-01',
  '05-30',
  '06-22',
  '08-05',
  '08-15',
  '11-01',
  '11-18',
  '12-25',
  '12-26',
];

/** Croatian public holidays (Zakon o blagdanima): the fixed ones, Easter Monday and Corpus Christi. */
export function isCroatianHoliday(day: string): boolean {
  if (FIXED_HOLIDAYS.includes(day.slice(5))) return true;
  const easter = parse(easterSunday(Number(day.slice(0, 4))));
  const plus = (n: number) => iso(new Date(easter.getTime() + n * 86_400_000));
  return day === plus(0) || day === plus(1) || day === plus(60);
}

export function isWorkingDay(day: string): boolean {
  const weekday = parse(day).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !isCroatianHoliday(day);
}

/** The day `n` working days after `day` (weekends and Croatian public holidays skipped). */
export function addWorkingDays(day: string, n: number): string {
  let at = parse(day);
  let left = n;
  while (left > 0) {
    at = new Date(at.getTime() + 86_400_000);
    if (isWorkingDay(iso(at))) left--;
  }
  return iso(at);
}

/** The 20th of the month after `day` (Art. 52 and 53: rejections and payments of a month). */
export function twentiethOfNextMonth(day: string): string {
  const d = parse(day);
  return iso(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 20)));
}

/**
 * The last day a message may reach the fiscalisation system:
 * - an issued eRačun and a supply reported without one (Art. 48(3), 51(3)): at issue; when the
 *   system cannot be reached, within five working days (Art. 49) — that last day is the deadline;
 * - a received eRačun (Art. 48(4)): five working days after it was received;
 * - a payment (Art. 53) and a rejection (Art. 52): the 20th of the month after it happened.
 */
export function fiscalDeadline(kind: FiscalMessageKind, eventDay: string): string {
  switch (kind) {
    case 'eracun_issued':
    case 'no_eracun':
    case 'eracun_received':
      return addWorkingDays(eventDay, 5);
    case 'payment':
    case 'rejection':
      return twentiethOfNextMonth(eventDay);
  }
}

const optionalUrl = z
  .string()
  .trim()
  .max(500)
  .refine((v) => /^https?:\/\/[^\s]+$/.test(v), { message: 'validation.urlInvalid' })
  .nullable();

/** The company's Fiskalizacija 2.0 and intermediary settings (the secret is write-only). */
export const fiscalExchangeSettingsSchema = z
  .object({
    enabled: z.boolean(),
    porezna_url: optionalUrl,
    intermediary_kind: z.enum(INTERMEDIARY_KINDS),
    intermediary_url: optionalUrl,
    intermediary_username: z.string().trim().max(200).nullable(),
    /** Omitted: keep the stored one; null: remove it. */
    intermediary_secret: z.string().max(500).nullable().optional(),
    auto_send: z.boolean(),
  })
  .superRefine((v, ctx) => {
    if (v.intermediary_kind === 'http' && !v.intermediary_url)
      ctx.addIssue({ code: 'custom', path: ['intermediary_url'], message: 'validation.required' });
    if (v.enabled && !v.porezna_url)
      ctx.addIssue({ code: 'custom', path: ['porezna_url'], message: 'validation.required' });
  });
export type FiscalExchangeSettingsInput = z.output<typeof fiscalExchangeSettingsSchema>;

/** A supply for which no eRačun could be issued (Art. 40, 51): the issued invoice it concerns. */
export const noEracunReportSchema = z.object({ document_id: z.uuid() });
