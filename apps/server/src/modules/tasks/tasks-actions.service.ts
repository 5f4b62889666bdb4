import { randomUUID } from 'node:crypto';
import type { Db } from '@fieldwork/db/connection';
import type { TasksTable } from '@fieldwork/db/schema';
import { nowIso } from '@fieldwork/db/sql-helpers';
import { diffFields, type ActivityAction, type ActivityChange } from '@fieldwork/domain/jobs/activity.schemas';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import { assigneeKeys, type EventType } from '@fieldwork/domain/common/events.schemas';
import { can, refusalFor } from '@fieldwork/domain/access/roles.rules';
import { deriveTaskStatus, TASK_STATUS_LABELS, type TaskStatus } from '@fieldwork/domain/tasks/task-status.rules';
import { TASK_MESSAGES, type CloseTaskBody, type PatchTaskBody, type Task } from '@fieldwork/domain/tasks/tasks.schemas';
import type { Updateable } from 'kysely';
import type { AuthContext } from '../../plugins/auth.plugin.ts';
import { recordActivity } from '../activity/activity.repository.ts';
import { lockOpenJob } from '../job-core/jobs-lookup.repository.ts';
import { presentTask, requireTaskAction, requireVisibleTask, taskMoved, type TaskViewer, taskViewer } from '../task-core/tasks-access.service.ts';
import { currentAssigneeName, NO_ASSIGNEE, resolveAssignee } from '../task-core/tasks-assignee.service.ts';
import { slotOf, writeSchedule, type Slot } from '../task-core/schedule-guard.ts';
import { afterCommit } from '@fieldwork/db/transactions';
import { insertTaskActivity, taskWorkSpan, updateTaskIf, type TaskViewRow } from '../task-core/tasks.repository.ts';
import { taskFacts } from '../task-core/tasks.presenter.ts';
import { visitChanged, visitStateOf } from '../visit-notices/visit-notices.service.ts';
import { planVisitClosed } from '../plans/plan-invoices.service.ts';

type Auth = Pick<AuthContext, 'viewer' | 'timeZone'>;

/** Clocks of phones and servers disagree a little; an end up to a minute ahead is still "now". */
const CLOCK_SKEW_MS = 60_000;

type Change = {
  patch: Updateable<TasksTable>;
  action: ActivityAction;
  /** The live-update event announcing the change. */
  event: EventType;
  message: string;
  changes: ActivityChange[];
  /** Hold the job open for the change (reopen: a task of a closed job must stay closed). */
  jobMustBeOpen?: string;
  /** More writes of the same change, after the task row was claimed. */
  alsoWrite?: (trx: Db, at: string) => Promise<void>;
  /** The slot an assignment puts the task in: checked for clashes in the same transaction. */
  slot?: Slot | null;
};

/**
 * Writes a change only if the task is still in the lifecycle and version this request read (0 rows: a
 * parallel change won, 409), together with its log entry. The job, when locked, is locked first: the
 * order a job status change takes too.
 */
async function applyChange(db: Db, tv: TaskViewer, row: TaskViewRow, change: Change): Promise<void> {
  const at = nowIso();
  const tenantId = tv.scope.tenantId;
  await writeSchedule(db, change.slot ?? null, async (trx) => {
    if (change.jobMustBeOpen && !(await lockOpenJob(trx, tenantId, row.job_id))) throw new AppError('CONFLICT', change.jobMustBeOpen);
    if (!(await updateTaskIf(trx, tenantId, row.id, { lifecycle: row.lifecycle, version: row.version }, { ...change.patch, updated_at: at })))
      throw taskMoved();
    await change.alsoWrite?.(trx, at);
    await visitChanged(trx, tenantId, row.id, visitStateOf(row));
    await recordActivity(trx, tenantId, {
      jobId: row.job_id,
      entityType: 'TASK',
      entityId: row.id,
      action: change.action,
      message: change.message,
      actorId: tv.viewer.userId,
      changes: change.changes,
      at,
    });
    const keys = assigneeKeys(row.assignee_key, change.patch.assignee_key);
    await afterCommit(trx, tenantId, { type: change.event, taskId: row.id, jobId: row.job_id, taskNumber: row.task_number, assigneeKeys: keys, at });
  });
}

const statusChange = (tv: TaskViewer, row: TaskViewRow, to: TaskStatus): ActivityChange[] =>
  diffFields({ Status: TASK_STATUS_LABELS[deriveTaskStatus(taskFacts(row), tv.now, tv.timeZone)] }, { Status: TASK_STATUS_LABELS[to] });

/** Spec: PATCH /tasks/{id} with exactly one of isCancelled, isTaskReopen or assignTo. */
export async function patchTask(db: Db, auth: Auth, taskId: string, body: PatchTaskBody): Promise<Task> {
  const tv = await taskViewer(db, auth);
  const row = await requireVisibleTask(db, tv, taskId);
  if (body.isCancelled) await cancelTask(db, tv, row);
  else if (body.isTaskReopen) await reopenTask(db, tv, row);
  else await assignTask(db, tv, row, body);
  return presentTask(db, tv, taskId);
}

/** Cancelled (shown as delete) is final. */
async function cancelTask(db: Db, tv: TaskViewer, row: TaskViewRow): Promise<void> {
  requireTaskAction(tv, row, 'cancel');
  await applyChange(db, tv, row, {
    patch: { lifecycle: 'CANCELLED' },
    action: 'TASK_CANCELLED',
    event: 'task.status',
    message: `Cancelled task #${row.task_number}`,
    changes: statusChange(tv, row, 'CANCELLED'),
  });
}

/** A reopened task goes back to where its work left it: clocked out when it has work periods, else open. */
async function reopenTask(db: Db, tv: TaskViewer, row: TaskViewRow): Promise<void> {
  requireTaskAction(tv, row, 'reopen');
  const { periods } = await taskWorkSpan(db, tv.scope.tenantId, row.id);
  const lifecycle = periods > 0 ? 'CLOCKED_OUT' : 'OPEN';
  const after = deriveTaskStatus({ ...taskFacts(row), lifecycle }, tv.now, tv.timeZone);
  await applyChange(db, tv, row, {
    patch: { lifecycle, end_at: null, closed_at: null },
    action: 'TASK_REOPENED',
    event: 'task.status',
    message: `Re-opened task #${row.task_number}`,
    changes: statusChange(tv, row, after),
    jobMustBeOpen: 'Only tasks of an open job can be reopened.',
  });
}

/** Office work: LATER unassigns a task nobody has clocked in yet; a person needs the task to have a start. */
async function assignTask(db: Db, tv: TaskViewer, row: TaskViewRow, body: PatchTaskBody): Promise<void> {
  if (!can(tv.viewer, 'tasks.write')) throw new AppError('FORBIDDEN', refusalFor(tv.viewer, 'tasks.write'));
  requireTaskAction(tv, row, 'edit');
  if (body.assignTo === 'LATER' && row.lifecycle !== 'OPEN') throw new AppError('CONFLICT', 'A task that has been clocked in cannot be unassigned.');
  if (body.assignTo !== 'LATER' && !row.start_at) throw new AppError('VALIDATION_FAILED', [TASK_MESSAGES.startRequired]);
  const assignee = body.assignTo === 'LATER' ? NO_ASSIGNEE : await resolveAssignee(db, tv.scope.tenantId, body, row);
  const moved = assignee.columns.assignee_key !== row.assignee_key;
  await applyChange(db, tv, row, {
    patch: { ...assignee.columns, schedule_version: row.schedule_version + (moved ? 1 : 0) },
    slot: moved ? slotOf(tv.scope.tenantId, row.id, assignee.columns, row.start_at, row.expected_end_at) : null,
    action: 'TASK_ASSIGNED',
    event: 'schedule.changed',
    message: assignee.name ? `Assigned task #${row.task_number} to ${assignee.name}` : `Unassigned task #${row.task_number}`,
    changes: diffFields({ 'Assigned To': currentAssigneeName(row) }, { 'Assigned To': assignee.name }),
  });
}

/**
 * Close-task dialog. An open task records the period worked as its one work activity (for whoever is
 * assigned); a clocked-out task already has its periods, so its start is read-only: the earliest one.
 */
export async function closeTask(db: Db, auth: Auth, body: CloseTaskBody): Promise<Task> {
  const tv = await taskViewer(db, auth);
  const row = await requireVisibleTask(db, tv, body.taskId);
  requireTaskAction(tv, row, 'close');
  if (Date.parse(body.endDateTime) > tv.now.getTime() + CLOCK_SKEW_MS) throw new AppError('VALIDATION_FAILED', [TASK_MESSAGES.endInFuture]);
  let start = body.startDateTime;
  if (row.lifecycle === 'CLOCKED_OUT') {
    start = (await taskWorkSpan(db, tv.scope.tenantId, row.id)).firstStart ?? start;
    if (body.endDateTime < start) throw new AppError('VALIDATION_FAILED', [TASK_MESSAGES.endBeforeStart]);
  }
  const worker = row.assigned_user_id ?? (row.assigned_subcontractor_id ? row.sub_user_id : null);
  await applyChange(db, tv, row, {
    patch: { lifecycle: 'CLOSED', end_at: body.endDateTime, closed_at: nowIso() },
    action: 'TASK_CLOSED',
    event: 'task.status',
    message: `Closed task #${row.task_number}`,
    changes: statusChange(tv, row, 'CLOSED'),
    alsoWrite: async (trx, at) => {
      if (row.lifecycle === 'OPEN')
        await insertTaskActivity(trx, tv.scope.tenantId, {
          id: randomUUID(),
          taskId: row.id,
          jobId: row.job_id,
          userId: worker,
          start,
          end: body.endDateTime,
          at,
        });
      if (row.plan_id) await planVisitClosed(trx, tv.scope.tenantId, row.id);
    },
  });
  return presentTask(db, tv, row.id);
}
