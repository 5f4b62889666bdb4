import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES } from '@fieldwork/domain/payments/payments.rules';
import { closePaymentsTest, createPaymentsTest, deliver, invoiceMoney, officeCheckout, sentInvoice, type PaymentsTest } from './payments.fixture.ts';

/**
 * Stripe's webhooks, signed by the SDK's own test-header helper and delivered with the raw bytes: a payment lands
 * once whatever is repeated, reordered or raced, and nothing unsigned or signed by another company is believed.
 */
let p: PaymentsTest;
beforeAll(async () => {
  p = await createPaymentsTest();
});
afterAll(async () => closePaymentsTest(p));

const cardRows = (invoiceId: string) => p.t.db.selectFrom('invoice_payments').selectAll().where('invoice_id', '=', invoiceId).execute();

describe('a card payment arrives by webhook', () => {
  it('the whole balance: Paid, one card payment, the activity, a receipt to the payer, then Stripe’s fee', async () => {
    const inv = await sentInvoice(p.t, p.admin, p.tenantId, 123.45);
    const session = await officeCheckout(p.t, p.admin, inv.id);
    expect(await invoiceMoney(p.t, inv.id)).toMatchObject({ status: 'SENT', paid_cents: 0 });
    const mailsBefore = p.smtp.received.length;
    const event = await p.stripe.pay(session, 'payer@example.com');
    const res = await deliver(p.t, p.tenantId, event);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true, handled: 'recorded' });
    expect(await invoiceMoney(p.t, inv.id)).toMatchObject({ status: 'PAID', paid_cents: 12_345, credit_cents: 0 });
    const rows = await cardRows(inv.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amount_cents: 12_345, method: 'CARD', created_by: null });
    const intent = p.stripe.sessions.get(session)!.payment_intent!;
    expect(rows[0]!.reference).toBe(`Stripe ${intent}`);
    const activity = await p.t.db
      .selectFrom('activity_log')
      .select(['action', 'message'])
      .where('entity_id', '=', inv.id)
      .where('action', '=', 'PAYMENT_RECORDED')
      .execute();
    expect(activity.map((a) => a.message)).toEqual([
      expect.stringMatching(/^Online card payment of \$123\.45 on invoice #\d+ — receipt emailed to payer@example.com$/),
    ]);
    await p.t.app.worker.drain();
    const mails = await p.smtp.waitFor(mailsBefore + 1);
    expect(mails.at(-1)!.envelope.to).toEqual(['payer@example.com']);
    expect(mails.at(-1)!.text).toContain('$123.45');
    const office = (await p.t.call('GET', `/api/invoices/${inv.id}`, p.admin.cookie)).json().data;
    // 2.9% + 30¢ of $123.45, as the fake Stripe's balance transaction says.
    expect(office.onlinePayments).toEqual([
      expect.objectContaining({ amount: 123.45, refunded: 0, fee: 3.88, net: 119.57, payerEmail: 'payer@example.com', providerPaymentId: intent }),
    ]);
    expect(office).toMatchObject({ status: 'PAID', paidAmount: 123.45, balance: 0, credit: 0, onlinePay: { canPay: false } });
  });

  it('the same event again, and 20 copies of a new one at once: each lands once', async () => {
    const inv = await sentInvoice(p.t, p.admin, p.tenantId, 200);
    const first = await p.stripe.pay(await officeCheckout(p.t, p.admin, inv.id, 200));
    expect((await deliver(p.t, p.tenantId, first)).json().handled).toBe('recorded');
    expect((await deliver(p.t, p.tenantId, first)).json().handled).toBe('duplicate');
    const inv2 = await sentInvoice(p.t, p.admin, p.tenantId, 80);
    const event = await p.stripe.pay(await officeCheckout(p.t, p.admin, inv2.id));
    const answers = await Promise.all(Array.from({ length: 20 }, () => deliver(p.t, p.tenantId, event)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(answers.filter((a) => a.json().handled === 'recorded')).toHaveLength(1);
    expect(await invoiceMoney(p.t, inv2.id)).toMatchObject({ status: 'PAID', paid_cents: 8_000, credit_cents: 0 });
    expect(await cardRows(inv2.id)).toHaveLength(1);
    expect(await p.t.db.selectFrom('online_payments').select('id').where('invoice_id', '=', inv2.id).execute()).toHaveLength(1);
  });

  it('a replay under a new event id (another event about the same payment) changes nothing', async () => {
    const inv = await sentInvoice(p.t, p.admin, p.tenantId, 90);
    const event = await p.stripe.pay(await officeCheckout(p.t, p.admin, inv.id));
    await deliver(p.t, p.tenantId, event);
    const again = p.stripe.event(p.secretKey, 'checkout.session.completed', JSON.parse(event.payload).data.object);
    expect((await deliver(p.t, p.tenantId, again)).json().handled).toBe('unchanged');
    expect(await invoiceMoney(p.t, inv.id)).toMatchObject({ paid_cents: 9_000, credit_cents: 0 });
  });

  it('refunds reopen the balance, partial then full; a late or repeated refund report changes nothing', async () => {
    const inv = await sentInvoice(p.t, p.admin, p.tenantId, 100);
    const session = await officeCheckout(p.t, p.admin, inv.id);
    await deliver(p.t, p.tenantId, await p.stripe.pay(session));
    const intent = p.stripe.sessions.get(session)!.payment_intent!;
    const partial = await p.stripe.refund(intent, 2_500);
    expect((await deliver(p.t, p.tenantId, partial)).json().handled).toBe('recorded');
    expect(await invoiceMoney(p.t, inv.id)).toMatchObject({ status: 'SENT', paid_cents: 7_500 });
    expect((await cardRows(inv.id)).map((r) => r.amount_cents)).toEqual([7_500]);
    const full = await p.stripe.refund(intent, 7_500);
    await deliver(p.t, p.tenantId, full);
    // The earlier, smaller report arriving late (a new id, as Stripe's retry of an old event would not be).
    const stale = p.stripe.event(p.secretKey, 'charge.refunded', JSON.parse(partial.payload).data.object);
    expect((await deliver(p.t, p.tenantId, stale)).json().handled).toBe('unchanged');
    expect(await invoiceMoney(p.t, inv.id)).toMatchObject({ status: 'SENT', paid_cents: 0, credit_cents: 0 });
    expect(await cardRows(inv.id)).toEqual([]);
    const payment = await p.t.db.selectFrom('online_payments').selectAll().where('provider_payment_id', '=', intent).executeTakeFirstOrThrow();
    expect(payment).toMatchObject({ amount_cents: 10_000, refunded_cents: 10_000 });
    const refunds = await p.t.db
      .selectFrom('activity_log')
      .select('message')
      .where('entity_id', '=', inv.id)
      .where('action', '=', 'PAYMENT_REFUNDED')
      .execute();
    expect(refunds.map((r) => r.message)).toEqual([expect.stringContaining('Refund of $25.00'), expect.stringContaining('Refund of $75.00')]);
  });

  it('out of order: the refund’s event before the payment’s records the payment from the charge, then the late payment event changes nothing', async () => {
    const inv = await sentInvoice(p.t, p.admin, p.tenantId, 60);
    const session = await officeCheckout(p.t, p.admin, inv.id);
    const paid = await p.stripe.pay(session);
    const refund = await p.stripe.refund(p.stripe.sessions.get(session)!.payment_intent!, 1_000);
    expect((await deliver(p.t, p.tenantId, refund)).json().handled).toBe('recorded');
    expect(await invoiceMoney(p.t, inv.id)).toMatchObject({ status: 'SENT', paid_cents: 5_000 });
    expect((await deliver(p.t, p.tenantId, paid)).json().handled).toBe('unchanged');
    expect(await invoiceMoney(p.t, inv.id)).toMatchObject({ status: 'SENT', paid_cents: 5_000, credit_cents: 0 });
    expect((await cardRows(inv.id)).map((r) => r.amount_cents)).toEqual([5_000]);
  });
});

describe('only the company’s own signed events are believed', () => {
  it('a bad signature, another company’s secret, an unknown company: 400 and nothing recorded', async () => {
    const inv = await sentInvoice(p.t, p.admin, p.tenantId, 40);
    const event = await p.stripe.pay(await officeCheckout(p.t, p.admin, inv.id));
    const tampered = { ...event, payload: event.payload.replace('"amount_total":4000', '"amount_total":1') };
    const forged = p.stripe.event(p.secretKey, 'checkout.session.completed', JSON.parse(event.payload).data.object, { secret: 'whsec_someone_else' });
    for (const [attempt, companyId] of [
      [tampered, p.tenantId],
      [forged, p.tenantId],
      [event, '7b0c6a52-1d7e-4a51-9c55-0a0e4cbb1f00'],
      [event, 'not-a-company'],
    ] as const) {
      const res = await deliver(p.t, companyId, attempt);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(PAYMENT_MESSAGES.badSignature);
    }
    const noHeader = await p.t.app.inject({
      method: 'POST',
      url: `/api/webhooks/stripe/${p.tenantId}`,
      headers: { 'content-type': 'application/json' },
      payload: event.payload,
    });
    expect(noHeader.statusCode).toBe(400);
    expect(await invoiceMoney(p.t, inv.id)).toMatchObject({ status: 'SENT', paid_cents: 0 });
  });

  it('another connected company’s correctly signed event, sent to this company’s URL: 400', async () => {
    const other = await p.t.newCompany();
    const { connectStripe } = await import('./payments.fixture.ts');
    const keys = await connectStripe(p.stripe, p.t, other.admin);
    const inv = await sentInvoice(p.t, other.admin, other.tenantId, 40);
    const event = await p.stripe.pay(await officeCheckout(p.t, other.admin, inv.id));
    expect((await deliver(p.t, p.tenantId, event)).statusCode).toBe(400);
    expect(keys.webhookSecret).not.toBe(p.webhookSecret);
    expect((await deliver(p.t, other.tenantId, event)).json().handled).toBe('recorded');
  });

  it('event types the product does not use answer 200 and are ignored', async () => {
    const event = p.stripe.event(p.secretKey, 'customer.created', { id: 'cus_1', object: 'customer' });
    const res = await deliver(p.t, p.tenantId, event);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, handled: 'ignored' });
  });
});
