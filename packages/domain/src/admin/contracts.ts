import { z } from 'zod';
import { uuidParam } from '../contracts.ts';

// The HTTP contract of /api/admin (the platform operators' API behind `npm run admin`).

export const adminEmailSchema = z.object({
  email: z.string().trim().min(3, 'validation.emailRequired').max(254, 'validation.tooLong'),
});
export type AdminEmail = z.infer<typeof adminEmailSchema>;
export const accountStatusChangeSchema = z.object({ userId: z.string(), account_status: z.string() });
export type AccountStatusChange = z.infer<typeof accountStatusChangeSchema>;

export const companyReadOnlySchema = z.object({ read_only: z.boolean() });
export const companyReadOnlyStateSchema = z.object({ company_id: z.string(), read_only: z.boolean() });
export type CompanyReadOnlyState = z.infer<typeof companyReadOnlyStateSchema>;

export const auditChainsQuerySchema = z.object({ company: uuidParam.optional() });
/** The check of every company's audit hash chain (or one company's). */
export const auditChainsResultSchema = z.object({
  ok: z.boolean(),
  companies: z.number(),
  rows: z.number(),
  unsealed: z.number(),
  /** Rows marked for the seal that committed during the check (migration 0048): not a break. */
  pending: z.number(),
  firstBreak: z.object({ companyId: z.string(), seq: z.number(), reason: z.string() }).nullable(),
});
export type AuditChainsResult = z.infer<typeof auditChainsResultSchema>;

/** Re-encryption of every stored value under the active key (`npm run admin -- keys rotate`). */
export const keyRotationResultSchema = z.object({
  companies: z.number(),
  rows: z.number(),
  values: z.number(),
  activeKid: z.string(),
});
export type KeyRotationResult = z.infer<typeof keyRotationResultSchema>;
/** How many stored values (and audit values) each encryption key holds, and how many are plain. */
export const keyStatusSchema = z.object({
  activeKid: z.string(),
  byKid: z.record(z.string(), z.number()),
  plain: z.number(),
  auditByKid: z.record(z.string(), z.number()),
});
export type KeyStatus = z.infer<typeof keyStatusSchema>;
