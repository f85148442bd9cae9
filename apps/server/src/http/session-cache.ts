import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Deps, findSessionUser, type SessionUser } from './context.ts';

/**
 * Who the caller is, remembered for a few seconds per cookie (issue 21: the session lookup was two
 * queries and a signature check on every request). Only the identity is cached: membership, role
 * and a blocked account are read in every company transaction (db/tenant.ts), so a role change
 * applies to the very next request.
 *
 * A revoked session leaves the cache at once: every deletion of a session row notifies
 * `session_revoked` (migration 0001), which every instance listens to, and any request to
 * /api/auth/* (sign-out, password change) forgets its own cookie before it is answered. The TTL only
 * bounds a notification lost while the listening connection was being replaced.
 */
export const SESSION_CACHE_TTL_MS = 10_000;
const MAX_ENTRIES = 10_000;

type Entry = { user: SessionUser; until: number };
type Cache = { entries: Map<string, Entry>; generation: number };

const caches = new WeakMap<Deps['auth'], Cache>();
function cacheOf(auth: Deps['auth']): Cache {
  let cache = caches.get(auth);
  if (!cache) {
    cache = { entries: new Map(), generation: 0 };
    caches.set(auth, cache);
  }
  return cache;
}

function forget(cache: Cache, match: (key: string, entry: Entry) => boolean): void {
  // A lookup that started before this point must not store what it read (it may be the session
  // that is being revoked).
  cache.generation++;
  for (const [key, entry] of cache.entries) if (match(key, entry)) cache.entries.delete(key);
}

/** The signed-in user of a request when the cache holds its cookie fresh, else undefined (no promise). */
export function sessionUserFromCache(auth: Deps['auth'], request: FastifyRequest): SessionUser | undefined {
  const key = request.headers.cookie;
  if (!key || request.headers.authorization) return undefined;
  const hit = caches.get(auth)?.entries.get(key);
  return hit && hit.until > Date.now() ? hit.user : undefined;
}

/** The signed-in user of a request, from the cache or from better-auth. */
export async function cachedSessionUser(
  auth: Deps['auth'],
  request: FastifyRequest,
): Promise<SessionUser | null> {
  const key = request.headers.cookie;
  // Other credentials (or none) go to better-auth every time.
  if (!key || request.headers.authorization) return findSessionUser(auth, request);
  const hit = sessionUserFromCache(auth, request);
  if (hit) return hit;
  const cache = cacheOf(auth);
  const now = Date.now();
  const generation = cache.generation;
  const user = await findSessionUser(auth, request);
  cache.entries.delete(key);
  if (user && cache.generation === generation) {
    if (cache.entries.size >= MAX_ENTRIES) cache.entries.delete(cache.entries.keys().next().value as string);
    cache.entries.set(key, { user, until: Math.min(now + SESSION_CACHE_TTL_MS, user.expiresAt.getTime()) });
  }
  return user;
}

/** Keeps the cache true to the sessions table (see above). */
export function followSessionRevocations(app: FastifyInstance, deps: Pick<Deps, 'auth' | 'database'>): void {
  const cache = cacheOf(deps.auth);
  let unlisten: (() => Promise<void>) | null = null;
  app.addHook('onReady', async () => {
    unlisten = await deps.database.listen('session_revoked', (sessionId) =>
      forget(cache, (_key, entry) => entry.user.sessionId === sessionId),
    );
  });
  // Before the answer leaves, so the caller's next request cannot find the revoked session.
  app.addHook('onSend', (request, _reply, payload, done) => {
    const cookie = request.headers.cookie;
    if (cookie && request.method !== 'GET' && request.url.startsWith('/api/auth/'))
      forget(cache, (key) => key === cookie);
    done(null, payload);
  });
  app.addHook('onClose', async () => {
    await unlisten?.();
    cache.entries.clear();
  });
}
