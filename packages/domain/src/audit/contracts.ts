import { z } from 'zod';

// The HTTP contract of /api/audit: the company's audit trail, one record's history, and the check
// of the company's hash chain. Values are whatever the row held; encrypted ones arrive as null with
// `encrypted` set.

const tableName = z.string().regex(/^[a-z_][a-z0-9_]{0,62}$/, 'validation.invalid');
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.invalid');

export const fieldChangeSchema = z.object({
  field: z.string(),
  old: z.unknown(),
  new: z.unknown(),
  encrypted: z.boolean(),
});
export type FieldChange = z.infer<typeof fieldChangeSchema>;

/** Who changed which row of which table, when (one row of the audit trail, without its values). */
export const auditRowSchema = z.object({
  seq: z.number(),
  at: z.string(),
  actor_id: z.string().nullable(),
  actor_name: z.string().nullable(),
  /** The nil uuid in the audit trail: a platform operator, not a member. */
  is_platform: z.boolean(),
  table_name: z.string(),
  row_id: z.string(),
  action: z.enum(['INSERT', 'UPDATE', 'DELETE']),
});
export const auditEntrySchema = auditRowSchema.extend({ changes: z.array(fieldChangeSchema) });
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  rows: z.array(auditEntrySchema),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

export const auditQuerySchema = z.object({
  table: tableName.optional(),
  user: z.uuid().optional(),
  from: day.optional(),
  to: day.optional(),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(50),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditRecordParamsSchema = z.object({ table: tableName, id: z.uuid() });
export const auditRecordQuerySchema = auditQuerySchema.pick({ page: true, page_size: true });

/** The check of the current company's chain (the audit page's button). */
export const auditVerifySchema = z.object({
  ok: z.boolean(),
  rows: z.number(),
  unsealed: z.number(),
  /** Rows of commits that found the chain head busy, committed after this check's own seal: the sealer chains them within about a second. */
  pending: z.number(),
  first_break: z.object({ seq: z.number(), reason: z.string() }).nullable(),
});
export type AuditVerify = z.infer<typeof auditVerifySchema>;
