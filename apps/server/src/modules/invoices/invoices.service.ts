import { randomUUID } from 'node:crypto';
import type { Db } from '@fieldwork/db/connection';
import { nowIso } from '@fieldwork/db/sql-helpers';
import { pagination } from '@fieldwork/domain/common.schemas';
import { AppError } from '@fieldwork/domain/errors';
import { INVOICE_ACTION_TABLE, INVOICE_MESSAGES, INVOICE_STATUS_LABELS, invoiceEditCreatesDraftCopy, type InvoiceAction, type InvoiceStatus } from '@fieldwork/domain/invoices.rules';
import type { CreateInvoiceBody, Invoice, InvoiceListQuery, PaymentBody, UpdateInvoiceBody } from '@fieldwork/domain/invoices.schemas';
import { formatCents } from '@fieldwork/domain/money';
import type { Viewer } from '@fieldwork/domain/roles';
import { dayIn } from '@fieldwork/domain/task-status';
import { recordActivity } from '../activity/activity.repository.ts';
import { findDocument, listDocuments, loadLines, type ListFilter } from '../billing/documents.repository.ts';
import { copyIntoDraft, createDocument, updateDraftDocument, type DocumentInput } from '../billing/document-writes.ts';
import { toListFilter } from '../billing/list-filter.ts';
import { toInvoiceDto, toInvoiceListItem, type InvoiceRow } from './invoices.presenter.ts';

export type Ctx = { db: Db; dialect: 'sqlite' | 'postgres'; viewer: Viewer; timeZone: string };

async function requireInvoice(db: Db, tenantId: string, id: string): Promise<InvoiceRow> {
  const row = (await findDocument(db, 'invoice', tenantId, id)) as InvoiceRow | undefined;
  if (!row) throw new AppError('NOT_FOUND', INVOICE_MESSAGES.notFound);
  if (row.converted_from_estimate_id) {
    const est = await db.selectFrom('estimates').select('estimate_number').where('tenant_id', '=', tenantId).where('id', '=', row.converted_from_estimate_id).executeTakeFirst();
    row.converted_estimate_number = est?.estimate_number ?? null;
  }
  return row;
}

const labelOf = (row: InvoiceRow) => INVOICE_STATUS_LABELS[row.status as InvoiceStatus];
const allows = (status: string, action: InvoiceAction) => (INVOICE_ACTION_TABLE[status as InvoiceStatus] as readonly InvoiceAction[] | undefined)?.includes(action) ?? false;

/**
 * The list's filters; overdue is what the dashboard's finance card counts (dashboard-money.repository.ts
 * openInvoiceTotals): stored SENT and due before today in the tenant's zone. Invoices have no derived status, so
 * the status condition slot is free for it and the other filters still apply.
 */
function invoiceListFilter(q: InvoiceListQuery, now: Date, timeZone: string): ListFilter {
  const filter = toListFilter(q, now, timeZone, false);
  if (q.overdue) {
    const today = dayIn(now, timeZone);
    filter.statusCondition = (eb) => eb.and([eb('d.status', '=', 'SENT'), eb('d.due_date', '<', today)]);
  }
  return filter;
}

export async function listInvoicesPage(ctx: Ctx, q: InvoiceListQuery) {
  const { rows, total } = await listDocuments(ctx.db, 'invoice', ctx.viewer.tenantId, invoiceListFilter(q, new Date(), ctx.timeZone));
  return { data: (rows as InvoiceRow[]).map((r) => toInvoiceListItem(ctx.viewer, r)), pagination: pagination(total, q.page, q.limit) };
}

export async function getInvoice(ctx: Ctx, id: string): Promise<Invoice> {
  const { tenantId } = ctx.viewer;
  const row = await requireInvoice(ctx.db, tenantId, id);
  const [lines, payments] = await Promise.all([
    loadLines(ctx.db, 'invoice', tenantId, id),
    ctx.db.selectFrom('invoice_payments').selectAll().where('tenant_id', '=', tenantId).where('invoice_id', '=', id).orderBy('created_at').orderBy('id').execute(),
  ]);
  return toInvoiceDto(ctx.viewer, row, lines, payments);
}

function toInput(body: CreateInvoiceBody): DocumentInput {
  const i = body.invoiceInfo;
  return {
    mode: body.mode,
    jobInfo: body.jobInfo,
    productServices: body.productServices,
    money: i,
    columns: { payment_term: i.terms ?? null, due_date: i.dueDate ?? null, invoice_date: i.invoiceDate ?? null, customer_message: i.invoiceCustomerMessage ?? null },
  };
}

export async function createInvoice(ctx: Ctx, body: CreateInvoiceBody): Promise<Invoice> {
  const input = toInput(body);
  const id = await createDocument(ctx, 'invoice', { ...input, columns: { ...input.columns, paid_cents: 0, previous_invoice_number: null, converted_from_estimate_id: null } });
  return getInvoice(ctx, id);
}

/** A draft only, at the version loaded; a Sent invoice is edited through a draft copy (POST …/draft). */
export async function updateInvoice(ctx: Ctx, id: string, body: UpdateInvoiceBody): Promise<Invoice> {
  const before = await requireInvoice(ctx.db, ctx.viewer.tenantId, id);
  if (before.status !== 'DRAFT') throw new AppError('CONFLICT', INVOICE_MESSAGES.notEditable(labelOf(before)));
  await updateDraftDocument(ctx, 'invoice', before, { ...toInput(body), version: body.version, paidCents: before.paid_cents });
  return getInvoice(ctx, id);
}

async function moveStatus(ctx: Ctx, id: string, action: 'send' | 'void', from: InvoiceStatus[], to: InvoiceStatus): Promise<Invoice> {
  const { viewer } = ctx;
  const before = await requireInvoice(ctx.db, viewer.tenantId, id);
  const refuse = () => new AppError('CONFLICT', INVOICE_MESSAGES.notAllowed(action, labelOf(before)));
  if (!allows(before.status, action) || (action === 'void' && before.paid_cents > 0)) throw refuse();
  const at = nowIso();
  await ctx.db.transaction().execute(async (trx) => {
    let q = trx
      .updateTable('invoices')
      // A draft already paid in full (a converted deposit covering it) is sent straight to Paid.
      .set((eb) => ({
        status: to === 'SENT' ? eb.case().when(eb.and([eb('paid_cents', '>', 0), eb('paid_cents', '>=', eb.ref('total_cents'))])).then('PAID').else('SENT').end() : to,
        updated_at: at,
        version: eb('version', '+', 1),
      }))
      .where('tenant_id', '=', viewer.tenantId)
      .where('id', '=', id)
      .where('status', 'in', from);
    if (action === 'void') q = q.where('paid_cents', '=', 0);
    if (Number((await q.executeTakeFirst()).numUpdatedRows) !== 1) throw refuse();
    await recordActivity(trx, viewer.tenantId, {
      jobId: before.job_id, entityType: 'INVOICE', entityId: id, action: 'INVOICE_STATUS_CHANGED', message: `Invoice #${before.invoice_number}: ${labelOf(before)} → ${INVOICE_STATUS_LABELS[to]}`,
      actorId: viewer.userId, changes: [{ field: 'Status', oldValue: labelOf(before), newValue: INVOICE_STATUS_LABELS[to] }], at,
    });
  });
  return getInvoice(ctx, id);
}

export const sendInvoice = (ctx: Ctx, id: string) => moveStatus(ctx, id, 'send', ['DRAFT'], 'SENT');
export const voidInvoice = (ctx: Ctx, id: string) => moveStatus(ctx, id, 'void', ['DRAFT', 'SENT'], 'VOID');

export async function deleteInvoice(ctx: Ctx, id: string): Promise<{ message: string }> {
  const { viewer } = ctx;
  const before = await requireInvoice(ctx.db, viewer.tenantId, id);
  const refuse = () => new AppError('CONFLICT', INVOICE_MESSAGES.notAllowed('delete', labelOf(before)));
  if (before.status !== 'DRAFT') throw refuse();
  await ctx.db.transaction().execute(async (trx) => {
    // A converted invoice's estimate may be converted again once its draft invoice is deleted.
    await trx.updateTable('estimates').set({ converted_invoice_id: null }).where('tenant_id', '=', viewer.tenantId).where('converted_invoice_id', '=', id).execute();
    const result = await trx.deleteFrom('invoices').where('tenant_id', '=', viewer.tenantId).where('id', '=', id).where('status', '=', 'DRAFT').executeTakeFirst();
    if (Number(result.numDeletedRows) !== 1) throw refuse();
    await recordActivity(trx, viewer.tenantId, { jobId: before.job_id, entityType: 'INVOICE', entityId: id, action: 'INVOICE_DELETED', message: `Deleted invoice #${before.invoice_number}`, actorId: viewer.userId });
  });
  return { message: INVOICE_MESSAGES.deleted(before.invoice_number) };
}

/** Editing a Sent invoice: a new draft copy (the original stays as sent). */
export async function draftFromInvoice(ctx: Ctx, id: string): Promise<{ invoice: Invoice; message: string }> {
  const { viewer } = ctx;
  const before = await requireInvoice(ctx.db, viewer.tenantId, id);
  if (!invoiceEditCreatesDraftCopy(before.status as InvoiceStatus)) throw new AppError('CONFLICT', INVOICE_MESSAGES.notEditable(labelOf(before)));
  const newId = await copyIntoDraft(ctx, 'invoice', before, { invoice_date: before.invoice_date, paid_cents: 0, previous_invoice_number: before.invoice_number, converted_from_estimate_id: null });
  return { invoice: await getInvoice(ctx, newId), message: INVOICE_MESSAGES.editCopy };
}

/**
 * A payment on a Sent invoice, never past its balance: one conditional UPDATE adds it only while
 * paid + amount ≤ total (PostgreSQL re-checks the condition on the latest row after waiting for its lock;
 * SQLite transactions are serial), and marks the invoice Paid when it reaches the total. A CHECK backs it.
 */
export async function recordPayment(ctx: Ctx, id: string, body: PaymentBody): Promise<Invoice> {
  const { viewer } = ctx;
  const before = await requireInvoice(ctx.db, viewer.tenantId, id);
  if (before.status !== 'SENT') throw new AppError('CONFLICT', INVOICE_MESSAGES.paymentNotOpen);
  const at = nowIso();
  await ctx.db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('invoices')
      .set((eb) => ({
        paid_cents: eb('paid_cents', '+', body.amount),
        status: eb.case().when(eb(eb('paid_cents', '+', body.amount), '=', eb.ref('total_cents'))).then('PAID').else(eb.ref('status')).end(),
        updated_at: at,
        version: eb('version', '+', 1),
      }))
      .where('tenant_id', '=', viewer.tenantId)
      .where('id', '=', id)
      .where('status', '=', 'SENT')
      .where((eb) => eb(eb('paid_cents', '+', body.amount), '<=', eb.ref('total_cents')))
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) {
      const now = await trx.selectFrom('invoices').select(['status', 'paid_cents', 'total_cents']).where('tenant_id', '=', viewer.tenantId).where('id', '=', id).executeTakeFirst();
      if (!now || now.status !== 'SENT') throw new AppError('CONFLICT', INVOICE_MESSAGES.paymentNotOpen);
      throw new AppError('CONFLICT', INVOICE_MESSAGES.overBalance(formatCents(now.total_cents - now.paid_cents)));
    }
    await trx.insertInto('invoice_payments').values({ id: randomUUID(), tenant_id: viewer.tenantId, invoice_id: id, amount_cents: body.amount, paid_on: body.paidOn, method: body.method, reference: body.reference ?? null, created_by: viewer.userId, created_at: at }).execute();
    await recordActivity(trx, viewer.tenantId, { jobId: before.job_id, entityType: 'INVOICE', entityId: id, action: 'PAYMENT_RECORDED', message: `Payment of ${formatCents(body.amount)} on invoice #${before.invoice_number}`, actorId: viewer.userId, at });
  });
  return getInvoice(ctx, id);
}
