// `npm run bench:offline`: the technician's app without signal, in Chromium on a phone profile, on the demo company.
// The real server (DEMO=1, SQLite in a temp directory) serves a private copy of the web build on 127.0.0.1; system
// Chromium through playwright-core; a context of 390×844, isMobile, hasTouch, serviceWorkers 'allow'. Two profiles
// on the same context: unthrottled, then 4× CPU (CDP Emulation.setCPUThrottlingRate on the page; the service worker
// is its own target and runs unthrottled). It measures:
//   1. the precache: the entries of the manifest in dist/sw.js, their bytes raw and gzipped (zlib level 6, what
//      a server's gzip sends), the 5 largest, and how much is code a technician never opens (judged below);
//   2. My day opened offline: tech1 signs in, the worker activates, one online reload (it then controls the page),
//      the kept store holds the three days; then offline, BENCH_OFFLINE_RUNS (10) reloads, each timed from
//      navigation start to first contentful paint and to the first My day card on screen with "Offline — last
//      updated" (the DOM change that shows both, then the next frame); the same online with the worker warm. Per
//      reload also when the app read the kept day from IndexedDB (its 'fieldwork:offline-read' measure), how many
//      My day requests failed before, and navigator.onLine: where the time goes;
//   3. an action queued offline: the tap on the "Clock in" dialog's button → the card showing "Waiting to sync";
//      back online, the `online` event → the `actions` store empty (and the API requests sent meanwhile), for that
//      clock-in and for 1 and for 20 notes added offline on a task page; BENCH_OFFLINE_ACTION_RUNS (3) runs of each,
//      on tasks of Tom's the bench makes after 2 (1, 2 and 4 see the demo's own day);
//   4. the device's storage after the first visit: navigator.storage.estimate() and the JSON size of the kept rows.
// About 3 minutes on 2 shared cores, so not part of `npm run bench`.
// Writes bench/results/offline.md (and prints it). BENCH_OFFLINE_SHOTS=<dir> keeps screenshots of My day offline.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { register } from 'tsx/esm/api';
import { ROOT } from './lib.mjs';
import { chunkName, ensureWebBuild, measurePrecache, splitPrecache } from './offline-precache.mjs';
import { armSyncTimer, firstContentfulPaint, stampMyDay, timeClockIn } from './offline-page.mjs';

// The browser tests' own pieces: the demo accounts, the API shortcuts, and the harness that starts the server on the
// demo company (DEMO=1, a fresh SQLite directory, a private copy of apps/web/dist) and launches Chromium.
// One module graph for the three (tsx registered once): the harness, and vitest under it, load once.
register();
const { DEMO_PASSWORD, DEMO_USERS } = await import('../e2e/demo-accounts.ts');
const { api, createJob, tomsTask } = await import('../e2e/demo-api.ts');
const { apiSignIn, launchBrowser, signIn, startApp, waitForPath } = await import('../e2e/harness.ts');
const { readKeptDay } = await import('../e2e/device-store.ts');

const RUNS = Number(process.env.BENCH_OFFLINE_RUNS ?? 10);
const ACTION_RUNS = Number(process.env.BENCH_OFFLINE_ACTION_RUNS ?? 3);
const SHOTS = process.env.BENCH_OFFLINE_SHOTS;
const PROFILES = [
  { name: 'unthrottled', rate: 1 },
  { name: '4× CPU', rate: 4 },
];
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, serviceWorkers: 'allow' };
const log = (...a) => console.log('[offline]', ...a);

// ---- statistics ----
const sorted = (xs) => xs.filter(Number.isFinite).sort((a, b) => a - b);
const quantile = (xs, q) => {
  const s = sorted(xs);
  return s.length ? s[Math.min(s.length - 1, Math.max(0, Math.ceil(s.length * q) - 1))] : null;
};
const p50 = (xs) => quantile(xs, 0.5);
const fmt = (x, d = 0) => (x === null || x === undefined ? '–' : x.toFixed(d));
const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;

// ---- the browser side ----
const card = (page, taskNumber) => page.locator(`li[aria-label^="Task #${taskNumber} "]`);
const keptOf = readKeptDay;

/** Polls `fn` until it returns true (every 250 ms, at most `ms`). */
async function until(fn, ms, what) {
  const deadline = Date.now() + ms;
  while (!(await fn())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The kept store holds the three days of My day and the page of every task on them. */
const threeDaysKept = async (page) => {
  const k = await keptOf(page);
  const ids = Object.values(k?.days ?? {}).flat();
  return k !== null && Object.keys(k.days).length === 3 && ids.every((id) => k.taskPages.includes(id));
};

/** One reload, timed in the page: FCP and the first My day card (with the offline banner when `offline`). */
async function timedReload(page, offline) {
  // My day's requests that failed (no network) during this reload: how often the app asked before reading the device.
  let failed = 0;
  const onFailed = (r) => (failed += r.url().includes('/api/tasks/my-day') ? 1 : 0);
  page.on('requestfailed', onFailed);
  await page.reload({ waitUntil: 'commit' });
  const key = offline ? 'cardOfflineFrame' : 'cardFrame';
  await page.waitForFunction((k) => window.__fwStamps?.[k] != null && performance.getEntriesByName('first-contentful-paint').length > 0, key, {
    timeout: 60_000,
    polling: 100,
  });
  const s = await page.evaluate(() => window.__fwStamps);
  const fcp = await page.evaluate(firstContentfulPaint);
  const { controlled, onLine } = await page.evaluate(() => ({ controlled: navigator.serviceWorker.controller !== null, onLine: navigator.onLine }));
  // When the app read today's kept day from IndexedDB (its own 'fieldwork:offline-read' measure): where the wait is.
  const read = await page.evaluate(() => {
    const m = performance.getEntriesByName('fieldwork:offline-read').find((e) => String(e.detail).includes('"my-day"'));
    return m ? { start: m.startTime, ms: m.duration } : null;
  });
  page.off('requestfailed', onFailed);
  return {
    fcp,
    card: offline ? s.cardOffline : s.card,
    cardFrame: s[key],
    controlled,
    readStart: read?.start ?? null,
    readMs: read?.ms ?? null,
    failed,
    onLine,
  };
}

/** Adds `n` notes on the open task page (offline: each is kept) and waits until the queue holds `n` actions. */
async function addNotes(page, n, tag) {
  const notes = page.getByRole('region', { name: 'Notes & photos' });
  for (let i = 0; i < n; i++) {
    await notes.getByPlaceholder('Write Something...').fill(`Bench note ${tag} ${i + 1}`);
    try {
      await notes.getByRole('button', { name: 'Add Note' }).click();
      // As a person would: the next note is typed once this one is saved (the box emptied, the button no longer busy).
      await notes.getByPlaceholder('Write Something...').and(page.locator('textarea:placeholder-shown')).waitFor();
      await notes.locator('button[aria-busy="true"]').waitFor({ state: 'detached' });
    } catch (error) {
      const kept = await keptOf(page);
      await page.screenshot({ path: '/tmp/offbench-stuck.png' });
      const pill = await page.getByLabel(/^Sync status:/).textContent();
      throw new Error(
        `note ${i + 1} of ${n} (${tag}): Add Note stayed busy; ${kept.actions.length} kept actions; pill "${pill}"; online ${await page.evaluate(() => navigator.onLine)}`,
        { cause: error },
      );
    }
  }
  await until(async () => (await keptOf(page)).actions.length === n, 30_000, `${n} kept notes`);
}

/** The network off, and the app saying so (its sync pill): what it does next is what a technician without signal gets. */
async function goOffline(page) {
  await page.context().setOffline(true);
  await page
    .getByLabel(/^Sync status:/)
    .and(page.getByText('Offline'))
    .waitFor();
}

/** Back online, timed in the page from the `online` event to the `actions` store empty. */
async function timedSync(page) {
  // The API requests the page sends meanwhile: the queued sends (POST) and what the app fetches again after them (GET).
  const sent = { POST: 0, GET: 0 };
  const onRequest = (r) => {
    if (r.url().includes('/api/') && r.method() in sent) sent[r.method()]++;
  };
  await page.evaluate(armSyncTimer);
  page.on('request', onRequest);
  await page.context().setOffline(false);
  const ms = await page.evaluate(() => window.__fwSync);
  page.off('request', onRequest);
  // The refreshes that follow the sends settle before the next run takes the network away again.
  await page
    .getByLabel(/^Sync status:/)
    .and(page.getByText('Online', { exact: true }))
    .waitFor();
  await page.waitForLoadState('networkidle');
  return { ms, posts: sent.POST, gets: sent.GET };
}

// ---- main ----
const startedAt = new Date();
const loadAtStart = loadavg();
ensureWebBuild();
const precache = measurePrecache();
log(`precache: ${precache.entries.length} entries, ${kib(precache.total.raw)} raw, ${kib(precache.total.gzip)} gzip`);

const app = await startApp({ demo: true });
const base = app.baseUrl;
const browser = await launchBrowser();
const chromiumVersion = browser.version();
const results = { reloads: {}, clockIn: {}, syncClockIn: {}, sync1: {}, sync20: {} };
let storage;
const techLoaded = new Set();
try {
  const admin = (await apiSignIn(base, DEMO_USERS.admin, DEMO_PASSWORD)).cookie;
  const tech = (await apiSignIn(base, DEMO_USERS.tech1, DEMO_PASSWORD)).cookie;

  const context = await browser.newContext(PHONE);
  context.setDefaultTimeout(30_000);
  await context.addInitScript(stampMyDay);
  const page = await context.newPage();
  page.on('request', (r) => {
    const { origin, pathname } = new URL(r.url());
    if (origin === base && pathname !== '/' && !pathname.startsWith('/api/')) techLoaded.add(pathname.slice(1));
  });
  const cdp = await context.newCDPSession(page);

  // The first visit: sign in, the worker installs; one reload online so it controls the page; the day is kept.
  await signIn(page, base, DEMO_USERS.tech1, DEMO_PASSWORD);
  await waitForPath(page, '/workorder/my-day');
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await page.locator('[aria-label="Tasks in order"] li').first().waitFor();
  await until(() => threeDaysKept(page), 60_000, 'the three days kept on the device');
  storage = await keptOf(page);
  log(`kept: ${storage.rows} rows, ${kib(storage.bytes)} as JSON; origin usage ${storage.usage === null ? '–' : kib(storage.usage)}`);

  // 2. My day reloaded offline, then online with the worker warm (the demo's own day: no task of the bench's yet).
  for (const profile of PROFILES) {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.rate });
    for (const offline of [true, false]) {
      await context.setOffline(offline);
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await timedReload(page, offline));
      if (runs.some((r) => !r.controlled)) throw new Error('a reload was not controlled by the service worker');
      results.reloads[`${profile.name}|${offline ? 'offline' : 'online'}`] = runs;
      log(`${profile.name} ${offline ? 'offline' : 'online'} My day: card p50 ${fmt(p50(runs.map((r) => r.cardFrame)))} ms`);
      if (SHOTS && offline && profile.rate === 1) {
        mkdirSync(SHOTS, { recursive: true });
        await page.screenshot({ path: join(SHOTS, 'my-day-offline-reloaded-390.png') });
        await page.setViewportSize({ width: 1280, height: 900 });
        await page.screenshot({ path: join(SHOTS, 'my-day-offline-reloaded-1280.png') });
        await page.setViewportSize(PHONE.viewport);
      }
    }
  }

  // Tom's tasks for 3, made now and loaded online: one for the notes, then one per timed clock-in, in windows of
  // their own (a technician has one running clock-in; the schedule refuses overlaps).
  const job = await createJob(base, 'Bench offline job');
  const notesTask = await tomsTask(base, admin, job.id, 'Bench offline notes', 1, 5);
  const clockTasks = [];
  for (let k = 0; k < PROFILES.length * ACTION_RUNS; k++)
    clockTasks.push(await tomsTask(base, admin, job.id, `Bench offline clock-in ${k + 1}`, 10 + 6 * k, 14 + 6 * k));

  for (const profile of PROFILES) {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.rate });
    // 3a. A clock-in tapped offline, then the queue sent back online; the task clocked out (online) after each run.
    results.clockIn[profile.name] = [];
    results.syncClockIn[profile.name] = [];
    for (let r = 0; r < ACTION_RUNS; r++) {
      const task = clockTasks.shift();
      await page.goto(`${base}/workorder/my-day`);
      await card(page, task.taskNumber).getByRole('button', { name: 'Clock in' }).waitFor();
      await goOffline(page);
      await card(page, task.taskNumber).getByRole('button', { name: 'Clock in' }).click();
      const button = await page.getByRole('dialog', { name: 'Clock in' }).getByRole('button', { name: 'Clock in' }).elementHandle();
      results.clockIn[profile.name].push(await page.evaluate(timeClockIn, [button, task.taskNumber]));
      results.syncClockIn[profile.name].push(await timedSync(page));
      await api(base, tech, 'POST', '/api/tasks/clock-out', { taskId: task.id, jobId: job.id, description: 'Bench clock-out' });
    }
    log(`${profile.name} clock-in offline: p50 ${fmt(p50(results.clockIn[profile.name].map((x) => x.frame)))} ms`);

    // 3b. 1 and 20 notes added offline on a task page, then sent back online.
    await page.goto(`${base}/workorder/scheduler/view/${notesTask.id}`);
    await page.getByRole('region', { name: 'Notes & photos' }).getByPlaceholder('Write Something...').waitFor();
    for (const n of [1, 20]) {
      const key = n === 1 ? 'sync1' : 'sync20';
      results[key][profile.name] = [];
      for (let r = 0; r < ACTION_RUNS; r++) {
        await goOffline(page);
        await addNotes(page, n, `${profile.rate}x-${r + 1}`);
        results[key][profile.name].push(await timedSync(page));
      }
      log(`${profile.name} ${n} note(s) synced: p50 ${fmt(p50(results[key][profile.name].map((x) => x.ms)))} ms`);
    }
  }
  await context.close();
} finally {
  await browser.close();
  await app.stop();
}

// ---- the report ----
/** One row of table 2: the reloads of one profile and network. */
function reloadRow([profile, network], runs) {
  const p = (key, q, d = 0) =>
    fmt(
      quantile(
        runs.map((r) => r[key]),
        q,
      ),
      d,
    );
  const cells = [profile, network, runs.length, p('fcp', 0.5), p('fcp', 0.95), p('cardFrame', 0.5), p('cardFrame', 0.95)];
  cells.push(fmt(Math.max(...runs.map((r) => r.cardFrame))));
  const distinct = (key) => [...new Set(runs.map((r) => r[key]))].join(', ');
  if (network === 'offline') cells.push(p('readStart', 0.5), p('readMs', 0.5, 1), distinct('failed'));
  else cells.push('–', '–', '–');
  cells.push(distinct('onLine'));
  return `| ${cells.join(' | ')} |`;
}
const split = splitPrecache(precache, techLoaded);
const pct = (part) => `${((100 * part.raw) / precache.total.raw).toFixed(0)} %`;
const row = (label, xs, requests = '–') =>
  `| ${label} | ${xs.length} | ${fmt(quantile(xs, 0.5))} | ${fmt(quantile(xs, 0.95))} | ${fmt(Math.max(...xs))} | ${requests} |`;
/** A sync row: its times, and the API requests sent meanwhile (POST / GET, medians over the runs). */
const syncRow = (label, runs = []) =>
  row(
    label,
    runs.map((r) => r.ms),
    `${fmt(
      quantile(
        runs.map((r) => r.posts),
        0.5,
      ),
    )} / ${fmt(
      quantile(
        runs.map((r) => r.gets),
        0.5,
      ),
    )}`,
  );
const lines = [
  '# Offline field app (bench/offline.mjs)',
  '',
  `Run ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpus().length} × ${cpus()[0]?.model.trim()}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, ` +
    `Node ${process.version}, Chromium ${chromiumVersion}; load average at start ${loadAtStart.map((x) => x.toFixed(2)).join(' / ')} (1 / 5 / 15 min; the machine is shared).`,
  `Demo company (DEMO=1) on SQLite, the real server on 127.0.0.1 serving the web build; a phone context (390×844, isMobile, hasTouch, ` +
    `serviceWorkers 'allow'); profiles: unthrottled and 4× CPU (CDP Emulation.setCPUThrottlingRate on the page; the service worker runs unthrottled). ` +
    `BENCH_OFFLINE_RUNS=${RUNS}, BENCH_OFFLINE_ACTION_RUNS=${ACTION_RUNS}. Times in ms.`,
  '',
  '## 1. Precache (dist/sw.js manifest)',
  '',
  `${precache.entries.length} entries, ${kib(precache.total.raw)} raw, ${kib(precache.total.gzip)} gzip (zlib level 6). ` +
    `The worker itself (not in its own manifest): ${precache.worker.map((w) => `${w.url} ${kib(w.raw)} (${kib(w.gzip)} gzip)`).join(', ')}.`,
  '',
  '| largest entries | raw | gzip |',
  '|---|---|---|',
  ...precache.largest.map((e) => `| ${e.url} | ${kib(e.raw)} | ${kib(e.gzip)} |`),
  '',
  '| who opens it | entries | raw | gzip | share of raw |',
  '|---|---|---|---|---|',
  ...[
    ["loaded by the technician's pages in this run", split.tech],
    ['office screens only (by chunk name)', split.office],
    ['customer portal (by chunk name)', split.portal],
    ['the rest (shared pieces, icons, sign-up and other pages not opened here)', split.other],
  ].map(([label, g]) => `| ${label} | ${g.n} | ${kib(g.raw)} | ${kib(g.gzip)} | ${pct(g)} |`),
  '',
  `Largest office-only: ${split.officeLargest.map((e) => `${chunkName(e.url)} ${kib(e.raw)}`).join(', ')}.`,
  'How judged: vite names each chunk after the module that starts it, so a page chunk carries its *.page file name and a ' +
    "shared piece its own file's name. Office-only = the office areas' pages (dashboard, calls, scheduler, plans, leads, bids, " +
    'estimates, invoices, customers, subcontractors, vehicles, settings, job/task lists and forms, cost lists and calculator) and ' +
    'the pieces only they use (charts, list tables, document editor, plan/estimate/invoice parts): the OFFICE pattern in bench/offline-precache.mjs. ' +
    "Cross-checked against the files the technician's pages requested in this run (sign-in, My day, a task page with notes, the " +
    `clock-in dialog): ${split.misjudged.length ? `named office/portal yet loaded: ${split.misjudged.join(', ')} (counted as the technician's)` : 'none of the office/portal-named chunks was loaded'}.`,
  '',
  '## 2. My day opened by a reload (from navigation start)',
  '',
  'Per reload: first contentful paint, and the first My day card on screen (the DOM change that shows it — offline together with ' +
    '"Offline — last updated" — then the next frame). Online = network on, the worker warm (it serves the shell; the day comes from the API).',
  '',
  '| profile | network | reloads | FCP p50 | FCP p95 | card p50 | card p95 | card max | kept-day read starts p50 | read takes p50 | failed My day requests per reload | navigator.onLine after the reload |',
  '|---|---|---|---|---|---|---|---|---|---|---|---|',
  ...Object.entries(results.reloads).map(([k, runs]) => reloadRow(k.split('|'), runs)),
  '',
  '## 3. Actions queued offline',
  '',
  'Tap on the "Clock in" dialog\'s button → the card shows "Waiting to sync" (DOM, then next frame); back online: the `online` ' +
    'event → the `actions` store empty (polled every 10 ms), for that clock-in and for 1 and 20 notes added offline on a task page.',
  '',
  '| profile | measurement | runs | p50 | p95 | max | API requests meanwhile (POST / GET) |',
  '|---|---|---|---|---|---|---|',
  ...PROFILES.flatMap((p) => [
    row(
      `${p.name} | clock-in tap → "Waiting to sync" (DOM)`,
      (results.clockIn[p.name] ?? []).map((x) => x.dom),
    ),
    row(
      `${p.name} | clock-in tap → "Waiting to sync" (next frame)`,
      (results.clockIn[p.name] ?? []).map((x) => x.frame),
    ),
    syncRow(`${p.name} | online → queue empty, 1 clock-in`, results.syncClockIn[p.name]),
    syncRow(`${p.name} | online → queue empty, 1 note`, results.sync1[p.name]),
    syncRow(`${p.name} | online → queue empty, 20 notes`, results.sync20[p.name]),
  ]),
  '',
  '## 4. Device storage after the first visit',
  '',
  `Kept rows (IndexedDB \`answers\`): ${storage.rows}, ${kib(storage.bytes)} as JSON; days kept: ` +
    `${Object.entries(storage.days)
      .map(([d, ids]) => `${d} ${ids.length} tasks`)
      .join(', ')}; task pages kept: ${storage.taskPages.length}.`,
  `navigator.storage.estimate(): usage ${storage.usage === null ? '–' : kib(storage.usage)}` +
    (storage.usageDetails
      ? ` (${Object.entries(storage.usageDetails)
          .map(([k, v]) => `${k} ${kib(v)}`)
          .join(', ')})`
      : '') +
    ' — the whole origin: the precache (Cache Storage) and the worker included.',
  '',
];
const out = join(ROOT, 'bench/results/offline.md');
mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
writeFileSync(out, lines.join('\n'));
console.log(lines.join('\n'));
log(`written to ${out}`);
