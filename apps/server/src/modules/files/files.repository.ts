import type { Db } from '@fieldwork/db/connection';

export async function insertFile(
  db: Db,
  tenantId: string,
  row: { id: string; contentType: string; data: Buffer; createdBy: string | null; now: string },
): Promise<void> {
  await db
    .insertInto('files')
    .values({
      id: row.id,
      tenant_id: tenantId,
      content_type: row.contentType,
      size: row.data.length,
      data: row.data,
      created_by: row.createdBy,
      created_at: row.now,
    })
    .execute();
}

export function findFile(db: Db, tenantId: string, fileId: string) {
  return db.selectFrom('files').select(['id', 'content_type', 'data']).where('tenant_id', '=', tenantId).where('id', '=', fileId).executeTakeFirst();
}

export async function deleteFile(db: Db, tenantId: string, fileId: string): Promise<void> {
  await db.deleteFrom('files').where('tenant_id', '=', tenantId).where('id', '=', fileId).execute();
}
