import type { Db } from '@fieldwork/db/connection';

/** The few columns other modules (notes, media, activity) need to check a job exists here and is open. */
export function findJobHeader(db: Db, tenantId: string, jobId: string) {
  return db.selectFrom('jobs').select(['id', 'job_number', 'name', 'status']).where('tenant_id', '=', tenantId).where('id', '=', jobId).executeTakeFirst();
}

/** Keeps the tab counts on the job row current, in the caller's transaction. */
export async function bumpJobCount(db: Db, tenantId: string, jobId: string, column: 'note_count' | 'media_count' | 'task_count' | 'estimate_count' | 'invoice_count' | 'cost_count', delta: number): Promise<void> {
  await db
    .updateTable('jobs')
    .set((eb) => ({ [column]: eb(column, '+', delta) }))
    .where('tenant_id', '=', tenantId)
    .where('id', '=', jobId)
    .execute();
}
