import type { Db } from '@fieldwork/db/connection';
import { buildJob } from '@fieldwork/testing/factories';

/** Tests only: a job row inserted directly (the jobs module owns the real create). Used by the notes, media and leads tests. */
export async function insertTestJob(
  db: Db,
  tenantId: string,
  o: { status?: 'OPEN' | 'CLOSED' | 'CANCELLED'; customer?: { id: string; addressId: string }; crmLeadId?: string; createdAt?: string; name?: string } = {},
): Promise<{ id: string; jobNumber: number }> {
  const { id, jobNumber } = await buildJob(db, tenantId, o);
  return { id, jobNumber };
}

export async function setJobStatus(db: Db, jobId: string, status: 'OPEN' | 'CLOSED' | 'CANCELLED'): Promise<void> {
  await db.updateTable('jobs').set({ status }).where('id', '=', jobId).execute();
}

export async function jobCounts(db: Db, jobId: string): Promise<{ note_count: number; media_count: number }> {
  const row = await db.selectFrom('jobs').select(['note_count', 'media_count']).where('id', '=', jobId).executeTakeFirstOrThrow();
  return { note_count: Number(row.note_count), media_count: Number(row.media_count) };
}
