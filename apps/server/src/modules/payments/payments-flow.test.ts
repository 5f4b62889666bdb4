import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES } from '@fieldwork/domain/payments/payments.rules';
import { buildCustomer } from '@fieldwork/testing/factories';
import { estimateBody, line, PNG } from '../billing/billing.fixture.ts';
import { customerWithInvoice, emailDocument, openLink } from '../portal/portal.fixture.ts';
import {
  closePaymentsTest,
  connectStripe,
  createPaymentsTest,
  deliver,
  invoiceMoney,
  officeCheckout,
  sentInvoice,
  sessionIdOf,
  type PaymentsTest,
} from './payments.fixture.ts';

/** Connecting Stripe, part-payments, deposits and the customer's Pay in the portal, end to end through the fake Stripe. */
let p: PaymentsTest;
beforeAll(async () => {
  p = await createPaymentsTest();
});
afterAll(async () => closePaymentsTest(p));

describe('Settings → Payments', () => {
  it('checks a new key against Stripe, keeps secrets write-only and sealed, and is for admins only', async () => {
    const { tenantId, admin } = await p.t.newCompany();
    const empty = (await p.t.call('GET', '/api/company/payments', admin.cookie)).json().data;
    expect(empty).toMatchObject({
      connected: false,
      provider: null,
      secretKeyLast4: null,
      demoProvider: false,
      webhookUrl: `http://localhost:80/api/webhooks/stripe/${tenantId}`,
    });
    expect(empty.webhookEvents).toEqual(['checkout.session.completed', 'checkout.session.async_payment_succeeded', 'charge.refunded']);
    const refused = await p.t.call('PUT', '/api/company/payments', admin.cookie, {
      provider: 'stripe',
      secretKey: 'sk_test_notknowntostripe',
      publishableKey: 'pk_test_x',
      webhookSecret: 'whsec_x',
      allowPartial: false,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(PAYMENT_MESSAGES.keyRefused);
    const shape = await p.t.call('PUT', '/api/company/payments', admin.cookie, {
      provider: 'stripe',
      secretKey: 'pk_live_oops',
      publishableKey: 'sk_x',
      allowPartial: true,
    });
    expect(shape.statusCode).toBe(400);
    expect(shape.json().message).toEqual(expect.arrayContaining([PAYMENT_MESSAGES.secretKeyShape, PAYMENT_MESSAGES.publishableKeyShape]));
    const mixed = await p.t.call('PUT', '/api/company/payments', admin.cookie, {
      provider: 'stripe',
      secretKey: 'sk_test_abc',
      publishableKey: 'pk_live_abc',
      webhookSecret: 'whsec_x',
      allowPartial: false,
    });
    expect(mixed.json().message).toBe(PAYMENT_MESSAGES.keyModesDiffer);
    const missing = await p.t.call('PUT', '/api/company/payments', admin.cookie, { provider: 'stripe', publishableKey: 'pk_test_x', allowPartial: true });
    expect(missing.json().message).toBe(PAYMENT_MESSAGES.secretsRequired);
    const keys = await connectStripe(p.stripe, p.t, admin, true);
    const shown = (await p.t.call('GET', '/api/company/payments', admin.cookie)).json().data;
    expect(shown).toMatchObject({ connected: true, provider: 'stripe', testMode: true, allowPartial: true, publishableKey: keys.publishableKey });
    expect(shown.secretKeyLast4).toBe(keys.secretKey.slice(-4));
    expect(JSON.stringify(shown)).not.toContain(keys.secretKey);
    expect(JSON.stringify(shown)).not.toContain(keys.webhookSecret);
    const row = await p.t.db.selectFrom('payment_accounts').selectAll().where('tenant_id', '=', tenantId).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(keys.secretKey);
    expect(p.t.app.secrets.open(row.secret_key_sealed)).toBe(keys.secretKey);
    // Leaving the secrets out keeps them; only the switch changes.
    const kept = await p.t.call('PUT', '/api/company/payments', admin.cookie, { provider: 'stripe', publishableKey: keys.publishableKey, allowPartial: false });
    expect(kept.json().data).toMatchObject({ allowPartial: false, secretKeyLast4: keys.secretKey.slice(-4) });
    // Admin class only (an Admin, or staff with full access, as for the company's other settings).
    for (const [role, access] of [
      ['Staff', 'partialAccess'],
      ['Technician', 'noAccess'],
    ] as const) {
      const s = await p.t.signInAs(tenantId, role, access);
      expect((await p.t.call('GET', '/api/company/payments', s.cookie)).statusCode).toBe(403);
      expect((await p.t.call('DELETE', '/api/company/payments', s.cookie)).statusCode).toBe(403);
    }
    expect((await p.t.call('DELETE', '/api/company/payments', admin.cookie)).statusCode).toBe(204);
    expect((await p.t.call('GET', '/api/company/payments', admin.cookie)).json().data.connected).toBe(false);
  });
});

describe('part-payments', () => {
  it('only where the company allows them, within Stripe’s minimum and the balance', async () => {
    const inv = await sentInvoice(p.t, p.admin, p.tenantId, 300);
    const refused = await p.t.call('POST', `/api/invoices/${inv.id}/checkout`, p.admin.cookie, { amount: 100 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(PAYMENT_MESSAGES.partialNotAllowed);
    await p.t.call('PUT', '/api/company/payments', p.admin.cookie, { provider: 'stripe', publishableKey: 'pk_test_again', allowPartial: true });
    expect((await p.t.call('POST', `/api/invoices/${inv.id}/checkout`, p.admin.cookie, { amount: 0.49 })).json().message).toBe(PAYMENT_MESSAGES.amountTooSmall);
    expect((await p.t.call('POST', `/api/invoices/${inv.id}/checkout`, p.admin.cookie, { amount: 300.01 })).json().message).toBe(
      PAYMENT_MESSAGES.amountOverBalance,
    );
    const session = await officeCheckout(p.t, p.admin, inv.id, 100);
    // A double click opens the same session (one idempotency key, no second call to Stripe).
    expect(await officeCheckout(p.t, p.admin, inv.id, 100)).toBe(session);
    expect(p.stripe.sessions.get(session)!.amount_total).toBe(10_000);
    await deliver(p.t, p.tenantId, await p.stripe.pay(session));
    expect(await invoiceMoney(p.t, inv.id)).toMatchObject({ status: 'SENT', paid_cents: 10_000 });
    const rest = await officeCheckout(p.t, p.admin, inv.id);
    expect(rest).not.toBe(session);
    expect(p.stripe.sessions.get(rest)!.amount_total).toBe(20_000);
    await deliver(p.t, p.tenantId, await p.stripe.pay(rest));
    expect(await invoiceMoney(p.t, inv.id)).toMatchObject({ status: 'PAID', paid_cents: 30_000, credit_cents: 0 });
    const paid = await p.t.call('POST', `/api/invoices/${inv.id}/checkout`, p.admin.cookie, {});
    expect(paid.statusCode).toBe(409);
    expect(paid.json().message).toBe(PAYMENT_MESSAGES.notPayable);
    await p.t.call('PUT', '/api/company/payments', p.admin.cookie, { provider: 'stripe', publishableKey: 'pk_test_again', allowPartial: false });
  });
});

describe('the customer pays in the portal', () => {
  it('Pay on the invoice: Checkout for the balance returning to the portal, Paid once the webhook arrives; another customer’s invoice is a 404', async () => {
    const customer = await buildCustomer(p.t.db, p.tenantId, { contactEmail: 'pat@example.com' });
    const portal = { t: p.t, smtp: p.smtp };
    const { invoiceId, cookie } = await customerWithInvoice(portal, p.admin, customer.id);
    // The emailed link is the payment link: its button says so while the company takes cards.
    const emailed = p.smtp.received.filter((mail) => mail.envelope.to.includes('pat@example.com')).at(-1)!;
    expect(emailed.html).toContain('View and pay the invoice');
    await p.t.call('PATCH', `/api/invoices/${invoiceId}/status`, p.admin.cookie, { action: 'send' });
    const shown = (await p.t.call('GET', `/api/portal/invoices/${invoiceId}`, cookie)).json().data;
    expect(shown.onlinePay).toEqual({ canPay: true, allowPartial: false, minimum: 0.5, testMode: true });
    const pay = await p.t.app.inject({ method: 'POST', url: `/api/portal/invoices/${invoiceId}/pay`, headers: { cookie }, payload: {} });
    expect(pay.statusCode, pay.body).toBe(200);
    const session = p.stripe.sessions.get(sessionIdOf(pay.json().data.url))!;
    expect(session).toMatchObject({ amount_total: 30_000, customer_email: 'pat@example.com' });
    expect(session.success_url).toBe(`http://localhost:80/portal/invoices/${invoiceId}?payment=done`);
    expect(session.cancel_url).toBe(`http://localhost:80/portal/invoices/${invoiceId}?payment=cancelled`);
    // The browser's return proves nothing: until the webhook, the invoice is unpaid.
    expect((await p.t.call('GET', `/api/portal/invoices/${invoiceId}`, cookie)).json().data.balance).toBe(300);
    await deliver(p.t, p.tenantId, await p.stripe.pay(session.id));
    expect((await p.t.call('GET', `/api/portal/invoices/${invoiceId}`, cookie)).json().data).toMatchObject({
      status: 'PAID',
      balance: 0,
      onlinePay: { canPay: false },
    });
    const other = await sentInvoice(p.t, p.admin, p.tenantId, 50);
    const foreign = await p.t.app.inject({ method: 'POST', url: `/api/portal/invoices/${other.id}/pay`, headers: { cookie }, payload: {} });
    expect(foreign.statusCode).toBe(404);
    const anonymous = await p.t.app.inject({ method: 'POST', url: `/api/portal/invoices/${other.id}/pay`, payload: {} });
    expect(anonymous.statusCode).toBe(401);
  });

  it('Pay deposit on an approved estimate: Deposit Paid by card once the webhook arrives', async () => {
    const customer = await buildCustomer(p.t.db, p.tenantId, { contactEmail: 'dee@example.com' });
    const est = (
      await p.t.call(
        'POST',
        '/api/estimates',
        p.admin.cookie,
        estimateBody({ accountId: customer.id, mode: 'Send', lines: [line('Boiler', 1, 1200)], info: { isDepositRequired: true, depositAmount: 250 } }),
      )
    ).json().data;
    const [token] = await emailDocument({ t: p.t, smtp: p.smtp }, p.admin, 'estimates', est.id, ['dee@example.com']);
    const { cookie } = await openLink(p.t, token!);
    const before = (await p.t.call('GET', `/api/portal/estimates/${est.id}`, cookie!)).json().data;
    expect(before.onlinePay.canPay).toBe(false);
    const refused = await p.t.app.inject({ method: 'POST', url: `/api/portal/estimates/${est.id}/pay-deposit`, headers: { cookie: cookie! } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(PAYMENT_MESSAGES.depositNotPayable);
    const approved = await p.t.call('POST', `/api/estimates/${est.id}/approval`, p.admin.cookie, { decision: 'APPROVED', signerName: 'Dee', signature: PNG });
    expect(approved.statusCode).toBe(200);
    expect((await p.t.call('GET', `/api/portal/estimates/${est.id}`, cookie!)).json().data.onlinePay.canPay).toBe(true);
    const pay = await p.t.app.inject({ method: 'POST', url: `/api/portal/estimates/${est.id}/pay-deposit`, headers: { cookie: cookie! } });
    expect(pay.statusCode, pay.body).toBe(200);
    const sessionId = sessionIdOf(pay.json().data.url);
    expect(p.stripe.sessions.get(sessionId)!.amount_total).toBe(25_000);
    const res = await deliver(p.t, p.tenantId, await p.stripe.pay(sessionId));
    expect(res.json().handled).toBe('recorded');
    const office = (await p.t.call('GET', `/api/estimates/${est.id}`, p.admin.cookie)).json().data;
    expect(office).toMatchObject({ status: 'PAID', statusLabel: 'Deposit Paid', depositPayment: { amount: 250, method: 'CARD' } });
    expect((await p.t.call('GET', `/api/portal/estimates/${est.id}`, cookie!)).json().data.onlinePay.canPay).toBe(false);
  });
});

describe('when Stripe refuses', () => {
  it('a checkout Stripe will not open answers 502 with what to do, and stores nothing', async () => {
    const { tenantId, admin } = await p.t.newCompany();
    const keys = await connectStripe(p.stripe, p.t, admin);
    // The key is revoked in Stripe's dashboard after it was saved.
    p.stripe.removeAccount(keys.secretKey);
    const inv = await sentInvoice(p.t, admin, tenantId, 25);
    const res = await p.t.call('POST', `/api/invoices/${inv.id}/checkout`, admin.cookie, {});
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe(PAYMENT_MESSAGES.checkoutRefused);
    expect(await p.t.db.selectFrom('payment_checkouts').select('id').where('tenant_id', '=', tenantId).execute()).toEqual([]);
  });
});
