// `npm run bench:scheduler-ui`: the Chromium benchmark of the scheduler screen. A generated tenant
// (bench/scheduler-ui-seed.ts: 80 technicians with 2,000 tasks in this week, 513 chart rows) on SQLite in a temp
// directory, the real server serving the web build on 127.0.0.1, system Chromium through playwright-core.
// Each figure over BENCH_RUNS (5) fresh page loads, each in a new browser context (a first visit: the app's service
// worker allowed, so each load also installs the app once its first screen is drawn):
//   a. first render of the week view and of the dispatch chart: /api/schedule's responseEnd (resource timing)
//      → the first performance.mark('fw:*-rendered') after it → the next frame (rAF + a posted message);
//      also from navigation start;
//   b. one drag-and-drop on the dispatch chart (page.mouse: down, moves, up) of a bar along its technician's own
//      row to a free slot 1–4 hours earlier or later on the chart day: pointerup → the first DOM mutation after
//      which the bar sits at its new place (not faded, no transform) → next frame ("drop re-rendered");
//      pointerup → the PUT's responseEnd and the re-render that follows it → next frame ("round trip"). On the
//      chart because each person has a row of their own there: the week view folds overlapping entries into a
//      "+N" strip (the generated day has ~285 tasks), so a week entry to drag, or the dropped entry at its new
//      place, is mostly not drawn. Done on the chart page after its scroll (c): back at the top, the chart is
//      scrolled a screen at a time until a candidate's row is drawn, then left idle 1 s before the drag;
//   c. the chart scrolled by BENCH_SCROLL_STEP (60) px per frame until 500 rows have been in view, with a
//      PerformanceObserver('longtask') on: long tasks (> 50 ms) and frame intervals;
//   d. the plain-DOM floor (bench/scheduler-ui-floor.html, no React): the same feed JSON, all 2,000 week entries
//      as absolutely positioned divs, and the chart day with every row in the DOM (not windowed), timed the
//      same way from the JSON text in hand; the floor's drop is one div's style.top (one entry moved and
//      painted, the least any view's drop can cost, so it serves as the chart's drop floor too).
// Prints a table and writes bench/results/scheduler-ui-<date>.json. Targets (first render ≤ 500 ms after data,
// drop ≤ 50 ms, no long task > 50 ms while scrolling) are reported, never enforced: the exit code is non-zero
// only on errors. BENCH_RUNS, BENCH_SCROLL_STEP, BENCH_ROWS, BENCH_KEEP=1 (keep the data directory).
// The page side (instrumentation, first render, drag, scroll) is bench/scheduler-ui-page.mjs; the tracing and
// profiling bench/scheduler-ui-trace.mjs.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { createBenchDatabase, ROOT, startServer } from './lib.mjs';
import { dragAndDrop, dragCandidates, firstRender, instrument, scrollRows } from './scheduler-ui-page.mjs';
import { feedFinishTs, markTs, phaseBreakdown, traced } from './scheduler-ui-trace.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const SCROLL_STEP = Number(process.env.BENCH_SCROLL_STEP ?? 60);
const ROWS_WANTED = Number(process.env.BENCH_ROWS ?? 500);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
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
const VIEWPORT = { width: 1366, height: 900 };
const TARGET = { firstRender: 500, drop: 50, longTask: 50 };
const log = (...a) => console.log('[scheduler-ui]', ...a);

// ---- statistics ----
const sortNum = (xs) => xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
const quantile = (xs, q) => {
  const s = sortNum(xs);
  if (!s.length) return null;
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(s.length * q) - 1))];
};
const median = (xs) => {
  const s = sortNum(xs);
  if (!s.length) return null;
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const r1 = (x) => (x === null || x === undefined || !Number.isFinite(x) ? null : Math.round(x * 10) / 10);
const fmt = (x) => (x === null || x === undefined ? '–' : String(r1(x)));

// A scroll's frame intervals and long tasks (from scrollRows in the page) summarised.
const scrollSummary = (s) => ({
  rowsSeen: s.rowsSeen,
  reachedBottom: s.reachedBottom,
  scrollHeight: s.scrollHeight,
  ms: s.ms,
  frames: s.frames,
  frameP50: median(s.gaps),
  frameP95: quantile(s.gaps, 0.95),
  frameMax: Math.max(0, ...s.gaps),
  framesOver50: s.gaps.filter((g) => g > 50).length,
  longTasks: s.longTasks.length,
  longTaskMax: s.longTasks.length ? Math.max(...s.longTasks.map((l) => l.duration)) : 0,
  longTaskTotal: s.longTasks.reduce((a, l) => a + l.duration, 0),
});

// ---- the web build, as `npm start` makes it (scripts/start.mjs), served from a private copy ----
function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}
function ensureWebBuild() {
  const dist = join(ROOT, 'apps/web/dist/index.html');
  const sources = [join(ROOT, 'apps/web/src'), join(ROOT, 'apps/web/index.html'), join(ROOT, 'apps/web/vite.config.ts'), join(ROOT, 'packages/domain/src')];
  const builtAt = existsSync(dist) ? statSync(dist).mtimeMs : 0;
  const changedAt = Math.max(...sources.filter(existsSync).map((p) => (statSync(p).isDirectory() ? newestMtime(p) : statSync(p).mtimeMs)));
  if (changedAt > builtAt) {
    log(builtAt ? 'web sources changed; rebuilding the web app…' : 'building the web app…');
    const build = spawnSync('npm', ['run', 'build', '-w', '@fieldwork/web'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('web build failed');
  }
}

// ---- API ----
async function login(base, email, password) {
  const res = await fetch(base + '/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`login: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}
async function getText(base, cookie, path) {
  const res = await fetch(base + path, { headers: { cookie } });
  const text = await res.text();
  if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${text.slice(0, 300)}`);
  return text;
}
const feedPath = (range) => `/api/schedule?startDateTime=${encodeURIComponent(range.start)}&endDateTime=${encodeURIComponent(range.end)}`;
async function teamOf(base, cookie) {
  const all = [];
  for (let page = 1; ; page++) {
    const p = JSON.parse(await getText(base, cookie, `/api/tasks/team?page=${page}&limit=100`));
    all.push(...p.items);
    if (page >= p.meta.totalPages) return all;
  }
}

// ---- main ----
const started = Date.now();
const loadAtStart = loadavg()[0];
ensureWebBuild();
const database = await createBenchDatabase('sqlite');
const dataDir = database.env.DATA_DIR;
const webDist = join(dataDir, 'web-dist');
cpSync(join(ROOT, 'apps/web/dist'), webDist, { recursive: true });
// The served bundle, where the profiles look up the code at their hottest functions.
const profileOptions = { assets: join(webDist, 'assets'), r1 };
if (!existsSync(join(webDist, 'index.html'))) throw new Error('apps/web/dist changed while it was copied; run again');
const seed = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'bench/scheduler-ui-seed.ts')], { cwd: ROOT, env: database.env, stdio: 'inherit' });
if (seed.status !== 0) throw new Error('seeding failed');
const fixture = JSON.parse(readFileSync(join(dataDir, 'scheduler-ui-fixture.json'), 'utf8'));
const server = await startServer(database.env, { WEB_DIST_DIR: webDist });
const base = server.base;
let browser;
let exitCode = 0;
try {
  const cookie = await login(base, fixture.email, fixture.password);
  const weekText = await getText(base, cookie, feedPath(fixture.range));
  const week = JSON.parse(weekText).data;
  const team = await teamOf(base, cookie);
  if (week.tasks.length !== fixture.tasks) throw new Error(`feed has ${week.tasks.length} tasks, seeded ${fixture.tasks}`);
  if (team.length + 3 < 500) throw new Error(`only ${team.length + 3} chart rows`);
  const chartIndex = fixture.days.indexOf(fixture.chartDay);
  const chartTasks = week.tasks.filter(
    (t) => Date.parse(t.startTime) < fixture.dayEnds[chartIndex] && Date.parse(t.endTime) > fixture.dayStarts[chartIndex],
  ).length;
  const statuses = week.tasks.reduce((m, t) => ({ ...m, [t.status]: (m[t.status] ?? 0) + 1 }), {});
  log(
    `week ${fixture.range.start} – ${fixture.range.end}: ${week.tasks.length} tasks (${(weekText.length / 1024).toFixed(0)} KiB JSON), ${team.length} people, chart day ${fixture.chartDay} with ${chartTasks} tasks; statuses ${JSON.stringify(statuses)}`,
  );

  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS, timeout: 60_000 });
  const floorHtml = readFileSync(join(ROOT, 'bench/scheduler-ui-floor.html'), 'utf8');

  // d. the floor
  const floor = { week: [], drop: [], chart: [], scroll: [] };
  const floorCandidates = dragCandidates(week, fixture);
  for (let i = 0; i < RUNS; i++) {
    const context = await browser.newContext({ viewport: VIEWPORT });
    const page = await context.newPage();
    await page.setContent(floorHtml);
    const w = await page.evaluate(([text, starts, ends]) => window.floorWeek(text, starts, ends, 1300), [weekText, fixture.dayStarts, fixture.dayEnds]);
    floor.week.push({ toMark: w.marked - w.start, toFrame: w.frame - w.start, entries: w.entries });
    const c = floorCandidates[i % floorCandidates.length];
    await page.waitForTimeout(1000); // as the app's drag: the page idle first
    const d = await page.evaluate(([n, s]) => window.floorDrop(n, s), [c.taskNumber, c.shift]);
    floor.drop.push(d.frame - d.start);
    await page.setContent(floorHtml);
    const ch = await page.evaluate(
      ([text, people, s, e]) => window.floorChart(text, people, s, e),
      [weekText, team.map((p) => ({ id: p.id, name: p.name })), fixture.dayStarts[chartIndex], fixture.dayEnds[chartIndex]],
    );
    floor.chart.push({ toMark: ch.marked - ch.start, toFrame: ch.frame - ch.start, entries: ch.entries, rows: ch.rows });
    await page.waitForTimeout(300);
    floor.scroll.push(scrollSummary(await page.evaluate(scrollRows, { step: SCROLL_STEP, rowsWanted: ROWS_WANTED })));
    await context.close();
  }
  log(
    `floor: week ${fmt(median(floor.week.map((x) => x.toFrame)))} ms, chart ${fmt(median(floor.chart.map((x) => x.toFrame)))} ms, drop ${fmt(median(floor.drop))} ms`,
  );

  // a–c. the app
  const newPage = async () => {
    // A first visit each time: a new context, and the app's service worker allowed (the default), so each load also
    // installs the app, as a new user's first visit does; the chart run reports the worker's state at its end.
    const context = await browser.newContext({ viewport: VIEWPORT, serviceWorkers: 'allow' });
    await context.addInitScript(instrument);
    const res = await context.request.post(base + '/api/auth/login', { data: { email: fixture.email, password: fixture.password } });
    if (!res.ok()) throw new Error(`browser login: ${res.status()}`);
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    return { context, page, errors };
  };
  const appUrl = (board) => `${base}/workorder/scheduler/calendar?view=week&date=${fixture.chartDay}&board=${board}`;
  const app = { week: [], drag: [], chart: [], scroll: [], errors: [] };
  let available = true;
  // One unmeasured load of each board first (the server's and Chromium's first-use costs).
  for (const board of ['calendar', 'chart']) {
    const { context, page } = await newPage();
    await page.goto(appUrl(board));
    available &&= await page.waitForSelector(`[data-board="${board}"]`, { timeout: 30_000 }).then(
      () => true,
      () => false,
    );
    if (available) await firstRender(page, board);
    await context.close();
  }
  const loads = [loadavg()[0]];
  if (!available) {
    log('the scheduler page does not render [data-board="calendar"] yet: app figures skipped');
    exitCode = 2;
  } else {
    for (let i = 0; i < RUNS; i++) {
      {
        const { context, page, errors } = await newPage();
        await page.goto(appUrl('calendar'));
        const r = await firstRender(page, 'calendar');
        app.week.push(r);
        app.errors.push(...errors);
        log(
          `run ${i + 1} week: data→mark ${fmt(r.toMark)} ms, data→frame ${fmt(r.toFrame)} ms, nav→frame ${fmt(r.fromNavToFrame)} ms, ${r.entries} entries in the DOM`,
        );
        await context.close();
      }
      {
        const { context, page, errors } = await newPage();
        await page.goto(appUrl('chart'));
        const r = await firstRender(page, 'chart');
        app.chart.push(r);
        await page.waitForTimeout(1000);
        const s = scrollSummary(await page.evaluate(scrollRows, { step: SCROLL_STEP, rowsWanted: ROWS_WANTED }));
        app.scroll.push(s);
        // The drop, on the chart (each person's own row: the moved bar stays drawn), from the top again.
        await page.evaluate(() => {
          document.querySelector('[data-chart-scroll]').scrollTop = 0;
        });
        await page.waitForTimeout(1000);
        const current = JSON.parse(await getText(base, cookie, feedPath(fixture.range))).data;
        const drag = await dragAndDrop(page, dragCandidates(current, fixture));
        app.drag.push(drag);
        app.errors.push(...errors);
        r.worker = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? 'none');
        loads.push(loadavg()[0]);
        log(
          `run ${i + 1} chart: data→frame ${fmt(r.toFrame)} ms, with people rows ${fmt(r.completeFromFeed)} ms (team ${fmt(r.teamAfterFeed)} ms after the feed), ${r.rowsInDom} rows / ${r.entries} entries in the DOM; scroll ${s.rowsSeen} rows in ${fmt(s.ms)} ms, ${s.longTasks} long tasks (max ${fmt(s.longTaskMax)} ms), frame p95 ${fmt(s.frameP95)} ms; drop #${drag.task ?? '–'} by ${drag.shiftMinutes ?? '–'} min ${fmt(drag.drop)} ms, round trip ${fmt(drag.roundTrip)} ms (PUT ${drag.putStatus ?? '–'}${drag.error ? ', ' + drag.error : ''}); service worker ${r.worker}`,
        );
        await context.close();
      }
    }
  }

  // ---- one traced load of each board, a traced drop and a traced scroll: where the main thread's time goes ----
  const profile = {};
  if (available && process.env.BENCH_PROFILE !== '0') {
    {
      const { context, page } = await newPage();
      let r;
      const ev = await traced(page, async () => {
        await page.goto(appUrl('calendar'));
        r = await firstRender(page, 'calendar');
        await page.waitForTimeout(300);
      });
      const from = feedFinishTs(ev);
      const mk = markTs(ev, 'fw:calendar-rendered', from ?? 0);
      profile.weekFirstRender = phaseBreakdown(ev, from, mk === null ? null : mk + (r.frame - r.mark) * 1000, profileOptions);
      await context.close();
    }
    {
      const { context, page } = await newPage();
      let r;
      const ev = await traced(page, async () => {
        await page.goto(appUrl('chart'));
        r = await firstRender(page, 'chart');
        await page.waitForTimeout(300);
      });
      const from = feedFinishTs(ev);
      const mk = markTs(ev, 'fw:chart-rendered', from ?? 0);
      profile.chartFirstRender = phaseBreakdown(ev, from, mk === null ? null : mk + (r.frame - r.mark) * 1000, profileOptions);
      profile.chartWithRows = phaseBreakdown(ev, from, from === null ? null : from + r.completeFromFeed * 1000, profileOptions);
      await page.waitForTimeout(700);
      let sc;
      const ev2 = await traced(page, async () => {
        sc = await page.evaluate(scrollRows, { step: SCROLL_STEP, rowsWanted: ROWS_WANTED });
      });
      const t0 = markTs(ev2, 'bench:scroll-start');
      profile.scroll =
        t0 === null
          ? null
          : {
              ...phaseBreakdown(ev2, t0, t0 + sc.ms * 1000, profileOptions),
              tracedLongTasks: sc.longTasks.length,
              tracedLongTaskMax: r1(Math.max(0, ...sc.longTasks.map((l) => l.duration))),
            };
      // Each main-thread task over 50 ms while scrolling (tracing makes tasks longer: indicative only), by phase.
      const anchor = ev2.find((e) => e.name === 'bench:scroll-start');
      if (profile.scroll && anchor) {
        profile.scroll.longTaskPhases = ev2
          .filter(
            (e) =>
              e.pid === anchor.pid && e.tid === anchor.tid && e.name === 'RunTask' && e.ph === 'X' && e.dur > 50_000 && e.ts >= t0 && e.ts <= t0 + sc.ms * 1000,
          )
          .slice(0, 10)
          .map((e) => {
            const b = phaseBreakdown(ev2, e.ts, e.ts + e.dur, profileOptions);
            return { ms: r1(e.dur / 1000), phases: b?.phases, top: b?.top.slice(0, 4), js: b?.jsByChunk };
          });
      }
      await page.evaluate(() => {
        document.querySelector('[data-chart-scroll]').scrollTop = 0;
      });
      await page.waitForTimeout(700);
      const current = JSON.parse(await getText(base, cookie, feedPath(fixture.range))).data;
      let drag;
      const ev3 = await traced(page, async () => {
        drag = await dragAndDrop(page, dragCandidates(current, fixture));
      });
      const up = markTs(ev3, 'bench:pointerup');
      if (drag.drop === null || drag.drop === undefined || up === null)
        log(`traced drop not measured: ${JSON.stringify({ up, ...drag, requestsAfterUp: undefined })}`);
      profile.drop =
        drag.drop === null || drag.drop === undefined || up === null
          ? null
          : { ...phaseBreakdown(ev3, up, up + drag.drop * 1000, profileOptions), tracedDropMs: r1(drag.drop) };
      profile.roundTrip =
        drag.roundTrip === null || drag.roundTrip === undefined || up === null
          ? null
          : { ...phaseBreakdown(ev3, up, up + drag.roundTrip * 1000, profileOptions), tracedRoundTripMs: r1(drag.roundTrip) };
      await context.close();
    }
    for (const [k, v] of Object.entries(profile))
      if (v?.phases)
        log(
          `profile ${k}: ${v.windowMs} ms window, main thread busy ${v.busyMs} ms: ${Object.entries(v.phases)
            .map(([p, ms]) => `${p} ${ms}`)
            .join(', ')}; top: ${v.top
            .slice(0, 5)
            .map((t) => `${t.name} ${t.ms}`)
            .join(', ')}; JS by chunk ${JSON.stringify(v.jsByChunk)}`,
        );
  }

  // ---- summary ----
  const pick = (list, key) => list.map((x) => x[key]);
  const stat = (xs) => ({
    median: r1(median(xs)),
    p95: r1(quantile(xs, 0.95)),
    min: r1(sortNum(xs)[0] ?? null),
    max: r1(sortNum(xs).at(-1) ?? null),
    runs: xs.map(r1),
  });
  const summary = {
    floor: {
      weekToMark: stat(pick(floor.week, 'toMark')),
      weekToFrame: stat(pick(floor.week, 'toFrame')),
      weekEntries: floor.week[0]?.entries,
      chartToMark: stat(pick(floor.chart, 'toMark')),
      chartToFrame: stat(pick(floor.chart, 'toFrame')),
      chartRows: floor.chart[0]?.rows,
      chartEntries: floor.chart[0]?.entries,
      chartWindowed: false,
      drop: stat(floor.drop),
      scrollLongTasks: stat(pick(floor.scroll, 'longTasks')),
      scrollLongTaskMax: stat(pick(floor.scroll, 'longTaskMax')),
      scrollFrameP95: stat(pick(floor.scroll, 'frameP95')),
      scrollRows: stat(pick(floor.scroll, 'rowsSeen')),
    },
  };
  if (available) {
    Object.assign(summary, {
      week: {
        dataToMark: stat(pick(app.week, 'toMark')),
        dataToFrame: stat(pick(app.week, 'toFrame')),
        lastOfFeedAndTeamToFrame: stat(pick(app.week, 'completeFromData')),
        navToFrame: stat(pick(app.week, 'fromNavToFrame')),
        entriesInDom: pick(app.week, 'entries'),
        feedBytesOnWire: app.week[0]?.feedBytes,
        feedBytes: app.week[0]?.feedDecoded,
        feedUrl: app.week[0]?.feedUrl?.replace(base, ''),
      },
      drag: {
        dropDom: stat(pick(app.drag, 'dropDom')),
        drop: stat(pick(app.drag, 'drop')),
        put: stat(pick(app.drag, 'put')),
        refetch: stat(pick(app.drag, 'refetch')),
        roundTrip: stat(pick(app.drag, 'roundTrip')),
        runs: app.drag,
      },
      chart: {
        dataToMark: stat(pick(app.chart, 'toMark')),
        dataToFrame: stat(pick(app.chart, 'toFrame')),
        navToFrame: stat(pick(app.chart, 'fromNavToFrame')),
        withRowsFromFeed: stat(pick(app.chart, 'completeFromFeed')),
        withRowsFromLastData: stat(pick(app.chart, 'completeFromData')),
        teamAfterFeed: stat(pick(app.chart, 'teamAfterFeed')),
        navToWithRows: stat(pick(app.chart, 'fromNavToComplete')),
        rowsAtMark: pick(app.chart, 'rows'),
        rowsInDom: pick(app.chart, 'rowsInDom'),
        entriesInDom: pick(app.chart, 'entries'),
        serviceWorkerAtEnd: pick(app.chart, 'worker'),
        teamRequests: app.chart[0]?.teamRequests,
        feedUrl: app.chart[0]?.feedUrl?.replace(base, ''),
      },
      scroll: {
        longTasks: stat(pick(app.scroll, 'longTasks')),
        longTaskMax: stat(pick(app.scroll, 'longTaskMax')),
        longTaskTotal: stat(pick(app.scroll, 'longTaskTotal')),
        frameP50: stat(pick(app.scroll, 'frameP50')),
        frameP95: stat(pick(app.scroll, 'frameP95')),
        frameMax: stat(pick(app.scroll, 'frameMax')),
        framesOver50: stat(pick(app.scroll, 'framesOver50')),
        rowsSeen: stat(pick(app.scroll, 'rowsSeen')),
        ms: stat(pick(app.scroll, 'ms')),
        runs: app.scroll,
      },
      pageErrors: [...new Set(app.errors)],
      loadavg1PerRun: loads.map(r1),
      profile,
    });
    const ratio = (a, b) => (a === null || b === null || !b ? null : Math.round((a / b) * 10) / 10);
    summary.ratios = {
      weekFirstRender: ratio(summary.week.dataToFrame.median, summary.floor.weekToFrame.median),
      chartFirstRender: ratio(summary.chart.dataToFrame.median, summary.floor.chartToFrame.median),
      drop: ratio(summary.drag.drop.median, summary.floor.drop.median),
    };
    summary.targets = {
      weekFirstRender: {
        target: TARGET.firstRender,
        median: summary.week.dataToFrame.median,
        met: summary.week.dataToFrame.median !== null && summary.week.dataToFrame.median <= TARGET.firstRender,
      },
      chartFirstRender: {
        target: TARGET.firstRender,
        median: summary.chart.dataToFrame.median,
        met: summary.chart.dataToFrame.median !== null && summary.chart.dataToFrame.median <= TARGET.firstRender,
      },
      chartWithRows: {
        target: TARGET.firstRender,
        median: summary.chart.withRowsFromLastData.median,
        met: summary.chart.withRowsFromLastData.median !== null && summary.chart.withRowsFromLastData.median <= TARGET.firstRender,
      },
      drop: { target: TARGET.drop, median: summary.drag.drop.median, met: summary.drag.drop.median !== null && summary.drag.drop.median <= TARGET.drop },
      scrollLongTasks: { target: `no long task > ${TARGET.longTask} ms`, maxSeen: summary.scroll.longTaskMax.max, met: summary.scroll.longTasks.max === 0 },
    };
  }

  // ---- table ----
  const rows = [];
  const row = (what, ours, floorStat, target) =>
    rows.push([
      what,
      ours ? `${fmt(ours.median)} / ${fmt(ours.max)}` : '–',
      floorStat ? `${fmt(floorStat.median)} / ${fmt(floorStat.max)}` : '–',
      ours && floorStat && floorStat.median ? `${(ours.median / floorStat.median).toFixed(1)}×` : '',
      target ?? '',
    ]);
  const s = summary;
  row('week: feed responseEnd → fw:calendar-rendered', s.week?.dataToMark, s.floor.weekToMark);
  row(
    'week: feed responseEnd → next frame',
    s.week?.dataToFrame,
    s.floor.weekToFrame,
    `≤ ${TARGET.firstRender}${s.targets ? (s.targets.weekFirstRender.met ? ' met' : ' MISSED') : ''}`,
  );
  row('week: navigation start → next frame', s.week?.navToFrame, null);
  row('chart: feed responseEnd → fw:chart-rendered', s.chart?.dataToMark, s.floor.chartToMark);
  row(
    'chart: feed responseEnd → next frame',
    s.chart?.dataToFrame,
    s.floor.chartToFrame,
    `≤ ${TARGET.firstRender}${s.targets ? (s.targets.chartFirstRender.met ? ' met' : ' MISSED') : ''}`,
  );
  row('chart: navigation start → next frame', s.chart?.navToFrame, null);
  row('chart: feed responseEnd → first frame with people rows', s.chart?.withRowsFromFeed, null);
  row(
    'chart: last team page responseEnd → frame with people rows',
    s.chart?.withRowsFromLastData,
    s.floor.chartToFrame,
    `≤ ${TARGET.firstRender}${s.targets ? (s.targets.chartWithRows.met ? ' met' : ' MISSED') : ''}`,
  );
  row('chart: navigation start → frame with people rows', s.chart?.navToWithRows, null);
  row('drop (chart): pointerup → entry moved in the DOM', s.drag?.dropDom, null);
  row(
    'drop (chart): pointerup → next frame (drop re-rendered)',
    s.drag?.drop,
    s.floor.drop,
    `≤ ${TARGET.drop}${s.targets ? (s.targets.drop.met ? ' met' : ' MISSED') : ''}`,
  );
  row('drop: pointerup → PUT responseEnd', s.drag?.put, null);
  row('drop: pointerup → refetch (feed + team) responseEnd', s.drag?.refetch, null);
  row('drop: pointerup → settled re-render frame (round trip)', s.drag?.roundTrip, null);
  row(
    `scroll ${ROWS_WANTED} rows: long tasks (count)`,
    s.scroll?.longTasks,
    s.floor.scrollLongTasks,
    `0${s.targets ? (s.targets.scrollLongTasks.met ? ' met' : ' MISSED') : ''}`,
  );
  row('scroll: longest long task ms', s.scroll?.longTaskMax, s.floor.scrollLongTaskMax, `≤ ${TARGET.longTask}`);
  row('scroll: frame interval p95 ms', s.scroll?.frameP95, s.floor.scrollFrameP95);
  const widths = [0, 1, 2, 3, 4].map((c) =>
    Math.max(...[['measure (ms)', 'ours median / max', 'floor median / max', 'ours/floor', 'target'], ...rows].map((r) => String(r[c]).length)),
  );
  const line = (r) => '| ' + r.map((c, i) => String(c).padEnd(widths[i])).join(' | ') + ' |';
  console.log(
    '\n' +
      [
        line(['measure (ms)', 'ours median / max', 'floor median / max', 'ours/floor', 'target']),
        '|' + widths.map((w) => '-'.repeat(w + 2)).join('|') + '|',
        ...rows.map(line),
      ].join('\n') +
      '\n',
  );

  const machine = {
    cpus: cpus().length,
    cpu: cpus()[0]?.model,
    memGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    chromium: browser.version(),
    loadavg1AtStart: r1(loadAtStart),
    loadavg1AtEnd: r1(loadavg()[0]),
    viewport: VIEWPORT,
  };
  if (available) {
    const day = new Date().toISOString().slice(0, 10);
    mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
    const file = join(ROOT, `bench/results/scheduler-ui-${day}.json`);
    writeFileSync(
      file,
      JSON.stringify(
        {
          date: new Date().toISOString(),
          machine,
          settings: { runs: RUNS, scrollStep: SCROLL_STEP, rowsWanted: ROWS_WANTED },
          fixture: { ...fixture, password: undefined, chartTasks, statuses, people: team.length },
          summary,
          raw: { floor, app },
        },
        null,
        2,
      ),
    );
    log(`wrote ${file} (${((Date.now() - started) / 1000).toFixed(0)} s in all)`);
  }
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await browser?.close();
  await server.stop();
  if (process.env.BENCH_KEEP === '1') log(`kept ${dataDir}`);
  else await database.cleanup();
}
process.exit(exitCode);
