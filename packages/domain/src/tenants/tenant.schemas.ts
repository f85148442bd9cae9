import { z } from 'zod';
import { EMAIL_PATTERN } from '../auth/auth.schemas.ts';
import { isValidIban, normalizeIban } from '../identity/iban.ts';
import { isValidOib } from '../identity/oib.ts';
import { isValidPhone } from '../identity/phone.ts';

export const ACCOUNT_STATUSES = ['active', 'blocked'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

const text = (max = 200) => z.string().trim().max(max, 'validation.tooLong');
/** Empty strings from forms mean "no value". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), schema.nullable());

const phone = optional(text(50).refine(isValidPhone, 'validation.phoneInvalid'));

const isoDate = z
  .string()
  // One message for a date that is not one: the range check does not run on a failed format.
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'validation.dateInvalid', abort: true })
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return (
      !Number.isNaN(d.getTime()) &&
      d.toISOString().startsWith(v) &&
      v >= '1900-01-01' &&
      d.getTime() <= Date.now()
    );
  }, 'validation.dateInvalid');

const website = text(300).refine((v) => {
  try {
    const url = new URL(/^https?:\/\//i.test(v) ? v : `https://${v}`);
    return url.hostname.includes('.') && !/\s/.test(v);
  } catch {
    return false;
  }
}, 'validation.urlInvalid');

export const bankAccountSchema = z.object({
  iban: z.string().transform(normalizeIban).refine(isValidIban, 'validation.ibanInvalid'),
  bank_name: optional(text(120)).optional(),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

/** Every editable field of the seed's tenants row; a PATCH sends any subset of them. */
export const tenantUpdateSchema = z
  .object({
    full_name: optional(text(200)),
    phone,
    address: optional(text(300)),
    date_of_birth: optional(isoDate),
    position: optional(text(120)),
    department: optional(text(120)),
    company_name: optional(text(200)),
    company_address: optional(text(300)),
    company_phone: phone,
    company_email: optional(text(254).regex(EMAIL_PATTERN, 'validation.emailInvalid')),
    company_website: optional(website),
    tax_number: optional(z.string().trim().refine(isValidOib, 'validation.oibInvalid')),
    bank_accounts: z.array(bankAccountSchema).max(10, 'validation.tooManyItems'),
  })
  .partial()
  .strict();
export type TenantUpdate = z.infer<typeof tenantUpdateSchema>;

/** The signed-in user's profile and own company as /api/tenants/me answers it. */
export const tenantProfileSchema = z.object({
  id: z.string(),
  full_name: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  date_of_birth: z.string().nullable(),
  position: z.string().nullable(),
  department: z.string().nullable(),
  company_name: z.string().nullable(),
  company_address: z.string().nullable(),
  company_phone: z.string().nullable(),
  company_email: z.string().nullable(),
  company_website: z.string().nullable(),
  tax_number: z.string().nullable(),
  company_logo: z.string().nullable(),
  bank_accounts: z.array(z.object({ iban: z.string(), bank_name: z.string().nullable().optional() })),
  account_status: z.enum(ACCOUNT_STATUSES),
});
export type TenantProfile = z.infer<typeof tenantProfileSchema>;
