import { z } from 'zod';
import { EXPORT_FILE_KINDS, EXPORT_FORMATS, EXPORT_LANGUAGES, EXPORT_SECTIONS } from './index.ts';

// The HTTP contract of /api/export: one section generated during the request, export and restore
// jobs in the background, and the files they leave (downloadable until they expire). The job's
// request is `exportJobRequestSchema`.

export const exportFileSchema = z.object({
  id: z.string(),
  kind: z.enum(EXPORT_FILE_KINDS),
  filename: z.string(),
  content_type: z.string(),
  size: z.number(),
  /** Holds prices or personal data: downloaded only by the roles that may see them. */
  sensitive: z.boolean(),
  created_at: z.string(),
  expires_at: z.string(),
});
export type ExportFile = z.infer<typeof exportFileSchema>;
/** A stored file as the repository reads it: the job that wrote it and who started it too. */
export const exportFileRowSchema = exportFileSchema.extend({
  job_id: z.string().nullable(),
  created_by: z.string().nullable(),
});
export type ExportFileRow = z.infer<typeof exportFileRowSchema>;

/** What a finished restore wrote. */
export const restoredCountsSchema = z.object({ tables: z.number(), rows: z.number() });

export const exportJobStatusSchema = z.object({
  id: z.string(),
  kind: z.enum(['export', 'restore']),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  /** A fraction 0..1 as a decimal string. */
  progress: z.string(),
  /** Documents done and their total (PDF exports; null for other jobs). */
  progress_done: z.number().nullable(),
  progress_total: z.number().nullable(),
  error: z.string().nullable(),
  /** The error's code (`CONFLICT`, `VALIDATION`, …) when the job failed with one; the screen translates it. */
  error_code: z.string().nullable(),
  file: exportFileSchema.nullable(),
  restored: restoredCountsSchema.nullable(),
});
export type ExportJobStatus = z.infer<typeof exportJobStatusSchema>;

/** The queued job: its progress is read from /api/export/jobs/:id. */
export const exportJobQueuedSchema = z.object({ id: z.string() });
export type ExportJobQueued = z.infer<typeof exportJobQueuedSchema>;

export const exportSectionParamsSchema = z.object({ section: z.enum(EXPORT_SECTIONS, 'validation.invalid') });
export const exportSectionQuerySchema = z.object({
  format: z.enum(EXPORT_FORMATS, 'validation.invalid').default('xlsx'),
  lang: z.enum(EXPORT_LANGUAGES, 'validation.invalid').optional(),
});
/** A company archive to restore: checked by the restore itself (archive-schema.ts on the server). */
export const archiveUploadSchema = z.record(z.string(), z.unknown());
