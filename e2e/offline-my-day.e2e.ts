/**
 * My day without signal, in a real browser on the demo company: a technician on a phone opens My day and one
 * task online (My day loads its three days and their task pages onto the device), the network goes, and
 * moving around the app (no reload) still shows the day, another day read back from IndexedDB, and a task
 * never opened, each with "Offline — last updated …"; back online the banner goes.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, DEMO_USERS } from './demo-accounts.ts';
import { readKeptDay } from './device-store.ts';
import { signIn, useApp, useBrowser, waitForPath } from './harness.ts';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
/** Set to a folder to keep screenshots of the offline screens (at 390 and 1280 px). */
const SHOTS = process.env.OFFLINE_SHOTS_DIR;

const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

describe('My day without signal', () => {
  const server = useApp({ demo: true });
  const session = useBrowser();

  it('shows My day and its tasks from the device when offline, with when they were saved, and drops the banner back online', async () => {
    const page = await session.newPage(PHONE);
    await signIn(page, server.baseUrl, DEMO_USERS.tech1, DEMO_PASSWORD);
    await waitForPath(page, '/workorder/my-day');
    const list = page.getByRole('list', { name: 'Tasks in order' });
    await list.waitFor();
    await page.getByRole('status', { name: 'Sync status: Online' }).waitFor();

    // My day puts its three days and the page of every task on them on the device.
    await expect
      .poll(
        async () => {
          const k = await readKeptDay(page);
          const ids = Object.values(k?.days ?? {}).flat();
          return k !== null && Object.keys(k.days).length === 3 && ids.every((id) => k.taskPages.includes(id));
        },
        { timeout: 30_000, interval: 250 },
      )
      .toBe(true);
    const store = (await readKeptDay(page))!;
    expect(store.name).toMatch(/^fieldwork-offline:/);

    // One task opened online, then back to My day.
    const firstCard = list.locator('li').first();
    const firstLink = firstCard.getByRole('link').filter({ hasText: /#\d+/ }).first();
    const firstName = (await firstLink.textContent())!.trim(); // "#1023 Install unit"
    await firstLink.click();
    await waitForPath(page, (p) => p.startsWith('/workorder/scheduler/view/'));
    await page.getByRole('heading', { name: new RegExp(`Task ${firstName.split(' ')[0]} · `) }).waitFor();
    await page.goBack();
    await list.waitFor();

    // The network goes.
    await page.context().setOffline(true);
    await page.getByRole('status', { name: 'Sync status: Offline' }).waitFor();
    await page.getByText(/^Offline — last updated \d{1,2}:\d{2} [AP]M$/).waitFor();
    expect(await list.locator('li').count()).toBeGreaterThan(0);
    await shot(page, 'my-day-offline-390');

    // Tomorrow was only ever loaded ahead: it comes from IndexedDB. Time from the tap to its cards on screen.
    const tomorrowIds = Object.entries(store.days).sort(([a], [b]) => a.localeCompare(b))[2]![1];
    const shownInMs = await page.evaluate(async () => {
      const tab = [...document.querySelectorAll<HTMLElement>('[role="tab"]')].find((t) => t.textContent === 'Tomorrow')!;
      const started = performance.now();
      tab.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, button: 0 }));
      const ready = () =>
        document.querySelector('section[aria-label="Tasks tomorrow"] li, section[aria-label="Tasks tomorrow"] h2, section[aria-label="Tasks tomorrow"] h3');
      while (!ready()) await new Promise((r) => requestAnimationFrame(r));
      return performance.now() - started;
    });
    const reads = () =>
      page.evaluate(() =>
        performance.getEntriesByName('fieldwork:offline-read').map((e) => ({ key: String((e as PerformanceMeasure).detail), ms: e.duration })),
      );
    const tomorrow = Object.keys(store.days).sort()[2]!;
    const tomorrowRead = (await reads()).find((r) => r.key.includes('"my-day"') && r.key.includes(tomorrow));
    expect(tomorrowRead).toBeDefined();
    await page.getByText(/^Offline — last updated/).waitFor();
    if (tomorrowIds.length > 0) {
      const tomorrowList = page.getByRole('list', { name: 'Tasks in order' });
      expect(await tomorrowList.locator('li').count()).toBe(tomorrowIds.length);
      // A task never opened: its page comes from the device too.
      const link = tomorrowList.locator('li').first().getByRole('link').filter({ hasText: /#\d+/ }).first();
      const name = (await link.textContent())!.trim();
      await link.click();
      await waitForPath(page, (p) => p.startsWith('/workorder/scheduler/view/'));
      await page.getByRole('heading', { name: new RegExp(`Task ${name.split(' ')[0]} · `) }).waitFor();
      await page.getByText(/^Offline — last updated/).waitFor();
      await page.getByText('Customer & Location').waitFor();
      // Its answers were read from IndexedDB: nothing of this task was in the tab's memory.
      expect((await reads()).some((r) => r.key.includes('"detail"') && r.key.includes(tomorrowIds[0]!))).toBe(true);
      await shot(page, 'task-offline-390');
      await page.setViewportSize({ width: 1280, height: 900 });
      await shot(page, 'task-offline-1280');
      await page.setViewportSize(PHONE.viewport);
      await page.goBack();
    }

    // Back to today and to the task opened online, still without network.
    await page.getByRole('tab', { name: 'Today' }).click();
    await list.waitFor();
    await page.getByText(/^Offline — last updated/).waitFor();
    await page.goForward().catch(() => undefined);
    await page.goBack().catch(() => undefined);
    await list.locator('li').first().getByRole('link').filter({ hasText: /#\d+/ }).first().click();
    await page.getByRole('heading', { name: new RegExp(`Task ${firstName.split(' ')[0]} · `) }).waitFor();
    await page.getByText(/^Offline — last updated/).waitFor();

    // Back online: the banner goes and the indicator says so.
    await page.context().setOffline(false);
    await page.getByRole('status', { name: 'Sync status: Online' }).waitFor();
    await expect.poll(() => page.getByText(/^Offline — last updated/).count(), { timeout: 10_000 }).toBe(0);
    await page.goBack();
    await list.waitFor();
    await expect.poll(() => page.getByText(/^Offline — last updated/).count(), { timeout: 10_000 }).toBe(0);
    await shot(page, 'my-day-online-390');
    await page.setViewportSize({ width: 1280, height: 900 });
    await shot(page, 'my-day-online-1280');

    const days = Object.fromEntries(Object.entries(store.days).map(([d, ids]) => [d, ids.length]));
    console.log(
      `[offline] tasks per day ${JSON.stringify(days)}; ${store.rows} answers kept, ${(store.bytes / 1024).toFixed(1)} KiB as JSON` +
        `${store.usage === null ? '' : `, origin storage ${(store.usage / 1024).toFixed(1)} KiB`}; ` +
        `Tomorrow shown from the device in ${shownInMs.toFixed(1)} ms (its IndexedDB read ${tomorrowRead!.ms.toFixed(1)} ms); ` +
        `all reads ${(await reads()).map((r) => r.ms.toFixed(1)).join(', ')} ms`,
    );
  });
});
