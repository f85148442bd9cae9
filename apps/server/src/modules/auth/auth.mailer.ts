import nodemailer from 'nodemailer';
import type { Deps } from '../../http/context.ts';

export type MailMessage = { to: string; subject: string; text: string };
export type Mailer = { send(message: MailMessage): Promise<void> };

/** Keeps messages in memory: the test double. */
export function memoryMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message) {
      sent.push(message);
    },
  };
}

const chosen = new WeakMap<Deps, Mailer | null>();

/** Tests give one app instance its own mailer. */
export function setAuthMailer(deps: Deps, mailer: Mailer | null): void {
  chosen.set(deps, mailer);
}

/**
 * The SMTP server of `SMTP_URL` (e.g. smtps://user:pass@smtp.example.hr:465), or null when none is
 * configured: the operator then hands out reset links with `npm run admin -- reset-link <email>`.
 */
export function authMailer(deps: Deps, env: NodeJS.ProcessEnv = process.env): Mailer | null {
  if (chosen.has(deps)) return chosen.get(deps) ?? null;
  let mailer: Mailer | null = null;
  if (env.SMTP_URL) {
    const transport = nodemailer.createTransport(env.SMTP_URL);
    const from = env.SMTP_FROM || `ERP <no-reply@${new URL(deps.config.baseUrl).hostname}>`;
    mailer = {
      async send(message) {
        await transport.sendMail({ from, ...message });
      },
    };
  }
  chosen.set(deps, mailer);
  return mailer;
}
