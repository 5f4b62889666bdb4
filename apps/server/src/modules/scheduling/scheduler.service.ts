import type { Db } from '@fieldwork/db/connection';
import { MAX_SCHEDULER_ITEMS, occupiedInterval, type SchedulerItem, type SchedulerQuery } from '@fieldwork/domain/scheduling.schemas';
import { deriveTaskStatus, TASK_STATUS_LABELS, type AssignedTo, type TaskLifecycle } from '@fieldwork/domain/task-status';
import type { AuthContext } from '../../plugins/auth.plugin.ts';
import { taskViewer } from '../tasks/tasks-access.service.ts';
import { applyFilters } from '../tasks/tasks-list.repository.ts';
import { occupiedDuring } from './schedule-guard.ts';

/**
 * GET /tasks/scheduler: scheduled tasks whose occupied interval meets the range, in start order, with the
 * list's filters (job, derived status, job zones and tags, task number) and the chosen assignees. Cancelled
 * tasks show only when asked for by status. A field viewer sees only their own.
 */
export async function listSchedulerTasks(db: Db, auth: Pick<AuthContext, 'viewer' | 'timeZone'>, q: SchedulerQuery): Promise<{ items: SchedulerItem[] }> {
  const tv = await taskViewer(db, auth);
  if (tv.scope.field && !tv.scope.key) return { items: [] };
  const status = q.status ?? [];
  let query = db
    .selectFrom('tasks')
    .where('tasks.tenant_id', '=', tv.scope.tenantId)
    .where((eb) => occupiedDuring(eb, { start: q.startDateTime, end: q.endDateTime }));
  if (tv.scope.field) query = query.where('tasks.assignee_key', '=', tv.scope.key);
  if (!status.includes('CANCELLED')) query = query.where('tasks.lifecycle', '<>', 'CANCELLED');
  const assignees = q.assigned_to ?? [];
  if (assignees.length) {
    // Assignee keys are UUIDs of users or subcontractors, never both, so the id list alone picks the
    // people; the assignee/start index then answers the range without reading a row per candidate.
    query = query.where('tasks.assignee_key', 'in', assignees.map((a) => a.filterId));
  }
  query = applyFilters(db, tv.scope, query, { jobId: q.jobId, status, tags: q.tags ?? [], zones: q.zones ?? [], search: q.search, searchBy: q.searchBy }, tv.bounds);
  // Only what a chart entry shows, in one pass over the assignee/start index: the calendar loads thousands
  // of these, so no late lookup and no joins beyond job and customer.
  const rows = await query
    .innerJoin('jobs', 'jobs.id', 'tasks.job_id')
    .innerJoin('customers', 'customers.id', 'tasks.customer_id')
    .select(['tasks.id', 'tasks.task_number', 'tasks.name', 'tasks.lifecycle', 'tasks.start_at', 'tasks.expected_end_at', 'tasks.assigned_to', 'tasks.assignee_key', 'tasks.job_id', 'tasks.customer_id', 'jobs.job_number', 'customers.name as customer_name', 'tasks.schedule_id', 'tasks.schedule_version'])
    .orderBy('tasks.start_at')
    .orderBy('tasks.id')
    .limit(MAX_SCHEDULER_ITEMS)
    .execute();
  return {
    items: rows.map((row) => {
      const derived = deriveTaskStatus(
        { lifecycle: row.lifecycle as TaskLifecycle, startDateTime: row.start_at, expectedEndDateTime: row.expected_end_at, assignedTo: row.assigned_to as AssignedTo },
        tv.now,
        tv.timeZone,
      );
      const span = occupiedInterval(row.start_at!, row.expected_end_at);
      return {
        id: row.id,
        taskNumber: row.task_number,
        name: row.name,
        startTime: span.start,
        endTime: span.end,
        assignedTo: row.assignee_key && row.assigned_to !== 'NONE' ? { id: row.assignee_key, type: row.assigned_to as 'TECHNICIAN' | 'SUBCONTRACTOR' } : null,
        status: derived,
        displayStatus: TASK_STATUS_LABELS[derived],
        job: { id: row.job_id, jobNumber: row.job_number },
        customer: { id: row.customer_id, name: row.customer_name },
        // Every scheduled task has a schedule id (set with its start); the fallback only satisfies the type.
        scheduleId: row.schedule_id ?? row.id,
        scheduleVersion: row.schedule_version,
      };
    }),
  };
}
