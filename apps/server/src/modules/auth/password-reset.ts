import { createHash, randomBytes } from 'node:crypto';
import { AppError, type MailLanguage, type ResetLink } from '@erp/domain';
import type { Db } from '../../db/database.ts';
import { findUserByEmail } from '../admin/admin.service.ts';
import type { Mailer } from './auth.mailer.ts';
import * as repo from './auth.repo.ts';
import { hashPassword } from './auth.ts';
import { RESET_MAIL } from './reset-mail.ts';

export const RESET_TOKEN_MINUTES = 30;

const tokenHash = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

export function resetUrl(baseUrl: string, token: string): string {
  return `${new URL(baseUrl).origin}/reset-password?token=${encodeURIComponent(token)}`;
}

/** A fresh one-time token; only its hash is stored. */
export async function issueResetToken(db: Db, userId: string): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + RESET_TOKEN_MINUTES * 60_000);
  await repo.insertResetToken(db, tokenHash(token), userId, expiresAt.toISOString());
  return { token, expiresAt };
}

/** For the operator (`npm run admin -- reset-link <email>`) when no mail server is configured. */
export async function createResetLink(db: Db, baseUrl: string, email: string): Promise<ResetLink> {
  const user = await findUserByEmail(db, email);
  if (!user) throw new AppError('NOT_FOUND', `Korisnik ${email} ne postoji`);
  const { token, expiresAt } = await issueResetToken(db, user.id);
  return { url: resetUrl(baseUrl, token), expiresAt: expiresAt.toISOString() };
}

/**
 * Forgot password. Nothing in the answer or its timing depends on whether the email has an
 * account: the caller answers the same either way and the mail goes out after the answer.
 */
export async function requestPasswordReset(
  db: Db,
  opts: {
    email: string;
    language: MailLanguage;
    baseUrl: string;
    mailer: Mailer | null;
    onError: (e: unknown) => void;
  },
): Promise<void> {
  const user = await findUserByEmail(db, opts.email);
  if (!user) return;
  const { token } = await issueResetToken(db, user.id);
  const mailer = opts.mailer;
  if (!mailer) return; // the operator hands out links with the admin CLI
  const texts = RESET_MAIL[opts.language];
  setImmediate(() => {
    mailer
      .send({
        to: opts.email.trim(),
        subject: texts.subject,
        text: texts.body(resetUrl(opts.baseUrl, token), RESET_TOKEN_MINUTES),
      })
      .catch(opts.onError);
  });
}

/**
 * Sets a new password with a valid token: the token is spent, every other open token of the user
 * is dropped, and every session of the user is revoked (sign out everywhere), in one transaction.
 */
export async function resetPassword(db: Db, token: string, password: string): Promise<string> {
  // Hashed before looking at the token: the answer takes as long for a bad token as for a good one.
  const digest = await hashPassword(password);
  return db.transaction(async (tx) => {
    const userId = await repo.spendResetToken(tx, tokenHash(token));
    if (!userId)
      throw new AppError('VALIDATION', 'Poveznica za novu lozinku nije valjana ili je istekla', [
        { field: 'token', key: 'validation.resetTokenInvalid' },
      ]);
    await repo.setCredentialPassword(tx, userId, digest);
    await repo.dropOpenResetTokens(tx, userId);
    await repo.deleteSessions(tx, userId);
    return userId;
  });
}

/** Sign out everywhere: every session of the user, this one included. */
export function revokeAllSessions(db: Db, userId: string): Promise<number> {
  return repo.deleteSessions(db, userId);
}
