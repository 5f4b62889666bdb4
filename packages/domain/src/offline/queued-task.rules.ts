import { TASK_STATUS_LABELS, type TaskLifecycle, type TaskStatus } from '../tasks/task-status.rules.ts';
import type { ActionState, TaskAction } from '../tasks/task-actions.rules.ts';
import type { QueuedAction, QueuedActionKind } from './offline-queue.rules.ts';

/**
 * How a task shows on the phone while actions made on it offline wait to be sent: a clock-in kept on the device
 * makes the task clocked in (with its running period from the time tapped), so the technician can clock out
 * offline too; a kept clock-out makes it clocked out and offers Close; a kept close closes it. The server's
 * answer replaces all of this once the actions are sent. Notes, photos and costs do not change the task.
 */

type Period = { id: string; startTime: string; endTime: string | null };

export type QueueableTask = {
  id: string;
  status: TaskStatus;
  displayStatus: string;
  lifecycle: TaskLifecycle;
  actions: Record<TaskAction, ActionState>;
  workPeriods?: readonly Period[];
};

type Queued = Pick<QueuedAction, 'id' | 'kind' | 'taskId' | 'actedAt' | 'state'>;

const on: ActionState = { visible: true, allowed: true, reason: null };
const off: ActionState = { visible: false, allowed: false, reason: null };

/** What each kind of kept action does to the task shown; null: it leaves the task as it is. */
const EFFECTS = {
  clockIn: { lifecycle: 'CLOCKED_IN', status: 'CLOCKED_IN', actions: { clockIn: off, clockOut: on, close: off, cancel: off, onMyWay: off } },
  clockOut: { lifecycle: 'CLOCKED_OUT', status: 'CLOCKED_OUT', actions: { clockIn: off, clockOut: off, close: on, cancel: off } },
  close: { lifecycle: 'CLOSED', status: 'CLOSED', actions: { clockIn: off, clockOut: off, close: off, cancel: off, addCost: off } },
  note: null,
  photo: null,
  cost: null,
} as const satisfies Record<QueuedActionKind, { lifecycle: TaskLifecycle; status: TaskStatus; actions: Partial<Record<TaskAction, ActionState>> } | null>;

/** The kept actions of one task not yet accepted by the server, in the order they were made. */
export function unsentOf(queue: readonly Queued[], taskId: string): Queued[] {
  return queue
    .filter((a) => a.taskId === taskId && a.state !== 'done')
    .sort((a, b) => (a.actedAt < b.actedAt ? -1 : a.actedAt > b.actedAt ? 1 : a.id < b.id ? -1 : 1));
}

/** The task as the technician sees it with its kept actions applied (unchanged when there are none). */
export function withQueued<T extends QueueableTask>(task: T, queue: readonly Queued[]): T {
  let out = task;
  for (const action of unsentOf(queue, task.id)) {
    const effect = EFFECTS[action.kind];
    if (!effect) continue;
    const periods = out.workPeriods ? [...out.workPeriods] : undefined;
    if (periods && action.kind === 'clockIn') periods.push({ id: `queued:${action.id}`, startTime: action.actedAt, endTime: null });
    if (periods && action.kind === 'clockOut') {
      const running = periods.findIndex((p) => p.endTime === null);
      if (running >= 0) periods[running] = { ...periods[running]!, endTime: action.actedAt };
    }
    out = {
      ...out,
      lifecycle: effect.lifecycle,
      status: effect.status,
      displayStatus: TASK_STATUS_LABELS[effect.status],
      actions: { ...out.actions, ...effect.actions },
      ...(periods ? { workPeriods: periods } : {}),
    };
  }
  return out;
}

/**
 * Whether an action must go into the queue rather than straight to the server: always offline, and online too
 * while earlier actions of the same task wait, so a clock-out never overtakes its clock-in.
 */
export function mustQueue(queue: readonly Queued[], taskId: string, online: boolean): boolean {
  return !online || unsentOf(queue, taskId).length > 0;
}

/** The running period a clock-out kept offline ends: the server's, else the one a kept clock-in opened. */
export function queuedRunningStart(queue: readonly Queued[], taskId: string): string | null {
  const unsent = unsentOf(queue, taskId);
  let start: string | null = null;
  for (const a of unsent) {
    if (a.kind === 'clockIn') start = a.actedAt;
    if (a.kind === 'clockOut') start = null;
  }
  return start;
}
