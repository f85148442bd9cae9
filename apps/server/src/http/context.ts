import { AppError } from '@erp/domain';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { Database, Db } from '../db/database.ts';
import type { Auth } from '../modules/auth/auth.ts';
import type { ChangelogService } from '../modules/changelog/changelog.service.ts';
import type { Realtime } from '../modules/realtime/realtime.ts';

/** What every module gets: no registry, no container, just these. */
export type Deps = {
  config: Config;
  database: Database;
  db: Db;
  auth: Auth;
  realtime: Realtime;
  changelog: ChangelogService;
  /** Bearer token of the local admin CLI; written to DATA_DIR/server.json at start. */
  adminToken: string;
  report: (error: unknown) => void;
};

export type SessionUser = { id: string; email: string; name: string; sessionId: string; expiresAt: Date };

export async function findSessionUser(auth: Auth, request: FastifyRequest): Promise<SessionUser | null> {
  const result = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  if (!result) return null;
  return {
    id: result.user.id,
    email: result.user.email,
    name: result.user.name,
    sessionId: result.session.id,
    expiresAt: new Date(result.session.expiresAt),
  };
}

export async function requireUser(auth: Auth, request: FastifyRequest): Promise<SessionUser> {
  const user = await findSessionUser(auth, request);
  if (!user) throw new AppError('UNAUTHENTICATED', 'Niste prijavljeni');
  return user;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The company a request acts in: the `x-company-id` header, else the user's own company. */
export function requestCompanyId(request: FastifyRequest, user: SessionUser): string {
  const header = request.headers['x-company-id'];
  if (typeof header !== 'string' || header === '') return user.id;
  if (!UUID.test(header))
    throw new AppError('VALIDATION', 'Neispravna tvrtka', [
      { field: 'x-company-id', key: 'validation.invalid' },
    ]);
  return header.toLowerCase();
}
