import { FORBIDDEN_MESSAGES, isAdmin, isSubcontractorRole, isTechnicianRole, viewerClass, type Viewer } from '../access/roles.rules.ts';
import { dateCategory, deriveTaskStatus, type AssignedTo, type TaskLifecycle, type TaskStatus } from './task-status.rules.ts';
import type { JobStatus } from '../jobs/jobs.schemas.ts';

export type TaskForRules = {
  lifecycle: TaskLifecycle;
  startDateTime: string | null;
  expectedEndDateTime: string | null;
  assignedTo: AssignedTo;
  /** The technician assignee's user id. */
  assignedUserId: string | null;
  /** The login linked to the subcontractor assignee, if any. */
  assignedSubcontractorUserId: string | null;
  estimateCount: number;
  invoiceCount: number;
};

export type ActionState = { visible: boolean; allowed: boolean; reason: string | null };

export const TASK_ACTIONS = [
  'clockIn',
  'clockOut',
  'close',
  'cancel',
  'reopen',
  'adjustmentPopup',
  'addCost',
  'viewCost',
  'viewInvoices',
  'viewEstimates',
  'elapsedTime',
  'onMyWay',
  'addNote',
  'addPhoto',
] as const;
export type TaskAction = (typeof TASK_ACTIONS)[number];
export type TaskActions = Record<TaskAction, ActionState>;

type Ctx = {
  viewer: Pick<Viewer, 'userId' | 'role' | 'access'>;
  task: TaskForRules;
  job: { status: JobStatus };
  status: TaskStatus;
  category: ReturnType<typeof dateCategory>;
  assignee: boolean;
  full: boolean;
  subViewer: boolean;
  subTask: boolean;
};

const hidden: ActionState = { visible: false, allowed: false, reason: null };
const shown = (allowed: boolean, reason: string): ActionState => ({ visible: true, allowed, reason: allowed ? null : reason });
const when = (visible: boolean, allowed: boolean, reason: string): ActionState => (visible ? shown(allowed, reason) : hidden);

/**
 * A note or a photo goes on the task's job while there is still work to record: shown to whoever may act on
 * the task, refused once the task is closed or cancelled or its job is no longer open.
 */
const fieldRecord = ({ task, job }: Ctx): ActionState => {
  if (task.lifecycle === 'CLOSED' || task.lifecycle === 'CANCELLED')
    return shown(false, 'This task is closed or cancelled; notes and photos can no longer be added.');
  return shown(job.status === 'OPEN', 'The job is closed or cancelled; notes and photos can no longer be added.');
};

/** The technician assignee's userId, or the subcontractor assignee's (linked) id, is the viewer's. */
export function isTaskAssignee(
  viewer: Pick<Viewer, 'userId'>,
  task: Pick<TaskForRules, 'assignedTo' | 'assignedUserId' | 'assignedSubcontractorUserId'>,
): boolean {
  if (task.assignedTo === 'TECHNICIAN') return task.assignedUserId === viewer.userId;
  if (task.assignedTo === 'SUBCONTRACTOR') return task.assignedSubcontractorUserId === viewer.userId;
  return false;
}

/**
 * One rule per action. Each sees the derived status and date category once computed; the
 * gate "only the assignee or a full-access user, and never a no-access office user" is applied after, to all.
 */
const RULES = {
  clockIn: ({ status, category, subViewer, subTask, viewer, assignee }) => {
    if (subViewer || subTask || status === 'UPCOMING') return hidden;
    // "Scheduled" in the spec's sense: a start and an assignee (the date category says unscheduled otherwise).
    const eligible = category !== 'unscheduled' && (['OPEN', 'AWAITING_START', 'MISSED', 'CLOCKED_OUT'] as TaskStatus[]).includes(status);
    if (!eligible) return hidden;
    if (category === 'future') return shown(false, 'This task starts on a later day.');
    if (category === 'past') {
      const fieldNonAssignee = (isTechnicianRole(viewer.role) || isSubcontractorRole(viewer.role)) && !assignee;
      const blocked = fieldNonAssignee || (['CLOCKED_OUT', 'MISSED', 'AWAITING_START'] as TaskStatus[]).includes(status);
      return shown(!blocked, 'A past task can no longer be clocked in.');
    }
    return shown(true, '');
  },
  clockOut: ({ status }) => when(status === 'CLOCKED_IN', true, ''),
  close: ({ status, category, assignee, full }) => {
    if (status === 'OPEN') return shown(true, '');
    if (status !== 'CLOCKED_OUT') return hidden;
    return shown(!(category === 'past' && !assignee && !full), 'Only full access can close a past task assigned to someone else.');
  },
  // The issue settles the spec's two readings: deletable when scheduled and AWAITING_START, UPCOMING or MISSED.
  cancel: ({ status, task }) => when(!!task.startDateTime && (['AWAITING_START', 'UPCOMING', 'MISSED'] as TaskStatus[]).includes(status), true, ''),
  reopen: ({ status, category, job, viewer }) => {
    if (status !== 'CLOSED') return hidden;
    if (viewerClass(viewer) === 'view') return shown(false, 'View-only access cannot reopen tasks.');
    if (category !== 'today') return shown(false, 'Only a task that starts today can be reopened.');
    return shown(job.status === 'OPEN', 'Only tasks of an open job can be reopened.');
  },
  adjustmentPopup: ({ status, assignee, full }) => when(status === 'CLOCKED_IN' && !assignee && full, true, ''),
  addCost: ({ subViewer, subTask, task, status, job }) => {
    if (subViewer || subTask || status === 'UNASSIGNED' || status === 'CANCELLED' || task.assignedTo === 'NONE') return hidden;
    return when(status === 'CLOCKED_IN' || status === 'CLOCKED_OUT' || job.status === 'OPEN', true, '');
  },
  viewCost: ({ subViewer, subTask, status, job }) => (subViewer || subTask ? hidden : when(status === 'CLOSED' && job.status === 'CLOSED', true, '')),
  viewInvoices: ({ subTask, subViewer, full, task }) => when(subTask && (subViewer || full) && task.estimateCount > 0 && task.invoiceCount === 0, true, ''),
  viewEstimates: ({ subTask, subViewer, full, task }) => when(subTask && (subViewer || full) && task.invoiceCount > 0 && task.estimateCount === 0, true, ''),
  elapsedTime: ({ subViewer, status }) => when(!subViewer && (status === 'CLOCKED_IN' || status === 'CLOCKED_OUT' || status === 'CLOSED'), true, ''),
  // Telling the site contact "on my way" belongs to a visit about to happen: scheduled today, not yet clocked in.
  onMyWay: ({ status, category }) =>
    when(category === 'today' && (['OPEN', 'AWAITING_START', 'UPCOMING', 'MISSED'] as TaskStatus[]).includes(status), true, ''),
  addNote: fieldRecord,
  addPhoto: fieldRecord,
} as const satisfies Record<TaskAction, (ctx: Ctx) => ActionState>;

const UNGATED: readonly TaskAction[] = ['viewInvoices', 'viewEstimates', 'elapsedTime', 'viewCost'];

/** Actions the gate never switches off: they describe what the viewer may look at, not change. */
export function isGatedTaskAction(action: TaskAction): boolean {
  return !UNGATED.includes(action);
}

/** Full access in the spec's sense: an office user with admin rights (a field role never is). */
const hasFullAccess = (viewer: Pick<Viewer, 'role' | 'access'>) => isAdmin(viewer) && !isTechnicianRole(viewer.role) && !isSubcontractorRole(viewer.role);

/** With noAccess (an office viewer), or neither assignee nor full access, every action is off. */
export function mayActOnTask(
  viewer: Pick<Viewer, 'userId' | 'role' | 'access'>,
  task: Pick<TaskForRules, 'assignedTo' | 'assignedUserId' | 'assignedSubcontractorUserId'>,
): boolean {
  if (viewerClass(viewer) === 'none') return false;
  return isTaskAssignee(viewer, task) || hasFullAccess(viewer);
}

/**
 * Why a task action is refused for who the viewer is (whatever the task's state): view-only and no-access office
 * users are told what their access allows; others that only the assignee or full access may act.
 */
export function taskRoleRefusal(viewer: Pick<Viewer, 'role' | 'access'>, action: TaskAction | 'edit'): string {
  const cls = viewerClass(viewer);
  if (cls === 'view') return FORBIDDEN_MESSAGES.viewOnly;
  if (cls === 'none' || action === 'edit') return FORBIDDEN_MESSAGES.change;
  return 'Only the assignee or a user with full access can do this.';
}

/** Editing tasks (name, description, schedule, assignee) is office work: admin or partial access. */
export function mayEditTasks(viewer: Pick<Viewer, 'role' | 'access'>): boolean {
  return ['admin', 'partial'].includes(viewerClass(viewer));
}

export function taskActions(
  viewer: Pick<Viewer, 'userId' | 'role' | 'access'>,
  task: TaskForRules,
  job: { status: JobStatus },
  now: Date,
  timeZone: string,
): TaskActions {
  const ctx: Ctx = {
    viewer,
    task,
    job,
    status: deriveTaskStatus(task, now, timeZone),
    category: dateCategory(task, now, timeZone),
    assignee: isTaskAssignee(viewer, task),
    full: hasFullAccess(viewer),
    subViewer: isSubcontractorRole(viewer.role),
    subTask: task.assignedTo === 'SUBCONTRACTOR',
  };
  const gated = !mayActOnTask(viewer, task);
  const out = {} as TaskActions;
  for (const action of TASK_ACTIONS) {
    const state = RULES[action](ctx);
    out[action] = gated && (isGatedTaskAction(action) || viewerClass(viewer) === 'none') ? hidden : state;
  }
  return out;
}

/** Editing a task (name, description, schedule, assignee) is office work on a task still in progress. */
export function taskEditState(viewer: Pick<Viewer, 'role' | 'access'>, task: Pick<TaskForRules, 'lifecycle'>, job: { status: JobStatus }): ActionState {
  if (!mayEditTasks(viewer)) return hidden;
  if (task.lifecycle === 'CLOSED' || task.lifecycle === 'CANCELLED') return shown(false, 'This task is closed or cancelled; it can no longer be changed.');
  return shown(job.status === 'OPEN', 'The job is closed or cancelled.');
}
