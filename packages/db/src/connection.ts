import SQLite from 'better-sqlite3';
import pg from 'pg';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { Database } from './schema.ts';

export type DialectName = 'sqlite' | 'postgres';

export type DbConfig = { databaseUrl?: string | undefined; sqliteFile?: string | undefined; poolSize?: number | undefined };

export type Db = Kysely<Database>;

export type DbHandle = { db: Db; dialect: DialectName; close: () => Promise<void> };

let pgTypesSet = false;

/** Instants come back as ISO strings and bigints as numbers on PostgreSQL, as they do on SQLite. */
function configurePgTypes(): void {
  if (pgTypesSet) return;
  pgTypesSet = true;
  const { types } = pg;
  types.setTypeParser(types.builtins.TIMESTAMPTZ, (v) => new Date(v).toISOString());
  types.setTypeParser(types.builtins.TIMESTAMP, (v) => new Date(v + 'Z').toISOString());
  types.setTypeParser(types.builtins.INT8, (v) => Number(v));
  types.setTypeParser(types.builtins.NUMERIC, (v) => Number(v));
}

export function createDb(config: DbConfig): DbHandle {
  if (config.databaseUrl) {
    configurePgTypes();
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: config.poolSize ?? 10 });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  const file = config.sqliteFile ?? ':memory:';
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}
