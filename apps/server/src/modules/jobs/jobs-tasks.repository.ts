import type { Db } from '@fieldwork/db/connection';
import { countMissedTasks, readTaskCounts, type StatusBounds } from '../task-core/tasks-list.repository.ts';

/**
 * The facts of every task of the given jobs (one IN query over the (tenant, job) index), for the domain's
 * countJobTasks: the list passes its page's ids, the detail and the status change one id.
 */
export function loadJobTaskFacts(db: Db, tenantId: string, jobIds: string[]) {
  if (jobIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('tasks')
    .select(['job_id', 'lifecycle', 'start_at', 'expected_end_at', 'assigned_to'])
    .where('tenant_id', '=', tenantId)
    .where('job_id', 'in', jobIds)
    .execute();
}

export type JobTaskFactRow = Awaited<ReturnType<typeof loadJobTaskFacts>>[number];

/** Summary cards: closed tasks from the trigger-kept counter, overdue ones (derived MISSED) from countMissedTasks. */
export async function countTaskCards(db: Db, tenantId: string, bounds: StatusBounds): Promise<{ closedTasks: number; overdueTasks: number }> {
  const [counts, overdue] = await Promise.all([readTaskCounts(db, tenantId, ['lifecycle:CLOSED']), countMissedTasks(db, tenantId, bounds)]);
  return { closedTasks: counts['lifecycle:CLOSED']!, overdueTasks: overdue };
}
