/**
 * Task flows in a real browser on the demo company: an admin creates a task from a job page (scheduled now,
 * assigned to a technician), finds it under Assigned to Others, opens it, closes it, reopens it, closes it
 * again and then closes the job through the checklist and re-opens it; the technician sees the task under
 * Assigned to Me.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, DEMO_USERS } from './demo-accounts.ts';
import { signIn, useApp, useBrowser, waitForPath } from './harness.ts';
import { clearOfTomsNext, createJob } from './demo-api.ts';

const ZONE = 'America/New_York'; // the demo company's zone
// tech1 has nothing running now in the demo (tech2 is clocked in on a task since this morning).
const TECHNICIAN = { email: 'tech1@demo.test', name: 'Tom Technician' };
const TASK_NAME = 'E2E valve swap';

/** A wall clock of the company's zone as a date-time input wants it ("2026-11-21T09:05"). */
function wallClock(at: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${get('year')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}`;
}

/**
 * Started a few minutes ago (never before today's midnight), ending soon and clear of Tom's next task: the task is
 * OPEN today and closable, and Tom is Available for it at any time of day.
 */
function scheduleNow(): { start: string; end: string } {
  const now = Date.now();
  const [startIn, endIn] = clearOfTomsNext(now, -5, 20);
  const start = wallClock(new Date(now + startIn!));
  const today = wallClock(new Date(now)).slice(0, 10);
  return { start: start.startsWith(today) ? start : `${today}T00:00`, end: wallClock(new Date(now + endIn!)) };
}

async function footer(page: Page) {
  return page.getByRole('toolbar', { name: 'Task actions' });
}

async function closeTask(page: Page) {
  await (await footer(page)).getByRole('button', { name: 'Close', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Close task' });
  expect(await dialog.getByRole('checkbox', { name: 'All the invoices are received and media has been received?' }).getAttribute('aria-checked')).toBe('true');
  await dialog.getByRole('button', { name: 'Close Task' }).click();
  await page.getByText('Closed task successfully').first().waitFor();
  await page
    .getByRole('heading', { name: /Task #\d+/ })
    .getByText('Closed')
    .waitFor();
}

describe('tasks on the demo company', () => {
  const server = useApp({ demo: true });
  const session = useBrowser();
  let taskNumber = '';
  let taskUrl = '';
  let jobUrl = '';

  it('creates a task from a job page, scheduled now and assigned to a technician', async () => {
    const job = await createJob(server.baseUrl);
    jobUrl = `${server.baseUrl}/workorder/jobs/${job.id}`;
    const page = await session.newPage();
    await signIn(page, server.baseUrl, DEMO_USERS.admin, DEMO_PASSWORD);
    await page.goto(jobUrl);
    await page.getByRole('tab', { name: 'Tasks (0)' }).waitFor();
    await page.getByRole('link', { name: '+ Create Task' }).first().click();
    await waitForPath(page, '/workorder/tasks/create');
    // The form loads after the address changes; until then the job page's own "Job" controls are still there.
    await page.getByLabel('Task Name').waitFor();
    expect(await page.getByLabel('Job').inputValue()).toContain(`#${job.jobNumber}`);

    await page.getByLabel('Task Name').fill(TASK_NAME);
    const { start, end } = scheduleNow();
    await page.getByLabel('Start').fill(start);
    await page.getByLabel('End').fill(end);
    await page.getByRole('radio', { name: 'Technician' }).check();
    // The Assign/Schedule sheet's picker: availability for the form's window, a busy technician cannot be picked.
    await page.getByRole('searchbox', { name: 'Search technicians' }).fill(TECHNICIAN.name.split(' ')[0]!);
    await page
      .getByRole('radio', { name: new RegExp(TECHNICIAN.name) })
      .getByText(/^Available/)
      .waitFor();
    await page.getByRole('radio', { name: new RegExp(TECHNICIAN.name) }).click();
    await page.getByRole('button', { name: 'Save' }).click();

    await page.waitForURL(/\/workorder\/scheduler\/view\/[0-9a-f-]{36}$/, { timeout: 15_000 });
    const heading = page.getByRole('heading', { name: new RegExp(`Task #\\d+ · ${TASK_NAME}`) });
    await heading.waitFor();
    taskNumber = /#(\d+)/.exec(await heading.innerText())![1]!;
    taskUrl = page.url();
    await page.getByText(TECHNICIAN.name).first().waitFor();
    await page.getByText('Customer & Location').waitFor();

    await page.goto(jobUrl);
    await page.getByRole('tab', { name: 'Tasks (1)' }).waitFor();
    await page.getByRole('tab', { name: 'All' }).click();
    await page.getByRole('row', { name: `Open task #${taskNumber}` }).waitFor();
    await page.getByText('1 Open Tasks').first().waitFor();
  });

  it('shows the task to the technician under Assigned to Me', async () => {
    const page = await session.newPage();
    await signIn(page, server.baseUrl, TECHNICIAN.email, DEMO_PASSWORD);
    await page.goto(server.baseUrl + '/workorder/tasks');
    await page.getByRole('tab', { name: 'Assigned to Me' }).waitFor();
    expect(await page.getByRole('tab').count()).toBe(1);
    await page.getByRole('searchbox', { name: 'Search by task number' }).fill(taskNumber);
    await page.getByRole('row', { name: `Open task #${taskNumber}` }).waitFor();
    await expect.poll(() => page.getByRole('row', { name: /Open task #/ }).count()).toBe(1);
  });

  it('finds it in Assigned to Others, closes it, reopens it and closes it again', async () => {
    const page = await session.newPage();
    await signIn(page, server.baseUrl, DEMO_USERS.admin, DEMO_PASSWORD);
    await page.goto(server.baseUrl + '/workorder/tasks');
    await page.getByRole('tab', { name: 'Assigned to Others' }).click();
    await page.waitForURL(/tf_tab=ASSIGNED_TO_OTHERS/);
    await page.getByRole('searchbox', { name: 'Search by task number' }).fill(taskNumber);
    const row = page.getByRole('row', { name: `Open task #${taskNumber}` });
    await row.getByText(TECHNICIAN.name).waitFor();
    await row.getByText(TASK_NAME).click();
    await page.waitForURL(taskUrl);

    await closeTask(page);
    const bar = await footer(page);
    await bar.getByRole('button', { name: 'Reopen' }).click();
    await page.getByRole('dialog', { name: 'Reopen task?' }).getByRole('button', { name: 'Reopen' }).click();
    await page.getByText('Successfully re-opened task').first().waitFor();
    // Reopened with its work kept: clocked out (or open when no work was recorded), closable again.
    const heading = page.getByRole('heading', { name: /Task #\d+/ });
    await heading.getByText('Clocked Out').or(heading.getByText('Open')).waitFor();
    await bar.getByRole('button', { name: 'Close', exact: true }).waitFor();

    await closeTask(page);
    await page.getByRole('list', { name: 'Work time entries' }).getByRole('listitem').first().waitFor();
  });

  it('closes the job through the checklist and re-opens it', async () => {
    const page = await session.newPage();
    await signIn(page, server.baseUrl, DEMO_USERS.admin, DEMO_PASSWORD);
    await page.goto(jobUrl);
    await page.getByText('All Tasks Closed').first().waitFor();
    await page.getByRole('button', { name: 'Close Job' }).click();
    const dialog = page.getByRole('dialog', { name: 'Close job' });
    const confirm = dialog.getByRole('button', { name: 'Close Job' });
    const boxes = dialog.getByRole('checkbox');
    expect(await boxes.count()).toBe(3);
    for (let i = 0; i < 3; i++) {
      expect(await confirm.isDisabled()).toBe(true);
      await boxes.nth(i).click();
    }
    await confirm.click();
    await page.getByText('Job closed successfully!').first().waitFor();
    await page.getByRole('button', { name: 'Re-open' }).waitFor();
    expect(await page.getByRole('link', { name: '+ Create Task' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Re-open' }).click();
    await page.getByText('Job re-opened successfully!').first().waitFor();
    await page.getByRole('link', { name: '+ Create Task' }).first().waitFor();
  });
});
