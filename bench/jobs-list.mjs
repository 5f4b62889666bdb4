// `npm run bench:jobs`: latency of GET /api/jobs with 200,000 jobs in one company (target:
// p95 ≤ 30 ms on this machine). Server in its own process; requests over loopback with autocannon.
// BENCH_DIALECT=sqlite|postgres (default sqlite; postgres runs under scripts/with-postgres.sh).
// `measureJobsList` is the measuring part; bench/run.mjs calls it against the cached large tenant.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchLogin, createBenchDatabase, ensurePostgresCluster, fmtMs, fmtRow, measureRow, ROOT as root, seedBenchDatabase, startServer } from './lib.mjs';

export const JOBS_TARGET_P95 = 30;

/** Every scenario of the job list against a running server; `jobs` is the company's job count (for the deep page). */
export async function measureJobsList({ base, cookie, jobs, seconds, connections = 1, log = console.log }) {
  const zones = (await (await fetch(base + '/api/zones/get-all-zones', { headers: { cookie } })).json()).data.items;
  const tags = (await (await fetch(base + '/api/tags/filter-list?type=SERVICE', { headers: { cookie } })).json()).data.items;
  const deepPage = Math.max(1, Math.floor(jobs / 10 / 2));
  const scenarios = [
    ['page 1, newest first', 'page=1&limit=10'],
    [`page ${deepPage} (offset ${(deepPage - 1) * 10}), newest first`, `page=${deepPage}&limit=10`],
    ...['paidAmount', 'totalCosts', 'openBalance', 'openEstimateAmount', 'dueInvoicesAmount'].map((k) => [
      `page 1 by ${k} desc`,
      `orderByKey=${k}&orderByValue=desc`,
    ]),
    [`page ${deepPage} by paidAmount asc`, `page=${deepPage}&orderByKey=paidAmount&orderByValue=asc`],
    ['filter one zone, page 1', `jobZoneIds[]=${zones[0].id}`],
    ['filter one tag, page 1', `jobTagIds[]=${tags[0].id}`],
    ['filter zone + tag + status OPEN', `jobZoneIds[]=${zones[1].id}&jobTagIds[]=${tags[1].id}&status[]=OPEN`],
    ['filter one zone, by paidAmount desc', `jobZoneIds[]=${zones[2].id}&orderByKey=paidAmount&orderByValue=desc`],
    ['search job number prefix "1234"', 'search=1234'],
    ['GET /api/jobs/summary', null],
  ];
  const rows = [];
  for (const [name, qs] of scenarios) {
    const path = qs === null ? '/api/jobs/summary' : `/api/jobs?${qs}`;
    rows.push(
      await measureRow({
        name,
        target: JOBS_TARGET_P95,
        opts: { url: base + path, headers: { cookie }, connections, duration: seconds },
        request: { path, headers: { cookie } },
      }),
    );
    log(fmtRow(rows.at(-1)));
  }
  return rows;
}

if (import.meta.filename === process.argv[1]) {
  const JOBS = Number(process.env.BENCH_JOBS ?? 200_000);
  const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
  const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 1);
  const dialect = process.env.BENCH_DIALECT ?? 'sqlite';
  if (dialect === 'postgres') ensurePostgresCluster(process.argv.slice(1));

  // BENCH_DATA_DIR reuses an already seeded SQLite directory (for quick iterations on the same data).
  const database = await createBenchDatabase(dialect, { reuseDir: dialect === 'sqlite' ? process.env.BENCH_DATA_DIR : undefined });
  if (!database.seeded) await seedBenchDatabase(database.env, { BENCH_JOBS: String(JOBS), BENCH_CUSTOMERS: '2000' });
  const server = await startServer(database.env);
  const rows = await measureJobsList({ base: server.base, cookie: await benchLogin(server.base), jobs: JOBS, seconds: SECONDS, connections: CONNECTIONS });
  await server.stop();
  await database.cleanup();
  const lines = [
    `# Job list at ${JOBS.toLocaleString('en-US')} jobs (${dialect})`,
    '',
    `${new Date().toISOString().slice(0, 10)}; ${CONNECTIONS} connection(s), ${SECONDS} s per row; server and load generator on the same 2-core machine.`,
    `Percentiles from every response time. Target: p95 ≤ ${JOBS_TARGET_P95} ms.`,
    '',
    '| scenario | p50 ms | p95 ms | p99 ms | req/s |',
    '|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.name} | ${fmtMs(r.p50)} | ${fmtMs(r.p95)} | ${fmtMs(r.p99)} | ${r.rps.toFixed(0)} |`),
    '',
    `Non-2xx responses: ${rows.reduce((n, r) => n + r.bad, 0)}.`,
  ];
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  writeFileSync(join(root, `bench/results/jobs-list-${dialect}.md`), lines.join('\n') + '\n');
  console.log('\n' + lines.join('\n'));
}
