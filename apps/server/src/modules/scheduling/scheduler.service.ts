import type { Db } from '@fieldwork/db/connection';
import { occupiedInterval, type SchedulerItem, type SchedulerQuery } from '@fieldwork/domain/scheduling/scheduling.schemas';
import { deriveTaskStatus, TASK_STATUS_LABELS, type AssignedTo, type TaskLifecycle } from '@fieldwork/domain/tasks/task-status.rules';
import type { AuthContext } from '../../plugins/auth.plugin.ts';
import { taskViewer } from '../task-core/tasks-access.service.ts';
import { listSchedulerRows } from './scheduler.repository.ts';

/**
 * GET /tasks/scheduler: scheduled tasks whose occupied interval meets the range, in start order, with the
 * list's filters (job, derived status, job zones and tags, task number) and the chosen assignees. Cancelled
 * tasks show only when asked for by status. A field viewer sees only their own.
 */
export async function listSchedulerTasks(db: Db, auth: Pick<AuthContext, 'viewer' | 'timeZone'>, q: SchedulerQuery): Promise<{ items: SchedulerItem[] }> {
  const tv = await taskViewer(db, auth);
  if (tv.scope.field && !tv.scope.key) return { items: [] };
  const rows = await listSchedulerRows(db, tv.scope, tv.bounds, q);
  return {
    items: rows.map((row) => {
      const derived = deriveTaskStatus(
        {
          lifecycle: row.lifecycle as TaskLifecycle,
          startDateTime: row.start_at,
          expectedEndDateTime: row.expected_end_at,
          assignedTo: row.assigned_to as AssignedTo,
        },
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
        plan: row.plan_id && row.plan_name ? { id: row.plan_id, name: row.plan_name } : null,
      };
    }),
  };
}
