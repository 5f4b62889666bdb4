import type { JobHandler } from '../background/background-worker.ts';
import { findOnlinePaymentById, setPaymentFee } from './online-payments.repository.ts';
import { findPaymentAccount } from './payment-accounts.repository.ts';
import type { PaymentsDeps } from './payments-context.ts';

/**
 * Reads Stripe's fee and the net amount of a recorded card payment. Safe to run twice (it only sets them);
 * until Stripe has settled the charge it throws, and the worker tries again with backoff. A company that
 * disconnected Stripe meanwhile keeps the payment without a fee.
 */
export function createPaymentFeeHandler(deps: Pick<PaymentsDeps, 'gateway' | 'box'>): JobHandler {
  return {
    run: async (ctx, raw) => {
      const { paymentId } = raw as { paymentId: string };
      const payment = await findOnlinePaymentById(ctx.db, ctx.tenantId, paymentId);
      if (!payment || payment.fee_cents !== null || payment.provider !== 'stripe') return;
      const account = await findPaymentAccount(ctx.db, ctx.tenantId);
      if (!account) return;
      const fee = await deps.gateway.feeOf(deps.box.open(account.secret_key_sealed), payment.provider_payment_id);
      if (!fee) throw new Error('Stripe has not settled this charge yet');
      await setPaymentFee(ctx.db, ctx.tenantId, paymentId, fee);
    },
  };
}
