/**
 * Email leaves the building, in a real browser: the office sends an invoice from its page through the Send dialog,
 * the server's worker delivers it over SMTP to a real mail server on loopback, the PDF arrives with the invoice's
 * number, and the page's Messages card shows the recipient's delivery. Also the same dialog at phone width.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractPdfText } from '@fieldwork/testing/pdf-text';
import { startTestSmtpServer, type TestSmtpServer } from '@fieldwork/testing/smtp-test-server';
import { DEMO_PASSWORD, DEMO_USERS } from './demo-accounts.ts';
import { api, createLooseInvoice } from './demo-api.ts';
import { apiSignIn, signIn, testMailEnv, useApp, useBrowser } from './harness.ts';

let smtp: TestSmtpServer;
// Filled before the app starts: this file's beforeAll runs ahead of useApp's.
const mailEnv: Record<string, string> = {};
beforeAll(async () => {
  smtp = await startTestSmtpServer();
  Object.assign(mailEnv, testMailEnv(smtp));
});
afterAll(async () => {
  await smtp?.close();
});

describe('invoices by email', () => {
  const server = useApp({ demo: true, env: mailEnv });
  const session = useBrowser();

  it('the office sends an invoice from its page; the mail server receives it with its PDF and the page shows it Sent', async () => {
    const base = server.baseUrl;
    const admin = (await apiSignIn(base, DEMO_USERS.admin, DEMO_PASSWORD)).cookie;
    const customers = await api<{ data: { id: string; name: string }[] }>(base, admin, 'GET', '/api/customers?page=1&limit=1&status=active');
    const customer = customers.data[0]!;
    const detail = await api<{ data: { customerAddress: { id: string }[] } }>(base, admin, 'GET', `/api/customers/${customer.id}`);
    const invoice = await createLooseInvoice(base, admin, {
      accountId: customer.id,
      accountAddressId: detail.data.customerAddress[0]!.id,
      name: 'E2E boiler service',
      rate: 480,
      mode: 'Draft',
    });

    const page = await session.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, base, DEMO_USERS.admin, DEMO_PASSWORD);
    await page.goto(`${base}/workorder/invoices/${invoice.id}`);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Send Invoice #${invoice.invoiceNumber}` });
    await expect.poll(() => dialog.getByLabel('Subject').inputValue()).toContain(`Invoice #${invoice.invoiceNumber}`);
    expect(await dialog.getByText(`Invoice-${invoice.invoiceNumber}.pdf`).isVisible()).toBe(true);
    // Only the typed address: uncheck whichever contact the dialog picked.
    for (const box of await dialog.getByRole('checkbox').all()) if ((await box.getAttribute('aria-checked')) === 'true') await box.click();
    await dialog.getByLabel('Add an address').fill('accounts@e2e-customer.test');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    const before = smtp.received.length;
    await dialog.getByRole('button', { name: 'Send email' }).click();
    await page.getByText(`Invoice #${invoice.invoiceNumber} sent to accounts@e2e-customer.test`).waitFor();

    const mail = (await smtp.waitFor(before + 1, 20_000)).slice(before).find((m) => m.envelope.to.includes('accounts@e2e-customer.test'))!;
    expect(mail.subject).toContain(`Invoice #${invoice.invoiceNumber}`);
    expect(mail.text).toContain('$480.00');
    const pdf = mail.attachments.find((a) => a.contentType === 'application/pdf')!;
    expect(pdf.filename).toBe(`Invoice-${invoice.invoiceNumber}.pdf`);
    expect(await extractPdfText(pdf.content)).toContain('E2E boiler service');

    // The Messages card looks again while an email is queued: the recipient turns Sent without a reload.
    const messages = page.getByRole('table', { name: 'Messages' });
    await messages.getByText('accounts@e2e-customer.test').waitFor();
    await messages.getByText('Sent', { exact: true }).waitFor({ timeout: 20_000 });
    const log = await api<{ data: { items: { recipients: { address: string; state: string }[] }[] } }>(
      base,
      admin,
      'GET',
      `/api/messages?invoiceId=${invoice.id}`,
    );
    expect(log.data.items[0]!.recipients).toEqual([expect.objectContaining({ address: 'accounts@e2e-customer.test', state: 'sent' })]);
    expect(session.errors).toEqual([]);
  });

  it('the Send dialog fits a phone: every field and both buttons reachable at 390 px', async () => {
    const base = server.baseUrl;
    const admin = (await apiSignIn(base, DEMO_USERS.admin, DEMO_PASSWORD)).cookie;
    const customers = await api<{ data: { id: string }[] }>(base, admin, 'GET', '/api/customers?page=1&limit=1&status=active');
    const detail = await api<{ data: { customerAddress: { id: string }[] } }>(base, admin, 'GET', `/api/customers/${customers.data[0]!.id}`);
    const invoice = await createLooseInvoice(base, admin, {
      accountId: customers.data[0]!.id,
      accountAddressId: detail.data.customerAddress[0]!.id,
      name: 'E2E phone send',
      rate: 90,
      mode: 'Draft',
    });
    const page = await session.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await signIn(page, base, DEMO_USERS.admin, DEMO_PASSWORD);
    await page.goto(`${base}/workorder/invoices/${invoice.id}`);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Send Invoice #${invoice.invoiceNumber}` });
    await dialog.getByLabel('Subject').waitFor();
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    for (const name of ['Mark as sent without email', 'Send email']) {
      const button = dialog.getByRole('button', { name });
      await button.scrollIntoViewIfNeeded();
      expect(await button.isVisible()).toBe(true);
    }
    await page.screenshot({ path: 'test-results/send-dialog-390.png' });
  });
});
