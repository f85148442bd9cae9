import { AsyncLocalStorage } from 'node:async_hooks';
import { PASSWORD_MAX, PASSWORD_MIN } from '@erp/domain';
import { hash, verify } from '@node-rs/argon2';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { accounts, rateLimits, sessions, users, verifications } from '../../db/schema.ts';
import { bootstrapOwnCompany } from '../tenants/tenants.service.ts';

/** OWASP's argon2id profile: 19 MiB, 2 iterations, 1 lane. */
const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
export const hashPassword = (password: string) => hash(password, ARGON2);

/**
 * Marks a sign-in attempt. For an unknown email better-auth hashes the given password to spend
 * the time a check would take; inside a sign-in we run a real argon2 verify against a dummy hash
 * instead, so an unknown email costs exactly what a wrong password costs (a sign-in never stores a
 * hash, so the dummy returned is never used).
 */
export const signInAttempt = new AsyncLocalStorage<true>();
let dummyHash: Promise<string> | null = null;
async function hashOrEqualise(password: string): Promise<string> {
  if (!signInAttempt.getStore()) return hashPassword(password);
  dummyHash ??= hashPassword('timing-equaliser-not-a-password');
  const digest = await dummyHash;
  await verify(digest, password);
  return digest;
}

/** The header our forwarder sets from the socket address; any client-sent value is overwritten. */
export const CLIENT_IP_HEADER = 'x-erp-client-ip';

export function createAuth(db: Db, config: Config) {
  const limit = config.authRateLimit;
  return betterAuth({
    appName: 'ERP',
    // Its per-attempt warnings ("User not found", "Invalid password") would put in the log what
    // the answers hide.
    logger: { level: 'error' },
    baseURL: config.baseUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { users, sessions, accounts, verifications, rate_limits: rateLimits },
    }),
    user: { modelName: 'users' },
    session: { modelName: 'sessions', expiresIn: 60 * 60 * 24 * 7, updateAge: 60 * 60 * 24 },
    account: { modelName: 'accounts' },
    verification: { modelName: 'verifications' },
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      password: {
        hash: hashOrEqualise,
        verify: ({ hash: digest, password }) => verify(digest, password),
      },
    },
    // Counted before any password is hashed, in the database so every instance shares the count.
    rateLimit: {
      enabled: true,
      storage: 'database',
      modelName: 'rate_limits',
      window: limit.window,
      max: limit.max * 10,
      customRules: {
        '/sign-in/email': { window: limit.window, max: limit.max },
        '/sign-up/email': { window: limit.window, max: limit.max },
        '/change-password': { window: limit.window, max: limit.max },
      },
    },
    advanced: {
      database: { generateId: 'uuid' },
      useSecureCookies: config.secureCookies,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    trustedOrigins: (request) => {
      const origin = request?.headers.get('origin');
      const host = request?.headers.get('host');
      const sameHost = origin && host && new URL(origin).host === host ? origin : null;
      return [new URL(config.baseUrl).origin, sameHost];
    },
    databaseHooks: {
      user: {
        create: {
          after: async (user) => {
            await bootstrapOwnCompany(db, user.id, user.name);
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
