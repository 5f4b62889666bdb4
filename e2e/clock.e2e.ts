/**
 * Time on the job in a real browser on the demo company: a technician on a phone clocks in from My
 * day with a vehicle and an assistant, watches the timer run, clocks out with a description and is asked about
 * costs; an admin adjusts another technician's running clock-in and clocks them out on their behalf.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from './demo-accounts.ts';
import { apiSignIn, signIn, useApp, useBrowser, waitForPath } from './harness.ts';
import { api } from './demo-api.ts';

type Activity = {
  id: string;
  startTime: string;
  endTime: string | null;
  description: string | null;
  vehicle: { name: string } | null;
  assistants: { name: string }[];
};
type TaskRow = { id: string; taskNumber: number; lifecycle: string };

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

async function taskByNumber(base: string, cookie: string, n: number): Promise<TaskRow> {
  const page = await api<{ items: TaskRow[] }>(base, cookie, 'GET', `/api/tasks?assignedStatus=ALL&page=1&limit=5&search=${n}&searchBy=taskNumber`);
  return page.items.find((t) => t.taskNumber === n)!;
}

describe('clock-in and clock-out on the demo company', () => {
  const server = useApp({ demo: true });
  const session = useBrowser();

  it('lets a technician on a phone clock in with a vehicle and an assistant, see the timer run, clock out and be asked about costs', async () => {
    const base = server.baseUrl;
    const page = await session.newPage(PHONE);
    await signIn(page, base, DEMO_USERS.tech1, DEMO_PASSWORD);
    await waitForPath(page, '/workorder/my-day');

    // The first of today's tasks whose big button is an enabled "Clock in".
    const list = page.getByRole('list', { name: 'Tasks in order' });
    await list.waitFor();
    const card = list
      .locator('li')
      .filter({ has: page.getByRole('button', { name: 'Clock in', exact: true }).and(page.locator(':enabled')) })
      .first();
    const label = (await card.getAttribute('aria-label'))!; // "Task #1023 Install unit"
    const taskNumber = Number(/#(\d+)/.exec(label)![1]);
    await card.getByRole('button', { name: 'Clock in', exact: true }).click();

    const dialog = page.getByRole('dialog', { name: 'Clock in' });
    await dialog.getByText('Are you using a vehicle for this task?').waitFor();
    await dialog.getByRole('radio', { name: 'Yes' }).check();
    const vehicle = dialog.getByRole('combobox');
    await vehicle.locator('option').nth(1).waitFor({ state: 'attached' });
    const vehicleName = (await vehicle.locator('option').nth(1).textContent())!.replace(/ \(.*\)$/, '');
    await vehicle.selectOption({ index: 1 });
    const assistant = dialog.getByRole('group', { name: 'Assistant options' }).getByRole('checkbox').first();
    await assistant.waitFor();
    await assistant.check();
    await dialog.getByRole('button', { name: 'Clock in', exact: true }).click();
    await page.getByText('Clock-in started').first().waitFor();
    await page
      .getByText(new RegExp(`You’re now working on task #${taskNumber}: `))
      .first()
      .waitFor();

    // The running task's timer ticks by the second.
    const running = list.locator(`li[aria-label^="Task #${taskNumber} "]`);
    const timer = running.getByTestId('my-day-timer');
    await timer.waitFor();
    const before = await timer.textContent();
    await expect.poll(() => timer.textContent(), { timeout: 5_000, interval: 500 }).not.toBe(before);

    await running.getByRole('button', { name: 'Clock out', exact: true }).click();
    const out = page.getByRole('dialog', { name: 'Clock out' });
    // A technician does not set the end: the fields are not there.
    await out.getByLabel('Description').fill('Replaced the filter and tested the unit.');
    expect(await out.getByLabel('End time').count()).toBe(0);
    await out.getByRole('button', { name: 'Clock out', exact: true }).click();
    const asked = page.getByRole('dialog', { name: 'Task has been clocked out successfully! Do you want to add costs?' });
    await asked.getByRole('button', { name: 'Add Costs' }).waitFor();
    await asked.getByRole('button', { name: 'No, I’ll do it later' }).click();

    const { cookie } = await apiSignIn(base, DEMO_USERS.admin, DEMO_PASSWORD);
    const task = await taskByNumber(base, cookie, taskNumber);
    expect(task.lifecycle).toBe('CLOCKED_OUT');
    const activities = (await api<{ data: Activity[] }>(base, cookie, 'GET', `/api/tasks/${task.id}/activities`)).data;
    const last = activities.at(-1)!;
    expect(last).toMatchObject({ description: 'Replaced the filter and tested the unit.', vehicle: { name: vehicleName } });
    expect(last.endTime).not.toBeNull();
    expect(last.assistants).toHaveLength(1);
  });

  it("lets an admin adjust another technician's running clock-in and clock them out on their behalf", async () => {
    const base = server.baseUrl;
    const { cookie } = await apiSignIn(base, DEMO_USERS.admin, DEMO_PASSWORD);
    const task = await taskByNumber(base, cookie, 1020); // tech2's running task in the demo
    expect(task.lifecycle).toBe('CLOCKED_IN');
    const startBefore = (await api<{ data: Activity[] }>(base, cookie, 'GET', `/api/tasks/${task.id}/activities`)).data.find((a) => !a.endTime)!.startTime;

    const page = await session.newPage();
    await signIn(page, base, DEMO_USERS.admin, DEMO_PASSWORD);
    await page.goto(`${base}/workorder/scheduler/view/${task.id}`);
    await page
      .getByText(/is clocked in on this task since/)
      .first()
      .waitFor();

    await page.getByRole('button', { name: 'Adjust clock-in' }).click();
    const adjust = page.getByRole('dialog', { name: 'Adjust clock-in' });
    const time = adjust.getByLabel('Clock-in time');
    const [hh, mm] = (await time.inputValue()).split(':').map(Number) as [number, number];
    // Ten minutes earlier, but never before the day's midnight: from 00:00 to 04:00 in the company's zone the demo's
    // running period starts a few minutes after midnight (the field takes a time of that day only).
    const earlier = Math.max(0, hh * 60 + mm - 10);
    await time.fill(`${String(Math.floor(earlier / 60)).padStart(2, '0')}:${String(earlier % 60).padStart(2, '0')}`);
    await adjust.getByRole('button', { name: 'Save' }).click();
    await adjust.waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await api<{ data: Activity[] }>(base, cookie, 'GET', `/api/tasks/${task.id}/activities`)).data.find((a) => !a.endTime)?.startTime)
      .not.toBe(startBefore);

    await page.getByRole('button', { name: 'Clock out on their behalf' }).click();
    const out = page.getByRole('dialog', { name: 'Clock out' });
    await out.getByLabel('Description').fill('Clocked out by the office: technician left the site.');
    await out.getByRole('button', { name: 'Clock out', exact: true }).click();
    await page.getByRole('dialog', { name: 'Task has been clocked out successfully! Do you want to add costs?' }).waitFor();
    expect((await taskByNumber(base, cookie, 1020)).lifecycle).toBe('CLOCKED_OUT');
    const log = await api<{ data: { items: { message: string }[] } }>(base, cookie, 'GET', `/api/tasks/${task.id}/activity-log?page=1&limit=10`);
    const messages = log.data.items.map((i) => i.message);
    // Both names in each entry: the admin who acted and the technician whose time it is.
    expect(messages).toContainEqual(expect.stringMatching(/^Dana Admin adjusted the clock-in of Tara Technician/));
    expect(messages).toContainEqual(expect.stringMatching(/^Dana Admin clocked out Tara Technician/));
  });
});
