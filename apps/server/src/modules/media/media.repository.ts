import type { Db } from '@fieldwork/db/connection';
import type { MediaTable } from '@fieldwork/db/schema';

export type MediaRow = MediaTable & { creator_name: string | null };

function mediaWithCreator(db: Db, tenantId: string) {
  return db
    .selectFrom('media')
    .leftJoin('users', 'users.id', 'media.created_by')
    .selectAll('media')
    .select('users.name as creator_name')
    .where('media.tenant_id', '=', tenantId);
}

export function findMedia(db: Db, tenantId: string, mediaId: string): Promise<MediaRow | undefined> {
  return mediaWithCreator(db, tenantId).where('media.id', '=', mediaId).executeTakeFirst();
}

export function listJobMedia(db: Db, tenantId: string, jobId: string, kind?: 'IMAGE' | 'DOCUMENT'): Promise<MediaRow[]> {
  let query = mediaWithCreator(db, tenantId).where('media.job_id', '=', jobId);
  if (kind) query = query.where('media.media_type', '=', kind);
  return query.orderBy('media.created_at', 'desc').orderBy('media.id', 'desc').execute();
}

/** Uploads held by a session token are visible to the user who made them, and only until attached. */
export function listSessionMedia(db: Db, tenantId: string, sessionToken: string, userId: string): Promise<MediaRow[]> {
  return mediaWithCreator(db, tenantId)
    .where('media.session_token', '=', sessionToken)
    .where('media.created_by', '=', userId)
    .where('media.job_id', 'is', null)
    .orderBy('media.created_at', 'desc')
    .orderBy('media.id', 'desc')
    .execute();
}

export async function insertMedia(db: Db, tenantId: string, row: Omit<MediaTable, 'tenant_id'>): Promise<void> {
  await db
    .insertInto('media')
    .values({ ...row, tenant_id: tenantId })
    .execute();
}

export async function deleteMedia(db: Db, tenantId: string, mediaId: string): Promise<void> {
  await db.deleteFrom('media').where('tenant_id', '=', tenantId).where('id', '=', mediaId).execute();
}

/**
 * Hands a job form's uploads to the job just created, in the caller's transaction: only this user's rows
 * under this token that no job holds yet. Returns how many moved (the caller bumps media_count by it).
 */
export async function attachSessionMedia(trx: Db, tenantId: string, sessionToken: string, userId: string, jobId: string): Promise<number> {
  const result = await trx
    .updateTable('media')
    .set({ job_id: jobId, session_token: null })
    .where('tenant_id', '=', tenantId)
    .where('session_token', '=', sessionToken)
    .where('created_by', '=', userId)
    .where('job_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The uploads a session token holds for this user, before they are attached. */
export function findSessionMedia(db: Db, tenantId: string, sessionToken: string, userId: string) {
  return db
    .selectFrom('media')
    .select(['id', 'file_name'])
    .where('tenant_id', '=', tenantId)
    .where('session_token', '=', sessionToken)
    .where('created_by', '=', userId)
    .where('job_id', 'is', null)
    .execute();
}

/**
 * Maintenance across every tenant (the one query here without a tenant): uploads no job ever took, older
 * than the cutoff. One statement, so an upload attached meanwhile (job_id set) is never deleted.
 */
export async function deleteOrphanMediaRows(db: Db, tenantId: string, cutoffIso: string): Promise<string[]> {
  const rows = await db
    .deleteFrom('media')
    .where('tenant_id', '=', tenantId)
    .where('job_id', 'is', null)
    .where('created_at', '<', cutoffIso)
    .returning('storage_key')
    .execute();
  return rows.map((r) => r.storage_key);
}
