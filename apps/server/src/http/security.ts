import { AppError } from '@erp/domain';
import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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

export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const sentryHost = config.sentry ? new URL(config.sentry.dsn).origin : null;
  await app.register(helmet, {
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
    hsts: config.secureCookies ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', async (request) => {
    if (request.url.startsWith('/api/') && isCrossSiteWrite(request, config)) {
      throw new AppError('FORBIDDEN', 'Zahtjev s tuđe stranice je odbijen');
    }
  });
  app.addHook('onSend', async (request, reply) => {
    // The app uses none of these; a compromised script gets none of them either.
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    // API answers carry company data: no shared or browser cache keeps them unless a route says so.
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
  });
}

/**
 * Errors the router raises before any hook runs (a malformed URL, a path parameter over the
 * length limit): answered in our error shape like every other bad input (found by the fuzzer).
 */
export function frameworkErrors(_error: Error, _request: FastifyRequest, reply: FastifyReply): void {
  void reply.status(400).send({ error: { code: 'VALIDATION', message: 'Neispravna adresa' } });
}
