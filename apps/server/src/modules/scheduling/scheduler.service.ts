import type { Db } from '@fieldwork/db/connection';
import { MAX_SCHEDULER_ITEMS, occupiedInterval, type SchedulerItem, type SchedulerQuery } from '@fieldwork/domain/scheduling.schemas';
import { deriveTaskStatus, TASK_STATUS_LABELS } from '@fieldwork/domain/task-status';
import type { AuthContext } from '../../plugins/auth.plugin.ts';
import { taskViewer } from '../tasks/tasks-access.service.ts';
import { applyFilters } from '../tasks/tasks-list.repository.ts';
import { taskFacts } from '../tasks/tasks.presenter.ts';
import { taskViewQuery } from '../tasks/tasks.repository.ts';
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
    // One IN list first, so the assignee/start index is read per person; the kind is checked per row.
    const ofType = (type: string) => assignees.filter((a) => a.type === type).map((a) => a.filterId);
    query = query
      .where('tasks.assignee_key', 'in', assignees.map((a) => a.filterId))
      .where((eb) =>
        eb.or(
          (['TECHNICIAN', 'SUBCONTRACTOR'] as const)
            .filter((type) => ofType(type).length)
            .map((type) => eb.and([eb('tasks.assigned_to', '=', type), eb('tasks.assignee_key', 'in', ofType(type))])),
        ),
      );
  }
  query = applyFilters(db, tv.scope, query, { jobId: q.jobId, status, tags: q.tags ?? [], zones: q.zones ?? [], search: q.search, searchBy: q.searchBy }, tv.bounds);
  const ids = query.select('tasks.id').orderBy('tasks.start_at').orderBy('tasks.id').limit(MAX_SCHEDULER_ITEMS);
  const rows = await taskViewQuery(db, ids).orderBy('tasks.start_at').orderBy('tasks.id').execute();
  return {
    items: rows.map((row) => {
      const facts = taskFacts(row);
      const derived = deriveTaskStatus(facts, tv.now, tv.timeZone);
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
      };
    }),
  };
}
