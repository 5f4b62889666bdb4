/**
 * Work done without signal, in a real Chromium at 390 px as Tom (tech1) of the demo company, with the service worker:
 * - the office cancels a task while Tom, offline, clocks in on it: back online the clock-in ends as "Needs your
 *   attention" with the server's reason, and is discarded;
 * - offline, Tom clocks in on another task, reloads the page (the worker serves the app, the kept day and the kept
 *   clock-in come back from IndexedDB), clocks out, adds a note and a photo; back online the server holds exactly one
 *   work period with the times he tapped, the note and the photo, each once.
 */
import { describe, expect, it } from 'vitest';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { DEMO_PASSWORD, DEMO_USERS } from './demo-accounts.ts';
import { api, createJob, tomsTask } from './demo-api.ts';
import { readKeptDay } from './device-store.ts';
import { apiSignIn, signIn, useApp, useBrowser, waitForPath } from './harness.ts';

/** Set to a folder to keep screenshots of the offline screens. */
const SHOTS = process.env.E2E_SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
};
const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, serviceWorkers: 'allow' };
type Period = { startTime: string; endTime: string | null; description: string | null };

/** Whether the task's page (its detail answer) is kept on the phone. */
const taskPageKept = async (page: Page, taskId: string) => (await readKeptDay(page))?.taskPages.includes(taskId) ?? false;
/** The actions kept on the phone. */
const keptActions = async (page: Page) => (await readKeptDay(page))?.actions ?? [];

const card = (page: Page, taskNumber: number) => page.getByRole('listitem', { name: new RegExp(`^Task #${taskNumber} `) });
const pill = (page: Page) => page.getByLabel(/^Sync status:/);

async function clockInOnMyDay(page: Page, taskNumber: number) {
  await card(page, taskNumber).getByRole('button', { name: 'Clock in' }).click();
  await page.getByRole('dialog', { name: 'Clock in' }).getByRole('button', { name: 'Clock in' }).click();
  await page.getByText('Saved on this phone').first().waitFor();
}

describe('work done without signal', () => {
  const server = useApp({ demo: true });
  const session = useBrowser();

  it('keeps every action made offline, sends each once with the times tapped, and shows a refusal with its reason', async () => {
    const base = server.baseUrl;
    const admin = (await apiSignIn(base, DEMO_USERS.admin, DEMO_PASSWORD)).cookie;
    const job = await createJob(base, 'E2E offline job');
    const doomed = await tomsTask(base, admin, job.id, 'E2E cancelled meanwhile', 2, 4);

    const page = await session.newPage(PHONE);
    await signIn(page, base, DEMO_USERS.tech1, DEMO_PASSWORD);
    await waitForPath(page, '/workorder/my-day');
    // The worker installs on the first load and serves the next one: reload once online so it controls the page.
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await card(page, doomed.taskNumber).waitFor();

    // 1. The office cancels the task while Tom, offline, clocks in on it.
    await page.context().setOffline(true);
    await pill(page).and(page.getByText('Offline')).waitFor();
    await clockInOnMyDay(page, doomed.taskNumber);
    await card(page, doomed.taskNumber).getByText('Waiting to sync').waitFor();
    expect(await pill(page).textContent()).toBe('Offline — 1 waiting to sync');
    await api(base, admin, 'PATCH', `/api/tasks/${doomed.id}`, { isCancelled: true });
    await page.context().setOffline(false);
    await pill(page).and(page.getByText('1 needs your attention')).waitFor({ timeout: 30_000 });
    await pill(page).click();
    const sheet = page.getByRole('dialog', { name: 'Work on this phone' });
    const refused = sheet.getByRole('region', { name: 'Needs your attention' });
    await refused.getByText(`Clock in · task #${doomed.taskNumber} E2E cancelled meanwhile`).waitFor();
    // The server's reason and what to do are both there.
    expect((await refused.locator('li p.font-medium').first().textContent())?.length).toBeGreaterThan(5);
    expect(await keptActions(page)).toMatchObject([{ kind: 'clockIn', state: 'attention' }]);
    await shot(page, 'offline-attention-390');
    if (SHOTS) {
      await page.setViewportSize({ width: 1280, height: 800 });
      await shot(page, 'offline-attention-1280');
      await page.setViewportSize(PHONE.viewport!);
    }
    await refused.getByRole('button', { name: 'Discard' }).click();
    await page.getByRole('dialog', { name: 'Discard this action?' }).getByRole('button', { name: 'Discard' }).click();
    await expect.poll(() => keptActions(page)).toEqual([]);
    await page.keyboard.press('Escape');

    // 2. A task kept on the phone while online (My day loads it), then the network goes.
    const task = await tomsTask(base, admin, job.id, 'E2E offline visit', -1, 5);
    await page.reload();
    await card(page, task.taskNumber).waitFor();
    // My day loads its tasks' pages onto the device in the background: that first visit completes before the signal goes.
    await expect.poll(() => taskPageKept(page, task.id), { timeout: 30_000 }).toBe(true);
    await page.context().setOffline(true);
    await clockInOnMyDay(page, task.taskNumber);

    // A reload without signal: the worker serves the app; the day and the clock-in come back from the device.
    await page.reload();
    await card(page, task.taskNumber).getByText('Clocked In').waitFor();
    await card(page, task.taskNumber).getByText('Waiting to sync').waitFor();
    await shot(page, 'offline-my-day-reloaded-390');
    await card(page, task.taskNumber).getByRole('button', { name: 'Clock out' }).click();
    const clockOut = page.getByRole('dialog', { name: 'Clock out' });
    await clockOut.getByRole('textbox').fill('Replaced the valve offline');
    await clockOut.getByRole('button', { name: 'Clock out' }).click();
    await card(page, task.taskNumber).getByText('Clocked Out').waitFor();

    await card(page, task.taskNumber)
      .getByRole('link', { name: /E2E offline visit/ })
      .click();
    await waitForPath(page, (p) => p === `/workorder/scheduler/view/${task.id}`);
    const notes = page.getByRole('region', { name: 'Notes & photos' });
    await notes.getByPlaceholder('Write Something...').fill('Gate code 4411');
    await notes.getByRole('button', { name: 'Add Note' }).click();
    const png = await page.screenshot({ clip: { x: 0, y: 0, width: 40, height: 30 } });
    await notes.getByLabel('Add photo').setInputFiles({ name: 'meter.png', mimeType: 'image/png', buffer: png });
    const kept = notes.getByRole('list', { name: 'Kept on this phone' });
    await kept.getByText('meter.png').waitFor();
    await kept.getByText('Gate code 4411').waitFor();
    await expect.poll(async () => (await keptActions(page)).map((a) => a.kind).sort()).toEqual(['clockIn', 'clockOut', 'note', 'photo']);
    const tapped = await keptActions(page);
    await kept.scrollIntoViewIfNeeded();
    await shot(page, 'offline-task-kept-390');
    expect(await pill(page).textContent()).toBe('Offline — 4 waiting to sync');

    // 3. Back online: everything is sent, once, in order.
    await page.context().setOffline(false);
    await expect.poll(() => keptActions(page), { timeout: 30_000 }).toEqual([]);
    await pill(page).and(page.getByText('Online')).waitFor();
    const periods = (await api<{ data: Period[] }>(base, admin, 'GET', `/api/tasks/${task.id}/activities`)).data;
    expect(periods).toMatchObject([
      {
        startTime: tapped.find((a) => a.kind === 'clockIn')!.actedAt,
        endTime: tapped.find((a) => a.kind === 'clockOut')!.actedAt,
        description: 'Replaced the valve offline',
      },
    ]);
    const jobNotes = await api<{ items: { note: string }[] }>(base, admin, 'GET', `/api/notes?noteType=Job&jobId=${job.id}&page=1&limit=50`);
    expect(jobNotes.items.filter((n) => n.note === 'Gate code 4411')).toHaveLength(1);
    const media = await api<{ data: { items: { fileName: string }[] } }>(base, admin, 'GET', `/api/jobs/media?jobId=${job.id}`);
    expect(media.data.items.map((m) => m.fileName)).toEqual(['meter.png']);
    await notes.getByRole('list', { name: 'Notes' }).getByText('Gate code 4411').waitFor();
  });
});
