import { AppError } from '@erp/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()';

function requestOrigin(request: FastifyRequest): string | null {
  const host = request.headers.host;
  return host ? `${request.protocol}://${host}` : null;
}

/**
 * CSRF defence for cookie-authenticated writes: a browser always sends Origin on a cross-site
 * write, so a write must come from our own origin (or from no browser at all).
 */
export function isCrossSiteWrite(request: FastifyRequest, config: Config): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const origin = request.headers.origin;
  if (origin) return origin !== requestOrigin(request) && origin !== new URL(config.baseUrl).origin;
  const site = request.headers['sec-fetch-site'];
  return site !== undefined && site !== 'same-origin' && site !== 'none';
}

function helmetOptions(config: Config): HelmetOptions {
  const sentryHost = config.sentry ? new URL(config.sentry.dsn).origin : null;
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix UI sets inline style attributes and a scroll-lock <style>; scripts stay strict.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(sentryHost ? [sentryHost] : [])],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.secureCookies ? [] : null,
      },
    },
    // Only over TLS: HSTS on plain http://localhost would pin a developer's browser to https.
    strictTransportSecurity: config.secureCookies ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * helmet's headers for these options, computed once: they depend on the configuration only, so
 * a request copies them instead of running helmet's middleware again (@fastify/helmet builds that
 * middleware anew for every request: about 5 % of the server's CPU per posting, issue 21).
 */
export function securityHeaders(config: Config): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(helmetOptions(config))({} as never, response as never, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}

export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  // The headers every answer carries, set before the handler runs, so a route that sets one of
  // them itself (a file's cache-control) replaces it. The app uses none of the permissions-policy
  // features; a compromised script gets none of them either.
  const everywhere = { ...securityHeaders(config), 'permissions-policy': PERMISSIONS_POLICY };
  // API answers carry company data: no shared or browser cache keeps them unless a route says so.
  const api = { ...everywhere, 'cache-control': 'no-store' };
  // A callback hook, not an async one: it runs on every request and never waits.
  app.addHook('onRequest', (request, reply, done) => {
    const isApi = request.url.startsWith('/api/');
    reply.headers(isApi ? api : everywhere);
    if (isApi && isCrossSiteWrite(request, config))
      return done(new AppError('FORBIDDEN', 'Zahtjev s tuđe stranice je odbijen'));
    done();
  });
}

/**
 * Errors the router raises before any hook runs (a malformed URL, a path parameter over the
 * length limit): answered in our error shape like every other bad input (found by the fuzzer).
 */
export function frameworkErrors(_error: Error, _request: FastifyRequest, reply: FastifyReply): void {
  void reply.status(400).send({ error: { code: 'VALIDATION', message: 'Neispravna adresa' } });
}
