import type { Db } from '@fieldwork/db/connection';

/** Tests only: a task's appointment reminders still queued (run time and key, one per schedule version). */
export const queuedReminders = (db: Db, tenantId: string, taskId: string) =>
  db
    .selectFrom('background_jobs')
    .select(['run_at', 'dedupe_key'])
    .where('tenant_id', '=', tenantId)
    .where('kind', '=', 'visit.notice')
    .where('state', '=', 'queued')
    .where('dedupe_key', 'like', `reminder:${taskId}:%`)
    .execute();
