import { randomBytes } from 'node:crypto';
import type { Db, DialectName } from '@fieldwork/db/connection';
import { withTenant } from '@fieldwork/db/tenant-scope';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import { centsToDollars } from '@fieldwork/domain/common/money.rules';
import type { TestCheckout } from '@fieldwork/domain/payments/payments.schemas';
import { findTenant } from '../account-core/company.repository.ts';
import { findEstimate, findInvoice } from '../billing/documents.repository.ts';
import { findCheckout } from './checkouts.repository.ts';
import type { PaymentsDeps } from './payments-context.ts';
import { handleStripeWebhook } from './stripe-webhook.service.ts';

/**
 * The demo's built-in checkout, for a company without Stripe keys: a page inside the product, marked as a test,
 * whose Pay button builds the event Stripe would send and passes it, signed, through the same webhook handling
 * as a real payment — so the demo shows exactly what a real payment does, and no money moves.
 */
type Deps = PaymentsDeps & { db: Db; dialect: DialectName };

const notFound = () => new AppError('NOT_FOUND', 'This checkout is not available.');

async function openTestCheckout(deps: Deps, companyId: string, sessionId: string) {
  if (!deps.demo || !/^[0-9a-f-]{36}$/i.test(companyId)) throw notFound();
  const checkout = await findCheckout(deps.db, companyId, 'test', sessionId);
  if (!checkout) throw notFound();
  return checkout;
}

export function getTestCheckout(deps: Deps, companyId: string, sessionId: string): Promise<TestCheckout> {
  return withTenant(companyId, async () => {
    const checkout = await openTestCheckout(deps, companyId, sessionId);
    const [company, invoice, estimate] = await Promise.all([
      findTenant(deps.db, companyId),
      checkout.invoice_id ? findInvoice(deps.db, companyId, checkout.invoice_id) : undefined,
      checkout.estimate_id ? findEstimate(deps.db, companyId, checkout.estimate_id) : undefined,
    ]);
    return {
      companyName: company?.name ?? '',
      description: invoice ? `Invoice #${invoice.invoice_number}` : `Deposit on estimate #${estimate?.estimate_number ?? ''}`,
      amount: centsToDollars(checkout.amount_cents),
      status: checkout.status === 'complete' ? ('complete' as const) : ('open' as const),
      returnUrl: checkout.return_url,
      cancelUrl: checkout.cancel_url,
    };
  });
}

export function completeTestCheckout(deps: Deps, companyId: string, sessionId: string): Promise<{ url: string }> {
  return withTenant(companyId, async () => {
    const checkout = await openTestCheckout(deps, companyId, sessionId);
    if (checkout.status === 'complete') return { url: checkout.return_url };
    const created = Math.floor(Date.now() / 1000);
    const metadata = {
      fieldworkCompanyId: companyId,
      fieldworkCheckoutId: checkout.id,
      ...(checkout.invoice_id ? { invoiceId: checkout.invoice_id } : { estimateId: checkout.estimate_id! }),
    };
    const payload = JSON.stringify({
      id: `evt_test_fw_${randomBytes(12).toString('hex')}`,
      object: 'event',
      created,
      livemode: false,
      type: 'checkout.session.completed',
      data: {
        object: {
          id: sessionId,
          object: 'checkout.session',
          mode: 'payment',
          amount_total: checkout.amount_cents,
          currency: 'usd',
          metadata,
          payment_intent: `pi_test_fw_${randomBytes(12).toString('hex')}`,
          payment_status: 'paid',
          status: 'complete',
          customer_details: { email: checkout.payer_email },
        },
      },
    });
    await handleStripeWebhook(deps, companyId, Buffer.from(payload), await deps.gateway.signature(payload, deps.testWebhookSecret));
    return { url: checkout.return_url };
  });
}
