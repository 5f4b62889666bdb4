import type { Db } from '@fieldwork/db/connection';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import { findJobHeader } from './jobs-lookup.repository.ts';

/** Another tenant's job is indistinguishable from a missing one. */
export async function requireJobHeader(db: Db, tenantId: string, jobId: string) {
  const job = await findJobHeader(db, tenantId, jobId);
  if (!job) throw new AppError('NOT_FOUND', 'Job not found.');
  return job;
}

/** Notes and media of a closed or cancelled job are read-only. */
export async function requireOpenJob(db: Db, tenantId: string, jobId: string) {
  const job = await requireJobHeader(db, tenantId, jobId);
  if (job.status !== 'OPEN') throw new AppError('CONFLICT', 'This job is closed or cancelled; it can no longer be changed.');
  return job;
}
