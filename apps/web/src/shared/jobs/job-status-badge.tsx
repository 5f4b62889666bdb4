import type { Job, JobStatus } from '@fieldwork/domain/jobs/jobs.schemas';
import { Badge, type BadgeTone } from '../../components/badge';

const STATUS: Record<JobStatus, { label: string; tone: BadgeTone }> = {
  OPEN: { label: 'Open', tone: 'primary' },
  CLOSED: { label: 'Closed', tone: 'dark' },
  CANCELLED: { label: 'Cancelled', tone: 'danger' },
};

export const JOB_STATUS_OPTIONS = (Object.keys(STATUS) as JobStatus[]).map((value) => ({ value, label: STATUS[value].label }));

export function JobStatusBadge({ status }: { status: JobStatus }) {
  const s = STATUS[status];
  return <Badge tone={s.tone}>{s.label}</Badge>;
}

const SUMMARY_TONES = { OPEN_TASKS: 'primary', OVERDUE_TASKS: 'danger', ALL_TASKS_CLOSED: 'success', CLOSED: 'dark' } as const satisfies Record<
  NonNullable<Job['statusInfo']['summary']>['state'],
  BadgeTone
>;

/** The job-level task badge: "N Open Tasks", "N Overdue Tasks", "All Tasks Closed" (a closed job's own badge already says so). */
export function JobTaskSummaryBadge({ summary }: { summary: Job['statusInfo']['summary'] }) {
  if (!summary || summary.state === 'CLOSED') return null;
  return <Badge tone={SUMMARY_TONES[summary.state]}>{summary.label}</Badge>;
}

/** Spec: an empty name reads "Untitled". */
export function jobName(name: string | null | undefined): string {
  return name && name.trim() ? name : 'Untitled';
}

export function jobNumberText(jobNumber: number): string {
  return `#${jobNumber}`;
}
