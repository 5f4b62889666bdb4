import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer } from '@fieldwork/testing/factories';
import { estimateBody, line, PNG } from '../billing/billing.fixture.ts';
import { closePaymentsTest, createPaymentsTest, deliver, officeCheckout, sentInvoice, sessionIdOf, type PaymentsTest } from '../payments/payments.fixture.ts';
import { emailDocument, openLink } from '../portal/portal.fixture.ts';

/** Money that moved online tells the office's bell, in the webhook's transaction, once per payment or refund. */
let p: PaymentsTest;
beforeAll(async () => {
  p = await createPaymentsTest();
});
afterAll(async () => closePaymentsTest(p));

const entries = async (recordId: string) => {
  const res = await p.t.call('GET', '/api/notifications?limit=50', p.admin.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { kind: string; recordId: string; text: string; read: boolean }[]).filter((n) => n.recordId === recordId);
};

describe('online payments notify the office', () => {
  it('an invoice paid online, then a refund: one entry each, however often Stripe repeats itself', async () => {
    const inv = await sentInvoice(p.t, p.admin, p.tenantId, 100);
    const session = await officeCheckout(p.t, p.admin, inv.id);
    const paid = await p.stripe.pay(session);
    expect((await deliver(p.t, p.tenantId, paid)).json().handled).toBe('recorded');
    expect((await deliver(p.t, p.tenantId, paid)).json().handled).toBe('duplicate');
    const number = (await p.t.db.selectFrom('invoices').select('invoice_number').where('id', '=', inv.id).executeTakeFirstOrThrow()).invoice_number;
    expect(await entries(inv.id)).toEqual([expect.objectContaining({ kind: 'invoice.paid', text: `Invoice #${number} paid online: $100.00`, read: false })]);
    const intent = p.stripe.sessions.get(session)!.payment_intent!;
    const refund = await p.stripe.refund(intent, 2_500);
    expect((await deliver(p.t, p.tenantId, refund)).json().handled).toBe('recorded');
    expect((await deliver(p.t, p.tenantId, refund)).json().handled).not.toBe('recorded');
    expect((await entries(inv.id)).map((n) => [n.kind, n.text])).toEqual([
      ['invoice.refunded', `Card payment refunded on invoice #${number}: $25.00`],
      ['invoice.paid', `Invoice #${number} paid online: $100.00`],
    ]);
  });

  /** An estimate asking a $250 deposit, approved, with the customer's portal checkout for it open. */
  const depositCheckout = async (address: string) => {
    const customer = await buildCustomer(p.t.db, p.tenantId, { contactEmail: address });
    const est = (
      await p.t.call(
        'POST',
        '/api/estimates',
        p.admin.cookie,
        estimateBody({ accountId: customer.id, mode: 'Send', lines: [line('Boiler', 1, 1200)], info: { isDepositRequired: true, depositAmount: 250 } }),
      )
    ).json().data as { id: string; estimateNumber: number };
    const [token] = await emailDocument({ t: p.t, smtp: p.smtp }, p.admin, 'estimates', est.id, [address]);
    const { cookie } = await openLink(p.t, token!);
    await p.t.call('POST', `/api/estimates/${est.id}/approval`, p.admin.cookie, { decision: 'APPROVED', signerName: 'Dee', signature: PNG });
    const pay = await p.t.app.inject({ method: 'POST', url: `/api/portal/estimates/${est.id}/pay-deposit`, headers: { cookie: cookie! } });
    expect(pay.statusCode, pay.body).toBe(200);
    return { est, session: sessionIdOf(pay.json().data.url) };
  };

  it('a deposit paid online in the portal', async () => {
    const { est, session } = await depositCheckout('dee@example.com');
    expect((await deliver(p.t, p.tenantId, await p.stripe.pay(session))).json().handled).toBe('recorded');
    expect(await entries(est.id)).toEqual([
      expect.objectContaining({ kind: 'deposit.paid', text: `Deposit paid online on estimate #${est.estimateNumber}: $250.00` }),
    ]);
  });

  it('a card payment arriving after the office recorded the deposit itself is told as credit, not as the deposit', async () => {
    const { est, session } = await depositCheckout('cred@example.com');
    const cash = await p.t.call('POST', `/api/estimates/${est.id}/deposit`, p.admin.cookie, { paidOn: '2026-11-20', method: 'CHECK', reference: 'Chk 1' });
    expect(cash.statusCode, cash.body).toBe(200);
    expect((await deliver(p.t, p.tenantId, await p.stripe.pay(session))).json().handled).toBe('recorded');
    expect(await entries(est.id)).toEqual([
      expect.objectContaining({ kind: 'deposit.credit', text: `Card payment on estimate #${est.estimateNumber} kept as credit: $250.00` }),
    ]);
  });
});
