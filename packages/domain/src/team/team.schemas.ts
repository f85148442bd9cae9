import { z } from 'zod';
import { EMAIL_PATTERN } from '../auth/auth.schemas.ts';
import { ROLES, type Role } from '../permissions.ts';
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

export type Member = {
  user_id: string;
  email: string;
  name: string | null;
  role: Role;
  status: MemberStatus;
  joined_at: string;
  /** The user whose own tenants row is the company: always an owner, never removed. */
  is_founder: boolean;
};

export type Invitation = {
  id: string;
  email: string;
  role: Role;
  status: InvitationStatus;
  invited_by_name: string | null;
  created_at: string;
  expires_at: string;
};

/** A company the signed-in user belongs to (the company switcher). */
export type MyCompany = {
  company_id: string;
  company_name: string | null;
  role: Role;
  status: MemberStatus;
  is_own: boolean;
};

export type InvitationPreview = {
  company_name: string | null;
  email: string;
  role: Role;
  status: InvitationStatus;
  invited_by_name: string | null;
  expires_at: string;
};

export type ActivityEntry = {
  seq: number;
  at: string;
  actor_id: string | null;
  actor_name: string | null;
  /** The nil uuid in the audit trail: a platform operator, not a member. */
  is_platform: boolean;
  table_name: string;
  row_id: string;
  action: 'INSERT' | 'UPDATE' | 'DELETE';
  fields: string[];
};
