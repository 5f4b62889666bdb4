import type { Db } from '@fieldwork/db/connection';
import { diffFields } from '@fieldwork/domain/jobs/activity.schemas';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import { assigneeKeys } from '@fieldwork/domain/common/events.schemas';
import { JOB_TRANSITIONS, jobStatusActions, type JobTaskCounts } from '@fieldwork/domain/jobs/job-status.rules';
import type { Job, JobStatus, JobStatusAction } from '@fieldwork/domain/jobs/jobs.schemas';
import type { Viewer } from '@fieldwork/domain/access/roles.rules';
import { recordActivity } from '../activity/activity.repository.ts';
import { afterCommit, runTransaction } from '@fieldwork/db/transactions';
import { requireJobHeader } from '../job-core/jobs-lookup.service.ts';
import { cancelOpenTasksOfJob } from '../task-core/tasks.repository.ts';
import { loadJobTaskFacts } from './jobs-tasks.repository.ts';
import { countTaskRows } from './jobs-tasks.service.ts';
import { setJobStatusIf } from './jobs.repository.ts';
import { getJob } from './jobs.service.ts';
import { jobClosed, visitEnded } from '../visit-notices/visit-notices.service.ts';

/** Why the domain's job rule (job-status.rules.ts) refuses an action, in words for the toast. */
export function jobStatusRefusal(action: JobStatusAction, status: JobStatus, c: JobTaskCounts): string {
  if (action === 'REOPENED') return status === 'CANCELLED' ? 'A cancelled job cannot be re-opened.' : 'Only a closed job can be re-opened.';
  if (status === 'CANCELLED') return 'This job is cancelled; that is final.';
  if (status === 'CLOSED') return action === 'CLOSED' ? 'This job is already closed.' : 'A closed job cannot be cancelled.';
  if (action === 'CANCELLED') return 'This job cannot be cancelled because work has been recorded on its tasks.';
  if (c.open > 0) return 'This job cannot be closed while it has open tasks.';
  return 'This job has no work recorded on its tasks; cancel it instead of closing it.';
}

const ACTION_WORDS = { CLOSED: 'Closed', REOPENED: 'Re-opened', CANCELLED: 'Cancelled' } as const satisfies Record<JobStatusAction, string>;

/**
 * Close, cancel or re-open a job. The status moves first, conditionally on the status read (one of two
 * racing changes wins; on PostgreSQL it also holds the job's row lock, so task creates and reopens wait),
 * then the job's tasks are read and the domain rule decides; a refusal rolls everything back. Cancelling
 * cancels the job's tasks nobody has started, each with its log entry, in the same transaction.
 */
export async function changeJobStatus(db: Db, viewer: Viewer, timeZone: string, jobId: string, action: JobStatusAction): Promise<Job> {
  const job = await requireJobHeader(db, viewer.tenantId, jobId);
  const from = job.status as JobStatus;
  const to = (JOB_TRANSITIONS[from] as Partial<Record<JobStatusAction, JobStatus>>)[action];
  const now = new Date();
  const at = now.toISOString();
  if (!to) throw new AppError('CONFLICT', jobStatusRefusal(action, from, countTaskRows([], now, timeZone)));
  await runTransaction(db, async (trx) => {
    if (!(await setJobStatusIf(trx, viewer.tenantId, jobId, from, to, at)))
      throw new AppError('CONFLICT', 'This job was changed by someone else. Reload and try again.');
    const counts = countTaskRows(await loadJobTaskFacts(trx, viewer.tenantId, [jobId]), now, timeZone);
    if (!jobStatusActions({ status: from }, counts)[action]) throw new AppError('CONFLICT', jobStatusRefusal(action, from, counts));
    const keys: string[] = [];
    if (action === 'CANCELLED') {
      for (const task of await cancelOpenTasksOfJob(trx, viewer.tenantId, jobId, at)) {
        keys.push(...assigneeKeys(task.assignee_key));
        await visitEnded(trx, viewer.tenantId, task.id);
        await recordActivity(trx, viewer.tenantId, {
          jobId,
          entityType: 'TASK',
          entityId: task.id,
          action: 'TASK_CANCELLED',
          message: `Cancelled task #${task.task_number} with job #${job.job_number}`,
          actorId: viewer.userId,
          changes: diffFields({ Lifecycle: 'OPEN' }, { Lifecycle: 'CANCELLED' }),
          at,
        });
      }
    }
    await recordActivity(trx, viewer.tenantId, {
      jobId,
      entityType: 'JOB',
      entityId: jobId,
      action: 'JOB_STATUS_CHANGED',
      message: `${ACTION_WORDS[action]} job #${job.job_number}`,
      actorId: viewer.userId,
      changes: diffFields({ Status: from }, { Status: to }),
      at,
    });
    if (action === 'CLOSED') await jobClosed(trx, viewer.tenantId, jobId);
    await afterCommit(trx, viewer.tenantId, { type: 'job.status', jobId, assigneeKeys: assigneeKeys(...keys), at });
  });
  return getJob(db, viewer, timeZone, jobId);
}
