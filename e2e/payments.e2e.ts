/**
 * Card payments in a real browser, against the fake Stripe on loopback (the server's Stripe SDK talks to it over
 * HTTP; its hosted checkout page sends the signed webhook as Stripe does): the customer opens the invoice link
 * from the email on a phone (390 px), pays through the checkout, comes back to the portal — and the office's
 * invoice page, open all along, turns Paid without a reload.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from '@fieldwork/testing/stripe-test-server';
import { startTestSmtpServer, type ReceivedMail, type TestSmtpServer } from '@fieldwork/testing/smtp-test-server';
import { DEMO_PASSWORD, DEMO_USERS } from './demo-accounts.ts';
import { api, createLooseInvoice } from './demo-api.ts';
import { apiSignIn, signIn, testMailEnv, useApp, useBrowser } from './harness.ts';

let smtp: TestSmtpServer;
let stripe: FakeStripe;
const env: Record<string, string> = {};
beforeAll(async () => {
  smtp = await startTestSmtpServer();
  stripe = await startFakeStripe();
  Object.assign(env, { ...testMailEnv(smtp), STRIPE_API_URL: stripe.url });
});
afterAll(async () => {
  await smtp?.close();
  await stripe?.close();
});

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

async function linkFor(address: string, from: number, base: string): Promise<string> {
  const mails: ReceivedMail[] = (await smtp.waitFor(from + 1, 20_000)).slice(from);
  const link = /https?:\/\/[^\s]+\/portal\/open#[A-Za-z0-9_-]+/.exec(mails.find((m) => m.envelope.to.includes(address))?.text ?? '')?.[0];
  if (!link) throw new Error(`no portal link for ${address}`);
  return link.replace(/^https?:\/\/[^/]+/, base);
}

describe('card payments through Stripe', () => {
  const server = useApp({ demo: true, env });
  const session = useBrowser();

  it('the customer pays the emailed invoice on a phone through Checkout; the webhook lands and the office page turns Paid live', async () => {
    const base = server.baseUrl;
    const admin = (await apiSignIn(base, DEMO_USERS.admin, DEMO_PASSWORD)).cookie;
    const company = await api<{ data: { id: string } }>(base, admin, 'GET', '/api/company');
    const keys = { secretKey: 'sk_test_e2epayments0001', publishableKey: 'pk_test_e2epayments0001', webhookSecret: 'whsec_e2epayments0001' };
    stripe.addAccount({ ...keys, name: 'Demo company', webhookUrl: `${base}/api/webhooks/stripe/${company.data.id}` });
    await api(base, admin, 'PUT', '/api/company/payments', { provider: 'stripe', ...keys, allowPartial: false });

    const list = await api<{ data: { id: string }[] }>(base, admin, 'GET', '/api/customers?page=1&limit=1&status=active');
    const detail = await api<{ data: { customerAddress: { id: string }[] } }>(base, admin, 'GET', `/api/customers/${list.data[0]!.id}`);
    const invoice = await createLooseInvoice(base, admin, {
      accountId: list.data[0]!.id,
      accountAddressId: detail.data.customerAddress[0]!.id,
      name: 'Boiler service',
      rate: 245.5,
      mode: 'Draft',
    });
    const from = smtp.received.length;
    await api(base, admin, 'POST', `/api/invoices/${invoice.id}/send`, { email: { to: ['payer@e2e-customer.test'] } });
    const link = await linkFor('payer@e2e-customer.test', from, base);

    const office = await session.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(office, base, DEMO_USERS.admin, DEMO_PASSWORD);
    await office.goto(`${base}/workorder/invoices/${invoice.id}`);
    await office.getByRole('button', { name: 'Take card payment' }).waitFor();

    const phone = await session.newPage(PHONE);
    await phone.goto(link);
    await phone.getByRole('article', { name: `Invoice #${invoice.invoiceNumber}` }).waitFor();
    await phone.getByRole('button', { name: 'Pay $245.50' }).click();
    await phone.waitForURL(`${stripe.url}/checkout/**`);
    await phone.getByRole('button', { name: 'Pay $245.50' }).click();
    await phone.waitForURL(`${base}/portal/invoices/${invoice.id}?payment=done`);
    await phone.getByText('Payment received. Thank you!').waitFor({ timeout: 20_000 });
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // The office's page, open all along, follows without a reload.
    await office.getByText('Payment received online.').waitFor({ timeout: 20_000 });
    await office.getByRole('button', { name: 'Take card payment' }).waitFor({ state: 'detached' });
    const stored = await api<{ data: { status: string; balance: number; onlinePayments: { amount: number; payerEmail: string }[] } }>(
      base,
      admin,
      'GET',
      `/api/invoices/${invoice.id}`,
    );
    expect(stored.data).toMatchObject({ status: 'PAID', balance: 0, onlinePayments: [{ amount: 245.5, payerEmail: 'payer@e2e-customer.test' }] });
    expect(session.errors).toEqual([]);
  });
});
