import type { Db } from '@fieldwork/db/connection';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import { isFieldRole, isSubcontractorRole, type Viewer } from '@fieldwork/domain/access/roles.rules';
import { statusBounds } from '@fieldwork/domain/tasks/task-status.rules';
import { isGatedTaskAction, mayActOnTask, mayEditTasks, taskRoleRefusal, type TaskAction } from '@fieldwork/domain/tasks/task-actions.rules';
import { TASK_MESSAGES, type Task } from '@fieldwork/domain/tasks/tasks.schemas';
import { ON_MY_WAY_MESSAGES } from '@fieldwork/domain/texts/on-my-way.rules';
import type { AuthContext } from '../../plugins/auth.plugin.ts';
import type { StatusBounds, TaskScope } from './tasks-list.repository.ts';
import { findSubcontractorIdOfUser, findTaskView, type TaskViewRow } from './tasks.repository.ts';
import { recordActions, taskFacts, toTaskDto, type TaskViewContext } from './tasks.presenter.ts';

/** One request's view of tasks: who asks, which assignee key is theirs, the instant and the company's zone. */
export type TaskViewer = TaskViewContext & { scope: TaskScope; bounds: StatusBounds };

/**
 * A technician's key is their user id; a subcontractor login's is the id of the subcontractor it speaks for
 * (none: they have no tasks). Office users' key is their user id too, for "Assigned to Me".
 */
export async function taskViewer(db: Db, auth: Pick<AuthContext, 'viewer' | 'timeZone'>): Promise<TaskViewer> {
  const { viewer, timeZone } = auth;
  const key = isSubcontractorRole(viewer.role) ? await findSubcontractorIdOfUser(db, viewer.tenantId, viewer.userId) : viewer.userId;
  const now = new Date();
  return { viewer, timeZone, now, bounds: statusBounds(now, timeZone), scope: { tenantId: viewer.tenantId, key, field: isFieldRole(viewer.role) } };
}

/** Another company's task, and for field viewers another assignee's, reads exactly like a missing one. */
export async function requireVisibleTask(db: Db, tv: TaskViewer, taskId: string): Promise<TaskViewRow> {
  const row = await findTaskView(db, tv.scope.tenantId, taskId);
  if (!row || !isVisibleTask(tv, row)) throw new AppError('NOT_FOUND', TASK_MESSAGES.notFound);
  return row;
}

/** For a row already read in the viewer's company: field viewers see only their own tasks. */
export function isVisibleTask(tv: TaskViewer, row: Pick<TaskViewRow, 'assignee_key'>): boolean {
  return !tv.scope.field || (!!tv.scope.key && row.assignee_key === tv.scope.key);
}

type GuardedAction = TaskAction | 'edit';

const DEFAULT_CONFLICT = 'This task cannot be changed in its current state.';
const REFUSED: Partial<Record<GuardedAction, string>> = {
  cancel: 'Only a scheduled task that is awaiting start, upcoming or missed can be deleted.',
  close: 'Only an open or clocked-out task can be closed.',
  reopen: 'Only a closed task can be reopened.',
  clockIn: 'Only a scheduled task that is open, awaiting start, missed or clocked out can be clocked in.',
  clockOut: 'Only a clocked-in task can be clocked out.',
  onMyWay: ON_MY_WAY_MESSAGES.notNow,
  edit: TASK_MESSAGES.finished,
};

/** A full-access user who is also the assignee: whatever the rules refuse them, the task's state refuses. */
function anyone(row: TaskViewRow, viewer: Viewer): Viewer {
  return { ...viewer, userId: row.assigned_user_id ?? row.sub_user_id ?? viewer.userId, role: 'Admin', access: 'fullAccess' };
}

/** Who the viewer is refuses them whatever the task's state: the answer must not depend on the clock. */
function refusedByRole(viewer: Viewer, row: TaskViewRow, action: GuardedAction): boolean {
  if (action === 'edit') return !mayEditTasks(viewer);
  return isGatedTaskAction(action) && !mayActOnTask(viewer, taskFacts(row));
}

/**
 * The server refuses what the domain rule refuses: 403 with the rule's reason when someone else could do
 * it now (this viewer lacks the right, checked first), 409 when nobody could (the task's state, perhaps
 * moved since the client loaded it).
 */
export function requireTaskAction(tv: TaskViewer, row: TaskViewRow, action: GuardedAction): void {
  const mine = recordActions(tv, row)[action];
  if (mine.allowed) return;
  if (refusedByRole(tv.viewer, row, action)) throw new AppError('FORBIDDEN', mine.reason ?? taskRoleRefusal(tv.viewer, action));
  const best = recordActions({ ...tv, viewer: anyone(row, tv.viewer) }, row)[action];
  if (best.allowed) throw new AppError('FORBIDDEN', mine.reason ?? taskRoleRefusal(tv.viewer, action));
  throw new AppError('CONFLICT', best.reason ?? mine.reason ?? REFUSED[action] ?? DEFAULT_CONFLICT);
}

/** The conditional update found the task moved on (another change landed first). */
export function taskMoved(): AppError {
  return new AppError('CONFLICT', 'This task was changed by someone else. Reload and try again.');
}

/** Re-reads a task after a change, as the viewer who made it sees it. */
export async function presentTask(db: Db, tv: TaskViewer, taskId: string): Promise<Task> {
  return toTaskDto(tv, await requireVisibleTask(db, tv, taskId));
}
