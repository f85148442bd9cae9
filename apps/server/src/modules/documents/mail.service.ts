import {
  AppError,
  type DocumentKind,
  type DocumentMailInput,
  type MailSettingsInput,
  type MailTemplate,
  mailTemplate,
} from '@erp/domain';
import type { Tx } from '../../db/database.ts';
import type { CompanyContext } from '../../db/tenant.ts';
import { type Attachment, SmtpError, type SmtpSettings, sendSmtp } from '../../mail/smtp.ts';
import { decryptField, encryptField } from '../../security/field-crypto.ts';
import { partnerEmail } from '../partners/partners.service.ts';
import { ownCompanyName } from '../tenants/tenants.service.ts';
import { TITLES } from './documents.pdf.ts';
import * as repo from './documents.repo.ts';
import { documentPdf, frozenFile } from './frozen-files.ts';
import * as mailRepo from './mail.repo.ts';
import { quoteAction } from './quotes.service.ts';

// Documents e-mailed from the app (issue 22, deliverable 5; docs/documents.md "E-mail"). The
// message goes through the company's own SMTP server; the attachments are the files the document
// serves (the stored frozen PDF and, for an invoice or credit note, its stored eRačun UBL XML).
// One transaction: a draft quote is sent (numbered lines checked, status sent, PDF frozen), the
// files are read, the message is handed to SMTP and the log row written; when SMTP refuses, the
// transaction rolls back (nothing marked sent) and the route logs the failure on its own.

const PASSWORD_CONTEXT = 'company_mail_settings.password';

/** The settings as the settings page shows them: the password never leaves the server. */
export async function getMailSettings(tx: Tx) {
  const row = await mailRepo.getMailSettingsRow(tx);
  if (!row) return { configured: false as const, settings: null };
  const { password, ...rest } = row;
  return {
    configured: true as const,
    settings: { ...rest, username: rest.username ?? '', has_password: password !== null },
  };
}

export async function putMailSettings(tx: Tx, ctx: CompanyContext, input: MailSettingsInput) {
  // An empty or missing password keeps the stored one (the field is write-only on screen).
  const password = input.password ? encryptField(input.password, PASSWORD_CONTEXT) : null;
  await mailRepo.upsertMailSettings(tx, ctx.companyId, {
    host: input.host,
    port: input.port,
    security: input.security,
    username: input.username || null,
    password,
    from_address: input.from_address,
  });
  return getMailSettings(tx);
}

async function smtpSettings(tx: Tx): Promise<SmtpSettings> {
  const row = await mailRepo.getMailSettingsRow(tx);
  if (!row)
    throw new AppError('VALIDATION', 'Slanje e-pošte nije postavljeno', [
      { field: 'smtp', key: 'mail:errors.notConfigured' },
    ]);
  return {
    host: row.host,
    port: Number(row.port),
    security: row.security,
    username: row.username,
    password: decryptField(row.password, PASSWORD_CONTEXT),
    from: row.from_address,
  };
}

// The message is prefilled in the document's language: the documents print in Croatian.
const SUBJECTS: Record<MailTemplate, string> = {
  quote: 'Ponuda',
  order_confirmation: 'Potvrda narudžbe',
  delivery_note: 'Otpremnica',
  invoice: 'Račun',
  credit_note: 'Odobrenje',
};
const INTROS: Record<MailTemplate, string> = {
  quote: 'u privitku Vam šaljemo ponudu',
  order_confirmation: 'potvrđujemo Vašu narudžbu prema ponudi',
  delivery_note: 'u privitku Vam šaljemo otpremnicu',
  invoice: 'u privitku Vam šaljemo račun',
  credit_note: 'u privitku Vam šaljemo odobrenje',
};

function templateOf(doc: repo.DocumentRow): MailTemplate {
  const template = mailTemplate(doc.kind, doc.status);
  if (!template)
    throw new AppError('INVALID_TRANSITION', 'Ovaj dokument se ne može poslati e-poštom', [
      { field: 'document', key: 'mail:errors.notSendable' },
    ]);
  return template;
}

type LogRow = mailRepo.MailLogRow;

/** The sent log of a document, newest first, with who sent each message. */
export async function mailLog(tx: Tx, id: string): Promise<LogRow[]> {
  const log = await mailRepo.mailLogRows(tx, id);
  return log.map((r) => ({ ...r, sent_at: new Date(r.sent_at).toISOString() }));
}

/** What the send dialog opens with: the client's address, subject and message, the files attached. */
export async function mailDraft(tx: Tx, id: string) {
  const doc = await repo.getDocument(tx, id);
  if (!doc) throw new AppError('NOT_FOUND', 'Dokument nije pronađen');
  const template = mailTemplate(doc.kind, doc.status);
  const client = doc.client_id ? await partnerEmail(tx, doc.client_id) : undefined;
  const company = await ownCompanyName(tx);
  const number = doc.number ?? '';
  const settings = await getMailSettings(tx);
  return {
    template,
    configured: settings.configured,
    to: client?.email ?? '',
    cc: '',
    subject: template ? `${SUBJECTS[template]} ${number}`.trim() : '',
    message: template
      ? `Poštovani,\n\n${INTROS[template]} ${number}.\n\nLijep pozdrav,\n${company?.company_name ?? ''}`.trim()
      : '',
    attachments: template ? attachmentNames(doc) : [],
    log: await mailLog(tx, id),
  };
}

const fileBase = (doc: Pick<repo.DocumentRow, 'kind' | 'number'>) =>
  `${TITLES[doc.kind]}-${doc.number ?? 'nacrt'}`;

function attachmentNames(doc: Pick<repo.DocumentRow, 'kind' | 'number'>): string[] {
  const base = fileBase(doc);
  return doc.kind === 'invoice' || doc.kind === 'credit_note'
    ? [`${base}.pdf`, `${base}.xml`]
    : [`${base}.pdf`];
}

async function attachmentsOf(tx: Tx, companyId: string, doc: repo.DocumentRow): Promise<Attachment[]> {
  const base = fileBase(doc);
  const files: Attachment[] = [
    {
      filename: `${base}.pdf`,
      contentType: 'application/pdf',
      content: await documentPdf(tx, companyId, doc),
    },
  ];
  if (doc.kind === 'invoice' || doc.kind === 'credit_note') {
    const xml = await frozenFile(tx, companyId, doc, 'ubl');
    if (xml) files.push({ filename: `${base}.xml`, contentType: 'application/xml', content: xml });
  }
  return files;
}

/** Marker on the AppError of a refused send: the route logs it after the rollback. */
export class MailSendFailed extends AppError {
  constructor(
    readonly key: string,
    readonly log: { to: string[]; cc: string[]; subject: string; attachments: string[] },
  ) {
    super('CONFLICT', 'Slanje e-pošte nije uspjelo', [{ field: 'smtp', key: `mail:${key}` }]);
  }
}

async function insertLog(tx: Tx, ctx: CompanyContext, id: string, entry: mailRepo.MailLogWrite) {
  await mailRepo.insertMailLog(tx, ctx.companyId, ctx.userId, id, entry);
}

/**
 * Sends a document by e-mail. A draft quote is sent first (as "Pošalji" does: checked, status
 * sent, PDF frozen); any other document must already be issued. Throws MailSendFailed when the
 * SMTP server refuses: the caller's transaction rolls back, nothing is marked sent.
 */
export async function sendDocumentMail(
  tx: Tx,
  ctx: CompanyContext,
  id: string,
  input: DocumentMailInput,
  /** The kinds the route may send (one route per permission); another kind is not found. */
  kinds: readonly DocumentKind[],
) {
  await repo.requireDocument(tx, id, kinds);
  let doc = await repo.getDocument(tx, id, true);
  if (!doc) throw new AppError('NOT_FOUND', 'Dokument nije pronađen');
  const template = templateOf(doc);
  const settings = await smtpSettings(tx);
  if (doc.kind === 'quote' && doc.status === 'draft') {
    await quoteAction(tx, ctx, id, 'send');
    doc = (await repo.getDocument(tx, id)) as repo.DocumentRow;
  }
  const attachments = await attachmentsOf(tx, ctx.companyId, doc);
  const log = {
    to: input.to,
    cc: input.cc,
    subject: input.subject,
    attachments: attachments.map((a) => a.filename),
  };
  let messageId: string;
  try {
    messageId = await sendSmtp(settings, {
      to: input.to,
      cc: input.cc,
      subject: input.subject,
      text: input.message,
      attachments,
    });
  } catch (error) {
    if (error instanceof SmtpError) throw new MailSendFailed(error.key, log);
    throw error;
  }
  await insertLog(tx, ctx, id, { ...log, result: 'sent', messageId, errorKey: null });
  return { template, message_id: messageId, log: await mailLog(tx, id) };
}

/** Records a refused send (its own transaction, after the rolled-back one). */
export async function logFailedMail(tx: Tx, ctx: CompanyContext, id: string, failure: MailSendFailed) {
  await insertLog(tx, ctx, id, { ...failure.log, result: 'failed', messageId: null, errorKey: failure.key });
}
