import { createHash, randomUUID } from 'node:crypto';
import {
  AppError,
  buildRacunZahtjev,
  type CertificateUpload,
  type CisPaymentMethod,
  cisAmount,
  type FieldIssue,
  type FiscalSettingsInput,
  fiscalQrUrl,
  isConsumerBuyer,
  isRetryableCisError,
  lateDeliveryDeadline,
  money,
  RACUN_ZAHTJEV_ID,
  type RacunData,
  zkiInput,
} from '@erp/domain';
import { Decimal } from 'decimal.js';
import type { Tx } from '../../db/database.ts';
import type { CompanyContext } from '../../db/tenant.ts';
import { enqueueJob } from '../../jobs/jobs.ts';
import { assertUsable, loadPkcs12, type SigningCertificate, signBytes } from '../../security/certificate.ts';
import { signXml } from '../../security/xml-signature.ts';
import * as documents from '../documents/documents.service.ts';
import { companyProfile } from '../tenants/tenants.service.ts';
import { sendToCis } from './cis-client.ts';
import * as repo from './fiscal.repo.ts';

// B2C fiscalisation through CIS: settings and certificate, the check before an invoice is
// numbered, the ZKI and the first delivery inside the issuing transaction, and late delivery
// (naknadna dostava) by the background job. docs/fiscalisation.md describes the whole flow.

export const DELIVER_JOB_KIND = 'fiscal.deliver';
/** Attempts of the late-delivery job (the jobs table allows 50): with the runner's back-off (2 s doubling, capped at 1 h) about 40 hours. */
const DELIVER_MAX_ATTEMPTS = 50;

// Settings ----------------------------------------------------------------------------------------

export async function settingsView(tx: Tx, companyId: string) {
  const s = await repo.getSettings(tx);
  const numbering = await documents.numberingSettings(tx, companyId);
  return {
    enabled: s.enabled,
    sequence_mark: s.sequence_mark,
    cis_url: s.cis_url,
    timeout_ms: s.timeout_ms,
    registered_premises: s.registered_premises,
    invoice_premises: numbering.invoice_premises,
    invoice_device: numbering.invoice_device,
    certificate: s.has_certificate
      ? {
          subject: s.certificate_subject ?? '',
          issuer: s.certificate_issuer ?? '',
          serial_number: s.certificate_serial ?? '',
          oib: s.certificate_oib,
          not_before: s.certificate_not_before ?? '',
          not_after: s.certificate_not_after ?? '',
        }
      : null,
  };
}

export async function putSettings(tx: Tx, ctx: CompanyContext, input: FiscalSettingsInput) {
  await repo.putSettings(tx, ctx.companyId, input);
  return settingsView(tx, ctx.companyId);
}

async function companyOib(tx: Tx, companyId: string): Promise<string | null> {
  return (await companyProfile(tx, companyId))?.tax_number ?? null;
}

/**
 * Stores the company's PKCS#12 certificate (encrypted) after opening it with its password and
 * checking that it is valid today and names the company's OIB. Refusals change nothing.
 */
export async function uploadCertificate(tx: Tx, ctx: CompanyContext, input: CertificateUpload) {
  const p12 = Buffer.from(input.p12_base64.replace(/\s+/g, ''), 'base64');
  const cert = loadPkcs12(p12, input.password);
  const oib = await companyOib(tx, ctx.companyId);
  if (!oib)
    throw new AppError('VALIDATION', 'Upišite OIB tvrtke prije certifikata', [
      { field: 'certificate', key: 'validation.sellerOibMissing' },
    ]);
  assertUsable(cert, { oib });
  await repo.putCertificate(tx, ctx.companyId, {
    p12,
    password: input.password,
    subject: cert.subject,
    issuer: cert.issuer,
    serial: cert.serialNumber,
    oib: cert.oib,
    notBefore: cert.notBefore,
    notAfter: cert.notAfter,
  });
  return settingsView(tx, ctx.companyId);
}

export async function removeCertificate(tx: Tx, ctx: CompanyContext) {
  await repo.deleteCertificate(tx);
  return settingsView(tx, ctx.companyId);
}

// Opening a PKCS#12 file costs a key derivation; the opened certificate is kept per stored bundle.
const opened = new Map<string, SigningCertificate>();
function openCertificate(secret: { p12: Buffer; password: string }): SigningCertificate {
  const key = createHash('sha256').update(secret.p12).update('\0').update(secret.password).digest('hex');
  let cert = opened.get(key);
  if (!cert) {
    cert = loadPkcs12(secret.p12, secret.password);
    if (opened.size >= 50) opened.delete(opened.keys().next().value as string);
    opened.set(key, cert);
  }
  return cert;
}

/**
 * The company's signing certificate (the one PKCS#12 bundle of the fiscalisation settings), opened
 * once per stored bundle; null when none is uploaded. Fiskalizacija 2.0 signs its messages with it.
 */
export async function companyCertificate(tx: Tx): Promise<SigningCertificate | null> {
  const secret = await repo.getCertificateSecret(tx);
  return secret ? openCertificate(secret) : null;
}

// Issuing -----------------------------------------------------------------------------------------

export type FiscalPlan = {
  cert: SigningCertificate;
  settings: repo.FiscalSettingsRow;
};

/**
 * Whether issuing this document fiscalises it, checked before a number is taken: an invoice or
 * credit note to a consumer (domain `isConsumerBuyer`) of a company with fiscalisation on. Then
 * it needs a usable certificate of the company's OIB and the numbering's premises declared as
 * registered; otherwise issuing is refused (VALIDATION, one translated detail per missing thing).
 */
export async function fiscalReadiness(
  tx: Tx,
  ctx: CompanyContext,
  kind: string,
  buyer: { kind: string | null },
): Promise<FiscalPlan | null> {
  if (kind !== 'invoice' && kind !== 'credit_note') return null;
  const settings = await repo.getSettings(tx);
  if (!settings.enabled || !isConsumerBuyer(buyer)) return null;
  const problems: FieldIssue[] = [];
  let cert: SigningCertificate | null = null;
  const secret = await repo.getCertificateSecret(tx);
  if (!secret) problems.push({ field: 'fiscal.certificate', key: 'validation.fiscalCertificateMissing' });
  else {
    try {
      cert = openCertificate(secret);
      assertUsable(cert, { oib: await companyOib(tx, ctx.companyId) });
    } catch (error) {
      cert = null;
      const key = error instanceof AppError ? error.details?.[0]?.key : undefined;
      problems.push({ field: 'fiscal.certificate', key: key ?? 'validation.certificateUnreadable' });
    }
  }
  const numbering = await documents.numberingSettings(tx, ctx.companyId);
  if (settings.registered_premises !== numbering.invoice_premises)
    problems.push({
      field: 'fiscal.premises',
      key: 'validation.fiscalPremisesMissing',
      params: { premises: numbering.invoice_premises },
    });
  if (problems.length > 0 || !cert)
    throw new AppError(
      'VALIDATION',
      `Račun se ne može fiskalizirati: ${problems.map((p) => p.key.replace('validation.', '')).join(', ')}`,
      problems,
    );
  return { cert, settings };
}

type Snapshot = {
  oib?: string | null;
  iban?: string | null;
  operator_oib?: string | null;
  vat_registered?: boolean;
};

/** The Racun data of a just-issued document (credit notes with negative amounts, a storno). */
function racunOf(
  doc: documents.DocumentRow,
  lines: documents.LineRow[],
  plan: FiscalPlan,
  numbering: { invoice_premises: string; invoice_device: string },
): Omit<RacunData, 'zki'> {
  const seller = (doc.seller ?? {}) as Snapshot;
  const sign = doc.kind === 'credit_note' ? -1 : 1;
  const signed = (v: Decimal.Value) => cisAmount(new Decimal(v).times(sign));
  const totals = documents.totalsOf(lines);
  const vatRegistered = seller.vat_registered !== false;
  const taxed = totals.breakdown.filter((b) => !new Decimal(b.rate).isZero());
  const zero = totals.breakdown.filter((b) => new Decimal(b.rate).isZero());
  const zeroBase = zero.reduce((a, b) => a.plus(b.base), new Decimal(0));
  const paymentMethod: CisPaymentMethod = doc.payment_reference && seller.iban ? 'T' : 'O';
  return {
    oib: seller.oib ?? '',
    vatRegistered,
    issuedAt: new Date(doc.issued_at as string).toISOString(),
    sequenceMark: plan.settings.sequence_mark,
    seq: doc.seq as number,
    premises: numbering.invoice_premises,
    device: numbering.invoice_device,
    vat: vatRegistered
      ? taxed.map((b) => ({ rate: b.rate, base: signed(b.base), amount: signed(b.vat) }))
      : [],
    exempt: vatRegistered && !zeroBase.isZero() ? signed(zeroBase) : null,
    notSubject: vatRegistered ? null : signed(totals.total),
    total: signed(doc.total),
    paymentMethod,
    operatorOib: seller.operator_oib ?? '',
  };
}

/** ZKI (spec ch. 12): MD5 of the RSA-SHA1 signature of the input string's UTF-8 bytes, hex. */
export function computeZki(cert: Pick<SigningCertificate, 'privateKeyPem'>, input: string): string {
  return createHash('md5')
    .update(signBytes(cert, Buffer.from(input, 'utf8'), 'sha1'))
    .digest('hex');
}

/**
 * Inside the issuing transaction, after the number is taken: computes the ZKI, records the
 * fiscal row and sends the signed request once. An answer with JIR marks it delivered; no answer
 * (or a retryable error) leaves it pending and queues the late delivery; any other error marks
 * it failed with CIS's message. The invoice is issued in every case (spec 2.1).
 */
export async function fiscaliseIssued(tx: Tx, ctx: CompanyContext, plan: FiscalPlan, documentId: string) {
  const doc = (await documents.getDocument(tx, documentId)) as documents.DocumentRow;
  const lines = await documents.getLines(tx, documentId);
  const numbering = await documents.numberingSettings(tx, ctx.companyId);
  const base = racunOf(doc, lines, plan, numbering);
  const zki = computeZki(
    plan.cert,
    zkiInput({
      oib: base.oib,
      issuedAt: new Date(base.issuedAt),
      seq: base.seq,
      premises: base.premises,
      device: base.device,
      total: base.total,
    }),
  );
  const racun: RacunData = { ...base, zki };
  const fiscalId = await repo.insertFiscalInvoice(tx, ctx.companyId, {
    documentId,
    zki,
    issuedAt: racun.issuedAt,
    amount: money(racun.total),
    racun,
    deadline: lateDeliveryDeadline(doc.doc_date),
  });
  const outcome = await sendOnce(tx, ctx.companyId, plan, fiscalId, racun, false);
  if (outcome === 'retry') await queueDelivery(tx, ctx, documentId, 0);
  return outcome;
}

/** Signs and sends one RacunZahtjev, records the attempt and the row's new state. */
async function sendOnce(
  tx: Tx,
  companyId: string,
  plan: FiscalPlan,
  fiscalId: string,
  racun: RacunData,
  late: boolean,
): Promise<'delivered' | 'retry' | 'failed'> {
  const messageId = randomUUID();
  const request = signXml(buildRacunZahtjev({ messageId, sentAt: new Date(), racun, late }), plan.cert, {
    referenceId: RACUN_ZAHTJEV_ID,
  });
  const answer = await sendToCis(plan.settings.cis_url, request, plan.settings.timeout_ms);
  await repo.insertAttempt(tx, companyId, {
    fiscalId,
    messageId,
    late,
    requestXml: request,
    responseXml: answer.responseXml,
    httpStatus: answer.httpStatus,
    outcome: answer.outcome,
    errorCode: answer.outcome === 'error' ? answer.code : null,
    errorMessage: answer.outcome === 'jir' ? null : answer.message,
    durationMs: answer.durationMs,
  });
  if (answer.outcome === 'jir') {
    await repo.markDelivered(tx, fiscalId, answer.jir, late);
    return 'delivered';
  }
  if (answer.outcome === 'unavailable' || isRetryableCisError(answer.code)) {
    await repo.markProblem(tx, fiscalId, 'pending', answer.code, answer.message);
    return 'retry';
  }
  await repo.markProblem(tx, fiscalId, 'failed', answer.code, answer.message);
  return 'failed';
}

async function queueDelivery(tx: Tx, ctx: CompanyContext, documentId: string, round: number) {
  await enqueueJob(tx, {
    companyId: ctx.companyId,
    kind: DELIVER_JOB_KIND,
    payload: { document_id: documentId },
    maxAttempts: DELIVER_MAX_ATTEMPTS,
    dedupeKey: `fiscal:${documentId}:${round}`,
  });
}

/**
 * Late delivery (naknadna dostava, NakDost = true) of one document, run by the job. The fiscal
 * row is locked, so two runs never both deliver; a delivered row is left alone.
 */
export async function deliverLate(
  tx: Tx,
  ctx: CompanyContext,
  documentId: string,
): Promise<'delivered' | 'retry' | 'failed' | 'nothing'> {
  const fiscal = await repo.fiscalOfDocument(tx, documentId, true);
  if (!fiscal || fiscal.state === 'delivered') return 'nothing';
  const secret = await repo.getCertificateSecret(tx);
  if (!secret) {
    await repo.markProblem(tx, fiscal.id, 'failed', 'certificate', 'no certificate to sign with');
    return 'failed';
  }
  const settings = await repo.getSettings(tx);
  const plan: FiscalPlan = { cert: openCertificate(secret), settings };
  return sendOnce(tx, ctx.companyId, plan, fiscal.id, await repo.racunOf(tx, fiscal.id), true);
}

/** Sends a failed or pending document again now (after fixing what CIS complained about). */
export async function retryDelivery(tx: Tx, ctx: CompanyContext, documentId: string) {
  const fiscal = await repo.fiscalOfDocument(tx, documentId, true);
  if (!fiscal) throw new AppError('NOT_FOUND', 'Račun nije fiskaliziran');
  if (fiscal.state === 'delivered')
    throw new AppError('CONFLICT', 'Račun već ima JIR', [
      { field: 'fiscal', key: 'validation.fiscalDelivered' },
    ]);
  const rounds = (await repo.attemptsOf(tx, fiscal.id)).length;
  await queueDelivery(tx, ctx, documentId, rounds);
  return fiscalStatus(tx, documentId);
}

// Reading -----------------------------------------------------------------------------------------

/** The fiscal state of a document for the API and the invoice page (null: not fiscalised). */
export async function fiscalStatus(tx: Tx, documentId: string) {
  const fiscal = await repo.fiscalOfDocument(tx, documentId);
  if (!fiscal) return null;
  return {
    state: fiscal.state,
    zki: fiscal.zki,
    jir: fiscal.jir,
    late: fiscal.late,
    issued_at: fiscal.issued_at,
    amount: fiscal.amount,
    deadline: fiscal.deadline,
    delivered_at: fiscal.delivered_at,
    error_code: fiscal.error_code,
    error_message: fiscal.error_message,
    qr_url: fiscalQrUrl({
      jir: fiscal.jir,
      zki: fiscal.zki,
      issuedAt: new Date(fiscal.issued_at),
      total: fiscal.amount,
    }),
    attempts: await repo.attemptsOf(tx, fiscal.id),
  };
}

export async function attemptMessages(tx: Tx, documentId: string, attemptId: string) {
  const fiscal = await repo.fiscalOfDocument(tx, documentId);
  const attempts = fiscal ? await repo.attemptsOf(tx, fiscal.id) : [];
  if (!attempts.some((a) => a.id === attemptId)) throw new AppError('NOT_FOUND', 'Pokušaj nije pronađen');
  return repo.attemptMessages(tx, attemptId);
}
