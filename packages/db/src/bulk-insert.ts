import { CompiledQuery, PostgresAdapter, sql } from 'kysely';
import type { Db, DialectName } from './connection.ts';
import type { Database } from './schema.ts';

/** Below both engines' bound-parameter limits (SQLite 32,766; PostgreSQL 65,535). */
const MAX_PARAMETERS = 30_000;

/**
 * Multi-row INSERTs for seeding millions of rows: the statement text is built once per batch size (so
 * better-sqlite3's statement cache and PostgreSQL's parser see one text) and the values go in as one flat
 * parameter list, skipping Kysely's per-value query building — which was most of the time at 2M rows.
 * Every row must have the given columns; run it inside a transaction.
 */
export async function insertRows<T extends keyof Database & string>(
  db: Db,
  table: T,
  columns: readonly (keyof Database[T] & string)[],
  rows: readonly Record<string, unknown>[],
): Promise<void> {
  const dialect = dialectOf(db);
  const perStatement = Math.max(1, Math.floor(MAX_PARAMETERS / columns.length));
  for (let from = 0; from < rows.length; from += perStatement) {
    const chunk = rows.slice(from, from + perStatement);
    const parameters: unknown[] = new Array(chunk.length * columns.length);
    let p = 0;
    for (const row of chunk) for (const column of columns) parameters[p++] = row[column] ?? null;
    await db.executeQuery(CompiledQuery.raw(insertText(dialect, table, columns, chunk.length), parameters));
  }
}

/** Which engine a Kysely instance (or transaction) talks to. */
export function dialectOf(db: Db): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

const texts = new Map<string, string>();

function insertText(dialect: DialectName, table: string, columns: readonly string[], count: number): string {
  const key = `${dialect}|${table}|${columns.join(',')}|${count}`;
  let text = texts.get(key);
  if (!text) {
    const tuples: string[] = [];
    for (let r = 0, n = 1; r < count; r++) {
      const marks = columns.map(() => (dialect === 'postgres' ? `$${n++}` : '?'));
      tuples.push(`(${marks.join(',')})`);
    }
    text = `insert into ${quote(table)} (${columns.map(quote).join(', ')}) values ${tuples.join(',')}`;
    if (texts.size > 50) texts.clear();
    texts.set(key, text);
  }
  return text;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Runs a bulk load with the tables' secondary indexes dropped and their triggers off, then rebuilds the
 * indexes from their own stored definitions (one sort per index instead of millions of b-tree inserts) and
 * turns the triggers back on; SQLite also skips foreign-key checks meanwhile. Constraint indexes (primary
 * keys, UNIQUE) stay. The caller recomputes whatever the triggers maintain. For seeding only: nothing else
 * may write to these tables while it runs.
 */
export async function withoutIndexesAndTriggers<R>(db: Db, tables: readonly (keyof Database & string)[], load: () => Promise<R>): Promise<R> {
  if (dialectOf(db) === 'postgres') {
    const list = sql.join(tables.map((t) => sql.lit(t)));
    const { rows: indexes } = await sql<{ name: string; definition: string }>`
      select i.relname as name, pg_get_indexdef(x.indexrelid) as definition from pg_index x
      join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
      where t.relname in (${list}) and t.relnamespace = current_schema()::regnamespace
        and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid)`.execute(db);
    for (const i of indexes) await sql`drop index ${sql.id(i.name)}`.execute(db);
    for (const t of tables) await sql`alter table ${sql.id(t)} disable trigger user`.execute(db);
    try {
      return await load();
    } finally {
      for (const t of tables) await sql`alter table ${sql.id(t)} enable trigger user`.execute(db);
      for (const i of indexes) await sql.raw(i.definition).execute(db);
    }
  }
  const list = sql.join(tables.map((t) => sql.lit(t)));
  const { rows: objects } = await sql<{ type: string; name: string; definition: string }>`
    select type, name, sql as definition from sqlite_master where type in ('index', 'trigger') and sql is not null and tbl_name in (${list})`.execute(db);
  const { rows: fk } = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db);
  for (const o of objects) await sql.raw(`drop ${o.type} ${quote(o.name)}`).execute(db);
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    return await load();
  } finally {
    await sql.raw(`pragma foreign_keys = ${fk[0]?.foreign_keys ? 'on' : 'off'}`).execute(db);
    for (const o of objects) await sql.raw(o.definition).execute(db);
  }
}
