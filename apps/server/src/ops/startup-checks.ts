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

/**
 * Links that leave the product (invitations, password resets, customer links) are built from PUBLIC_URL. Built
 * from a request's Host header instead, anyone could have a real user's invitation point at their own site, so
 * production refuses to start without it; it must be a bare http(s) origin.
 */
export function checkPublicUrl(publicUrl: string | undefined, nodeEnv: string | undefined): void {
  if (publicUrl !== undefined) {
    let url: URL | undefined;
    try {
      url = new URL(publicUrl);
    } catch {
      url = undefined;
    }
    if (!url || !['http:', 'https:'].includes(url.protocol) || url.origin !== publicUrl.replace(/\/$/, '')) {
      throw new StartupRefused(`Refusing to start: PUBLIC_URL must be an http(s) origin such as https://fieldwork.example.com (got "${publicUrl}").`);
    }
    return;
  }
  if (nodeEnv === 'production') {
    throw new StartupRefused(
      'Refusing to start: NODE_ENV=production and PUBLIC_URL is not set. Links in invitations and emails are built from it; ' +
        'set PUBLIC_URL to the address users open, e.g. PUBLIC_URL=https://fieldwork.example.com.',
    );
  }
}

export async function assertSafeDatabaseRole(db: Db, dialect: DialectName, nodeEnv: string | undefined): Promise<void> {
  if (dialect !== 'postgres' || nodeEnv !== 'production') return;
  checkDatabaseRole(await currentDatabaseRole(db), nodeEnv);
}
