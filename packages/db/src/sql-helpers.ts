import { SqliteAdapter, sql, type Kysely, type SelectQueryBuilder, type RawBuilder, type SqlBool } from 'kysely';
import { jsonArrayFrom as pgJsonArrayFrom } from 'kysely/helpers/postgres';
import { jsonArrayFrom as sqliteJsonArrayFrom } from 'kysely/helpers/sqlite';

export function nowIso(): string {
  return new Date().toISOString();
}

export function flag(value: boolean): 0 | 1 {
  return value ? 1 : 0;
}

/** Escapes LIKE wildcards so a user's "%" searches for a percent sign. */
export function likePattern(term: string): string {
  return '%' + term.toLowerCase().replace(/[\\%_]/g, (c) => '\\' + c) + '%';
}

/** Case-insensitive "contains", the same on SQLite and PostgreSQL. */
export function containsText(column: string, term: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${likePattern(term)} escape '\\'`;
}

export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string } | null;
  if (!e) return false;
  return e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

export function isForeignKeyViolation(error: unknown): boolean {
  const e = error as { code?: string } | null;
  return !!e && (e.code === '23503' || e.code === 'SQLITE_CONSTRAINT_FOREIGNKEY');
}

export function paging(page: number, limit: number): { limit: number; offset: number } {
  return { limit, offset: (page - 1) * limit };
}

/**
 * "column starts with these digits" for a column of digit strings: from `digits` up to (not including) the
 * next prefix ("129" → ["129", "13"); all nines have no upper bound). Unlike LIKE 'x%', such a range uses a
 * plain btree index on both dialects (SQLite's LIKE optimisation needs NOCASE, PostgreSQL's C collation).
 */
export function startsWithDigits(column: string, digits: string): RawBuilder<SqlBool> {
  const kept = digits.replace(/9+$/, '');
  const from = sql<SqlBool>`${sql.ref(column)} >= ${digits}`;
  if (!kept) return from;
  const to = kept.slice(0, -1) + String(Number(kept.at(-1)) + 1);
  return sql<SqlBool>`${from} and ${sql.ref(column)} < ${to}`;
}

/**
 * "column IS NULL" for a column that is NULL in a large share of rows. SQLite's statistics keep only an
 * average per value past an index's first column, so on (tenant_id, start_at) it takes NULL for one
 * value's handful of rows, uses that index and sorts every NULL row; likely() tells its planner the
 * test keeps many rows, so a partial index on the NULL rows wins. PostgreSQL counts NULLs and needs no hint.
 */
export function commonlyNull(db: Kysely<any>, column: string): RawBuilder<SqlBool> {
  return db.getExecutor().adapter instanceof SqliteAdapter ? sql<SqlBool>`likely(${sql.ref(column)} is null)` : sql<SqlBool>`${sql.ref(column)} is null`;
}

/**
 * A subquery's rows as one JSON array column of the outer row, so a row and its few children (a user's tags) come
 * back in one statement. SQLite answers the array as JSON text, PostgreSQL as parsed values: read it with
 * jsonArrayValue. Only for plain text and number columns: PostgreSQL writes instants inside JSON in its own format.
 */
export function jsonArrayOf<O>(db: Kysely<any>, subquery: SelectQueryBuilder<any, any, O>): RawBuilder<O[] | string> {
  const array = db.getExecutor().adapter instanceof SqliteAdapter ? sqliteJsonArrayFrom(subquery) : pgJsonArrayFrom(subquery);
  return array as RawBuilder<unknown> as RawBuilder<O[] | string>;
}

export function jsonArrayValue<O>(value: O[] | string): O[] {
  return typeof value === 'string' ? (JSON.parse(value) as O[]) : value;
}
