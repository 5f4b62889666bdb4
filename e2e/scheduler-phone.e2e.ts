/**
 * The scheduler on a 390 px phone with the demo company: it opens on the agenda — the day's entries grouped
 * by person, each with its 12-hour time, task number, name and customer — under one compact toolbar row; the
 * week and chart chosen from it stay readable (days scroll sideways under a fixed axis, a narrow name column);
 * and an entry is re-scheduled from the agenda's own action.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from './demo-accounts.ts';
import { apiSignIn, signIn, useApp, useBrowser } from './harness.ts';
import { api, createJob, dayAhead, DEMO_ZONE } from './demo-api.ts';

type Created = { data: { id: string; taskNumber: number } };
type TaskBody = { data: { taskScheduler: { startDateTime: string } | null } };

/** A wall-clock time of a day in the demo zone as an instant. */
function at(day: string, hh: number): string {
  const noon = new Date(`${day}T12:00:00Z`);
  const offset = new Intl.DateTimeFormat('en-US', { timeZone: DEMO_ZONE, timeZoneName: 'longOffset' })
    .formatToParts(noon)
    .find((p) => p.type === 'timeZoneName')!.value;
  return new Date(`${day}T${String(hh).padStart(2, '0')}:00:00${offset.replace('GMT', '')}`).toISOString();
}

const dayOf = (iso: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: DEMO_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));

describe('scheduler on a phone', () => {
  const server = useApp({ demo: true });
  const session = useBrowser();

  it('shows the agenda grouped by person under one toolbar row, and re-schedules a task from it', async () => {
    const base = server.baseUrl;
    const job = await createJob(base, 'E2E phone agenda job');
    const { cookie } = await apiSignIn(base, DEMO_USERS.admin, DEMO_PASSWORD);
    const team = await api<{ items: { id: string; name: string }[] }>(base, cookie, 'GET', '/api/tasks/team?page=1&limit=100');
    const theo = team.items.find((m) => m.name === 'Theo Technician')!.id;
    const tom = team.items.find((m) => m.name === 'Tom Technician')!.id;
    const day = dayAhead(320);
    const make = async (name: string, techId: string, from: number) => {
      const task = (await api<Created>(base, cookie, 'POST', '/api/tasks', { jobId: job.id, name })).data;
      await api(base, cookie, 'POST', '/api/tasks/schedule', {
        taskId: task.id,
        startDateTime: at(day, from),
        expectedEndDateTime: at(day, from + 1),
        isAssigned: true,
        assignedTo: 'TECHNICIAN',
        assignedTechnicianId: techId,
      });
      return task;
    };
    const theos = await make('E2E agenda boiler', theo, 13);
    const toms = await make('E2E agenda valve', tom, 9);

    const page = await session.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await signIn(page, base, DEMO_USERS.admin, DEMO_PASSWORD);
    await page.goto(`${base}/workorder/scheduler/calendar?date=${day}`);

    const agenda = page.locator('[data-board="agenda"]');
    await agenda.waitFor();
    const theoGroup = agenda.getByRole('region', { name: 'Theo Technician' });
    const tomGroup = agenda.getByRole('region', { name: 'Tom Technician' });
    const theoRow = theoGroup.getByRole('button', { name: `Open task #${theos.taskNumber} E2E agenda boiler` });
    await theoRow.waitFor();
    expect(await theoRow.textContent()).toContain('1:00 PM');
    expect(await theoRow.textContent()).toContain('E2E agenda boiler');
    await tomGroup.getByRole('button', { name: `Open task #${toms.taskNumber} E2E agenda valve` }).waitFor();
    expect(await tomGroup.getByRole('button', { name: `Open task #${toms.taskNumber} E2E agenda valve` }).textContent()).toContain('9:00 AM');

    // Previous, the date, next and the view switch sit on one row.
    const ys = await Promise.all(
      [page.getByRole('button', { name: 'Previous' }), page.getByRole('button', { name: 'Next' }), page.getByRole('combobox', { name: 'View' })].map(
        async (l) => (await l.boundingBox())!,
      ),
    );
    for (const box of ys) expect(Math.abs(box.y + box.height / 2 - (ys[0]!.y + ys[0]!.height / 2))).toBeLessThan(4);

    // Week and chart stay readable: 88 px days scrolling sideways under a fixed time axis; a 124 px name column.
    await page.getByRole('combobox', { name: 'View' }).selectOption('week');
    const grid = page.locator('[data-time-scroll]');
    await grid.waitFor();
    for (const box of await Promise.all((await page.locator('[data-day]').all()).map((d) => d.boundingBox()))) expect(box!.width).toBeGreaterThanOrEqual(87);
    const axisX = (await page.locator('[data-time-axis]').boundingBox())!.x;
    await grid.evaluate((el) => {
      el.scrollLeft = 300;
    });
    await expect.poll(() => grid.evaluate((el) => el.scrollLeft)).toBe(300);
    expect((await page.locator('[data-time-axis]').boundingBox())!.x).toBe(axisX);
    await page.getByRole('combobox', { name: 'View' }).selectOption('chart');
    const theoName = page.locator(`[data-board="chart"] [data-row-key="${theo}"] > div`).first();
    await theoName.waitFor();
    expect(Math.round((await theoName.boundingBox())!.width)).toBe(124);
    await page.getByRole('combobox', { name: 'View' }).selectOption('agenda');
    await theoRow.waitFor();

    // Re-schedule Theo's task to the next day from the agenda's action.
    await theoGroup.getByRole('button', { name: `Re-schedule task #${theos.taskNumber}` }).click();
    const sheet = page.getByRole('dialog', { name: 'Re-Schedule Task' });
    await sheet.waitFor();
    const next = dayAhead(321);
    await sheet.getByLabel('Start date').fill(next);
    await sheet.getByRole('button', { name: 'Re-Schedule' }).click();
    await sheet.waitFor({ state: 'detached' });
    const moved = (await api<TaskBody>(base, cookie, 'GET', `/api/tasks/${theos.id}`)).data;
    expect(dayOf(moved.taskScheduler!.startDateTime)).toBe(next);
    // The agenda no longer lists it on this day.
    await page.keyboard.press('Escape');
    await theoRow.waitFor({ state: 'detached' });
  });
});
