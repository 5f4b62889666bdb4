import type { Db } from '@fieldwork/db/connection';
import { noticeKeys, planVisitNotices, type VisitState } from '@fieldwork/domain/texts/visit-notices.rules';
import { enqueueJob, withdrawQueuedJobs, withdrawQueuedJobsAtCommit } from '../background/background.service.ts';
import { DEFAULT_TEXT_PREFS, loadTextPrefs } from '../texts/text-preferences.service.ts';
import { findVisitFacts, type VisitFacts } from './visit-notices.repository.ts';

/** What the job the notice handler runs is asked to do. */
export type VisitNoticePayload =
  | { notice: 'reminder'; taskId: string; scheduleVersion: number }
  | { notice: 'booking_confirmation'; taskId: string }
  | { notice: 'assignment'; taskId: string; version: number; moved: boolean }
  | { notice: 'job_completed'; jobId: string };

/** A task's state before the change: what decides "first schedule", "assigned to someone new", "moved". */
export function visitStateOf(row: { lifecycle: string; start_at: string | null; assignee_key: string | null }): VisitState {
  return { lifecycle: row.lifecycle, startAt: row.start_at, assigneeKey: row.assignee_key };
}

/**
 * Called in the transaction of every change to a task's schedule, assignee or state (null `before`: a task just
 * created). Reads the task as the transaction now sees it and queues what the change causes: the customer's
 * reminder (one per schedule version; a re-schedule withdraws the queued one and queues its successor; cancel,
 * unassign and unschedule withdraw it), the booking confirmation, the technician's notice. Only jobs are queued
 * here — the texts are rendered when they go, with the words and data of that moment.
 */
export async function visitChanged(
  trx: Db,
  tenantId: string,
  taskId: string,
  before: VisitState | null,
  read?: { visit: VisitFacts | undefined },
): Promise<void> {
  // `read`: the facts as the change's own statement returned them (updateTaskWithVisitFacts), read after the change.
  const visit = read ? read.visit : await findVisitFacts(trx, tenantId, taskId);
  if (!visit) return;
  const prefs = {
    remindersOn: visit.reminders_on === null ? DEFAULT_TEXT_PREFS.remindersOn : !!visit.reminders_on,
    reminderHours: visit.reminder_hours ?? DEFAULT_TEXT_PREFS.reminderHours,
    bookingConfirmation: visit.booking_confirmation === null ? DEFAULT_TEXT_PREFS.bookingConfirmation : !!visit.booking_confirmation,
  };
  const plan = planVisitNotices(before, visitStateOf(visit), prefs, new Date(), visit.time_zone);
  const reminderKey = plan.reminderAt ? noticeKeys.reminder(taskId, visit.schedule_version) : null;
  // A reminder is queued only for a scheduled, assigned task, and every change of schedule or assignee since went
  // through here: a task that was not both before this change has none to withdraw (a new task, a plan's generated
  // visit, a first schedule — one statement fewer each).
  const mayHaveReminder = !!before && before.startAt !== null && before.assigneeKey !== null;
  // Held to commit: nothing below enqueues under the prefix but reminderKey, which the withdrawal keeps.
  if (mayHaveReminder) await withdrawQueuedJobsAtCommit(trx, tenantId, 'visit.notice', noticeKeys.reminderPrefix(taskId), reminderKey);
  if (plan.reminderAt && reminderKey) {
    const payload: VisitNoticePayload = { notice: 'reminder', taskId, scheduleVersion: visit.schedule_version };
    await enqueueJob(trx, tenantId, 'visit.notice', payload, { dedupeKey: reminderKey, runAt: plan.reminderAt.toISOString() });
  }
  if (plan.booking) {
    const payload: VisitNoticePayload = { notice: 'booking_confirmation', taskId };
    await enqueueJob(trx, tenantId, 'visit.notice', payload, { dedupeKey: noticeKeys.booking(taskId) });
  }
  if (plan.assignment && visit.assigned_user_id && visit.assignment_notice !== 'off') {
    const moved = !!before?.startAt && before.assigneeKey === visit.assignee_key;
    const payload: VisitNoticePayload = { notice: 'assignment', taskId, version: visit.version, moved };
    await enqueueJob(trx, tenantId, 'visit.notice', payload, { dedupeKey: noticeKeys.assignment(taskId, visit.version) });
  }
}

/** In the transaction that closes a job: the site contact's "job completed" text, when the company sends them. */
export async function jobClosed(trx: Db, tenantId: string, jobId: string): Promise<void> {
  if (!(await loadTextPrefs(trx, tenantId)).jobCompleted) return;
  const payload: VisitNoticePayload = { notice: 'job_completed', jobId };
  await enqueueJob(trx, tenantId, 'visit.notice', payload, { dedupeKey: noticeKeys.jobCompleted(jobId) });
}

/** A task cancelled with its job: its queued reminder is withdrawn with it. */
export async function visitEnded(trx: Db, tenantId: string, taskId: string): Promise<void> {
  await withdrawQueuedJobs(trx, tenantId, 'visit.notice', noticeKeys.reminderPrefix(taskId));
}
