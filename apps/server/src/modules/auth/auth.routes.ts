import {
  adminEmailSchema,
  authSessionSchema,
  changePasswordSchema,
  ERROR_STATUS,
  type ErrorCode,
  authErrorSchema as errorSchema,
  forgotPasswordOptionsSchema,
  forgotPasswordSchema,
  okSchema,
  resetLinkSchema,
  resetPasswordSchema,
  signedInSchema,
  signedOutEverywhereSchema,
  signedOutSchema,
  signInSchema,
  signUpSchema,
} from '@erp/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/access.ts';
import type { Deps } from '../../http/context.ts';
import { errorBody } from '../../http/errors.ts';
import { authMailer } from './auth.mailer.ts';
import { CLIENT_IP_HEADER, signInAttempt } from './auth.ts';
import { accountWaitSeconds, clearLoginFailures, overAddressLimit, recordLoginFailure } from './backoff.ts';
import { createResetLink, requestPasswordReset, resetPassword, revokeAllSessions } from './password-reset.ts';
import { accountsQueryForUnknownEmail, emailHasAccount } from './timing.ts';

/** better-auth's error codes, mapped to ours. */
const AUTH_ERRORS: Record<string, ErrorCode> = {
  INVALID_EMAIL_OR_PASSWORD: 'INVALID_CREDENTIALS',
  USER_ALREADY_EXISTS: 'EMAIL_TAKEN',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'EMAIL_TAKEN',
  PASSWORD_TOO_SHORT: 'VALIDATION',
  PASSWORD_TOO_LONG: 'VALIDATION',
  INVALID_EMAIL: 'VALIDATION',
  INVALID_PASSWORD: 'INVALID_CREDENTIALS',
};

function toErrorCode(status: number, authCode: string | undefined): ErrorCode {
  if (authCode && AUTH_ERRORS[authCode]) return AUTH_ERRORS[authCode];
  if (status === 429) return 'RATE_LIMITED';
  if (status === 401) return 'UNAUTHENTICATED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status >= 500) return 'INTERNAL';
  return 'VALIDATION';
}

export function authRoutes(deps: Deps): FastifyPluginAsyncZod {
  /** Hands the request to better-auth and copies back status and cookies; tokens never reach the body. */
  async function forward(
    request: FastifyRequest,
    reply: FastifyReply,
    path = request.url,
  ): Promise<{ status: number; json: unknown }> {
    const headers = new Headers();
    for (const [key, value] of Object.entries(request.headers)) {
      if (value === undefined || key === CLIENT_IP_HEADER) continue;
      headers.set(key, Array.isArray(value) ? value.join(', ') : value);
    }
    headers.set(CLIENT_IP_HEADER, request.ip);
    const url = new URL(path, deps.config.baseUrl);
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
    if (hasBody) headers.set('content-type', 'application/json');
    const response = await deps.auth.handler(
      new Request(url, {
        method: request.method,
        headers,
        body: hasBody ? JSON.stringify(request.body ?? {}) : undefined,
      }),
    );
    for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie);
    const text = await response.text();
    return { status: response.status, json: text ? JSON.parse(text) : null };
  }

  function sendAuthError(reply: FastifyReply, status: number, json: unknown) {
    const authCode = (json as { code?: string } | null)?.code;
    const code = toErrorCode(status, authCode);
    return reply.status(ERROR_STATUS[code]).send(errorBody(code));
  }

  function rateLimited(reply: FastifyReply, seconds: number) {
    return reply
      .status(429)
      .header('retry-after', String(Math.max(1, seconds)))
      .send(errorBody('RATE_LIMITED'));
  }

  const publicUser = (u: { id: string; email: string; name?: string | null }) => ({
    id: u.id,
    email: u.email,
    name: u.name ?? null,
  });

  return async (app) => {
    app.post(
      '/api/auth/sign-up/email',
      {
        config: { access: 'public' },
        schema: {
          tags: ['auth'],
          summary: 'Sign up with email and password (full name goes into the profile)',
          body: signUpSchema,
          response: {
            200: signedInSchema,
            400: errorSchema,
            409: errorSchema,
            429: errorSchema,
          },
        },
      },
      async (request, reply) => {
        const { status, json } = await forward(request, reply);
        if (status >= 400) return sendAuthError(reply, status, json);
        return { user: publicUser((json as { user: { id: string; email: string; name: string } }).user) };
      },
    );

    app.post(
      '/api/auth/sign-in/email',
      {
        config: { access: 'public' },
        schema: {
          tags: ['auth'],
          summary: 'Sign in with email and password',
          body: signInSchema,
          response: {
            200: signedInSchema,
            400: errorSchema,
            401: errorSchema,
            429: errorSchema,
          },
        },
      },
      async (request, reply) => {
        // Per-account back-off before any hashing; per-address limits are better-auth's.
        const wait = await accountWaitSeconds(deps.db, request.body.email);
        if (wait > 0) return rateLimited(reply, wait);
        const known = await emailHasAccount(deps.db, request.body.email);
        const { status, json } = await signInAttempt.run(true, () => forward(request, reply));
        if (status === 401 && !known) await accountsQueryForUnknownEmail(deps.db);
        if (status === 401) await recordLoginFailure(deps.db, request.body.email);
        if (status >= 400) return sendAuthError(reply, status, json);
        await clearLoginFailures(deps.db, request.body.email);
        return { user: publicUser((json as { user: { id: string; email: string; name: string } }).user) };
      },
    );

    // Whether a reset link can be mailed at all: the forgot-password page must not promise an
    // e-mail that no server will send (the same answer for every visitor, so it tells nothing).
    app.get(
      '/api/auth/forgot-password',
      {
        config: { access: 'public' },
        schema: {
          tags: ['auth'],
          summary: 'Whether password reset links are sent by mail on this server',
          response: { 200: forgotPasswordOptionsSchema },
        },
      },
      async () => ({ mail: authMailer(deps) !== null }),
    );

    app.post(
      '/api/auth/forgot-password',
      {
        config: { access: 'public' },
        schema: {
          tags: ['auth'],
          summary: 'Ask for a password reset link by mail; the answer is the same for every email',
          body: forgotPasswordSchema,
          response: { 200: okSchema, 400: errorSchema, 429: errorSchema },
        },
      },
      async (request, reply) => {
        if (await overAddressLimit(deps.db, 'forgot-password', request.ip, deps.config.authRateLimit))
          return rateLimited(reply, deps.config.authRateLimit.window);
        await requestPasswordReset(deps.db, {
          email: request.body.email,
          language: request.body.language ?? 'hr',
          baseUrl: deps.config.baseUrl,
          mailer: authMailer(deps),
          onError: deps.report,
        });
        return { ok: true as const };
      },
    );

    app.post(
      '/api/auth/reset-password',
      {
        config: { access: 'public' },
        schema: {
          tags: ['auth'],
          summary: 'Set a new password with a one-time token; every session of the user is revoked',
          body: resetPasswordSchema,
          response: { 200: okSchema, 400: errorSchema, 429: errorSchema },
        },
      },
      async (request, reply) => {
        if (await overAddressLimit(deps.db, 'reset-password', request.ip, deps.config.authRateLimit))
          return rateLimited(reply, deps.config.authRateLimit.window);
        await resetPassword(deps.db, request.body.token, request.body.password);
        return { ok: true as const };
      },
    );

    app.post(
      '/api/auth/change-password',
      {
        config: { access: 'user' },
        schema: {
          tags: ['auth'],
          summary: 'Change the password; every other session of the user is revoked',
          body: changePasswordSchema,
          response: { 200: okSchema, 400: errorSchema, 401: errorSchema, 429: errorSchema },
        },
      },
      async (request, reply) => {
        request.body = { ...request.body, revokeOtherSessions: true } as typeof request.body;
        const { status, json } = await forward(request, reply);
        if (status >= 400) return sendAuthError(reply, status, json);
        return { ok: true as const };
      },
    );

    app.post(
      '/api/auth/sign-out-everywhere',
      {
        config: { access: 'user' },
        schema: {
          tags: ['auth'],
          summary: 'Revoke every session of the user, this one included',
          response: { 200: signedOutEverywhereSchema },
        },
      },
      async (request, reply) => {
        const revoked = await revokeAllSessions(deps.db, currentUser(request).id);
        // better-auth's sign-out clears the cookies (the session itself is already gone).
        await forward(request, reply, '/api/auth/sign-out');
        return { revoked };
      },
    );

    app.post(
      '/api/admin/reset-link',
      {
        config: { access: 'platform' },
        schema: {
          tags: ['admin'],
          summary: 'A one-time password reset link for a user (when no mail server is configured)',
          body: adminEmailSchema,
          response: { 200: resetLinkSchema },
        },
      },
      async (request) => createResetLink(deps.db, deps.config.baseUrl, request.body.email),
    );

    app.post(
      '/api/auth/sign-out',
      {
        config: { access: 'public' },
        schema: {
          tags: ['auth'],
          summary: 'Sign out: the session is revoked at once',
          response: { 200: signedOutSchema },
        },
      },
      async (request, reply) => {
        const { status, json } = await forward(request, reply);
        if (status >= 400) return sendAuthError(reply, status, json);
        return { success: true };
      },
    );

    app.get(
      '/api/auth/get-session',
      {
        config: { access: 'public' },
        schema: {
          tags: ['auth'],
          summary: 'The current session: expiry and user, or null',
          response: { 200: authSessionSchema },
        },
      },
      async (request, reply) => {
        const { status, json } = await forward(request, reply);
        const data = json as {
          session: { expiresAt: string };
          user: { id: string; email: string; name: string };
        } | null;
        if (status >= 400 || !data?.session) return null;
        return {
          session: { expiresAt: new Date(data.session.expiresAt).toISOString() },
          user: publicUser(data.user),
        };
      },
    );
  };
}
