import { PermanentJobError, registerJobHandler } from '../../jobs/jobs.ts';
import { DELIVER_JOB_KIND, deliverLate } from './fiscal.service.ts';

// Late delivery (naknadna dostava) of an invoice issued without JIR. One attempt per run, in its
// own company transaction, which commits the attempt and the row's state before the runner
// decides: CIS still down (or a retryable error) → throw, so the runner tries again with its
// back-off; a JIR, a final error or nothing left to do → done.
registerJobHandler(DELIVER_JOB_KIND, async (job, ctx) => {
  const documentId = typeof job.payload.document_id === 'string' ? job.payload.document_id : '';
  if (!documentId) throw new PermanentJobError('document_id missing');
  const outcome = await ctx.withCompany((tx, company) => deliverLate(tx, company, documentId));
  if (outcome === 'retry') throw new Error('CIS did not answer; the invoice stays pending');
  return { document_id: documentId, outcome };
});
