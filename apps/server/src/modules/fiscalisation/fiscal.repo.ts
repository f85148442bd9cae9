import type { CisAttempt, FiscalState, RacunData, SequenceMark } from '@erp/domain';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { rows } from '../../db/sql.ts';
import { decryptField, decryptJson, encryptField, encryptJson } from '../../security/field-crypto.ts';

// SQL of the fiscalisation area (migration 0040). Every function takes the caller's transaction.
// Encrypted columns (context "<table>.<column>", listed in security/encrypted-columns.ts): the
// certificate, its password and OIB, the Racun data and every request sent.

const iso = (v: unknown): string | null => (v == null ? null : new Date(v as string).toISOString());

export type FiscalSettingsRow = {
  enabled: boolean;
  sequence_mark: SequenceMark;
  cis_url: string;
  timeout_ms: number;
  registered_premises: string | null;
  has_certificate: boolean;
  certificate_subject: string | null;
  certificate_issuer: string | null;
  certificate_serial: string | null;
  certificate_oib: string | null;
  certificate_not_before: string | null;
  certificate_not_after: string | null;
};

const DEFAULTS: FiscalSettingsRow = {
  enabled: false,
  sequence_mark: 'N',
  cis_url: 'https://cis.porezna-uprava.hr:8449/FiskalizacijaService',
  timeout_ms: 3000,
  registered_premises: null,
  has_certificate: false,
  certificate_subject: null,
  certificate_issuer: null,
  certificate_serial: null,
  certificate_oib: null,
  certificate_not_before: null,
  certificate_not_after: null,
};

/** The company's settings (defaults when it never saved any). */
export async function getSettings(tx: Tx): Promise<FiscalSettingsRow> {
  const [row] = await rows<FiscalSettingsRow & { certificate_oib: string | null }>(
    tx,
    sql`select enabled, sequence_mark, cis_url, timeout_ms, registered_premises,
          certificate is not null as has_certificate, certificate_subject, certificate_issuer,
          certificate_serial, certificate_oib, certificate_not_before, certificate_not_after
        from fiscal_settings`,
  );
  if (!row) return { ...DEFAULTS };
  return {
    ...row,
    timeout_ms: Number(row.timeout_ms),
    certificate_oib: decryptField(row.certificate_oib, 'fiscal_settings.certificate_oib'),
    certificate_not_before: iso(row.certificate_not_before),
    certificate_not_after: iso(row.certificate_not_after),
  };
}

export async function putSettings(
  tx: Tx,
  companyId: string,
  s: Pick<FiscalSettingsRow, 'enabled' | 'sequence_mark' | 'cis_url' | 'timeout_ms' | 'registered_premises'>,
): Promise<void> {
  await tx.execute(sql`insert into fiscal_settings (company_id, enabled, sequence_mark, cis_url, timeout_ms, registered_premises)
    values (${companyId}, ${s.enabled}, ${s.sequence_mark}, ${s.cis_url}, ${s.timeout_ms}, ${s.registered_premises})
    on conflict (company_id) do update set enabled = excluded.enabled, sequence_mark = excluded.sequence_mark,
      cis_url = excluded.cis_url, timeout_ms = excluded.timeout_ms,
      registered_premises = excluded.registered_premises, updated_at = now()`);
}

export type StoredCertificate = {
  p12: Buffer;
  password: string;
  subject: string;
  issuer: string;
  serial: string;
  oib: string | null;
  notBefore: Date;
  notAfter: Date;
};

export async function putCertificate(tx: Tx, companyId: string, c: StoredCertificate): Promise<void> {
  const p12 = encryptField(c.p12.toString('base64'), 'fiscal_settings.certificate');
  const password = encryptField(c.password, 'fiscal_settings.certificate_password');
  const oib = encryptField(c.oib, 'fiscal_settings.certificate_oib');
  await tx.execute(sql`insert into fiscal_settings (company_id, certificate, certificate_password, certificate_subject,
      certificate_issuer, certificate_serial, certificate_oib, certificate_not_before, certificate_not_after)
    values (${companyId}, ${p12}, ${password}, ${c.subject}, ${c.issuer}, ${c.serial}, ${oib},
      ${c.notBefore.toISOString()}, ${c.notAfter.toISOString()})
    on conflict (company_id) do update set certificate = excluded.certificate,
      certificate_password = excluded.certificate_password, certificate_subject = excluded.certificate_subject,
      certificate_issuer = excluded.certificate_issuer, certificate_serial = excluded.certificate_serial,
      certificate_oib = excluded.certificate_oib, certificate_not_before = excluded.certificate_not_before,
      certificate_not_after = excluded.certificate_not_after, updated_at = now()`);
}

export async function deleteCertificate(tx: Tx): Promise<void> {
  await tx.execute(sql`update fiscal_settings set certificate = null, certificate_password = null,
    certificate_subject = null, certificate_issuer = null, certificate_serial = null, certificate_oib = null,
    certificate_not_before = null, certificate_not_after = null, updated_at = now()`);
}

/** The PKCS#12 bytes and password, opened (for signing only). */
export async function getCertificateSecret(tx: Tx): Promise<{ p12: Buffer; password: string } | null> {
  const [row] = await rows<{ certificate: string | null; certificate_password: string | null }>(
    tx,
    sql`select certificate, certificate_password from fiscal_settings`,
  );
  if (!row?.certificate || row.certificate_password == null) return null;
  return {
    p12: Buffer.from(decryptField(row.certificate, 'fiscal_settings.certificate'), 'base64'),
    password: decryptField(row.certificate_password, 'fiscal_settings.certificate_password'),
  };
}

// Fiscal records ----------------------------------------------------------------------------------

export type FiscalInvoiceRow = {
  id: string;
  document_id: string;
  zki: string;
  jir: string | null;
  state: FiscalState;
  issued_at: string;
  amount: string;
  late: boolean;
  error_code: string | null;
  error_message: string | null;
  deadline: string;
  delivered_at: string | null;
};

const FISCAL_COLUMNS = sql`id, document_id, zki, jir, state, issued_at, amount::text as amount, late, error_code,
  error_message, deadline::text as deadline, delivered_at`;

const mapFiscal = (r: FiscalInvoiceRow): FiscalInvoiceRow => ({
  ...r,
  issued_at: iso(r.issued_at) as string,
  delivered_at: iso(r.delivered_at),
});

export async function insertFiscalInvoice(
  tx: Tx,
  companyId: string,
  f: {
    documentId: string;
    zki: string;
    issuedAt: string;
    amount: string;
    racun: RacunData;
    deadline: string;
  },
): Promise<string> {
  const [row] = await rows<{ id: string }>(
    tx,
    sql`insert into fiscal_invoices (company_id, document_id, zki, state, issued_at, amount, racun, deadline)
        values (${companyId}, ${f.documentId}, ${f.zki}, 'pending', ${f.issuedAt}, ${f.amount},
          ${encryptJson(f.racun, 'fiscal_invoices.racun')}, ${f.deadline})
        returning id`,
  );
  return (row as { id: string }).id;
}

export async function fiscalOfDocument(
  tx: Tx,
  documentId: string,
  lock = false,
): Promise<FiscalInvoiceRow | null> {
  const [row] = await rows<FiscalInvoiceRow>(
    tx,
    lock
      ? sql`select ${FISCAL_COLUMNS} from fiscal_invoices where document_id = ${documentId} for update`
      : sql`select ${FISCAL_COLUMNS} from fiscal_invoices where document_id = ${documentId}`,
  );
  return row ? mapFiscal(row) : null;
}

export async function racunOf(tx: Tx, fiscalId: string): Promise<RacunData> {
  const [row] = await rows<{ racun: string }>(
    tx,
    sql`select racun from fiscal_invoices where id = ${fiscalId}`,
  );
  return decryptJson<RacunData>(row?.racun ?? null, 'fiscal_invoices.racun', null as unknown as RacunData);
}

export async function markDelivered(tx: Tx, fiscalId: string, jir: string, late: boolean): Promise<void> {
  await tx.execute(sql`update fiscal_invoices set state = 'delivered', jir = ${jir}, late = ${late},
    error_code = null, error_message = null, delivered_at = now(), updated_at = now() where id = ${fiscalId}`);
}

export async function markProblem(
  tx: Tx,
  fiscalId: string,
  state: 'pending' | 'failed',
  code: string | null,
  message: string,
): Promise<void> {
  await tx.execute(sql`update fiscal_invoices set state = ${state}, error_code = ${code},
    error_message = ${message.slice(0, 1000)}, updated_at = now() where id = ${fiscalId}`);
}

export type AttemptRow = CisAttempt;

export async function insertAttempt(
  tx: Tx,
  companyId: string,
  a: {
    fiscalId: string;
    messageId: string;
    late: boolean;
    requestXml: string;
    responseXml: string | null;
    httpStatus: number | null;
    outcome: AttemptRow['outcome'];
    errorCode: string | null;
    errorMessage: string | null;
    durationMs: number;
  },
): Promise<void> {
  await tx.execute(sql`insert into fiscal_attempts (company_id, fiscal_invoice_id, message_id, late, request_xml,
      response_xml, http_status, outcome, error_code, error_message, duration_ms)
    values (${companyId}, ${a.fiscalId}, ${a.messageId}, ${a.late},
      ${encryptField(a.requestXml, 'fiscal_attempts.request_xml')}, ${a.responseXml}, ${a.httpStatus}, ${a.outcome},
      ${a.errorCode}, ${a.errorMessage?.slice(0, 1000) ?? null}, ${a.durationMs})`);
}

export async function attemptsOf(tx: Tx, fiscalId: string): Promise<AttemptRow[]> {
  const list = await rows<AttemptRow>(
    tx,
    sql`select id, message_id, late, outcome, http_status, error_code, error_message, duration_ms, created_at
        from fiscal_attempts where fiscal_invoice_id = ${fiscalId} order by created_at, id`,
  );
  return list.map((a) => ({
    ...a,
    duration_ms: Number(a.duration_ms),
    created_at: iso(a.created_at) as string,
  }));
}

/** The request and answer of one attempt (the request opened), for the invoice's message log. */
export async function attemptMessages(
  tx: Tx,
  attemptId: string,
): Promise<{ request_xml: string; response_xml: string | null } | null> {
  const [row] = await rows<{ request_xml: string; response_xml: string | null }>(
    tx,
    sql`select request_xml, response_xml from fiscal_attempts where id = ${attemptId}`,
  );
  if (!row) return null;
  return {
    request_xml: decryptField(row.request_xml, 'fiscal_attempts.request_xml'),
    response_xml: row.response_xml,
  };
}
