import type { Db } from '@fieldwork/db/connection';
import { pagination } from '@fieldwork/domain/common/common.schemas';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import {
  INVOICE_ACTION_STORES,
  INVOICE_MESSAGES,
  INVOICE_STATUS_LABELS,
  invoiceEditCreatesDraftCopy,
  invoiceMove,
  type InvoiceStatus,
} from '@fieldwork/domain/billing/invoices.rules';
import type { CreateInvoiceBody, Invoice, InvoiceListQuery, PaymentBody, UpdateInvoiceBody } from '@fieldwork/domain/billing/invoices.schemas';
import { formatCents } from '@fieldwork/domain/common/money.rules';
import { changeDocument } from '../billing/document-change.service.ts';
import type { OwnFields } from '../billing/document-writes.repository.ts';
import { copyIntoDraft, createDocument, updateDraftDocument, type BillingCtx, type DocumentInput } from '../billing/document-writes.service.ts';
import { findInvoice, listInvoices, loadLines, loadPayments, type InvoiceRow, type ListFilter } from '../billing/documents.repository.ts';
import { toListFilter } from '../billing/documents.service.ts';
import { insertPayment, releaseConversion } from '../billing/conversion.repository.ts';
import { addPaymentIf, deleteInvoiceIf, findBalance, findCopyLinks, setInvoiceStatusIf } from './invoices.repository.ts';
import { toInvoiceDto, toInvoiceListItem } from './invoices.presenter.ts';
import { cardPaymentsOf } from '../payments/card-payments.service.ts';
import { onlinePayOptions } from '../payments/payment-settings.service.ts';
import type { EmailDraft, SendDocumentBody, SendEmailBlock } from '@fieldwork/domain/messages/messages.schemas';
import {
  documentEmailDraft,
  queueDocumentEmail,
  queueReceiptEmail,
  requireVerifiedCompany,
  withBox,
  type EmailedDocument,
} from '../billing/document-email.service.ts';
import { dayIn } from '@fieldwork/domain/time/zoned-day.rules';

/** What a billing use case runs with (the routes and the PDF module build it). */
export type Ctx = BillingCtx;

async function requireInvoice(db: Db, tenantId: string, id: string): Promise<InvoiceRow> {
  const row = await findInvoice(db, tenantId, id);
  if (!row) throw new AppError('NOT_FOUND', INVOICE_MESSAGES.notFound);
  return row;
}

const statusOf = (row: InvoiceRow) => row.status as InvoiceStatus;
const labelOf = (row: InvoiceRow) => INVOICE_STATUS_LABELS[statusOf(row)];

/**
 * The list's filters; overdue is what the dashboard's finance card counts (dashboard-money.repository.ts
 * openInvoiceTotals): stored SENT and due before today in the tenant's zone. The other filters still apply.
 */
function invoiceListFilter(q: InvoiceListQuery, now: Date, timeZone: string): ListFilter {
  const filter = toListFilter(q, now, timeZone, false);
  return q.overdue ? { ...filter, overdueBefore: dayIn(now, timeZone) } : filter;
}

export async function listInvoicesPage(ctx: Ctx, q: InvoiceListQuery) {
  const { rows, total } = await listInvoices(ctx.db, ctx.viewer.tenantId, invoiceListFilter(q, new Date(), ctx.timeZone));
  return { data: rows.map((r) => toInvoiceListItem(ctx.viewer, r)), pagination: pagination(total, q.page, q.limit) };
}

export async function getInvoice(ctx: Ctx, id: string): Promise<Invoice> {
  const { tenantId } = ctx.viewer;
  const row = await requireInvoice(ctx.db, tenantId, id);
  const [lines, payments, links, online] = await Promise.all([
    loadLines(ctx.db, 'invoice', tenantId, id),
    loadPayments(ctx.db, tenantId, id),
    findCopyLinks(ctx.db, tenantId, row),
    cardPaymentsOf(ctx.db, tenantId, row, ctx.demoPayments ?? false),
  ]);
  return toInvoiceDto(ctx.viewer, row, lines, payments, links, online);
}

function toInput(body: CreateInvoiceBody): DocumentInput & { own: OwnFields } {
  const i = body.invoiceInfo;
  return {
    mode: body.mode,
    jobInfo: body.jobInfo,
    productServices: body.productServices,
    money: i,
    text: { payment_term: i.terms ?? null, due_date: i.dueDate ?? null, customer_message: i.invoiceCustomerMessage ?? null },
    own: { kind: 'invoice', columns: { invoice_date: i.invoiceDate ?? null, paid_cents: 0, previous_invoice_number: null, converted_from_estimate_id: null } },
  };
}

export async function createInvoice(ctx: Ctx, body: CreateInvoiceBody): Promise<Invoice> {
  return getInvoice(ctx, await createDocument(ctx, toInput(body)));
}

/** A draft only, at the version loaded; a Sent invoice is edited through a draft copy (POST …/draft). */
export async function updateInvoice(ctx: Ctx, id: string, body: UpdateInvoiceBody): Promise<Invoice> {
  const before = await requireInvoice(ctx.db, ctx.viewer.tenantId, id);
  if (before.status !== 'DRAFT') throw new AppError('CONFLICT', INVOICE_MESSAGES.notEditable(labelOf(before)));
  const own = { kind: 'invoice', columns: { invoice_date: body.invoiceInfo.invoiceDate ?? null } } as const;
  await updateDraftDocument(ctx, before, { ...toInput(body), own, version: body.version, paidCents: before.paid_cents });
  return getInvoice(ctx, id);
}

/**
 * Send and void: the tables' check, then one conditional write from the statuses they allow. An invoice with
 * payments is not voided; a draft already paid in full (a converted deposit covering it) is sent straight on to Paid.
 */
async function sendOrVoid(ctx: Ctx, id: string, action: 'send' | 'void', email?: SendEmailBlock): Promise<Invoice> {
  if (email) await requireVerifiedCompany(ctx.db, ctx.viewer.tenantId);
  const before = await requireInvoice(ctx.db, ctx.viewer.tenantId, id);
  const to = INVOICE_ACTION_STORES[action];
  const move = invoiceMove(action, statusOf(before), to);
  const set = action === 'send' ? { status: to, paidInFull: INVOICE_ACTION_STORES.recordPayment } : { status: to };
  await changeDocument(ctx, {
    allowed: move.allowed && !(action === 'void' && before.paid_cents > 0),
    refuse: () => new AppError('CONFLICT', INVOICE_MESSAGES.notAllowed(action, labelOf(before))),
    write: (trx, at) => setInvoiceStatusIf(trx, ctx.viewer.tenantId, id, { from: move.from, unpaid: action === 'void' }, set, at),
    activity: {
      jobId: before.job_id,
      entityType: 'INVOICE',
      entityId: id,
      action: 'INVOICE_STATUS_CHANGED',
      message: `Invoice #${before.invoice_number}: ${labelOf(before)} → ${INVOICE_STATUS_LABELS[to]}`,
    },
    status: { from: labelOf(before), to: INVOICE_STATUS_LABELS[to] },
    ...(email
      ? {
          also: async (trx: Db) => {
            const payOnline = before.total_cents > before.paid_cents && !!(await onlinePayOptions(trx, ctx.viewer.tenantId, ctx.demoPayments ?? false));
            return queueDocumentEmail(trx, withBox(ctx), { ...emailedInvoice(before), payOnline }, email).then((to) => `emailed to ${to}`);
          },
        }
      : {}),
  });
  return getInvoice(ctx, id);
}

const emailedInvoice = (row: InvoiceRow, paidCents = row.paid_cents): EmailedDocument => ({
  kind: 'invoice',
  id: row.id,
  number: row.invoice_number,
  customerId: row.customer_id,
  customerName: row.customer_name,
  jobId: row.job_id,
  totalCents: row.total_cents,
  balanceCents: row.total_cents - paidCents,
  dueDate: row.due_date,
});

/** Where the Send dialog of this invoice starts (and the payment dialog's receipt: its last recipients). */
export async function invoiceEmailDraft(ctx: Ctx, id: string, mailConfigured: boolean): Promise<EmailDraft> {
  const row = await requireInvoice(ctx.db, ctx.viewer.tenantId, id);
  return documentEmailDraft(
    ctx.db,
    ctx.viewer.tenantId,
    { ...emailedInvoice(row), billingContactId: row.billing_contact_id, siteContactId: row.site_contact_id },
    mailConfigured,
  );
}

export const sendInvoice = (ctx: Ctx, id: string, body?: SendDocumentBody) => sendOrVoid(ctx, id, 'send', body?.email);
export const voidInvoice = (ctx: Ctx, id: string) => sendOrVoid(ctx, id, 'void');

/** Delete where the action table lists it (a draft); its estimate, if converted, may be converted again. */
export async function deleteInvoice(ctx: Ctx, id: string): Promise<{ message: string }> {
  const { tenantId } = ctx.viewer;
  const before = await requireInvoice(ctx.db, tenantId, id);
  const move = invoiceMove('delete', statusOf(before));
  await changeDocument(ctx, {
    allowed: move.allowed,
    refuse: () => new AppError('CONFLICT', INVOICE_MESSAGES.notAllowed('delete', labelOf(before))),
    write: async (trx) => {
      await releaseConversion(trx, tenantId, id);
      return deleteInvoiceIf(trx, tenantId, id, move.from);
    },
    activity: { jobId: before.job_id, entityType: 'INVOICE', entityId: id, action: 'INVOICE_DELETED', message: `Deleted invoice #${before.invoice_number}` },
  });
  return { message: INVOICE_MESSAGES.deleted(before.invoice_number) };
}

/** Editing an invoice past draft: a new draft copy linked to it (the original stays as it is). */
export async function draftFromInvoice(ctx: Ctx, id: string): Promise<{ invoice: Invoice; message: string }> {
  const before = await requireInvoice(ctx.db, ctx.viewer.tenantId, id);
  if (!invoiceEditCreatesDraftCopy(statusOf(before))) throw new AppError('CONFLICT', INVOICE_MESSAGES.notEditable(labelOf(before)));
  const newId = await copyIntoDraft(ctx, before, {
    kind: 'invoice',
    columns: {
      invoice_date: before.invoice_date,
      paid_cents: 0,
      previous_invoice_number: before.invoice_number,
      converted_from_estimate_id: null,
      copied_from_invoice_id: before.id,
    },
  });
  return { invoice: await getInvoice(ctx, newId), message: INVOICE_MESSAGES.editCopy };
}

/**
 * A payment where the action table lists it (a Sent invoice), never past its balance: the conditional write adds
 * it only while paid + amount ≤ total and marks the invoice Paid when it reaches the total.
 */
export async function recordPayment(ctx: Ctx, id: string, body: PaymentBody): Promise<Invoice> {
  const { tenantId, userId } = ctx.viewer;
  if (body.receipt) await requireVerifiedCompany(ctx.db, tenantId);
  const before = await requireInvoice(ctx.db, tenantId, id);
  const paid = INVOICE_ACTION_STORES.recordPayment;
  const move = invoiceMove('recordPayment', statusOf(before), paid);
  await changeDocument(ctx, {
    allowed: move.allowed,
    refuse: () => new AppError('CONFLICT', INVOICE_MESSAGES.paymentNotOpen),
    refuseAfterWrite: async (trx) => {
      const now = await findBalance(trx, tenantId, id);
      if (!now || !invoiceMove('recordPayment', now.status as InvoiceStatus, paid).allowed) return new AppError('CONFLICT', INVOICE_MESSAGES.paymentNotOpen);
      return new AppError('CONFLICT', INVOICE_MESSAGES.overBalance(formatCents(now.total_cents - now.paid_cents)));
    },
    write: async (trx, at) => {
      if (!(await addPaymentIf(trx, tenantId, id, body.amount, move.from, paid, at))) return false;
      await insertPayment(
        trx,
        tenantId,
        id,
        { amount_cents: body.amount, paid_on: body.paidOn, method: body.method, reference: body.reference ?? null },
        userId,
        at,
      );
      return true;
    },
    activity: {
      jobId: before.job_id,
      entityType: 'INVOICE',
      entityId: id,
      action: 'PAYMENT_RECORDED',
      message: `Payment of ${formatCents(body.amount)} on invoice #${before.invoice_number}`,
    },
    ...(body.receipt
      ? {
          also: (trx: Db) => {
            const paidAfter = before.paid_cents + body.amount;
            const payment = { amountCents: body.amount, paidOn: body.paidOn, balanceCents: before.total_cents - paidAfter };
            return queueReceiptEmail(trx, withBox(ctx), emailedInvoice(before, paidAfter), payment, body.receipt!.to).then((to) => `receipt emailed to ${to}`);
          },
        }
      : {}),
  });
  return getInvoice(ctx, id);
}
