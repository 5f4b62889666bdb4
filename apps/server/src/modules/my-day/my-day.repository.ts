import type { Db } from '@fieldwork/db/connection';
import { taskViewQuery } from '../task-core/tasks.repository.ts';

/**
 * One assignee's tasks that start in [from, to), in start order, with the phones the card calls: the job's
 * site contact and requester (mobile) and the customer's. The ids come from the (tenant, assignee, start)
 * partial index; cancelled tasks are no work for the day.
 */
export function listAssigneeDay(db: Db, tenantId: string, key: string, range: { from: string; to: string }, limit: number) {
  const ids = db
    .selectFrom('tasks')
    .select('tasks.id')
    .where('tasks.tenant_id', '=', tenantId)
    .where('tasks.assignee_key', '=', key)
    .where('tasks.start_at', '>=', range.from)
    .where('tasks.start_at', '<', range.to)
    .where('tasks.lifecycle', '<>', 'CANCELLED')
    .orderBy('tasks.start_at')
    .orderBy('tasks.id')
    .limit(limit);
  return taskViewQuery(db, ids)
    .leftJoin('customer_contacts as site_contact', 'site_contact.id', 'jobs.site_contact_id')
    .select([
      'customers.phone as customer_phone',
      'requester.mobile_number as requester_phone',
      'site_contact.name as site_contact_name',
      'site_contact.mobile_number as site_contact_phone',
    ])
    .orderBy('tasks.start_at')
    .orderBy('tasks.id')
    .execute();
}

export type MyDayRow = Awaited<ReturnType<typeof listAssigneeDay>>[number];

/** The work periods of the given tasks, in start order. */
export function listWorkPeriods(db: Db, tenantId: string, taskIds: string[]) {
  if (taskIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('task_activities')
    .select(['id', 'task_id', 'start_time', 'end_time'])
    .where('tenant_id', '=', tenantId)
    .where('task_id', 'in', taskIds)
    .orderBy('start_time')
    .orderBy('id')
    .execute();
}
