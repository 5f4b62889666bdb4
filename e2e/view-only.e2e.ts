/**
 * A view-only user (work-order access "View only") walks the main screens of the demo company and finds no
 * control they may not use: every New/Edit/Delete/Assign/Re-Schedule/Send/Save/Add… is hidden or disabled.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, DEMO_USERS } from './demo-accounts.ts';
import { apiSignIn, screenshotPages, signIn, useApp, useBrowser, waitForPath } from './harness.ts';
import { api } from './demo-api.ts';

/** Names of controls that change something (matched at the start of the control's text or label). */
const WRITE_CONTROL =
  /^\s*(\+\s*)?(new|create|edit|delete|remove|assign|re-?schedule|send|save|add|record payment|convert|duplicate|request bids|clock in|clock out|close task|reopen|upload|link to|approve|mark as|cancel job|close job|reopen job|award)\b/i;

/** The enabled, visible buttons and links whose text or label reads as a write. */
async function enabledWriteControls(page: Page): Promise<string[]> {
  const source = WRITE_CONTROL.source;
  const flags = WRITE_CONTROL.flags;
  return page.evaluate(
    ([src, fl]) => {
      const re = new RegExp(src, fl);
      const found: string[] = [];
      const nodes = document.querySelectorAll<HTMLElement>('button, a[href], [role="button"], [role="menuitem"]');
      for (const el of nodes) {
        const rect = el.getBoundingClientRect();
        if (rect.width === 0 || rect.height === 0) continue;
        if ((el as HTMLButtonElement).disabled || el.getAttribute('aria-disabled') === 'true') continue;
        const name = (el.getAttribute('aria-label') || el.textContent || '').replace(/\s+/g, ' ').trim();
        // A link that names what it shows ("New leads: View leads") reads, it does not write.
        if (re.test(name) && !/\bview\b/i.test(name)) found.push(`${name} (${el.tagName.toLowerCase()})`);
      }
      return found;
    },
    [source, flags] as const,
  );
}

/** Waits until the page stops showing loading placeholders. */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await expect.poll(() => page.locator('[role="status"][aria-label^="Loading"]').count(), { timeout: 15_000 }).toBe(0);
}

type Ids = { jobId: string; taskId: string; estimateId: string; invoiceId: string };

async function demoIds(baseUrl: string): Promise<Ids> {
  const { cookie } = await apiSignIn(baseUrl, DEMO_USERS.viewer, DEMO_PASSWORD);
  const jobs = await api<{ data: { id: string }[] }>(baseUrl, cookie, 'GET', '/api/jobs?page=1&limit=1');
  const tasks = await api<{ items: { id: string }[] }>(baseUrl, cookie, 'GET', '/api/tasks?page=1&limit=1');
  const estimates = await api<{ data: { id: string }[] }>(baseUrl, cookie, 'GET', '/api/estimates?page=1&limit=1');
  const invoices = await api<{ data: { id: string }[] }>(baseUrl, cookie, 'GET', '/api/invoices?page=1&limit=1');
  const first = <T>(list: T[], what: string): T => {
    const item = list[0];
    if (!item) throw new Error(`the demo company has no ${what}`);
    return item;
  };
  return {
    jobId: first(jobs.data, 'job').id,
    taskId: first(tasks.items, 'task').id,
    estimateId: first(estimates.data, 'estimate').id,
    invoiceId: first(invoices.data, 'invoice').id,
  };
}

describe('a view-only user on the demo company', () => {
  const server = useApp({ demo: true });
  const session = useBrowser({ viewport: { width: 1280, height: 900 } });

  it('finds no enabled write control on the main screens', { timeout: 180_000 }, async () => {
    const base = server.baseUrl;
    const ids = await demoIds(base);
    const page = await session.newPage();
    await signIn(page, base, DEMO_USERS.viewer, DEMO_PASSWORD);
    await waitForPath(page, '/dashboard');

    const screens: [string, string][] = [
      ['dashboard', '/dashboard'],
      ['jobs list', '/workorder/jobs'],
      ['job page', `/workorder/jobs/${ids.jobId}`],
      ['job tasks tab', `/workorder/jobs/${ids.jobId}?tf_tab=tasks`],
      ['job estimates tab', `/workorder/jobs/${ids.jobId}?tf_tab=estimates`],
      ['job invoices tab', `/workorder/jobs/${ids.jobId}?tf_tab=invoices`],
      ['job costs tab', `/workorder/jobs/${ids.jobId}?tf_tab=costs`],
      ['tasks list', '/workorder/tasks'],
      ['task page', `/workorder/scheduler/view/${ids.taskId}`],
      ['scheduler calendar', '/workorder/scheduler/calendar'],
      ['scheduler chart', '/workorder/scheduler/calendar?board=chart'],
      ['estimates list', '/workorder/estimates'],
      ['estimate', `/workorder/estimates/${ids.estimateId}`],
      ['invoices list', '/workorder/invoices'],
      ['invoice', `/workorder/invoices/${ids.invoiceId}`],
    ];
    const offenders: string[] = [];
    for (const [name, path] of screens) {
      await page.goto(base + path);
      await settled(page);
      for (const control of await enabledWriteControls(page)) offenders.push(`${name}: ${control}`);
      if (name === 'scheduler calendar') {
        // The side sheets of unscheduled and unassigned tasks list cards with their own actions.
        for (const sheet of ['Unscheduled', 'Unassigned']) {
          await page
            .getByRole('button', { name: new RegExp(`^${sheet}`) })
            .first()
            .click();
          await settled(page);
          for (const control of await enabledWriteControls(page)) offenders.push(`${name} ${sheet} sheet: ${control}`);
          await page.keyboard.press('Escape');
        }
      }
    }
    await screenshotPages([page], 'view-only-last-screen');
    expect(offenders).toEqual([]);
  });
});
