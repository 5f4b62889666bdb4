import type { Db } from '@fieldwork/db/connection';
import type { Insertable, Selectable } from 'kysely';
import type { PortalSessionsTable } from '@fieldwork/db/schema-portal';
import { withSecret, withTenant } from '@fieldwork/db/tenant-scope';

export async function insertPortalSession(db: Db, row: Insertable<PortalSessionsTable>): Promise<void> {
  await db.insertInto('portal_sessions').values(row).execute();
}

/** Found by the hash of the cookie before any company is known: only that row opens (row-level security). */
export function findPortalSessionByHash(db: Db, idHash: string): Promise<Selectable<PortalSessionsTable> | undefined> {
  return withSecret({ sessionHash: idHash }, () => db.selectFrom('portal_sessions').selectAll().where('id', '=', idHash).executeTakeFirst());
}

export async function deletePortalSession(db: Db, tenantId: string, idHash: string): Promise<void> {
  await withTenant(tenantId, () => db.deleteFrom('portal_sessions').where('tenant_id', '=', tenantId).where('id', '=', idHash).execute());
}
