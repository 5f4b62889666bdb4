/**
 * The installable technician app, in a real Chromium at 390 px as tech1 of the demo company: the page links a
 * manifest that starts on My day with our name, colours and icons; the service worker installs, activates and
 * controls the page after a reload; Chromium finds nothing stopping an install; and with the network cut, a
 * reload of My day is still the app (served by the worker), not the browser's offline page.
 *
 * A new release (a changed sw.js) is offered with "Update available — reload" and applied only on Reload.
 *
 * With E2E_SHOTS_DIR set, the online and offline My day are saved there at 390 and 1280 px.
 */
import { appendFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { DEMO_PASSWORD, DEMO_USERS } from './demo-accounts.ts';
import { signIn, useApp, useBrowser, waitForPath, WEB_DIST } from './harness.ts';

const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, serviceWorkers: 'allow' };
const MY_DAY = '/workorder/my-day';
const SHOTS = process.env.E2E_SHOTS_DIR;

type Manifest = {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: Array<{ src: string; sizes: string; type: string; purpose?: string }>;
};

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** The state of the page's active service worker once it has finished activating (its precache is complete). */
async function activeWorkerState(page: Page): Promise<string | undefined> {
  return page.evaluate(async () => {
    const worker = (await navigator.serviceWorker.ready).active;
    if (worker && worker.state === 'activating') {
      await new Promise<void>((resolve) => worker.addEventListener('statechange', () => worker.state !== 'activating' && resolve()));
    }
    return worker?.state;
  });
}

/** Signs tech1 in on a fresh context and opens My day with its worker installed and controlling the page. */
async function myDayUnderWorker(page: Page, base: string): Promise<void> {
  await signIn(page, base, DEMO_USERS.tech1, DEMO_PASSWORD);
  await waitForPath(page, MY_DAY);
  expect(await activeWorkerState(page)).toBe('activated');
  // The first load is not controlled (the worker never claims a page it did not serve); the next one is.
  await page.reload();
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${base}/sw.js`);
}

async function shoot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: join(SHOTS, `${name}-${width}.png`), fullPage: true });
}

// This file's server gets its own copy of the build: the update test changes its sw.js as a new release would.
const env: Record<string, string> = {};
let webDist = '';
beforeAll(() => {
  const snapshot = process.env.E2E_WEB_DIST;
  const source = snapshot && existsSync(join(snapshot, 'index.html')) ? snapshot : WEB_DIST;
  webDist = mkdtempSync(join(tmpdir(), 'fieldwork-e2e-pwa-'));
  cpSync(source, webDist, { recursive: true });
  env.WEB_DIST_DIR = webDist;
});
afterAll(() => {
  if (webDist) rmSync(webDist, { recursive: true, force: true });
});

describe('the installable technician app', () => {
  const server = useApp({ demo: true, env });
  const session = useBrowser();

  it('links a manifest that installs Fieldwork, standalone, starting on My day, with its icons', async () => {
    const base = server.baseUrl;
    const page = await session.newPage(PHONE);
    await signIn(page, base, DEMO_USERS.tech1, DEMO_PASSWORD);
    await waitForPath(page, MY_DAY);

    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBeTruthy();
    const res = await page.request.get(new URL(href!, base).href);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = (await res.json()) as Manifest;
    expect(manifest).toMatchObject({
      name: 'Fieldwork',
      short_name: 'Fieldwork',
      start_url: MY_DAY,
      scope: '/',
      display: 'standalone',
      theme_color: '#2563eb',
      background_color: '#f8fafc',
    });
    const icons = manifest.icons.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`);
    expect(icons).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));

    // Each icon is a PNG of the size it claims; so is the apple-touch-icon the page links for iOS.
    const appleHref = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    const files = [...manifest.icons.map((i) => ({ src: i.src, sizes: i.sizes })), { src: appleHref!, sizes: '180x180' }];
    for (const { src, sizes } of files) {
      const icon = await page.request.get(new URL(src, base).href);
      expect(icon.status(), src).toBe(200);
      expect(icon.headers()['content-type'], src).toBe('image/png');
      const { width, height } = pngSize(await icon.body());
      expect(`${width}x${height}`, src).toBe(sizes);
    }
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe('#2563eb');
    await page.getByRole('heading', { level: 1, name: 'My day' }).waitFor();
    await shoot(page, 'my-day-online');
  });

  it('a service worker controls My day after a reload, and Chromium finds nothing stopping an install', async () => {
    const base = server.baseUrl;
    const page = await session.newPage(PHONE);
    await myDayUnderWorker(page, base);

    const cdp = await page.context().newCDPSession(page);
    const { errors: manifestErrors } = await cdp.send('Page.getAppManifest');
    expect(manifestErrors).toEqual([]);
    // Test contexts are incognito-like, which alone stops an install; that says nothing about the app, so it is the
    // one reason allowed.
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors.map((e) => e.errorId)).toEqual(['in-incognito']);

    // API answers are never taken from the worker's caches (offline data is kept elsewhere, where stale is known).
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      return urls;
    });
    expect(cached.length).toBeGreaterThan(10);
    expect(cached.filter((path) => path.startsWith('/api'))).toEqual([]);
    expect(cached).toContain('/index.html');
  });

  it('offline, a reload of My day is still the app, served by the worker: its chrome, not the browser offline page', async () => {
    const base = server.baseUrl;
    const page = await session.newPage(PHONE);
    await myDayUnderWorker(page, base);

    await page.context().setOffline(true);
    const response = await page.reload();
    expect(response?.fromServiceWorker()).toBe(true);
    expect(await page.title()).toBe('Fieldwork');
    // The app itself ran from the precache and opened as tech1: its chrome (menu, company) and My day's heading,
    // with the day kept on the device when it was last online.
    await page.getByRole('heading', { level: 1, name: 'My day' }).waitFor();
    await page.getByRole('button', { name: 'Open menu' }).waitFor();
    await page.getByText(/^Offline — last updated /).waitFor();
    await shoot(page, 'my-day-offline');

    // Back online, the same page recovers without a reinstall.
    await page.context().setOffline(false);
    await page.reload();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
  });

  it('a new release is offered with "Update available — reload" and applied only when Reload is pressed', async () => {
    const base = server.baseUrl;
    const page = await session.newPage(PHONE);
    await myDayUnderWorker(page, base);
    // A marker that lives as long as this page does: a reload takes it away.
    await page.evaluate(() => Object.assign(window, { beforeUpdate: true }));

    appendFileSync(join(webDist, 'sw.js'), '\n// next release\n');
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    await page.getByText('Update available — reload').waitFor();
    await shoot(page, 'update-available');
    // Offered, not applied: the page was not reloaded and the new worker is still waiting.
    expect(await page.evaluate(() => 'beforeUpdate' in window)).toBe(true);
    expect(await page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.waiting)).toBe(true);

    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Reload' }).click()]);
    await page.getByRole('heading', { level: 1, name: 'My day' }).waitFor();
    expect(await page.evaluate(() => 'beforeUpdate' in window)).toBe(false);
    const registration = await page.evaluate(async () => {
      const r = await navigator.serviceWorker.getRegistration();
      return { waiting: !!r?.waiting, controlled: navigator.serviceWorker.controller === r?.active };
    });
    expect(registration).toEqual({ waiting: false, controlled: true });
    expect(await page.getByText('Update available — reload').count()).toBe(0);
  });

  it("a customer's portal page does not install the app; the staff's sign-in page does", async () => {
    const base = server.baseUrl;
    const page = await session.newPage(PHONE);
    // Counts the page's registration calls (the app registers once its first screen has rendered, its data has come
    // and the page has gone idle).
    await page.context().addInitScript(() => {
      const container = navigator.serviceWorker;
      const register = container.register.bind(container);
      Object.assign(window, { registrations: 0 });
      container.register = (...args: Parameters<typeof register>) => {
        Object.assign(window, { registrations: (window as unknown as { registrations: number }).registrations + 1 });
        return register(...args);
      };
    });
    const registrations = () => page.evaluate(() => (window as unknown as { registrations: number }).registrations);

    // The sign-in page registers once its screen has settled...
    await page.goto(`${base}/login`, { waitUntil: 'load' });
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.waitForFunction(() => (window as unknown as { registrations: number }).registrations > 0);
    expect(await registrations()).toBe(1);
    // ...and the portal, settled the same way and longer (no request for half a second, then two idle periods), not.
    await page.goto(`${base}/portal/visit`, { waitUntil: 'networkidle' });
    await page.locator('#root > *').first().waitFor();
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => requestIdleCallback(resolve))));
    expect(await registrations()).toBe(0);
  });
});
