import { type Locale, renderText, type TextRef } from '@concord/shared';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { Database, Queryable } from '../db/client.ts';
import { maskForViewer } from './masking.ts';

/** One channel carries every cross-process event; NOTIFY is delivered on commit, so nothing leaks early. */
export const EVENTS_CHANNEL = 'concord_events';

export type RealtimeEvent =
  | { t: 'msg'; tenantId: string; userId: string; id: string; title: TextRef; count: number }
  | { t: 'revoke'; userId: string; sessionId?: string; tenantId?: string };

/** Queues an event inside the caller's transaction; it is sent to every process when that commits. */
export async function publishEvent(q: Queryable, event: RealtimeEvent): Promise<void> {
  await q.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(event)})`);
}

interface Client {
  socket: WebSocket;
  userId: string;
  tenantId: string | null;
  sessionId: string;
  /** The position flags of the connection's user: pushes are masked like responses (T-06). */
  viewer: { showPrice: boolean; showSupplier: boolean };
  /** The language the page asked in: a pushed title reads like the rest of it. */
  locale: Locale;
}

export interface RealtimeHub {
  attach(socket: WebSocket, who: Omit<Client, 'socket'>): void;
  connectionCount(): number;
  close(): Promise<void>;
}

/** Close code telling the client its token was revoked: it must log in again, not reconnect. */
export const CLOSE_REVOKED = 4401;

export async function createRealtimeHub(database: Database, log: FastifyBaseLogger): Promise<RealtimeHub> {
  const clients = new Set<Client>();

  const deliver = (event: RealtimeEvent) => {
    for (const c of clients) {
      if (event.t === 'msg' && c.userId === event.userId && c.tenantId === event.tenantId) {
        const push = { type: 'message', id: event.id, title: renderText(event.title, c.locale), count: event.count };
        c.socket.send(JSON.stringify(maskForViewer(push, c.viewer)));
      } else if (
        event.t === 'revoke' &&
        c.userId === event.userId &&
        (!event.sessionId || event.sessionId === c.sessionId) &&
        (!event.tenantId || event.tenantId === c.tenantId)
      ) {
        c.socket.close(CLOSE_REVOKED, 'revoked');
        clients.delete(c);
      }
    }
  };

  const unlisten = await database.listen(EVENTS_CHANNEL, (payload) => {
    try {
      deliver(JSON.parse(payload) as RealtimeEvent);
    } catch (err) {
      log.warn({ err }, 'bad realtime payload');
    }
  });

  return {
    attach(socket, who) {
      const client: Client = { socket, ...who };
      clients.add(client);
      socket.on('message', (data) => {
        if (data.toString() === 'ping') socket.send('pong');
      });
      socket.on('close', () => clients.delete(client));
      socket.on('error', () => clients.delete(client));
    },
    connectionCount: () => clients.size,
    async close() {
      for (const c of clients) c.socket.close(1001, 'server shutting down');
      clients.clear();
      await unlisten();
    },
  };
}
