import { z } from 'zod';
import { auditRowSchema } from '../audit/contracts.ts';
import { uuidParam } from '../contracts.ts';
import { ROLES } from '../permissions.ts';
import { tenantProfileSchema } from '../tenants/tenant.schemas.ts';
import { INVITATION_STATUSES, MEMBER_STATUSES } from './team.schemas.ts';

// The HTTP contract of /api/team, /api/invitations and /api/company (the current company's details).

const role = z.enum(ROLES);

export const memberSchema = z.object({
  user_id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  role,
  status: z.enum(MEMBER_STATUSES),
  joined_at: z.string(),
  /** The user whose own tenants row is the company: always an owner, never removed. */
  is_founder: z.boolean(),
});
export type Member = z.infer<typeof memberSchema>;
export const memberParamsSchema = z.object({ userId: uuidParam });

export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role,
  status: z.enum(INVITATION_STATUSES),
  invited_by_name: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;
export const createdInvitationSchema = z.object({
  invitation: invitationSchema,
  link: z.string(),
  emailed: z.boolean(),
});
export type CreatedInvitation = z.infer<typeof createdInvitationSchema>;
export const invitationPreviewSchema = z.object({
  company_name: z.string().nullable(),
  email: z.string(),
  role,
  status: z.enum(INVITATION_STATUSES),
  invited_by_name: z.string().nullable(),
  expires_at: z.string(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;
export const acceptedInvitationSchema = z.object({ company_id: z.string(), role });

/** A company the signed-in user belongs to (the company switcher). */
export const myCompanySchema = z.object({
  company_id: z.string(),
  company_name: z.string().nullable(),
  role,
  status: z.enum(MEMBER_STATUSES),
  is_own: z.boolean(),
});
export type MyCompany = z.infer<typeof myCompanySchema>;

/** The current company's details: the company part of its founder's profile (tenants). */
export const companyDetailsSchema = tenantProfileSchema.pick({
  id: true,
  company_name: true,
  company_address: true,
  company_phone: true,
  company_email: true,
  company_website: true,
  tax_number: true,
  company_logo: true,
  bank_accounts: true,
});
export type CompanyDetails = z.infer<typeof companyDetailsSchema>;

/** One change of the company's audit trail as the team page's activity lists it: the fields, not their values. */
export const activityEntrySchema = auditRowSchema.extend({ fields: z.array(z.string()) });
export type ActivityEntry = z.infer<typeof activityEntrySchema>;
export const activityQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  before_seq: z.coerce.number().int().positive().optional(),
});

/** What the database says when a membership changes (pg_notify 'membership_changed'). */
export const membershipNoticeSchema = z.object({
  company_id: z.string(),
  user_id: z.string(),
  change: z.enum(['added', 'removed', 'suspended', 'reinstated', 'role']),
});
