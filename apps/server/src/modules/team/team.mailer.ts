import nodemailer from 'nodemailer';
import type { Deps } from '../../http/context.ts';

export type MailMessage = { to: string; subject: string; text: string };
export type Mailer = { send(message: MailMessage): Promise<void> };

/** Sends through the SMTP server of `SMTP_URL` (e.g. smtps://user:pass@smtp.example.hr:465). */
export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}

/** Keeps messages in memory: the test double, and a way to look at what would have been sent. */
export function memoryMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message) {
      sent.push(message);
    },
  };
}

const overrides = new WeakMap<Deps, Mailer | null>();

/** Tests replace the mailer of one app instance. */
export function setMailer(deps: Deps, mailer: Mailer | null): void {
  overrides.set(deps, mailer);
}

/** The configured mailer, or null when no mail server is configured (the link is then only shown). */
export function mailerFor(deps: Deps, env: NodeJS.ProcessEnv = process.env): Mailer | null {
  if (overrides.has(deps)) return overrides.get(deps) ?? null;
  const url = env.SMTP_URL;
  if (!url) return null;
  const mailer = smtpMailer(url, env.SMTP_FROM || `ERP <no-reply@${new URL(deps.config.baseUrl).hostname}>`);
  overrides.set(deps, mailer);
  return mailer;
}
