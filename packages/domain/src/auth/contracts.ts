import { z } from 'zod';
import type { forgotPasswordSchema, resetPasswordSchema } from './auth.schemas.ts';

// The HTTP contract of the app's own /api/auth routes (sign-up, sign-in, session, sign-out, the
// password reset) and of /api/admin/reset-link. The request bodies are the schemas of
// auth.schemas.ts; the routes better-auth serves itself are not part of it.

/** The signed-in user as the browser may see them (no tokens, no password data). */
export const authUserSchema = z.object({ id: z.string(), email: z.string(), name: z.string().nullable() });
export type AuthUser = z.infer<typeof authUserSchema>;
export const signedInSchema = z.object({ user: authUserSchema });
export type SignedIn = z.infer<typeof signedInSchema>;
/** The current session: its expiry and user, or null when signed out. */
export const authSessionSchema = z
  .object({ session: z.object({ expiresAt: z.string() }), user: authUserSchema })
  .nullable();
export type AuthSession = z.infer<typeof authSessionSchema>;

/** The body of every refused auth request (the app's error body, as http/errors.ts writes it). */
export const authErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.array(z.object({ field: z.string(), key: z.string() })).optional(),
  }),
});

/** Whether this server mails password reset links (the forgot-password page says so when not). */
export const forgotPasswordOptionsSchema = z.object({ mail: z.boolean() });
export type ForgotPasswordOptions = z.infer<typeof forgotPasswordOptionsSchema>;
export type ForgotPasswordRequest = z.input<typeof forgotPasswordSchema>;
export type ResetPasswordRequest = z.input<typeof resetPasswordSchema>;

export const signedOutEverywhereSchema = z.object({ revoked: z.number() });
export const signedOutSchema = z.object({ success: z.boolean() });

/** A one-time password reset link made by an operator (when no mail server is configured). */
export const resetLinkSchema = z.object({ url: z.string(), expiresAt: z.string() });
export type ResetLink = z.infer<typeof resetLinkSchema>;
