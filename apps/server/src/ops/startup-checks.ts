import { sql } from 'kysely';
import type { Db, DialectName } from '@fieldwork/db/connection';

export class StartupRefused extends Error {}

export type DatabaseRole = { rolname: string; rolsuper: boolean };

export async function currentDatabaseRole(db: Db): Promise<DatabaseRole | undefined> {
  const { rows } = await sql<DatabaseRole>`select rolname, rolsuper from pg_roles where rolname = current_user`.execute(db);
  return rows[0];
}

/**
 * A superuser bypasses row-level security, so a production server connected as one would let a missing
 * tenant filter read every company. Refused there; development and tests may use any role.
 */
export function checkDatabaseRole(role: DatabaseRole | undefined, nodeEnv: string | undefined): void {
  if (nodeEnv !== 'production') return;
  if (!role) throw new StartupRefused('Refusing to start: the database role of this connection was not found in pg_roles.');
  if (role.rolsuper) {
    throw new StartupRefused(
      `Refusing to start: NODE_ENV=production and the database role "${role.rolname}" is a PostgreSQL SUPERUSER, which bypasses row-level security. ` +
        'Put a role without SUPERUSER (and without BYPASSRLS) in DATABASE_URL.',
    );
  }
}

export async function assertSafeDatabaseRole(db: Db, dialect: DialectName, nodeEnv: string | undefined): Promise<void> {
  if (dialect !== 'postgres' || nodeEnv !== 'production') return;
  checkDatabaseRole(await currentDatabaseRole(db), nodeEnv);
}
