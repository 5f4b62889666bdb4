import type { Db } from '@fieldwork/db/connection';
import { countJobTasks, type JobTaskCounts } from '@fieldwork/domain/jobs/job-status.rules';
import type { AssignedTo, TaskLifecycle } from '@fieldwork/domain/tasks/task-status.rules';
import { loadJobTaskFacts, type JobTaskFactRow } from './jobs-tasks.repository.ts';

/** The domain's counts for one job's task rows (derived statuses in the company's zone). */
export function countTaskRows(rows: JobTaskFactRow[], now: Date, timeZone: string): JobTaskCounts {
  return countJobTasks(
    rows.map((r) => ({
      lifecycle: r.lifecycle as TaskLifecycle,
      startDateTime: r.start_at,
      expectedEndDateTime: r.expected_end_at,
      assignedTo: r.assigned_to as AssignedTo,
    })),
    now,
    timeZone,
  );
}

/** Task counts of many jobs from one query, never one per job (the job list is measured at 200k jobs). */
export async function taskCountsByJob(
  db: Db,
  tenantId: string,
  jobIds: string[],
  timeZone: string,
  now = new Date(),
): Promise<(jobId: string) => JobTaskCounts> {
  const rows = await loadJobTaskFacts(db, tenantId, jobIds);
  const byJob = new Map<string, JobTaskFactRow[]>();
  for (const r of rows) byJob.set(r.job_id, [...(byJob.get(r.job_id) ?? []), r]);
  return (jobId) => countTaskRows(byJob.get(jobId) ?? [], now, timeZone);
}
