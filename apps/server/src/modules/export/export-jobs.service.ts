import { AppError, type ExportJobRequest, type ExportJobStatus, restoredCountsSchema } from '@erp/domain';
import type { Tx } from '../../db/database.ts';
import type { CompanyContext } from '../../db/tenant.ts';
import { enqueueJob, getJob } from '../../jobs/jobs.ts';
import { precheckArchiveRestore } from './archive.ts';
import { EXPORT_JOB_KIND, RESTORE_JOB_KIND } from './export.jobs.ts';
import { fileOfJob, listExportFiles, readExportFile, storeExportFile } from './export.repo.ts';
import { assertMayDownload, assertMayExport } from './export.service.ts';

// The export screen's use-cases around jobs and stored files (issue 20: routes call services only).

/** Queues an export the caller's role may run (sensitive sections need a role that reads them). */
export function queueExport(tx: Tx, ctx: CompanyContext, request: ExportJobRequest) {
  assertMayExport(ctx.role, request);
  return enqueueJob(tx, {
    companyId: ctx.companyId,
    kind: EXPORT_JOB_KIND,
    payload: request,
    userId: ctx.userId,
    maxAttempts: 2,
  });
}

/** Progress of an export or restore job and, when done, its file or what it restored. */
export async function jobStatus(tx: Tx, id: string): Promise<ExportJobStatus> {
  const job = await getJob(tx, id);
  if (!job || (job.kind !== EXPORT_JOB_KIND && job.kind !== RESTORE_JOB_KIND))
    throw new AppError('NOT_FOUND', 'Izvoz nije pronađen');
  const restore = job.kind === RESTORE_JOB_KIND;
  const file = !restore && job.status === 'done' ? await fileOfJob(tx, job.id) : null;
  const restored =
    restore && job.status === 'done' ? (restoredCountsSchema.safeParse(job.result).data ?? null) : null;
  return {
    id: job.id,
    kind: restore ? ('restore' as const) : ('export' as const),
    status: job.status,
    progress: job.progress,
    progress_done: job.progressDone,
    progress_total: job.progressTotal,
    error: job.status === 'failed' ? job.error : null,
    error_code: job.status === 'failed' ? (/^([A-Z_]+): /.exec(job.error ?? '')?.[1] ?? null) : null,
    file,
    restored,
  };
}

export const listFiles = (tx: Tx) => listExportFiles(tx);

/** A stored file the caller may download (members only, until it expires; sensitive ones by role). */
export async function downloadFile(tx: Tx, ctx: CompanyContext, id: string) {
  const found = await readExportFile(tx, id);
  if (!found) throw new AppError('NOT_FOUND', 'Datoteka nije pronađena ili je istekla');
  assertMayDownload(ctx, found);
  return found;
}

/**
 * Quick checks now (a bad file is 400, a company with data 409); the upload is stored and its
 * restore job queued in the same transaction, so there is never one without the other.
 */
export async function queueRestore(tx: Tx, ctx: CompanyContext, archive: Record<string, unknown>) {
  await precheckArchiveRestore(tx, ctx.companyId, archive);
  const upload = await storeExportFile(tx, {
    companyId: ctx.companyId,
    jobId: null,
    kind: 'upload',
    filename: 'upload.json',
    contentType: 'application/json',
    data: Buffer.from(JSON.stringify(archive), 'utf8'),
    sensitive: true,
    createdBy: ctx.userId,
  });
  return enqueueJob(tx, {
    companyId: ctx.companyId,
    kind: RESTORE_JOB_KIND,
    payload: { uploadId: upload.id },
    userId: ctx.userId,
    maxAttempts: 1,
  });
}
