import { SqliteAdapter, sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';

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
