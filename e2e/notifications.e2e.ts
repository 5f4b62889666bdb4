/**
 * The office's notification bell, in a real browser: the admin sits on the jobs list while a customer approves an
 * emailed estimate in the portal on a phone; the bell turns to one unread without a reload, and its entry opens
 * the estimate and is then read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtpServer, type ReceivedMail, type TestSmtpServer } from '@fieldwork/testing/smtp-test-server';
import { DEMO_PASSWORD, DEMO_USERS } from './demo-accounts.ts';
import { api } from './demo-api.ts';
import { approveInPortal } from './portal-steps.ts';
import { apiSignIn, signIn, testMailEnv, useApp, useBrowser, waitForPath } from './harness.ts';

let smtp: TestSmtpServer;
const mailEnv: Record<string, string> = {};
beforeAll(async () => {
  smtp = await startTestSmtpServer();
  Object.assign(mailEnv, testMailEnv(smtp));
});
afterAll(async () => {
  await smtp?.close();
});

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

describe('the notification bell', () => {
  const server = useApp({ demo: true, env: mailEnv });
  const session = useBrowser();

  it('shows 1 unread once a customer approves in the portal; the entry opens the estimate', async () => {
    const base = server.baseUrl;
    const admin = (await apiSignIn(base, DEMO_USERS.admin, DEMO_PASSWORD)).cookie;
    const customerId = (await api<{ data: { id: string }[] }>(base, admin, 'GET', '/api/customers?page=1&limit=1&status=active')).data[0]!.id;
    const addressId = (await api<{ data: { customerAddress: { id: string }[] } }>(base, admin, 'GET', `/api/customers/${customerId}`)).data.customerAddress[0]!
      .id;
    const estimate = (
      await api<{ data: { id: string; estimateNumber: number } }>(base, admin, 'POST', '/api/estimates', {
        mode: 'Draft',
        jobInfo: { type: 'NonJob', accountId: customerId, accountAddressId: addressId },
        estimateInfo: { dueDate: null },
        productServices: [{ name: 'Water heater swap', qty: 1, rate: 1850, isTaxable: false, taxPercent: 0 }],
      })
    ).data;
    const from = smtp.received.length;
    await api(base, admin, 'POST', `/api/estimates/${estimate.id}/send`, { email: { to: ['bell@e2e-customer.test'] } });
    const mails: ReceivedMail[] = (await smtp.waitFor(from + 1, 20_000)).slice(from);
    const link = /https?:\/\/[^\s]+\/portal\/open#[A-Za-z0-9_-]+/
      .exec(mails.find((m) => m.envelope.to.includes('bell@e2e-customer.test'))?.text ?? '')?.[0]
      ?.replace(/^https?:\/\/[^/]+/, base);
    expect(link).toBeDefined();

    const office = await session.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(office, base, DEMO_USERS.admin, DEMO_PASSWORD);
    await office.goto(`${base}/workorder/jobs`);
    await office.getByRole('button', { name: 'Notifications', exact: true }).waitFor();

    const phone = await session.newPage(PHONE);
    await phone.goto(link!);
    await phone.getByRole('article', { name: `Estimate #${estimate.estimateNumber}` }).waitFor();
    await approveInPortal(phone, 'Bea Bell');

    // Live: the office page was never reloaded.
    const bell = office.getByRole('button', { name: 'Notifications, 1 unread' });
    await bell.waitFor({ timeout: 20_000 });
    await bell.click();
    const panel = office.getByRole('dialog', { name: 'Notifications' });
    const item = panel.getByRole('button', { name: new RegExp(`Estimate #${estimate.estimateNumber} approved by Bea Bell`) });
    await item.waitFor();
    await item.click();
    await waitForPath(office, `/workorder/estimates/${estimate.id}`);
    await office.getByRole('article', { name: `Estimate #${estimate.estimateNumber}` }).waitFor();
    await office.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    expect(session.errors).toEqual([]);
  });
});
