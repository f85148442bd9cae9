import { exportJobRequestSchema } from '@erp/domain';
import { PermanentJobError, registerJobHandler } from '../../jobs/jobs.ts';
import { runExport } from './export.service.ts';

/** The background job kind of every export (its payload is the export request). */
export const EXPORT_JOB_KIND = 'export.file';

registerJobHandler(EXPORT_JOB_KIND, async (job, ctx) => {
  const parsed = exportJobRequestSchema.safeParse(job.payload);
  if (!parsed.success) throw new PermanentJobError('invalid export request');
  const file = await runExport(ctx.db, { userId: ctx.userId, companyId: ctx.companyId }, parsed.data, {
    jobId: job.id,
    // Not awaited: on PGlite (one connection) the progress write waits for the export's own
    // transaction, so awaiting it inside would stall; on PostgreSQL it lands at once.
    onProgress: (fraction) => {
      void ctx.reportProgress(Math.min(fraction, 0.99)).catch(() => {});
    },
  });
  return { fileId: file.id, filename: file.filename, size: file.size };
});
