import { z } from 'zod';

// The HTTP contract of /api/jobs/:id: any background job's status, progress, result and error.

export const JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type BackgroundJobStatus = (typeof JOB_STATUSES)[number];

export const backgroundJobSchema = z.object({
  id: z.string(),
  kind: z.string(),
  status: z.enum(JOB_STATUSES),
  attempts: z.number(),
  maxAttempts: z.number(),
  /** A fraction 0..1 as a decimal string. */
  progress: z.string(),
  result: z.unknown(),
  error: z.string().nullable(),
  /** The translated issues of a failure: field, i18n key and params (a cutting run names the piece and its size). */
  errorDetails: z
    .array(
      z.object({
        field: z.string(),
        key: z.string(),
        params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
      }),
    )
    .nullable(),
  runAt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type BackgroundJob = z.infer<typeof backgroundJobSchema>;
