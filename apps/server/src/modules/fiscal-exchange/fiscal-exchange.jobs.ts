import { type JobContext, PermanentJobError, registerJobHandler } from '../../jobs/jobs.ts';
import { companyCertificate } from '../fiscalisation/fiscal.service.ts';
import { receiveUbl, validateUbl } from '../purchase-invoices/purchase-invoices.service.ts';
import * as repo from './fiscal-exchange.repo.ts';
import {
  DELIVER_JOB,
  intermediaryConfig,
  POLL_JOB,
  SEND_JOB,
  schedulePoll,
} from './fiscal-exchange.service.ts';
import { IntermediaryError, intermediaryFor } from './intermediary.ts';
import { REQUEST_ELEMENTS, sendingTime } from './messages.ts';
import { DEFAULT_TIMEOUT_MS, postRequest } from './porezna-client.ts';
import { signRequest } from './signing.ts';

// The background side of Fiskalizacija 2.0, on the shared job runner (src/jobs: claims with FOR
// UPDATE SKIP LOCKED under a lease, retries with exponential back-off). One send job per message
// (dedupe key = message id), so two instances never send the same message at once; a worker that
// died mid-send leaves its job to be taken again after the lease, and the repeat carries the same
// signed request with the same id, which the receiver recognises. No transaction is held open
// while waiting for the network: one to prepare (sign once, count the attempt), one to record.

/** How long one request may wait for its answer (tests shorten it). */
export const sendOptions = { timeoutMs: DEFAULT_TIMEOUT_MS };

const OPERATION = {
  eracun_issued: REQUEST_ELEMENTS.eracun,
  eracun_received: REQUEST_ELEMENTS.eracun,
  payment: REQUEST_ELEMENTS.payment,
  rejection: REQUEST_ELEMENTS.rejection,
  no_eracun: REQUEST_ELEMENTS.no_eracun,
} as const;

const restamp = (body: string) =>
  body.replace(/(<(\w+):datumVrijemeSlanja>)[^<]*(<\/\2:datumVrijemeSlanja>)/, `$1${sendingTime()}$3`);

async function sendMessage(
  job: { attempts: number; maxAttempts: number },
  ctx: JobContext,
  messageId: string,
  worker: string,
) {
  type Prepared =
    | { skip: string }
    | { problem: string; text: string }
    | { request: string; attempt: number; url: string; operation: string };
  const prepared = await ctx.withCompany(async (tx): Promise<Prepared> => {
    const m = await repo.lockMessage(tx, messageId);
    if (!m) throw new PermanentJobError(`no fiscal message ${messageId}`);
    if (m.state === 'accepted' || m.state === 'refused') return { skip: m.state };
    const settings = await repo.getSettings(tx);
    if (!settings?.porezna_url)
      return { problem: 'NO_ADDRESS', text: 'no address of the fiscalisation service' };
    let request = m.request_xml;
    if (!request) {
      const cert = await companyCertificate(tx);
      if (!cert) return { problem: 'NO_CERTIFICATE', text: 'the company has no signing certificate' };
      request = signRequest(restamp(m.body_xml), m.id, cert);
    }
    const attempt = await repo.startAttempt(tx, m.id, request);
    return { request, attempt, url: settings.porezna_url, operation: OPERATION[m.kind] };
  });
  const last = job.attempts >= job.maxAttempts;
  if ('skip' in prepared) return { outcome: prepared.skip };
  if ('problem' in prepared) {
    await ctx.withCompany((tx) =>
      repo.settle(tx, messageId, {
        state: last ? 'failed' : 'queued',
        errorCode: prepared.problem,
        errorText: prepared.text,
        answerId: null,
      }),
    );
    throw new Error(prepared.text);
  }

  const startedAt = new Date();
  const result = await postRequest(prepared.url, prepared.operation, prepared.request, sendOptions.timeoutMs);
  const retry = result.outcome === 'error' || result.outcome === 'timeout';
  await ctx.withCompany(async (tx) => {
    await repo.recordAttempt(tx, {
      companyId: ctx.companyId,
      messageId,
      attempt: prepared.attempt,
      worker,
      outcome: result.outcome,
      httpStatus: result.httpStatus,
      requestXml: prepared.request,
      answerXml: result.answerXml,
      errorText: result.errorText,
      startedAt,
    });
    await repo.settle(tx, messageId, {
      state:
        result.outcome === 'accepted'
          ? 'accepted'
          : result.outcome === 'refused'
            ? 'refused'
            : last
              ? 'failed'
              : 'queued',
      errorCode:
        result.outcome === 'accepted' ? null : (result.answer?.errorCode ?? result.outcome.toUpperCase()),
      errorText: result.outcome === 'accepted' ? null : result.errorText,
      answerId: result.answer?.requestId ?? null,
    });
  });
  if (retry) throw new Error(result.errorText ?? result.outcome);
  return { outcome: result.outcome };
}

registerJobHandler(SEND_JOB, (job, ctx) => {
  const messageId = String(job.payload.messageId ?? '');
  return sendMessage(job, ctx, messageId, `${ctx.jobId}#${ctx.attempt}`);
});

registerJobHandler(DELIVER_JOB, async (job, ctx) => {
  const documentId = String(job.payload.documentId ?? '');
  const prepared = await ctx.withCompany(async (tx) => {
    const delivery = await repo.deliveryOf(tx, documentId, true);
    if (!delivery) throw new PermanentJobError(`no delivery of ${documentId}`);
    if (delivery.state !== 'queued') return null;
    const xml = await repo.storedUbl(tx, documentId);
    const doc = await repo.documentHeader(tx, documentId);
    return { config: await intermediaryConfig(tx), xml, number: doc?.number ?? '' };
  });
  if (!prepared) return { skipped: true };
  const adapter = intermediaryFor(prepared.config);
  const last = job.attempts >= job.maxAttempts;
  try {
    if (!adapter || !prepared.xml) throw new IntermediaryError('no intermediary configured', false);
    const { ref } = await adapter.send({ documentId, number: prepared.number, xml: prepared.xml });
    await ctx.withCompany((tx) => repo.updateDelivery(tx, documentId, { state: 'sent', ref, attempt: true }));
    // One look at once (an intermediary that delivers at once says so); the poll follows the rest.
    const status = await adapter.status(ref).catch(() => null);
    if (status && status.state !== 'sent')
      await ctx.withCompany((tx) =>
        repo.updateDelivery(tx, documentId, { state: status.state, error: status.detail, checked: true }),
      );
    return { ref };
  } catch (error) {
    const retry = error instanceof IntermediaryError ? error.retry : true;
    const text = (error as Error).message.slice(0, 1000);
    await ctx.withCompany((tx) =>
      repo.updateDelivery(tx, documentId, {
        state: retry && !last ? 'queued' : 'failed',
        error: text,
        attempt: true,
      }),
    );
    if (retry) throw error;
    throw new PermanentJobError(text);
  }
});

/** One poll: the status of sent eRačuni, then incoming ones handed to purchase invoices. */
export async function pollIntermediary(ctx: Pick<JobContext, 'companyId' | 'userId' | 'withCompany'>) {
  const config = await ctx.withCompany((tx) => intermediaryConfig(tx));
  const adapter = intermediaryFor(config);
  if (!adapter) return { checked: 0, received: 0 };
  let checked = 0;
  for (const d of await ctx.withCompany((tx) => repo.deliveriesToCheck(tx))) {
    if (!d.intermediary_ref) continue;
    const status = await adapter.status(d.intermediary_ref);
    await ctx.withCompany((tx) =>
      repo.updateDelivery(tx, d.document_id, { state: status.state, error: status.detail, checked: true }),
    );
    checked++;
  }
  let received = 0;
  for (const incoming of await adapter.incoming()) {
    const xml = await adapter.fetch(incoming.ref);
    let failures: Awaited<ReturnType<typeof validateUbl>> | undefined;
    try {
      failures = await validateUbl(xml); // slow (the official validators): before the transaction
    } catch {
      failures = undefined; // receiveUbl validates again or refuses what is not UBL
    }
    // receiveUbl queues the EvidentirajERacun (U) of a valid one in the same transaction.
    await ctx.withCompany((tx) =>
      receiveUbl(
        tx,
        ctx.companyId,
        xml,
        { kind: 'intermediary', reference: incoming.ref, userId: null },
        failures ? { failures } : {},
      ),
    );
    await adapter.acknowledge(incoming.ref);
    received++;
  }
  return { checked, received };
}

registerJobHandler(POLL_JOB, async (_job, ctx) => {
  const result = await pollIntermediary(ctx);
  // The next poll, while an intermediary is configured (the settings start the chain again).
  await ctx.withCompany(async (tx) => {
    const config = await intermediaryConfig(tx);
    if (config.kind !== 'none')
      await schedulePoll(tx, ctx.companyId, ctx.userId, new Date(Date.now() + 300_000));
  });
  return result;
});
