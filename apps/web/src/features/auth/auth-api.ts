import { api } from '../../lib/api.ts';

// The auth endpoints (better-auth under /api/auth): session, sign-in, sign-up, sign-out and the
// password reset.

export type SessionUser = { id: string; email: string; name: string | null };
export type SessionResponse = { session: { expiresAt: string }; user: SessionUser } | null;

export const getSession = () => api<SessionResponse>('/api/auth/get-session');
export const signInEmail = (body: { email: string; password: string }) =>
  api('/api/auth/sign-in/email', { method: 'POST', body });
export const signUpEmail = (body: { name: string; email: string; password: string }) =>
  api('/api/auth/sign-up/email', { method: 'POST', body });
export const signOutSession = () => api('/api/auth/sign-out', { method: 'POST' });

/** Whether the server can send mail (the forgot-password page says so when it cannot). */
export const getForgotPasswordState = (signal?: AbortSignal) =>
  api<{ mail: boolean }>('/api/auth/forgot-password', { signal });
export const requestPasswordReset = (body: { email: string; language: string }) =>
  api('/api/auth/forgot-password', { method: 'POST', body });
export const resetPassword = (body: { token: string; password: string }) =>
  api('/api/auth/reset-password', { method: 'POST', body });
