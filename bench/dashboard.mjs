// `npm run bench:dashboard`: latency of every /api/dashboard metric for "this year" (preset=this_year) on one
// company of 200,000 jobs, 2,000,000 tasks and 600,000 invoice lines (target: p95 ≤ 100 ms each on
// this machine). bench/seed.ts makes the company, jobs (creation dates over three years), leads, zones, tags
// and tasks; bench/dashboard-seed.ts adds invoices, lines, payments, estimates, costs and close activity.
// bench/dashboard-calls-seed.ts adds 150,000 AI receptionist calls and 100,000 pieces of site equipment.
// Server in its own process; requests over loopback, one connection. `measureDashboard` is the measuring part
// (bench/run.mjs calls it against the cached large tenant). BENCH_DIALECT=sqlite|postgres;
// BENCH_JOBS, BENCH_TASKS, BENCH_INVOICE_LINES size the data; BENCH_DATA_DIR reuses a seeded SQLite directory
// (BENCH_KEEP=1 keeps the one seeded), BENCH_DATABASE_URL a seeded PostgreSQL database; BENCH_QUERY changes the range (default preset=this_year).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { seedLargeTenant, tenantSizes } from './large-tenant.mjs';
import { benchLogin, benchDatabase, ensurePostgresCluster, fmtMs, fmtRow, measureRow, ROOT as root, sqliteGiB, startServer } from './lib.mjs';

export const DASHBOARD_TARGET_P95 = 100;
// The range applies to the metrics; onboarding, configuration and asset distribution take none (they are "now").
const PATHS = [
  'finance-metrics',
  'revenue-chart',
  'job-metrics',
  'customer-stats',
  'lead-metrics',
  'top-revenue-zones',
  'top-revenue-tags',
  'ai-receptionist-metrics',
  'asset-distribution',
  'onboarding',
  'configuration',
];
const RANGED = new Set(PATHS.slice(0, 8));

/** Every dashboard endpoint against a running server, one connection each. */
export async function measureDashboard({ base, cookie, seconds, query = 'preset=this_year', log = console.log }) {
  const rows = [];
  for (const name of PATHS) {
    const path = `/api/dashboard/${name}${RANGED.has(name) ? `?${query}` : ''}`;
    const first = await fetch(base + path, { headers: { cookie } });
    const body = await first.json();
    if (!first.ok) throw new Error(`${path}: ${first.status} ${JSON.stringify(body).slice(0, 300)}`);
    const row = await measureRow({
      name,
      target: DASHBOARD_TARGET_P95,
      opts: { url: base + path, headers: { cookie }, duration: seconds },
      request: { path, headers: { cookie } },
    });
    rows.push(Object.assign(row, { sample: JSON.stringify(body).slice(0, 160) }));
    log(fmtRow(row));
  }
  return rows;
}

if (import.meta.filename === process.argv[1]) {
  const JOBS = Number(process.env.BENCH_JOBS ?? 200_000);
  const TASKS = Number(process.env.BENCH_TASKS ?? 2_000_000);
  const LINES = Number(process.env.BENCH_INVOICE_LINES ?? 600_000);
  const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
  const QUERY = process.env.BENCH_QUERY ?? 'preset=this_year';
  const dialect = process.env.BENCH_DIALECT ?? 'sqlite';
  if (dialect === 'postgres' && !process.env.BENCH_DATABASE_URL) ensurePostgresCluster(process.argv.slice(1));

  const database = await benchDatabase(dialect);
  let seeding = 'reused an already seeded database';
  if (!database.seeded) {
    const t0 = Date.now();
    await seedLargeTenant(database.env, { ...tenantSizes(), jobs: JOBS, tasks: TASKS, invoiceLines: LINES });
    seeding = `seeded in ${((Date.now() - t0) / 60_000).toFixed(1)} min`;
  }
  const size = dialect === 'sqlite' ? `; SQLite files ${sqliteGiB(database.env.DATA_DIR).toFixed(1)} GiB` : '';

  const server = await startServer(database.env);
  const rows = await measureDashboard({ base: server.base, cookie: await benchLogin(server.base), seconds: SECONDS, query: QUERY });
  await server.stop();
  // BENCH_KEEP=1 keeps a freshly seeded SQLite directory for reruns with BENCH_DATA_DIR.
  if (process.env.BENCH_KEEP === '1' && dialect === 'sqlite' && !database.seeded) console.log(`kept ${database.env.DATA_DIR}`);
  else await database.cleanup();

  const over = rows.filter((r) => r.p95 > DASHBOARD_TARGET_P95);
  const lines = [
    `# Dashboard metrics, ${QUERY} (${dialect})`,
    '',
    `${new Date().toISOString().slice(0, 10)}; one company with ${JOBS.toLocaleString('en-US')} jobs (created over three years), ${TASKS.toLocaleString('en-US')} tasks and ${LINES.toLocaleString('en-US')} invoice lines`,
    `(4 a invoice), plus a second company; ${seeding}${size}. One connection, ${SECONDS} s per row; server, database and load`,
    'generator on the same machine. p95 from every response time. Target: p95 ≤ 100 ms.',
    '',
    '| endpoint | p50 ms | p95 ms | p99 ms | req/s |',
    '|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.name} | ${fmtMs(r.p50)} | ${fmtMs(r.p95)} | ${fmtMs(r.p99)} | ${r.rps.toFixed(0)} |`),
    '',
    `Non-2xx responses: ${rows.reduce((n, r) => n + r.bad, 0)}. Over the target: ${over.length ? over.map((r) => r.name).join(', ') : 'none'}.`,
  ];
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  writeFileSync(join(root, `bench/results/dashboard-${dialect}.md`), lines.join('\n') + '\n');
  console.log('\n' + lines.join('\n'));
}
