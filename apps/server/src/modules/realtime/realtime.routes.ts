import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { type Deps, findSessionUser } from '../../http/context.ts';
import { withCompany } from '../../db/tenant.ts';
import { findTenant } from '../tenants/tenants.repo.ts';

const clientMessage = z.object({ type: z.literal('subscribe'), channel: z.string().max(200) });

function sameOrigin(origin: string | undefined, host: string | undefined): boolean {
  if (!origin) return true; // not a browser: no cross-site risk
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

export function realtimeRoutes(deps: Deps): FastifyPluginAsync {
  const { realtime } = deps;

  async function readStatus(userId: string): Promise<string | null> {
    const profile = await withCompany(
      deps.db,
      { userId, companyId: userId },
      (tx) => findTenant(tx, userId),
      { allowBlocked: true },
    );
    return profile?.account_status ?? null;
  }

  return async (app) => {
    await realtime.listen('account_status', (userId) => {
      const channel = `account-status:${userId}`;
      void realtime.publish(channel, async () => {
        const status = await readStatus(userId);
        return status === 'active' || status === 'blocked'
          ? { type: 'event', channel, payload: { account_status: status } }
          : null;
      });
    });
    await realtime.listen('session_revoked', (sessionId) => realtime.revokeSession(sessionId));

    app.get(
      '/api/realtime',
      { websocket: true, config: { access: 'public' }, schema: { hide: true } },
      async (socket, request) => {
        // Messages that arrive while the session is being checked are handled right after.
        const early: string[] = [];
        let handle: ((raw: string) => void) | null = null;
        socket.on('message', (raw) => (handle ? handle(String(raw)) : early.push(String(raw))));
        if (!sameOrigin(request.headers.origin, request.headers.host))
          return socket.close(4403, 'forbidden origin');
        const user = await findSessionUser(deps.auth, request).catch(() => null);
        if (!user) return socket.close(4401, 'unauthenticated');
        const client = realtime.add(socket, user.id, user.sessionId);
        handle = (raw) => {
          let parsed: z.infer<typeof clientMessage>;
          try {
            parsed = clientMessage.parse(JSON.parse(raw));
          } catch {
            return realtime.send(client, { type: 'error', code: 'VALIDATION' });
          }
          // A client may listen to its own account status and nothing of anyone else's.
          if (parsed.channel !== `account-status:${user.id}`) {
            return realtime.send(client, { type: 'error', code: 'FORBIDDEN', channel: parsed.channel });
          }
          client.channels.add(parsed.channel);
          realtime.send(client, { type: 'subscribed', channel: parsed.channel });
        };
        for (const raw of early.splice(0)) handle(raw);
      },
    );
  };
}
