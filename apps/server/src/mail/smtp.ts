import nodemailer from 'nodemailer';

// The one place the server talks SMTP with a company's own server (documents e-mailed from the
// app). Password reset and invitations use the operator's SMTP_URL (auth.mailer, team.mailer).

export type SmtpSettings = {
  host: string;
  port: number;
  /** tls: TLS from the first byte (465); starttls: upgrade required (587); none: plain (a local relay). */
  security: 'tls' | 'starttls' | 'none';
  username: string | null;
  password: string | null;
  from: string;
};

export type Attachment = { filename: string; contentType: string; content: Buffer };
export type OutgoingMail = {
  to: string[];
  cc: string[];
  subject: string;
  text: string;
  attachments: Attachment[];
};

/** Why a send failed, as an i18n key of the `mail` namespace (`mail:errors.*`). */
export type SmtpFailure = 'errors.connection' | 'errors.auth' | 'errors.rejected' | 'errors.failed';

export class SmtpError extends Error {
  override name = 'SmtpError';
  constructor(
    readonly key: SmtpFailure,
    cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
}

function failureOf(error: unknown): SmtpFailure {
  const e = error as { code?: string; responseCode?: number };
  if (e.code === 'ECONNECTION' || e.code === 'ETIMEDOUT' || e.code === 'ESOCKET' || e.code === 'EDNS')
    return 'errors.connection';
  if (e.code === 'EAUTH') return 'errors.auth';
  if (e.code === 'EENVELOPE' || (e.responseCode !== undefined && e.responseCode >= 500))
    return 'errors.rejected';
  return 'errors.failed';
}

/** Sends one message; resolves with the server's message id, throws SmtpError. */
export async function sendSmtp(settings: SmtpSettings, mail: OutgoingMail): Promise<string> {
  const transport = nodemailer.createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.security === 'tls',
    requireTLS: settings.security === 'starttls',
    ignoreTLS: settings.security === 'none',
    auth: settings.username ? { user: settings.username, pass: settings.password ?? '' } : undefined,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  });
  try {
    const info = await transport.sendMail({
      from: settings.from,
      to: mail.to,
      cc: mail.cc.length ? mail.cc : undefined,
      subject: mail.subject,
      text: mail.text,
      attachments: mail.attachments.map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        content: a.content,
      })),
    });
    return String(info.messageId ?? '');
  } catch (error) {
    throw new SmtpError(failureOf(error), error);
  } finally {
    transport.close();
  }
}
