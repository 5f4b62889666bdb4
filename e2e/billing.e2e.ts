/**
 * Estimates and invoices in a real browser on the demo company, on a fresh job: an estimate made from
 * the job's Estimates tab (two catalogue lines, one free-text line, a deposit, live totals), onsite approval
 * with a drawn signature, the deposit, conversion to an invoice, partial and full payments, both PDFs read
 * back, and a loose invoice linked to the job from its Invoices tab; the job's money columns at the end.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { computeTotals, formatCents } from '@fieldwork/domain/common/money.rules';
import { DEMO_TAX_MILLI } from '@fieldwork/testing/demo-billing-parts';
import { extractPdfText } from '@fieldwork/testing/pdf-text';
import { DEMO_PASSWORD, DEMO_USERS } from './demo-accounts.ts';
import { api, createJob, createLooseInvoice } from './demo-api.ts';
import { apiSignIn, screenshotPages, signIn, useApp, useBrowser, waitForPath } from './harness.ts';

const UUID = '[0-9a-f-]{36}';
const SIGNER = 'Dana Whitfield';
const FREE_LINE = { name: 'Wall anchors and mounting', qty: 4, rate: '87.50', rateCents: 8_750 };
const DEPOSIT_CENTS = 20_000;
const PARTIAL_CENTS = 5_000;

// The demo catalogue's items this test picks (packages/testing/src/demo-billing-parts.ts): a visit, untaxed,
// and a thermostat, taxed at the demo's 8.875 %, bought twice.
const EXPECTED = computeTotals(
  [
    { qtyMilli: 1_000, rateCents: 12_900, isTaxable: false, taxPercentMilli: 0 },
    { qtyMilli: 2_000, rateCents: 24_900, isTaxable: true, taxPercentMilli: DEMO_TAX_MILLI },
    { qtyMilli: FREE_LINE.qty * 1_000, rateCents: FREE_LINE.rateCents, isTaxable: false, taxPercentMilli: 0 },
  ],
  0,
  { required: true, amountCents: DEPOSIT_CENTS },
);
if (!EXPECTED.ok) throw new Error(EXPECTED.message);
const TOTALS = EXPECTED.totals;
const TOTAL = formatCents(TOTALS.totalCents);

type Doc = { id: string; status: string; totalAmount: number; paidAmount?: number; balance?: number; job: { id: string; jobNumber: number } | null };
type JobDto = {
  id: string;
  jobNumber: number;
  customer: { id: string };
  siteAddress: { id: string };
  paidAmount: number;
  openBalance: number;
  dueInvoices: number;
  dueInvoicesAmount: number;
  openEstimates: number;
  openEstimatesAmount: number;
  counts: { estimates: number; invoices: number };
};

/** The status badge in a document's heading. */
const statusBadge = (paper: Locator, label: string) => paper.locator('header').getByText(label, { exact: true });

/** The value beside a label in a document's Totals list. */
const totalRow = (scope: Locator, label: string) => scope.getByLabel('Totals').locator(`dt:text-is("${label}") + dd`);

async function downloadPdf(page: Page): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()]);
  const path = await download.path();
  // pdfjs gives the gaps between table cells as text items of their own: one space is enough to compare.
  return (await extractPdfText(new Uint8Array(await readFile(path)))).replace(/\s+/g, ' ');
}

describe('estimates and invoices on the demo company', () => {
  const server = useApp({ demo: true });
  const session = useBrowser();
  let cookie = '';
  let job: JobDto;
  let estimate = { id: '', number: 0 };
  let invoice = { id: '', number: 0 };

  const get = <T>(path: string) => api<{ data: T }>(server.baseUrl, cookie, 'GET', path).then((r) => r.data);
  const adminPage = async () => {
    const page = await session.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, server.baseUrl, DEMO_USERS.admin, DEMO_PASSWORD);
    return page;
  };

  it('creates an estimate from the job page with catalogue and free-text lines, a deposit and live totals, and sends it', async () => {
    cookie = (await apiSignIn(server.baseUrl, DEMO_USERS.admin, DEMO_PASSWORD)).cookie;
    const created = await createJob(server.baseUrl, 'E2E billing job');
    job = await get<JobDto>(`/api/jobs/${created.id}`);

    const page = await adminPage();
    await page.goto(`${server.baseUrl}/workorder/jobs/${job.id}?tf_tab=estimates`);
    // The tab's toolbar has the link; once the empty list has loaded, its empty state offers the same link too.
    await page.getByRole('link', { name: 'Create New Estimate' }).first().click();
    await waitForPath(page, '/workorder/estimates/new/create');
    await page.getByRole('heading', { name: 'New Estimate' }).waitFor();
    const editor = page.getByRole('form', { name: 'Estimate editor' });

    const catalogue = editor.getByLabel('Add from catalogue');
    for (const item of ['Service call', 'Thermostat']) {
      await catalogue.fill(item);
      await page.getByRole('option', { name: new RegExp(`^${item}`) }).click();
    }
    await expect.poll(() => editor.getByLabel('Name of line 2').inputValue()).toBe('Thermostat');
    expect(await editor.getByLabel('Name of line 1').inputValue()).toBe('Service call');
    expect(await editor.getByLabel('Taxable line 2').getAttribute('aria-checked')).toBe('true');
    await editor.getByLabel('Quantity of line 2').fill('2');

    await editor.getByRole('button', { name: 'Add line' }).click();
    await editor.getByLabel('Name of line 3').fill(FREE_LINE.name);
    await editor.getByLabel('Quantity of line 3').fill(String(FREE_LINE.qty));
    await editor.getByLabel('Rate of line 3').fill(FREE_LINE.rate);

    await editor.getByLabel('Deposit required').click();
    await editor.getByLabel('Deposit Amount').fill(formatCents(DEPOSIT_CENTS).replace(/[$,]/g, ''));

    const totals = page.getByRole('complementary', { name: 'Totals' });
    await expect.poll(() => totals.getByTestId('total-total').innerText()).toBe(TOTAL);
    expect(await totals.getByTestId('total-subtotal').innerText()).toBe(formatCents(TOTALS.subTotalCents));
    expect(await totals.getByTestId('total-taxable-subtotal').innerText()).toBe(formatCents(TOTALS.taxableSubTotalCents));
    expect(await totals.getByTestId('total-tax').innerText()).toBe(formatCents(TOTALS.taxCents));
    expect(await totals.getByTestId('total-deposit').innerText()).toBe(formatCents(DEPOSIT_CENTS));

    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await waitForPath(page, new RegExp(`^/workorder/estimates/${UUID}$`));
    estimate.id = new URL(page.url()).pathname.split('/').pop()!;
    const saved = await get<Doc & { estimateNumber: number }>(`/api/estimates/${estimate.id}`);
    estimate = { id: saved.id, number: saved.estimateNumber };
    expect(saved.job?.id).toBe(job.id);
    expect(Math.round(saved.totalAmount * 100)).toBe(TOTALS.totalCents);

    const paper = page.getByRole('article', { name: `Estimate #${estimate.number}` });
    await statusBadge(paper, 'Open').waitFor();
    await paper.getByRole('cell', { name: FREE_LINE.name }).waitFor();
    expect(await totalRow(paper, 'Total').innerText()).toBe(TOTAL);
    expect(session.errors).toEqual([]);
  });

  it('records an onsite approval with a drawn signature and a typed name', async () => {
    const page = await adminPage();
    await page.goto(`${server.baseUrl}/workorder/estimates/${estimate.id}`);
    await page.getByRole('link', { name: 'Onsite Approval' }).click();
    await waitForPath(page, `/workorder/estimates/${estimate.id}/approval`);

    const screen = page.getByRole('region', { name: 'Onsite approval' });
    const approve = screen.getByRole('button', { name: 'Approve', exact: true });
    await approve.waitFor();
    expect(await approve.isDisabled()).toBe(true);

    const pad = screen.getByRole('img', { name: 'Signature pad' });
    await pad.scrollIntoViewIfNeeded();
    const box = await pad.boundingBox();
    if (!box) throw new Error('no signature pad on screen');
    await page.mouse.move(box.x + 30, box.y + box.height * 0.6);
    await page.mouse.down();
    for (let i = 1; i <= 12; i++) await page.mouse.move(box.x + 30 + i * 25, box.y + box.height * (0.6 + (i % 2 ? -0.25 : 0.15)), { steps: 3 });
    await page.mouse.up();

    await screen.getByLabel('Your name').fill(SIGNER);
    await expect.poll(() => approve.isEnabled()).toBe(true);
    await approve.click();
    await screen.getByText('Thank you! Your response has been recorded.').waitFor();
    await screen.getByText('Approved', { exact: true }).waitFor();

    await screen.getByRole('link', { name: `Back to estimate #${estimate.number}` }).click();
    await waitForPath(page, `/workorder/estimates/${estimate.id}`);
    const approval = page.getByRole('region', { name: 'Approval' });
    await approval.getByText(SIGNER, { exact: true }).waitFor();
    const signature = approval.getByRole('img', { name: `Signature of ${SIGNER}` });
    await signature.waitFor();
    expect(await signature.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await statusBadge(page.getByRole('article', { name: `Estimate #${estimate.number}` }), 'Approved').waitFor();
    expect((await get<Doc>(`/api/estimates/${estimate.id}`)).status).toBe('APPROVED');
    expect(session.errors).toEqual([]);
  });

  it('records the deposit, converts the estimate to an invoice and sends it with the deposit as its first payment', async () => {
    const page = await adminPage();
    await page.goto(`${server.baseUrl}/workorder/estimates/${estimate.id}`);
    await page.getByRole('button', { name: 'Record Deposit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Record Deposit' });
    expect(await dialog.getByLabel('Amount').inputValue()).toBe((DEPOSIT_CENTS / 100).toFixed(2));
    await dialog.getByLabel('Method').selectOption('CHECK');
    await dialog.getByLabel('Reference').fill('Check 1042');
    await dialog.getByRole('button', { name: 'Record Deposit' }).click();
    await page.getByText('Deposit recorded successfully').waitFor();
    const paper = page.getByRole('article', { name: `Estimate #${estimate.number}` });
    await statusBadge(paper, 'Deposit Paid').waitFor();
    // The deposit's day is written like every other date on the page, not as the API's yyyy-MM-dd.
    await totalRow(paper, 'Deposit received')
      .getByText(/Check 1042/)
      .waitFor();
    expect(await totalRow(paper, 'Deposit received').innerText()).toMatch(/^\$200\.00 · [A-Z][a-z]{2} \d{1,2}, \d{4} · Check · Check 1042$/);

    await page.getByRole('button', { name: 'Convert to invoice' }).click();
    await page.getByRole('dialog', { name: 'Convert to invoice' }).getByRole('button', { name: 'Convert' }).click();
    await page.getByText('Estimate converted to invoice successfully').waitFor();
    await waitForPath(page, new RegExp(`^/workorder/invoices/${UUID}/create$`));
    invoice.id = new URL(page.url()).pathname.split('/')[3]!;
    const draft = await get<Doc & { invoiceNumber: number }>(`/api/invoices/${invoice.id}`);
    invoice = { id: draft.id, number: draft.invoiceNumber };
    expect(draft.status).toBe('DRAFT');
    expect(draft.job?.id).toBe(job.id);

    await page.getByRole('heading', { name: `Edit Invoice #${invoice.number}` }).waitFor();
    expect(await page.getByLabel('Name of line 3').inputValue()).toBe(FREE_LINE.name);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await waitForPath(page, `/workorder/invoices/${invoice.id}`);

    const inv = page.getByRole('article', { name: `Invoice #${invoice.number}`, exact: true });
    await statusBadge(inv, 'Open').waitFor();
    expect(await totalRow(inv, 'Total').innerText()).toBe(TOTAL);
    expect(await totalRow(inv, 'Paid').innerText()).toBe(formatCents(DEPOSIT_CENTS));
    expect(await totalRow(inv, 'Balance').innerText()).toBe(formatCents(TOTALS.totalCents - DEPOSIT_CENTS));
    const payments = inv.getByRole('region', { name: 'Payments' }).getByRole('row');
    expect(await payments.count()).toBe(2); // header + the deposit
    expect(await payments.nth(1).innerText()).toContain(formatCents(DEPOSIT_CENTS));
    expect(session.errors).toEqual([]);
  });

  it('takes a partial payment, then the rest, and the invoice is paid', async () => {
    const page = await adminPage();
    await page.goto(`${server.baseUrl}/workorder/invoices/${invoice.id}`);
    const inv = page.getByRole('article', { name: `Invoice #${invoice.number}`, exact: true });
    const balance = totalRow(inv, 'Balance');
    await balance.waitFor();

    await page.getByRole('button', { name: 'Record Payment' }).click();
    let dialog = page.getByRole('dialog', { name: 'Record Payment' });
    expect(await dialog.getByLabel('Amount').inputValue()).toBe(((TOTALS.totalCents - DEPOSIT_CENTS) / 100).toFixed(2));
    await dialog.getByLabel('Amount').fill((PARTIAL_CENTS / 100).toFixed(2));
    await dialog.getByRole('button', { name: 'Record Payment' }).click();
    await page.getByText('Payment recorded successfully').first().waitFor();
    const rest = TOTALS.totalCents - DEPOSIT_CENTS - PARTIAL_CENTS;
    await expect.poll(() => balance.innerText()).toBe(formatCents(rest));
    await statusBadge(inv, 'Open').waitFor();
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Record Payment' }).click();
    dialog = page.getByRole('dialog', { name: 'Record Payment' });
    expect(await dialog.getByLabel('Amount').inputValue()).toBe((rest / 100).toFixed(2));
    await dialog.getByRole('button', { name: 'Record Payment' }).click();
    await statusBadge(inv, 'Paid').waitFor();
    await expect.poll(() => balance.innerText()).toBe('$0.00');
    expect(await totalRow(inv, 'Paid').innerText()).toBe(TOTAL);
    expect(await inv.getByRole('region', { name: 'Payments' }).getByRole('row').count()).toBe(4);
    expect(await page.getByRole('button', { name: 'Record Payment' }).count()).toBe(0);

    const saved = await get<Doc>(`/api/invoices/${invoice.id}`);
    expect(saved.status).toBe('PAID');
    expect(saved.balance).toBe(0);
    expect(session.errors).toEqual([]);
  });

  it('downloads both PDFs with the numbers, lines, totals, signer and balance', async () => {
    const page = await adminPage();
    await page.goto(`${server.baseUrl}/workorder/estimates/${estimate.id}`);
    await page
      .getByRole('article', { name: `Estimate #${estimate.number}` })
      .getByText(`Converted to invoice #${invoice.number}`)
      .waitFor();
    await screenshotPages([page], 'billing-estimate-view');
    const estimatePdf = await downloadPdf(page);
    for (const text of [`Estimate #${estimate.number}`, 'Service call', 'Thermostat', FREE_LINE.name, TOTAL, SIGNER]) expect(estimatePdf).toContain(text);

    await page.goto(`${server.baseUrl}/workorder/invoices/${invoice.id}`);
    await page
      .getByRole('article', { name: `Invoice #${invoice.number}`, exact: true })
      .getByText(`Converted from estimate #${estimate.number}`)
      .waitFor();
    await screenshotPages([page], 'billing-invoice-view');
    const invoicePdf = await downloadPdf(page);
    for (const text of [`Invoice #${invoice.number}`, TOTAL, 'Balance Due', '$0.00']) expect(invoicePdf).toContain(text);
    expect(invoicePdf).toMatch(/Balance Due \$0\.00/);
    expect(session.errors).toEqual([]);
  });

  it('links a loose invoice of the same customer to the job from its Invoices tab', async () => {
    const loose = await createLooseInvoice(server.baseUrl, cookie, {
      accountId: job.customer.id,
      accountAddressId: job.siteAddress.id,
      name: 'E2E loose repair',
      rate: 180,
    });
    expect((await get<Doc>(`/api/invoices/${loose.id}`)).job).toBeNull();

    const page = await adminPage();
    await page.goto(`${server.baseUrl}/workorder/jobs/${job.id}?tf_tab=invoices`);
    await page.getByRole('link', { name: `Invoice #${invoice.number}`, exact: true }).waitFor();
    expect(await page.getByRole('link', { name: `Invoice #${loose.invoiceNumber}`, exact: true }).count()).toBe(0);

    await page.getByRole('button', { name: 'Link Existing' }).click();
    const sheet = page.getByRole('dialog', { name: 'Linking is permanent' });
    const linkButton = sheet.getByRole('button', { name: 'Link to this Job' });
    await linkButton.waitFor();
    expect(await linkButton.isDisabled()).toBe(true);
    await sheet.getByLabel('Search invoices by number').fill(String(loose.invoiceNumber));
    const row = sheet
      .getByRole('grid', { name: 'Invoices' })
      .getByRole('row')
      .filter({ hasText: new RegExp(`#${loose.invoiceNumber}(?!\\d)`) });
    await row.click();
    await expect.poll(() => row.getAttribute('aria-selected')).toBe('true');
    expect(await linkButton.isEnabled()).toBe(true);
    await linkButton.click();

    await page.getByText('Success', { exact: true }).waitFor();
    await page.getByText(`Linking to Job: ${job.jobNumber}`).waitFor();
    await sheet.waitFor({ state: 'detached' });
    await page.getByRole('link', { name: `Invoice #${loose.invoiceNumber}`, exact: true }).waitFor();
    expect((await get<Doc>(`/api/invoices/${loose.id}`)).job?.id).toBe(job.id);

    // The job's money columns: the paid invoice is all paid, the linked one is open and due in full.
    const after = await get<JobDto>(`/api/jobs/${job.id}`);
    expect(Math.round(after.paidAmount * 100)).toBe(TOTALS.totalCents);
    expect(after.openBalance).toBe(loose.totalAmount);
    expect(after.dueInvoices).toBe(1);
    expect(after.dueInvoicesAmount).toBe(loose.totalAmount);
    expect(after.openEstimates).toBe(0);
    expect(after.openEstimatesAmount).toBe(0);
    expect(after.counts).toMatchObject({ estimates: 1, invoices: 2 });
    expect(session.errors).toEqual([]);
  });
});
