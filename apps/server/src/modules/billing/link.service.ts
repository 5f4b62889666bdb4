import { LINK_MESSAGES, linkRefusal } from '@fieldwork/domain/billing/estimates.rules';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import { findJobHeader } from '../job-core/jobs-lookup.repository.ts';
import { changeDocument } from './document-change.service.ts';
import { setDocumentJobIf } from './document-writes.repository.ts';
import type { BillingCtx } from './document-writes.service.ts';
import { findEstimate, findInvoice, type DocKind } from './documents.repository.ts';

/**
 * Link a loose estimate or invoice to a job, once: `UPDATE … WHERE job_id IS NULL` — of parallel links one
 * lands and the rest get 409; nothing ever unsets it. A void document without a job cannot be linked; the job
 * must be open and the same customer's. The job's money columns move in the same transaction.
 */
export async function linkToJob(ctx: BillingCtx, kind: DocKind, docId: string, jobId: string): Promise<{ id: string; jobId: string; jobNumber: number }> {
  const { tenantId } = ctx.viewer;
  const label = kind === 'estimate' ? 'Estimate' : 'Invoice';
  const doc = kind === 'estimate' ? await findEstimate(ctx.db, tenantId, docId) : await findInvoice(ctx.db, tenantId, docId);
  if (!doc) throw new AppError('NOT_FOUND', `${label} not found.`);
  const job = await findJobHeader(ctx.db, tenantId, jobId);
  if (!job) throw new AppError('NOT_FOUND', 'Job not found.');
  const refusal = linkRefusal({ jobId: doc.job_id, status: doc.status, customerId: doc.customer_id }, { status: job.status, customerId: job.customer_id });
  if (refusal) throw new AppError('CONFLICT', refusal.message);
  await changeDocument(ctx, {
    allowed: true,
    refuse: () => new AppError('CONFLICT', LINK_MESSAGES.alreadyLinked),
    write: (trx, at) => setDocumentJobIf(trx, kind, tenantId, docId, jobId, at),
    activity: {
      jobId,
      entityType: kind === 'estimate' ? 'ESTIMATE' : 'INVOICE',
      entityId: docId,
      action: kind === 'estimate' ? 'ESTIMATE_LINKED' : 'INVOICE_LINKED',
      message: `${label} linked to job #${job.job_number}`,
    },
  });
  return { id: docId, jobId, jobNumber: job.job_number };
}
