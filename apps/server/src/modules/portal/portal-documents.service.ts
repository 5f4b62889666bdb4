import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '@fieldwork/db/connection';
import { afterCommit } from '@fieldwork/db/transactions';
import type { NotificationKind } from '@fieldwork/domain/notifications/notifications.rules';
import { recordNotification } from '../notifications/notifications.service.ts';
import {
  ESTIMATE_STATUS_LABELS,
  effectiveEstimateStatus,
  estimateMove,
  type ApprovalDecision,
  type StoredEstimateStatus,
} from '@fieldwork/domain/billing/estimates.rules';
import type { Estimate } from '@fieldwork/domain/billing/estimates.schemas';
import { INVOICE_STATUS_LABELS, type InvoiceStatus, type PaymentMethod } from '@fieldwork/domain/billing/invoices.rules';
import type { Invoice } from '@fieldwork/domain/billing/invoices.schemas';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import { canPayDepositOnline } from '@fieldwork/domain/payments/payments.rules';
import {
  PORTAL_ANSWER_STORES,
  PORTAL_ANSWER_VERBS,
  PORTAL_MESSAGES,
  PORTAL_TERMS,
  portalVisibleEstimateStatuses,
  portalVisibleInvoiceStatuses,
  type PortalAnswer,
} from '@fieldwork/domain/portal/portal.rules';
import type { PortalApproveBody, PortalChangesBody, PortalDeclineBody, PortalEstimate, PortalInvoice } from '@fieldwork/domain/portal/portal.schemas';
import { findTenant } from '../account-core/company.repository.ts';
import { loadLines, loadPayments, type EstimateRow, type LineRow } from '../billing/documents.repository.ts';
import { changeDocument } from '../billing/document-change.service.ts';
import { CUSTOMER_READER } from '../billing/documents.service.ts';
import { toEstimateDocument } from '../estimates/estimates.presenter.ts';
import { setEstimateStatusIf } from '../estimates/estimates.repository.ts';
import { toInvoiceDocument } from '../invoices/invoices.presenter.ts';
import { renderEstimatePdf, renderInvoicePdf, type RenderedPdf } from '../pdf/pdf.service.ts';
import { findCustomerEstimate, findCustomerInvoice, type CustomerScope } from './portal.repository.ts';
import { queueAnswerEmail } from './portal-mail.service.ts';
import type { PortalViewer } from './portal-session.service.ts';
import { invoicePay } from '../payments/card-payments.service.ts';
import { onlinePayOptions } from '../payments/payment-settings.service.ts';

type PayOptions = Awaited<ReturnType<typeof onlinePayOptions>>;

const scopeOf = (v: PortalViewer): CustomerScope => ({ tenantId: v.tenantId, customerId: v.customerId });
const zoneOf = async (db: Db, tenantId: string) => (await findTenant(db, tenantId))?.time_zone ?? 'UTC';

/** A session held to one document reads that one; any other id answers as a missing one. */
const outsideOnly = (v: PortalViewer, kind: 'estimate' | 'invoice', id: string) => !!v.only && (v.only.kind !== kind || v.only.id !== id);

async function requireEstimate(db: Db, v: PortalViewer, id: string): Promise<EstimateRow> {
  const row = outsideOnly(v, 'estimate', id) ? undefined : await findCustomerEstimate(db, scopeOf(v), id, portalVisibleEstimateStatuses());
  if (!row) throw new AppError('NOT_FOUND', 'Estimate not found.');
  return row;
}

/** The estimate as the customer is shown it: the office's document without margins or actions. */
async function customerEstimate(db: Db, v: PortalViewer, id: string): Promise<{ row: EstimateRow; doc: Estimate; lines: LineRow[]; timeZone: string }> {
  const [row, timeZone] = await Promise.all([requireEstimate(db, v, id), zoneOf(db, v.tenantId)]);
  const lines = await loadLines(db, 'estimate', v.tenantId, id);
  return { row, lines, timeZone, doc: toEstimateDocument(CUSTOMER_READER, row, lines, new Date(), timeZone) };
}

const portalLines = (doc: Estimate | Invoice) =>
  doc.productServices.map((l) => ({ name: l.name, description: l.description, qty: l.qty, rate: l.rate, total: l.total }));

function toPortalEstimate(row: EstimateRow, doc: Estimate, pay: PayOptions): PortalEstimate {
  const depositDue = canPayDepositOnline({
    status: doc.status,
    isDepositRequired: row.deposit_required === 1,
    depositCents: row.deposit_cents,
    isConverted: !!row.converted_invoice_id,
  });
  return {
    onlinePay: pay ? { ...pay, canPay: depositDue } : null,
    id: doc.id,
    estimateNumber: doc.estimateNumber,
    status: doc.status,
    statusLabel: doc.statusLabel,
    estimateDate: doc.estimateDate,
    dueDate: doc.dueDate,
    customerMessage: doc.estimateCustomerMessage,
    address: doc.tenantAccountAddress?.fullAddress ?? null,
    lines: portalLines(doc),
    subTotal: doc.subTotal,
    tax: doc.tax,
    freight: doc.freight,
    totalAmount: doc.totalAmount,
    isDepositRequired: doc.isDepositRequired,
    depositAmount: doc.depositAmount,
    terms: PORTAL_TERMS,
    canAnswer: estimateMove('portalApproval', doc.status).allowed,
    answer: row.approval_decision
      ? {
          decision: row.approval_decision as ApprovalDecision,
          signerName: row.approval_name ?? '',
          at: row.approval_at ?? '',
          comment: row.approval_comment,
          via: row.approval_via === 'portal' ? 'portal' : 'onsite',
        }
      : null,
    version: doc.version,
  };
}

export async function getPortalEstimate(db: Db, v: PortalViewer, id: string, demo: boolean): Promise<PortalEstimate> {
  const [{ row, doc }, pay] = await Promise.all([customerEstimate(db, v, id), onlinePayOptions(db, v.tenantId, demo)]);
  return toPortalEstimate(row, doc, pay);
}

async function customerInvoice(db: Db, v: PortalViewer, id: string) {
  const [row, timeZone] = await Promise.all([
    outsideOnly(v, 'invoice', id) ? undefined : findCustomerInvoice(db, scopeOf(v), id, portalVisibleInvoiceStatuses()),
    zoneOf(db, v.tenantId),
  ]);
  if (!row) throw new AppError('NOT_FOUND', 'Invoice not found.');
  const [lines, payments] = await Promise.all([loadLines(db, 'invoice', v.tenantId, id), loadPayments(db, v.tenantId, id)]);
  return { timeZone, row, doc: toInvoiceDocument(CUSTOMER_READER, row, lines, payments, { from: null, copies: [] }, { payments: [], pay: null }) };
}

export async function getPortalInvoice(db: Db, v: PortalViewer, id: string, demo: boolean): Promise<PortalInvoice> {
  const { doc, row } = await customerInvoice(db, v, id);
  const onlinePay = await invoicePay(db, v.tenantId, row, demo);
  return {
    id: doc.id,
    invoiceNumber: doc.invoiceNumber,
    status: doc.status,
    statusLabel: INVOICE_STATUS_LABELS[doc.status as InvoiceStatus],
    invoiceDate: doc.invoiceDate,
    dueDate: doc.dueDate,
    customerMessage: doc.invoiceCustomerMessage,
    address: doc.tenantAccountAddress?.fullAddress ?? null,
    lines: portalLines(doc),
    subTotal: doc.subTotal,
    tax: doc.tax,
    freight: doc.freight,
    totalAmount: doc.totalAmount,
    payments: doc.payments.map((p) => ({ amount: p.amount, paidOn: p.paidOn, method: p.method as PaymentMethod })),
    paidAmount: doc.paidAmount,
    balance: doc.balance,
    credit: doc.credit,
    onlinePay,
  };
}

export async function portalEstimatePdf(app: FastifyInstance, v: PortalViewer, id: string): Promise<RenderedPdf> {
  const { doc, timeZone } = await customerEstimate(app.db, v, id);
  return renderEstimatePdf({ db: app.db, pdf: app.pdf, tenantId: v.tenantId, timeZone }, doc);
}

export async function portalInvoicePdf(app: FastifyInstance, v: PortalViewer, id: string): Promise<RenderedPdf> {
  const { doc, timeZone } = await customerInvoice(app.db, v, id);
  return renderInvoicePdf({ db: app.db, pdf: app.pdf, tenantId: v.tenantId, timeZone }, doc);
}

/**
 * A hash of what the customer answered: the document's number, lines, totals, deposit and message as shown, so
 * the office can prove later which version was approved (an answered estimate is never edited: a change is a
 * new draft).
 */
export function documentHash(doc: Estimate): string {
  const shown = {
    number: doc.estimateNumber,
    lines: portalLines(doc),
    subTotal: doc.subTotal,
    tax: doc.tax,
    freight: doc.freight,
    total: doc.totalAmount,
    deposit: doc.isDepositRequired ? doc.depositAmount : 0,
    message: doc.estimateCustomerMessage,
    dueDate: doc.dueDate,
  };
  return createHash('sha256').update(JSON.stringify(shown)).digest('hex');
}

export type AnswerInput =
  { answer: 'approve'; body: PortalApproveBody } | { answer: 'decline'; body: PortalDeclineBody } | { answer: 'requestChanges'; body: PortalChangesBody };

export type AnswerMeta = { ip: string | null; userAgent: string | null; requestKey: string | null };

/**
 * The customer's answer: the same tables and the same conditional write as the onsite approval — allowed only
 * on an Open estimate, written only if it is still Open, so of two tabs answering at once one lands and the other
 * is told the estimate already changed. A retry of the request that landed (same Idempotency-Key) gets the
 * answer again instead. The office sees it at once (live event) and the job lead gets an email.
 */
/** Which bell entry each portal answer makes. */
const ANSWER_NOTIFICATIONS = {
  approve: 'estimate.approved',
  decline: 'estimate.declined',
  requestChanges: 'estimate.changesRequested',
} as const satisfies Record<AnswerInput['answer'], NotificationKind>;

export async function answerEstimate(app: FastifyInstance, v: PortalViewer, id: string, input: AnswerInput, meta: AnswerMeta): Promise<PortalEstimate> {
  const { row: before, doc, timeZone } = await customerEstimate(app.db, v, id);
  if (meta.requestKey && before.approval_request_key === meta.requestKey) return getPortalEstimate(app.db, v, id, app.config.demo);
  const effective = effectiveEstimateStatus(before.status as StoredEstimateStatus, before.due_date, new Date(), timeZone);
  const to = PORTAL_ANSWER_STORES[input.answer];
  const move = estimateMove('portalApproval', effective, to);
  const signer = input.answer === 'approve' ? input.body.signerName : v.email;
  const comment = input.answer === 'decline' ? (input.body.reason ?? null) : input.answer === 'requestChanges' ? input.body.comment : null;
  const label = ESTIMATE_STATUS_LABELS[to];
  await changeDocument(
    { db: app.db, viewer: { tenantId: v.tenantId, userId: null } },
    {
      allowed: move.allowed,
      refuse: () => new AppError('CONFLICT', PORTAL_MESSAGES.cannotAnswer(ESTIMATE_STATUS_LABELS[effective])),
      refuseAfterWrite: async () => new AppError('CONFLICT', PORTAL_MESSAGES.alreadyAnswered),
      write: (trx, at) =>
        setEstimateStatusIf(
          trx,
          v.tenantId,
          id,
          { from: move.from },
          {
            status: to,
            approval_decision: to,
            approval_name: signer,
            approval_signature: input.answer === 'approve' ? (input.body.signature ?? null) : null,
            approval_signature_text: input.answer === 'approve' && !input.body.signature ? (input.body.typedSignature?.trim() ?? null) : null,
            approval_comment: comment,
            approval_at: at,
            approval_ip: meta.ip,
            approval_user_agent: meta.userAgent?.slice(0, 500) ?? null,
            approval_via: 'portal',
            approval_document_hash: documentHash(doc),
            approval_request_key: meta.requestKey,
          },
          at,
        ),
      activity: {
        jobId: before.job_id,
        entityType: 'ESTIMATE',
        entityId: before.id,
        action: 'ESTIMATE_STATUS_CHANGED',
        message: `Estimate #${before.estimate_number} ${label} in the customer portal by ${signer}${comment ? `: “${comment}”` : ''}`,
      },
      status: { from: ESTIMATE_STATUS_LABELS[effective], to: label },
      also: async (trx) => {
        await afterCommit(trx, v.tenantId, {
          type: 'estimate.status',
          recordId: id,
          jobId: before.job_id ?? undefined,
          assigneeKeys: [],
          at: new Date().toISOString(),
        });
        await recordNotification(trx, v.tenantId, {
          kind: ANSWER_NOTIFICATIONS[input.answer],
          recordId: id,
          params: { number: before.estimate_number, by: signer },
        });
        await queueAnswerEmail(trx, app, before, { verb: PORTAL_ANSWER_VERBS[input.answer], label, signer, comment });
        return null;
      },
    },
  );
  return getPortalEstimate(app.db, v, id, app.config.demo);
}

export type { PortalAnswer };
