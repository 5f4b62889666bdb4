import { sql } from 'kysely';
import type { Db } from '@fieldwork/db/connection';
import type { SubcontractorsTable } from '@fieldwork/db/schema';
import { containsText, paging } from '@fieldwork/db/sql-helpers';
import type { SubcontractorListQuery } from '@fieldwork/domain/company/subcontractors.schemas';

export type SubcontractorRow = SubcontractorsTable;

export function findSubcontractor(db: Db, tenantId: string, subcontractorId: string) {
  return db.selectFrom('subcontractors').selectAll().where('tenant_id', '=', tenantId).where('id', '=', subcontractorId).executeTakeFirst();
}

export async function listSubcontractors(db: Db, tenantId: string, q: SubcontractorListQuery): Promise<{ rows: SubcontractorRow[]; total: number }> {
  let base = db.selectFrom('subcontractors').where('subcontractors.tenant_id', '=', tenantId);
  if (q.status !== 'all') base = base.where('subcontractors.is_active', '=', q.status === 'active' ? 1 : 0);
  if (q.search) {
    const term = q.search;
    base = base.where((eb) =>
      eb.or([
        containsText('subcontractors.name', term),
        containsText('subcontractors.contact_name', term),
        containsText('subcontractors.email', term),
        containsText('subcontractors.phone', term),
      ]),
    );
  }
  if (q.tagIds?.length) {
    const tagIds = q.tagIds;
    base = base.where((eb) =>
      eb.exists(
        eb
          .selectFrom('subcontractor_tags')
          .select('subcontractor_tags.subcontractor_id')
          .whereRef('subcontractor_tags.subcontractor_id', '=', 'subcontractors.id')
          .where('subcontractor_tags.tag_id', 'in', tagIds),
      ),
    );
  }
  if (q.zoneIds?.length) {
    const zoneIds = q.zoneIds;
    base = base.where((eb) =>
      eb.exists(
        eb
          .selectFrom('subcontractor_zones')
          .select('subcontractor_zones.subcontractor_id')
          .whereRef('subcontractor_zones.subcontractor_id', '=', 'subcontractors.id')
          .where('subcontractor_zones.zone_id', 'in', zoneIds),
      ),
    );
  }
  const { limit, offset } = paging(q.page, q.limit);
  const orderColumn = q.orderByKey === 'name' ? sql`lower(${sql.ref('subcontractors.name')})` : sql`${sql.ref('subcontractors.created_at')}`;
  const [rows, count] = await Promise.all([
    base.selectAll('subcontractors').orderBy(orderColumn, q.orderByValue).orderBy('subcontractors.id').limit(limit).offset(offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function insertSubcontractor(db: Db, tenantId: string, row: Omit<SubcontractorRow, 'tenant_id' | 'version'>): Promise<void> {
  await db
    .insertInto('subcontractors')
    .values({ ...row, tenant_id: tenantId, version: 1 })
    .execute();
}

/** Version-checked: false when someone else saved the subcontractor first. */
export async function updateSubcontractorRow(
  db: Db,
  tenantId: string,
  subcontractorId: string,
  version: number,
  patch: Pick<SubcontractorRow, 'name' | 'kind' | 'contact_name' | 'email' | 'phone' | 'is_active' | 'user_id' | 'updated_at'>,
): Promise<boolean> {
  const result = await db
    .updateTable('subcontractors')
    .set({ ...patch, version: version + 1 })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', subcontractorId)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The subcontractor (other than `exceptId`) a login is already linked to, if any. */
export async function subcontractorLinkedTo(db: Db, tenantId: string, userId: string, exceptId?: string): Promise<string | undefined> {
  let query = db.selectFrom('subcontractors').select('id').where('tenant_id', '=', tenantId).where('user_id', '=', userId);
  if (exceptId) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst())?.id;
}

export async function loadSubcontractorRefs(db: Db, tenantId: string, subcontractorIds: string[], userIds: string[]) {
  if (subcontractorIds.length === 0) return { tags: [], zones: [], users: [] };
  const [tags, zones, users] = await Promise.all([
    db
      .selectFrom('subcontractor_tags')
      .innerJoin('tags', 'tags.id', 'subcontractor_tags.tag_id')
      .select(['subcontractor_tags.subcontractor_id', 'tags.id', 'tags.name'])
      .where('subcontractor_tags.tenant_id', '=', tenantId)
      .where('subcontractor_tags.subcontractor_id', 'in', subcontractorIds)
      .orderBy(sql`lower(${sql.ref('tags.name')})`)
      .execute(),
    db
      .selectFrom('subcontractor_zones')
      .innerJoin('zones', 'zones.id', 'subcontractor_zones.zone_id')
      .select(['subcontractor_zones.subcontractor_id', 'zones.id', 'zones.name'])
      .where('subcontractor_zones.tenant_id', '=', tenantId)
      .where('subcontractor_zones.subcontractor_id', 'in', subcontractorIds)
      .orderBy(sql`lower(${sql.ref('zones.name')})`)
      .execute(),
    userIds.length
      ? db.selectFrom('users').select(['id', 'name', 'email']).where('tenant_id', '=', tenantId).where('id', 'in', userIds).execute()
      : Promise.resolve([]),
  ]);
  return { tags, zones, users };
}

export async function replaceSubcontractorTagsAndZones(db: Db, tenantId: string, subcontractorId: string, tagIds: string[], zoneIds: string[]): Promise<void> {
  await db.deleteFrom('subcontractor_tags').where('tenant_id', '=', tenantId).where('subcontractor_id', '=', subcontractorId).execute();
  await db.deleteFrom('subcontractor_zones').where('tenant_id', '=', tenantId).where('subcontractor_id', '=', subcontractorId).execute();
  if (tagIds.length) {
    await db
      .insertInto('subcontractor_tags')
      .values(tagIds.map((tag_id) => ({ tenant_id: tenantId, subcontractor_id: subcontractorId, tag_id })))
      .execute();
  }
  if (zoneIds.length) {
    await db
      .insertInto('subcontractor_zones')
      .values(zoneIds.map((zone_id) => ({ tenant_id: tenantId, subcontractor_id: subcontractorId, zone_id })))
      .execute();
  }
}
