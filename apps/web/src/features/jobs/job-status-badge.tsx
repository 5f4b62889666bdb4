import type { JobStatus } from '@fieldwork/domain/jobs.schemas';
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

/** Spec: an empty name reads "Untitled". */
export function jobName(name: string | null | undefined): string {
  return name && name.trim() ? name : 'Untitled';
}

export function jobNumberText(jobNumber: number): string {
  return `#${jobNumber}`;
}
