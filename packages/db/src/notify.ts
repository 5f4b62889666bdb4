import pg from 'pg';
import { sql } from 'kysely';
import type { Db } from './connection.ts';
import { selectAtCommit } from './deferred-writes.ts';

/**
 * PostgreSQL LISTEN/NOTIFY. notify() runs inside the caller's transaction: PostgreSQL delivers the message
 * when that transaction commits and drops it when it rolls back, so listeners never hear of a change they
 * cannot read yet. Payloads must stay under 8000 bytes.
 */
export const NOTIFY_PAYLOAD_LIMIT = 7900;

export async function notify(trx: Db, channel: string, payload: string): Promise<void> {
  if (Buffer.byteLength(payload) > NOTIFY_PAYLOAD_LIMIT) throw new Error(`NOTIFY payload too large (${Buffer.byteLength(payload)} bytes)`);
  await selectAtCommit(trx, sql`select pg_notify(${channel}, ${payload})`);
}

export type Listener = { ready: Promise<void>; close: () => Promise<void> };

export type ListenOptions = {
  databaseUrl: string;
  channel: string;
  onMessage: (payload: string) => void;
  onError?: (error: unknown) => void;
  /** First and largest reconnect delay. */
  backoffMs?: { min: number; max: number };
};

/**
 * One dedicated connection that LISTENs on a channel and hands every payload to onMessage; on any error it
 * reconnects with exponential backoff until closed. `ready` settles once the first LISTEN is in place (or
 * the first attempt failed: the retries go on in the background).
 */
export function listen(options: ListenOptions): Listener {
  const { min, max } = options.backoffMs ?? { min: 250, max: 10_000 };
  const channel = options.channel.replace(/[^a-z0-9_]/gi, '');
  let closed = false;
  let client: pg.Client | null = null;
  let delay = min;
  let timer: NodeJS.Timeout | null = null;

  const schedule = () => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, delay);
    delay = Math.min(delay * 2, max);
  };

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: options.databaseUrl });
    client = c;
    const fail = (error: unknown) => {
      if (client === c) client = null;
      c.removeAllListeners('notification');
      c.end().catch(() => undefined);
      if (closed) return;
      options.onError?.(error);
      schedule();
    };
    c.on('error', fail);
    c.on('end', () => {
      if (client === c && !closed) fail(new Error('LISTEN connection ended'));
    });
    c.on('notification', (msg) => {
      if (msg.channel === channel && msg.payload !== undefined) options.onMessage(msg.payload);
    });
    try {
      await c.connect();
      await c.query(`listen ${channel}`);
      delay = min;
      if (closed) await c.end().catch(() => undefined);
    } catch (error) {
      fail(error);
    }
  };

  const ready = connect();
  return {
    ready,
    close: async () => {
      closed = true;
      if (timer) clearTimeout(timer);
      const c = client;
      client = null;
      if (c) await c.end().catch(() => undefined);
    },
  };
}
