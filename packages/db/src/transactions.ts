import { randomUUID } from 'node:crypto';
import { SqliteAdapter, sql } from 'kysely';
import type { DomainEvent } from '@fieldwork/domain/common/events.schemas';
import type { Db } from './connection.ts';
import { flushWrites, holdWrites } from './deferred-writes.ts';
import { notify } from './notify.ts';

/**
 * SQLite: BEGIN IMMEDIATE on the one connection Kysely holds under its mutex, so no other writer comes between
 * the body's reads and its writes (a plain BEGIN takes the write lock only at the first write, and two such
 * transactions that both read first deadlock into SQLITE_BUSY). The body must await nothing but its queries.
 */
export async function immediateTransaction<T>(db: Db, fn: (trx: Db) => Promise<T>): Promise<T> {
  return db.connection().execute(async (conn) => {
    await sql`begin immediate`.execute(conn);
    let out: T;
    try {
      out = await fn(conn);
    } catch (error) {
      await sql`rollback`.execute(conn).catch(() => undefined);
      throw error;
    }
    await sql`commit`.execute(conn);
    return out;
  });
}

/**
 * Live updates travel after commit only: an event that arrived before its commit would make clients
 * refetch stale data.
 *
 * PostgreSQL: afterCommit NOTIFYs inside the transaction; PostgreSQL delivers it at commit (to every server
 * process, this one included, through its LISTEN connection) and drops it on rollback.
 * SQLite: afterCommit collects the event on the transaction, and runTransaction hands the
 * collected events to the process's bus once the transaction has committed (in a cluster the events plugin passes
 * them on to the other processes: eventsPlugin's peers).
 */
export const EVENTS_CHANNEL = 'fieldwork_events';

export type EventHandler = (event: DomainEvent) => void;

/** The in-process fan-out: every open stream of this process subscribes here. */
export class EventBus {
  private readonly handlers = new Set<EventHandler>();

  subscribe(handler: EventHandler): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  publish(event: DomainEvent): void {
    for (const handler of [...this.handlers]) {
      try {
        handler(event);
      } catch {
        // One broken stream must not keep the event from the others.
      }
    }
  }

  get size(): number {
    return this.handlers.size;
  }
}

/**
 * The other server processes on this machine (WEB_CONCURRENCY > 1), reached through the cluster's primary: on
 * SQLite an event committed in one process reaches the streams of the others only this way.
 */
export type PeerEvents = {
  send: (event: DomainEvent) => void;
  /** Events committed in the other processes; returns the unsubscribe. */
  subscribe: (handler: (event: unknown) => void) => () => void;
};

/** The bus each database handle publishes to (SQLite); set by buildApp. */
const buses = new WeakMap<Db, EventBus>();
/** Events of SQLite transactions run by runTransaction, waiting for their commit. */
const pending = new WeakMap<object, DomainEvent[]>();

export function attachBus(db: Db, bus: EventBus): void {
  buses.set(db, bus);
}

function isSqliteDb(db: Db): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}

export type NewEvent = Omit<DomainEvent, 'id' | 'tenantId' | 'at'> & { at?: string };

/** Announces a change of the transaction trx, to be delivered only once trx has committed. */
export async function afterCommit(trx: Db, tenantId: string, event: NewEvent): Promise<void> {
  const full: DomainEvent = { ...event, id: randomUUID(), tenantId, at: event.at ?? new Date().toISOString() };
  if (!isSqliteDb(trx)) return notify(trx, EVENTS_CHANNEL, JSON.stringify(full));
  const list = pending.get(trx);
  if (!list) throw new Error('afterCommit called outside runTransaction');
  list.push(full);
}

/**
 * The one way services open a transaction whose changes are announced: a plain transaction, or with
 * `immediate` on SQLite a BEGIN IMMEDIATE one (no other writer between its reads and writes; the body must
 * not await anything but its queries). Events collected by afterCommit are published once it committed.
 */
export async function runTransaction<T>(db: Db, write: (trx: Db) => Promise<T>, options: { immediate?: boolean } = {}): Promise<T> {
  if (!isSqliteDb(db))
    return db.transaction().execute(async (trx) => {
      const held = holdWrites(trx);
      const out = await write(trx);
      await flushWrites(trx, held);
      return out;
    });
  const events: DomainEvent[] = [];
  const collecting = async (trx: Db): Promise<T> => {
    pending.set(trx, events);
    try {
      return await write(trx);
    } finally {
      pending.delete(trx);
    }
  };
  const out = options.immediate ? await immediateTransaction(db, collecting) : await db.transaction().execute(collecting);
  const bus = buses.get(db);
  if (bus) for (const event of events) bus.publish(event);
  return out;
}
