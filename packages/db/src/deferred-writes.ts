import { sql, type Compilable, type OperationNodeSource, type RawBuilder } from 'kysely';
import type { Db } from './connection.ts';

/**
 * Writes of a PostgreSQL transaction that nothing later in it reads — its activity rows, its outbox jobs, its
 * NOTIFY — held until the body is done and then sent as one statement (data-modifying WITH queries), so a
 * write that logs, queues and announces pays one round trip for all three instead of one each: the schedule
 * write went from 18 round trips to 9 with this and the prepared key lookups (bench/README.md, Scheduling).
 * Each runs exactly once and to completion whether or not the statement reads it; an error in one fails the
 * statement, and so the transaction, as it would have where it was queued. SQLite runs in process, with no
 * round trip to save: there, and outside a transaction opened by runTransaction, a write runs at once.
 */
type Query = Compilable & OperationNodeSource & { execute(): Promise<unknown> };
type Deferred = { kind: 'write'; query: Query } | { kind: 'select'; query: RawBuilder<unknown> };

const pending = new WeakMap<object, Deferred[]>();

/** Opens the deferral list of a transaction (runTransaction, PostgreSQL only). */
export function holdWrites(trx: Db): Deferred[] {
  const list: Deferred[] = [];
  pending.set(trx, list);
  return list;
}

/**
 * Sends what the transaction holds now, before a statement that must see it (a delete of queued jobs after an
 * enqueue keeps its order so).
 */
export async function flushHeldWrites(trx: Db): Promise<void> {
  const list = pending.get(trx);
  if (list) await flushWrites(trx, list);
}

/** Whether the transaction holds writes not yet sent (never on SQLite, nor outside runTransaction). */
export function hasHeldWrites(trx: Db): boolean {
  return (pending.get(trx)?.length ?? 0) > 0;
}

/** An insert, update or delete whose result the caller does not use: at commit on PostgreSQL, now otherwise. */
export async function writeAtCommit(trx: Db, query: Query): Promise<void> {
  const list = pending.get(trx);
  if (list) list.push({ kind: 'write', query });
  else await query.execute();
}

/** A `select` run for its effect (pg_notify): at commit inside runTransaction, now otherwise. */
export async function selectAtCommit(trx: Db, query: RawBuilder<unknown>): Promise<void> {
  const list = pending.get(trx);
  if (list) list.push({ kind: 'select', query });
  else await query.execute(trx);
}

/**
 * Sends the held writes as one statement: `WITH w0 AS (insert …), w1 AS (insert …) SELECT … FROM (select
 * pg_notify(…) UNION ALL …)`. The selects go in the main query because PostgreSQL skips a SELECT in WITH that
 * nothing references; data-modifying ones always run.
 */
export async function flushWrites(trx: Db, held: Deferred[]): Promise<void> {
  const list = held.splice(0);
  if (list.length === 0) return;
  if (list.length === 1) {
    const [only] = list;
    await (only!.kind === 'write' ? only!.query.execute() : only!.query.execute(trx));
    return;
  }
  // PostgreSQL runs WITH queries that the main query does not read after it, last one first (each queues
  // itself at the head of the executor's list); listed in reverse, they run, and insert rows, in call order —
  // two log entries of one instant keep the order they were recorded in.
  const writes = list.flatMap((d, i) => (d.kind === 'write' ? [sql`${sql.ref(`w${i}`)} as (${d.query})`] : [])).reverse();
  const selects = list.flatMap((d) => (d.kind === 'select' ? [d.query] : []));
  const main = selects.length ? sql`select count(*) from (${sql.join(selects, sql` union all `)}) as effects` : sql`select 1`;
  await (writes.length ? sql`with ${sql.join(writes)} ${main}` : main).execute(trx);
}
