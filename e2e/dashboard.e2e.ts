/**
 * The dashboard on the demo company: the admin lands on it with every card filled from the demo's
 * records, switches the range to last quarter (kept in the URL), hides a card and finds it hidden after a
 * reload, and dismisses the Customer Financing banner for good.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, DEMO_USERS } from './demo-accounts.ts';
import { apiSignIn, screenshotPages, signIn, useApp, useBrowser, waitForPath } from './harness.ts';
import { api } from './demo-api.ts';

const CARDS = ['Finance', 'Revenue', 'Jobs & Tasks', 'Customers', 'Leads', 'AI Receptionist', 'Top Zones', 'Top Tags', 'Assets'] as const;

/** A card is filled when its skeleton is gone, it shows no error and it holds at least one figure. */
async function expectFilled(page: Page, title: string): Promise<void> {
  const card = page.getByRole('region', { name: title, exact: true });
  await card.waitFor();
  await expect.poll(() => card.getByRole('status', { name: `Loading ${title}` }).count(), { timeout: 15_000 }).toBe(0);
  expect(await card.getByText(`${title} could not be loaded`).count(), title).toBe(0);
  expect(await card.innerText(), title).toMatch(/\d/);
  // The charts arrive in their own chunk: the card is filled once the chart is drawn.
  if (title === 'Revenue' || title === 'AI Receptionist') await card.locator('svg.recharts-surface').first().waitFor({ timeout: 15_000 });
}

describe('dashboard on the demo company', () => {
  const server = useApp({ demo: true });
  const session = useBrowser({ viewport: { width: 1280, height: 900 } });

  it('fills every card, keeps last quarter in the URL, hides a card across reloads and dismisses the banner for good', async () => {
    const base = server.baseUrl;
    const page = await session.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, base, DEMO_USERS.admin, DEMO_PASSWORD);
    await waitForPath(page, '/dashboard');

    // Every card filled from real records (the demo has a year of documents, costs, leads, calls and assets).
    for (const title of CARDS) await expectFilled(page, title);
    const finance = page.getByRole('region', { name: 'Finance', exact: true });
    expect(await finance.innerText()).toMatch(/\$[\d,]+\.\d{2}/);
    await screenshotPages([page], 'dashboard-this-month');

    // The financing banner opens the company's lender page in a new tab.
    const banner = page.getByRole('complementary', { name: 'Customer Financing' });
    const knowMore = banner.getByRole('link', { name: 'Know More' });
    expect(await knowMore.getAttribute('href')).toBe('https://apply.example-lender.test/demo-contracting');
    expect(await knowMore.getAttribute('target')).toBe('_blank');
    expect(await knowMore.getAttribute('rel')).toContain('noopener');

    // Last quarter: every card asks again with the preset, and the URL keeps it.
    const asked = page.waitForResponse((r) => r.url().includes('/api/dashboard/finance-metrics') && r.url().includes('preset=last_quarter') && r.ok());
    await page.getByRole('combobox', { name: 'Date range' }).selectOption('last_quarter');
    await asked;
    await expect.poll(() => new URL(page.url()).searchParams.get('preset')).toBe('last_quarter');
    for (const title of CARDS) await expectFilled(page, title);

    // Hide the Leads card: gone now and after a reload (the range survives the reload too).
    await page.getByRole('button', { name: 'Customise' }).click();
    const sheet = page.getByRole('dialog', { name: 'Customise dashboard' });
    await sheet.getByLabel('Leads', { exact: true }).click();
    await sheet.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('region', { name: 'Leads', exact: true }).count()).toBe(0);
    await page.reload();
    await expectFilled(page, 'Finance');
    expect(await page.getByRole('region', { name: 'Leads', exact: true }).count()).toBe(0);
    expect(new URL(page.url()).searchParams.get('preset')).toBe('last_quarter');
    expect(await page.getByRole('combobox', { name: 'Date range' }).inputValue()).toBe('last_quarter');

    // Dismiss the banner: gone now, after a reload, and on the server for this user.
    await page.getByRole('button', { name: 'Dismiss Customer Financing' }).click();
    await expect.poll(() => page.getByRole('complementary', { name: 'Customer Financing' }).count()).toBe(0);
    await page.reload();
    await expectFilled(page, 'Finance');
    expect(await page.getByRole('complementary', { name: 'Customer Financing' }).count()).toBe(0);
    const { cookie } = await apiSignIn(base, DEMO_USERS.admin, DEMO_PASSWORD);
    expect(await api<{ dismissed: boolean }>(base, cookie, 'GET', '/api/dashboard/financing')).toMatchObject({ dismissed: true });
    const config = await api<{ cards: { key: string; visible: boolean }[] }>(base, cookie, 'GET', '/api/dashboard/configuration');
    expect(config.cards.find((c) => c.key === 'leads')?.visible).toBe(false);
    for (const title of CARDS.filter((c) => c !== 'Leads')) await expectFilled(page, title);
    await screenshotPages([page], 'dashboard-last-quarter');
    expect(errors).toEqual([]);
  });
});
