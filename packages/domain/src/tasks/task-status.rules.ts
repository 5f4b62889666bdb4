import { TZDate } from '@date-fns/tz';
import { addDays, startOfDay } from 'date-fns';
import { dayIn } from '../time/zoned-day.rules.ts';

/**
 * Task status: the stored lifecycle plus the status the spec's rules speak of, derived by one pure
 * function from (lifecycle, schedule, assignee, now, tenant time zone) — used by the API and the UI alike.
 */
export const TASK_LIFECYCLES = ['OPEN', 'CLOCKED_IN', 'CLOCKED_OUT', 'CLOSED', 'CANCELLED'] as const;
export type TaskLifecycle = (typeof TASK_LIFECYCLES)[number];

export const TASK_STATUSES = [
  'OPEN',
  'UNSCHEDULED',
  'UNASSIGNED',
  'UPCOMING',
  'AWAITING_START',
  'CLOCKED_IN',
  'CLOCKED_OUT',
  'MISSED',
  'CLOSED',
  'CANCELLED',
] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export type DateCategory = 'past' | 'today' | 'future' | 'unscheduled';
export type AssignedTo = 'TECHNICIAN' | 'SUBCONTRACTOR' | 'NONE';

export type TaskFacts = {
  lifecycle: TaskLifecycle;
  startDateTime: string | null;
  expectedEndDateTime: string | null;
  assignedTo: AssignedTo;
};

/** Colours; unscheduled and unassigned tasks (not named there) are neutral. */
export const TASK_STATUS_COLOURS = {
  MISSED: 'red',
  CANCELLED: 'red',
  CLOSED: 'black',
  CLOCKED_OUT: 'black',
  AWAITING_START: 'amber',
  UPCOMING: 'amber',
  CLOCKED_IN: 'green',
  OPEN: 'primary',
  UNSCHEDULED: 'neutral',
  UNASSIGNED: 'neutral',
} as const satisfies Record<TaskStatus, 'red' | 'black' | 'amber' | 'green' | 'primary' | 'neutral'>;

export const TASK_STATUS_LABELS = {
  OPEN: 'Open',
  UNSCHEDULED: 'Unscheduled',
  UNASSIGNED: 'Unassigned',
  UPCOMING: 'Upcoming',
  AWAITING_START: 'Awaiting Start',
  CLOCKED_IN: 'Clocked In',
  CLOCKED_OUT: 'Clocked Out',
  MISSED: 'Missed',
  CLOSED: 'Closed',
  CANCELLED: 'Cancelled',
} as const satisfies Record<TaskStatus, string>;

/**
 * One formatter per zone: building an Intl.DateTimeFormat costs far more than using one, and a task list page
 * derives statuses and actions many times per row (at 10 rows it was a third of the server's CPU).
 */
/** Spec: a task with no assignee or no start is unscheduled; otherwise its start's day against today, in the tenant's zone. */
export function dateCategory(task: Pick<TaskFacts, 'startDateTime' | 'assignedTo'>, now: Date, timeZone: string): DateCategory {
  if (!task.startDateTime || task.assignedTo === 'NONE') return 'unscheduled';
  const start = dayIn(task.startDateTime, timeZone);
  const today = dayIn(now, timeZone);
  return start < today ? 'past' : start > today ? 'future' : 'today';
}

/**
 * The spec's status for an open (never clocked) task — one consistent reading of the spec's status rules:
 * before its start day UPCOMING; on the day before its start time AWAITING_START; from the start until
 * the expected end OPEN (a multi-day task started yesterday is still OPEN); after the end MISSED. With no
 * expected end the task is OPEN for the rest of its start day.
 */
export function deriveTaskStatus(task: TaskFacts, now: Date, timeZone: string): TaskStatus {
  if (task.lifecycle !== 'OPEN') return task.lifecycle;
  if (!task.startDateTime) return 'UNSCHEDULED';
  if (task.assignedTo === 'NONE') return 'UNASSIGNED';
  const start = new Date(task.startDateTime).getTime();
  const t = now.getTime();
  if (t < start) return dayIn(task.startDateTime, timeZone) > dayIn(now, timeZone) ? 'UPCOMING' : 'AWAITING_START';
  if (task.expectedEndDateTime) return t < new Date(task.expectedEndDateTime).getTime() ? 'OPEN' : 'MISSED';
  return dayIn(task.startDateTime, timeZone) === dayIn(now, timeZone) ? 'OPEN' : 'MISSED';
}

/** Spec: two tasks overlap if one starts before the other ends and ends after the other starts. */
export function overlaps(a: { start: Date; end: Date }, b: { start: Date; end: Date }): boolean {
  return a.start.getTime() < b.end.getTime() && a.end.getTime() > b.start.getTime();
}

/** Spec: two tasks occupy the same layout slot if their starts are within 1 minute. */
export const SAME_SLOT_MS = 60_000;

export function sameSlot(a: Date, b: Date): boolean {
  return Math.abs(a.getTime() - b.getTime()) <= SAME_SLOT_MS;
}

/**
 * The instants the derived status turns on, for queries that filter by it: a repository turns each status
 * into a range over (lifecycle, start, expected end) with these bounds, and a test on both databases checks
 * the ranges agree with deriveTaskStatus row by row.
 */
export function statusBounds(now: Date, timeZone: string): { now: string; startOfToday: string; startOfTomorrow: string } {
  const today = startOfDay(new TZDate(now.getTime(), timeZone));
  return {
    now: now.toISOString(),
    startOfToday: new Date(today.getTime()).toISOString(),
    startOfTomorrow: new Date(addDays(today, 1).getTime()).toISOString(),
  };
}
