import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildJob } from '@fieldwork/testing/factories';
import { invoiceBody, line } from '../billing/billing.fixture.ts';
import { closePaymentsTest, createPaymentsTest, deliver, invoiceMoney, officeCheckout, type PaymentsTest } from './payments.fixture.ts';

/**
 * Money that moved is never lost: the office records cash for the balance while the customer pays it by card.
 * Whichever lands first, the card payment is recorded (the card was charged), paid never passes the total, and
 * what is beyond it is a credit to refund or apply — on the invoice, the job and the dashboard.
 */
let p: PaymentsTest;
beforeAll(async () => {
  p = await createPaymentsTest();
});
afterAll(async () => closePaymentsTest(p));

async function jobInvoice(dollars: number) {
  const job = await buildJob(p.t.db, p.tenantId);
  const res = await p.t.call('POST', '/api/invoices', p.admin.cookie, invoiceBody({ jobId: job.id, mode: 'Send', lines: [line('Repair', 1, dollars)] }));
  return { jobId: job.id, invoiceId: res.json().data.id as string };
}

const cash = (invoiceId: string, amount: number) =>
  p.t.call('POST', `/api/invoices/${invoiceId}/payments`, p.admin.cookie, { amount, paidOn: '2026-11-26', method: 'CASH' });

describe('cash versus card on the same balance', () => {
  it('cash first, then the card: both recorded, Paid, and the card’s amount is a credit on the invoice, the job and the dashboard', async () => {
    const { jobId, invoiceId } = await jobInvoice(100);
    const event = await p.stripe.pay(await officeCheckout(p.t, p.admin, invoiceId));
    expect((await cash(invoiceId, 100)).statusCode).toBe(201);
    expect((await deliver(p.t, p.tenantId, event)).json().handled).toBe('recorded');
    expect(await invoiceMoney(p.t, invoiceId)).toMatchObject({ status: 'PAID', paid_cents: 10_000, credit_cents: 10_000 });
    const invoice = (await p.t.call('GET', `/api/invoices/${invoiceId}`, p.admin.cookie)).json().data;
    expect(invoice).toMatchObject({ paidAmount: 100, balance: 0, credit: 100 });
    expect(invoice.payments.map((x: { method: string }) => x.method).sort()).toEqual(['CARD', 'CASH']);
    expect((await p.t.call('GET', `/api/jobs/${jobId}`, p.admin.cookie)).json().data.credit).toBe(100);
    const finance = (await p.t.call('GET', '/api/dashboard/finance-metrics', p.admin.cookie)).json();
    expect(finance.credits.count).toBeGreaterThanOrEqual(1);
    expect(finance.credits.amount).toBeGreaterThanOrEqual(100);
    const log = await p.t.db.selectFrom('activity_log').select('message').where('entity_id', '=', invoiceId).where('action', '=', 'PAYMENT_RECORDED').execute();
    expect(log.map((l) => l.message)).toContainEqual(expect.stringContaining('$100.00 beyond the balance kept as credit to refund or apply'));
    // Refunding it in Stripe takes the credit back first and leaves the invoice paid.
    const intent = (await p.t.db.selectFrom('online_payments').select('provider_payment_id').where('invoice_id', '=', invoiceId).executeTakeFirstOrThrow())
      .provider_payment_id;
    await deliver(p.t, p.tenantId, await p.stripe.refund(intent, 10_000));
    expect(await invoiceMoney(p.t, invoiceId)).toMatchObject({ status: 'PAID', paid_cents: 10_000, credit_cents: 0 });
    expect((await p.t.call('GET', `/api/jobs/${jobId}`, p.admin.cookie)).json().data.credit).toBe(0);
  });

  it('the card first: the cash for the same balance is refused as past the balance, as today', async () => {
    const { invoiceId } = await jobInvoice(70);
    await deliver(p.t, p.tenantId, await p.stripe.pay(await officeCheckout(p.t, p.admin, invoiceId)));
    const refused = await cash(invoiceId, 70);
    expect(refused.statusCode).toBe(409);
    expect(await invoiceMoney(p.t, invoiceId)).toMatchObject({ status: 'PAID', paid_cents: 7_000, credit_cents: 0 });
  });

  it('at the same moment, 10 rounds: the card always lands, paid is exactly the total, credit is exactly what the cash added', async () => {
    for (let round = 0; round < 10; round++) {
      const { invoiceId } = await jobInvoice(100);
      const event = await p.stripe.pay(await officeCheckout(p.t, p.admin, invoiceId));
      const [cashRes, cardRes] = await Promise.all([cash(invoiceId, 100), deliver(p.t, p.tenantId, event)]);
      expect(cardRes.statusCode, cardRes.body).toBe(200);
      expect(cardRes.json().handled).toBe('recorded');
      expect([201, 409], cashRes.body).toContain(cashRes.statusCode);
      const cashLanded = cashRes.statusCode === 201;
      expect(await invoiceMoney(p.t, invoiceId), `round ${round}`).toMatchObject({ status: 'PAID', paid_cents: 10_000, credit_cents: cashLanded ? 10_000 : 0 });
      const rows = await p.t.db.selectFrom('invoice_payments').select(['amount_cents', 'method']).where('invoice_id', '=', invoiceId).execute();
      expect(rows.reduce((sum, r) => sum + r.amount_cents, 0)).toBe(cashLanded ? 20_000 : 10_000);
      expect(rows.filter((r) => r.method === 'CARD')).toHaveLength(1);
    }
  }, 60_000);
});
