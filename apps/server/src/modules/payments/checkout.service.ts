import { randomBytes, randomUUID } from 'node:crypto';
import { nowIso } from '@fieldwork/db/sql-helpers';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import { canPayDepositOnline, canPayInvoiceOnline, chosenAmount, PAYMENT_MESSAGES } from '@fieldwork/domain/payments/payments.rules';
import { findTenant } from '../account-core/company.repository.ts';
import { findEstimate, findInvoice } from '../billing/documents.repository.ts';
import { findCheckoutByKey, insertCheckout } from './checkouts.repository.ts';
import { findPaymentAccount } from './payment-accounts.repository.ts';
import type { PaymentsCtx } from './payments-context.ts';

/** Where Checkout sends the payer back: the customer's portal page, or the office's page when staff took the card. */
export type ReturnTo = 'portal' | 'office';

type Target = { kind: 'invoice' | 'estimate'; id: string; amountCents: number; description: string; version: number; paidCents: number };

const returnUrls = (ctx: PaymentsCtx, target: Target, to: ReturnTo) => {
  const page =
    to === 'portal'
      ? `${ctx.origin}/portal/${target.kind === 'invoice' ? 'invoices' : 'estimates'}/${target.id}`
      : `${ctx.origin}/workorder/invoices/${target.id}`;
  return { success: `${page}?payment=done`, cancel: `${page}?payment=cancelled` };
};

/**
 * Opens a checkout for the invoice's balance (or the part the payer chose where the company allows it). Nothing
 * is recorded here: the payment lands only when the verified webhook says the money moved.
 */
export async function startInvoiceCheckout(ctx: PaymentsCtx, invoiceId: string, requestedCents: number | undefined, to: ReturnTo, payerEmail: string | null) {
  const invoice = await findInvoice(ctx.db, ctx.tenantId, invoiceId);
  if (!invoice) throw new AppError('NOT_FOUND', 'Invoice not found.');
  if (!canPayInvoiceOnline({ status: invoice.status, totalCents: invoice.total_cents, paidCents: invoice.paid_cents })) {
    throw new AppError('CONFLICT', PAYMENT_MESSAGES.notPayable);
  }
  const account = await findPaymentAccount(ctx.db, ctx.tenantId);
  const chosen = chosenAmount(invoice.total_cents - invoice.paid_cents, requestedCents, account ? account.allow_partial === 1 : ctx.demo);
  if (!chosen.ok) throw new AppError('VALIDATION_FAILED', chosen.message);
  const target: Target = {
    kind: 'invoice',
    id: invoiceId,
    amountCents: chosen.amountCents,
    description: `Invoice #${invoice.invoice_number}`,
    version: invoice.version,
    paidCents: invoice.paid_cents,
  };
  return openCheckout(ctx, target, to, payerEmail);
}

/** Opens a checkout for an approved estimate's deposit. */
export async function startDepositCheckout(ctx: PaymentsCtx, estimateId: string, payerEmail: string | null) {
  const estimate = await findEstimate(ctx.db, ctx.tenantId, estimateId);
  if (!estimate) throw new AppError('NOT_FOUND', 'Estimate not found.');
  const payable = canPayDepositOnline({
    status: estimate.status,
    isDepositRequired: estimate.deposit_required === 1,
    depositCents: estimate.deposit_cents,
    isConverted: !!estimate.converted_invoice_id,
  });
  if (!payable) throw new AppError('CONFLICT', PAYMENT_MESSAGES.depositNotPayable);
  const target: Target = {
    kind: 'estimate',
    id: estimateId,
    amountCents: estimate.deposit_cents,
    description: `Deposit on estimate #${estimate.estimate_number}`,
    version: estimate.version,
    paidCents: 0,
  };
  return openCheckout(ctx, target, 'portal', payerEmail);
}

/**
 * Stripe keeps an idempotency key, and a Checkout session stays open, for 24 hours: a key lives half of that, so
 * the page it returns is always still open.
 */
const KEY_PERIOD_MS = 12 * 3600_000;

/**
 * One session per document state and amount: the idempotency key names them, so a double click, a retried
 * request or two tabs get the same page, and Stripe itself answers a retried create with the first session.
 */
async function openCheckout(ctx: PaymentsCtx, target: Target, to: ReturnTo, payerEmail: string | null): Promise<{ url: string }> {
  const period = Math.floor(Date.now() / KEY_PERIOD_MS);
  const key = `fieldwork:${target.kind}:${target.id}:v${target.version}:p${target.paidCents}:a${target.amountCents}:${to}:t${period}`;
  const existing = await findCheckoutByKey(ctx.db, ctx.tenantId, key);
  if (existing?.status === 'open') return { url: existing.url };
  const account = await findPaymentAccount(ctx.db, ctx.tenantId);
  if (!account && !ctx.demo) throw new AppError('CONFLICT', PAYMENT_MESSAGES.notConnected);
  const company = await findTenant(ctx.db, ctx.tenantId);
  const urls = returnUrls(ctx, target, to);
  const checkoutId = randomUUID();
  const metadata = { fieldworkCompanyId: ctx.tenantId, fieldworkCheckoutId: checkoutId, [target.kind === 'invoice' ? 'invoiceId' : 'estimateId']: target.id };
  const description = `${target.description} — ${company?.name ?? ''}`.trim();
  const session = account
    ? await ctx.gateway.createCheckout(
        ctx.box.open(account.secret_key_sealed),
        { amountCents: target.amountCents, currency: 'usd', description, payerEmail, successUrl: urls.success, cancelUrl: urls.cancel, metadata },
        key,
      )
    : testSession(ctx);
  await insertCheckout(ctx.db, {
    id: checkoutId,
    tenant_id: ctx.tenantId,
    provider: account ? 'stripe' : 'test',
    provider_session_id: session.id,
    invoice_id: target.kind === 'invoice' ? target.id : null,
    estimate_id: target.kind === 'estimate' ? target.id : null,
    amount_cents: target.amountCents,
    url: session.url,
    status: 'open',
    idempotency_key: key,
    payer_email: payerEmail,
    return_url: urls.success,
    cancel_url: urls.cancel,
    created_at: nowIso(),
  });
  // A racing request with the same key may have stored its session first: everyone gets that one.
  const stored = await findCheckoutByKey(ctx.db, ctx.tenantId, key);
  return { url: stored?.url ?? session.url };
}

/** The demo's checkout page inside the product, for a company without keys: clearly a test, no money moves. */
function testSession(ctx: PaymentsCtx) {
  const id = `cs_test_fw_${randomBytes(24).toString('hex')}`;
  return { id, url: `${ctx.origin}/portal/test-checkout/${ctx.tenantId}/${id}` };
}
