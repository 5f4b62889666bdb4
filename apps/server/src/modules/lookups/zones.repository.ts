import { sql } from 'kysely';
import type { Db } from '@fieldwork/db/connection';
import type { ZonesTable } from '@fieldwork/db/schema';

export type ZoneRow = ZonesTable;

export function listZones(db: Db, tenantId: string): Promise<ZoneRow[]> {
  return db
    .selectFrom('zones')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy(sql`lower(${sql.ref('name')})`)
    .orderBy('id')
    .execute();
}

export function findZone(db: Db, tenantId: string, zoneId: string) {
  return db.selectFrom('zones').selectAll().where('tenant_id', '=', tenantId).where('id', '=', zoneId).executeTakeFirst();
}

/** "North" and "north" are the same zone to a person picking from a list, so names clash case-insensitively. */
export async function zoneNameTaken(db: Db, tenantId: string, name: string, exceptId?: string): Promise<boolean> {
  let query = db
    .selectFrom('zones')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where(sql<boolean>`lower(${sql.ref('name')}) = ${name.toLowerCase()}`);
  if (exceptId) query = query.where('id', '!=', exceptId);
  return !!(await query.executeTakeFirst());
}

export async function insertZone(db: Db, tenantId: string, row: Omit<ZoneRow, 'tenant_id'>): Promise<void> {
  await db
    .insertInto('zones')
    .values({ ...row, tenant_id: tenantId })
    .execute();
}

export async function renameZone(db: Db, tenantId: string, zoneId: string, name: string): Promise<boolean> {
  const result = await db.updateTable('zones').set({ name }).where('tenant_id', '=', tenantId).where('id', '=', zoneId).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Links from users and subcontractors go with it (ON DELETE CASCADE). */
export async function deleteZone(db: Db, tenantId: string, zoneId: string): Promise<boolean> {
  const result = await db.deleteFrom('zones').where('tenant_id', '=', tenantId).where('id', '=', zoneId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
