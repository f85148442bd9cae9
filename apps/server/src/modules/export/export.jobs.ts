import { exportJobRequestSchema } from '@erp/domain';
import { z } from 'zod';
import { PermanentJobError, registerJobHandler } from '../../jobs/jobs.ts';
import { importCompanyArchive } from './archive.ts';
import { deleteExportFile, readExportFile } from './export.repo.ts';
import { runExport } from './export.service.ts';

/** The background job kind of every export (its payload is the export request). */
export const EXPORT_JOB_KIND = 'export.file';
/** The background restore of an uploaded company archive (payload `{uploadId}`). */
export const RESTORE_JOB_KIND = 'export.restore';
/**
 * A restore is one transaction that may take minutes; on PGlite nothing else (not even the
 * lease heartbeat) reaches the database meanwhile, so its claim lasts this long.
 */
export const RESTORE_LEASE_MS = 60 * 60_000;

/** Progress writes are not awaited: on PGlite (one connection) they wait for the job's own transaction. */
const progressOf = (report: (f: number) => Promise<void>) => (fraction: number) => {
  void report(Math.min(fraction, 0.99)).catch(() => {});
};

registerJobHandler(EXPORT_JOB_KIND, async (job, ctx) => {
  const parsed = exportJobRequestSchema.safeParse(job.payload);
  if (!parsed.success) throw new PermanentJobError('invalid export request');
  const file = await runExport(ctx.db, { userId: ctx.userId, companyId: ctx.companyId }, parsed.data, {
    jobId: job.id,
    onProgress: progressOf(ctx.reportProgress),
    // PDFs are rendered between transactions, so their progress is awaited (in order, on both
    // databases) and carries the count of documents; 100 % stays for the stored file.
    onPdfProgress: (done, total) =>
      ctx.reportProgress(total === 0 ? 0.99 : Math.min(done / total, 0.99), { done, total }),
  });
  return { fileId: file.id, filename: file.filename, size: file.size };
});

const restorePayload = z.object({ uploadId: z.uuid() });

registerJobHandler(
  RESTORE_JOB_KIND,
  async (job, ctx) => {
    const parsed = restorePayload.safeParse(job.payload);
    if (!parsed.success) throw new PermanentJobError('invalid restore request');
    const { uploadId } = parsed.data;
    const upload = await ctx.withCompany((tx) => readExportFile(tx, uploadId, { upload: true }));
    if (!upload) throw new PermanentJobError('the uploaded archive is gone');
    try {
      let archive: unknown;
      try {
        archive = JSON.parse(upload.data.toString('utf8'));
      } catch {
        throw new PermanentJobError('the upload is not JSON');
      }
      // One transaction as the user who uploaded it (company.manage is checked again): a failure
      // anywhere leaves the company as it was.
      return await importCompanyArchive(ctx.db, ctx.companyId, archive, {
        userId: ctx.userId,
        onProgress: progressOf(ctx.reportProgress),
      });
    } finally {
      // A restore is not tried again (one attempt), so the upload goes either way.
      await ctx.withCompany((tx) => deleteExportFile(tx, uploadId)).catch(() => {});
    }
  },
  { leaseMs: RESTORE_LEASE_MS },
);
