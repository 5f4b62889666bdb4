import { randomUUID } from 'node:crypto';
import type { Db } from '@fieldwork/db/connection';
import { isUniqueViolation, nowIso } from '@fieldwork/db/sql-helpers';
import { diffFields, type ActivityAction, type ActivityChange } from '@fieldwork/domain/jobs/activity.schemas';
import {
  adjustedStartError,
  CLOCK_MESSAGES,
  actedAtError,
  clockOutEndError,
  type AdjustActivityBody,
  type Assistant,
  type AssistantsQuery,
  type ClockActivity,
  type ClockInBody,
  type ClockOutBody,
} from '@fieldwork/domain/tasks/clock.schemas';
import { pageMeta } from '@fieldwork/domain/common/common.schemas';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import { assigneeKeys } from '@fieldwork/domain/common/events.schemas';
import { isSubcontractorRole, viewerClass } from '@fieldwork/domain/access/roles.rules';
import { deriveTaskStatus, TASK_STATUS_LABELS, type TaskLifecycle } from '@fieldwork/domain/tasks/task-status.rules';
import type { Task } from '@fieldwork/domain/tasks/tasks.schemas';
import type { AuthContext } from '../../plugins/auth.plugin.ts';
import { recordActivity } from '../activity/activity.repository.ts';
import { afterCommit, runTransaction } from '@fieldwork/db/transactions';
import { recordActions, taskFacts } from '../task-core/tasks.presenter.ts';
import { presentTask, requireTaskAction, requireVisibleTask, taskMoved, type TaskViewer, taskViewer } from '../task-core/tasks-access.service.ts';
import { updateTaskIf, type TaskViewRow } from '../task-core/tasks.repository.ts';
import { toClockActivityDto } from './clock.presenter.ts';
import {
  endActivity,
  findActiveTechnicians,
  findActiveVehicle,
  findRunningActivityOfUser,
  findTaskActivity,
  insertRunningActivity,
  listAssistantCandidates,
  listClockActivities,
  moveRunningStart,
  userName,
} from './clock.repository.ts';

/**
 * Clock-in, clock-out and the adjustment popup. Who may act is the domain's taskActions rule
 * (requireTaskAction: 403 when someone else could, 409 when the task's state refuses everyone).
 *
 * Whose time it is: a work period always belongs to the task's technician assignee. The assignee clocks in
 * their own task; a full-access office user who clocks in (or out) a technician's task does it on the
 * technician's behalf: the period is the technician's (their single running clock-in, their labor), and the
 * log names both people ("{actor} clocked in {technician} …").
 */
type Auth = Pick<AuthContext, 'viewer' | 'timeZone'>;

const fullAccess = (tv: TaskViewer) => viewerClass(tv.viewer) === 'admin';

async function requireTaskOfJob(db: Db, tv: TaskViewer, taskId: string, jobId: string): Promise<TaskViewRow> {
  const row = await requireVisibleTask(db, tv, taskId);
  if (row.job_id !== jobId) throw new AppError('VALIDATION_FAILED', [CLOCK_MESSAGES.jobMismatch]);
  return row;
}

const statusLabel = (tv: TaskViewer, row: TaskViewRow, lifecycle?: TaskLifecycle) =>
  TASK_STATUS_LABELS[deriveTaskStatus(lifecycle ? { ...taskFacts(row), lifecycle } : taskFacts(row), tv.now, tv.timeZone)];

/** "Clocked in on task #12", or with someone else's time "Ann Admin clocked in Tom Tech on task #12". */
async function describe(db: Db, tv: TaskViewer, workerId: string | null, mine: string, onBehalf: (actor: string, worker: string) => string) {
  if (!workerId || workerId === tv.viewer.userId) return mine;
  const [actor, worker] = await Promise.all([userName(db, tv.scope.tenantId, tv.viewer.userId), userName(db, tv.scope.tenantId, workerId)]);
  return onBehalf(actor ?? 'Someone', worker ?? 'the technician');
}

type LogEntry = { action: ActivityAction; message: string; changes: ActivityChange[]; at: string };

async function logAndAnnounce(trx: Db, tv: TaskViewer, row: TaskViewRow, entry: LogEntry): Promise<void> {
  const tenantId = tv.scope.tenantId;
  await recordActivity(trx, tenantId, { jobId: row.job_id, entityType: 'TASK', entityId: row.id, actorId: tv.viewer.userId, ...entry });
  await afterCommit(trx, tenantId, {
    type: 'task.status',
    taskId: row.id,
    jobId: row.job_id,
    taskNumber: row.task_number,
    assigneeKeys: assigneeKeys(row.assignee_key),
    at: entry.at,
  });
}

/** Vehicle: an active one of the company. Assistants: active technicians of the company, never the assignee. */
async function checkHelpers(db: Db, tenantId: string, workerId: string, body: ClockInBody) {
  const vehicle = body.vehicleId ? await findActiveVehicle(db, tenantId, body.vehicleId) : null;
  if (body.vehicleId && !vehicle) throw new AppError('VALIDATION_FAILED', [CLOCK_MESSAGES.vehicleInvalid]);
  if (body.assistants.includes(workerId)) throw new AppError('VALIDATION_FAILED', [CLOCK_MESSAGES.assistantIsAssignee]);
  const assistants = await findActiveTechnicians(db, tenantId, body.assistants);
  if (assistants.length !== body.assistants.length) throw new AppError('VALIDATION_FAILED', [CLOCK_MESSAGES.assistantsInvalid]);
  return { vehicle, assistants };
}

/**
 * POST /tasks/clock-in. The period, the task's CLOCKED_IN lifecycle (only from the lifecycle and version
 * read) and the log row land in one transaction; the partial unique index task_activities_one_running
 * refuses a second running period of the same person whatever the timing (409, the spec's text).
 */
export async function clockIn(db: Db, auth: Auth, body: ClockInBody): Promise<Task> {
  const tv = await taskViewer(db, auth);
  const tenantId = tv.scope.tenantId;
  const row = await requireTaskOfJob(db, tv, body.taskId, body.jobId);
  requireTaskAction(tv, row, 'clockIn');
  const workerId = row.assigned_to === 'TECHNICIAN' ? row.assigned_user_id : null;
  if (!workerId) throw new AppError('CONFLICT', 'Only a task assigned to a technician can be clocked in.');
  const { vehicle, assistants } = await checkHelpers(db, tenantId, workerId, body);
  const finishCurrent = new AppError('CONFLICT', CLOCK_MESSAGES.finishCurrent);
  if (await findRunningActivityOfUser(db, tenantId, workerId)) throw finishCurrent;
  const actedError = body.actedAt ? actedAtError(body.actedAt, tv.now) : null;
  if (actedError) throw new AppError('VALIDATION_FAILED', [actedError]);
  const message = await describe(db, tv, workerId, `Clocked in on task #${row.task_number}`, (a, w) => `${a} clocked in ${w} on task #${row.task_number}`);
  const at = nowIso();
  try {
    await runTransaction(db, async (trx) => {
      // The period first: a second running clock-in fails here, before the task row and its counters are touched.
      await insertRunningActivity(trx, tenantId, {
        id: randomUUID(),
        taskId: row.id,
        jobId: row.job_id,
        userId: workerId,
        start: body.actedAt ?? at,
        vehicleId: vehicle?.id ?? null,
        assistants: assistants.map((a) => a.id),
      });
      if (!(await updateTaskIf(trx, tenantId, row.id, { lifecycle: row.lifecycle, version: row.version }, { lifecycle: 'CLOCKED_IN', updated_at: at })))
        throw taskMoved();
      const changes = diffFields(
        { Status: statusLabel(tv, row), Vehicle: null, Assistants: null },
        {
          Status: TASK_STATUS_LABELS.CLOCKED_IN,
          Vehicle: vehicle?.name ?? null,
          Assistants:
            assistants
              .map((a) => a.name)
              .sort()
              .join(', ') || null,
        },
      );
      await logAndAnnounce(trx, tv, row, { action: 'TASK_CLOCKED_IN', message, changes, at });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw finishCurrent;
    throw error;
  }
  return presentTask(db, tv, row.id);
}

/**
 * POST /tasks/clock-out: ends the given running period of the task (or, without one, its running period) with its description; the task becomes
 * CLOCKED_OUT. The end is now unless a full-access user sends one (the Clock-Out dialog's date and time
 * inputs are theirs only): never in the future, never before the period's start.
 */
export async function clockOut(db: Db, auth: Auth, body: ClockOutBody): Promise<Task> {
  const tv = await taskViewer(db, auth);
  const tenantId = tv.scope.tenantId;
  const row = await requireTaskOfJob(db, tv, body.taskId, body.jobId);
  const activity = await findTaskActivity(db, tenantId, row.id, body.taskActivityId);
  if (!activity) throw new AppError('NOT_FOUND', CLOCK_MESSAGES.activityNotFound);
  if (activity.end_time) throw new AppError('CONFLICT', CLOCK_MESSAGES.alreadyClockedOut);
  requireTaskAction(tv, row, 'clockOut');
  if (body.endDateTime !== undefined && !fullAccess(tv)) throw new AppError('FORBIDDEN', CLOCK_MESSAGES.endFullAccessOnly);
  const actedError = body.actedAt && body.endDateTime === undefined ? actedAtError(body.actedAt, tv.now) : null;
  if (actedError) throw new AppError('VALIDATION_FAILED', [actedError]);
  // An end the office sets wins; else the time the technician acted (offline); else now.
  const end = body.endDateTime ?? body.actedAt ?? nowIso();
  const endError = clockOutEndError(end, activity.start_time, tv.now);
  if (endError) throw new AppError('VALIDATION_FAILED', [endError]);
  const message = await describe(
    db,
    tv,
    activity.user_id,
    `Clocked out of task #${row.task_number}`,
    (a, w) => `${a} clocked out ${w} on task #${row.task_number}`,
  );
  const at = nowIso();
  await runTransaction(db, async (trx) => {
    if (!(await endActivity(trx, tenantId, activity.id, end, body.description))) throw new AppError('CONFLICT', CLOCK_MESSAGES.alreadyClockedOut);
    if (!(await updateTaskIf(trx, tenantId, row.id, { lifecycle: row.lifecycle, version: row.version }, { lifecycle: 'CLOCKED_OUT', updated_at: at })))
      throw taskMoved();
    const changes = diffFields(
      { Status: statusLabel(tv, row), 'Clock-out Time': null, 'Work Description': null },
      { Status: TASK_STATUS_LABELS.CLOCKED_OUT, 'Clock-out Time': end, 'Work Description': body.description },
    );
    await logAndAnnounce(trx, tv, row, { action: 'TASK_CLOCKED_OUT', message, changes, at });
  });
  return presentTask(db, tv, row.id);
}

/**
 * PATCH /tasks/{id}/activities/{activityId}: the adjustment popup. A full-access user who is not the
 * assignee corrects the start of the technician's running clock-in (the rule's adjustmentPopup).
 */
export async function adjustRunningActivity(db: Db, auth: Auth, taskId: string, activityId: string, body: AdjustActivityBody): Promise<ClockActivity> {
  const tv = await taskViewer(db, auth);
  const tenantId = tv.scope.tenantId;
  const row = await requireVisibleTask(db, tv, taskId);
  const activity = await findTaskActivity(db, tenantId, row.id, activityId);
  if (!activity) throw new AppError('NOT_FOUND', CLOCK_MESSAGES.activityNotFound);
  if (!recordActions(tv, row).adjustmentPopup.allowed) {
    if (row.lifecycle === 'CLOCKED_IN' && !activity.end_time) throw new AppError('FORBIDDEN', CLOCK_MESSAGES.adjustNotAllowed);
    throw new AppError('CONFLICT', CLOCK_MESSAGES.adjustNotRunning);
  }
  if (activity.end_time) throw new AppError('CONFLICT', CLOCK_MESSAGES.adjustNotRunning);
  const startError = adjustedStartError(body.startDateTime, tv.now);
  if (startError) throw new AppError('VALIDATION_FAILED', [startError]);
  const message = await describe(
    db,
    tv,
    activity.user_id,
    `Adjusted the clock-in on task #${row.task_number}`,
    (a, w) => `${a} adjusted the clock-in of ${w} on task #${row.task_number}`,
  );
  const at = nowIso();
  await runTransaction(db, async (trx) => {
    if (!(await moveRunningStart(trx, tenantId, activity.id, body.startDateTime))) throw new AppError('CONFLICT', CLOCK_MESSAGES.adjustNotRunning);
    const changes = diffFields({ 'Clock-in Time': activity.start_time }, { 'Clock-in Time': body.startDateTime });
    await logAndAnnounce(trx, tv, row, { action: 'TASK_CLOCK_ADJUSTED', message, changes, at });
  });
  const [updated] = await listClockActivities(db, tenantId, row.id, activity.id);
  return toClockActivityDto(updated!);
}

/** GET /tasks/assistants: the clock-in dialog's picker. Subcontractor logins never clock in. */
export async function listAssistants(db: Db, auth: Auth, q: AssistantsQuery): Promise<{ items: Assistant[]; meta: ReturnType<typeof pageMeta> }> {
  if (isSubcontractorRole(auth.viewer.role)) throw new AppError('FORBIDDEN');
  const { rows, total } = await listAssistantCandidates(db, auth.viewer.tenantId, {
    excludeUserId: q.assignedTechnicianId,
    search: q.search,
    page: q.page,
    limit: q.limit,
  });
  return { items: rows.map((r) => ({ userId: r.id, name: r.name })), meta: pageMeta(total, q.page, q.limit) };
}
