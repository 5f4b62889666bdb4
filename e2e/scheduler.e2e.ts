/**
 * The scheduler in a real browser on the demo company: views and labels, search, filter and the
 * team sidebar; drag to a free slot, a clash the page can see (refused before any request) and one only the
 * server knows (refused and reverted), resize; a card dragged from the Unscheduled sheet onto the chart;
 * ?taskIdToPreview; and a second dispatcher's screen following a change live.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { DEMO_PASSWORD, DEMO_USERS } from './demo-accounts.ts';
import { apiSignIn, signIn, useApp, useBrowser } from './harness.ts';
import { api, createJob, dayAhead, DEMO_ZONE } from './demo-api.ts';

type Created = { data: { id: string; taskNumber: number } };
type TaskBody = {
  data: {
    taskScheduler: { id: string; startDateTime: string; expectedEndDateTime: string | null; version: number } | null;
    assignedUser: { userId: string } | null;
  };
};

/** A wall-clock time of a day in the demo zone as an instant. */
function at(day: string, hh: number, mm = 0): string {
  const noon = new Date(`${day}T12:00:00Z`);
  const offset = new Intl.DateTimeFormat('en-US', { timeZone: DEMO_ZONE, timeZoneName: 'longOffset' })
    .formatToParts(noon)
    .find((p) => p.type === 'timeZoneName')!.value;
  return new Date(`${day}T${String(hh).padStart(2, '0')}:${String(mm).padStart(2, '0')}:00${offset.replace('GMT', '')}`).toISOString();
}

const entry = (page: Page, n: number) => page.locator(`[data-task-number="${n}"]`).first();

/** Drags with the mouse from the middle of `from` by (dx, dy), in small steps as a hand would. */
async function drag(page: Page, from: Locator, dx: number, dy: number, grip: 'middle' | 'bottom' = 'middle') {
  const box = (await from.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = grip === 'middle' ? box.y + Math.min(box.height / 2, 12) : box.y + box.height - 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++) await page.mouse.move(x + (dx * i) / 8, y + (dy * i) / 8);
  await page.mouse.up();
}

async function setup(base: string) {
  const job = await createJob(base, 'E2E scheduler job');
  const { cookie } = await apiSignIn(base, DEMO_USERS.admin, DEMO_PASSWORD);
  const team = await api<{ items: { id: string; name: string }[] }>(base, cookie, 'GET', '/api/tasks/team?page=1&limit=100');
  const theo = team.items.find((m) => m.name === 'Theo Technician')!.id;
  const make = async (name: string, day?: string, from?: number, to?: number) => {
    const task = (await api<Created>(base, cookie, 'POST', '/api/tasks', { jobId: job.id, name })).data;
    if (day && from !== undefined && to !== undefined) {
      await api(base, cookie, 'POST', '/api/tasks/schedule', {
        taskId: task.id,
        startDateTime: at(day, from),
        expectedEndDateTime: at(day, to),
        isAssigned: true,
        assignedTo: 'TECHNICIAN',
        assignedTechnicianId: theo,
      });
    }
    return task;
  };
  const get = async (id: string) => (await api<TaskBody>(base, cookie, 'GET', `/api/tasks/${id}`)).data;
  return { cookie, theo, make, get };
}

describe('scheduler on the demo company', () => {
  const server = useApp({ demo: true });
  const session = useBrowser();

  it('switches month → week → day with the spec labels, searches, filters and narrows to chosen people', async () => {
    const base = server.baseUrl;
    const { make } = await setup(base);
    const day = dayAhead(301);
    const a = await make('E2E view alpha', day, 10, 11);
    const b = await make('E2E view beta', day, 13, 14);
    const page = await session.newPage();
    await signIn(page, base, DEMO_USERS.admin, DEMO_PASSWORD);

    await page.goto(`${base}/workorder/scheduler/calendar?date=${day}`);
    await page.locator('[data-board="calendar"][data-view="month"]').waitFor();
    const month = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));
    await page.getByText(month, { exact: true }).first().waitFor();
    await entry(page, a.taskNumber).waitFor();

    await page.getByRole('radio', { name: 'Week' }).click();
    await page.locator('[data-board="calendar"][data-view="week"]').waitFor();
    await page
      .getByText(/^\d{1,2}(st|nd|rd|th) [A-Z][a-z]{2} – \d{1,2}(st|nd|rd|th) [A-Z][a-z]{2}$/)
      .first()
      .waitFor();
    expect(await page.locator('[data-day]').count()).toBe(7);
    // At 1280 px the week's toolbar is two rows: board, dates, label and views on one; search and actions on the next.
    await page.setViewportSize({ width: 1280, height: 900 });
    const middle = async (l: Locator) => {
      const box = (await l.boundingBox())!;
      return Math.round(box.y + box.height / 2);
    };
    const first = await Promise.all(
      [
        page.getByRole('radio', { name: /Calendar/ }),
        page.getByRole('button', { name: 'Previous' }),
        page.getByLabel('Go to date'),
        page.getByTestId('scheduler-label'),
        page.getByRole('radio', { name: 'Week' }),
      ].map(middle),
    );
    for (const y of first) expect(Math.abs(y - first[0]!)).toBeLessThanOrEqual(3);
    const second = await Promise.all(
      [
        page.getByRole('searchbox', { name: 'Search tasks by number' }),
        page.getByRole('button', { name: /^Filter/ }),
        page.getByRole('button', { name: 'Unassigned Tasks' }),
      ].map(middle),
    );
    for (const y of second) expect(Math.abs(y - second[0]!)).toBeLessThanOrEqual(3);
    expect(second[0]! - first[0]!).toBeGreaterThan(20);
    expect(second[0]! - first[0]!).toBeLessThan(70);
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.getByRole('radio', { name: 'Day' }).click();
    await page.locator('[data-board="calendar"][data-view="day"]').waitFor();
    const dayLabel = `${day.slice(8)} ${month.split(' ')[0]} ${day.slice(0, 4)}`;
    await page.getByText(dayLabel, { exact: true }).first().waitFor();
    await entry(page, b.taskNumber).waitFor();

    // Search by task number (debounced): only alpha stays.
    await page.getByPlaceholder('Search Tasks...').fill(String(a.taskNumber));
    await entry(page, b.taskNumber).waitFor({ state: 'detached' });
    await entry(page, a.taskNumber).waitFor();
    await page.getByPlaceholder('Search Tasks...').fill('');
    await entry(page, b.taskNumber).waitFor();

    // Filter by status Closed: both upcoming tasks leave; Apply is disabled until something changes.
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    const panel = page.getByRole('dialog', { name: 'Filter By' }).or(page.locator('[aria-label="Filter By"]')).first();
    expect(await panel.getByRole('button', { name: 'Apply' }).isDisabled()).toBe(true);
    await panel.getByLabel('Status').click();
    await page.getByRole('checkbox', { name: 'Closed', exact: true }).click();
    await page.keyboard.press('Escape');
    await panel.getByRole('button', { name: 'Apply' }).click();
    await entry(page, a.taskNumber).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: /^Filter \(1 active\)$/ }).click();
    await page.getByRole('button', { name: 'Clear All' }).click();
    await page.getByRole('button', { name: 'Apply' }).click();
    await entry(page, a.taskNumber).waitFor();

    // Team sidebar: clear everyone, tick two technicians; Theo's tasks show, then not without him.
    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    await entry(page, a.taskNumber).waitFor({ state: 'detached' });
    await page
      .getByText(/^Showing \d+\/\d+$/)
      .first()
      .waitFor();
    await page.getByRole('checkbox', { name: 'Theo Technician' }).click();
    await page.getByRole('checkbox', { name: 'Tom Technician' }).click();
    await entry(page, a.taskNumber).waitFor();
    await page.getByRole('checkbox', { name: 'Theo Technician' }).click();
    await entry(page, a.taskNumber).waitFor({ state: 'detached' });
  });

  it('moves a task to a free slot, refuses clashes (seen by the page, or only by the server) with a revert, and resizes', async () => {
    const base = server.baseUrl;
    const { make, get, cookie, theo } = await setup(base);
    const day = dayAhead(302);
    const a = await make('E2E drag alpha', day, 10, 11);
    const b = await make('E2E drag beta', day, 13, 14);
    const context = await session.newContext();
    // No live stream on this screen, so a clash made elsewhere stays unseen until the server refuses the move.
    await context.route('**/api/events', (route) => route.abort());
    const page = await context.newPage();
    await signIn(page, base, DEMO_USERS.admin, DEMO_PASSWORD);
    await page.goto(`${base}/workorder/scheduler/calendar?view=day&date=${day}`);
    const chip = entry(page, a.taskNumber);
    await chip.waitFor();
    // One hour on the axis: the distance between two hour labels (an entry's chip is a little shorter than its slot).
    const label = async (text: string) => (await page.locator('[data-time-scroll]').getByText(text, { exact: true }).first().boundingBox())!.y;
    const hourPx = (await label('11 AM')) - (await label('10 AM'));

    await drag(page, chip, 0, 5 * hourPx); // 10:00 → 15:00
    await page.getByText(`Task Schedule for #${a.taskNumber} has updated!`).first().waitFor();
    expect((await get(a.id)).taskScheduler).toMatchObject({ startDateTime: at(day, 15), expectedEndDateTime: at(day, 16) });

    await drag(page, entry(page, a.taskNumber), 0, -2 * hourPx); // onto beta at 13:00: the page sees it
    await page.getByText('Cannot update schedule').first().waitFor();
    await page.getByText(`This event has clash in time with task #${b.taskNumber}.`).first().waitFor();
    expect((await get(a.id)).taskScheduler?.startDateTime).toBe(at(day, 15));

    // Someone else books Theo 16:30–17:30; this page does not know. Moving alpha to 16:00 is refused and reverted.
    await page.waitForLoadState('networkidle');
    const refused: number[] = [];
    page.on('response', (r) => {
      if (r.request().method() === 'PUT' && r.url().includes('/api/tasks/schedule/')) refused.push(r.status());
    });
    const other = await make('E2E drag gamma');
    await api(base, cookie, 'POST', '/api/tasks/schedule', {
      taskId: other.id,
      startDateTime: at(day, 16, 30),
      expectedEndDateTime: at(day, 17, 30),
      isAssigned: true,
      assignedTo: 'TECHNICIAN',
      assignedTechnicianId: theo,
    });
    await page
      .locator('[data-sonner-toast]')
      .first()
      .waitFor({ state: 'detached', timeout: 10_000 })
      .catch(() => undefined);
    await drag(page, entry(page, a.taskNumber), 0, hourPx);
    await page.getByText(`This event has clash in time with task #${other.taskNumber}.`).first().waitFor();
    await page.getByRole('button', { name: new RegExp(`^Task #${a.taskNumber} E2E drag alpha, \\d\\d \\w{3}, 3:00 PM - `) }).waitFor();
    expect((await get(a.id)).taskScheduler?.startDateTime).toBe(at(day, 15));
    expect(refused).toEqual([409]); // the server's refusal, not the page's own check

    // Resize: pull the bottom edge up a quarter hour → 15:00–15:45.
    await drag(page, entry(page, a.taskNumber).locator('[data-resize-handle]'), 0, -hourPx / 4, 'bottom');
    await expect.poll(async () => (await get(a.id)).taskScheduler?.expectedEndDateTime, { timeout: 10_000 }).toBe(at(day, 15, 45));
  });

  it("moves a bar along its row on the chart at once, keeps the server's answer, and puts it back on a clash only the server knows", async () => {
    const base = server.baseUrl;
    const { make, get, cookie, theo } = await setup(base);
    const day = dayAhead(304);
    const a = await make('E2E chart alpha', day, 9, 10);
    const context = await session.newContext();
    await context.route('**/api/events', (route) => route.abort());
    const page = await context.newPage();
    await signIn(page, base, DEMO_USERS.admin, DEMO_PASSWORD);
    await page.goto(`${base}/workorder/scheduler/calendar?board=chart&date=${day}`);
    const bar = () => page.locator(`[data-board="chart"] [data-row-key="${theo}"] [data-task-number="${a.taskNumber}"]`);
    await bar().waitFor();
    const hourPx = 136;
    const left0 = (await bar().boundingBox())!.x;

    await drag(page, bar(), 2 * hourPx, 0); // 09:00 → 11:00
    await page.getByText(`Task Schedule for #${a.taskNumber} has updated!`).first().waitFor();
    expect((await get(a.id)).taskScheduler).toMatchObject({ startDateTime: at(day, 11), expectedEndDateTime: at(day, 12) });
    expect(Math.round((await bar().boundingBox())!.x - left0)).toBe(2 * hourPx);

    // Someone else books Theo 13:30–14:30 unseen by this page: moving alpha to 13:00 is refused by the server.
    await page.waitForLoadState('networkidle');
    const other = await make('E2E chart gamma');
    await api(base, cookie, 'POST', '/api/tasks/schedule', {
      taskId: other.id,
      startDateTime: at(day, 13, 30),
      expectedEndDateTime: at(day, 14, 30),
      isAssigned: true,
      assignedTo: 'TECHNICIAN',
      assignedTechnicianId: theo,
    });
    await page
      .locator('[data-sonner-toast]')
      .first()
      .waitFor({ state: 'detached', timeout: 10_000 })
      .catch(() => undefined);
    await drag(page, bar(), 2 * hourPx, 0);
    await page.getByText(`This event has clash in time with task #${other.taskNumber}.`).first().waitFor();
    await expect.poll(async () => Math.round((await bar().boundingBox())!.x - left0), { timeout: 10_000 }).toBe(2 * hourPx);
    expect((await get(a.id)).taskScheduler?.startDateTime).toBe(at(day, 11));
  });

  it('schedules a card dragged from the Unscheduled sheet onto a technician row of the chart, and opens a preview from the link', async () => {
    const base = server.baseUrl;
    const { make, get, theo } = await setup(base);
    const day = dayAhead(303);
    const card = await make('E2E sheet card');
    const page = await session.newPage();
    await signIn(page, base, DEMO_USERS.admin, DEMO_PASSWORD);
    await page.goto(`${base}/workorder/scheduler/calendar?board=chart&date=${day}`);
    const row = page.locator(`[data-board="chart"] [data-row-key="${theo}"]`).first();
    await row.waitFor();

    await page.getByRole('button', { name: 'Unscheduled Tasks' }).click();
    await page.getByPlaceholder('Search by task number, name or job number').fill(String(card.taskNumber));
    const cardEl = page.locator(`[data-sheet-task-id="${card.id}"]`);
    await cardEl.waitFor();
    await page
      .locator(`[data-sheet-task-id]:not([data-sheet-task-id="${card.id}"])`)
      .first()
      .waitFor({ state: 'detached' })
      .catch(() => undefined);
    // The chart opens at 08:00 on the left, after a ~200 px label column with 136 px per hour: aim at ~10:00.
    const box = (await row.boundingBox())!;
    await cardEl.dragTo(row, { targetPosition: { x: Math.min(box.width - 10, 200 + 2 * 136 + 10), y: 20 } });
    await page.getByText(`Task Schedule for #${card.taskNumber} has updated!`).first().waitFor();
    const scheduled = await get(card.id);
    expect(scheduled.assignedUser?.userId).toBe(theo);
    expect(scheduled.taskScheduler?.startDateTime.slice(0, 10)).toBe(new Date(at(day, 10)).toISOString().slice(0, 10));
    await entry(page, card.taskNumber).waitFor();

    await page.goto(`${base}/workorder/scheduler/calendar?taskIdToPreview=${card.id}`);
    const preview = page.getByRole('dialog', { name: new RegExp(`#${card.taskNumber} E2E sheet card`) });
    await preview.getByRole('link', { name: 'View Task' }).waitFor();
    await preview.getByText('Theo Technician').first().waitFor();
    await expect.poll(() => new URL(page.url()).searchParams.get('date')).toBe(day);
  });

  it("shows another dispatcher's change live, without a reload", async () => {
    const base = server.baseUrl;
    const { make, get, cookie } = await setup(base);
    const day = dayAhead(304);
    const a = await make('E2E live alpha', day, 10, 11);
    const page = await session.newPage();
    await signIn(page, base, DEMO_USERS.office, DEMO_PASSWORD);
    await page.goto(`${base}/workorder/scheduler/calendar?view=day&date=${day}`);
    await page.getByRole('button', { name: new RegExp(`^Task #${a.taskNumber} .*, 10:00 AM - `) }).waitFor();
    await page.getByText('Live', { exact: true }).first().waitFor();

    const schedule = (await get(a.id)).taskScheduler!;
    await api(base, cookie, 'PUT', `/api/tasks/schedule/${schedule.id}`, {
      startDateTime: at(day, 12),
      expectedEndDateTime: at(day, 13),
      version: schedule.version,
    });
    await page.getByRole('button', { name: new RegExp(`^Task #${a.taskNumber} .*, 12:00 PM - `) }).waitFor({ timeout: 5_000 });
  });
});
