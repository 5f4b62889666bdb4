/**
 * Browser-test harness: starts the real server process against a throwaway data directory
 * and drives the system Chromium (/usr/bin/chromium) through playwright-core.
 *
 *   const app = await startApp({ demo: true });   // node --import tsx apps/server/src/server.ts
 *   const browser = await launchBrowser();
 *   ...
 *   await app.stop();
 *
 * `useBrowser()` wires a browser into a test file: one Chromium per file, a fresh context per
 * `session.newPage()`, a screenshot of every open page into test-results/ when a test fails.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, type TestContext } from 'vitest';

export const REPO_ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
export const RESULTS_DIR = join(REPO_ROOT, 'test-results');
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (address === null || typeof address === 'string') {
        server.close();
        reject(new Error('no port'));
        return;
      }
      const { port } = address;
      server.close(() => resolvePort(port));
    });
  });
}

export const WEB_DIST = join(REPO_ROOT, 'apps/web/dist');

/** The server's settings to send its email to a loopback SMTP server, polling its queue often enough for a browser test. */
export const testMailEnv = (smtp: { url: string }) => ({ SMTP_URL: smtp.url, MAIL_FROM: 'Fieldwork <no-reply@fieldwork.test>', BACKGROUND_POLL_MS: '200' });

/**
 * The built SPA the server under test serves. Others may rebuild apps/web/dist while the suite runs
 * (vite empties it first), so every app serves a private copy: the snapshot scripts/e2e.mjs made
 * (E2E_WEB_DIST), or a copy made here into the app's data directory.
 */
function webDistFor(dataDir: string): string {
  const snapshot = process.env.E2E_WEB_DIST;
  const source = snapshot && existsSync(join(snapshot, 'index.html')) ? snapshot : WEB_DIST;
  if (!existsSync(join(source, 'index.html'))) {
    throw new Error(`No built web app at ${source}: run \`npm run build -w @fieldwork/web\` (npm run test:e2e does it).`);
  }
  if (source === snapshot) return snapshot;
  const copy = join(dataDir, 'web-dist');
  cpSync(source, copy, { recursive: true });
  if (!existsSync(join(copy, 'index.html'))) throw new Error(`apps/web/dist changed while it was copied; run again`);
  return copy;
}

export type RunningApp = {
  baseUrl: string;
  dataDir: string;
  /** Everything the server wrote to stdout/stderr so far. */
  output(): string;
  stop(): Promise<void>;
};

export type StartAppOptions = {
  demo?: boolean;
  /** Extra environment for the server process. */
  env?: Record<string, string>;
  timeoutMs?: number;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

// Servers still running when this worker goes away (interrupted run, crash) die with it.
const liveServers = new Map<ChildProcess, string>();
let exitHooked = false;
function hookProcessExit(): void {
  if (exitHooked) return;
  exitHooked = true;
  const killAll = () => {
    for (const [child, dataDir] of liveServers) {
      if (!exited(child)) child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  };
  process.once('exit', killAll);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      killAll();
      process.kill(process.pid, signal);
    });
  }
}

async function killProcess(child: ChildProcess): Promise<void> {
  if (exited(child)) return;
  const done = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  const timedOut = await Promise.race([done.then(() => false), sleep(10_000).then(() => true)]);
  if (timedOut && !exited(child)) {
    child.kill('SIGKILL');
    await done;
  }
}

/**
 * Spawns `node --import tsx apps/server/src/server.ts` on a free loopback port with a fresh
 * DATA_DIR (SQLite) and waits for GET /api/health to answer 200.
 */
export async function startApp(options: StartAppOptions = {}): Promise<RunningApp> {
  const timeoutMs = options.timeoutMs ?? 60_000;
  const dataDir = mkdtempSync(join(tmpdir(), 'fieldwork-e2e-'));
  let webDist: string;
  try {
    webDist = webDistFor(dataDir);
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;

  const env: NodeJS.ProcessEnv = { ...process.env };
  // The browser suite always runs on its own SQLite file, whatever the caller's shell says.
  delete env.DATABASE_URL;
  delete env.TEST_DATABASE_URL;
  delete env.DEMO;
  delete env.PUBLIC_URL;
  // Run like `npm start` would, not as a vitest worker.
  delete env.NODE_ENV;
  for (const key of Object.keys(env)) if (key.startsWith('VITEST')) delete env[key];
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: webDist,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    ...(options.demo ? { DEMO: '1' } : {}),
    ...options.env,
  });

  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  hookProcessExit();
  liveServers.set(child, dataDir);
  let output = '';
  const append = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > 200_000) output = output.slice(-100_000);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  if (process.env.E2E_SERVER_LOG === '1') {
    child.stdout?.pipe(process.stdout);
    child.stderr?.pipe(process.stderr);
  }

  const stop = async () => {
    await killProcess(child);
    liveServers.delete(child);
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + timeoutMs;
  let lastError = '';
  while (Date.now() < deadline) {
    if (exited(child)) {
      await stop();
      throw new Error(`Server exited (code ${child.exitCode}, signal ${child.signalCode}) before it was healthy.\n--- server output ---\n${output}`);
    }
    try {
      const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) {
        return { baseUrl, dataDir, output: () => output, stop };
      }
      lastError = `GET /api/health -> ${res.status}: ${(await res.text()).slice(0, 500)}`;
    } catch (error) {
      lastError = String(error);
    }
    await sleep(150);
  }
  await stop();
  throw new Error(`Server did not become healthy within ${timeoutMs} ms (${lastError}).\n--- server output ---\n${output}`);
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    timeout: 60_000,
  });
}

function safeName(text: string): string {
  return text
    .replace(/[^a-zA-Z0-9._-]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 120);
}

/** Full-page screenshots of the given pages into test-results/<name>[-n].png. Never throws. */
export async function screenshotPages(pages: Page[], name: string): Promise<string[]> {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const files: string[] = [];
  let n = 0;
  for (const page of pages) {
    if (page.isClosed()) continue;
    const file = join(RESULTS_DIR, `${safeName(name)}${n ? `-${n}` : ''}.png`);
    n += 1;
    try {
      await page.screenshot({ path: file, fullPage: true, timeout: 10_000 });
      files.push(file);
    } catch {
      // the page may be mid-navigation or crashed; nothing more to save
    }
  }
  return files;
}

export type BrowserSession = {
  readonly browser: Browser;
  /** A page in a fresh, isolated browser context (own cookies), closed after the current test. */
  newPage(options?: BrowserContextOptions): Promise<Page>;
  /** A fresh context, closed after the current test. */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  /** Browser console errors and uncaught page errors seen during the current test. */
  readonly errors: string[];
};

/**
 * One Chromium for the test file; contexts are per test. On failure, every open page of the
 * test is saved to test-results/<file>--<test>.png (and the errors it logged are printed).
 */
export function useBrowser(defaults: BrowserContextOptions = {}): BrowserSession {
  let browser: Browser | undefined;
  let contexts: BrowserContext[] = [];
  const errors: string[] = [];

  const track = (context: BrowserContext) => {
    contexts.push(context);
    context.setDefaultTimeout(15_000);
    context.setDefaultNavigationTimeout(30_000);
    context.on('page', (page) => {
      page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
      page.on('console', (msg) => {
        // HTTP error statuses are asserted by the tests themselves; Chromium logs each one as an error.
        if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource')) errors.push(`console.error: ${msg.text()}`);
      });
    });
    return context;
  };

  const session: BrowserSession = {
    get browser() {
      if (!browser) throw new Error('browser not launched yet (use it inside a test)');
      return browser;
    },
    errors,
    async newContext(options) {
      // The built app registers a service worker that precaches every asset in the background and then serves the
      // pages: suites about features run without it (the same network path as before, less load on a busy
      // machine); e2e/pwa.e2e.ts opts in with serviceWorkers: 'allow', and E2E_SERVICE_WORKERS=allow runs every
      // suite with the worker. Contexts never share workers either way.
      const serviceWorkers = process.env.E2E_SERVICE_WORKERS === 'allow' ? ('allow' as const) : ('block' as const);
      const context = { viewport: { width: 1366, height: 900 }, serviceWorkers, ...defaults, ...options };
      return track(await session.browser.newContext(context));
    },
    async newPage(options) {
      const context = await session.newContext(options);
      return context.newPage();
    },
  };

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterEach(async (ctx: TestContext) => {
    const failed = ctx.task.result?.state === 'fail';
    if (failed) {
      const file = ctx.task.file?.name ?? 'e2e';
      const pages = contexts.flatMap((c) => c.pages());
      const shots = await screenshotPages(pages, `${file.replace(/^.*\//, '')}--${ctx.task.name}`);
      if (shots.length) console.error(`[e2e] screenshots:\n  ${shots.join('\n  ')}`);
      for (const page of pages) if (!page.isClosed()) console.error(`[e2e] page url at failure: ${page.url()}`);
      if (errors.length) console.error(`[e2e] browser errors:\n  ${errors.join('\n  ')}`);
    }
    await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
    contexts = [];
    errors.length = 0;
  });

  afterAll(async () => {
    await browser?.close();
  });

  return session;
}

/** Starts one app for the test file (beforeAll) and stops it (afterAll). */
export function useApp(options: StartAppOptions = {}): { readonly baseUrl: string; readonly app: RunningApp } {
  let app: RunningApp | undefined;
  beforeAll(
    async () => {
      app = await startApp(options);
    },
    (options.timeoutMs ?? 60_000) + 15_000,
  );
  afterAll(async () => {
    await app?.stop();
  });
  return {
    get app() {
      if (!app) throw new Error('app not started yet');
      return app;
    },
    get baseUrl() {
      if (!app) throw new Error('app not started yet');
      return app.baseUrl;
    },
  };
}

// --- UI helpers ---------------------------------------------------------------------------

/** Waits until the page's path (no query) equals `path` or matches it. */
export async function waitForPath(page: Page, path: string | RegExp | ((pathname: string) => boolean), timeout = 15_000): Promise<void> {
  const matches = (url: URL) => (typeof path === 'string' ? url.pathname === path : typeof path === 'function' ? path(url.pathname) : path.test(url.pathname));
  try {
    await page.waitForURL(matches, { timeout, waitUntil: 'commit' });
  } catch (error) {
    throw new Error(`Expected the page at ${String(path)}, it stayed at ${page.url()}`, { cause: error });
  }
}

export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/** Signs in through the /login form and waits to leave /login. */
export async function signIn(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  if (pathOf(page) !== '/login') await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await waitForPath(page, (p) => p !== '/login');
}

/** Signs in through the API (no UI); returns the session cookie header for further API calls. */
export async function apiSignIn(baseUrl: string, email: string, password: string): Promise<{ status: number; cookie: string; body: unknown }> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { status: res.status, cookie, body: await res.json().catch(() => null) };
}

/** Texts of the main sidebar's links, in order. */
export async function sidebarLinks(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link').first().waitFor();
  return (await nav.getByRole('link').allInnerTexts()).map((t) => t.trim());
}
