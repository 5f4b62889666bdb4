import type { FastifyInstance } from 'fastify';
import type { ServerResponse } from 'node:http';
import { listen, type Listener } from '@fieldwork/db/notify';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import { domainEventSchema, eventAudience, eventVisibleTo, toClientEvent } from '@fieldwork/domain/common/events.schemas';
import { isSubcontractorRole } from '@fieldwork/domain/access/roles.rules';
import { requireAuth, tokenRowLive } from '../../plugins/auth.plugin.ts';
import { findApiTokenByHash, findSessionByHash } from '../account-core/sessions.repository.ts';
import { findSubcontractorIdOfUser } from '../task-core/tasks.repository.ts';
import { attachBus, EventBus, EVENTS_CHANNEL, type PeerEvents } from '@fieldwork/db/transactions';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyInstance {
    /** This process's live-update fan-out (fed after commit: in-process on SQLite, by LISTEN on PostgreSQL). */
    events: EventBus;
  }
}

export const RETRY_MS = 3_000;
/** Open streams per user: a tab leaking EventSources must not exhaust the server. */
export const MAX_STREAMS_PER_USER = 10;
/** A client that stops reading gets cut off rather than buffered without bound. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

/**
 * GET /api/events (Server-Sent Events) and, on PostgreSQL, the one LISTEN connection of this process that
 * feeds its bus from every process's NOTIFY (its own included: nothing is published in-process there).
 * On SQLite the bus is fed after commit in this process, and with peers each committed event is also sent to
 * them once, and theirs published here once: every process's streams see every change exactly once.
 */
export async function eventsPlugin(app: FastifyInstance, options: { databaseUrl: string | undefined; peers?: PeerEvents | undefined }): Promise<void> {
  const bus = new EventBus();
  app.decorate('events', bus);
  let listener: Listener | null = null;
  if (app.dialect === 'sqlite' && options.peers) {
    const peers = options.peers;
    const committed = new EventBus();
    committed.subscribe((event) => {
      bus.publish(event);
      peers.send(event);
    });
    attachBus(app.db, committed);
    const stop = peers.subscribe((payload) => {
      const event = domainEventSchema.safeParse(payload);
      if (event.success) bus.publish(event.data);
    });
    app.addHook('onClose', async () => stop());
  } else if (app.dialect === 'sqlite') attachBus(app.db, bus);
  else if (options.databaseUrl) {
    const databaseUrl = options.databaseUrl;
    app.addHook('onReady', async () => {
      listener = listen({
        databaseUrl,
        channel: EVENTS_CHANNEL,
        onMessage: (payload) => {
          let parsed: unknown;
          try {
            parsed = JSON.parse(payload);
          } catch {
            return;
          }
          const event = domainEventSchema.safeParse(parsed);
          if (event.success) bus.publish(event.data);
        },
        onError: (error) => app.log.warn({ err: error }, 'live updates: LISTEN connection lost, reconnecting'),
      });
      await listener.ready;
    });
  }

  const streams = new Set<ServerResponse>();
  const perUser = new Map<string, number>();
  app.addHook('preClose', async () => {
    for (const res of streams) res.end();
  });
  app.addHook('onClose', async () => {
    await listener?.close();
  });

  app.get(
    '/api/events',
    {
      config: { stream: true },
      schema: {
        tags: ['events'],
        summary: "Live updates (Server-Sent Events): ids of the company's changed tasks, schedules, bids and jobs that the viewer may see",
      },
    },
    async (request, reply) => {
      const { viewer, sessionIdHash, token } = requireAuth(request);
      const key = isSubcontractorRole(viewer.role) ? await findSubcontractorIdOfUser(app.db, viewer.tenantId, viewer.userId) : viewer.userId;
      const audience = eventAudience(viewer, key);
      if (!audience) throw new AppError('FORBIDDEN');
      const open = perUser.get(viewer.userId) ?? 0;
      if (open >= MAX_STREAMS_PER_USER) throw new AppError('RATE_LIMITED', 'Too many open live-update streams.');
      perUser.set(viewer.userId, open + 1);

      reply.hijack();
      const res = reply.raw;
      request.raw.socket.setTimeout(0);
      request.raw.socket.setNoDelay(true);
      // Headers set through Fastify so far (the security headers, the request id) go out too.
      for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) res.setHeader(name, value);
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache',
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      });
      streams.add(res);
      // The request's one log line is written when it ends, which a stream may not do for hours: it says so when it
      // opens, and when it closes.
      request.log.info({ req: request }, 'live updates: stream opened');
      const send = (chunk: string) => {
        if (res.writableEnded || res.destroyed) return;
        if (res.writableLength > MAX_BUFFERED_BYTES) res.destroy();
        else res.write(chunk);
      };
      send(`retry: ${RETRY_MS}\n: connected\n\n`);
      const unsubscribe = bus.subscribe((event) => {
        if (eventVisibleTo(event, audience)) send(`event: ${event.type}\ndata: ${JSON.stringify(toClientEvent(event))}\nid: ${event.id}\n\n`);
      });
      // Each heartbeat also re-reads the session or API token: a logout, a revoked or expired token, a disabled
      // owner or a change of role ends the stream (the client reconnects and is asked again).
      const stillValid = async () => {
        const now = Date.now();
        if (token) {
          const row = await findApiTokenByHash(app.db, token.hash);
          return row !== undefined && tokenRowLive(row, now) && row.role === viewer.role && row.access === viewer.access;
        }
        if (!sessionIdHash) return false;
        const row = await findSessionByHash(app.db, sessionIdHash);
        if (!row || row.status !== 'ACTIVE' || row.role !== viewer.role || row.access !== viewer.access) return false;
        return now < Date.parse(row.expires_at) && now - Date.parse(row.last_seen_at) <= row.idle_seconds * 1000;
      };
      const heartbeat = setInterval(() => {
        send(': heartbeat\n\n');
        stillValid().then(
          (ok) => ok || res.end(),
          () => undefined,
        );
      }, app.config.eventsHeartbeatMs);
      let cleaned = false;
      const cleanup = () => {
        if (cleaned) return;
        cleaned = true;
        request.log.info({ responseTime: reply.elapsedTime }, 'live updates: stream closed');
        clearInterval(heartbeat);
        unsubscribe();
        streams.delete(res);
        const left = (perUser.get(viewer.userId) ?? 1) - 1;
        if (left > 0) perUser.set(viewer.userId, left);
        else perUser.delete(viewer.userId);
      };
      res.on('close', cleanup);
      res.on('error', cleanup);
    },
  );
}
