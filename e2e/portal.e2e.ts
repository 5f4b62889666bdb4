/**
 * The customer's side, in a real browser: the office emails an estimate from its Send dialog, the mail server on
 * loopback receives it, the customer opens the personal link from the email on a phone (390 px), draws a
 * signature and approves — and the office's open estimate page shows Approved without a reload. Also: a
 * request for changes the office reads, an invoice link with its balance, and expired and revoked links.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { startTestSmtpServer, type ReceivedMail, type TestSmtpServer } from '@fieldwork/testing/smtp-test-server';
import { DEMO_PASSWORD, DEMO_USERS } from './demo-accounts.ts';
import { api, createLooseInvoice } from './demo-api.ts';
import { approveInPortal } from './portal-steps.ts';
import { apiSignIn, signIn, testMailEnv, useApp, useBrowser } from './harness.ts';

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
type Doc = { id: string; estimateNumber: number; status: string };

/** The personal link in the email to `address`, pointed at this test's server. */
async function linkFor(address: string, from: number, base: string): Promise<string> {
  const mails: ReceivedMail[] = (await smtp.waitFor(from + 1, 20_000)).slice(from);
  const mail = mails.find((m) => m.envelope.to.includes(address));
  const link = /https?:\/\/[^\s]+\/portal\/open#[A-Za-z0-9_-]+/.exec(mail?.text ?? '')?.[0];
  if (!link) throw new Error(`no portal link for ${address}`);
  return link.replace(/^https?:\/\/[^/]+/, base);
}

describe('the customer portal', () => {
  const server = useApp({ demo: true, env: mailEnv });
  const session = useBrowser();
  let admin = '';
  let customer: { id: string; addressId: string };

  /** A new estimate for the demo customer, sent by email (through the API) to `address`; answers it and its link. */
  async function emailedEstimate(address: string): Promise<{ estimate: Doc; link: string }> {
    const base = server.baseUrl;
    const estimate = (
      await api<{ data: Doc }>(base, admin, 'POST', '/api/estimates', {
        mode: 'Draft',
        jobInfo: { type: 'NonJob', accountId: customer.id, accountAddressId: customer.addressId },
        estimateInfo: { dueDate: null },
        productServices: [{ name: 'Water heater swap', qty: 1, rate: 1850, isTaxable: false, taxPercent: 0 }],
      })
    ).data;
    const from = smtp.received.length;
    await api(base, admin, 'POST', `/api/estimates/${estimate.id}/send`, { email: { to: [address] } });
    return { estimate, link: await linkFor(address, from, base) };
  }

  async function staffEstimatePage(estimate: Doc): Promise<Page> {
    const page = await session.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, server.baseUrl, DEMO_USERS.admin, DEMO_PASSWORD);
    await page.goto(`${server.baseUrl}/workorder/estimates/${estimate.id}`);
    await page.getByRole('article', { name: `Estimate #${estimate.estimateNumber}` }).waitFor();
    return page;
  }

  beforeAll(async () => {
    const base = server.baseUrl;
    admin = (await apiSignIn(base, DEMO_USERS.admin, DEMO_PASSWORD)).cookie;
    const list = await api<{ data: { id: string }[] }>(base, admin, 'GET', '/api/customers?page=1&limit=1&status=active');
    const detail = await api<{ data: { customerAddress: { id: string }[] } }>(base, admin, 'GET', `/api/customers/${list.data[0]!.id}`);
    customer = { id: list.data[0]!.id, addressId: detail.data.customerAddress[0]!.id };
  });

  it('the office sends from the Send dialog; the customer opens the emailed link on a phone, signs and approves; the office page turns Approved live', async () => {
    const base = server.baseUrl;
    const { estimate } = await emailedEstimate('first-look@e2e-customer.test');
    const staff = await staffEstimatePage(estimate);
    await staff.getByRole('button', { name: 'Send', exact: true }).click();
    const dialog = staff.getByRole('dialog', { name: `Send Estimate #${estimate.estimateNumber}` });
    await expect.poll(() => dialog.getByLabel('Subject').inputValue()).toContain(`#${estimate.estimateNumber}`);
    for (const box of await dialog.getByRole('checkbox').all()) if ((await box.getAttribute('aria-checked')) === 'true') await box.click();
    await dialog.getByLabel('Add an address').fill('owner@e2e-customer.test');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    const from = smtp.received.length;
    await dialog.getByRole('button', { name: 'Send email' }).click();
    const link = await linkFor('owner@e2e-customer.test', from, base);

    const phone = await session.newPage(PHONE);
    await phone.goto(link);
    const doc = phone.getByRole('article', { name: `Estimate #${estimate.estimateNumber}` });
    await doc.waitFor();
    expect(new URL(phone.url()).hash).toBe(''); // the token left the address bar
    expect(new URL(phone.url()).pathname).toBe(`/portal/estimates/${estimate.id}`);
    await doc.getByRole('list', { name: 'Items' }).getByText('Water heater swap').waitFor();
    // Nothing wider than the phone.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await approveInPortal(phone, 'Olive Owner');

    // The office's page, open all along, follows without a reload.
    await staff.getByText('The customer answered: Approved').waitFor({ timeout: 20_000 });
    const approval = staff.getByRole('region', { name: 'Approval' });
    await approval.getByText('In the customer portal').waitFor();
    await approval.getByText('Olive Owner', { exact: true }).waitFor();
    const signature = approval.getByRole('img', { name: 'Signature of Olive Owner' });
    expect(await signature.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect((await api<{ data: Doc }>(base, admin, 'GET', `/api/estimates/${estimate.id}`)).data.status).toBe('APPROVED');
    expect(session.errors).toEqual([]);
  });

  it('a customer asks for changes; the office reads the comment', async () => {
    const { estimate, link } = await emailedEstimate('changes@e2e-customer.test');
    const staff = await staffEstimatePage(estimate);
    const phone = await session.newPage(PHONE);
    await phone.goto(link);
    await phone.getByRole('button', { name: 'Request changes' }).click();
    await phone.getByRole('button', { name: 'Send change request' }).click();
    await phone.getByText('Please describe the change you need.').waitFor();
    await phone.getByLabel('What should change?').fill('Could you quote the 50-gallon model instead?');
    await phone.getByRole('button', { name: 'Send change request' }).click();
    await phone.getByText('Thank you — your answer is recorded.').waitFor();
    await staff.getByText('The customer answered: Change Request').waitFor({ timeout: 20_000 });
    await staff.getByRole('region', { name: 'Approval' }).getByText('Could you quote the 50-gallon model instead?').waitFor();
    expect(session.errors).toEqual([]);
  });

  it('an invoice link shows the payments and the balance due', async () => {
    const base = server.baseUrl;
    const invoice = await createLooseInvoice(base, admin, {
      accountId: customer.id,
      accountAddressId: customer.addressId,
      name: 'Annual service',
      rate: 400,
      mode: 'Draft',
    });
    const from = smtp.received.length;
    await api(base, admin, 'POST', `/api/invoices/${invoice.id}/send`, { email: { to: ['billing@e2e-customer.test'] } });
    const link = await linkFor('billing@e2e-customer.test', from, base);
    await api(base, admin, 'POST', `/api/invoices/${invoice.id}/payments`, { amount: 150, paidOn: '2026-11-20', method: 'CHECK' });
    const phone = await session.newPage(PHONE);
    await phone.goto(link);
    const doc = phone.getByRole('article', { name: `Invoice #${invoice.invoiceNumber}` });
    await doc.waitFor();
    const totals = doc.getByLabel('Totals');
    await expect.poll(() => totals.textContent()).toContain('$250.00');
    expect(await phone.getByRole('region', { name: 'Payments' }).textContent()).toContain('$150.00');
    expect(session.errors).toEqual([]);
  });

  it('a revoked link and an expired link say so and offer a fresh sign-in link; nothing of the document shows', async () => {
    const revoked = await emailedEstimate('revoked@e2e-customer.test');
    const staff = await staffEstimatePage(revoked.estimate);
    await staff.getByRole('button', { name: 'Revoke links' }).click();
    await staff.getByRole('dialog').getByRole('button', { name: 'Revoke links' }).click();
    await staff.getByText('Customer links revoked.').waitFor();

    const expired = await emailedEstimate('expired@e2e-customer.test');
    const db = new Database(join(server.app.dataDir, 'fieldwork.sqlite'));
    try {
      db.prepare('update portal_links set expires_at = ? where email = ?').run(new Date(Date.now() - 60_000).toISOString(), 'expired@e2e-customer.test');
    } finally {
      db.close();
    }

    for (const { link, estimate } of [revoked, expired]) {
      const phone = await session.newPage(PHONE);
      await phone.goto(link);
      await phone.getByText('This link has expired or was withdrawn.', { exact: false }).waitFor();
      expect(await phone.getByText('Water heater swap').count()).toBe(0);
      expect(await phone.getByText(`#${estimate.estimateNumber}`).count()).toBe(0);
      await phone.getByRole('textbox', { name: 'Email' }).fill('someone@e2e-customer.test');
      await phone.getByRole('button', { name: 'Email me a sign-in link' }).click();
      await phone.getByText('If that address is on file with us, a sign-in link is on its way.', { exact: false }).waitFor();
    }
    expect(session.errors).toEqual([]);
  });
});
