import { z } from 'zod';
import { uuidParam } from '../contracts.ts';
import { ROLES } from '../permissions.ts';
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

export const companyDetailsSchema = z.object({
  id: z.string(),
  company_name: z.string().nullable(),
  company_address: z.string().nullable(),
  company_phone: z.string().nullable(),
  company_email: z.string().nullable(),
  company_website: z.string().nullable(),
  tax_number: z.string().nullable(),
  company_logo: z.string().nullable(),
  bank_accounts: z.array(z.object({ iban: z.string(), bank_name: z.string().nullable().optional() })),
});
export type CompanyDetails = z.infer<typeof companyDetailsSchema>;

export const activityEntrySchema = z.object({
  seq: z.number(),
  at: z.string(),
  actor_id: z.string().nullable(),
  actor_name: z.string().nullable(),
  /** The nil uuid in the audit trail: a platform operator, not a member. */
  is_platform: z.boolean(),
  table_name: z.string(),
  row_id: z.string(),
  action: z.enum(['INSERT', 'UPDATE', 'DELETE']),
  fields: z.array(z.string()),
});
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
