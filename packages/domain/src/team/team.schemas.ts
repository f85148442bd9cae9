import { z } from 'zod';
import { EMAIL_PATTERN } from '../auth/auth.schemas.ts';
import { ROLES } from '../permissions.ts';
import { tenantUpdateSchema } from '../tenants/tenant.schemas.ts';

/** How long an invitation link works. */
export const INVITATION_TTL_DAYS = 7;
/** A member is active or suspended (by an owner or admin) in one company; suspension hides only that company. */
export const MEMBER_STATUSES = ['active', 'suspended'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];
export const INVITATION_STATUSES = ['pending', 'accepted', 'revoked', 'expired'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

export const roleSchema = z.enum(ROLES, { error: 'validation.invalid' });

export const invitationCreateSchema = z
  .object({
    email: z
      .string({ error: 'validation.emailRequired' })
      .trim()
      .toLowerCase()
      .min(1, { message: 'validation.emailRequired', abort: true })
      .max(254, 'validation.tooLong')
      .regex(EMAIL_PATTERN, 'validation.emailInvalid'),
    role: roleSchema,
  })
  .strict();
export type InvitationCreate = z.infer<typeof invitationCreateSchema>;

/** One-time tokens are 32 random bytes, base64url: 43 characters. */
export const invitationTokenSchema = z
  .object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'validation.invalid') })
  .strict();

export const memberUpdateSchema = z
  .object({ role: roleSchema, status: z.enum(MEMBER_STATUSES, { error: 'validation.invalid' }) })
  .partial()
  .strict()
  .refine((v) => v.role !== undefined || v.status !== undefined, 'validation.required');
export type MemberUpdate = z.infer<typeof memberUpdateSchema>;

/** The company's own fields on its tenants row (issue 9: owners and admins edit them; personal fields stay with each user). */
export const COMPANY_FIELDS = [
  'company_name',
  'company_address',
  'company_phone',
  'company_email',
  'company_website',
  'tax_number',
  'bank_accounts',
] as const;
export const PERSONAL_FIELDS = [
  'full_name',
  'phone',
  'address',
  'date_of_birth',
  'position',
  'department',
] as const;

export const companyUpdateSchema = tenantUpdateSchema.pick({
  company_name: true,
  company_address: true,
  company_phone: true,
  company_email: true,
  company_website: true,
  tax_number: true,
  bank_accounts: true,
});
export type CompanyUpdate = z.infer<typeof companyUpdateSchema>;
