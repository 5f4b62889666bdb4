// bench/results/latest.md of `npm run bench`: the rows that miss their target first (with the reason, or "—"
// for the author to fill in), then one table per benchmark with both dialects side by side: p50/p95/p99, req/s,
// the floor (the same request's SQL replayed straight against the database), API ÷ floor, and req/s ÷ the
// ceiling (a bare Fastify JSON route measured in the same run with the same number of connections).
import { fmtMs } from './lib.mjs';

/** Every target the earlier issues set, in one place (p95 in ms unless said otherwise). */
export const TARGETS = [
  {
    group: 'api',
    what: 'foundation scenarios (health, profile, customers, users, login)',
    target: 'none set (throughput compared between dialects)',
    source: 'issue 1',
  },
  { group: 'jobs', what: 'GET /api/jobs and /api/jobs/summary at 200k jobs, every scenario', target: 'p95 ≤ 30 ms', source: 'issue 3' },
  { group: 'tasks', what: 'GET /api/tasks at 2M tasks, every tab, page 1 and 1,000, with meta.total', target: 'p95 ≤ 20 ms', source: 'issue 4' },
  { group: 'scheduling', what: 'scheduler range, one week × 80 technicians (gzipped)', target: 'p95 ≤ 50 ms', source: 'issue 5' },
  { group: 'scheduling', what: 'schedule write with its clash check (200 and 409)', target: 'p95 ≤ 10 ms', source: 'issue 5' },
  { group: 'ui', what: 'scheduler screen: first render of week and chart after data', target: 'median ≤ 500 ms', source: 'issue 6' },
  { group: 'ui', what: 'scheduler screen: a drop re-rendered', target: 'median ≤ 50 ms', source: 'issue 6' },
  { group: 'ui', what: 'scheduler screen: scrolling 500 chart rows', target: 'no long task > 50 ms', source: 'issue 6' },
  { group: 'pdf', what: 'estimate and invoice PDF, 50 lines, in process and over HTTP', target: 'p95 ≤ 200 ms', source: 'issue 8' },
  {
    group: 'dashboard',
    what: 'every /api/dashboard endpoint, preset=this_year, at 200k jobs / 2M tasks / 600k lines',
    target: 'p95 ≤ 100 ms',
    source: 'issue 10',
  },
  {
    group: 'pdfIsolation',
    what: "another company's GET /api/jobs while one company downloads 8 different 200-line PDFs in parallel",
    target: 'p95 ≤ 2× its idle p95',
    source: 'PDFs never block the server',
  },
  {
    group: 'outbox',
    what: 'email jobs per second through the queue (2,000 queued at once, delivered over SMTP to a loopback server), BACKGROUND_CONCURRENCY 4 and 8',
    target: 'none set (jobs/s per dialect, beside the SMTP bound)',
    source: 'messages leave the building',
  },
  {
    group: 'send',
    what: 'POST /api/invoices/{id}/send with an email (queued, PDF rendered when it goes out), interleaved with sends without',
    target: 'p95 ≤ Send without email p95 + 5 ms',
    source: 'messages leave the building',
  },
];

// Reasons already established (bench/README.md findings); anything else is left to the author as "—".
const KNOWN_REASONS = [
  {
    group: 'tasks',
    name: /search task number "1"$/,
    reason: 'the total is counted up to 10,000 ("10,000+"); a miss here is the page itself (README, task list findings)',
  },
  {
    group: 'tasks',
    name: /^All, status MISSED/,
    reason:
      'MISSED depends on the clock, so no index holds it: the page and its count (to 10,000) walk open tasks newest first past those not yet due (README, task list findings)',
  },
  {
    group: 'dashboard',
    dialect: 'postgres',
    name: /^(lead-metrics|top-revenue-zones|top-revenue-tags)$/,
    reason: 'still read from the records; PostgreSQL pays more per joined row (README, dashboard)',
  },
  {
    group: 'jobs',
    dialect: 'postgres',
    name: /^(page \d+|filter)/,
    reason: 'deep offsets and link filters on PostgreSQL; keyset paging / GIN array are the next steps (README, job list)',
  },
  {
    group: 'jobs',
    dialect: 'postgres',
    name: /^GET \/api\/jobs\/summary$/,
    reason:
      'the overdue card reads per-day counters (migration 0032) since 2026-11-27: SQL floor 2.3 / 6.8 ms on PostgreSQL; an API figure over 30 ms is the machine (README, scheduling, PostgreSQL writes)',
  },
  {
    group: 'scheduling',
    name: /^Scheduler, one week/,
    reason:
      'its SQL alone is 22 / 32 ms on PostgreSQL (floor p50 / p95 on 2026-11-28; 17 / 21 on SQLite); the rest is reading, building and compressing the ~900 KB answer of 1,659 entries, so a busy machine pushes it over (README, scheduling)',
  },
  {
    group: 'scheduling',
    dialect: 'sqlite',
    name: /10 connections/,
    reason:
      'one server thread answers one request at a time and SQLite has one writer: a PUT costs the thread ~2.1 ms (SQL 1.05: clash check 0.23, commit 0.23, the task read for the answer 0.22, reminder settings 0.15), a refused one ~1.0 ms (SQL 0.44), so ten at once wait ~10 × that (README, scheduling, known limits); each write is within target at 1 connection: 1.8 / 3.3 ms p50 / p95 on 2026-11-28, refused 1.0 / 1.5',
  },
  {
    group: 'scheduling',
    dialect: 'postgres',
    name: /^Re-schedule/,
    reason:
      'within target per write (1 connection on 2026-11-28: 4.8 / 8.9 ms, 409 2.0 / 3.2; 9 round trips, SQL floor 1.9 / 2.8 ms); at 10 connections ten writers, PostgreSQL and the load generator queue for the 2 cores (README, scheduling, PostgreSQL writes)',
  },
  {
    group: 'payments',
    dialect: 'postgres',
    name: /^webhook: a new card payment/,
    reason:
      'the tail is background jobs run beside the webhooks: 15.1 ms p95 with no worker, 28.6 with four jobs at once, 15.0 in the 2026-11-28 report with one at a time while requests are answered; a miss is the machine (README, the last misses traced)',
  },
  {
    group: 'send',
    dialect: 'postgres',
    name: /with an email/,
    reason:
      "the request's own cost is within it (worker off: with − without 3.3 ms p50, 3.5 p95); the rest is each email's delivery (PDF on a thread, SMTP, ~15 statements) running beside the sends on the 2 cores (README, the last misses traced)",
  },
];
const FIRST_RENDER =
  'within 500 since 2026-11-28 (week 336, chart 337 ms medians): the service worker install waits for the first screen; a miss is the machine or a new regression (README, the last misses traced)';
const UI_REASONS = {
  weekFirstRender: FIRST_RENDER,
  chartFirstRender: FIRST_RENDER,
  chartWithRows: FIRST_RENDER,
  drop: 'varies between runs on the shared 2 cores (50.1, 24.5 and 50.1 ms medians in the last three full runs); the plain-DOM floor is 12 ms',
};
const reasonFor = (group, dialect, name) =>
  KNOWN_REASONS.find((k) => k.group === group && (!k.dialect || k.dialect === dialect) && k.name.test(name))?.reason ?? '—';

export const GROUP_TITLES = {
  api: 'Foundation API scenarios (10 connections, login 2)',
  jobs: 'Job list (GET /api/jobs)',
  tasks: 'Task list (GET /api/tasks)',
  scheduling: 'Scheduling (scheduler range, availability, schedule writes)',
  dashboard: 'Dashboard endpoints (preset=this_year)',
  portal: "Customer portal: a customer's document pages and hub on the large tenant (bench/portal.mjs)",
  payments: 'Card payments: a signed Stripe webhook recording a payment on an open invoice, and a replayed one, on the large tenant (bench/payments.mjs)',
  pdfIsolation: 'Job list while another company downloads 8 worst-case 200-line PDFs (bench/pdf-isolation.mjs, PDF cache off; target 2× the idle row)',
  send: 'Send an invoice with and without email (bench/outbox.mjs: POST /api/invoices/{id}/send, interleaved on one keep-alive connection, each a different 10-line draft; target: with email p95 ≤ without + 5 ms)',
};

const DIALECTS = [
  ['sqlite', 'SQLite'],
  ['postgres', 'PostgreSQL'],
];
const cell = (x) => String(x ?? '–').replace(/\|/g, '\\|');
const ratio = (a, b, d = 1) => (a && b ? `${(a / b).toFixed(d)}×` : '–');

function rowMisses(results) {
  const misses = [];
  for (const [dialect, label] of DIALECTS) {
    const res = results[dialect];
    for (const group of res?.groups ?? []) {
      for (const r of group.rows) {
        const over = r.target && (r.p95 === null || r.p95 > r.target);
        if (over || r.bad) {
          misses.push([
            GROUP_TITLES[group.key],
            r.name,
            label,
            r.target ? `p95 ≤ ${r.target} ms` : '–',
            `p95 ${fmtMs(r.p95)} ms${r.bad ? `, ${r.bad} unexpected answers` : ''}`,
            reasonFor(group.key, dialect, r.name),
          ]);
        }
      }
    }
    for (const p of res?.pdf ?? []) {
      if (p.lines === 50 && p.p95 > 200)
        misses.push(['PDF', `${p.kind}, 50 lines, ${p.mode}`, p.mode === 'in-process' ? '–' : label, 'p95 ≤ 200 ms', `p95 ${p.p95} ms`, '—']);
    }
  }
  for (const [key, t] of Object.entries(results.ui?.summary?.targets ?? {})) {
    if (!t.met)
      misses.push([
        'Scheduler screen (Chromium)',
        key,
        'SQLite',
        String(typeof t.target === 'number' ? `median ≤ ${t.target} ms` : t.target),
        t.median !== undefined ? `median ${fmtMs(t.median)} ms` : `max ${fmtMs(t.maxSeen)} ms`,
        UI_REASONS[key] ?? '—',
      ]);
  }
  return misses;
}

function groupTable(key, results) {
  const byName = new Map();
  for (const [dialect] of DIALECTS)
    for (const r of results[dialect]?.groups.find((g) => g.key === key)?.rows ?? [])
      byName.set(r.name, { ...byName.get(r.name), [dialect]: r, target: r.target });
  if (!byName.size) return [];
  const head = ['scenario', 'target p95'];
  const sep = ['---', '---'];
  for (const [, label] of DIALECTS) {
    head.push(`${label} p50 / p95 / p99 ms`, `${label} req/s`, `${label} floor p50 / p95 ms`, `${label} API ÷ floor`, `${label} ÷ ceiling`);
    sep.push('---', '---', '---', '---', '---');
  }
  const lines = [`## ${GROUP_TITLES[key]}`, '', `| ${head.join(' | ')} |`, `|${sep.join('|')}|`];
  for (const [name, v] of byName) {
    // A target measured in the run (pdfIsolation, send) differs per dialect: each dialect's own then.
    const targets = DIALECTS.filter(([dialect]) => v[dialect]?.target);
    const same = targets.every(([dialect]) => v[dialect].target === v[targets[0][0]].target);
    const target = !targets.length
      ? '–'
      : same
        ? `≤ ${v[targets[0][0]].target}`
        : targets.map(([dialect, label]) => `≤ ${v[dialect].target} (${label})`).join(', ');
    const cells = [cell(name), target];
    for (const [dialect] of DIALECTS) {
      const r = v[dialect];
      if (!r) {
        cells.push('–', '–', '–', '–', '–');
        continue;
      }
      const miss = r.target && r.p95 > r.target ? ' **over**' : '';
      const ceiling = results[dialect].ceiling?.[r.connections];
      cells.push(
        `${fmtMs(r.p50)} / ${fmtMs(r.p95)}${miss} / ${fmtMs(r.p99)}${r.bad ? ` (${r.bad} unexpected)` : ''}`,
        r.rps.toFixed(0),
        r.floor ? (r.floor.error ? cell(r.floor.error) : `${fmtMs(r.floor.p50, 2)} / ${fmtMs(r.floor.p95, 2)}`) : '–',
        r.floor?.p50 ? ratio(r.p50, r.floor.p50) : '–',
        ceiling ? ratio(r.rps, ceiling.rps, 3) : '–',
      );
    }
    lines.push(`| ${cells.join(' | ')} |`);
  }
  return [...lines, ''];
}

function pdfTable(results) {
  const rows = [];
  const find = (dialect, mode, kind, lines) => results[dialect]?.pdf?.find((p) => p.mode === mode && p.kind === kind && p.lines === lines);
  for (const kind of ['estimate', 'invoice']) {
    for (const lines of [1, 50, 300]) {
      const f = (p) => (p ? `${p.p50} / ${p.p95} / ${p.max}` : '–');
      rows.push(
        `| ${kind}, ${lines} line${lines > 1 ? 's' : ''} | ${f(find('sqlite', 'in-process', kind, lines))} | ${f(find('sqlite', 'http', kind, lines))} | ${f(find('postgres', 'http', kind, lines))} |`,
      );
    }
  }
  return [
    '## PDFs (bench/pdf.mjs; target p95 ≤ 200 ms at 50 lines)',
    '',
    'In process: renderDocumentPdf on the fixture DTOs. HTTP: GET /api/{estimates,invoices}/:id/pdf on the test app (its own small company) listening on loopback.',
    '',
    '| document | in process p50 / p95 / max ms | HTTP on SQLite p50 / p95 / max ms | HTTP on PostgreSQL p50 / p95 / max ms |',
    '|---|---|---|---|',
    ...rows,
    '',
  ];
}

function outboxTable(results) {
  const runs = DIALECTS.map(([dialect]) => results[dialect]?.outbox);
  if (!runs.some(Boolean)) return [];
  const concurrencies = [...new Set(runs.flatMap((o) => o?.throughput.map((t) => t.concurrency) ?? []))];
  const cellOf = (o, c) => {
    const t = o?.throughput.find((x) => x.concurrency === c);
    return t
      ? `${t.jobsPerSecond.toFixed(1)} | ${t.smtpBound.toFixed(1)} (${((100 * t.jobsPerSecond) / t.smtpBound).toFixed(0)}%) | ${t.duplicates} / ${t.notSent}`
      : '– | – | –';
  };
  const settings = runs.find(Boolean).settings;
  const smtp = DIALECTS.map(([, label], i) => (runs[i] ? `${label} p50 ${fmtMs(runs[i].smtp.p50)} ms` : null))
    .filter(Boolean)
    .join(', ');
  const emails = DIALECTS.map(([, label], i) => {
    const e = runs[i]?.emails;
    return e
      ? `${label}: ${e.arrived} of ${e.queued} arrived, ${e.withPdf} with the PDF${e.lastArrivedAfterLastSendSeconds === null ? '' : `, the last ${e.lastArrivedAfterLastSendSeconds.toFixed(1)} s after the last send`}`
      : null;
  })
    .filter(Boolean)
    .join('; ');
  return [
    '## Outbox: email jobs per second through the queue (bench/outbox.mjs)',
    '',
    `${settings.emails.toLocaleString('en-US')} emails queued with the product's queueEmail in one transaction, delivered by one server process (BACKGROUND_POLL_MS=${settings.pollMs}) over SMTP (nodemailer, a new connection per email) to a test SMTP server on loopback in the bench process; timed from the commit to the last email received. ` +
      `SMTP bound: concurrency × 1000 ÷ one email's SMTP dialogue alone from the bench process (${smtp}; smtp-server waits 100 ms before its greeting), what the workers could reach if queue and database cost nothing.`,
    '',
    '| BACKGROUND_CONCURRENCY | SQLite jobs/s | SQLite SMTP bound (reached) | SQLite duplicates / not sent | PostgreSQL jobs/s | PostgreSQL SMTP bound (reached) | PostgreSQL duplicates / not sent |',
    '|---|---|---|---|---|---|---|',
    ...concurrencies.map((c) => `| ${c}${c === 4 ? ' (default)' : ''} | ${cellOf(runs[0], c)} | ${cellOf(runs[1], c)} |`),
    '',
    `The Send rows' emails (server at its background defaults: poll 500 ms, concurrency 4): ${emails}.`,
    '',
  ];
}

function uiTable(ui) {
  if (!ui) return ['## Scheduler screen (Chromium)', '', 'Not run (BENCH_UI=0).', ''];
  if (ui.error) return ['## Scheduler screen (Chromium)', '', `Failed: ${ui.error}`, ''];
  const s = ui.summary;
  const f = (x) => (x ? `${fmtMs(x.median)} / ${fmtMs(x.max)}` : '–');
  const rows = [
    ['week: feed responseEnd → next frame', s.week?.dataToFrame, s.floor?.weekToFrame, '≤ 500'],
    ['chart: feed responseEnd → next frame', s.chart?.dataToFrame, s.floor?.chartToFrame, '≤ 500'],
    ['chart: last team page → frame with person rows', s.chart?.withRowsFromLastData, s.floor?.chartToFrame, '≤ 500'],
    ['drop: pointerup → next frame', s.drag?.drop, s.floor?.drop, '≤ 50'],
    ['drop: round trip', s.drag?.roundTrip, null, ''],
    ['scroll 500 rows: long tasks (count)', s.scroll?.longTasks, s.floor?.scrollLongTasks, '0'],
    ['scroll: longest long task ms', s.scroll?.longTaskMax, s.floor?.scrollLongTaskMax, '≤ 50'],
  ];
  return [
    '## Scheduler screen (Chromium, bench/scheduler-ui.mjs)',
    '',
    `Its own generated tenant (80 technicians, 2,000 tasks this week) on SQLite only; ${ui.settings?.runs} run(s) per figure; medians / max. Full data: ${ui.file}.`,
    '',
    '| measure (ms) | ours median / max | plain-DOM floor median / max | ours ÷ floor | target |',
    '|---|---|---|---|---|',
    ...rows.map(
      ([what, ours, floor, target]) => `| ${what} | ${f(ours)} | ${f(floor)} | ${ours && floor?.median ? ratio(ours.median, floor.median) : '–'} | ${target} |`,
    ),
    '',
  ];
}

/** The whole report as Markdown; `results` = { sqlite, postgres, ui, started, finished }. */
export function renderReport(results) {
  const misses = rowMisses(results);
  const describe = (dialect, label) => {
    const r = results[dialect];
    if (!r) return `- ${label}: not run.`;
    const c = Object.entries(r.ceiling ?? {})
      .map(([n, row]) => `${row.rps.toFixed(0)} req/s at ${n} connection(s)`)
      .join(', ');
    return `- ${label}: ${r.seeding}. Ceiling (bare Fastify GET returning a small JSON object, own process): ${c}. Load average ${r.loadavg.map((x) => x.toFixed(1)).join(' → ')}.`;
  };
  const s = results.sqlite?.sizes ?? results.postgres?.sizes;
  return (
    [
      '# Benchmark report (`npm run bench`)',
      '',
      `${results.started} – ${results.finished}. One company of ${s.jobs.toLocaleString('en-US')} jobs, ${s.tasks.toLocaleString('en-US')} tasks, ${s.technicians} technicians, ${s.invoiceLines.toLocaleString('en-US')} invoice lines, ` +
        `${s.calls.toLocaleString('en-US')} receptionist calls and ${s.assets.toLocaleString('en-US')} assets, plus a second company (bench/large-tenant.mjs, cached under DATA_DIR/bench-cache).`,
      `Server in its own process, autocannon over loopback from the bench process, ${results.seconds} s per row, 1 connection unless the row says otherwise; everything shares the machine's cores.`,
      "p50/p95/p99 from every response time. Floor: the request's SQL captured from the server and replayed straight against the database in a rolled-back transaction (bench/floor.mjs); API ÷ floor compares the p50s. Ceiling: req/s of the row ÷ req/s of a bare Fastify JSON route with the same connections.",
      '',
      describe('sqlite', 'SQLite'),
      describe('postgres', 'PostgreSQL'),
      '',
      '## Missing their target',
      '',
      ...(misses.length
        ? ['| benchmark | row | database | target | measured | reason |', '|---|---|---|---|---|---|', ...misses.map((m) => `| ${m.map(cell).join(' | ')} |`)]
        : ['None.']),
      '',
      '## Targets',
      '',
      '| benchmark | what | target | from |',
      '|---|---|---|---|',
      ...TARGETS.map((t) => `| ${t.group} | ${t.what} | ${t.target} | ${t.source} |`),
      '',
      ...['api', 'jobs', 'tasks', 'scheduling', 'dashboard', 'portal', 'payments', 'pdfIsolation', 'send'].flatMap((k) => groupTable(k, results)),
      ...outboxTable(results),
      ...pdfTable(results),
      ...uiTable(results.ui),
    ].join('\n') + '\n'
  );
}
