// The scheduler-UI benchmark's page side (bench/scheduler-ui.mjs runs it): the instrumentation injected into every
// app page, the first-render wait, the drag-and-drop on the dispatch chart and the chart scroll (also run on the floor).

const MOVABLE = new Set(['OPEN', 'UNSCHEDULED', 'UNASSIGNED', 'UPCOMING', 'AWAITING_START', 'MISSED']); // CALENDAR_EDIT[status].move

// ---- in-page instrumentation of the app ----
export function instrument() {
  const fw = (window.__fwBench = { marks: [], mutations: [], frames: [], pointerUp: null, watch: null, rowsAt: null, rowsFrame: null, inRaf: false });
  // The end of a frame's rendering on the main thread: a message posted from a rAF callback runs after the
  // frame's style, layout and paint.
  const afterRender = (cb) => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => cb(performance.now());
    ch.port2.postMessage(0);
  };
  const raf = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (cb) =>
    raf((ts) => {
      fw.inRaf = true;
      try {
        cb(ts);
      } finally {
        fw.inRaf = false;
      }
    });
  const afterFrame = (cb) => raf(() => afterRender(cb));
  fw.afterFrame = afterFrame;
  const mark = performance.mark.bind(performance);
  performance.mark = function (name, options) {
    const entry = mark(name, options);
    if (typeof name === 'string' && name.startsWith('fw:')) {
      const rec = { name, at: entry ? entry.startTime : performance.now(), frame: null, entries: null, rows: null, inRaf: fw.inRaf };
      fw.marks.push(rec);
      // Marked inside a rAF callback (as the boards do): this frame paints it; otherwise the next one.
      (fw.inRaf ? afterRender : afterFrame)((t) => {
        rec.frame = t;
        rec.entries = document.querySelectorAll('[data-entry-id]').length;
        rec.rows = document.querySelectorAll('[data-row-key]').length;
      });
    }
    return entry;
  };
  addEventListener(
    'pointerup',
    (e) => {
      if (fw.watch && fw.pointerUp === null) {
        fw.pointerUp = e.timeStamp;
        mark('bench:pointerup');
      }
    },
    true,
  );
  // The chart: the first frame with people rows (the boards mark on entries; the team may arrive later).
  if (location.search.includes('board=chart')) {
    const t0 = performance.now();
    const poll = () =>
      raf(() => {
        if (document.querySelectorAll('[data-row-key]').length > 3) {
          fw.rowsAt = performance.now();
          afterRender((t) => {
            fw.rowsFrame = t;
          });
        } else if (performance.now() - t0 < 60_000) poll();
      });
    poll();
  }
}

/** Waits for the first fw:<board>-rendered mark after the feed's response, and its frame; returns timings. */
export async function firstRender(page, board) {
  await page.waitForSelector(`[data-board="${board}"]`, { timeout: 60_000 });
  await page.waitForFunction(
    (name) => {
      const fw = window.__fwBench;
      const feed = performance.getEntriesByType('resource').find((r) => r.name.includes('/api/schedule?'));
      return (
        feed && fw.marks.some((m) => m.name === name && m.at >= feed.responseEnd && m.frame !== null) && (!name.includes('chart') || fw.rowsFrame !== null)
      );
    },
    `fw:${board}-rendered`,
    { timeout: 60_000, polling: 100 },
  );
  return page.evaluate((name) => {
    const fw = window.__fwBench;
    const resources = performance.getEntriesByType('resource');
    const feed = resources.find((r) => r.name.includes('/api/schedule?'));
    const team = resources.filter((r) => r.name.includes('/api/tasks/team'));
    const teamEnd = team.length ? Math.max(...team.map((r) => r.responseEnd)) : null;
    const m = fw.marks.find((x) => x.name === name && x.at >= feed.responseEnd);
    const dataEnd = Math.max(feed.responseEnd, teamEnd ?? 0);
    // The whole board: the later of the feed's first render and (chart) the first frame with people rows.
    const complete = fw.rowsFrame === null ? m.frame : Math.max(m.frame, fw.rowsFrame);
    return {
      feedUrl: feed.name,
      feedStart: feed.startTime,
      feedEnd: feed.responseEnd,
      feedBytes: feed.transferSize,
      feedDecoded: feed.decodedBodySize,
      teamRequests: team.length,
      teamEnd,
      mark: m.at,
      markInRaf: m.inRaf,
      frame: m.frame,
      entries: m.entries,
      rows: m.rows,
      rowsAt: fw.rowsAt,
      rowsFrame: fw.rowsFrame,
      rowsInDom: document.querySelectorAll('[data-row-key]').length,
      marks: fw.marks.map((x) => ({ name: x.name, at: x.at, frame: x.frame })),
      toMark: m.at - feed.responseEnd,
      toFrame: m.frame - feed.responseEnd,
      completeFromFeed: complete - feed.responseEnd,
      completeFromData: complete - dataEnd,
      teamAfterFeed: teamEnd === null ? null : teamEnd - feed.responseEnd,
      fromNavToFrame: m.frame,
      fromNavToComplete: complete, // navigation start is the time origin
    };
  }, `fw:${board}-rendered`);
}

/** Tasks on the chart day a drag can move by whole hours to a free slot of the same technician within 09:00–17:00. */
export function dragCandidates(feed, fixture) {
  const d = fixture.days.indexOf(fixture.chartDay);
  const dayStart = fixture.dayStarts[d];
  const minute = (iso) => (Date.parse(iso) - dayStart) / 60_000;
  const byTech = new Map();
  for (const t of feed.tasks) {
    if (!t.assignedTo || minute(t.startTime) < 0 || minute(t.startTime) >= 1440) continue;
    if (!byTech.has(t.assignedTo.id)) byTech.set(t.assignedTo.id, []);
    byTech.get(t.assignedTo.id).push(t);
  }
  const out = [];
  for (const tasks of byTech.values()) {
    for (const t of tasks) {
      const s = minute(t.startTime);
      const e = minute(t.endTime);
      if (!MOVABLE.has(t.status) || s % 60 !== 0 || e - s < 60 || s < 9 * 60 || e > 17 * 60) continue;
      for (const shift of [180, -180, 120, -120, 240, -240, 60, -60]) {
        const ns = s + shift;
        const ne = e + shift;
        if (ns < 9 * 60 || ne > 17 * 60) continue;
        if (tasks.some((o) => o.id !== t.id && minute(o.startTime) < ne && minute(o.endTime) > ns)) continue;
        out.push({
          id: t.id,
          taskNumber: t.taskNumber,
          assigneeId: t.assignedTo.id,
          status: t.status,
          duration: e - s,
          shift,
          from: t.startTime,
          to: new Date(Date.parse(t.startTime) + shift * 60_000).toISOString(),
        });
        break;
      }
    }
  }
  return out;
}

// ---- the drag on the dispatch chart ----
// On the chart each person has a row of their own, so an entry dragged along its row to a free slot is drawn
// there alone, never folded into a "+N" group as on the week view (the generated day has ~285 tasks, many
// overlapping). The bar is the one on the technician's own row ([data-row-key] = their id; the same task is also
// drawn on the "All Technicians" row). Rows are windowed: the chart is scrolled a screen at a time until a
// candidate's row is drawn, then left idle before the drag.

/** Finds a candidate bar on screen (scrolling the chart down a screen at a time), returns where to drag it. */
async function pickChartEntry(page, candidates) {
  return page.evaluate(async (cands) => {
    const sc = document.querySelector('[data-chart-scroll]');
    const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const find = () => {
      const view = sc.getBoundingClientRect();
      const label = sc.querySelector('[data-row-key] > div')?.getBoundingClientRect().width ?? 200;
      const track = { left: view.left + label + 4, right: view.left + sc.clientWidth - 4, top: view.top + 40, bottom: view.top + sc.clientHeight - 4 };
      for (const c of cands) {
        const el = document.querySelector(`[data-board="chart"] [data-row-key="${CSS.escape(c.assigneeId)}"] [data-task-number="${c.taskNumber}"]`);
        if (!el) continue;
        const r = el.getBoundingClientRect();
        if (r.width < 16 || r.height < 10) continue;
        const pxPerMinute = r.width / c.duration;
        const x = r.left + Math.min(r.width / 2, 12);
        const y = r.top + r.height / 2;
        const dx = c.shift * pxPerMinute;
        if (x < track.left || x > track.right || x + dx < track.left || x + dx > track.right || y < track.top || y > track.bottom) continue;
        const hit = document.elementFromPoint(x, y);
        if (!hit || !el.contains(hit)) continue;
        return { ...c, x, y, dx, dy: 0, top: r.top, left: r.left, width: r.width, pxPerMinute, scrollTop: sc.scrollTop };
      }
      return null;
    };
    for (let i = 0; i < 80; i++) {
      const hit = find();
      if (hit) return hit;
      if (sc.scrollTop + sc.clientHeight >= sc.scrollHeight - 1) break;
      sc.scrollTop += Math.floor(sc.clientHeight * 0.8);
      await frame();
    }
    return null;
  }, candidates);
}

/**
 * Drags a candidate bar along its own row by its shift (page.mouse: down, 10 moves, up). "Drop re-rendered" =
 * pointerup → the first DOM mutation after which the bar on that row sits at its new left, not faded (the
 * dragged bar is drawn faded at its old place while a dashed preview follows the pointer) and without a
 * transform → the next frame.
 */
export async function dragAndDrop(page, candidates) {
  const board = 'chart';
  let pick = await pickChartEntry(page, candidates);
  if (!pick) return { error: `no draggable entry on screen among ${candidates.length} candidates` };
  // Scrolling to it re-rendered rows: let the page go idle, then read its place again.
  await page.waitForTimeout(1000);
  pick = await pickChartEntry(page, candidates);
  if (!pick) return { error: `no draggable entry on screen among ${candidates.length} candidates (after idle)` };
  await page.evaluate(
    ([p, board]) => {
      const fw = window.__fwBench;
      const root = document.querySelector(`[data-board="${board}"]`);
      const selector = `[data-board="${board}"] [data-row-key="${CSS.escape(p.assigneeId)}"] [data-task-number="${p.taskNumber}"]`;
      fw.pointerUp = null;
      fw.mutations = [];
      fw.frames = [];
      fw.watch = p;
      let stop = false;
      const frameLoop = () =>
        fw.afterFrame((t) => {
          fw.frames.push(t);
          if (!stop && performance.now() - (fw.pointerUp ?? performance.now()) < 4000) requestAnimationFrame(frameLoop);
        });
      requestAnimationFrame(frameLoop);
      fw.stopFrames = () => {
        stop = true;
      };
      fw.touched = new Set();
      fw.observer = new MutationObserver((records) => {
        if (fw.pointerUp === null) return;
        if (!fw.mutations.some((x) => x.atTarget)) {
          for (const rec of records) {
            const nodes = rec.type === 'childList' ? [...rec.addedNodes, ...rec.removedNodes] : [rec.target];
            for (const n of nodes) {
              const entry =
                n.nodeType === 1 ? (n.closest?.('[data-entry-id]') ?? n.querySelector?.('[data-entry-id]')) : n.parentElement?.closest('[data-entry-id]');
              if (entry) fw.touched.add(entry.getAttribute('data-entry-id'));
            }
          }
        }
        const el = document.querySelector(selector);
        const r = el?.getBoundingClientRect();
        const style = el ? getComputedStyle(el) : null;
        const atTarget =
          !!r &&
          Math.abs(r.left - (p.left + p.dx)) <= 3 &&
          Math.abs(r.top - p.top) <= 3 &&
          (!style || ((style.transform === 'none' || !style.transform) && Number(style.opacity) === 1));
        if (atTarget && !fw.mutations.some((x) => x.atTarget)) performance.mark('bench:drop-dom');
        fw.mutations.push({ t: performance.now(), left: r?.left ?? null, top: r?.top ?? null, atTarget });
      });
      fw.observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
    },
    [pick, board],
  );
  const put = page.waitForResponse((r) => r.url().includes('/api/tasks/schedule/') && r.request().method() === 'PUT', { timeout: 15_000 });
  await page.mouse.move(pick.x, pick.y);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) await page.mouse.move(pick.x + (pick.dx * i) / 10, pick.y + (pick.dy * i) / 10);
  await page.mouse.up();
  const putResponse = await put.catch(() => null);
  await page.waitForTimeout(2000);
  const m = await page.evaluate(() => {
    const fw = window.__fwBench;
    fw.observer.disconnect();
    fw.stopFrames();
    fw.watch = null;
    const resources = performance.getEntriesByType('resource');
    const res = resources.filter((r) => r.name.includes('/api/tasks/schedule/'));
    const putEntry = res[res.length - 1];
    const after = resources
      .filter((r) => fw.pointerUp !== null && r.startTime > fw.pointerUp)
      .map((r) => ({ url: r.name.replace(location.origin, '').slice(0, 60), start: r.startTime, end: r.responseEnd }));
    return {
      touched: fw.touched.size,
      pointerUp: fw.pointerUp,
      mutations: fw.mutations,
      frames: fw.frames,
      putStart: putEntry?.startTime ?? null,
      putEnd: putEntry?.responseEnd ?? null,
      marks: fw.marks.filter((x) => x.at > (fw.pointerUp ?? Infinity)),
      after,
    };
  });
  const nextFrame = (t) => m.frames.find((f) => f >= t) ?? null;
  const firstAtTarget = m.mutations.find((x) => x.atTarget);
  const dropFrame = firstAtTarget ? nextFrame(firstAtTarget.t) : null;
  // Settled: the PUT's answer, then the scheduler's refetch (feed and team, started after the PUT) and the
  // board's mark after it; without a refetch, the last DOM change within 300 ms of the answer.
  let settledFrame = null;
  let refetchEnd = null;
  if (m.putEnd !== null) {
    const refetch = m.after.filter((r) => r.start >= m.putEnd - 1 && (r.url.startsWith('/api/schedule?') || r.url.startsWith('/api/tasks/team')));
    if (refetch.length) {
      refetchEnd = Math.max(...refetch.map((r) => r.end));
      const mark = m.marks.find((x) => x.at >= refetchEnd);
      settledFrame = mark?.frame ?? nextFrame(Math.max(refetchEnd, ...m.mutations.filter((x) => x.t > refetchEnd && x.t <= refetchEnd + 1000).map((x) => x.t)));
    } else settledFrame = nextFrame(Math.max(m.putEnd, ...m.mutations.filter((x) => x.t > m.putEnd && x.t <= m.putEnd + 300).map((x) => x.t)));
  }
  const since = (t) => (t !== null && t !== undefined && m.pointerUp !== null ? t - m.pointerUp : null);
  return {
    board,
    task: pick.taskNumber,
    assignee: pick.assigneeId,
    status: pick.status,
    shiftMinutes: pick.shift,
    dx: pick.dx,
    chartScrollTop: pick.scrollTop,
    putStatus: putResponse?.status() ?? null,
    mutationsAfterUp: m.mutations.length,
    entriesTouchedUntilDrop: m.touched,
    reachedTarget: !!firstAtTarget,
    dropDom: since(firstAtTarget?.t),
    drop: since(dropFrame),
    put: since(m.putEnd),
    refetch: since(refetchEnd),
    roundTrip: since(settledFrame),
    requestsAfterUp: m.after.map((r) => ({ url: r.url, start: since(r.start), end: since(r.end) })),
  };
}

// ---- scrolling the chart (the app's or the floor's) ----
export function scrollRows({ step, rowsWanted }) {
  return new Promise((done) => {
    const sc = document.querySelector('[data-chart-scroll]');
    const longTasks = [];
    const po = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) longTasks.push({ start: e.startTime, duration: e.duration });
    });
    po.observe({ type: 'longtask' });
    const seen = new Set();
    const frames = [];
    const t0 = performance.now();
    performance.mark('bench:scroll-start');
    const tick = (ts) => {
      frames.push(ts);
      const view = sc.getBoundingClientRect();
      for (const row of sc.querySelectorAll('[data-row-key]')) {
        const r = row.getBoundingClientRect();
        if (r.bottom > view.top && r.top < view.bottom) seen.add(row.getAttribute('data-row-key'));
      }
      const bottom = sc.scrollTop + sc.clientHeight >= sc.scrollHeight - 1;
      if (seen.size >= rowsWanted || bottom || ts - t0 > 180_000) {
        setTimeout(() => {
          po.disconnect();
          const gaps = frames.slice(1).map((f, i) => f - frames[i]);
          done({
            rowsSeen: seen.size,
            reachedBottom: bottom,
            scrollTop: sc.scrollTop,
            scrollHeight: sc.scrollHeight,
            ms: ts - t0,
            frames: frames.length,
            gaps,
            longTasks,
          });
        }, 300);
        return;
      }
      sc.scrollTop += step;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}
