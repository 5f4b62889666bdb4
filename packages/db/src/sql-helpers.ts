import { sql, type RawBuilder, type SqlBool } from 'kysely';

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
