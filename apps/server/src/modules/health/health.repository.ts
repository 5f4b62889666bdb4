import { sql } from 'kysely';
import type { Db } from '@fieldwork/db/connection';

/** The database reads readiness needs; neither touches a tenant's rows. */

/** Throws when the database does not answer. */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}

/** The names of the migrations applied; none when the migrations table does not exist yet. */
export async function appliedMigrations(db: Db): Promise<Set<string>> {
  const rows = await sql<{ name: string }>`select name from kysely_migration`.execute(db).then(
    (r) => r.rows,
    () => [],
  );
  return new Set(rows.map((r) => r.name));
}
