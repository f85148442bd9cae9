import type { RealtimeServerMessage } from '@erp/domain';
import type { WebSocket } from 'ws';
import { listenInEveryDatabase, refreshCompanyRoutes } from '../../db/company-router.ts';
import type { Database } from '../../db/database.ts';

export type ServerMessage = RealtimeServerMessage;

type Client = { socket: WebSocket; userId: string; sessionId: string; channels: Set<string> };

/**
 * Fan-out of database notifications to WebSocket clients. Notifications carry ids only; whoever
 * handles one re-reads the data it needs under the receiving user's rights. Every instance listens,
 * so a change made through one instance reaches clients connected to any other.
 */
export function createRealtime(database: Database) {
  const clients = new Set<Client>();
  const unlisten: (() => Promise<void>)[] = [];

  function send(client: Client, message: ServerMessage): void {
    if (client.socket.readyState === client.socket.OPEN) client.socket.send(JSON.stringify(message));
  }

  return {
    add(socket: WebSocket, userId: string, sessionId: string): Client {
      const client: Client = { socket, userId, sessionId, channels: new Set() };
      clients.add(client);
      socket.on('close', () => clients.delete(client));
      return client;
    },
    send,
    /** Sends `message(client)` to every client subscribed to `channel`. */
    async publish(
      channel: string,
      message: (client: Client) => Promise<ServerMessage | null>,
    ): Promise<void> {
      for (const client of clients) {
        if (!client.channels.has(channel)) continue;
        const m = await message(client).catch(() => null);
        if (m) send(client, m);
      }
    },
    /** Ends every socket of a revoked session after telling it why. */
    revokeSession(sessionId: string): void {
      for (const client of clients) {
        if (client.sessionId !== sessionId) continue;
        send(client, { type: 'event', channel: 'auth', payload: { event: 'SIGNED_OUT' } });
        client.socket.close(4401, 'session revoked');
      }
    },
    /** Ends a user's sockets that listen to a company they may no longer read (issue 9: removed or suspended member). */
    closeCompanySockets(userId: string, companyId: string): number {
      const prefix = `company:${companyId}:`;
      let closed = 0;
      for (const client of clients) {
        if (client.userId !== userId || ![...client.channels].some((c) => c.startsWith(prefix))) continue;
        client.socket.close(4403, 'company access revoked');
        closed++;
      }
      return closed;
    },
    async listen(pgChannel: string, handler: (payload: string) => void): Promise<void> {
      unlisten.push(await database.listen(pgChannel, handler));
    },
    /**
     * LISTEN in the main database and in every dedicated company database (issue 10), including
     * ones registered later: company events are raised where the company's rows are.
     */
    async listenInCompanyDatabases(pgChannel: string, handler: (payload: string) => void): Promise<void> {
      await listenInEveryDatabase(database, pgChannel, handler);
    },
    /** Keeps this instance's company routes fresh when an operator moves a company. */
    async followCompanyRegistry(): Promise<void> {
      unlisten.push(
        await database.listen(
          'company_registry',
          () => void refreshCompanyRoutes(database.db).catch(() => {}),
        ),
      );
    },
    clientCount: () => clients.size,
    async close(): Promise<void> {
      for (const client of clients) client.socket.close(1001, 'server shutting down');
      for (const stop of unlisten) await stop();
    },
  };
}

export type Realtime = ReturnType<typeof createRealtime>;
