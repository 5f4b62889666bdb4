// `npm run bench`: one report. The large tenant (bench/large-tenant.mjs, cached under DATA_DIR) on
// SQLite, then on a throwaway PostgreSQL cluster (this script again under scripts/with-postgres.sh with
// --postgres-only); on each: the ceiling (bench/ceiling.mjs), the foundation scenarios, job list, task list,
// scheduling and dashboard against the real server in its own process, every row's floor (bench/floor.mjs), the
// job list while another company downloads 8 large PDFs (bench/pdf-isolation.mjs), the PDF times, and the outbox
// (bench/outbox.mjs, its own small database: email jobs per second through the queue, the invoice Send request with
// and without email); then the Chromium scheduler benchmark once (its own tenant, SQLite). Writes
// bench/results/latest.md (bench/report.mjs) and the raw figures to bench/results/latest.json.
// BENCH_SECONDS (5) per row; BENCH_DIALECTS=sqlite,postgres; BENCH_UI=0 skips the browser; BENCH_UI_RUNS (5);
// BENCH_REFRESH=1 seeds anew; sizes: BENCH_JOBS, BENCH_TASKS, BENCH_TECHS, BENCH_INVOICE_LINES, BENCH_CALLS, BENCH_ASSETS;
// the outbox: BENCH_OUTBOX_EMAILS (2,000), BENCH_OUTBOX_SENDS (500 per variant), BENCH_OUTBOX=0 skips it.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { measureApiBasics } from './api-basics.mjs';
import { measureCeiling } from './ceiling.mjs';
import { measureDashboard } from './dashboard.mjs';
import { measureFloors } from './floor.mjs';
import { measureJobsList } from './jobs-list.mjs';
import { cacheRoot, openLargeTenant } from './large-tenant.mjs';
import { benchLogin, openSql, ROOT, startServer } from './lib.mjs';
import { measureOutbox } from './outbox.mjs';
import { measurePdf } from './pdf.mjs';
import { measurePdfIsolation, PDF_ISOLATION_SERVER_ENV } from './pdf-isolation.mjs';
import { measurePortal } from './portal.mjs';
import { measurePayments, startStripeStub } from './payments.mjs';
import { renderReport } from './report.mjs';
import { measureScheduling } from './scheduling.mjs';
import { measureTasksList } from './tasks-list.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const WRITE_CONNECTIONS = 10;
const say =
  (dialect) =>
  (...a) =>
    console.log(`[bench ${dialect}]`, ...a);

async function benchDialect(dialect) {
  const log = say(dialect);
  const load0 = loadavg()[0];
  const tenant = await openLargeTenant(dialect);
  log(tenant.seeding);
  const result = { dialect, seeding: tenant.seeding, sizes: tenant.sizes, key: tenant.key, groups: [] };
  try {
    const sql = await openSql(tenant.env);
    const tenantId = (await sql.get("select id from tenants where name = 'Bench Co'")).id;
    await sql.close();
    log('ceiling: bare Fastify JSON route');
    result.ceiling = await measureCeiling([1, 2, WRITE_CONNECTIONS], SECONDS);
    for (const [n, r] of Object.entries(result.ceiling)) log(`ceiling ${n} connection(s): ${r.rps.toFixed(0)} req/s, p95 ${r.p95.toFixed(2)} ms`);
    // The PDF cache off, so the downloads of the PDF isolation rows render every time (no other row reads PDFs).
    const stripeStub = await startStripeStub();
    const server = await startServer(tenant.env, { ...PDF_ISOLATION_SERVER_ENV, STRIPE_API_URL: stripeStub.url });
    try {
      const base = server.base;
      const cookie = await benchLogin(base);
      const common = { base, cookie, seconds: SECONDS, log };
      log('foundation scenarios');
      result.groups.push({ key: 'api', rows: await measureApiBasics({ ...common, connections: WRITE_CONNECTIONS }) });
      log('job list');
      result.groups.push({ key: 'jobs', rows: await measureJobsList({ ...common, jobs: tenant.sizes.jobs }) });
      log('task list');
      result.groups.push({ key: 'tasks', rows: await measureTasksList(common) });
      log('scheduling');
      const scheduling = await measureScheduling({ ...common, env: tenant.env, writeConnections: WRITE_CONNECTIONS });
      result.groups.push({ key: 'scheduling', rows: scheduling.rows, facts: scheduling.facts });
      log('dashboard');
      result.groups.push({ key: 'dashboard', rows: await measureDashboard(common) });
      log('customer portal');
      result.groups.push({ key: 'portal', rows: await measurePortal({ base, env: tenant.env, tenantId, seconds: SECONDS, log }) });
      log('card payments (Stripe webhooks)');
      result.groups.push({ key: 'payments', rows: await measurePayments({ ...common, env: tenant.env, tenantId }) });
      log('job list while another company downloads PDFs');
      const isolation = await measurePdfIsolation({ ...common, pdfCookie: await benchLogin(base, 'other@bench.test') });
      result.groups.push({ key: 'pdfIsolation', rows: isolation.rows, facts: isolation.pdf });
    } finally {
      await server.stop();
      await stripeStub.close();
    }
    log("floors: each row's SQL captured and replayed");
    await measureFloors(
      tenant.env,
      tenantId,
      result.groups.flatMap((g) => g.rows),
      log,
    );
  } finally {
    await tenant.cleanup();
  }
  // PDFs on the test app's own small company (the same app, on this dialect under with-postgres.sh).
  log('PDFs');
  result.pdf = await measurePdf({ inProcess: dialect === 'sqlite', http: true, log });
  // The outbox on its own small database (its servers need SMTP_URL and the worker's settings).
  if (process.env.BENCH_OUTBOX !== '0') {
    log('outbox: email jobs through the queue, Send with and without email');
    const outbox = await measureOutbox({ dialect, log });
    result.outbox = { throughput: outbox.throughput, smtp: outbox.smtp, emails: outbox.send?.emails ?? null, settings: outbox.settings };
    if (outbox.send) result.groups.push({ key: 'send', rows: outbox.send.rows });
  }
  for (const g of result.groups) for (const r of g.rows) delete r.request;
  result.loadavg = [load0, loadavg()[0]];
  return result;
}

/** The Chromium benchmark as it is (its own seed, SQLite); its figures from the JSON it writes. */
function schedulerUi() {
  const started = Date.now();
  const run = spawnSync(process.execPath, [join(ROOT, 'bench/scheduler-ui.mjs')], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, BENCH_RUNS: process.env.BENCH_UI_RUNS ?? '5' },
  });
  const file = join(ROOT, `bench/results/scheduler-ui-${new Date().toISOString().slice(0, 10)}.json`);
  if (run.status !== 0 || !existsSync(file)) return { error: `bench/scheduler-ui.mjs exited ${run.status}` };
  const data = JSON.parse(readFileSync(file, 'utf8'));
  if (Date.parse(data.date) < started) return { error: 'bench/scheduler-ui.mjs wrote no new result' };
  return { summary: data.summary, settings: data.settings, file: file.slice(ROOT.length + 1) };
}

if (process.argv.includes('--render')) {
  // latest.md again from latest.json (after a reason was written into report.mjs), without measuring anew.
  writeFileSync(join(ROOT, 'bench/results/latest.md'), renderReport(JSON.parse(readFileSync(join(ROOT, 'bench/results/latest.json'), 'utf8'))));
} else if (process.argv.includes('--postgres-only')) {
  writeFileSync(process.env.BENCH_PG_OUT, JSON.stringify(await benchDialect('postgres')));
} else {
  const dialects = (process.env.BENCH_DIALECTS ?? 'sqlite,postgres').split(',');
  const results = { started: new Date().toISOString().slice(0, 16).replace('T', ' '), seconds: SECONDS };
  if (dialects.includes('sqlite')) results.sqlite = await benchDialect('sqlite');
  if (dialects.includes('postgres')) {
    const out = join(mkdtempSync(join(tmpdir(), 'fw-bench-pg-')), 'postgres.json');
    const run = spawnSync(
      'bash',
      [join(ROOT, 'scripts/with-postgres.sh'), process.execPath, ...process.execArgv, join(ROOT, 'bench/run.mjs'), '--postgres-only'],
      {
        cwd: ROOT,
        stdio: 'inherit',
        env: { ...process.env, BENCH_PG_OUT: out, BENCH_CACHE_DIR: cacheRoot() },
      },
    );
    if (run.status !== 0 || !existsSync(out)) throw new Error('the PostgreSQL part failed');
    results.postgres = JSON.parse(readFileSync(out, 'utf8'));
  }
  results.ui = process.env.BENCH_UI === '0' ? null : schedulerUi();
  results.finished = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const report = renderReport(results);
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(join(ROOT, 'bench/results/latest.md'), report);
  writeFileSync(join(ROOT, 'bench/results/latest.json'), JSON.stringify(results, null, 2) + '\n');
  console.log('\n' + report);
}
