import { sql } from 'kysely';
import type { Db } from '@fieldwork/db/connection';
import type { TagsTable } from '@fieldwork/db/schema';
import { containsText } from '@fieldwork/db/sql-helpers';
import type { TagType } from '@fieldwork/domain/company/lookups.schemas';

export type TagRow = TagsTable;

export function listTags(db: Db, tenantId: string, type: TagType, search: string | undefined): Promise<TagRow[]> {
  let query = db.selectFrom('tags').selectAll().where('tenant_id', '=', tenantId).where('type', '=', type);
  if (search) query = query.where(containsText('name', search));
  return query
    .orderBy(sql`lower(${sql.ref('name')})`)
    .orderBy('id')
    .execute();
}

export function findTag(db: Db, tenantId: string, tagId: string) {
  return db.selectFrom('tags').selectAll().where('tenant_id', '=', tenantId).where('id', '=', tagId).executeTakeFirst();
}

/** Names clash case-insensitively within one tag type; a SERVICE and an ACCOUNT tag may share a name. */
export async function tagNameTaken(db: Db, tenantId: string, type: string, name: string, exceptId?: string): Promise<boolean> {
  let query = db
    .selectFrom('tags')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('type', '=', type)
    .where(sql<boolean>`lower(${sql.ref('name')}) = ${name.toLowerCase()}`);
  if (exceptId) query = query.where('id', '!=', exceptId);
  return !!(await query.executeTakeFirst());
}

export async function insertTag(db: Db, tenantId: string, row: Omit<TagRow, 'tenant_id'>): Promise<void> {
  await db
    .insertInto('tags')
    .values({ ...row, tenant_id: tenantId })
    .execute();
}

export async function renameTag(db: Db, tenantId: string, tagId: string, name: string): Promise<boolean> {
  const result = await db.updateTable('tags').set({ name }).where('tenant_id', '=', tenantId).where('id', '=', tagId).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Links from users, customers and subcontractors go with it (ON DELETE CASCADE). */
export async function deleteTag(db: Db, tenantId: string, tagId: string): Promise<boolean> {
  const result = await db.deleteFrom('tags').where('tenant_id', '=', tenantId).where('id', '=', tagId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Type of each given tag that exists in this tenant; ids of other tenants are simply absent. */
export async function tagTypesOf(db: Db, tenantId: string, tagIds: string[]): Promise<Map<string, string>> {
  if (tagIds.length === 0) return new Map();
  const rows = await db.selectFrom('tags').select(['id', 'type']).where('tenant_id', '=', tenantId).where('id', 'in', tagIds).execute();
  return new Map(rows.map((r) => [r.id, r.type]));
}
