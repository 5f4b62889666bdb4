import type { Db } from '@fieldwork/db/connection';
import type { LeadPhotosTable } from '@fieldwork/db/schema-portal';

export async function insertLeadPhoto(db: Db, tenantId: string, row: Omit<LeadPhotosTable, 'tenant_id'>): Promise<void> {
  await db
    .insertInto('lead_photos')
    .values({ ...row, tenant_id: tenantId })
    .execute();
}

/** The photos of these leads, in the order the customer sent them, in one query for a whole page. */
export function photosOfLeads(db: Db, tenantId: string, leadIds: string[]) {
  if (leadIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('lead_photos')
    .select(['lead_id', 'file_id'])
    .where('tenant_id', '=', tenantId)
    .where('lead_id', 'in', leadIds)
    .orderBy('lead_id')
    .orderBy('position')
    .execute();
}

/** One photo's bytes, only through the lead it belongs to. */
export function findLeadPhoto(db: Db, tenantId: string, leadId: string, fileId: string) {
  return db
    .selectFrom('lead_photos')
    .innerJoin('files', (join) => join.onRef('files.id', '=', 'lead_photos.file_id').onRef('files.tenant_id', '=', 'lead_photos.tenant_id'))
    .select(['files.content_type', 'files.data'])
    .where('lead_photos.tenant_id', '=', tenantId)
    .where('lead_photos.lead_id', '=', leadId)
    .where('lead_photos.file_id', '=', fileId)
    .executeTakeFirst();
}
