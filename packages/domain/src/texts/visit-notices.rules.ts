import { reminderAt } from './text-timing.rules.ts';

/**
 * Which notices a change to a visit (a task's schedule, assignee or state) causes. Written as one rule so every
 * path that changes a task — the scheduler, the task form, a bid award, cancel and reopen — decides the same way.
 */

export type VisitState = {
  lifecycle: string;
  startAt: string | null;
  /** The technician's user id or the subcontractor's id; null when unassigned. */
  assigneeKey: string | null;
};

export type NoticePrefs = { remindersOn: boolean; reminderHours: number; bookingConfirmation: boolean };

export type VisitNoticePlan = {
  /** When the customer's reminder goes; null withdraws any queued one. */
  reminderAt: Date | null;
  /** The booking confirmation: only for the first schedule a task ever gets. */
  booking: boolean;
  /** Tell the assigned technician: the task became theirs, or its time moved. */
  assignment: boolean;
};

const NO_NOTICE: VisitNoticePlan = { reminderAt: null, booking: false, assignment: false };

/**
 * `before` is null for a task just created. A visit is reminded only while it is open, scheduled and assigned;
 * a reminder whose time has already passed when the visit is booked (booked inside the reminder window) is not
 * sent at all — the customer has just arranged it.
 */
export function planVisitNotices(before: VisitState | null, after: VisitState, prefs: NoticePrefs, now: Date, timeZone: string): VisitNoticePlan {
  if (after.lifecycle !== 'OPEN' || !after.startAt) return NO_NOTICE;
  const at = after.assigneeKey && prefs.remindersOn ? reminderAt(after.startAt, prefs.reminderHours, timeZone) : null;
  const firstSchedule = !before?.startAt;
  const assigneeChanged = !!after.assigneeKey && after.assigneeKey !== before?.assigneeKey;
  const moved = !!after.assigneeKey && !!before?.startAt && before.startAt !== after.startAt;
  return {
    reminderAt: at && at.getTime() > now.getTime() ? at : null,
    booking: prefs.bookingConfirmation && firstSchedule && new Date(after.startAt).getTime() > now.getTime(),
    assignment: assigneeChanged || moved,
  };
}

/** Keys of the notices, each sent once (held by the sent_notices table). */
export const noticeKeys = {
  reminder: (taskId: string, scheduleVersion: number) => `reminder:${taskId}:${scheduleVersion}`,
  reminderPrefix: (taskId: string) => `reminder:${taskId}:`,
  booking: (taskId: string) => `booking:${taskId}`,
  assignment: (taskId: string, version: number) => `assignment:${taskId}:${version}`,
  jobCompleted: (jobId: string) => `job_completed:${jobId}`,
};

/** What a technician reads when a task becomes theirs or moves: the product's words, short enough for one text. */
export function assignmentNoticeText(p: {
  companyName: string;
  taskNumber: number;
  taskName: string;
  customerName: string | null;
  date: string;
  time: string;
  moved: boolean;
}): string {
  const task = `task #${p.taskNumber} ${p.taskName}${p.customerName ? ` for ${p.customerName}` : ''}`;
  return p.moved ? `${p.companyName}: ${task} moved to ${p.date} at ${p.time}.` : `${p.companyName}: ${task} is assigned to you, ${p.date} at ${p.time}.`;
}
