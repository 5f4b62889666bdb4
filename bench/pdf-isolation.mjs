// `node bench/pdf-isolation.mjs`: does one company's PDF downloads slow another company down? Another company's
// GET /api/jobs (page 1, one request after another on one keep-alive connection) p95 idle, then again while one company downloads 8 different
// 200-line estimates (every name and description at the API's maximum, packages/pdf's WORST_CASE_SHAPES in turn)
// in parallel, continuously: 8 client loops, each fetching its own document again as soon as the last one came
// back (after a 429, once its Retry-After has passed, as a browser's user would). Target: loaded p95 within 2×
// idle. The server runs in its own process (bench/lib.mjs) with PDF_CACHE_MB=0, so every download renders: the
// figure is the cost of rendering, not of the cache (which would answer all but the first 8 from memory).
// BENCH_SECONDS (10) per phase; BENCH_DIALECT=postgres runs on a throwaway cluster. `measurePdfIsolation` is the
// measuring part (bench/run.mjs calls it with the large tenant's server). Writes bench/results/pdf-isolation-<dialect>.md.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchLogin, createBenchDatabase, ensurePostgresCluster, fmtMs, fmtRow, ROOT, seedBenchDatabase, startServer } from './lib.mjs';

export const PDF_DOWNLOADERS = 8;
/** The server settings of this scenario: every download renders. */
export const PDF_ISOLATION_SERVER_ENV = { PDF_CACHE_MB: '0' };

// The same texts as packages/pdf/src/document-pdf.fixture.ts (WORST_CASE_SHAPES), in plain JavaScript so this
// script runs without tsx: the API's maximum name (200) and description (2000) in each shape, but for 1,200
// characters Helvetica lacks (3 bytes each in UTF-8: 200 lines of 2,000 would pass the 1 MB body limit).
const SHAPES = [
  {
    name: 'Replace and commission the rooftop unit '.repeat(5).slice(0, 200),
    description: 'Remove the old unit, fit the new one, test under load and leave the site clean. '.repeat(25).slice(0, 2000),
  },
  { name: 'Newline run', description: 'a\n'.repeat(1000) },
  { name: 'N'.repeat(200), description: 'x'.repeat(2000) },
  { name: '東'.repeat(200), description: '東'.repeat(1200) },
];

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function api(base, cookie, method, path, body) {
  const res = await fetch(base + path, {
    method,
    headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** 8 estimates of 200 worst-case lines in the downloading company (its first customer). */
async function createDocuments(base, cookie) {
  const customer = (await api(base, cookie, 'GET', '/api/customers?page=1&limit=1')).data[0];
  const ids = [];
  for (let d = 0; d < PDF_DOWNLOADERS; d++) {
    const shape = SHAPES[d % SHAPES.length];
    const productServices = Array.from({ length: 200 }, (_, i) => ({
      ...shape,
      name: `${i + 1} ${shape.name}`.slice(0, 200),
      qty: 1 + (i % 3),
      rate: 95.5 + d,
      isTaxable: i % 2 === 0,
      taxPercent: i % 2 === 0 ? 8.875 : 0,
    }));
    const body = { mode: 'Draft', jobInfo: { type: 'NonJob', accountId: customer.id }, estimateInfo: { dueDate: null }, productServices };
    ids.push((await api(base, cookie, 'POST', '/api/estimates', body)).data.id);
  }
  return ids;
}

/** Each loop downloads its own document until stopped; returns the answers it got and the download times. */
function startDownloads(base, cookie, ids) {
  let running = true;
  const started = performance.now();
  const tally = { ok: 0, refused: 0, other: 0, times: [], seconds: 0 };
  const loops = ids.map(async (id) => {
    while (running) {
      const t0 = performance.now();
      try {
        const res = await fetch(`${base}/api/estimates/${id}/pdf`, { headers: { cookie } });
        await res.arrayBuffer();
        if (res.status === 200) {
          tally.ok++;
          tally.times.push(performance.now() - t0);
        } else if (res.status === 429) {
          tally.refused++;
          await sleep(Number(res.headers.get('retry-after') ?? 1) * 1000);
        } else tally.other++;
      } catch {
        tally.other++;
      }
    }
  });
  const stop = async () => {
    running = false;
    await Promise.all(loops);
    tally.seconds = (performance.now() - started) / 1000;
    return tally;
  };
  return { stop };
}

const pct = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)] : null);

/**
 * One request after another for `seconds`, and the one under way at the end is waited for: autocannon drops the
 * requests still open when its duration ends, so a request held for seconds behind rendering would go unmeasured.
 */
async function measureSequential({ name, url, headers, seconds, target = null }) {
  const times = [];
  let bad = 0;
  const end = performance.now() + seconds * 1000;
  const started = performance.now();
  while (performance.now() < end) {
    const t0 = performance.now();
    try {
      const res = await fetch(url, { headers });
      await res.arrayBuffer();
      if (res.status !== 200) bad++;
    } catch {
      bad++; // e.g. the connection reset after CONNECTION_TIMEOUT_MS without an answer: counted, with its time
    }
    times.push(performance.now() - t0);
  }
  const elapsed = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return {
    name,
    target,
    request: null,
    connections: 1,
    requests: times.length,
    p50: pct(times, 0.5),
    p95: pct(times, 0.95),
    p99: pct(times, 0.99),
    rps: times.length / elapsed,
    bad,
  };
}

/**
 * `cookie`: the company whose job list is measured; `pdfCookie`: the other company, which downloads. The loaded
 * row's target is twice the idle p95 measured just before it.
 */
export async function measurePdfIsolation({ base, cookie, pdfCookie, seconds, log = console.log }) {
  const ids = await createDocuments(base, pdfCookie);
  // Each document once first: the render threads start on first use, and what is measured is the steady state.
  for (const id of ids) await fetch(`${base}/api/estimates/${id}/pdf`, { headers: { cookie: pdfCookie } }).then((r) => r.arrayBuffer());
  const opts = { url: `${base}/api/jobs?page=1&limit=10`, headers: { cookie }, seconds };
  const idle = await measureSequential({ name: 'GET /api/jobs page 1, idle', ...opts });
  log(fmtRow(idle));
  const downloads = startDownloads(base, pdfCookie, ids);
  const loaded = await measureSequential({
    name: `GET /api/jobs page 1, another company downloading ${PDF_DOWNLOADERS} 200-line PDFs`,
    ...opts,
    target: Math.round(idle.p95 * 2 * 10) / 10,
  });
  const tally = await downloads.stop();
  log(fmtRow(loaded));
  const times = tally.times.sort((a, b) => a - b);
  const pdf = {
    downloaded: tally.ok,
    refused: tally.refused,
    failed: tally.other,
    p50: pct(times, 0.5),
    p95: pct(times, 0.95),
    perSecond: tally.ok / tally.seconds,
    seconds: tally.seconds,
  };
  log(
    `PDFs meanwhile: ${pdf.downloaded} downloaded (p50 ${fmtMs(pdf.p50, 0)} ms, p95 ${fmtMs(pdf.p95, 0)} ms), ${pdf.refused} answered 429, ${pdf.failed} other; loaded p95 ÷ idle p95 = ${(loaded.p95 / idle.p95).toFixed(1)}×`,
  );
  return { rows: [idle, loaded], pdf };
}

if (import.meta.filename === process.argv[1]) {
  const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
  const dialect = process.env.BENCH_DIALECT ?? 'sqlite';
  if (dialect === 'postgres') ensurePostgresCluster(process.argv.slice(1));
  const database = await createBenchDatabase(dialect);
  // Bench Co (2,000 jobs) is measured; Other Co downloads.
  await seedBenchDatabase(database.env, { BENCH_JOBS: '2000', BENCH_CUSTOMERS: '200', BENCH_TECHS: '5', BENCH_SUBS: '2' });
  const server = await startServer(database.env, PDF_ISOLATION_SERVER_ENV);
  let result;
  try {
    result = await measurePdfIsolation({
      base: server.base,
      cookie: await benchLogin(server.base),
      pdfCookie: await benchLogin(server.base, 'other@bench.test'),
      seconds: SECONDS,
    });
  } finally {
    await server.stop();
    await database.cleanup();
  }
  const [idle, loaded] = result.rows;
  const { pdf } = result;
  const lines = [
    `# Another company's job list while one company downloads PDFs (${dialect})`,
    '',
    `${new Date().toISOString().slice(0, 10)}; ${SECONDS} s per phase; 1 connection for the job list, ${PDF_DOWNLOADERS} download loops; server (PDF_CACHE_MB=0) and load generator on the same machine.`,
    '',
    '| GET /api/jobs page 1 (2,000 jobs) | p50 ms | p95 ms | p99 ms | req/s |',
    '|---|---|---|---|---|',
    ...[
      ['idle', idle],
      [`while ${PDF_DOWNLOADERS} PDFs download`, loaded],
    ].map(([name, r]) => `| ${name} | ${fmtMs(r.p50)} | ${fmtMs(r.p95)} | ${fmtMs(r.p99)} | ${r.rps.toFixed(1)} |`),
    '',
    `Loaded ÷ idle p95: ${(loaded.p95 / idle.p95).toFixed(1)}× (target ≤ 2×). Unexpected job-list answers: ${idle.bad + loaded.bad}.`,
    `PDFs meanwhile (${pdf.seconds.toFixed(0)} s, until the last download under way came back): ${pdf.downloaded} downloaded (${pdf.perSecond.toFixed(2)}/s; p50 ${fmtMs(pdf.p50, 0)} ms, p95 ${fmtMs(pdf.p95, 0)} ms), ${pdf.refused} answered 429, ${pdf.failed} other.`,
  ];
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(join(ROOT, `bench/results/pdf-isolation-${dialect}.md`), lines.join('\n') + '\n');
  console.log('\n' + lines.join('\n'));
}
