import { dataUrlOf, pngImage } from '@fieldwork/testing/image-samples';
import type { TestApp, Session } from '../../test-support/test-app.ts';

/** A line in API units (dollars, plain quantities). */
export const line = (name: string, qty: number, rate: number, taxPercent = 0) => ({ name, qty, rate, isTaxable: taxPercent > 0, taxPercent });

export const estimateBody = (o: { jobId?: string; accountId?: string; lines?: object[]; info?: object; mode?: 'Draft' | 'Send' } = {}) => ({
  mode: o.mode ?? 'Draft',
  jobInfo: o.jobId ? { type: 'Existing', jobId: o.jobId } : { type: 'NonJob', accountId: o.accountId },
  estimateInfo: { dueDate: null, ...o.info },
  productServices: o.lines ?? [line('Pump', 2, 150, 10), line('Labour', 1.5, 80)],
});

export const invoiceBody = (o: { jobId?: string; accountId?: string; lines?: object[]; info?: object; mode?: 'Draft' | 'Send' } = {}) => ({
  mode: o.mode ?? 'Draft',
  jobInfo: o.jobId ? { type: 'Existing', jobId: o.jobId } : { type: 'NonJob', accountId: o.accountId },
  invoiceInfo: { ...o.info },
  productServices: o.lines ?? [line('Pump', 2, 150, 10), line('Labour', 1.5, 80)],
});

/** A small real signature: the approval schema reads its PNG header. */
export const PNG = dataUrlOf(pngImage(40, 16));

export async function jobMoney(t: TestApp, jobId: string) {
  return t.db
    .selectFrom('jobs')
    .select([
      'open_estimates_count',
      'open_estimates_cents',
      'due_invoices_count',
      'due_invoices_cents',
      'paid_cents',
      'open_balance_cents',
      'estimate_count',
      'invoice_count',
    ])
    .where('id', '=', jobId)
    .executeTakeFirstOrThrow();
}

export async function approvedEstimate(t: TestApp, admin: Session, jobId: string): Promise<string> {
  const est = (await t.call('POST', '/api/estimates', admin.cookie, estimateBody({ jobId, mode: 'Send' }))).json().data;
  const res = await t.call('POST', `/api/estimates/${est.id}/approval`, admin.cookie, { decision: 'APPROVED', signerName: 'Carla Customer', signature: PNG });
  if (res.statusCode !== 200) throw new Error(res.body);
  return est.id;
}
