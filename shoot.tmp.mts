import { launchBrowser, signIn, startApp } from './e2e/harness.ts';
import { DEMO_PASSWORD, DEMO_USERS } from './e2e/demo-accounts.ts';

const OUT = '/tmp/shots-wt-sched';
const app = await startApp({ demo: true });
const browser = await launchBrowser();
try {
  for (const [w, h] of [[1280, 900], [390, 844]] as const) {
    const ctx = await browser.newContext({ viewport: { width: w, height: h }, ...(w < 640 ? { isMobile: true, hasTouch: true } : {}) });
    const page = await ctx.newPage();
    await signIn(page, app.baseUrl, DEMO_USERS.admin, DEMO_PASSWORD);
    const shots: [string, string, string][] = [
      ['month', '?board=calendar&view=month', '[data-board="calendar"] [data-entry-id]'],
      ['week', '?board=calendar&view=week', '[data-board="calendar"] [data-entry-id]'],
      ['day', '?board=calendar&view=day', '[data-board="calendar"] [data-entry-id]'],
      ['chart', '?board=chart', '[data-board="chart"] [data-entry-id]'],
      ['agenda', '?board=agenda', '[data-board="agenda"]'],
    ];
    for (const [name, q, sel] of shots) {
      await page.goto(`${app.baseUrl}/workorder/scheduler/calendar${q}`);
      await page.locator(sel).first().waitFor({ timeout: 20_000 }).catch(() => console.log('no', name, w));
      await page.waitForTimeout(600);
      await page.screenshot({ path: `${OUT}/${name}-${w}.png`, fullPage: name === 'agenda' });
    }
    // The Unscheduled sheet (cancelled tasks must not be there).
    if (w === 1280) {
      await page.goto(`${app.baseUrl}/workorder/scheduler/calendar?board=calendar&view=week`);
      await page.getByRole('button', { name: /Unscheduled Tasks/ }).click();
      await page.getByTestId('task-sheet-list').waitFor();
      await page.waitForTimeout(800);
      await page.screenshot({ path: `${OUT}/unscheduled-sheet-${w}.png` });
    }
    await ctx.close();
  }
} finally {
  await browser.close();
  await app.stop();
}
