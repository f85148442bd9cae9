import { AppError, PERMISSIONS, type Permission, type RouteAccess } from '@erp/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Tx } from '../db/database.ts';
import { idempotencyKey, keyLookup, once } from '../db/idempotency.ts';
import { type AheadStatement, aheadOf } from '../db/prepared.ts';
import { type CompanyContext, withCompany } from '../db/tenant.ts';
import { requirePlatformAdmin } from '../modules/admin/admin.guard.ts';
import { type Deps, requestCompanyId, type SessionUser } from './context.ts';
import { errorBody } from './errors.ts';
import { cachedSessionUser, followSessionRevocations, sessionUserFromCache } from './session-cache.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; every /api route declares it (checked at start-up). */
    access?: RouteAccess;
  }
  interface FastifyRequest {
    sessionUser?: SessionUser;
    companyId?: string;
    /** How many company transactions this request has opened (each has its own idempotency slot). */
    companyRuns?: number;
    /** What an Idempotency-Key is checked against when the body is not JSON (an uploaded file's rows). */
    idempotencyBody?: unknown;
    /** The route's permission passed inside a company transaction of this request. */
    accessChecked?: boolean;
  }
}

const PERMISSION_SET = new Set<string>(PERMISSIONS);
const isPermission = (access: RouteAccess | undefined): access is Permission =>
  access !== undefined && PERMISSION_SET.has(access);

export type DeclaredRoute = { method: string; url: string; access: RouteAccess };
const declaredByApp = new WeakMap<FastifyInstance, DeclaredRoute[]>();

/** Every /api route with the access it declared, as registered (the permission matrix test walks it). */
export function declaredRoutes(app: FastifyInstance): readonly DeclaredRoute[] {
  return declaredByApp.get(app) ?? [];
}

/** Routes the documentation plugin adds for itself. */
const UNDECLARED_OK = /^\/api\/docs(\/|$)/;

export function routeAccess(request: FastifyRequest): RouteAccess | undefined {
  return request.routeOptions.config.access;
}

/**
 * Enforces each route's declared access before its handler runs. A route under /api without a
 * declaration fails at start-up, so no endpoint can ship unguarded.
 */
export function registerAccessControl(app: FastifyInstance, deps: Deps): void {
  const declared: DeclaredRoute[] = [];
  declaredByApp.set(app, declared);
  followSessionRevocations(app, deps);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api') || UNDECLARED_OK.test(route.url)) return;
    const access = (route.config as { access?: RouteAccess } | undefined)?.access;
    if (!access) throw new Error(`Route ${route.method} ${route.url} declares no access (config.access)`);
    for (const method of [route.method].flat()) declared.push({ method, url: route.url, access });
  });
  // Before validation: who the caller is and which company they act in (no database transaction).
  // A callback hook: a session found in the cache (nearly every request) goes on without a promise.
  app.addHook('preValidation', (request, _reply, done) => {
    const access = routeAccess(request);
    if (!access || access === 'public') return done();
    if (access === 'platform') return void requirePlatformAdmin(deps, request).then(() => done(), done);
    const identify = (user: SessionUser | null | undefined) => {
      let refused: Error | undefined;
      try {
        if (!user) throw new AppError('UNAUTHENTICATED', 'Niste prijavljeni');
        request.sessionUser = user;
        if (isPermission(access)) request.companyId = requestCompanyId(request, user);
      } catch (error) {
        refused = error as Error;
      }
      done(refused);
    };
    const cached = sessionUserFromCache(deps.auth, request);
    if (cached) return identify(cached);
    cachedSessionUser(deps.auth, request).then(identify, done);
  });
  // The permission itself is checked at the start of the use-case's transaction (inCompany), so a
  // request opens one transaction, not two. A request that is answered without having passed that
  // check (refused by validation, failed in its handler before its transaction, or a handler that
  // does not use inCompany) is checked here, before anything leaves: a caller without the right
  // gets 403 whatever the body or the handler said, and learns nothing from validation errors.
  // A callback hook: the common case (checked in the handler's transaction) answers at once.
  app.addHook('onSend', (request, reply, payload, done) => {
    const access = routeAccess(request);
    if (!isPermission(access) || request.accessChecked || reply.statusCode >= 500) return done(null, payload);
    const user = request.sessionUser;
    const companyId = request.companyId;
    if (!user || !companyId) return done(null, payload); // refused before the company was known (401, bad header)
    withCompany(deps.db, { userId: user.id, companyId }, async () => {}, { permission: access }).then(
      () => {
        request.accessChecked = true;
        done(null, payload);
      },
      (error: unknown) => {
        if (!(error instanceof AppError)) return done(error as Error);
        reply.removeHeader('content-disposition');
        reply.removeHeader('content-length');
        reply.status(error.status).header('content-type', 'application/json; charset=utf-8');
        done(null, JSON.stringify(errorBody(error.code, error.message, error.details)));
      },
    );
  });
}

function sessionOf(request: FastifyRequest): SessionUser {
  if (!request.sessionUser) throw new AppError('UNAUTHENTICATED', 'Niste prijavljeni');
  return request.sessionUser;
}

/**
 * Runs `fn` in the request's company with the permission the route declared. `lastStatementCommits`:
 * the route's use-case ends with a statement that may carry the COMMIT (db/begin-with.ts); with an
 * Idempotency-Key the key's row is that statement instead. `ahead`: the use-case's first statements,
 * sent with the company's entry (db/tenant.ts). With an Idempotency-Key the key's lock and look-up
 * go first, ahead too (a replay then also holds the use-case's first locks until it commits).
 */
export function inCompany<T>(
  deps: Deps,
  request: FastifyRequest,
  fn: (tx: Tx, ctx: CompanyContext) => Promise<T>,
  opts: { lastStatementCommits?: boolean; ahead?: AheadStatement[] } = {},
): Promise<T> {
  const access = routeAccess(request);
  if (!isPermission(access)) throw new Error(`inCompany used on a route whose access is ${access}`);
  const user = sessionOf(request);
  const companyId = request.companyId ?? user.id;
  const key = request.method === 'GET' ? undefined : idempotencyKey(request.headers['idempotency-key']);
  const run = request.companyRuns ?? 0;
  request.companyRuns = run + 1;
  // Every write through here honours an Idempotency-Key the same way (db/idempotency.ts): the one
  // mechanism for all posting endpoints. The scope is the method and URL (with its ids), plus the
  // transaction's ordinal within the request for handlers that open more than one.
  const idem = key
    ? {
        key,
        scope: `${request.method} ${request.url} #${run}`,
        body: request.idempotencyBody ?? request.body,
      }
    : null;
  // withCompany has checked the membership and the permission when the body starts.
  const checked = (tx: Tx, ctx: CompanyContext) => {
    request.accessChecked = true;
    return fn(tx, ctx);
  };
  const guarded = idem
    ? (tx: Tx, ctx: CompanyContext) => once(tx, companyId, idem, () => checked(tx, ctx))
    : checked;
  // A refusal by those checks (an AppError before the body started) is the request's answer too.
  const options = {
    permission: access,
    lastStatementCommits: opts.lastStatementCommits,
    ahead: [
      ...(idem ? keyLookup(companyId, idem.key).map((q) => aheadOf(q, true)) : []),
      ...(opts.ahead ?? []),
    ],
  };
  return withCompany(deps.db, { userId: user.id, companyId }, guarded, options).catch((error: unknown) => {
    if (error instanceof AppError) request.accessChecked = true;
    throw error;
  });
}

export function currentUser(request: FastifyRequest): SessionUser {
  return sessionOf(request);
}
