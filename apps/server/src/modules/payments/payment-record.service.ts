import { randomUUID } from 'node:crypto';
import type { Db, DialectName } from '@fieldwork/db/connection';
import { afterCommit } from '@fieldwork/db/transactions';
import { recordNotification } from '../notifications/notifications.service.ts';
import { ESTIMATE_STATUS_LABELS, type EstimateStatus } from '@fieldwork/domain/billing/estimates.rules';
import { INVOICE_STATUS_LABELS, type InvoiceStatus } from '@fieldwork/domain/billing/invoices.rules';
import { formatCents } from '@fieldwork/domain/common/money.rules';
import { applyOnlinePayment, applyRefund, canPayDepositOnline, PAYMENT_MESSAGES } from '@fieldwork/domain/payments/payments.rules';
import { dayIn } from '@fieldwork/domain/time/zoned-day.rules';
import type { SecretBox } from '../../lib/secret-box.ts';
import { findTenant } from '../account-core/company.repository.ts';
import { recordActivity } from '../activity/activity.repository.ts';
import { enqueueJob } from '../background/background.service.ts';
import { queueReceiptEmail } from '../billing/document-email.service.ts';
import {
  findOnlinePayment,
  insertCardPayment,
  insertOnlinePaymentIf,
  lockEstimateDeposit,
  lockInvoiceMoney,
  raiseRefundedIf,
  reduceCardPayment,
  setPaymentApplied,
  writeEstimateDeposit,
  writeInvoiceMoney,
} from './online-payments.repository.ts';

/** Inside the webhook's transaction, for one company. */
export type RecordCtx = { trx: Db; dialect: DialectName; tenantId: string; box: SecretBox; at: string };

/** What Stripe told us moved: the PaymentIntent, the amount captured, and the document our checkout named. */
export type MovedMoney = {
  provider: 'stripe' | 'test';
  paymentIntentId: string;
  amountCents: number;
  target: { invoiceId: string } | { estimateId: string };
  payerEmail: string | null;
  paidAt: string;
};

/**
 * Records money that moved, once per PaymentIntent, whichever event told us first. Returns false when it was
 * already recorded. The document it names must belong to this company; one that does not is ignored (our
 * checkout wrote the metadata, so only a forged or foreign event could name another).
 */
export async function recordMovedMoney(ctx: RecordCtx, money: MovedMoney): Promise<boolean> {
  const invoice = 'invoiceId' in money.target ? await lockInvoiceMoney(ctx.trx, ctx.dialect, ctx.tenantId, money.target.invoiceId) : null;
  const estimate = 'estimateId' in money.target ? await lockEstimateDeposit(ctx.trx, ctx.dialect, ctx.tenantId, money.target.estimateId) : null;
  if (!invoice && !estimate) return false;
  const id = randomUUID();
  const inserted = await insertOnlinePaymentIf(ctx.trx, {
    id,
    tenant_id: ctx.tenantId,
    provider: money.provider,
    provider_payment_id: money.paymentIntentId,
    invoice_id: 'invoiceId' in money.target ? money.target.invoiceId : null,
    estimate_id: 'estimateId' in money.target ? money.target.estimateId : null,
    amount_cents: money.amountCents,
    applied_cents: 0,
    fee_cents: null,
    net_cents: null,
    payer_email: money.payerEmail,
    invoice_payment_id: null,
    paid_at: money.paidAt,
    created_at: ctx.at,
  });
  if (!inserted) return false;
  if (invoice && 'invoiceId' in money.target) await landOnInvoice(ctx, id, money.target.invoiceId, invoice, money);
  else if (estimate && 'estimateId' in money.target) await landOnDeposit(ctx, id, money.target.estimateId, estimate, money);
  // Stripe's fee is known only once the charge settles into the balance: fetched by a background job.
  if (money.provider === 'stripe') await enqueueJob(ctx.trx, ctx.tenantId, 'payment.fee', { paymentId: id }, { dedupeKey: `payment-fee:${id}` });
  return true;
}

type LockedInvoice = NonNullable<Awaited<ReturnType<typeof lockInvoiceMoney>>>;
type LockedEstimate = NonNullable<Awaited<ReturnType<typeof lockEstimateDeposit>>>;

async function landOnInvoice(ctx: RecordCtx, paymentId: string, invoiceId: string, before: LockedInvoice, money: MovedMoney): Promise<void> {
  const after = applyOnlinePayment(
    { status: before.status, totalCents: before.total_cents, paidCents: before.paid_cents, creditCents: before.credit_cents },
    money.amountCents,
  );
  await writeInvoiceMoney(ctx.trx, ctx.tenantId, invoiceId, after, ctx.at);
  const tenant = await findTenant(ctx.trx, ctx.tenantId);
  const paidOn = dayIn(money.paidAt, tenant?.time_zone ?? 'UTC');
  const rowId = await insertCardPayment(
    ctx.trx,
    ctx.tenantId,
    invoiceId,
    { amountCents: money.amountCents, paidOn, reference: `Stripe ${money.paymentIntentId}` },
    ctx.at,
  );
  await setPaymentApplied(ctx.trx, ctx.tenantId, paymentId, { applied_cents: after.appliedCents, invoice_payment_id: rowId });
  const credit = money.amountCents - after.appliedCents;
  const parts = [`Online card payment of ${formatCents(money.amountCents)} on invoice #${before.invoice_number}`];
  if (credit > 0) parts.push(`${formatCents(credit)} beyond the balance kept as credit to ${PAYMENT_MESSAGES.creditFlag}`);
  let receipt: string | null = null;
  if (money.payerEmail && tenant?.email_verified_at) {
    const balanceCents = before.total_cents - after.paidCents;
    const emailed = {
      kind: 'invoice' as const,
      id: invoiceId,
      number: before.invoice_number,
      customerId: before.customer_id,
      customerName: before.customer_name,
      jobId: before.job_id,
      totalCents: before.total_cents,
      balanceCents,
      dueDate: before.due_date,
    };
    const payment = { amountCents: money.amountCents, paidOn, balanceCents };
    receipt = await queueReceiptEmail(ctx.trx, { box: ctx.box, viewer: { tenantId: ctx.tenantId, userId: null }, company: tenant }, emailed, payment, [
      money.payerEmail,
    ]);
  }
  if (receipt) parts.push(`receipt emailed to ${receipt}`);
  await recordActivity(ctx.trx, ctx.tenantId, {
    jobId: before.job_id,
    entityType: 'INVOICE',
    entityId: invoiceId,
    action: 'PAYMENT_RECORDED',
    message: parts.join(' — '),
    actorId: null,
    at: ctx.at,
    ...statusChange(INVOICE_STATUS_LABELS, before.status, after.status),
  });
  await recordNotification(ctx.trx, ctx.tenantId, {
    kind: 'invoice.paid',
    recordId: invoiceId,
    params: { number: before.invoice_number, amountCents: money.amountCents },
  });
  await afterCommit(ctx.trx, ctx.tenantId, {
    type: 'invoice.payment',
    recordId: invoiceId,
    ...(before.job_id ? { jobId: before.job_id } : {}),
    assigneeKeys: [],
  });
}

/**
 * A deposit paid online sets Deposit Paid while the estimate still asks for it; money that arrives after the
 * office recorded the deposit itself (or after the estimate changed) is kept as the estimate's credit.
 */
async function landOnDeposit(ctx: RecordCtx, paymentId: string, estimateId: string, before: LockedEstimate, money: MovedMoney): Promise<void> {
  const due = canPayDepositOnline({
    status: before.status,
    isDepositRequired: before.deposit_required === 1,
    depositCents: before.deposit_cents,
    isConverted: !!before.converted_invoice_id,
  });
  const applied = due ? Math.min(before.deposit_cents, money.amountCents) : 0;
  const paidInFull = due && applied >= before.deposit_cents;
  const tenant = await findTenant(ctx.trx, ctx.tenantId);
  const status = paidInFull ? 'PAID' : before.status;
  await writeEstimateDeposit(
    ctx.trx,
    ctx.tenantId,
    estimateId,
    {
      status,
      credit_cents: before.credit_cents + money.amountCents - (paidInFull ? applied : 0),
      ...(paidInFull
        ? { deposit_paid_on: dayIn(money.paidAt, tenant?.time_zone ?? 'UTC'), deposit_method: 'CARD', deposit_reference: `Stripe ${money.paymentIntentId}` }
        : {}),
    },
    ctx.at,
  );
  await setPaymentApplied(ctx.trx, ctx.tenantId, paymentId, { applied_cents: paidInFull ? applied : 0, invoice_payment_id: null });
  const message = paidInFull
    ? `Deposit of ${formatCents(money.amountCents)} paid online on estimate #${before.estimate_number}`
    : `Online card payment of ${formatCents(money.amountCents)} on estimate #${before.estimate_number} kept as credit to ${PAYMENT_MESSAGES.creditFlag} (no deposit was due)`;
  await recordActivity(ctx.trx, ctx.tenantId, {
    jobId: before.job_id,
    entityType: 'ESTIMATE',
    entityId: estimateId,
    action: 'ESTIMATE_STATUS_CHANGED',
    message,
    actorId: null,
    at: ctx.at,
    ...statusChange(ESTIMATE_STATUS_LABELS, before.status, status),
  });
  await recordNotification(ctx.trx, ctx.tenantId, {
    kind: paidInFull ? 'deposit.paid' : 'deposit.credit',
    recordId: estimateId,
    params: { number: before.estimate_number, amountCents: money.amountCents },
  });
  await afterCommit(ctx.trx, ctx.tenantId, {
    type: 'estimate.status',
    recordId: estimateId,
    ...(before.job_id ? { jobId: before.job_id } : {}),
    assigneeKeys: [],
  });
}

function statusChange<S extends string>(labels: Record<S, string>, from: string, to: string) {
  if (from === to) return {};
  return { changes: [{ field: 'Status', oldValue: labels[from as S] ?? from, newValue: labels[to as S] ?? to }] };
}

/**
 * Brings a payment's refunds up to Stripe's cumulative figure. Reports only ever raise it, so a repeated or
 * late report (a smaller figure) changes nothing. The refund takes back credit first, then reopens the balance.
 */
export async function syncRefunds(ctx: RecordCtx, paymentIntentId: string, refundedCents: number): Promise<boolean> {
  const payment = await findOnlinePayment(ctx.trx, ctx.tenantId, paymentIntentId);
  if (!payment || refundedCents <= payment.refunded_cents) return false;
  const delta = Math.min(refundedCents, payment.amount_cents) - payment.refunded_cents;
  if (!(await raiseRefundedIf(ctx.trx, ctx.tenantId, payment.id, payment.refunded_cents, payment.refunded_cents + delta))) return false;
  if (payment.invoice_id) {
    const before = await lockInvoiceMoney(ctx.trx, ctx.dialect, ctx.tenantId, payment.invoice_id);
    if (!before) return true;
    const after = applyRefund({ status: before.status, totalCents: before.total_cents, paidCents: before.paid_cents, creditCents: before.credit_cents }, delta);
    await writeInvoiceMoney(ctx.trx, ctx.tenantId, payment.invoice_id, after, ctx.at);
    if (payment.invoice_payment_id) await reduceCardPayment(ctx.trx, ctx.tenantId, payment.invoice_payment_id, delta);
    await recordActivity(ctx.trx, ctx.tenantId, {
      jobId: before.job_id,
      entityType: 'INVOICE',
      entityId: payment.invoice_id,
      action: 'PAYMENT_REFUNDED',
      message: `Refund of ${formatCents(delta)} on invoice #${before.invoice_number} (card payment ${paymentIntentId})`,
      actorId: null,
      at: ctx.at,
      ...statusChange(INVOICE_STATUS_LABELS as Record<InvoiceStatus, string>, before.status, after.status),
    });
    await recordNotification(ctx.trx, ctx.tenantId, {
      kind: 'invoice.refunded',
      recordId: payment.invoice_id,
      params: { number: before.invoice_number, amountCents: delta },
    });
    await afterCommit(ctx.trx, ctx.tenantId, {
      type: 'invoice.payment',
      recordId: payment.invoice_id,
      ...(before.job_id ? { jobId: before.job_id } : {}),
      assigneeKeys: [],
    });
  } else if (payment.estimate_id) {
    await refundDeposit(ctx, payment.estimate_id, delta, paymentIntentId);
  }
  return true;
}

/**
 * A deposit refund takes back the estimate's credit first; refunding the deposit itself returns an unconverted
 * estimate from Deposit Paid to Approved. After conversion the deposit is the invoice's first payment, which the
 * office adjusts there: the refund is logged on the estimate for them.
 */
async function refundDeposit(ctx: RecordCtx, estimateId: string, delta: number, paymentIntentId: string): Promise<void> {
  const before = await lockEstimateDeposit(ctx.trx, ctx.dialect, ctx.tenantId, estimateId);
  if (!before) return;
  const fromCredit = Math.min(before.credit_cents, delta);
  const reopen = delta > fromCredit && before.status === 'PAID' && !before.converted_invoice_id;
  const status = reopen ? 'APPROVED' : before.status;
  await writeEstimateDeposit(
    ctx.trx,
    ctx.tenantId,
    estimateId,
    { status, credit_cents: before.credit_cents - fromCredit, ...(reopen ? { deposit_paid_on: null, deposit_method: null, deposit_reference: null } : {}) },
    ctx.at,
  );
  const after = before.converted_invoice_id && delta > fromCredit ? ' — the estimate is converted: adjust the deposit on its invoice' : '';
  await recordActivity(ctx.trx, ctx.tenantId, {
    jobId: before.job_id,
    entityType: 'ESTIMATE',
    entityId: estimateId,
    action: 'PAYMENT_REFUNDED',
    message: `Refund of ${formatCents(delta)} on estimate #${before.estimate_number} (card payment ${paymentIntentId})${after}`,
    actorId: null,
    at: ctx.at,
    ...statusChange(ESTIMATE_STATUS_LABELS as Record<EstimateStatus, string>, before.status, status),
  });
  await recordNotification(ctx.trx, ctx.tenantId, {
    kind: 'deposit.refunded',
    recordId: estimateId,
    params: { number: before.estimate_number, amountCents: delta },
  });
  await afterCommit(ctx.trx, ctx.tenantId, {
    type: 'estimate.status',
    recordId: estimateId,
    ...(before.job_id ? { jobId: before.job_id } : {}),
    assigneeKeys: [],
  });
}
