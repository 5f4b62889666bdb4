import SQLite from 'better-sqlite3';
import pg from 'pg';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase, type SqliteStatement } from 'kysely';
import type { Database } from './schema.ts';
import { preparingClient } from './prepared-statements.ts';
import { currentScope, SCOPE_SETTINGS, scopeValues, TENANT_VALUE_INDEX } from './tenant-scope.ts';

export type DialectName = 'sqlite' | 'postgres';

export type DbConfig = { databaseUrl?: string | undefined; sqliteFile?: string | undefined; poolSize?: number | undefined };

export type Db = Kysely<Database>;

/** databaseUrl: the PostgreSQL URL the pool connects to (a LISTEN connection needs its own client). */
/** A PostgreSQL pool's connections right now (for metrics); SQLite has one connection and no pool. */
export type PoolStats = { total: number; idle: number; waiting: number };
export type DbHandle = { db: Db; dialect: DialectName; close: () => Promise<void>; databaseUrl?: string; poolStats?: () => PoolStats };

let pgTypesSet = false;

const UTC_TIMESTAMP = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?\+00$/;

/**
 * PostgreSQL's text for a timestamptz as the ISO string SQLite stores. The pool's sessions run in UTC, so the text
 * is "2026-11-23 05:00:00.123456+00" and only needs rearranging (milliseconds cut, not rounded, as Date does);
 * parsing it with Date took 7% of the server's CPU on the scheduler's week (3,300 instants per answer). Any other
 * form (another zone's offset, infinity, BC) goes through Date as before.
 */
export function timestamptzToIso(text: string): string {
  const m = UTC_TIMESTAMP.exec(text);
  if (!m) return new Date(text).toISOString();
  return `${m[1]}T${m[2]}.${((m[3] ?? '') + '000').slice(0, 3)}Z`;
}

/** Instants come back as ISO strings and bigints as numbers on PostgreSQL, as they do on SQLite. */
function configurePgTypes(): void {
  if (pgTypesSet) return;
  pgTypesSet = true;
  const { types } = pg;
  types.setTypeParser(types.builtins.TIMESTAMPTZ, timestamptzToIso);
  types.setTypeParser(types.builtins.TIMESTAMP, (v) => new Date(v + 'Z').toISOString());
  types.setTypeParser(types.builtins.INT8, (v) => Number(v));
  types.setTypeParser(types.builtins.NUMERIC, (v) => Number(v));
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew; better-sqlite3 statements are reusable, and preparing was ~8% of the
 * server's CPU on a list route. Statements are run to completion (all/run) before the next query on the one
 * connection, so sharing one per SQL text is safe. Oldest entries go first when the cache is full.
 */
export function withStatementCache(database: SQLite.Database, size = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => {
      // SQLite's advice: gather fresh planner statistics before a long-lived connection closes.
      if (database.open && !database.readonly) database.pragma('optimize');
      database.close();
    },
    prepare(sqlText: string): SqliteStatement {
      const hit = cache.get(sqlText);
      if (hit) return hit;
      const statement = database.prepare(sqlText) as unknown as SqliteStatement;
      if (cache.size >= size) cache.delete(cache.keys().next().value!);
      cache.set(sqlText, statement);
      return statement;
    },
  };
}

const APPLIED = Symbol('fieldwork.scope');
type ScopedClient = pg.PoolClient & { [APPLIED]?: string[] };
const SET_SCOPE = `select ${Object.values(SCOPE_SETTINGS)
  .map((name, i) => `set_config('${name}', $${i + 1}, false)`)
  .join(', ')}`;

/**
 * Hands Kysely connections that carry the current scope (tenant-scope.ts) for row-level security. A connection
 * keeps its settings between uses, so they are sent only when the scope differs from what it last had: a
 * request's queries after the first cost nothing extra. Set before Kysely's BEGIN, so a rollback cannot undo it.
 */
function scopedPool(pool: pg.Pool) {
  return {
    connect: async (): Promise<pg.PoolClient> => {
      const client: ScopedClient = preparingClient(await pool.connect());
      const scope = currentScope();
      const values = scopeValues(scope);
      const applied = client[APPLIED];
      // A lookup by its secret alone keeps whatever company the connection has open (tenant-scope.ts, anyTenant).
      if (scope?.anyTenant && applied) values[TENANT_VALUE_INDEX] = applied[TENANT_VALUE_INDEX]!;
      if (!applied || applied.some((value, i) => value !== values[i])) {
        try {
          await client.query(SET_SCOPE, values);
        } catch (error) {
          client.release(error as Error);
          throw error;
        }
        client[APPLIED] = values;
      }
      return client;
    },
    end: () => pool.end(),
  };
}

export function createDb(config: DbConfig): DbHandle {
  if (config.databaseUrl) {
    configurePgTypes();
    // jit off: the dashboard's lead conversion query was planned at a cost that switched JIT on, and compiling
    // took 180–200 ms of its 330 (bench/dashboard.mjs); an OLTP app's short queries never repay JIT.
    // work_mem 32MB: the top zones/tags grouping (55k rows per year at 200k jobs) spilled to disk at the 4MB default.
    // TimeZone UTC: instants come back in one form whatever the database server's own zone (timestamptzToIso).
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: config.poolSize ?? 10,
      options: '-c jit=off -c work_mem=32MB -c TimeZone=UTC',
    });
    // An idle pooled connection that the server ends (a restart, a failover, an administrator) is an 'error'
    // event on the pool; without a listener it would crash the process. The pool drops that client and opens
    // a new one on the next query, so there is nothing else to do.
    pool.on('error', (error) => console.warn(`PostgreSQL closed an idle connection: ${error.message}`));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: scopedPool(pool) }) });
    return {
      db,
      dialect: 'postgres',
      close: () => db.destroy(),
      databaseUrl: config.databaseUrl,
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  const file = config.sqliteFile ?? ':memory:';
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  // The wait first: switching a new file to WAL takes a lock, and a second process opening the same file at that
  // moment (two servers starting together) must wait for it, not fail with SQLITE_BUSY.
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  // Without statistics the planner takes "tenant_id = ?" for selective and walks a whole company's rows
  // (100 ms at 200k jobs instead of 0.05 ms); optimize gathers them when tables changed enough.
  sqlite.pragma('optimize=0x10002');
  const timer = setInterval(() => sqlite.open && sqlite.pragma('optimize'), 3_600_000);
  timer.unref();
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return {
    db,
    dialect: 'sqlite',
    close: () => {
      clearInterval(timer);
      return db.destroy();
    },
  };
}
