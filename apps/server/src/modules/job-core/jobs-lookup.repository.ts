import type { Db } from '@fieldwork/db/connection';

/** The few columns other modules (notes, media, activity, tasks) need to check a job exists here and is open. */
export function findJobHeader(db: Db, tenantId: string, jobId: string) {
  return db
    .selectFrom('jobs')
    .select(['id', 'job_number', 'name', 'status', 'customer_id'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', jobId)
    .executeTakeFirst();
}

type CountColumn = 'note_count' | 'media_count' | 'task_count' | 'estimate_count' | 'invoice_count' | 'cost_count';

/**
 * Keeps the tab counts on the job row current, in the caller's transaction. With onlyIfOpen the update
 * also re-checks the job is still open and reports whether it was: the row lock it takes orders the
 * caller's change after (or before) a concurrent status change, so nothing lands on a job cancelled meanwhile.
 */
export async function bumpJobCount(
  db: Db,
  tenantId: string,
  jobId: string,
  column: CountColumn,
  delta: number,
  o: { onlyIfOpen?: boolean } = {},
): Promise<boolean> {
  let query = db
    .updateTable('jobs')
    .set((eb) => ({ [column]: eb(column, '+', delta) }))
    .where('tenant_id', '=', tenantId)
    .where('id', '=', jobId);
  if (o.onlyIfOpen) query = query.where('status', '=', 'OPEN');
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Holds the job open for the rest of the caller's transaction (a no-op write that takes the row lock on
 * PostgreSQL, the write lock on SQLite); false when the job is no longer open.
 */
export async function lockOpenJob(db: Db, tenantId: string, jobId: string): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set((eb) => ({ status: eb.ref('status') }))
    .where('tenant_id', '=', tenantId)
    .where('id', '=', jobId)
    .where('status', '=', 'OPEN')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
