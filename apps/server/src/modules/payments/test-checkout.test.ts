import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES } from '@fieldwork/domain/payments/payments.rules';
import { buildCustomer } from '@fieldwork/testing/factories';
import { closeMailTestApp, createMailTestApp, type MailTestApp } from '../../test-support/test-app.ts';
import { customerWithInvoice } from '../portal/portal.fixture.ts';
import { sentInvoice } from './payments.fixture.ts';

/**
 * The demo without Stripe keys: a checkout page inside the product, marked as a test, whose payment travels the
 * same signed-webhook path as a real one. Outside the demo there is no such page, and no Pay without keys.
 */
let m: MailTestApp;
let plain: MailTestApp;
beforeAll(async () => {
  m = await createMailTestApp({ demo: true });
  plain = await createMailTestApp();
});
afterAll(async () => {
  await closeMailTestApp(m);
  await closeMailTestApp(plain);
});

describe('the demo’s test checkout', () => {
  it('Pay opens the test page; paying it records the payment through the webhook handling, once', async () => {
    const customer = await buildCustomer(m.t.db, m.tenantId, { contactEmail: 'pat@example.com' });
    const { invoiceId, cookie } = await customerWithInvoice({ t: m.t, smtp: m.smtp }, m.admin, customer.id);
    await m.t.call('PATCH', `/api/invoices/${invoiceId}/status`, m.admin.cookie, { action: 'send' });
    expect((await m.t.call('GET', '/api/company/payments', m.admin.cookie)).json().data).toMatchObject({ connected: false, demoProvider: true });
    const shown = (await m.t.call('GET', `/api/portal/invoices/${invoiceId}`, cookie)).json().data;
    expect(shown.onlinePay).toMatchObject({ canPay: true, testMode: true });
    const pay = await m.t.app.inject({ method: 'POST', url: `/api/portal/invoices/${invoiceId}/pay`, headers: { cookie }, payload: {} });
    expect(pay.statusCode, pay.body).toBe(200);
    const path = new URL(pay.json().data.url).pathname;
    expect(path).toMatch(new RegExp(`^/portal/test-checkout/${m.tenantId}/cs_test_fw_[0-9a-f]{48}$`));
    const api = path.replace('/portal/', '/api/portal/');
    const page = (await m.t.call('GET', api)).json().data;
    expect(page).toMatchObject({ amount: 300, status: 'open', description: expect.stringMatching(/^Invoice #\d+$/) });
    const done = await m.t.call('POST', `${api}/complete`);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.url).toBe(`http://localhost:80/portal/invoices/${invoiceId}?payment=done`);
    expect((await m.t.call('POST', `${api}/complete`)).statusCode).toBe(200);
    expect((await m.t.call('GET', api)).json().data.status).toBe('complete');
    const invoice = (await m.t.call('GET', `/api/invoices/${invoiceId}`, m.admin.cookie)).json().data;
    expect(invoice).toMatchObject({ status: 'PAID', balance: 0 });
    expect(invoice.onlinePayments).toEqual([expect.objectContaining({ amount: 300, payerEmail: 'pat@example.com', fee: null })]);
    expect(await m.t.db.selectFrom('payment_webhook_events').select('event_id').where('tenant_id', '=', m.tenantId).execute()).toHaveLength(1);
    // The test page names its company: another company's id finds nothing.
    const other = await m.t.newCompany();
    expect((await m.t.call('GET', api.replace(m.tenantId, other.tenantId))).statusCode).toBe(404);
  });

  it('outside the demo, no keys means no Pay and no test page', async () => {
    const inv = await sentInvoice(plain.t, plain.admin, plain.tenantId, 20);
    const res = await plain.t.call('POST', `/api/invoices/${inv.id}/checkout`, plain.admin.cookie, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(PAYMENT_MESSAGES.notConnected);
    expect((await plain.t.call('GET', `/api/invoices/${inv.id}`, plain.admin.cookie)).json().data.onlinePay).toBeNull();
    const fake = `/api/portal/test-checkout/${plain.tenantId}/cs_test_fw_${'a'.repeat(48)}`;
    expect((await plain.t.call('GET', fake)).statusCode).toBe(404);
    expect((await plain.t.call('POST', `${fake}/complete`)).statusCode).toBe(404);
  });
});
