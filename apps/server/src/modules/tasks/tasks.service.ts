import { randomUUID } from 'node:crypto';
import type { Db } from '@fieldwork/db/connection';
import { nextNumber } from '@fieldwork/db/counters';
import { nowIso } from '@fieldwork/db/sql-helpers';
import { diffFields } from '@fieldwork/domain/jobs/activity.schemas';
import { pageMeta } from '@fieldwork/domain/common/common.schemas';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import { assigneeKeys } from '@fieldwork/domain/common/events.schemas';
import { isSubcontractorRole } from '@fieldwork/domain/access/roles.rules';
import type { TaskLifecycle } from '@fieldwork/domain/tasks/task-status.rules';
import {
  defaultExpectedEnd,
  TASK_MESSAGES,
  type CreateTaskBody,
  type FilterListBody,
  type Task,
  type TaskListItem,
  type TaskListQuery,
  type UpdateTaskBody,
} from '@fieldwork/domain/tasks/tasks.schemas';
import type { AuthContext } from '../../plugins/auth.plugin.ts';
import { listEntityActivity, recordActivity } from '../activity/activity.repository.ts';
import { toActivityDto } from '../activity/activity.presenter.ts';
import { bumpJobCount } from '../job-core/jobs-lookup.repository.ts';
import { requireJobHeader } from '../job-core/jobs-lookup.service.ts';
import { presentTask, requireTaskAction, requireVisibleTask, taskViewer } from '../task-core/tasks-access.service.ts';
import { currentAssigneeName, resolveAssignee } from '../task-core/tasks-assignee.service.ts';
import { slotOf, writeSchedule } from '../task-core/schedule-guard.ts';
import { afterCommit } from '@fieldwork/db/transactions';
import { listAssigneeTasks, listTasks } from '../task-core/tasks-list.repository.ts';
import { findSubcontractorIdOfUser, findUserForAssignment, insertTask, updateTaskIf } from '../task-core/tasks.repository.ts';
import { taskSnapshot, toTaskDto, toTaskListItem } from '../task-core/tasks.presenter.ts';
import { listClockActivities } from '../clock/clock.repository.ts';
import { toClockActivityDto } from '../clock/clock.presenter.ts';
import { visitChanged, visitStateOf } from '../visit-notices/visit-notices.service.ts';

type Auth = Pick<AuthContext, 'viewer' | 'timeZone'>;

export async function listTasksPage(db: Db, auth: Auth, q: TaskListQuery) {
  const tv = await taskViewer(db, auth);
  const { rows, total, totalIsLowerBound } = await listTasks(db, tv.scope, q, tv.bounds);
  return { items: rows.map((r) => toTaskListItem(tv, r)), meta: { ...pageMeta(total, q.page, q.limit), totalIsLowerBound } };
}

export async function getTask(db: Db, auth: Auth, taskId: string): Promise<Task> {
  const tv = await taskViewer(db, auth);
  return toTaskDto(tv, await requireVisibleTask(db, tv, taskId));
}

/** With a start and no end, the end is start + 2 hours; no start, no schedule at all. */
function scheduleOf(start: string | null, expectedEnd: string | null | undefined) {
  return { start_at: start, expected_end_at: start ? (expectedEnd ?? defaultExpectedEnd(start)) : null };
}

/**
 * The number, the row, the job's task count and the log entry land in one transaction. The count update
 * re-checks the job is open under its row lock, so a task never lands on a job cancelled meanwhile.
 */
export async function createTask(db: Db, auth: Auth, body: CreateTaskBody): Promise<{ id: string; taskNumber: number }> {
  const { viewer } = auth;
  const job = await requireJobHeader(db, viewer.tenantId, body.jobId);
  if (job.status !== 'OPEN') throw new AppError('CONFLICT', TASK_MESSAGES.jobNotOpen);
  const assignee = await resolveAssignee(db, viewer.tenantId, body);
  const schedule = scheduleOf(body.startDateTime ?? null, body.expectedEndDateTime);
  const id = randomUUID();
  const at = nowIso();
  const taskNumber = await writeSchedule(db, slotOf(viewer.tenantId, id, assignee.columns, schedule.start_at, schedule.expected_end_at), async (trx) => {
    if (!(await bumpJobCount(trx, viewer.tenantId, job.id, 'task_count', 1, { onlyIfOpen: true }))) throw new AppError('CONFLICT', TASK_MESSAGES.jobNotOpen);
    const number = await nextNumber(trx, viewer.tenantId, 'task');
    await insertTask(trx, viewer.tenantId, {
      id,
      task_number: number,
      task_number_text: String(number),
      name: body.name,
      description: body.description || null,
      job_id: job.id,
      customer_id: job.customer_id,
      lifecycle: 'OPEN',
      ...assignee.columns,
      schedule_id: schedule.start_at ? randomUUID() : null,
      ...schedule,
      end_at: null,
      created_by: viewer.userId,
      created_at: at,
      updated_at: at,
      closed_at: null,
    });
    await visitChanged(trx, viewer.tenantId, id, null);
    await recordActivity(trx, viewer.tenantId, {
      jobId: job.id,
      entityType: 'TASK',
      entityId: id,
      action: 'TASK_CREATED',
      message: `Created task #${number}`,
      actorId: viewer.userId,
      changes: diffFields(
        {},
        taskSnapshot({
          name: body.name,
          description: body.description ?? null,
          start: schedule.start_at,
          expectedEnd: schedule.expected_end_at,
          assignee: assignee.name,
        }),
      ),
      at,
    });
    await afterCommit(trx, viewer.tenantId, {
      type: 'task.created',
      taskId: id,
      jobId: job.id,
      taskNumber: number,
      assigneeKeys: assigneeKeys(assignee.columns.assignee_key),
      at,
    });
    return number;
  });
  return { id, taskNumber };
}

const CLOCKED: readonly TaskLifecycle[] = ['CLOCKED_IN', 'CLOCKED_OUT'];

/**
 * Edit name, description, schedule and assignee of a task still in progress, at the version the editor
 * loaded. A clocked-in task keeps its start (spec: the start is not changed while clocked in); a task with
 * work on it can no longer lose its schedule or assignee.
 */
export async function updateTask(db: Db, auth: Auth, taskId: string, body: UpdateTaskBody): Promise<Task> {
  const tv = await taskViewer(db, auth);
  const row = await requireVisibleTask(db, tv, taskId);
  requireTaskAction(tv, row, 'edit');
  if (body.version !== row.version) throw new AppError('STALE_VERSION');
  const start = row.lifecycle === 'CLOCKED_IN' ? row.start_at : (body.startDateTime ?? null);
  const schedule = scheduleOf(start, body.expectedEndDateTime);
  if (schedule.start_at && schedule.expected_end_at! < schedule.start_at) throw new AppError('VALIDATION_FAILED', [TASK_MESSAGES.endBeforeStart]);
  const assignee = await resolveAssignee(db, tv.scope.tenantId, body, row);
  if (CLOCKED.includes(row.lifecycle as TaskLifecycle) && (!schedule.start_at || !assignee.columns.assignee_key)) {
    throw new AppError('CONFLICT', 'A task that has been clocked in cannot be unscheduled or unassigned.');
  }
  const rescheduled =
    schedule.start_at !== row.start_at || schedule.expected_end_at !== row.expected_end_at || assignee.columns.assignee_key !== row.assignee_key;
  const changes = diffFields(
    taskSnapshot({ name: row.name, description: row.description, start: row.start_at, expectedEnd: row.expected_end_at, assignee: currentAssigneeName(row) }),
    taskSnapshot({
      name: body.name,
      description: body.description ?? null,
      start: schedule.start_at,
      expectedEnd: schedule.expected_end_at,
      assignee: assignee.name,
    }),
  );
  const at = nowIso();
  const slot = rescheduled ? slotOf(tv.scope.tenantId, taskId, assignee.columns, schedule.start_at, schedule.expected_end_at) : null;
  await writeSchedule(db, slot, async (trx) => {
    const saved = await updateTaskIf(
      trx,
      tv.scope.tenantId,
      taskId,
      { lifecycle: row.lifecycle, version: body.version },
      {
        name: body.name,
        description: body.description || null,
        ...schedule,
        schedule_id: schedule.start_at ? (row.schedule_id ?? randomUUID()) : null,
        schedule_version: row.schedule_version + (rescheduled ? 1 : 0),
        ...assignee.columns,
        updated_at: at,
      },
    );
    if (!saved) throw new AppError('STALE_VERSION');
    await visitChanged(trx, tv.scope.tenantId, taskId, visitStateOf(row));
    if (changes.length) {
      await recordActivity(trx, tv.scope.tenantId, {
        jobId: row.job_id,
        entityType: 'TASK',
        entityId: taskId,
        action: 'TASK_UPDATED',
        message: `Updated ${changes.map((c) => c.field).join(', ')} of task #${row.task_number}`,
        actorId: tv.viewer.userId,
        changes,
        at,
      });
    }
    const event = rescheduled ? 'schedule.changed' : 'task.updated';
    await afterCommit(trx, tv.scope.tenantId, {
      type: event,
      taskId,
      jobId: row.job_id,
      taskNumber: row.task_number,
      assigneeKeys: assigneeKeys(row.assignee_key, assignee.columns.assignee_key),
      at,
    });
  });
  return presentTask(db, tv, taskId);
}

export async function taskWorkPeriods(db: Db, auth: Auth, taskId: string) {
  const tv = await taskViewer(db, auth);
  await requireVisibleTask(db, tv, taskId);
  return (await listClockActivities(db, tv.scope.tenantId, taskId)).map(toClockActivityDto);
}

export async function taskChangeLog(db: Db, auth: Auth, taskId: string, page: number, limit: number) {
  const tv = await taskViewer(db, auth);
  await requireVisibleTask(db, tv, taskId);
  const { rows, total } = await listEntityActivity(db, tv.scope.tenantId, { type: 'TASK', id: taskId }, page, limit);
  return { items: rows.map(toActivityDto), meta: pageMeta(total, page, limit) };
}

const FILTER_LIFECYCLE = { 'Clock-In': 'CLOCKED_IN', 'Clock-out': 'CLOCKED_OUT', Closed: 'CLOSED' } as const satisfies Record<
  FilterListBody['status'][number],
  TaskLifecycle
>;
export const FILTER_LIST_LIMIT = 100;

/**
 * The clock-in pre-check: a user's tasks in the given states, newest first. Field viewers
 * may only ask about themselves; any other user id, or one of another company, is "not found".
 */
export async function filterTaskList(db: Db, auth: Auth, body: FilterListBody): Promise<TaskListItem[]> {
  const tv = await taskViewer(db, auth);
  const notFound = new AppError('NOT_FOUND', 'User not found.');
  if (tv.scope.field && body.userId !== tv.viewer.userId) throw notFound;
  const user = await findUserForAssignment(db, tv.scope.tenantId, body.userId);
  if (!user) throw notFound;
  const key = isSubcontractorRole(user.role) ? await findSubcontractorIdOfUser(db, tv.scope.tenantId, user.id) : user.id;
  if (!key) return [];
  const lifecycles = [...new Set(body.status.map((s) => FILTER_LIFECYCLE[s]))];
  const rows = await listAssigneeTasks(db, tv.scope.tenantId, key, lifecycles, FILTER_LIST_LIMIT);
  return rows.map((r) => toTaskListItem(tv, r));
}
