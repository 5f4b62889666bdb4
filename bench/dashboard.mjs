// `npm run bench:dashboard`: latency of every /api/dashboard metric for "this year" (preset=this_year) on one
// company of 200,000 jobs, 2,000,000 tasks and 600,000 invoice lines (issue 10's target: p95 ≤ 100 ms each on
// this machine). bench/seed.ts makes the company, jobs (creation dates over three years), leads, zones, tags
// and tasks; bench/dashboard-seed.ts adds invoices, lines, payments, estimates, costs and close activity.
// bench/dashboard-calls-seed.ts adds 150,000 AI receptionist calls and 100,000 pieces of site equipment.
// Server in its own process; requests over loopback, one connection. BENCH_DIALECT=sqlite|postgres;
// BENCH_JOBS, BENCH_TASKS, BENCH_INVOICE_LINES size the data; BENCH_DATA_DIR reuses a seeded SQLite directory
// (BENCH_KEEP=1 keeps the one seeded), BENCH_DATABASE_URL a seeded PostgreSQL database; BENCH_QUERY changes the range (default preset=this_year).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { benchLogin, createBenchDatabase, ensurePostgresCluster, load, ROOT as root, seedBenchDatabase, startServer } from './lib.mjs';

const JOBS = Number(process.env.BENCH_JOBS ?? 200_000);
const TASKS = Number(process.env.BENCH_TASKS ?? 2_000_000);
const LINES = Number(process.env.BENCH_INVOICE_LINES ?? 600_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const QUERY = process.env.BENCH_QUERY ?? 'preset=this_year';
const dialect = process.env.BENCH_DIALECT ?? 'sqlite';
if (dialect === 'postgres' && !process.env.BENCH_DATABASE_URL) ensurePostgresCluster(process.argv.slice(1));

// BENCH_DATABASE_URL (PostgreSQL) reuses an already seeded database, as BENCH_DATA_DIR does for SQLite.
const database =
  dialect === 'postgres' && process.env.BENCH_DATABASE_URL
    ? { env: { ...process.env, DATABASE_URL: process.env.BENCH_DATABASE_URL, DATA_DIR: mkdtempSync(join(tmpdir(), 'fw-bench-')), LOG_LEVEL: 'warn' }, seeded: true, cleanup: async () => {} }
    : await createBenchDatabase(dialect, { reuseDir: dialect === 'sqlite' ? process.env.BENCH_DATA_DIR : undefined });
let seeding = 'reused an already seeded directory';
if (!database.seeded) {
  const t0 = Date.now();
  await seedBenchDatabase(database.env, { BENCH_JOBS: String(JOBS), BENCH_JOB_DAYS: '1095', BENCH_TASKS: String(TASKS), BENCH_TECHS: '500', BENCH_SUBS: '10', BENCH_CUSTOMERS: '2000' });
  const extra = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'bench/dashboard-seed.ts')], { cwd: root, env: { ...database.env, BENCH_INVOICE_LINES: String(LINES) }, stdio: 'inherit' });
  if (extra.status !== 0) throw new Error('dashboard seeding failed');
  const calls = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'bench/dashboard-calls-seed.ts')], { cwd: root, env: database.env, stdio: 'inherit' });
  if (calls.status !== 0) throw new Error('calls and equipment seeding failed');
  if (dialect === 'postgres') {
    const c = new pg.Client({ connectionString: database.env.DATABASE_URL });
    await c.connect();
    await c.query('vacuum analyze');
    await c.end();
  }
  seeding = `seeded in ${((Date.now() - t0) / 60_000).toFixed(1)} min`;
}
let size = '';
if (dialect === 'sqlite') {
  const dir = database.env.DATA_DIR;
  const bytes = readdirSync(dir).filter((f) => f.startsWith('fieldwork.sqlite')).reduce((n, f) => n + statSync(join(dir, f)).size, 0);
  size = `; SQLite files ${(bytes / 2 ** 30).toFixed(1)} GiB`;
}

const server = await startServer(database.env);
const admin = await benchLogin(server.base);
// The range applies to the metrics; onboarding, configuration and asset distribution take none (they are "now").
const PATHS = ['finance-metrics', 'revenue-chart', 'job-metrics', 'customer-stats', 'lead-metrics', 'top-revenue-zones', 'top-revenue-tags', 'ai-receptionist-metrics', 'asset-distribution', 'onboarding', 'configuration'];
const RANGED = new Set(PATHS.slice(0, 8));
const rows = [];
for (const path of PATHS) {
  const url = `${server.base}/api/dashboard/${path}${RANGED.has(path) ? `?${QUERY}` : ''}`;
  const first = await fetch(url, { headers: { cookie: admin } });
  const body = await first.json();
  if (!first.ok) throw new Error(`${url}: ${first.status} ${JSON.stringify(body).slice(0, 300)}`);
  const r = await load({ url, headers: { cookie: admin }, connections: 1, duration: SECONDS });
  const row = { path, p50: r.latency.p50, p95: r.p95, p99: r.latency.p99, rps: r.requests.average, bad: r.non2xx + r.errors + r.timeouts, sample: JSON.stringify(body).slice(0, 160) };
  rows.push(row);
  console.log(`${path.padEnd(20)} p50 ${String(row.p50).padStart(4)}  p95 ${row.p95?.toFixed(1).padStart(6)}  p99 ${String(row.p99).padStart(4)} ms  ${row.rps.toFixed(0).padStart(5)} req/s  non-2xx ${row.bad}`);
}
await server.stop();
// BENCH_KEEP=1 keeps a freshly seeded SQLite directory for reruns with BENCH_DATA_DIR.
if (process.env.BENCH_KEEP === '1' && dialect === 'sqlite' && !database.seeded) console.log(`kept ${database.env.DATA_DIR}`);
else await database.cleanup();

const over = rows.filter((r) => r.p95 > 100);
const lines = [
  `# Dashboard metrics, ${QUERY} (${dialect})`, '',
  `${new Date().toISOString().slice(0, 10)}; one company with ${JOBS.toLocaleString('en-US')} jobs (created over three years), ${TASKS.toLocaleString('en-US')} tasks and ${LINES.toLocaleString('en-US')} invoice lines`,
  `(4 a invoice), plus a second company; ${seeding}${size}. One connection, ${SECONDS} s per row; server, database and load`,
  'generator on the same machine. p95 from every response time. Target: p95 ≤ 100 ms.', '',
  '| endpoint | p50 ms | p95 ms | p99 ms | req/s |', '|---|---|---|---|---|',
  ...rows.map((r) => `| ${r.path} | ${r.p50} | ${r.p95?.toFixed(1)} | ${r.p99} | ${r.rps.toFixed(0)} |`),
  '', `Non-2xx responses: ${rows.reduce((n, r) => n + r.bad, 0)}. Over the target: ${over.length ? over.map((r) => r.path).join(', ') : 'none'}.`,
];
mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(join(root, `bench/results/dashboard-${dialect}.md`), lines.join('\n') + '\n');
console.log('\n' + lines.join('\n'));
