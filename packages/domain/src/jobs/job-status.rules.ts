import type { JobStatus, JobStatusAction, JobTaskSummaryState } from './jobs.schemas.ts';
import { deriveTaskStatus, type TaskFacts } from '../tasks/task-status.rules.ts';

/** OPEN → CLOSED, OPEN → CANCELLED (final), CLOSED → OPEN. A cancelled job has no way back. */
export const JOB_TRANSITIONS = {
  OPEN: { CLOSED: 'CLOSED', CANCELLED: 'CANCELLED' },
  CLOSED: { REOPENED: 'OPEN' },
  CANCELLED: {},
} as const satisfies Record<JobStatus, Partial<Record<JobStatusAction, JobStatus>>>;

export type JobTaskCounts = { total: number; open: number; overdue: number; closed: number; clockedIn: number; clockedOut: number };

/**
 * A job's task counts from its tasks' facts: open means not yet finished (open, clocked in or clocked out),
 * overdue means derived MISSED, cancelled tasks count toward nothing.
 */
export function countJobTasks(tasks: readonly TaskFacts[], now: Date, timeZone: string): JobTaskCounts {
  const c: JobTaskCounts = { total: 0, open: 0, overdue: 0, closed: 0, clockedIn: 0, clockedOut: 0 };
  for (const t of tasks) {
    if (t.lifecycle === 'CANCELLED') continue;
    c.total += 1;
    if (t.lifecycle === 'CLOSED') c.closed += 1;
    else c.open += 1;
    if (t.lifecycle === 'CLOCKED_IN') c.clockedIn += 1;
    if (t.lifecycle === 'CLOCKED_OUT') c.clockedOut += 1;
    if (deriveTaskStatus(t, now, timeZone) === 'MISSED') c.overdue += 1;
  }
  return c;
}

/** The tasks "are all closed" only when there is at least one and every counted one is closed. */
const allClosed = (c: JobTaskCounts) => c.total > 0 && c.closed === c.total;

/** Cancel: nothing was worked (no task clocked in, clocked out or closed), the job is open, and not all tasks are closed. */
export function canCancelJob(job: { status: JobStatus }, c: JobTaskCounts): boolean {
  return job.status === 'OPEN' && c.clockedIn === 0 && c.clockedOut === 0 && c.closed === 0 && !allClosed(c);
}

/** Close: the job is open, it cannot be cancelled, and all tasks are closed or none is open. */
export function canCloseJob(job: { status: JobStatus }, c: JobTaskCounts): boolean {
  return job.status === 'OPEN' && !canCancelJob(job, c) && (allClosed(c) || c.open === 0);
}

export function canReopenJob(job: { status: JobStatus }): boolean {
  return job.status === 'CLOSED';
}

export function jobStatusActions(job: { status: JobStatus }, c: JobTaskCounts): Record<JobStatusAction, boolean> {
  return { CLOSED: canCloseJob(job, c), CANCELLED: canCancelJob(job, c), REOPENED: canReopenJob(job) };
}

/** The job-level badge: a closed job says so; overdue tasks outrank open ones; all closed says so. */
export function jobTaskSummary(job: { status: JobStatus }, c: JobTaskCounts): { state: JobTaskSummaryState; label: string } | null {
  if (job.status === 'CLOSED') return { state: 'CLOSED', label: 'Closed' };
  if (c.overdue > 0) return { state: 'OVERDUE_TASKS', label: `${c.overdue} Overdue Tasks` };
  if (c.open > 0) return { state: 'OPEN_TASKS', label: `${c.open} Open Tasks` };
  if (allClosed(c)) return { state: 'ALL_TASKS_CLOSED', label: 'All Tasks Closed' };
  return null;
}

/** The three ticks the close-job dialog requires. */
export const CLOSE_JOB_CHECKLIST = [
  'All invoices have been created and sent.',
  'All tasks, estimates and media are completed and sent.',
  'All invoices are fully paid.',
] as const;

export const JOB_STATUS_TOASTS = {
  CLOSED: { success: 'Job closed successfully!', failure: 'Close job failed' },
  REOPENED: { success: 'Job re-opened successfully!', failure: 'Re-opening job failed' },
  CANCELLED: { success: 'Job canceled successfully!', failure: 'Cancel job failed' },
} as const satisfies Record<JobStatusAction, { success: string; failure: string }>;
