import type { SignInInput, SignUpInput } from '@erp/domain/auth/auth.schemas';
import type {
  AuthSession,
  AuthUser,
  ForgotPasswordOptions,
  ForgotPasswordRequest,
  ResetPasswordRequest,
  SignedIn,
} from '@erp/domain/auth/contracts';
import { api } from '../../lib/api.ts';

// The auth endpoints (better-auth under /api/auth): session, sign-in, sign-up, sign-out and the
// password reset.

export type { AuthSession, AuthUser };

export const getSession = () => api<AuthSession>('/api/auth/get-session');
export const signInEmail = (body: SignInInput) =>
  api<SignedIn>('/api/auth/sign-in/email', { method: 'POST', body });
export const signUpEmail = (body: SignUpInput) =>
  api<SignedIn>('/api/auth/sign-up/email', { method: 'POST', body });
export const signOutSession = () => api('/api/auth/sign-out', { method: 'POST' });

/** Whether the server can send mail (the forgot-password page says so when it cannot). */
export const getForgotPasswordState = (signal?: AbortSignal) =>
  api<ForgotPasswordOptions>('/api/auth/forgot-password', { signal });
export const requestPasswordReset = (body: ForgotPasswordRequest) =>
  api('/api/auth/forgot-password', { method: 'POST', body });
export const resetPassword = (body: ResetPasswordRequest) =>
  api('/api/auth/reset-password', { method: 'POST', body });
