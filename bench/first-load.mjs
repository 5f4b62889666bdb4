// `npm run bench:first-load`: what the sign-in page and the dashboard cost a browser on a first visit. The real server
// (DEMO=1, SQLite in a temp directory) serves a private copy of the web build; system Chromium through playwright-core,
// a desktop context of 1280×800 with no cache and no service worker (a first visit), the page's CPU slowed 4× (CDP
// Emulation.setCPUThrottlingRate). Per page, BENCH_FIRST_LOAD_RUNS (5) loads, each in a new context:
//   - JavaScript before first paint: every script whose response ended before first contentful paint, sized as the
//     build's file gzipped (zlib level 6, what a server's gzip sends; the server itself answers with brotli 1);
//   - first contentful paint, largest contentful paint (the last candidate before the page went quiet);
//   - total blocking time: the part over 50 ms of every long task from first contentful paint until the page is
//     quiet (no request for 2 s) — Lighthouse's definition, ending at quiet instead of its time to interactive.
// The dashboard is opened signed in as the demo admin (cookie set on the context first).
// Writes bench/results/first-load.md (and prints it). About a minute on 2 shared cores.
import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { register } from 'tsx/esm/api';
import { ROOT } from './lib.mjs';
import { DIST, ensureWebBuild } from './offline-precache.mjs';

register();
const { DEMO_PASSWORD, DEMO_USERS } = await import('../e2e/demo-accounts.ts');
const { apiSignIn, launchBrowser, startApp } = await import('../e2e/harness.ts');

const RUNS = Number(process.env.BENCH_FIRST_LOAD_RUNS ?? 5);
const RATE = 4;
const BUDGET_KB = 200;

/** Runs in the page before its own scripts: keeps the paint, largest-paint and long-task entries as they come. */
function observe() {
  const kept = { lcp: null, longTasks: [] };
  window.__firstLoad = kept;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) kept.lcp = e.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) kept.longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
}

const gzCache = new Map();
/** The build file's size gzipped at level 6, from its URL. */
function gzBytes(url) {
  const path = join(DIST, new URL(url).pathname);
  if (!gzCache.has(path)) gzCache.set(path, gzipSync(readFileSync(path), { level: 6 }).length);
  return gzCache.get(path);
}

async function loadOnce(browser, base, path, cookie) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  if (cookie) {
    const [name, value] = cookie.split('=');
    await context.addCookies([{ name, value, url: base }]);
  }
  await context.addInitScript(observe);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: RATE });
  let lastRequest = Date.now();
  page.on('request', () => (lastRequest = Date.now()));
  page.on('requestfinished', () => (lastRequest = Date.now()));
  await page.goto(base + path, { waitUntil: 'load' });
  while (Date.now() - lastRequest < 2000) await new Promise((r) => setTimeout(r, 200));
  const facts = await page.evaluate(() => ({
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    lcp: window.__firstLoad.lcp,
    longTasks: window.__firstLoad.longTasks,
    scripts: performance
      .getEntriesByType('resource')
      .filter((e) => new URL(e.name).pathname.endsWith('.js'))
      .map((e) => ({ url: e.name, end: e.responseEnd })),
    title: document.title,
    heading: document.querySelector('h1')?.textContent ?? null,
  }));
  await context.close();
  const before = facts.scripts.filter((s) => facts.fcp !== null && s.end <= facts.fcp);
  return {
    fcp: facts.fcp,
    lcp: facts.lcp,
    tbt: facts.longTasks.filter((t) => t.start >= (facts.fcp ?? 0)).reduce((n, t) => n + Math.max(0, t.duration - 50), 0),
    jsBeforePaintKb: before.reduce((n, s) => n + gzBytes(s.url), 0) / 1024,
    jsTotalKb: facts.scripts.reduce((n, s) => n + gzBytes(s.url), 0) / 1024,
    scriptsBeforePaint: before.map((s) => new URL(s.url).pathname.replace('/assets/', '')),
    heading: facts.heading,
  };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : null;
};
const fmt = (x, d = 0) => (x === null || x === undefined ? '–' : x.toFixed(d));

ensureWebBuild();
const load0 = loadavg()[0];
const app = await startApp({ demo: true });
const browser = await launchBrowser();
const results = [];
try {
  const { cookie } = await apiSignIn(app.baseUrl, DEMO_USERS.admin, DEMO_PASSWORD);
  for (const target of [
    { name: 'Sign-in page (/login)', path: '/login', cookie: null },
    { name: 'Dashboard (/dashboard, admin)', path: '/dashboard', cookie },
  ]) {
    // One unmeasured load: the server's first answers (statement caches, the file cache) are not a browser's cost.
    await loadOnce(browser, app.baseUrl, target.path, target.cookie);
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await loadOnce(browser, app.baseUrl, target.path, target.cookie));
    results.push({ ...target, runs });
    console.log(`${target.name}: ${runs.map((r) => `FCP ${fmt(r.fcp)} LCP ${fmt(r.lcp)} TBT ${fmt(r.tbt)} JS ${fmt(r.jsBeforePaintKb, 1)} kB`).join(' | ')}`);
  }
} finally {
  await browser.close();
  await app.stop();
}

const lines = [
  '# First load: sign-in page and dashboard',
  '',
  `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; demo company on SQLite, Chromium 1280×800, no cache, no service worker, CPU ` +
    `slowed ${RATE}×; ${RUNS} loads per page (medians), each in a new context after one unmeasured load. Load average ` +
    `${load0.toFixed(1)} → ${loadavg()[0].toFixed(1)}.`,
  '',
  `| page | JS before first paint (gz kB, budget ${BUDGET_KB}) | all JS by quiet (gz kB) | FCP ms | LCP ms | TBT ms |`,
  '|---|---|---|---|---|---|',
  ...results.map(
    ({ name, runs }) =>
      `| ${name} | ${fmt(median(runs.map((r) => r.jsBeforePaintKb)), 1)} | ${fmt(median(runs.map((r) => r.jsTotalKb)), 1)} | ` +
      `${fmt(median(runs.map((r) => r.fcp)))} | ${fmt(median(runs.map((r) => r.lcp)))} | ${fmt(median(runs.map((r) => r.tbt)))} |`,
  ),
  '',
  ...results.map(({ name, runs }) => `${name}, scripts before first paint: ${runs[0].scriptsBeforePaint.join(', ') || 'none'}.`),
];
writeFileSync(join(ROOT, 'bench/results/first-load.md'), lines.join('\n') + '\n');
console.log('\n' + lines.join('\n'));
