import type { FastifyInstance } from 'fastify';
import type { Db } from '@fieldwork/db/connection';
import { PORTAL_SIGN_IN_LINK_MINUTES } from '@fieldwork/domain/portal/portal.rules';
import { publicOrigin } from '../../lib/public-url.ts';
import { findTenant } from '../account-core/company.repository.ts';
import { findUser } from '../account-core/users.repository.ts';
import type { EstimateRow } from '../billing/documents.repository.ts';
import { findJobForDocument } from '../billing/documents.repository.ts';
import { queueEmail } from '../messages/messages.service.ts';
import { findJobLead } from './portal.repository.ts';

/** Office mail goes to the job's lead when there is one, else to the company's own address (when it has one). */
async function officeRecipient(db: Db, tenantId: string, jobId: string | null): Promise<string | null> {
  const leadId = jobId ? await findJobLead(db, tenantId, jobId) : null;
  const lead = leadId ? await findUser(db, tenantId, leadId) : null;
  if (lead?.status === 'ACTIVE') return lead.email;
  return (await findTenant(db, tenantId))?.email ?? null;
}

/** The job lead hears of the customer's answer, with the comment and a link to the estimate. */
export async function queueAnswerEmail(
  trx: Db,
  app: FastifyInstance,
  estimate: EstimateRow,
  answer: { verb: string; label: string; signer: string; comment: string | null },
): Promise<void> {
  const to = await officeRecipient(trx, estimate.tenant_id, estimate.job_id);
  if (!to) return;
  const job = estimate.job_id ? await findJobForDocument(trx, estimate.tenant_id, estimate.job_id) : null;
  const details: [string, string][] = [
    ['Estimate', `#${estimate.estimate_number}`],
    ['Customer', estimate.customer_name],
    ['Answer', answer.label],
  ];
  if (job) details.push(['Job', `#${job.job_number}`]);
  if (answer.comment) details.push(['Comment', answer.comment]);
  await queueEmail(
    { db: trx, tenantId: estimate.tenant_id, box: app.secrets },
    {
      kind: 'estimate_answered',
      to: [to],
      subject: `${estimate.customer_name} ${answer.verb} estimate #${estimate.estimate_number}`,
      content: {
        message: `${answer.signer} ${answer.verb} estimate #${estimate.estimate_number} in the customer portal.`,
        details,
        button: { label: 'Open the estimate', url: `${publicOrigin(app)}/workorder/estimates/${estimate.id}` },
      },
      refs: { customerId: estimate.customer_id, jobId: estimate.job_id, estimateId: estimate.id },
      createdBy: null,
    },
  );
}

export async function queueSignInEmail(trx: Db, app: FastifyInstance, tenantId: string, customerId: string, to: string, link: string): Promise<void> {
  const company = await findTenant(trx, tenantId);
  await queueEmail(
    { db: trx, tenantId, box: app.secrets },
    {
      kind: 'portal_sign_in',
      to: [to],
      subject: `Your sign-in link for ${company?.name ?? 'our customer portal'}`,
      content: {
        message: `Here is your link to see your estimates, invoices and visits with ${company?.name ?? 'us'}. It works for ${PORTAL_SIGN_IN_LINK_MINUTES} minutes.`,
        button: { label: 'Open my portal', url: 'https://link' },
        footnote: 'You get this email because someone asked for a sign-in link for this address. If it was not you, ignore it.',
      },
      secretLink: link,
      refs: { customerId },
      createdBy: null,
    },
  );
}

/** The office hears of a request for work (the lead is in the CRM list). */
export async function queueWorkRequestEmail(
  trx: Db,
  app: FastifyInstance,
  tenantId: string,
  request: {
    customerId: string;
    customerName: string;
    leadNumber: number;
    description: string;
    address: string;
    preferredTimes: string | null;
    from: string;
    photoCount: number;
  },
): Promise<void> {
  const to = await officeRecipient(trx, tenantId, null);
  if (!to) return;
  const details: [string, string][] = [
    ['Customer', request.customerName],
    ['From', request.from],
    ['Where', request.address],
  ];
  if (request.preferredTimes) details.push(['Preferred times', request.preferredTimes]);
  // The photos stay on the lead (behind the office's sign-in), never in a mailbox.
  if (request.photoCount) details.push(['Photos', `${request.photoCount} on the lead`]);
  await queueEmail(
    { db: trx, tenantId, box: app.secrets },
    {
      kind: 'work_request',
      to: [to],
      subject: `Work requested by ${request.customerName} (lead #${request.leadNumber})`,
      content: { message: request.description, details, button: { label: 'Open the leads', url: `${publicOrigin(app)}/leads` } },
      refs: { customerId: request.customerId },
      createdBy: null,
    },
  );
}
