import {
  type CompanyEvent,
  companyEventSchema,
  type RealtimeClientMessage,
  realtimeClientMessageSchema,
} from '@erp/domain';
import type { FastifyPluginAsync } from 'fastify';
import { withCompany } from '../../db/tenant.ts';
import { type Deps, findSessionUser } from '../../http/context.ts';
import { registryState } from '../../platform/move.ts';
import { accountStatus } from '../tenants/tenants.service.ts';

/** `company:<companyId>:<topic>`: committed changes of one kind in one company (members only). */
const COMPANY_CHANNEL =
  /^company:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}):([a-z][a-z0-9-]{0,40})$/;
const HOSTING_CHANNEL = /^company:([0-9a-f-]{36}):hosting$/;

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

  /** May this user listen on this channel? Their own account status, or a company they belong to. */
  async function mayListen(userId: string, channel: string): Promise<boolean> {
    if (channel === `account-status:${userId}`) return true;
    const companyId = COMPANY_CHANNEL.exec(channel)?.[1];
    if (!companyId) return false;
    return withCompany(deps.db, { userId, companyId }, async () => true, {
      permission: 'company.read',
    }).catch(() => false);
  }

  return async (app) => {
    await realtime.listen('account_status', (userId) => {
      const channel = `account-status:${userId}`;
      void realtime.publish(channel, async () => {
        const status = await accountStatus(deps.db, userId);
        return status === 'active' || status === 'blocked'
          ? { type: 'event', channel, payload: { account_status: status } }
          : null;
      });
    });
    await realtime.listen('session_revoked', (sessionId) => realtime.revokeSession(sessionId));
    await realtime.followCompanyRegistry();
    // Issue 10: a company going read-only (move, restore, maintenance) and writable again reaches
    // its members' screens at once: `company:<id>:hosting` carries { state: 'read_only' | 'normal' }.
    await realtime.listen('company_registry', (companyId) => {
      const channel = `company:${companyId}:hosting`;
      void registryState(deps.database, companyId).then(
        (state) => realtime.publish(channel, async () => ({ type: 'event', channel, payload: { state } })),
        () => {},
      );
    });
    await realtime.listenInCompanyDatabases('company_event', (raw) => {
      let event: CompanyEvent;
      try {
        event = companyEventSchema.parse(JSON.parse(raw));
      } catch {
        return;
      }
      const channel = `company:${event.company_id}:${event.topic}`;
      void realtime.publish(channel, async () => ({ type: 'event', channel, payload: { ids: event.ids } }));
    });

    app.get(
      '/api/realtime',
      { websocket: true, config: { access: 'public' }, schema: { hide: true } },
      async (socket, request) => {
        // Messages that arrive while the session is being checked are handled right after.
        const early: string[] = [];
        let handle: ((raw: string) => Promise<void>) | null = null;
        socket.on('message', (raw) => (handle ? void handle(String(raw)) : early.push(String(raw))));
        if (!sameOrigin(request.headers.origin, request.headers.host))
          return socket.close(4403, 'forbidden origin');
        const user = await findSessionUser(deps.auth, request).catch(() => null);
        if (!user) return socket.close(4401, 'unauthenticated');
        const client = realtime.add(socket, user.id, user.sessionId);
        // A sign-out that landed between the session check and the registration above would have
        // found no socket to close: check once more now that this socket can be found.
        if (!(await findSessionUser(deps.auth, request).catch(() => null)))
          return realtime.revokeSession(user.sessionId);
        const handleMessage = async (raw: string): Promise<void> => {
          let parsed: RealtimeClientMessage;
          try {
            parsed = realtimeClientMessageSchema.parse(JSON.parse(raw));
          } catch {
            return realtime.send(client, { type: 'error', code: 'VALIDATION' });
          }
          if (parsed.type === 'unsubscribe') {
            client.channels.delete(parsed.channel);
            return;
          }
          // Its own account status and its companies' events; nothing of anyone else's.
          if (!(await mayListen(user.id, parsed.channel))) {
            return realtime.send(client, { type: 'error', code: 'FORBIDDEN', channel: parsed.channel });
          }
          client.channels.add(parsed.channel);
          realtime.send(client, { type: 'subscribed', channel: parsed.channel });
          // The hosting channel starts with the current state: a screen opened mid-move shows it too.
          const hosting = HOSTING_CHANNEL.exec(parsed.channel);
          if (hosting?.[1]) {
            const state = await registryState(deps.database, hosting[1]).catch(() => null);
            if (state) realtime.send(client, { type: 'event', channel: parsed.channel, payload: { state } });
          }
        };
        handle = handleMessage;
        for (const raw of early.splice(0)) await handleMessage(raw);
      },
    );
  };
}
