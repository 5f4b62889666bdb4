import { randomUUID } from 'node:crypto';
import type { Db } from '@fieldwork/db/connection';
import { nowIso } from '@fieldwork/db/sql-helpers';
import { diffFields } from '@fieldwork/domain/jobs/activity.schemas';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import { assigneeKeys } from '@fieldwork/domain/common/events.schemas';
import { isSchedulable, NOT_SCHEDULABLE_MESSAGE } from '@fieldwork/domain/scheduling/scheduling.rules';
import { mayEditTasks } from '@fieldwork/domain/tasks/task-actions.rules';
import type { TaskLifecycle } from '@fieldwork/domain/tasks/task-status.rules';
import { SCHEDULE_MESSAGES, type RescheduleTaskBody, type ScheduleTaskBody } from '@fieldwork/domain/scheduling/scheduling.schemas';
import { defaultExpectedEnd, TASK_MESSAGES, type Task } from '@fieldwork/domain/tasks/tasks.schemas';
import type { AuthContext } from '../../plugins/auth.plugin.ts';
import { recordActivity } from '../activity/activity.repository.ts';
import { isVisibleTask, requireTaskAction, requireVisibleTask, type TaskViewer, taskViewer } from '../task-core/tasks-access.service.ts';
import { toTaskDto } from '../task-core/tasks.presenter.ts';
import {
  acceptAssignee,
  currentAssigneeName,
  findAssigneeCandidate,
  NO_ASSIGNEE,
  resolveAssignee,
  type Assignee,
} from '../task-core/tasks-assignee.service.ts';
import { findTaskViewBySchedule, taskScheduleUpdate, type TaskViewRow } from '../task-core/tasks.repository.ts';
import { updateTaskWithVisitFacts } from '../visit-notices/visit-notices.repository.ts';
import { requestBidsIn, resolveBidSubcontractors } from '../bids/bids.service.ts';
import { slotOf, writeSchedule } from '../task-core/schedule-guard.ts';
import { afterCommit } from '@fieldwork/db/transactions';
import { visitChanged, visitStateOf } from '../visit-notices/visit-notices.service.ts';

type Auth = Pick<AuthContext, 'viewer' | 'timeZone'>;

/** The schedule write's answer: the task, and the ids of the bids requested with it (request-bids flow). */
export type ScheduleResult = { task: Task; bidIds?: string[] };

/** The subcontractors a request-bids submit names, checked before the write; null when none were named. */
async function bidTargets(db: Db, tenantId: string, bidRequestSentTo: string[] | undefined): Promise<Map<string, string> | null> {
  return bidRequestSentTo?.length ? resolveBidSubcontractors(db, tenantId, bidRequestSentTo) : null;
}

function keptAssignee(row: TaskViewRow): Assignee {
  return {
    columns: {
      assigned_to: row.assigned_to as Assignee['columns']['assigned_to'],
      assigned_user_id: row.assigned_user_id,
      assigned_subcontractor_id: row.assigned_subcontractor_id,
      assignee_key: row.assignee_key,
    },
    name: currentAssigneeName(row),
    shown: { tech_name: row.tech_name, tech_photo: row.tech_photo, sub_name: row.sub_name, sub_user_id: row.sub_user_id },
  };
}

type NewSchedule = { start: string; expectedEnd: string; assignee: Assignee };

/**
 * The schedule write itself: guarded by the clash check, conditional on what the request read (a schedule
 * still absent, or the schedule version it was based on), and logged with old → new values. Returns the task
 * view as written: the row the update returned, the assignee's shown columns, everything else (job,
 * customer, site, creator, plan: a schedule write changes none of them) as read before the write — so the
 * answer costs no second read of the 11-table view (one round trip and its planning, ~3.5 ms on PostgreSQL).
 */
async function saveSchedule(
  db: Db,
  tv: TaskViewer,
  row: TaskViewRow,
  next: NewSchedule,
  basedOn: { scheduleVersion: number | null },
  bids: Map<string, string> | null,
): Promise<{ view: TaskViewRow; bidIds: string[] | undefined }> {
  const tenantId = tv.scope.tenantId;
  const at = nowIso();
  const { columns } = next.assignee;
  const slot = slotOf(tenantId, row.id, columns, next.start, next.expectedEnd);
  const scheduleChanges = diffFields(
    { 'Start Date-Time': row.start_at, 'Expected End Date-Time': row.expected_end_at },
    { 'Start Date-Time': next.start, 'Expected End Date-Time': next.expectedEnd },
  );
  const assigneeChanges = diffFields({ 'Assigned To': currentAssigneeName(row) }, { 'Assigned To': next.assignee.name });
  return writeSchedule(db, slot, async (trx) => {
    const patch = { ...columns, schedule_id: row.schedule_id ?? randomUUID(), start_at: next.start, expected_end_at: next.expectedEnd, updated_at: at };
    const update = taskScheduleUpdate(trx, tenantId, row.id, { lifecycle: row.lifecycle, scheduleVersion: basedOn.scheduleVersion }, patch);
    const done = await updateTaskWithVisitFacts(trx, tenantId, row.id, update);
    if (!done) throw basedOn.scheduleVersion === null ? new AppError('CONFLICT', SCHEDULE_MESSAGES.alreadyScheduled) : new AppError('STALE_VERSION');
    const { written } = done;
    await visitChanged(trx, tenantId, row.id, visitStateOf(row), done);
    const entry = { jobId: row.job_id, entityType: 'TASK' as const, entityId: row.id, actorId: tv.viewer.userId, at };
    const verb = row.schedule_id ? 'Re-scheduled' : 'Scheduled';
    if (scheduleChanges.length)
      await recordActivity(trx, tenantId, { ...entry, action: 'TASK_UPDATED', message: `${verb} task #${row.task_number}`, changes: scheduleChanges });
    if (assigneeChanges.length) {
      const message = next.assignee.name ? `Assigned task #${row.task_number} to ${next.assignee.name}` : `Unassigned task #${row.task_number}`;
      await recordActivity(trx, tenantId, { ...entry, action: 'TASK_ASSIGNED', message, changes: assigneeChanges });
    }
    await afterCommit(trx, tenantId, {
      type: 'schedule.changed',
      taskId: row.id,
      jobId: row.job_id,
      taskNumber: row.task_number,
      assigneeKeys: assigneeKeys(row.assignee_key, columns.assignee_key),
      at,
    });
    const view: TaskViewRow = { ...row, ...written, ...(next.assignee.shown ?? NO_ASSIGNEE.shown) };
    return { view, bidIds: bids ? await requestBidsIn(trx, tv, row, bids, at) : undefined };
  });
}

/**
 * Closed and cancelled tasks are never scheduled or assigned: 409 with the rule's own words for those who may
 * edit tasks at all; everyone else keeps the role refusal (403) that requireTaskAction gives next.
 */
function requireSchedulable(tv: TaskViewer, row: TaskViewRow): void {
  if (mayEditTasks(tv.viewer) && !isSchedulable(row.lifecycle as TaskLifecycle)) throw new AppError('CONFLICT', NOT_SCHEDULABLE_MESSAGE);
}

function result(task: Task, bidIds: string[] | undefined): ScheduleResult {
  return bidIds ? { task, bidIds } : { task };
}

/**
 * POST /tasks/schedule: the first schedule of a task, assigning it first when the sheet chose someone. With
 * bidRequestSentTo (Subcontractor → Request Bids) the task is scheduled unassigned and one REQUESTED bid is
 * stored per subcontractor in the same transaction; their ids come back as bidIds.
 */
export async function scheduleTask(db: Db, auth: Auth, body: ScheduleTaskBody): Promise<ScheduleResult> {
  const tv = await taskViewer(db, auth);
  const row = await requireVisibleTask(db, tv, body.taskId);
  requireSchedulable(tv, row);
  requireTaskAction(tv, row, 'edit');
  if (row.schedule_id) throw new AppError('CONFLICT', SCHEDULE_MESSAGES.alreadyScheduled);
  const bids = await bidTargets(db, tv.scope.tenantId, body.bidRequestSentTo);
  const assignee =
    body.isAssigned === false || !body.assignedTo ? NO_ASSIGNEE : await resolveAssignee(db, tv.scope.tenantId, { ...body, assignTo: body.assignedTo });
  const start = body.startDateTime;
  const { view, bidIds } = await saveSchedule(
    db,
    tv,
    row,
    { start, expectedEnd: body.expectedEndDateTime ?? defaultExpectedEnd(start), assignee },
    { scheduleVersion: null },
    bids,
  );
  return result(toTaskDto(tv, view), bidIds);
}

/**
 * PUT /tasks/schedule/{scheduleId}: move (and optionally re-assign) a scheduled task, based on the schedule
 * version the sheet loaded. A clocked-in task keeps its start; closed and cancelled tasks refuse (409).
 */
export async function rescheduleTask(db: Db, auth: Auth, scheduleId: string, body: RescheduleTaskBody): Promise<ScheduleResult> {
  const tv = await taskViewer(db, auth);
  // The row read by schedule id is the task view itself (in the viewer's company): no second read by task id.
  // The person the body names is read beside it (two pooled connections: one round trip of waiting, not two)
  // and checked only once the task is known to be the viewer's to see.
  const [row, candidate] = await Promise.all([
    findTaskViewBySchedule(db, tv.scope.tenantId, scheduleId),
    body.assignedTo ? findAssigneeCandidate(db, tv.scope.tenantId, { ...body, assignTo: body.assignedTo }) : null,
  ]);
  if (!row || !isVisibleTask(tv, row)) throw new AppError('NOT_FOUND', SCHEDULE_MESSAGES.scheduleNotFound);
  requireSchedulable(tv, row);
  requireTaskAction(tv, row, 'edit');
  if (body.version !== row.schedule_version) throw new AppError('STALE_VERSION');
  const start = row.lifecycle === 'CLOCKED_IN' && row.start_at ? row.start_at : body.startDateTime;
  const expectedEnd = body.expectedEndDateTime ?? defaultExpectedEnd(start);
  if (expectedEnd < start) throw new AppError('VALIDATION_FAILED', [TASK_MESSAGES.endBeforeStart]);
  const bids = await bidTargets(db, tv.scope.tenantId, body.bidRequestSentTo);
  const assignee = candidate ? acceptAssignee(candidate, row) : keptAssignee(row);
  const { view, bidIds } = await saveSchedule(db, tv, row, { start, expectedEnd, assignee }, { scheduleVersion: body.version }, bids);
  return result(toTaskDto(tv, view), bidIds);
}
