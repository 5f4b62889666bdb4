import type { LightMyRequestResponse } from 'fastify';
import { buildCustomer } from '@fieldwork/testing/factories';
import { startFakeStripe, type FakeStripe, type FakeStripeEvent } from '@fieldwork/testing/stripe-test-server';
import { closeMailTestApp, createMailTestApp, type MailTestApp, type Session, type TestApp } from '../../test-support/test-app.ts';
import { invoiceBody, line } from '../billing/billing.fixture.ts';
import type { AppConfig } from '../../config.ts';

/** A test app whose Stripe SDK talks to a fake Stripe on loopback, with one company connected to it. */
export type PaymentsTest = MailTestApp & { stripe: FakeStripe; secretKey: string; webhookSecret: string };

let n = 0;
export const stripeKeys = () => {
  n += 1;
  const tail = `${process.pid}x${n}x${Math.random().toString(36).slice(2, 10)}`;
  return { secretKey: `sk_test_${tail}`, publishableKey: `pk_test_${tail}`, webhookSecret: `whsec_${tail}` };
};

export async function connectStripe(stripe: FakeStripe, t: TestApp, admin: Session, allowPartial = false) {
  const keys = stripeKeys();
  stripe.addAccount({ secretKey: keys.secretKey, webhookSecret: keys.webhookSecret, name: 'Test company' });
  const res = await t.call('PUT', '/api/company/payments', admin.cookie, { provider: 'stripe', ...keys, allowPartial });
  if (res.statusCode !== 200) throw new Error(`connect failed ${res.statusCode}: ${res.body}`);
  return keys;
}

export async function createPaymentsTest(overrides: Partial<AppConfig> = {}): Promise<PaymentsTest> {
  const stripe = await startFakeStripe();
  const m = await createMailTestApp({ stripeApiUrl: stripe.url, ...overrides });
  const keys = await connectStripe(stripe, m.t, m.admin);
  return { ...m, stripe, secretKey: keys.secretKey, webhookSecret: keys.webhookSecret };
}

export async function closePaymentsTest(p: Partial<PaymentsTest>): Promise<void> {
  await closeMailTestApp(p);
  await p.stripe?.close();
}

/** A Sent invoice of `dollars` for a new customer of the company. */
export async function sentInvoice(t: TestApp, admin: Session, tenantId: string, dollars = 300): Promise<{ id: string; customerId: string }> {
  const customer = await buildCustomer(t.db, tenantId, { contactEmail: 'pat@example.com' });
  const res = await t.call('POST', '/api/invoices', admin.cookie, invoiceBody({ accountId: customer.id, mode: 'Send', lines: [line('Service', 1, dollars)] }));
  if (res.statusCode !== 201) throw new Error(`invoice failed ${res.statusCode}: ${res.body}`);
  return { id: res.json().data.id, customerId: customer.id };
}

/** The office's "Take card payment": the Checkout session's id (the last part of its URL). */
export async function officeCheckout(t: TestApp, admin: Session, invoiceId: string, amount?: number): Promise<string> {
  const res = await t.call('POST', `/api/invoices/${invoiceId}/checkout`, admin.cookie, amount === undefined ? {} : { amount });
  if (res.statusCode !== 200) throw new Error(`checkout failed ${res.statusCode}: ${res.body}`);
  return sessionIdOf(res.json().data.url);
}

export const sessionIdOf = (url: string) => new URL(url).pathname.split('/').pop()!;

/** Stripe delivering one event to the company's webhook URL, signature header and raw bytes as sent. */
export function deliver(t: TestApp, companyId: string, event: FakeStripeEvent, signature = event.header): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: `/api/webhooks/stripe/${companyId}`,
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    payload: event.payload,
  });
}

export async function invoiceMoney(t: TestApp, id: string) {
  return t.db.selectFrom('invoices').select(['status', 'paid_cents', 'credit_cents', 'total_cents']).where('id', '=', id).executeTakeFirstOrThrow();
}
