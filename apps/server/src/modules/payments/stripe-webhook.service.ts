import type Stripe from 'stripe';
import type { Db, DialectName } from '@fieldwork/db/connection';
import { nowIso } from '@fieldwork/db/sql-helpers';
import { withTenant } from '@fieldwork/db/tenant-scope';
import { runTransaction } from '@fieldwork/db/transactions';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import { PAYMENT_MESSAGES } from '@fieldwork/domain/payments/payments.rules';
import { completeCheckout } from './checkouts.repository.ts';
import { claimWebhookEvent } from './online-payments.repository.ts';
import { findPaymentAccount } from './payment-accounts.repository.ts';
import { recordMovedMoney, syncRefunds, type MovedMoney, type RecordCtx } from './payment-record.service.ts';
import type { PaymentsDeps } from './payments-context.ts';

export type WebhookAnswer = { received: true; handled: 'recorded' | 'unchanged' | 'duplicate' | 'ignored' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A Stripe event for one company. Only the company's own signing secret opens it (checked over the raw bytes,
 * with Stripe's five-minute tolerance against replays of old captures); an unknown company, a wrong secret or a
 * bad signature all answer the same 400. Each event is handled once (its id is stored in the same transaction as
 * what it changes), and the changes themselves are keyed by Stripe's PaymentIntent id, so duplicates, retries
 * and events in any order settle to the same state.
 */
export async function handleStripeWebhook(
  deps: PaymentsDeps & { db: Db; dialect: DialectName },
  companyId: string,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<WebhookAnswer> {
  const refused = new AppError('VALIDATION_FAILED', PAYMENT_MESSAGES.badSignature);
  if (!UUID.test(companyId) || !signature) throw refused;
  return withTenant(companyId, async () => {
    const account = await findPaymentAccount(deps.db, companyId);
    const secret = account ? deps.box.open(account.webhook_secret_sealed) : deps.demo ? deps.testWebhookSecret : null;
    if (!secret) throw refused;
    let event: Stripe.Event;
    try {
      event = await deps.gateway.verifyEvent(rawBody, signature, secret);
    } catch {
      throw refused;
    }
    const moved = movedMoneyOf(event, account ? 'stripe' : 'test');
    if (!moved) return { received: true, handled: 'ignored' };
    const at = nowIso();
    // SQLite: BEGIN IMMEDIATE, so two processes delivering at once queue for the write lock instead of one
    // failing after its first read; PostgreSQL locks the document's row inside.
    return runTransaction(
      deps.db,
      async (trx): Promise<WebhookAnswer> => {
        if (!(await claimWebhookEvent(trx, companyId, event.id, event.type, at))) return { received: true, handled: 'duplicate' };
        const ctx: RecordCtx = { trx, dialect: deps.dialect, tenantId: companyId, box: deps.box, at };
        let changed = false;
        // Our checkout names the company in the metadata: money another company's checkout took is not ours to book.
        if (moved.money?.target && moved.companyId === companyId) {
          changed = await recordMovedMoney(ctx, moved.money as MovedMoney);
          if (moved.sessionId) await completeCheckout(trx, companyId, account ? 'stripe' : 'test', moved.sessionId);
        }
        if (moved.refundedCents !== null) changed = (await syncRefunds(ctx, moved.paymentIntentId, moved.refundedCents)) || changed;
        return { received: true, handled: changed ? 'recorded' : 'unchanged' };
      },
      { immediate: true },
    );
  });
}

type Moved = {
  paymentIntentId: string;
  companyId: string | null;
  money: (Omit<MovedMoney, 'target'> & { target: MovedMoney['target'] | null }) | null;
  sessionId: string | null;
  refundedCents: number | null;
};

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

function targetOf(metadata: Stripe.Metadata | null | undefined): MovedMoney['target'] | null {
  if (!metadata?.fieldworkCompanyId) return null;
  if (metadata.invoiceId) return { invoiceId: metadata.invoiceId };
  if (metadata.estimateId) return { estimateId: metadata.estimateId };
  return null;
}

/** The money an event reports, in the events the webhook endpoint asks for; null for everything else. */
function movedMoneyOf(event: Stripe.Event, provider: MovedMoney['provider']): Moved | null {
  if (event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded') {
    const session = event.data.object;
    const paymentIntentId = idOf(session.payment_intent);
    // A delayed method (bank debit) completes the session unpaid; its async_payment_succeeded carries the money.
    if (session.payment_status !== 'paid' || !paymentIntentId || !session.amount_total) return null;
    return {
      paymentIntentId,
      companyId: session.metadata?.fieldworkCompanyId ?? null,
      sessionId: session.id,
      refundedCents: null,
      money: {
        provider,
        paymentIntentId,
        amountCents: session.amount_total,
        target: targetOf(session.metadata),
        payerEmail: session.customer_details?.email ?? session.customer_email ?? null,
        paidAt: new Date(event.created * 1000).toISOString(),
      },
    };
  }
  if (event.type === 'charge.refunded') {
    const charge = event.data.object;
    const paymentIntentId = idOf(charge.payment_intent);
    if (!paymentIntentId) return null;
    // The refund may overtake the payment's own event: the charge names the same money, so it is recorded first.
    return {
      paymentIntentId,
      companyId: charge.metadata?.fieldworkCompanyId ?? null,
      sessionId: null,
      refundedCents: charge.amount_refunded,
      money: charge.paid
        ? {
            provider,
            paymentIntentId,
            amountCents: charge.amount_captured || charge.amount,
            target: targetOf(charge.metadata),
            payerEmail: charge.billing_details?.email ?? null,
            paidAt: new Date(charge.created * 1000).toISOString(),
          }
        : null,
    };
  }
  return null;
}
