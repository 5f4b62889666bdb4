import type { Db } from '@fieldwork/db/connection';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import { fillTemplate, MESSAGE_MESSAGES } from '@fieldwork/domain/messages/messages.rules';
import type { DraftRecipient, EmailDraft, SendEmailBlock } from '@fieldwork/domain/messages/messages.schemas';
import { pdfFileName } from '@fieldwork/domain/billing/documents.rules';
import { formatCents } from '@fieldwork/domain/common/money.rules';
import { calendarDate } from '@fieldwork/pdf/pdf-format';
import type { SecretBox } from '../../lib/secret-box.ts';
import { findTenant, type TenantRow } from '../account-core/company.repository.ts';
import { loadContacts, type ContactRow } from '../customers/customers.repository.ts';
import { listMessagesFor, recipientsOf } from '../messages/messages.repository.ts';
import { queueEmail } from '../messages/messages.service.ts';
import { resolveTemplate } from '../messages/templates.service.ts';
import type { BillingCtx } from './document-writes.service.ts';
import { issueDocumentLinks } from '../portal-core/portal-links.service.ts';

export type MailingCtx = BillingCtx & { box: SecretBox; origin: string };

/** The server's secret box and public origin are needed for any email a change queues; the routes always pass them. */
export function withBox(ctx: BillingCtx): MailingCtx {
  if (!ctx.box || !ctx.origin) throw new Error('BillingCtx.box or .origin is missing: the route must pass app.secrets and the public origin to send email');
  return ctx as MailingCtx;
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
  /** The company takes card payments and a balance is due: the email's link is the way to pay. */
  payOnline?: boolean;
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

/** The company's subject and message for this document with its values filled in, and the details box under them. */
async function documentWording(db: Db, tenantId: string, doc: EmailedDocument, known?: TenantRow) {
  const [template, company] = await Promise.all([resolveTemplate(db, tenantId, doc.kind), known ?? findTenant(db, tenantId)]);
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
  return { subject: fillTemplate(template.subject, values), message: fillTemplate(template.message, values), details, verified: !!company?.email_verified_at };
}

const refsOf = (doc: EmailedDocument) => (doc.kind === 'estimate' ? { estimateId: doc.id } : { invoiceId: doc.id });

/**
 * In the send's transaction: the document's email with its PDF, in the company's wording unless the sender changed
 * it, and a personal link for each recipient that opens the document in the customer portal.
 */
export async function queueDocumentEmail(trx: Db, ctx: MailingCtx, doc: EmailedDocument, email: SendEmailBlock): Promise<string> {
  // The company's row serves the wording, the links' lifetime and the email's branding: read once, not three times.
  const company = await findTenant(trx, ctx.viewer.tenantId);
  const wording = await documentWording(trx, ctx.viewer.tenantId, doc, company);
  const linkCtx = { tenantId: ctx.viewer.tenantId, userId: ctx.viewer.userId, timeZone: ctx.timeZone, origin: ctx.origin, company };
  const links = await issueDocumentLinks(trx, linkCtx, doc, [...email.to, ...(email.cc ?? [])]);
  await queueEmail(
    { db: trx, tenantId: ctx.viewer.tenantId, box: ctx.box, company },
    {
      kind: doc.kind,
      to: email.to,
      ...(email.cc ? { cc: email.cc } : {}),
      subject: email.subject?.trim() || wording.subject,
      content: {
        message: email.message?.trim() ? email.message : wording.message,
        details: wording.details,
        button: {
          label: doc.kind === 'estimate' ? 'View and answer the estimate' : doc.payOnline ? 'View and pay the invoice' : 'View the invoice',
          url: 'https://link',
        },
      },
      recipientLinks: Object.fromEntries(links.map((l) => [l.email, l.url])),
      refs: { customerId: doc.customerId, jobId: doc.jobId, ...refsOf(doc) },
      attachment: doc.kind === 'estimate' ? 'estimate-pdf' : 'invoice-pdf',
      createdBy: ctx.viewer.userId,
    },
  );
  return sentTo(email);
}

const ROLE_ORDER = { 'Billing contact': 0, 'Site contact': 1, Contact: 2 } as const;

/**
 * Where the Send dialog starts: the customer's current contacts with an address (the document's billing contact, or
 * the customer's billing contact, first; then its site contact), the company's wording for this document, and who it
 * was last emailed to.
 */
export async function documentEmailDraft(
  db: Db,
  tenantId: string,
  doc: EmailedDocument & { billingContactId: string | null; siteContactId: string | null },
  mailConfigured: boolean,
): Promise<EmailDraft> {
  const [wording, contacts, sent] = await Promise.all([
    documentWording(db, tenantId, doc),
    loadContacts(db, tenantId, [doc.customerId]),
    listMessagesFor(db, tenantId, refsOf(doc), 20),
  ]);
  const roleOf = (c: ContactRow): DraftRecipient['role'] =>
    c.id === doc.billingContactId || (!doc.billingContactId && c.is_billing) ? 'Billing contact' : c.id === doc.siteContactId ? 'Site contact' : 'Contact';
  const seen = new Set<string>();
  const suggestions = contacts
    .filter((c) => c.email && !c.archived_at)
    .map((c) => ({ email: c.email!.trim().toLowerCase(), name: c.name, role: roleOf(c), position: c.position }))
    .sort((a, b) => ROLE_ORDER[a.role] - ROLE_ORDER[b.role] || a.position - b.position)
    .filter((c) => (seen.has(c.email) ? false : (seen.add(c.email), true)))
    .map(({ email, name, role }) => ({ email, name, role }));
  const last = sent.find((m) => m.kind === doc.kind);
  const lastEmailedTo = last ? (await recipientsOf(db, tenantId, [last.id])).filter((r) => r.role === 'to').map((r) => r.address) : [];
  return {
    suggestions,
    subject: wording.subject,
    message: wording.message,
    attachmentName: pdfFileName(doc.kind, doc.number),
    companyVerified: wording.verified,
    mailConfigured,
    lastEmailedTo,
  };
}

/** A payment's receipt, in the company's wording. */
export async function queueReceiptEmail(
  trx: Db,
  ctx: { box: SecretBox; viewer: { tenantId: string; userId: string | null }; company?: TenantRow },
  invoice: EmailedDocument,
  payment: { amountCents: number; paidOn: string; balanceCents: number },
  to: string[],
): Promise<string> {
  const template = await resolveTemplate(trx, ctx.viewer.tenantId, 'receipt');
  const company = ctx.company ?? (await findTenant(trx, ctx.viewer.tenantId));
  const values = {
    companyName: company?.name ?? '',
    customerName: invoice.customerName,
    documentNumber: invoice.number,
    amount: formatCents(payment.amountCents),
    paidOn: calendarDate(payment.paidOn),
    balance: formatCents(payment.balanceCents),
  };
  await queueEmail(
    { db: trx, tenantId: ctx.viewer.tenantId, box: ctx.box, ...(company ? { company } : {}) },
    {
      kind: 'receipt',
      to,
      subject: fillTemplate(template.subject, values),
      content: {
        message: fillTemplate(template.message, values),
        details: [
          ['Amount paid', values.amount],
          ['Paid on', values.paidOn],
          ['Balance', values.balance],
        ],
      },
      refs: { customerId: invoice.customerId, jobId: invoice.jobId, invoiceId: invoice.id },
      createdBy: ctx.viewer.userId,
    },
  );
  return to.join(', ');
}
