/**
 * The customer's visit page from an "on my way" text, in a real browser on the demo company: the company's
 * texts go through a fake Twilio on loopback; tech1 on a phone (390 px) taps On my way in My day and picks
 * 30 minutes; the text Twilio receives carries the window and the visit link; the link, opened on the
 * customer's phone, shows "On the way" with the window — then "In progress" once tech1 clocks in, and "Done"
 * after the task is closed. A link that is not one says so.
 *
 * With E2E_SHOTS_DIR set, each state is also saved there at 390 and 1280 px.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { VISIT_MESSAGES } from '@fieldwork/domain/portal/visit-status.rules';
import { startFakeTwilio, type FakeTwilio } from '@fieldwork/testing/twilio-test-server';
import { DEMO_PASSWORD, DEMO_USERS } from './demo-accounts.ts';
import { api } from './demo-api.ts';
import { apiSignIn, signIn, useApp, useBrowser, waitForPath } from './harness.ts';

let twilio: FakeTwilio;
const env: Record<string, string> = {};
beforeAll(async () => {
  twilio = await startFakeTwilio();
  Object.assign(env, { TWILIO_API_URL: twilio.url, BACKGROUND_POLL_MS: '200' });
});
afterAll(async () => {
  await twilio?.close();
});

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1280, height: 900 } };
const SHOTS = process.env.E2E_SHOTS_DIR;

type TaskRow = { id: string; taskNumber: number; jobId: string; lifecycle: string };

/** Saves the page at both widths when E2E_SHOTS_DIR is set (the desktop copy is opened from the same link). */
async function shoot(phone: Page, desktop: Page, link: string, name: string): Promise<void> {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await phone.screenshot({ path: join(SHOTS, `${name}-390.png`), fullPage: true });
  // The same address again is only a fragment change to the browser: reload so the page asks afresh.
  if (desktop.url() === link) await desktop.reload();
  else await desktop.goto(link);
  await desktop.getByRole('heading', { level: 1 }).or(desktop.getByRole('alert')).first().waitFor();
  await desktop.screenshot({ path: join(SHOTS, `${name}-1280.png`), fullPage: true });
}

describe('the visit link in an "on my way" text', () => {
  const server = useApp({ demo: true, env });
  const session = useBrowser();

  it('tech1 taps On my way at 390 px; the text carries the window and a link that opens the visit On the way, then In progress and Done', async () => {
    const base = server.baseUrl;
    const admin = (await apiSignIn(base, DEMO_USERS.admin, DEMO_PASSWORD)).cookie;
    const creds = { accountSid: `AC${randomBytes(16).toString('hex')}`, authToken: randomBytes(16).toString('hex') };
    twilio.addAccount(creds);
    await api(base, admin, 'PUT', '/api/company/texts', { provider: 'twilio', ...creds, fromNumber: '+12015550100', country: 'US' });

    const tech = await session.newPage(PHONE);
    await signIn(tech, base, DEMO_USERS.tech1, DEMO_PASSWORD);
    await waitForPath(tech, '/workorder/my-day');
    const list = tech.getByRole('list', { name: 'Tasks in order' });
    await list.waitFor();
    const card = list
      .locator('li')
      .filter({ has: tech.getByRole('button', { name: 'On my way', exact: true }) })
      .first();
    const taskNumber = Number(/#(\d+)/.exec((await card.getAttribute('aria-label'))!)![1]);
    const before = twilio.received.length;
    await card.getByRole('button', { name: 'On my way', exact: true }).click();
    const dialog = tech.getByRole('dialog', { name: 'On my way' });
    await dialog.getByLabel('30 min').check();
    await dialog.getByRole('button', { name: 'Send' }).click();
    const toast = tech.getByText(/ was told by text: arriving /).first();
    await toast.waitFor();
    const window = /arriving (.+)\.$/.exec((await toast.textContent())!)![1]!;

    // The fake Twilio receives the text: the window as the customer reads it, and the visit link.
    const [text] = (await twilio.waitFor(before + 1, 20_000)).slice(before);
    expect(text!.body).toContain(`should arrive between ${window.replace('–', ' and ')}.`);
    const link = /Follow the visit: (\S+)$/.exec(text!.body)?.[1];
    expect(link).toMatch(/\/portal\/visit#[A-Za-z0-9_-]{43}$/);
    expect(link!.startsWith(base)).toBe(true);

    // The customer opens it on their phone, signed in to nothing.
    const customer = await session.newPage(PHONE);
    const desktop = await session.newPage(DESKTOP);
    await customer.goto(link!);
    await customer.getByRole('heading', { level: 1, name: 'On the way' }).waitFor();
    await customer.getByText(`Arriving between ${window.replace('–', ' and ')}`).waitFor();
    await customer.getByText('Your technician', { exact: true }).waitFor();
    expect(await customer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shoot(customer, desktop, link!, 'visit-on-the-way');

    // tech1 clocks in (through the API, as the phone would); the page, reloaded, says In progress.
    const techCookie = (await apiSignIn(base, DEMO_USERS.tech1, DEMO_PASSWORD)).cookie;
    const found = await api<{ items: TaskRow[] }>(base, admin, 'GET', `/api/tasks?assignedStatus=ALL&page=1&limit=5&search=${taskNumber}&searchBy=taskNumber`);
    const task = found.items.find((t) => t.taskNumber === taskNumber)!;
    await api(base, techCookie, 'POST', '/api/tasks/clock-in', { taskId: task.id, jobId: task.jobId });
    await customer.reload();
    await customer.getByRole('heading', { level: 1, name: 'In progress' }).waitFor();
    expect(await customer.getByText(/Arriving between/).count()).toBe(0);
    await shoot(customer, desktop, link!, 'visit-in-progress');

    // Clocked out and closed: Done.
    const periods = (await api<{ data: { id: string; endTime: string | null }[] }>(base, techCookie, 'GET', `/api/tasks/${task.id}/activities`)).data;
    const running = periods.find((p) => !p.endTime)!;
    await api(base, techCookie, 'POST', '/api/tasks/clock-out', {
      taskId: task.id,
      taskActivityId: running.id,
      jobId: task.jobId,
      description: 'Serviced the unit.',
    });
    const at = new Date().toISOString();
    await api(base, admin, 'POST', '/api/tasks/close', { taskId: task.id, startDateTime: at, endDateTime: at });
    await customer.reload();
    await customer.getByRole('heading', { level: 1, name: 'Done' }).waitFor();
    await shoot(customer, desktop, link!, 'visit-done');

    // A link that is not (or no longer) one.
    const wrong = `${base}/portal/visit#${randomBytes(32).toString('base64url')}`;
    await customer.goto(wrong);
    await customer.getByText(VISIT_MESSAGES.invalid).waitFor();
    await shoot(customer, desktop, wrong, 'visit-invalid');
    expect(session.errors).toEqual([]);
  });
});
