import type { Db } from '@fieldwork/db/connection';
import { MAX_SCHEDULER_ITEMS, type Interval, type SchedulerQuery } from '@fieldwork/domain/scheduling/scheduling.schemas';
import { applyFilters, type StatusBounds, type TaskScope } from '../task-core/tasks-list.repository.ts';
import { occupiedDuring } from '../task-core/schedule-guard.ts';

/** The calendar's and dispatch chart's reads of scheduled tasks; tenantId (the scope's) first. */

/**
 * Scheduled tasks whose occupied interval meets the range, in start order, with the list's filters and the chosen
 * assignees; cancelled ones only when asked for by status; a field viewer's own only. Only what a chart entry
 * shows, in one pass over the assignee/start index: the calendar loads thousands of these, so no late lookup and
 * no joins beyond job, customer and (by primary key, only for visits) the plan whose name the entry's mark shows.
 */
export function listSchedulerRows(db: Db, scope: TaskScope, bounds: StatusBounds, q: SchedulerQuery) {
  const status = q.status ?? [];
  let query = db
    .selectFrom('tasks')
    .where('tasks.tenant_id', '=', scope.tenantId)
    .where((eb) => occupiedDuring(eb, { start: q.startDateTime, end: q.endDateTime }));
  if (scope.field) query = query.where('tasks.assignee_key', '=', scope.key);
  if (!status.includes('CANCELLED')) query = query.where('tasks.lifecycle', '<>', 'CANCELLED');
  const assignees = q.assigned_to ?? [];
  if (assignees.length) {
    // Assignee keys are UUIDs of users or subcontractors, never both, so the id list alone picks the
    // people; the assignee/start index then answers the range without reading a row per candidate.
    query = query.where(
      'tasks.assignee_key',
      'in',
      assignees.map((a) => a.filterId),
    );
  }
  query = applyFilters(db, scope, query, { jobId: q.jobId, status, tags: q.tags ?? [], zones: q.zones ?? [], search: q.search, searchBy: q.searchBy }, bounds);
  return query
    .innerJoin('jobs', 'jobs.id', 'tasks.job_id')
    .innerJoin('customers', 'customers.id', 'tasks.customer_id')
    .leftJoin('service_plans as plan', 'plan.id', 'tasks.plan_id')
    .select([
      'tasks.id',
      'tasks.task_number',
      'tasks.name',
      'tasks.lifecycle',
      'tasks.start_at',
      'tasks.expected_end_at',
      'tasks.assigned_to',
      'tasks.assignee_key',
      'tasks.job_id',
      'tasks.customer_id',
      'jobs.job_number',
      'customers.name as customer_name',
      'tasks.schedule_id',
      'tasks.schedule_version',
      'tasks.plan_id',
      'plan.name as plan_name',
    ])
    .orderBy('tasks.start_at')
    .orderBy('tasks.id')
    .limit(MAX_SCHEDULER_ITEMS)
    .execute();
}

/** Active (not cancelled) tasks of the assignees overlapping the window: one grouped query, a count per assignee. */
export async function countActiveTasksByAssignee(db: Db, tenantId: string, assigneeKeys: string[], window: Interval): Promise<Map<string | null, number>> {
  if (!assigneeKeys.length) return new Map();
  const counts = await db
    .selectFrom('tasks')
    .select(['assignee_key', (eb) => eb.fn.countAll<number>().as('n')])
    .where('tenant_id', '=', tenantId)
    .where('assignee_key', 'in', assigneeKeys)
    .where('lifecycle', '<>', 'CANCELLED')
    .where((eb) => occupiedDuring(eb, window))
    .groupBy('assignee_key')
    .execute();
  return new Map(counts.map((c) => [c.assignee_key, Number(c.n)]));
}

/** Active tasks of the assignees overlapping the window (one assignee/start index range), but for one task. */
export function activeTasksOverlapping(db: Db, tenantId: string, assigneeKeys: string[], window: Interval, excludeTaskId?: string) {
  return db
    .selectFrom('tasks')
    .select(['assignee_key', 'start_at', 'expected_end_at'])
    .where('tenant_id', '=', tenantId)
    .where('assignee_key', 'in', assigneeKeys)
    .where('lifecycle', '<>', 'CANCELLED')
    .$if(!!excludeTaskId, (qb) => qb.where('id', '<>', excludeTaskId!))
    .where((eb) => occupiedDuring(eb, window))
    .execute();
}
