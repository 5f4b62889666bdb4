import { randomUUID } from 'node:crypto';
import type { Db } from '@fieldwork/db/connection';
import { isUniqueViolation, nowIso } from '@fieldwork/db/sql-helpers';
import { pagination } from '@fieldwork/domain/common.schemas';
import { formatCents } from '@fieldwork/domain/money';
import { AppError } from '@fieldwork/domain/errors';
import {
  canRecordDeposit,
  editCreatesDraftCopy,
  effectiveEstimateStatus,
  ESTIMATE_ACTION_TABLE,
  ESTIMATE_MESSAGES,
  ESTIMATE_STATUS_LABELS,
  type StoredEstimateStatus,
} from '@fieldwork/domain/estimates.rules';
import type { ApprovalBody, CreateEstimateBody, DepositBody, Estimate, EstimateListQuery, UpdateEstimateBody } from '@fieldwork/domain/estimates.schemas';
import type { Viewer } from '@fieldwork/domain/roles';
import { recordActivity } from '../activity/activity.repository.ts';
import { findDocument, listDocuments, loadLines } from '../billing/documents.repository.ts';
import { copyLines } from '../billing/documents.service.ts';
import { carriedColumns, copyIntoDraft, createDocument, insertDocument, updateDraftDocument, type DocumentInput } from '../billing/document-writes.ts';
import { toListFilter } from '../billing/list-filter.ts';
import { toEstimateDto, toEstimateListItem, type EstimateRow } from './estimates.presenter.ts';

export type Ctx = { db: Db; dialect: 'sqlite' | 'postgres'; viewer: Viewer; timeZone: string };

async function requireEstimate(db: Db, tenantId: string, id: string): Promise<EstimateRow> {
  const row = (await findDocument(db, 'estimate', tenantId, id)) as EstimateRow | undefined;
  if (!row) throw new AppError('NOT_FOUND', ESTIMATE_MESSAGES.notFound);
  if (row.converted_invoice_id) {
    const inv = await db.selectFrom('invoices').select('invoice_number').where('tenant_id', '=', tenantId).where('id', '=', row.converted_invoice_id).executeTakeFirst();
    row.converted_invoice_number = inv?.invoice_number ?? null;
  }
  return row;
}

const statusOf = (row: EstimateRow, timeZone: string) => effectiveEstimateStatus(row.status as StoredEstimateStatus, row.due_date, new Date(), timeZone);

export async function listEstimatesPage(ctx: Ctx, q: EstimateListQuery) {
  const now = new Date();
  const { rows, total } = await listDocuments(ctx.db, 'estimate', ctx.viewer.tenantId, toListFilter(q, now, ctx.timeZone, true));
  return { data: (rows as EstimateRow[]).map((r) => toEstimateListItem(ctx.viewer, r, now, ctx.timeZone)), pagination: pagination(total, q.page, q.limit) };
}

export async function getEstimate(ctx: Ctx, id: string): Promise<Estimate> {
  const row = await requireEstimate(ctx.db, ctx.viewer.tenantId, id);
  return toEstimateDto(ctx.viewer, row, await loadLines(ctx.db, 'estimate', ctx.viewer.tenantId, id), new Date(), ctx.timeZone);
}

function toInput(body: CreateEstimateBody): DocumentInput {
  const i = body.estimateInfo;
  return {
    mode: body.mode,
    jobInfo: body.jobInfo,
    productServices: body.productServices,
    money: i,
    columns: { payment_term: i.terms ?? null, due_date: i.dueDate ?? null, estimate_date: i.estimateDate ?? null, customer_message: i.estimateCustomerMessage ?? null },
  };
}

/** Columns a new estimate starts without (no copy source, conversion or approval yet). */
const FRESH = {
  previous_estimate_number: null, converted_invoice_id: null,
  approval_decision: null, approval_name: null, approval_at: null, approval_ip: null, approval_comment: null, approval_signature: null,
} as const;

export async function createEstimate(ctx: Ctx, body: CreateEstimateBody): Promise<Estimate> {
  const input = toInput(body);
  const id = await createDocument(ctx, 'estimate', { ...input, columns: { ...input.columns, ...FRESH } });
  return getEstimate(ctx, id);
}

export async function updateEstimate(ctx: Ctx, id: string, body: UpdateEstimateBody): Promise<Estimate> {
  const before = await requireEstimate(ctx.db, ctx.viewer.tenantId, id);
  if (before.status !== 'DRAFT') throw new AppError('CONFLICT', ESTIMATE_MESSAGES.notEditable(ESTIMATE_STATUS_LABELS[statusOf(before, ctx.timeZone)]));
  await updateDraftDocument(ctx, 'estimate', before, { ...toInput(body), version: body.version });
  return getEstimate(ctx, id);
}

/**
 * A status move only from the stored statuses the caller's action allows; of two racing moves one updates
 * the row and the other finds 0 rows (409).
 */
async function moveStatus(ctx: Ctx, id: string, action: 'send' | 'void', to: StoredEstimateStatus, extra: Record<string, unknown> = {}): Promise<Estimate> {
  const { viewer } = ctx;
  const before = await requireEstimate(ctx.db, viewer.tenantId, id);
  const effective = statusOf(before, ctx.timeZone);
  const allowedFrom = (Object.keys(ESTIMATE_ACTION_TABLE) as (keyof typeof ESTIMATE_ACTION_TABLE)[])
    .filter((s) => s !== 'EXPIRED' && (ESTIMATE_ACTION_TABLE[s] as readonly string[]).includes(action));
  const refuse = () => new AppError('CONFLICT', ESTIMATE_MESSAGES.notAllowed(action, ESTIMATE_STATUS_LABELS[effective]));
  if (!(ESTIMATE_ACTION_TABLE[effective] as readonly string[]).includes(action)) throw refuse();
  if (action === 'void' && before.converted_invoice_id) throw new AppError('CONFLICT', ESTIMATE_MESSAGES.alreadyConverted);
  const at = nowIso();
  await ctx.db.transaction().execute(async (trx) => {
    let q = trx
      .updateTable('estimates')
      .set((eb) => ({ status: to, updated_at: at, version: eb('version', '+', 1), ...extra }))
      .where('tenant_id', '=', viewer.tenantId)
      .where('id', '=', id)
      .where('status', 'in', allowedFrom);
    if (action === 'void') q = q.where('converted_invoice_id', 'is', null);
    const result = await q.executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw refuse();
    await recordActivity(trx, viewer.tenantId, {
      jobId: before.job_id, entityType: 'ESTIMATE', entityId: id, action: 'ESTIMATE_STATUS_CHANGED',
      message: `Estimate #${before.estimate_number}: ${ESTIMATE_STATUS_LABELS[effective]} → ${ESTIMATE_STATUS_LABELS[to]}`,
      actorId: viewer.userId, changes: [{ field: 'Status', oldValue: ESTIMATE_STATUS_LABELS[effective], newValue: ESTIMATE_STATUS_LABELS[to] }], at,
    });
  });
  return getEstimate(ctx, id);
}

export const sendEstimate = (ctx: Ctx, id: string) => moveStatus(ctx, id, 'send', 'SENT');
export const voidEstimate = (ctx: Ctx, id: string) => moveStatus(ctx, id, 'void', 'VOID');

/** Onsite approval: the signer's decision, name, signature image, time and IP, from Draft, Sent or Expired. */
export async function approveOnsite(ctx: Ctx, id: string, body: ApprovalBody, ip: string | null): Promise<Estimate> {
  const { viewer } = ctx;
  const before = await requireEstimate(ctx.db, viewer.tenantId, id);
  const effective = statusOf(before, ctx.timeZone);
  if (!ESTIMATE_ACTION_TABLE[effective].some((a) => a === 'onsiteApproval')) throw new AppError('CONFLICT', ESTIMATE_MESSAGES.notAllowed('approve', ESTIMATE_STATUS_LABELS[effective]));
  const at = nowIso();
  await ctx.db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('estimates')
      .set((eb) => ({
        status: body.decision, approval_decision: body.decision, approval_name: body.signerName, approval_signature: body.signature,
        approval_comment: body.comment ?? null, approval_at: at, approval_ip: ip, updated_at: at, version: eb('version', '+', 1),
      }))
      .where('tenant_id', '=', viewer.tenantId)
      .where('id', '=', id)
      .where('status', 'in', ['DRAFT', 'SENT'])
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw new AppError('CONFLICT', ESTIMATE_MESSAGES.notAllowed('approve', ESTIMATE_STATUS_LABELS[effective]));
    await recordActivity(trx, viewer.tenantId, {
      jobId: before.job_id, entityType: 'ESTIMATE', entityId: id, action: 'ESTIMATE_STATUS_CHANGED',
      message: `Estimate #${before.estimate_number} ${ESTIMATE_STATUS_LABELS[body.decision]} onsite by ${body.signerName}`,
      actorId: viewer.userId, changes: [{ field: 'Status', oldValue: ESTIMATE_STATUS_LABELS[effective], newValue: ESTIMATE_STATUS_LABELS[body.decision] }], at,
    });
  });
  return getEstimate(ctx, id);
}

/**
 * The deposit came in: Sent or Approved → PAID ("Deposit Paid"), recording date, method and reference. One
 * conditional UPDATE, so of racing requests one wins and the rest get 409.
 */
export async function recordEstimateDeposit(ctx: Ctx, id: string, body: DepositBody): Promise<Estimate> {
  const { viewer } = ctx;
  const before = await requireEstimate(ctx.db, viewer.tenantId, id);
  const effective = statusOf(before, ctx.timeZone);
  const allowed = canRecordDeposit({ status: effective, isConverted: !!before.converted_invoice_id, isDepositRequired: before.deposit_required === 1, depositCents: before.deposit_cents });
  if (!allowed) throw new AppError('CONFLICT', ESTIMATE_MESSAGES.depositNotAllowed);
  const at = nowIso();
  await ctx.db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('estimates')
      .set((eb) => ({ status: 'PAID', deposit_paid_on: body.paidOn, deposit_method: body.method, deposit_reference: body.reference ?? null, updated_at: at, version: eb('version', '+', 1) }))
      .where('tenant_id', '=', viewer.tenantId)
      .where('id', '=', id)
      .where('status', 'in', ['SENT', 'APPROVED'])
      .where('converted_invoice_id', 'is', null)
      .where('deposit_required', '=', 1)
      .where('deposit_cents', '>', 0)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw new AppError('CONFLICT', ESTIMATE_MESSAGES.depositNotAllowed);
    await recordActivity(trx, viewer.tenantId, {
      jobId: before.job_id, entityType: 'ESTIMATE', entityId: id, action: 'ESTIMATE_STATUS_CHANGED',
      message: `Deposit of ${formatCents(before.deposit_cents)} received on estimate #${before.estimate_number}`,
      actorId: viewer.userId, changes: [{ field: 'Status', oldValue: ESTIMATE_STATUS_LABELS[effective], newValue: ESTIMATE_STATUS_LABELS.PAID }], at,
    });
  });
  return getEstimate(ctx, id);
}

/** Delete for Draft, Declined, Change Request (and never a converted one). */
export async function deleteEstimate(ctx: Ctx, id: string): Promise<{ message: string }> {
  const { viewer } = ctx;
  const before = await requireEstimate(ctx.db, viewer.tenantId, id);
  const effective = statusOf(before, ctx.timeZone);
  const deletable = ['DRAFT', 'DECLINED', 'CHANGE_REQUEST'];
  if (!deletable.includes(effective)) throw new AppError('CONFLICT', ESTIMATE_MESSAGES.notDeletable(ESTIMATE_STATUS_LABELS[effective]));
  await ctx.db.transaction().execute(async (trx) => {
    const result = await trx.deleteFrom('estimates').where('tenant_id', '=', viewer.tenantId).where('id', '=', id).where('status', 'in', deletable).where('converted_invoice_id', 'is', null).executeTakeFirst();
    if (Number(result.numDeletedRows) !== 1) throw new AppError('CONFLICT', ESTIMATE_MESSAGES.notDeletable(ESTIMATE_STATUS_LABELS[effective]));
    await recordActivity(trx, viewer.tenantId, { jobId: before.job_id, entityType: 'ESTIMATE', entityId: id, action: 'ESTIMATE_DELETED', message: `Deleted estimate #${before.estimate_number}`, actorId: viewer.userId });
  });
  return { message: ESTIMATE_MESSAGES.deleted(before.estimate_number) };
}

/** Editing a Sent, Declined, Expired or Change Request estimate: a new draft copy (the original stays). */
export async function draftFromEstimate(ctx: Ctx, id: string): Promise<{ estimate: Estimate; message: string }> {
  const { viewer } = ctx;
  const before = await requireEstimate(ctx.db, viewer.tenantId, id);
  const effective = statusOf(before, ctx.timeZone);
  if (!editCreatesDraftCopy(effective)) throw new AppError('CONFLICT', ESTIMATE_MESSAGES.notEditable(ESTIMATE_STATUS_LABELS[effective]));
  const newId = await copyIntoDraft(ctx, 'estimate', before, { ...FRESH, estimate_date: before.estimate_date, previous_estimate_number: before.estimate_number });
  return { estimate: await getEstimate(ctx, newId), message: ESTIMATE_MESSAGES.editCopy };
}

/**
 * Convert once: `UPDATE … WHERE converted_invoice_id IS NULL AND status IN (APPROVED, PAID)` claims the
 * estimate, then the invoice (a draft, same customer, job and lines) is inserted in the same transaction; the
 * unique index on invoices.converted_from_estimate_id backs it. Every other request gets 409.
 */
/** A received deposit becomes the converted invoice's first payment. */
function depositCarried(before: EstimateRow) {
  if (before.status !== 'PAID' || !before.deposit_paid_on || before.deposit_cents <= 0) return null;
  const reference = [`Deposit on estimate #${before.estimate_number}`, before.deposit_reference].filter(Boolean).join(' · ');
  return { amount_cents: before.deposit_cents, paid_on: before.deposit_paid_on, method: before.deposit_method ?? 'OTHER', reference };
}

export async function convertEstimate(ctx: Ctx, id: string): Promise<{ id: string; invoiceNumber: number; message: string }> {
  const { viewer } = ctx;
  const before = await requireEstimate(ctx.db, viewer.tenantId, id);
  const refuse = (message: string) => new AppError('CONFLICT', `${ESTIMATE_MESSAGES.convertFailed}: ${message}`);
  if (before.converted_invoice_id) throw refuse(ESTIMATE_MESSAGES.alreadyConverted);
  if (before.status !== 'APPROVED' && before.status !== 'PAID') throw refuse(ESTIMATE_MESSAGES.notConvertible);
  const lines = await loadLines(ctx.db, 'estimate', viewer.tenantId, id);
  const invoiceId = randomUUID();
  const at = nowIso();
  try {
    const invoiceNumber = await ctx.db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable('estimates')
        .set((eb) => ({ converted_invoice_id: invoiceId, updated_at: at, version: eb('version', '+', 1) }))
        .where('tenant_id', '=', viewer.tenantId)
        .where('id', '=', id)
        .where('converted_invoice_id', 'is', null)
        .where('status', 'in', ['APPROVED', 'PAID'])
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) throw refuse(ESTIMATE_MESSAGES.alreadyConverted);
      const deposit = depositCarried(before);
      const number = await insertDocument(trx, ctx, 'invoice', {
        id: invoiceId,
        columns: { status: 'DRAFT', ...carriedColumns(before), invoice_date: null, due_date: null, paid_cents: deposit?.amount_cents ?? 0, previous_invoice_number: null, converted_from_estimate_id: id },
        lines: copyLines(lines),
        jobId: before.job_id,
        activity: { entityType: 'ESTIMATE', entityId: id, action: 'ESTIMATE_CONVERTED' },
        message: (n) => `Converted estimate #${before.estimate_number} to invoice #${n}`,
      });
      if (deposit) await trx.insertInto('invoice_payments').values({ ...deposit, id: randomUUID(), tenant_id: viewer.tenantId, invoice_id: invoiceId, created_by: viewer.userId, created_at: at }).execute();
      return number;
    });
    return { id: invoiceId, invoiceNumber, message: ESTIMATE_MESSAGES.converted };
  } catch (error) {
    if (isUniqueViolation(error)) throw refuse(ESTIMATE_MESSAGES.alreadyConverted);
    throw error;
  }
}
