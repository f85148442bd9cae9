import { timingSafeEqual } from 'node:crypto';
import { AppError } from '@erp/domain';
import type { FastifyRequest } from 'fastify';
import { type Deps, findSessionUser } from '../../http/context.ts';
import { isPlatformAdmin } from './admin.service.ts';

function tokenMatches(header: string | undefined, token: string): boolean {
  if (!header?.startsWith('Bearer ')) return false;
  const given = Buffer.from(header.slice(7));
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Platform operators: the admin CLI (bearer token from DATA_DIR/server.json) or a platform-admin user. */
export async function requirePlatformAdmin(deps: Deps, request: FastifyRequest): Promise<void> {
  if (tokenMatches(request.headers.authorization, deps.adminToken)) return;
  const user = await findSessionUser(deps.auth, request);
  if (!user) throw new AppError('UNAUTHENTICATED', 'Niste prijavljeni');
  if (!(await isPlatformAdmin(deps.db, user.id)))
    throw new AppError('FORBIDDEN', 'Samo za administratore platforme');
}

export function hasAdminToken(deps: Deps, request: FastifyRequest): boolean {
  return tokenMatches(request.headers.authorization, deps.adminToken);
}
