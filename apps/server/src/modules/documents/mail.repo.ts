import type { MailLogEntry } from '@erp/domain';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { one, rows } from '../../db/sql.ts';
import type { SmtpSettings } from '../../mail/smtp.ts';

// Data access of documents sent by e-mail: the company's SMTP settings and the sent log
// (mail.service.ts holds the rules; the password is stored encrypted by the service).

export type MailSettingsRow = {
  host: string;
  port: number;
  security: SmtpSettings['security'];
  username: string | null;
  password: string | null;
  from_address: string;
};

export async function getMailSettingsRow(tx: Tx): Promise<MailSettingsRow | undefined> {
  return one<MailSettingsRow>(
    tx,
    sql`select host, port, security, username, password, from_address from company_mail_settings`,
  );
}

/** Inserts or updates the company's settings; a null password keeps the stored one. */
export async function upsertMailSettings(tx: Tx, companyId: string, s: MailSettingsRow): Promise<void> {
  await tx.execute(
    sql`insert into company_mail_settings (company_id, host, port, security, username, password, from_address)
        values (${companyId}, ${s.host}, ${s.port}, ${s.security}, ${s.username},
          ${s.password}, ${s.from_address})
        on conflict (company_id) do update set host = excluded.host, port = excluded.port,
          security = excluded.security, username = excluded.username,
          password = coalesce(excluded.password, company_mail_settings.password),
          from_address = excluded.from_address, updated_at = now()`,
  );
}

/** A row of the sent log, typed by the documents' contract (`mailLogEntrySchema`). */
export type MailLogRow = MailLogEntry;

/** The sent log of a document, newest first, with who sent each message. */
export async function mailLogRows(tx: Tx, documentId: string): Promise<MailLogRow[]> {
  return rows<MailLogRow>(
    tx,
    sql`select m.id, m.sent_at, m.sent_by, coalesce(t.name, t.email) as sent_by_name, m.to_addresses,
          m.cc_addresses, m.subject, m.attachments, m.result, m.message_id, m.error_key
        from document_mails m left join team_members() t on t.user_id = m.sent_by
        where m.document_id = ${documentId} order by m.sent_at desc, m.id desc`,
  );
}

/** One sent (or refused) message as the log stores it. */
export type MailLogWrite = {
  to: string[];
  cc: string[];
  subject: string;
  attachments: string[];
  result: 'sent' | 'failed';
  messageId: string | null;
  errorKey: string | null;
};

const textArray = (list: string[]) =>
  list.length
    ? sql`array[${sql.join(
        list.map((a) => sql`${a}`),
        sql`, `,
      )}]::text[]`
    : sql`'{}'::text[]`;

export async function insertMailLog(
  tx: Tx,
  companyId: string,
  userId: string,
  documentId: string,
  entry: MailLogWrite,
): Promise<void> {
  await tx.execute(
    sql`insert into document_mails (company_id, document_id, sent_by, to_addresses, cc_addresses, subject,
          attachments, result, message_id, error_key)
        values (${companyId}, ${documentId}, ${userId}, ${textArray(entry.to)}, ${textArray(entry.cc)}, ${entry.subject}, ${textArray(entry.attachments)},
          ${entry.result}, ${entry.messageId}, ${entry.errorKey})`,
  );
}
