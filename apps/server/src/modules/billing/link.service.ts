import { nowIso } from '@fieldwork/db/sql-helpers';
import { LINK_MESSAGES } from '@fieldwork/domain/estimates.rules';
import { AppError } from '@fieldwork/domain/errors';
import type { Db } from '@fieldwork/db/connection';
import type { Viewer } from '@fieldwork/domain/roles';
import { recordActivity } from '../activity/activity.repository.ts';

type Ctx = { db: Db; dialect: 'sqlite' | 'postgres'; viewer: Viewer };

/**
 * Link a loose estimate or invoice to a job, once: `UPDATE … WHERE job_id IS NULL` — of parallel links one
 * lands and the rest get 409; nothing ever unsets it. A void document without a job cannot be linked; the job
 * must be open and the same customer's. The job's money columns move in the same transaction.
 */
export async function linkToJob(ctx: Ctx, kind: 'estimate' | 'invoice', docId: string, jobId: string): Promise<{ id: string; jobId: string; jobNumber: number }> {
  const { viewer } = ctx;
  const table = kind === 'estimate' ? 'estimates' : 'invoices';
  const label = kind === 'estimate' ? 'Estimate' : 'Invoice';
  const doc = await ctx.db.selectFrom(table as 'estimates').select(['id', 'job_id', 'status', 'customer_id']).where('tenant_id', '=', viewer.tenantId).where('id', '=', docId).executeTakeFirst();
  if (!doc) throw new AppError('NOT_FOUND', `${label} not found.`);
  const job = await ctx.db.selectFrom('jobs').select(['id', 'job_number', 'status', 'customer_id']).where('tenant_id', '=', viewer.tenantId).where('id', '=', jobId).executeTakeFirst();
  if (!job) throw new AppError('NOT_FOUND', 'Job not found.');
  if (doc.job_id) throw new AppError('CONFLICT', LINK_MESSAGES.alreadyLinked);
  if (doc.status === 'VOID') throw new AppError('CONFLICT', LINK_MESSAGES.voidUnlinkable);
  if (job.status !== 'OPEN') throw new AppError('CONFLICT', LINK_MESSAGES.jobNotOpen);
  if (job.customer_id !== doc.customer_id) throw new AppError('CONFLICT', LINK_MESSAGES.otherCustomer);
  const at = nowIso();
  await ctx.db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable(table as 'estimates')
      .set((eb) => ({ job_id: jobId, updated_at: at, version: eb('version', '+', 1) }))
      .where('tenant_id', '=', viewer.tenantId)
      .where('id', '=', docId)
      .where('job_id', 'is', null)
      .where('status', '<>', 'VOID')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw new AppError('CONFLICT', LINK_MESSAGES.alreadyLinked);
    await recordActivity(trx, viewer.tenantId, {
      jobId, entityType: kind === 'estimate' ? 'ESTIMATE' : 'INVOICE', entityId: docId, action: kind === 'estimate' ? 'ESTIMATE_LINKED' : 'INVOICE_LINKED',
      message: `${label} linked to job #${job.job_number}`, actorId: viewer.userId, at,
    });
  });
  return { id: docId, jobId, jobNumber: job.job_number };
}
