/**
 * Service plans in a real browser on the demo company, at desktop width: create a plan every 2 weeks through the
 * form (its preview names the rule and dates), see the visits the server generated on the plan page and the
 * calendar, push every visit back 3 days in one action and see them move, at the same local time, then change one
 * visit on its own.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatDateTime } from '../apps/web/src/lib/format.ts';
import { DEMO_PASSWORD, DEMO_USERS } from './demo-accounts.ts';
import { api, dayAhead, DEMO_ZONE } from './demo-api.ts';
import { apiSignIn, signIn, useApp, useBrowser, waitForPath } from './harness.ts';

type Visit = { id: string; taskNumber: number; startAt: string | null; expectedEndAt: string | null; occurrence: string };
type VisitsPage = { data: Visit[]; pagination: { totalItems: number } };

/** A day three days after a YYYY-MM-DD. */
const plusDays = (date: string, days: number) => new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const calendarEntry = (page: Page, taskNumber: number) => page.locator(`[data-task-number="${taskNumber}"]`).first();

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const weekdayOf = (date: string) => WEEKDAYS[new Date(`${date}T12:00:00Z`).getUTCDay()]!;

/** The visits are generated in the background after the plan is saved: reload until the first shows. */
async function waitForVisits(page: Page) {
  for (let attempt = 0; attempt < 40; attempt++) {
    if (await page.getByRole('link', { name: /^Task #\d+$/ }).count()) return;
    await page.waitForTimeout(500);
    await page.reload();
    await page.getByRole('tab', { name: 'Upcoming visits' }).waitFor();
  }
  throw new Error('no visits were generated');
}

describe('service plans on the demo company', () => {
  const server = useApp({ demo: true, env: { BACKGROUND_POLL_MS: '200' } });
  const session = useBrowser({ viewport: { width: 1280, height: 900 } });

  it('creates a plan every 2 weeks, shows its visits on the plan page and the calendar, pushes them all back 3 days, and ends it', async () => {
    // Past the demo's own two months of work, so the visits clash with nothing.
    const start = dayAhead(70);
    const weekday = weekdayOf(start);
    const page = await session.newPage();
    await signIn(page, server.baseUrl, DEMO_USERS.admin, DEMO_PASSWORD);
    await page.getByRole('link', { name: 'Plans' }).first().click();
    await waitForPath(page, '/plans');
    await page.getByRole('link', { name: 'New plan' }).first().click();
    await waitForPath(page, '/plans/new');

    await page.getByLabel('Customer').fill('Garcia');
    await page
      .getByRole('option', { name: /Garcia/ })
      .first()
      .click();
    await expect.poll(() => page.getByLabel('Site').inputValue()).not.toBe('');
    await page.getByLabel('Plan name').fill('E2E fortnightly filters');
    await page.getByLabel('Every (weeks)').fill('2');
    await page.getByLabel('Start date').fill(start);
    for (const day of WEEKDAYS) {
      const toggle = page.getByRole('button', { name: day, exact: true });
      if (((await toggle.getAttribute('aria-pressed')) === 'true') !== (day === weekday)) await toggle.click();
    }
    const preview = page.getByRole('region', { name: 'Preview' });
    await preview.getByText(`Every 2 weeks on ${weekday}, 8:00–9:00 AM`).waitFor();
    await expect.poll(() => preview.getByRole('listitem').count()).toBe(10);
    await page.getByLabel('Task name').fill('Filter change');
    await page.getByLabel('Price per visit ($)').fill('80');
    await page.getByRole('button', { name: 'Save' }).click();

    await page.waitForURL(/\/plans\/[0-9a-f-]{36}$/, { timeout: 15_000 });
    const planId = new URL(page.url()).pathname.split('/').pop()!;
    await page.getByRole('heading', { name: /E2E fortnightly filters/ }).waitFor();
    await page.getByText(`Every 2 weeks on ${weekday}, 8:00–9:00 AM`).first().waitFor();
    await waitForVisits(page);

    const { cookie } = await apiSignIn(server.baseUrl, DEMO_USERS.admin, DEMO_PASSWORD);
    const before = await api<VisitsPage>(server.baseUrl, cookie, 'GET', `/api/plans/${planId}/visits?when=upcoming&page=1&limit=100`);
    expect(before.pagination.totalItems).toBeGreaterThan(1);
    const first = before.data[0]!;
    expect(first.occurrence).toBe(start);
    const firstRow = page.getByRole('listitem', { name: `Visit ${first.occurrence}` });
    await firstRow.getByText(formatDateTime(first.startAt, DEMO_ZONE)).waitFor();

    // The visit is a task like any other: the calendar shows it on its day.
    await page.goto(`${server.baseUrl}/workorder/scheduler/calendar?view=day&date=${start}`);
    await calendarEntry(page, first.taskNumber).waitFor();
    await page.goto(`${server.baseUrl}/plans/${planId}`);
    await firstRow.waitFor();

    await page.getByRole('button', { name: 'Push back' }).click();
    const dialog = page.getByRole('dialog', { name: 'Push back visits' });
    await dialog.getByLabel('From date').fill(start);
    await dialog.getByLabel('Days').fill('3');
    await dialog.getByRole('button', { name: 'Push back' }).click();
    await page.getByText('Visits pushed back').first().waitFor();

    const after = await api<VisitsPage>(server.baseUrl, cookie, 'GET', `/api/plans/${planId}/visits?when=upcoming&page=1&limit=100`);
    const moved = after.data.find((v) => v.id === first.id)!;
    // Three local days later at the same 8:00 AM in the company's zone.
    expect(formatDateTime(moved.startAt, DEMO_ZONE)).toBe(formatDateTime(new Date(Date.parse(first.startAt!) + 3 * 86_400_000).toISOString(), DEMO_ZONE));
    expect(formatDateTime(moved.startAt, DEMO_ZONE)).toMatch(/8:00 AM$/);
    await firstRow.getByText(formatDateTime(moved.startAt, DEMO_ZONE)).waitFor();
    await page.goto(`${server.baseUrl}/workorder/scheduler/calendar?view=day&date=${plusDays(start, 3)}`);
    await calendarEntry(page, first.taskNumber).waitFor();
    await page.goto(`${server.baseUrl}/workorder/scheduler/calendar?view=day&date=${start}`);
    await page.locator('[data-board="calendar"][data-view="day"]').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await calendarEntry(page, first.taskNumber).count()).toBe(0);
    // Every visit moved, not just the first.
    for (const v of before.data) {
      const now = after.data.find((a) => a.id === v.id);
      if (now) expect(Date.parse(now.startAt!) - Date.parse(v.startAt!)).toBeGreaterThanOrEqual(3 * 86_400_000 - 3_600_000);
    }

    // One visit on its own: two hours instead of one, at the same start; the plan goes on as it was.
    await page.goto(`${server.baseUrl}/plans/${planId}`);
    await page.getByRole('button', { name: `Change this visit ${first.occurrence}` }).click();
    const change = page.getByRole('dialog', { name: 'Change this visit' });
    await change.getByLabel('Duration (minutes)').fill('120');
    await change.getByRole('button', { name: 'Save visit' }).click();
    await page.getByText('Visit changed').first().waitFor();
    const changed = await api<VisitsPage>(server.baseUrl, cookie, 'GET', `/api/plans/${planId}/visits?when=upcoming&page=1&limit=100`);
    const one = changed.data.find((v) => v.id === first.id)!;
    expect(one.startAt).toBe(moved.startAt);
    expect(Date.parse(one.expectedEndAt!) - Date.parse(one.startAt!)).toBe(2 * 3_600_000);
    expect(one.occurrence).toBe(first.occurrence);

    // Ending it names the visits it cancels; the count sent back matches the server's, so the plan ends.
    await page.goto(`${server.baseUrl}/plans/${planId}`);
    await page.getByRole('button', { name: 'End plan' }).click();
    const end = page.getByRole('dialog', { name: 'End plan' });
    await end.getByText(`End this plan? ${after.pagination.totalItems} upcoming visits will be cancelled.`).waitFor();
    await end.getByRole('button', { name: 'End plan' }).click();
    await page.getByText('Plan ended').first().waitFor();
    await page.getByText('Ended', { exact: true }).first().waitFor();
  });
});
