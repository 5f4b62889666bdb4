// The scheduler-UI benchmark's tracing (bench/scheduler-ui.mjs runs it): Chrome tracing + V8 sampling of one page
// action, and the renderer main thread's time between two trace timestamps by phase, bundle chunk and function.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// ---- where the main thread's time goes (one extra, traced load: tracing slows the page, so never measured) ----
const PHASES = [
  [/^(MinorGC|MajorGC|V8\.GC|BlinkGC|GCEvent)/, 'GC'],
  [/^(UpdateLayoutTree|RecalculateStyles|ParseAuthorStyleSheet)/, 'style'],
  [/^(Layout|UpdateLayerTree|IntersectionObserverController)/, 'layout'],
  [/^(PrePaint|Paint|Layerize|Commit|UpdateLayer|CompositeLayers|PaintImage|Decode)/, 'paint / commit'],
  [/^(v8\.compile|v8\.parseOnBackground|V8\.Compile|CompileScript|v8\.compileModule|ParseHTML)/, 'parse / compile'],
  [/./, 'script'],
];
export async function traced(page, action) {
  const cdp = await page.context().newCDPSession(page);
  const events = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
  const complete = new Promise((ok) => cdp.once('Tracing.tracingComplete', ok));
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: {
      includedCategories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'blink.user_timing',
        'v8',
        'disabled-by-default-v8.gc',
        'disabled-by-default-v8.cpu_profiler',
      ],
    },
  });
  await action();
  await cdp.send('Tracing.end');
  await complete;
  await cdp.detach();
  return events;
}
/** Self time by event name on the renderer main thread between two trace timestamps (µs), grouped into phases. */
export function phaseBreakdown(events, from, to, { assets, r1 }) {
  // The page's main thread: where its user-timing marks were emitted.
  const main = events.find((e) => e.cat?.includes('blink.user_timing') && /^(fw|bench):/.test(e.name));
  if (!main || from === null || to === null) return null;
  const spans = [];
  const open = [];
  for (const e of events.filter((x) => x.pid === main.pid && x.tid === main.tid).sort((a, b) => a.ts - b.ts)) {
    if (e.ph === 'X' && e.dur !== undefined) spans.push({ name: e.name, ts: e.ts, end: e.ts + e.dur });
    else if (e.ph === 'B') open.push(e);
    else if (e.ph === 'E') {
      const i = open.map((x) => x.name).lastIndexOf(e.name);
      if (i >= 0) spans.push({ name: e.name, ts: open.splice(i, 1)[0].ts, end: e.ts });
    }
  }
  spans.sort((a, b) => a.ts - b.ts || b.end - a.end);
  const self = new Map();
  const stack = [];
  let busy = 0;
  for (const sp of spans) {
    const ts = Math.max(sp.ts, from);
    const end = Math.min(sp.end, to);
    if (end <= ts) continue;
    while (stack.length && stack[stack.length - 1].end <= ts) stack.pop();
    const d = end - ts;
    const parent = stack[stack.length - 1];
    if (parent) self.set(parent.name, (self.get(parent.name) ?? 0) - d);
    else busy += d;
    self.set(sp.name, (self.get(sp.name) ?? 0) + d);
    stack.push({ name: sp.name, end });
  }
  const phases = {};
  for (const [name, us] of self) {
    const phase = PHASES.find(([re]) => re.test(name))[1];
    phases[phase] = (phases[phase] ?? 0) + us / 1000;
  }
  const top = [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([name, us]) => ({ name, ms: r1(us / 1000) }));
  // JavaScript self time by bundle chunk (react, tanstack, the app's index, …) from the V8 sampling profiler.
  const nodes = new Map();
  const samples = [];
  for (const e of events.filter((x) => x.pid === main.pid && (x.name === 'Profile' || x.name === 'ProfileChunk'))) {
    const data = e.args?.data;
    if (e.name === 'Profile') {
      samples.push({ start: data.startTime });
      continue;
    }
    for (const n of data.cpuProfile?.nodes ?? []) nodes.set(n.id, n.callFrame);
    const ids = data.cpuProfile?.samples ?? [];
    const deltas = data.timeDeltas ?? [];
    let at = samples.findLast((x) => x.start !== undefined)?.last ?? samples.findLast((x) => x.start !== undefined)?.start ?? 0;
    for (let i = 0; i < ids.length; i++) {
      at += deltas[i] ?? 0;
      samples.push({ id: ids[i], at });
    }
    const head = samples.findLast((x) => x.start !== undefined);
    if (head) head.last = at;
  }
  const timed = samples.filter((x) => x.id !== undefined && x.at >= from && x.at <= to);
  const byChunk = {};
  const byFunction = {};
  for (let i = 0; i < timed.length - 1; i++) {
    const frame = nodes.get(timed[i].id);
    if (!frame) continue;
    const dt = (timed[i + 1].at - timed[i].at) / 1000;
    const chunk = frame.url ? frame.url.replace(/^.*\//, '').replace(/-[\w-]{8}\.js$/, '.js') : `(${frame.functionName || 'native'})`;
    byChunk[chunk] = (byChunk[chunk] ?? 0) + dt;
    const fn = `${chunk}:${frame.functionName || '(anonymous)'}:${frame.lineNumber}:${frame.columnNumber}`;
    byFunction[fn] = (byFunction[fn] ?? 0) + dt;
  }
  const jsByChunk = Object.fromEntries(
    Object.entries(byChunk)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6)
      .map(([k, v]) => [k, r1(v)]),
  );
  const jsTopFunctions = Object.entries(byFunction)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([k, v]) => ({ fn: k, ms: r1(v), code: codeAt(k, assets) }));
  return {
    windowMs: r1((to - from) / 1000),
    busyMs: r1(busy / 1000),
    jsByChunk,
    jsTopFunctions,
    phases: Object.fromEntries(
      Object.entries(phases)
        .map(([k, v]) => [k, r1(v)])
        .sort((a, b) => b[1] - a[1]),
    ),
    top,
  };
}
/** The served (minified) source at a profiled function's position, to tell which component it is. */
const bundleLines = new Map();
function codeAt(fn, assets) {
  const [chunk, , line, col] = fn.split(':');
  if (!chunk.endsWith('.js') || !assets) return null;
  const file = readdirSync(assets).find((f) => f.replace(/-[\w-]{8}\.js$/, '.js') === chunk);
  if (!file) return null;
  if (!bundleLines.has(file)) bundleLines.set(file, readFileSync(join(assets, file), 'utf8').split('\n'));
  const text = bundleLines.get(file)[Number(line)] ?? '';
  return text.slice(Math.max(0, Number(col) - 40), Number(col) + 160);
}
export const markTs = (events, name, after = 0) =>
  events.filter((e) => e.name === name && e.cat?.includes('blink.user_timing') && e.ts >= after).sort((a, b) => a.ts - b.ts)[0]?.ts ?? null;
export function feedFinishTs(events) {
  const send = events.find((e) => e.name === 'ResourceSendRequest' && e.args?.data?.url?.includes('/api/schedule?'));
  return events.find((e) => e.name === 'ResourceFinish' && e.args?.data?.requestId === send?.args?.data?.requestId)?.ts ?? null;
}
