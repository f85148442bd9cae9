import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { readOrCreateFile } from './security/create-file-once.ts';

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  production: boolean;
  /** Secret for signing session cookies; generated once into DATA_DIR when not configured. */
  authSecret: string;
  /** Public origin, e.g. https://erp.example.hr; derived from the port when unset. */
  baseUrl: string;
  secureCookies: boolean;
  authRateLimit: { window: number; max: number };
  webDist: string | null;
  contact: { email: string; phone: string; city: string };
  sentry: { dsn: string; environment: string; tracesSampleRate: number } | null;
};

/** The generated secret in DATA_DIR; instances starting at once on a fresh directory share one. */
function readOrCreateSecret(dataDir: string): string {
  return readOrCreateFile(join(dataDir, 'auth-secret'), () => randomBytes(32).toString('base64url')).trim();
}

function positiveInt(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive integer, got "${value}"`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = positiveInt(env.PORT, 3000, 'PORT');
  const dataDir = resolve(env.DATA_DIR || './data');
  const production = env.NODE_ENV === 'production';
  const baseUrl = env.APP_URL || `http://localhost:${port}`;
  // WEB_DIST lets a test run serve its own build, untouched by builds others start meanwhile.
  const webDist = env.WEB_DIST ? resolve(env.WEB_DIST) : resolve(import.meta.dirname, '../../web/dist');
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    production,
    authSecret: env.AUTH_SECRET || readOrCreateSecret(dataDir),
    baseUrl,
    secureCookies: baseUrl.startsWith('https://'),
    authRateLimit: {
      window: positiveInt(env.AUTH_RATE_LIMIT_WINDOW, 60, 'AUTH_RATE_LIMIT_WINDOW'),
      max: positiveInt(env.AUTH_RATE_LIMIT_MAX, 10, 'AUTH_RATE_LIMIT_MAX'),
    },
    webDist: existsSync(join(webDist, 'index.html')) ? webDist : null,
    contact: {
      email: env.CONTACT_EMAIL || 'info@example.hr',
      phone: env.CONTACT_PHONE || '+385 1 000 0000',
      city: env.CONTACT_CITY || 'Zagreb, Hrvatska',
    },
    sentry: env.SENTRY_DSN ? { dsn: env.SENTRY_DSN, environment: 'production', tracesSampleRate: 0.1 } : null,
  };
}
