import type { SelectQueryBuilder } from 'kysely';
import type { Db } from '@fieldwork/db/connection';
import { writeAtCommit } from '@fieldwork/db/deferred-writes';
import type { Database } from '@fieldwork/db/schema';
import { paging } from '@fieldwork/db/sql-helpers';
import { timeOrderedId } from '@fieldwork/db/time-ordered-id';
import type { ActivityAction, ActivityChange } from '@fieldwork/domain/jobs/activity.schemas';

export type ActivityEntry = {
  jobId: string | null;
  entityType: 'JOB' | 'NOTE' | 'MEDIA' | 'TASK' | 'ESTIMATE' | 'INVOICE' | 'COST';
  entityId: string;
  action: ActivityAction;
  message: string;
  actorId: string | null;
  changes?: ActivityChange[];
  at?: string;
};

/** Call inside the transaction of the change it records, so the log and the change land together or not at all. */
export async function recordActivity(trx: Db, tenantId: string, entry: ActivityEntry): Promise<void> {
  // The log is written, never read, by the transaction that changes the record: it goes with the commit's one statement.
  await writeAtCommit(
    trx,
    trx.insertInto('activity_log').values({
      // The log reads newest first by (created_at, id): a time-ordered id keeps two entries of one millisecond in
      // the order they were written.
      id: timeOrderedId(),
      tenant_id: tenantId,
      job_id: entry.jobId,
      entity_type: entry.entityType,
      entity_id: entry.entityId,
      action: entry.action,
      message: entry.message,
      actor_id: entry.actorId,
      meta: JSON.stringify(entry.changes ?? []),
      created_at: entry.at ?? new Date().toISOString(),
    }),
  );
}

export function listJobActivity(db: Db, tenantId: string, jobId: string, page: number, limit: number) {
  return pageOfActivity(db.selectFrom('activity_log').where('activity_log.tenant_id', '=', tenantId).where('activity_log.job_id', '=', jobId), page, limit);
}

/** One record's own log (a task's), over the (tenant, entity type, entity id, created) index. */
export function listEntityActivity(db: Db, tenantId: string, entity: { type: ActivityEntry['entityType']; id: string }, page: number, limit: number) {
  return pageOfActivity(
    db
      .selectFrom('activity_log')
      .where('activity_log.tenant_id', '=', tenantId)
      .where('activity_log.entity_type', '=', entity.type)
      .where('activity_log.entity_id', '=', entity.id),
    page,
    limit,
  );
}

async function pageOfActivity(base: SelectQueryBuilder<Database, 'activity_log', object>, page: number, limit: number) {
  const { offset } = paging(page, limit);
  const [rows, count] = await Promise.all([
    base
      .leftJoin('users', 'users.id', 'activity_log.actor_id')
      .select([
        'activity_log.id',
        'activity_log.action',
        'activity_log.message',
        'activity_log.meta',
        'activity_log.created_at',
        'activity_log.actor_id',
        'users.name as actor_name',
        'users.photo_file_id as actor_photo',
      ])
      .orderBy('activity_log.created_at', 'desc')
      .orderBy('activity_log.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
