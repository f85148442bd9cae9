import { PermanentJobError, registerJobHandler } from '../../jobs/jobs.ts';
import { CHECK_JOB, finishCheck, originalXml, validateUbl } from './purchase-invoices.service.ts';

// The check of an uploaded eRačun, in the background: the upload stores the file at once as
// `checking` ("Provjera u tijeku") and this job runs the official validators (tens of seconds: a
// JVM per rule set, as child processes) outside any transaction, then writes the report in one
// short transaction. A repeat (a retry after a crash) finds the invoice checked and does nothing.

registerJobHandler(CHECK_JOB, async (job, ctx) => {
  const id = String(job.payload.purchaseInvoiceId ?? '');
  const xml = await ctx.withCompany((tx) => originalXml(tx, id)).catch(() => null);
  if (!xml) throw new PermanentJobError(`no received invoice ${id}`);
  const failures = await validateUbl(xml.toString('utf8'));
  const done = await ctx.withCompany((tx) =>
    finishCheck(tx, { companyId: ctx.companyId, userId: ctx.userId }, id, failures),
  );
  return { checked: done, failures: failures.length };
});
