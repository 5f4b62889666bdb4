import type { Db } from '@fieldwork/db/connection';
import { AppError } from '@fieldwork/domain/errors';
import { fillTemplate, MESSAGE_MESSAGES, type EmailTemplateKind } from '@fieldwork/domain/messages.rules';
import type { SendEmailBlock } from '@fieldwork/domain/messages.schemas';
import { formatCents } from '@fieldwork/domain/money';
import { calendarDate } from '@fieldwork/pdf/pdf-format';
import type { SecretBox } from '../../lib/secret-box.ts';
import { findTenant } from '../company/company.repository.ts';
import { queueEmail } from '../messages/messages.service.ts';
import { resolveTemplate } from '../messages/templates.service.ts';
import type { BillingCtx } from './document-writes.service.ts';

/** The server's secret box is needed for any email a change queues; the routes always pass it. */
export function withBox(ctx: BillingCtx): BillingCtx & { box: SecretBox } {
  if (!ctx.box) throw new Error('BillingCtx.box is missing: the route must pass app.secrets to send email');
  return ctx as BillingCtx & { box: SecretBox };
}

/** What an estimate's or invoice's email says of it. */
export type EmailedDocument = {
  kind: 'estimate' | 'invoice';
  id: string;
  number: number;
  customerId: string;
  customerName: string;
  jobId: string | null;
  totalCents: number;
  balanceCents: number | null;
  dueDate: string | null;
};

/**
 * A company emails its customers only once its admin confirmed the company's address: otherwise anyone could
 * sign up and send mail in another business's name from this deployment. Checked before anything is written.
 */
export async function requireVerifiedCompany(db: Db, tenantId: string): Promise<void> {
  const tenant = await findTenant(db, tenantId);
  if (!tenant?.email_verified_at) throw new AppError('CONFLICT', MESSAGE_MESSAGES.unverified);
}

const sentTo = (email: Pick<SendEmailBlock, 'to' | 'cc'>) => [...email.to, ...(email.cc ?? [])].join(', ');

/** In the send's transaction: the document's email with its PDF, in the company's wording unless the sender changed it. */
export async function queueDocumentEmail(trx: Db, ctx: BillingCtx & { box: SecretBox }, doc: EmailedDocument, email: SendEmailBlock): Promise<string> {
  const kind: EmailTemplateKind = doc.kind;
  const template = await resolveTemplate(trx, ctx.viewer.tenantId, kind);
  const company = await findTenant(trx, ctx.viewer.tenantId);
  const values = {
    companyName: company?.name ?? '',
    customerName: doc.customerName,
    documentNumber: doc.number,
    total: formatCents(doc.totalCents),
    balance: doc.balanceCents === null ? null : formatCents(doc.balanceCents),
    dueDate: doc.dueDate ? calendarDate(doc.dueDate) : null,
  };
  const details: [string, string][] = [[doc.kind === 'estimate' ? 'Estimate total' : 'Invoice total', values.total]];
  if (values.balance !== null) details.push(['Balance due', values.balance]);
  if (values.dueDate) details.push(['Due', values.dueDate]);
  await queueEmail(
    { db: trx, tenantId: ctx.viewer.tenantId, box: ctx.box },
    {
      kind,
      to: email.to,
      ...(email.cc ? { cc: email.cc } : {}),
      subject: email.subject?.trim() || fillTemplate(template.subject, values),
      content: { message: email.message?.trim() ? email.message : fillTemplate(template.message, values), details },
      refs: { customerId: doc.customerId, jobId: doc.jobId, ...(doc.kind === 'estimate' ? { estimateId: doc.id } : { invoiceId: doc.id }) },
      attachment: doc.kind === 'estimate' ? 'estimate-pdf' : 'invoice-pdf',
      createdBy: ctx.viewer.userId,
    },
  );
  return sentTo(email);
}

/** A payment's receipt, in the company's wording. */
export async function queueReceiptEmail(
  trx: Db,
  ctx: BillingCtx & { box: SecretBox },
  invoice: EmailedDocument,
  payment: { amountCents: number; paidOn: string; balanceCents: number },
  to: string[],
): Promise<string> {
  const template = await resolveTemplate(trx, ctx.viewer.tenantId, 'receipt');
  const company = await findTenant(trx, ctx.viewer.tenantId);
  const values = {
    companyName: company?.name ?? '',
    customerName: invoice.customerName,
    documentNumber: invoice.number,
    amount: formatCents(payment.amountCents),
    paidOn: calendarDate(payment.paidOn),
    balance: formatCents(payment.balanceCents),
  };
  await queueEmail(
    { db: trx, tenantId: ctx.viewer.tenantId, box: ctx.box },
    {
      kind: 'receipt',
      to,
      subject: fillTemplate(template.subject, values),
      content: { message: fillTemplate(template.message, values), details: [['Amount paid', values.amount], ['Paid on', values.paidOn], ['Balance', values.balance]] },
      refs: { customerId: invoice.customerId, jobId: invoice.jobId, invoiceId: invoice.id },
      createdBy: ctx.viewer.userId,
    },
  );
  return to.join(', ');
}
