import { z } from 'zod';

/** Seed section 5: text, an @, text, a dot, text, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PASSWORD_MIN = 6;
/** The sign-up hint promises 8 characters; sign-up enforces what the hint says (see README). */
export const PASSWORD_MIN_SIGN_UP = 8;
export const PASSWORD_MAX = 128;
export const NAME_MIN = 2;

const email = z
  .string({ error: 'validation.emailRequired' })
  .trim()
  .min(1, { message: 'validation.emailRequired', abort: true })
  .max(254, 'validation.tooLong')
  .regex(EMAIL_PATTERN, 'validation.emailInvalid');

/** A password of at least `min` characters; the first failed rule is the only message. */
const passwordOfAtLeast = (min: number, message: string) =>
  z
    .string({ error: 'validation.passwordRequired' })
    .min(1, { message: 'validation.passwordRequired', abort: true })
    .min(min, { message, abort: true })
    .max(PASSWORD_MAX, 'validation.passwordMax');

/** Signing in accepts any password the account may have (6 and up, seed section 5). */
const password = passwordOfAtLeast(PASSWORD_MIN, 'validation.passwordMin');
/**
 * A new password on reset or change needs PASSWORD_MIN_SIGN_UP characters, and a shorter one is
 * refused with that same number (not the sign-in minimum of 6 first). Sign-up keeps the seed's
 * two messages: under 6 the seed's text, 6 and 7 the sign-up minimum.
 */
const newPassword = passwordOfAtLeast(PASSWORD_MIN_SIGN_UP, 'validation.passwordMinSignUp');

export const signInSchema = z.object({ email, password });

export const signUpSchema = z.object({
  name: z
    .string({ error: 'validation.nameRequired' })
    .trim()
    .min(1, { message: 'validation.nameRequired', abort: true })
    .min(NAME_MIN, 'validation.nameMin')
    .max(200, 'validation.tooLong'),
  email,
  // The seed's message first for a password under 6 (section 5), then the sign-up minimum.
  password: password.min(PASSWORD_MIN_SIGN_UP, 'validation.passwordMinSignUp'),
});

/**
 * The forms that ask for a new password twice. The two must agree; the check stands beside the
 * request's schema (not after it), so a mismatch is listed together with the other fields'
 * errors (seed section 5) even when a field's rule aborts. The server never sees the confirmation.
 */
const passwordsMatch = z
  .object({ password: z.string(), confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: 'auth.errors.passwordMismatch',
    path: ['confirmPassword'],
  });
export const signUpFormSchema = z.intersection(signUpSchema, passwordsMatch);

/** The interface languages (seed section 9); mail to a user is written in the one they chose. */
export const MAIL_LANGUAGES = ['hr', 'en', 'sl', 'de', 'it', 'cs'] as const;
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];

/** Forgot password: the answer is the same whether or not the email has an account. */
export const forgotPasswordSchema = z.object({ email, language: z.enum(MAIL_LANGUAGES).optional() });

export const resetPasswordSchema = z.object({
  token: z
    .string({ error: 'validation.resetTokenInvalid' })
    .min(20, 'validation.resetTokenInvalid')
    .max(200, 'validation.resetTokenInvalid'),
  password: newPassword,
});
export const resetPasswordFormSchema = z.intersection(resetPasswordSchema, passwordsMatch);
export const changePasswordSchema = z.object({ currentPassword: password, newPassword });

export type SignInInput = z.infer<typeof signInSchema>;
export type SignUpInput = z.infer<typeof signUpSchema>;
