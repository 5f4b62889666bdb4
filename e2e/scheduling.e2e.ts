/**
 * Scheduling in a real browser on the demo company: an admin schedules an unscheduled task to a technician
 * through the Assign/Schedule sheet, sees that technician Busy for a second task in the same slot, and gets
 * the spec's conflict toast when someone else books the chosen technician while the sheet is open.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, DEMO_USERS } from './demo-accounts.ts';
import { apiSignIn, signIn, useApp, useBrowser } from './harness.ts';
import { api, createJob, dayAhead, DEMO_ZONE } from './demo-api.ts';

/** 09:00 (the sheet's default start for a picked date) of that day in the company's zone, as an instant. */
function nineAm(day: string): Date {
  const noonUtc = new Date(`${day}T12:00:00Z`);
  const offset = new Intl.DateTimeFormat('en-US', { timeZone: DEMO_ZONE, timeZoneName: 'longOffset' })
    .formatToParts(noonUtc)
    .find((p) => p.type === 'timeZoneName')!.value; // "GMT-05:00"
  return new Date(`${day}T09:00:00${offset.replace('GMT', '')}`);
}

type Created = { data: { id: string; taskNumber: number } };

async function openSheet(page: Page, baseUrl: string, taskId: string) {
  await page.goto(`${baseUrl}/workorder/scheduler/view/${taskId}`);
  await page.getByRole('toolbar', { name: 'Task actions' }).getByRole('button', { name: 'Assign & Schedule' }).click();
  return page.getByRole('dialog', { name: 'Assign/Schedule Task' });
}

describe('scheduling on the demo company', () => {
  const server = useApp({ demo: true });
  const session = useBrowser();

  it('schedules a task to a technician, shows them busy for the same slot, and refuses a clash made meanwhile', async () => {
    const base = server.baseUrl;
    const job = await createJob(base, 'E2E scheduling job');
    const { cookie } = await apiSignIn(base, DEMO_USERS.admin, DEMO_PASSWORD);
    const task = (name: string) => api<Created>(base, cookie, 'POST', '/api/tasks', { jobId: job.id, name }).then((r) => r.data);
    const [first, second, third] = [await task('E2E first visit'), await task('E2E second visit'), await task('E2E third visit')];
    const day = dayAhead(200);
    const nextDay = dayAhead(201);

    const page = await session.newPage();
    await signIn(page, base, DEMO_USERS.admin, DEMO_PASSWORD);

    let sheet = await openSheet(page, base, first.id);
    await sheet.getByLabel('Start date').fill(day);
    expect(await sheet.getByRole('textbox', { name: 'End time hours' }).inputValue()).toBe('11');
    await sheet.getByRole('radio', { name: /Theo Technician/ }).click();
    await sheet.getByRole('button', { name: 'Assign & Schedule' }).click();
    await page.getByText('Schedule created').first().waitFor();
    await page.getByText('Theo Technician').first().waitFor();

    sheet = await openSheet(page, base, second.id);
    await sheet.getByLabel('Start date').fill(day);
    const theo = sheet.getByRole('radio', { name: /Theo Technician/ });
    await theo.getByText('Busy').waitFor();
    expect(await theo.isDisabled()).toBe(true);

    // Pick Tom for the next day, then let someone else book Tom there before submitting.
    await sheet.getByLabel('Start date').fill(nextDay);
    await sheet
      .getByRole('radio', { name: /Tom Technician/ })
      .getByText('Available')
      .waitFor();
    await sheet.getByRole('radio', { name: /Tom Technician/ }).click();
    const start = nineAm(nextDay);
    const technicians = await api<{ data: { items: { userId: string; username: string }[] } }>(
      base,
      cookie,
      'GET',
      `/api/tasks/technicians?page=1&limit=100&startDateTime=${start.toISOString()}`,
    );
    const tom = technicians.data.items.find((t) => t.username === 'Tom Technician')!;
    await api(base, cookie, 'POST', '/api/tasks/schedule', {
      taskId: third.id,
      startDateTime: start.toISOString(),
      expectedEndDateTime: new Date(start.getTime() + 2 * 3_600_000).toISOString(),
      isAssigned: true,
      assignedTo: 'TECHNICIAN',
      assignedTechnicianId: tom.userId,
    });
    await sheet.getByRole('button', { name: 'Assign & Schedule' }).click();
    await page.getByText('Technician has a conflicting schedule').first().waitFor();
    await page
      .getByText(new RegExp(`conflicting schedule with task #${third.taskNumber}`))
      .first()
      .waitFor();
    // The refused task stays unscheduled.
    const after = await api<{ data: { taskScheduler: unknown } }>(base, cookie, 'GET', `/api/tasks/${second.id}`);
    expect(after.data.taskScheduler).toBeNull();
  });
});
