import { randomUUID } from 'node:crypto';
import type { Db } from '@fieldwork/db/connection';
import { isUniqueViolation, nowIso } from '@fieldwork/db/sql-helpers';
import { pagination } from '@fieldwork/domain/common/common.schemas';
import { formatCents } from '@fieldwork/domain/common/money.rules';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import {
  canRecordDeposit,
  editCreatesDraftCopy,
  effectiveEstimateStatus,
  ESTIMATE_ACTION_STORES,
  ESTIMATE_MESSAGES,
  ESTIMATE_STATUS_LABELS,
  estimateMove,
  type StoredEstimateStatus,
} from '@fieldwork/domain/billing/estimates.rules';
import type {
  ApprovalBody,
  CreateEstimateBody,
  DepositBody,
  Estimate,
  EstimateListQuery,
  UpdateEstimateBody,
} from '@fieldwork/domain/billing/estimates.schemas';
import type { EmailDraft, SendDocumentBody, SendEmailBlock } from '@fieldwork/domain/messages/messages.schemas';
import { claimConversion, insertPayment } from '../billing/conversion.repository.ts';
import { changeDocument, type DocumentChange } from '../billing/document-change.service.ts';
import { documentEmailDraft, queueDocumentEmail, requireVerifiedCompany, withBox, type EmailedDocument } from '../billing/document-email.service.ts';
import type { OwnFields } from '../billing/document-writes.repository.ts';
import {
  carriedColumns,
  copyIntoDraft,
  createDocument,
  insertDocument,
  updateDraftDocument,
  type BillingCtx,
  type DocumentInput,
} from '../billing/document-writes.service.ts';
import { findEstimate, listEstimates, loadLines, type EstimateRow } from '../billing/documents.repository.ts';
import { copyLines, toListFilter } from '../billing/documents.service.ts';
import { deleteEstimateIf, setEstimateStatusIf } from './estimates.repository.ts';
import { toEstimateDto, toEstimateListItem } from './estimates.presenter.ts';

/** What a billing use case runs with (the routes and the PDF module build it). */
export type Ctx = BillingCtx;

async function requireEstimate(db: Db, tenantId: string, id: string): Promise<EstimateRow> {
  const row = await findEstimate(db, tenantId, id);
  if (!row) throw new AppError('NOT_FOUND', ESTIMATE_MESSAGES.notFound);
  return row;
}

const statusOf = (row: EstimateRow, timeZone: string) => effectiveEstimateStatus(row.status as StoredEstimateStatus, row.due_date, new Date(), timeZone);

export async function listEstimatesPage(ctx: Ctx, q: EstimateListQuery) {
  const now = new Date();
  const { rows, total } = await listEstimates(ctx.db, ctx.viewer.tenantId, toListFilter(q, now, ctx.timeZone, true));
  return { data: rows.map((r) => toEstimateListItem(ctx.viewer, r, now, ctx.timeZone)), pagination: pagination(total, q.page, q.limit) };
}

export async function getEstimate(ctx: Ctx, id: string): Promise<Estimate> {
  const row = await requireEstimate(ctx.db, ctx.viewer.tenantId, id);
  return toEstimateDto(ctx.viewer, row, await loadLines(ctx.db, 'estimate', ctx.viewer.tenantId, id), new Date(), ctx.timeZone);
}

/** Columns a new estimate starts without (no copy source, conversion or approval yet). */
const FRESH = {
  previous_estimate_number: null,
  converted_invoice_id: null,
  approval_decision: null,
  approval_name: null,
  approval_at: null,
  approval_ip: null,
  approval_comment: null,
  approval_signature: null,
} as const;

function toInput(body: CreateEstimateBody): DocumentInput & { own: OwnFields } {
  const i = body.estimateInfo;
  return {
    mode: body.mode,
    jobInfo: body.jobInfo,
    productServices: body.productServices,
    money: i,
    text: { payment_term: i.terms ?? null, due_date: i.dueDate ?? null, customer_message: i.estimateCustomerMessage ?? null },
    own: { kind: 'estimate', columns: { estimate_date: i.estimateDate ?? null, ...FRESH } },
  };
}

export async function createEstimate(ctx: Ctx, body: CreateEstimateBody): Promise<Estimate> {
  return getEstimate(ctx, await createDocument(ctx, toInput(body)));
}

export async function updateEstimate(ctx: Ctx, id: string, body: UpdateEstimateBody): Promise<Estimate> {
  const before = await requireEstimate(ctx.db, ctx.viewer.tenantId, id);
  if (before.status !== 'DRAFT') throw new AppError('CONFLICT', ESTIMATE_MESSAGES.notEditable(ESTIMATE_STATUS_LABELS[statusOf(before, ctx.timeZone)]));
  const own = { kind: 'estimate', columns: { estimate_date: body.estimateInfo.estimateDate ?? null } } as const;
  await updateDraftDocument(ctx, before, { ...toInput(body), own, version: body.version });
  return getEstimate(ctx, id);
}

type Move = Pick<DocumentChange, 'allowed' | 'refuse' | 'write' | 'also'> & { to: StoredEstimateStatus; message?: string };

/** A status move of an estimate, logged with the status labels before and after. */
async function moveEstimate(ctx: Ctx, before: EstimateRow, move: Move): Promise<Estimate> {
  const from = ESTIMATE_STATUS_LABELS[statusOf(before, ctx.timeZone)];
  const to = ESTIMATE_STATUS_LABELS[move.to];
  await changeDocument(ctx, {
    ...move,
    activity: {
      jobId: before.job_id,
      entityType: 'ESTIMATE',
      entityId: before.id,
      action: 'ESTIMATE_STATUS_CHANGED',
      message: move.message ?? `Estimate #${before.estimate_number}: ${from} → ${to}`,
    },
    status: { from, to },
  });
  return getEstimate(ctx, before.id);
}

/**
 * Send and void: the tables' check, then one conditional write from the statuses they allow. A send with an email
 * queues it (with the PDF) in the same transaction — the request never waits for the mail server.
 */
async function sendOrVoid(ctx: Ctx, id: string, action: 'send' | 'void', email?: SendEmailBlock): Promise<Estimate> {
  if (email) await requireVerifiedCompany(ctx.db, ctx.viewer.tenantId);
  const before = await requireEstimate(ctx.db, ctx.viewer.tenantId, id);
  const effective = statusOf(before, ctx.timeZone);
  const to = ESTIMATE_ACTION_STORES[action];
  const move = estimateMove(action, effective, to);
  const converted = action === 'void' && !!before.converted_invoice_id;
  return moveEstimate(ctx, before, {
    to,
    allowed: move.allowed && !converted,
    refuse: () =>
      new AppError(
        'CONFLICT',
        move.allowed && converted ? ESTIMATE_MESSAGES.alreadyConverted : ESTIMATE_MESSAGES.notAllowed(action, ESTIMATE_STATUS_LABELS[effective]),
      ),
    write: (trx, at) => setEstimateStatusIf(trx, ctx.viewer.tenantId, id, { from: move.from, unconverted: action === 'void' }, { status: to }, at),
    ...(email ? { also: (trx: Db) => queueDocumentEmail(trx, withBox(ctx), emailedEstimate(before), email).then((to) => `emailed to ${to}`) } : {}),
  });
}

const emailedEstimate = (row: EstimateRow): EmailedDocument => ({
  kind: 'estimate',
  id: row.id,
  number: row.estimate_number,
  customerId: row.customer_id,
  customerName: row.customer_name,
  jobId: row.job_id,
  totalCents: row.total_cents,
  balanceCents: null,
  dueDate: row.due_date,
});

/** Where the Send dialog of this estimate starts: its contacts, the company's wording, the last recipients. */
export async function estimateEmailDraft(ctx: Ctx, id: string, mailConfigured: boolean): Promise<EmailDraft> {
  const row = await requireEstimate(ctx.db, ctx.viewer.tenantId, id);
  return documentEmailDraft(
    ctx.db,
    ctx.viewer.tenantId,
    { ...emailedEstimate(row), billingContactId: row.billing_contact_id, siteContactId: row.site_contact_id },
    mailConfigured,
  );
}

export const sendEstimate = (ctx: Ctx, id: string, body?: SendDocumentBody) => sendOrVoid(ctx, id, 'send', body?.email);
export const voidEstimate = (ctx: Ctx, id: string) => sendOrVoid(ctx, id, 'void');

/** Onsite approval: the signer's decision, name, signature image, time and IP, from Draft, Sent or Expired. */
export async function approveOnsite(ctx: Ctx, id: string, body: ApprovalBody, ip: string | null): Promise<Estimate> {
  const before = await requireEstimate(ctx.db, ctx.viewer.tenantId, id);
  const effective = statusOf(before, ctx.timeZone);
  const move = estimateMove('onsiteApproval', effective, body.decision);
  return moveEstimate(ctx, before, {
    to: body.decision,
    message: `Estimate #${before.estimate_number} ${ESTIMATE_STATUS_LABELS[body.decision]} onsite by ${body.signerName}`,
    allowed: move.allowed,
    refuse: () => new AppError('CONFLICT', ESTIMATE_MESSAGES.notAllowed('approve', ESTIMATE_STATUS_LABELS[effective])),
    write: (trx, at) =>
      setEstimateStatusIf(
        trx,
        ctx.viewer.tenantId,
        id,
        { from: move.from },
        {
          status: body.decision,
          approval_decision: body.decision,
          approval_name: body.signerName,
          approval_signature: body.signature,
          approval_comment: body.comment ?? null,
          approval_at: at,
          approval_ip: ip,
        },
        at,
      ),
  });
}

/**
 * The deposit came in: Sent or Approved → PAID ("Deposit Paid"), recording date, method and reference. One
 * conditional UPDATE, so of racing requests one wins and the rest get 409.
 */
export async function recordEstimateDeposit(ctx: Ctx, id: string, body: DepositBody): Promise<Estimate> {
  const before = await requireEstimate(ctx.db, ctx.viewer.tenantId, id);
  const effective = statusOf(before, ctx.timeZone);
  const to = ESTIMATE_ACTION_STORES.recordDeposit;
  return moveEstimate(ctx, before, {
    to,
    message: `Deposit of ${formatCents(before.deposit_cents)} received on estimate #${before.estimate_number}`,
    allowed: canRecordDeposit({
      status: effective,
      isConverted: !!before.converted_invoice_id,
      isDepositRequired: before.deposit_required === 1,
      depositCents: before.deposit_cents,
    }),
    refuse: () => new AppError('CONFLICT', ESTIMATE_MESSAGES.depositNotAllowed),
    write: (trx, at) =>
      setEstimateStatusIf(
        trx,
        ctx.viewer.tenantId,
        id,
        { from: estimateMove('recordDeposit', effective, to).from, unconverted: true, depositDue: true },
        {
          status: to,
          deposit_paid_on: body.paidOn,
          deposit_method: body.method,
          deposit_reference: body.reference ?? null,
        },
        at,
      ),
  });
}

/** Delete where the action table lists it (Draft, Declined, Change Request), and never a converted one. */
export async function deleteEstimate(ctx: Ctx, id: string): Promise<{ message: string }> {
  const before = await requireEstimate(ctx.db, ctx.viewer.tenantId, id);
  const effective = statusOf(before, ctx.timeZone);
  const move = estimateMove('delete', effective);
  await changeDocument(ctx, {
    allowed: move.allowed,
    refuse: () => new AppError('CONFLICT', ESTIMATE_MESSAGES.notDeletable(ESTIMATE_STATUS_LABELS[effective])),
    write: (trx) => deleteEstimateIf(trx, ctx.viewer.tenantId, id, move.from),
    activity: {
      jobId: before.job_id,
      entityType: 'ESTIMATE',
      entityId: id,
      action: 'ESTIMATE_DELETED',
      message: `Deleted estimate #${before.estimate_number}`,
    },
  });
  return { message: ESTIMATE_MESSAGES.deleted(before.estimate_number) };
}

/** Editing a Sent, Declined, Expired or Change Request estimate: a new draft copy (the original stays). */
export async function draftFromEstimate(ctx: Ctx, id: string): Promise<{ estimate: Estimate; message: string }> {
  const before = await requireEstimate(ctx.db, ctx.viewer.tenantId, id);
  const effective = statusOf(before, ctx.timeZone);
  if (!editCreatesDraftCopy(effective)) throw new AppError('CONFLICT', ESTIMATE_MESSAGES.notEditable(ESTIMATE_STATUS_LABELS[effective]));
  const newId = await copyIntoDraft(ctx, before, {
    kind: 'estimate',
    columns: { ...FRESH, estimate_date: before.estimate_date, previous_estimate_number: before.estimate_number },
  });
  return { estimate: await getEstimate(ctx, newId), message: ESTIMATE_MESSAGES.editCopy };
}

/** A received deposit becomes the converted invoice's first payment. */
function depositCarried(before: EstimateRow) {
  if (before.status !== 'PAID' || !before.deposit_paid_on || before.deposit_cents <= 0) return null;
  const reference = [`Deposit on estimate #${before.estimate_number}`, before.deposit_reference].filter(Boolean).join(' · ');
  return { amount_cents: before.deposit_cents, paid_on: before.deposit_paid_on, method: before.deposit_method ?? 'OTHER', reference };
}

/**
 * Convert once, from the statuses the action table lists (Approved, Deposit Paid): a conditional write claims
 * the estimate (`WHERE converted_invoice_id IS NULL`), then the invoice (a draft, same customer, job and lines) is
 * inserted in the same transaction; the unique index on invoices.converted_from_estimate_id backs it. Every other
 * request gets 409.
 */
export async function convertEstimate(ctx: Ctx, id: string): Promise<{ id: string; invoiceNumber: number; message: string }> {
  const { viewer } = ctx;
  const before = await requireEstimate(ctx.db, viewer.tenantId, id);
  const refuse = (message: string) => new AppError('CONFLICT', `${ESTIMATE_MESSAGES.convertFailed}: ${message}`);
  const move = estimateMove('convert', before.status as StoredEstimateStatus);
  if (before.converted_invoice_id) throw refuse(ESTIMATE_MESSAGES.alreadyConverted);
  if (!move.allowed) throw refuse(ESTIMATE_MESSAGES.notConvertible);
  const lines = await loadLines(ctx.db, 'estimate', viewer.tenantId, id);
  const invoiceId = randomUUID();
  const at = nowIso();
  const deposit = depositCarried(before);
  try {
    const invoiceNumber = await ctx.db.transaction().execute(async (trx) => {
      if (!(await claimConversion(trx, viewer.tenantId, id, invoiceId, move.from, at))) throw refuse(ESTIMATE_MESSAGES.alreadyConverted);
      const number = await insertDocument(trx, ctx, {
        id: invoiceId,
        shared: { status: 'DRAFT', ...carriedColumns(before), due_date: null },
        own: {
          kind: 'invoice',
          columns: { invoice_date: null, paid_cents: deposit?.amount_cents ?? 0, previous_invoice_number: null, converted_from_estimate_id: id },
        },
        lines: copyLines(lines),
        activity: { entityType: 'ESTIMATE', entityId: id, action: 'ESTIMATE_CONVERTED' },
        message: (n) => `Converted estimate #${before.estimate_number} to invoice #${n}`,
      });
      if (deposit) await insertPayment(trx, viewer.tenantId, invoiceId, deposit, viewer.userId, at);
      return number;
    });
    return { id: invoiceId, invoiceNumber, message: ESTIMATE_MESSAGES.converted };
  } catch (error) {
    if (isUniqueViolation(error)) throw refuse(ESTIMATE_MESSAGES.alreadyConverted);
    throw error;
  }
}
