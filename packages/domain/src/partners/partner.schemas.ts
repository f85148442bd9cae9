import { z } from 'zod';
import { EMAIL_PATTERN } from '../auth/auth.schemas.ts';
import { einvoiceAddressSchema } from '../einvoice/einvoice.ts';
import { isValidOib } from '../identity/oib.ts';
import { hasPhoneDigits, isValidPhone } from '../identity/phone.ts';
import { decimalInputToApi } from '../number-input.ts';
import { isValidVatId, normalizeVatId } from './vat-id.ts';

/** Clients and suppliers share one identity; the role says which list a record belongs to. */
export const PARTNER_ROLES = ['client', 'supplier'] as const;
export type PartnerRole = (typeof PARTNER_ROLES)[number];
export const PARTNER_KINDS = ['company', 'person'] as const;
export type PartnerKind = (typeof PARTNER_KINDS)[number];

const text = (max: number) => z.string().trim().max(max, 'validation.tooLong');
/** Empty strings from forms and files mean "no value". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), schema.nullable());

/** Non-negative decimal string, at most 12 integer digits and `decimals` decimals. */
export const decimalText = (decimals = 4, max?: string) =>
  z
    .preprocess(
      (v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? decimalInputToApi(v) : v),
      z.string().regex(new RegExp(`^\\d{1,12}(\\.\\d{1,${decimals}})?$`), {
        message: 'validation.decimalInvalid',
        abort: true,
      }),
    )
    .refine((s) => max === undefined || compareDecimalText(s, max) <= 0, 'validation.outOfRange');

/** Compares two non-negative decimal strings without converting them to floats. */
export function compareDecimalText(a: string, b: string): number {
  const [ai = '0', af = ''] = a.split('.');
  const [bi = '0', bf = ''] = b.split('.');
  const ia = ai.replace(/^0+(?=\d)/, '');
  const ib = bi.replace(/^0+(?=\d)/, '');
  if (ia.length !== ib.length) return ia.length < ib.length ? -1 : 1;
  if (ia !== ib) return ia < ib ? -1 : 1;
  const len = Math.max(af.length, bf.length);
  const fa = af.padEnd(len, '0');
  const fb = bf.padEnd(len, '0');
  return fa === fb ? 0 : fa < fb ? -1 : 1;
}

const wholeDays = (max: number) =>
  z.preprocess(
    // A whole number as text (from forms and files), negative too, so that -3 reads "out of range".
    (v) => (typeof v === 'string' && /^\s*-?\d+\s*$/.test(v) ? Number(v) : v),
    z
      .number({ error: 'validation.numberInvalid' })
      .int('validation.numberInvalid')
      .min(0, 'validation.outOfRange')
      .max(max, 'validation.outOfRange'),
  );

export const oibSchema = z.string().trim().refine(isValidOib, 'validation.oibInvalid');
export const vatIdSchema = z
  .string()
  .transform(normalizeVatId)
  .refine(isValidVatId, 'validation.vatIdInvalid');
const emailSchema = text(254).regex(EMAIL_PATTERN, 'validation.emailInvalid');
/**
 * A partner's or contact's phone: the characters of the profile's rule (digits, spaces, a leading
 * +, - / . ( )), then 6 to 17 digits. Only what is sent is checked: a number stored before the rule
 * still loads (the answer's schema takes any text) and is refused only when it is sent again.
 */
const phoneSchema = text(50)
  .refine(isValidPhone, { message: 'validation.phoneInvalid', abort: true })
  .refine(hasPhoneDigits, 'validation.phoneDigits');

export const addressSchema = z.object({
  street: optional(text(200)).default(null),
  postal_code: optional(text(20)).default(null),
  city: optional(text(100)).default(null),
  country: optional(
    z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, 'validation.invalid'),
  ).default('HR'),
});
export type Address = z.infer<typeof addressSchema>;

export const contactSchema = z.object({
  name: text(200).min(1, 'validation.required'),
  position: optional(text(120)).default(null),
  email: optional(emailSchema).default(null),
  phone: optional(phoneSchema).default(null),
});
export type Contact = z.infer<typeof contactSchema>;

const partnerFields = {
  kind: z.enum(PARTNER_KINDS, { error: 'validation.invalid' }),
  name: text(200).min(2, 'validation.nameMin'),
  oib: optional(oibSchema),
  vat_id: optional(vatIdSchema),
  /** eRačun address (BT-49) `<EAS scheme>:<id>`, e.g. `EM:racuni@example.de`; see parseEinvoiceAddress. */
  einvoice_address: optional(einvoiceAddressSchema),
  billing_address: addressSchema.nullable(),
  delivery_address: addressSchema.nullable(),
  email: optional(emailSchema),
  phone: optional(phoneSchema),
  payment_terms_days: wholeDays(365),
  default_discount: decimalText(2, '100'),
  notes: optional(text(4000)),
  active: z.boolean(),
  contacts: z.array(contactSchema).max(50, 'validation.tooManyItems'),
  /** Suppliers only; ignored for clients. */
  lead_time_days: wholeDays(365).nullable(),
};

/** A PATCH sends any subset; `contacts`, when present, replaces the list. */
export const partnerPatchSchema = z.object(partnerFields).partial().strict();
export type PartnerPatch = z.infer<typeof partnerPatchSchema>;

/**
 * A Croatian VAT id is HR followed by the OIB: beside a partner's own OIB it must be that one (a
 * typing slip would send eRačuni and VAT records to another firm).
 */
export function vatIdMatchesOib(oib: string | null | undefined, vatId: string | null | undefined): boolean {
  if (!oib || !vatId?.startsWith('HR')) return true;
  return vatId === `HR${oib}`;
}

/** Creation needs a name; every other field falls back to PARTNER_DEFAULTS. */
export const partnerInputSchema = partnerPatchSchema.required({ name: true }).superRefine((p, ctx) => {
  if (!vatIdMatchesOib(p.oib, p.vat_id))
    ctx.addIssue({ code: 'custom', path: ['vat_id'], message: 'validation.vatIdOibMismatch' });
});
export type PartnerInputRaw = z.infer<typeof partnerInputSchema>;
export type PartnerInput = Required<PartnerPatch>;

export const PARTNER_DEFAULTS: Omit<PartnerInput, 'name'> = {
  kind: 'company',
  oib: null,
  vat_id: null,
  einvoice_address: null,
  billing_address: null,
  delivery_address: null,
  email: null,
  phone: null,
  payment_terms_days: 15,
  default_discount: '0',
  notes: null,
  active: true,
  contacts: [],
  lead_time_days: null,
};

export function withPartnerDefaults(input: PartnerInputRaw): PartnerInput {
  const out = { ...PARTNER_DEFAULTS, name: input.name } as PartnerInput;
  for (const [k, v] of Object.entries(input)) if (v !== undefined) (out as Record<string, unknown>)[k] = v;
  return out;
}

export const PARTNER_SORTS = ['name', 'oib', 'city', 'created_at', 'payment_terms_days'] as const;
export type PartnerSort = (typeof PARTNER_SORTS)[number];

export const partnerListQuerySchema = z.object({
  q: z.string().trim().max(100, 'validation.tooLong').optional(),
  kind: z.enum(['all', ...PARTNER_KINDS]).default('all'),
  active: z.enum(['all', 'active', 'inactive']).default('active'),
  city: z.string().trim().max(100, 'validation.tooLong').optional(),
  sort: z.enum(PARTNER_SORTS).default('name'),
  dir: z.enum(['asc', 'desc']).default('asc'),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(50),
});
export type PartnerListQuery = z.infer<typeof partnerListQuerySchema>;

export const supplierItemInputSchema = z.object({
  item_id: z.uuid('validation.invalid'),
  supplier_sku: optional(text(64)).default(null),
  price: decimalText(4).nullable().default(null),
  min_order_qty: decimalText(4).nullable().default(null),
});
export type SupplierItemInput = z.infer<typeof supplierItemInputSchema>;
export const supplierItemsInputSchema = z.object({
  items: z.array(supplierItemInputSchema).max(2000, 'validation.tooManyItems'),
});
