// `npm run bench:tasks`: latency of GET /api/tasks with 2,000,000 tasks in one company, 500 technicians and
// 10 subcontractors (issue 4's target: p95 ≤ 20 ms on this machine), every tab at page 1 and page 1,000 with
// meta.total, plus search, status and job filters. Server in its own process; requests over loopback.
// BENCH_DIALECT=sqlite|postgres (postgres runs under scripts/with-postgres.sh); BENCH_TASKS, BENCH_JOBS,
// BENCH_TECHS size the data; BENCH_DATA_DIR reuses a seeded SQLite directory.
import { statSync, readdirSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchLogin, createBenchDatabase, ensurePostgresCluster, load, ROOT as root, seedBenchDatabase, startServer } from './lib.mjs';

const TASKS = Number(process.env.BENCH_TASKS ?? 2_000_000);
const JOBS = Number(process.env.BENCH_JOBS ?? Math.max(1, Math.round(TASKS / 10)));
const TECHS = Number(process.env.BENCH_TECHS ?? 500);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 1);
const DEEP = 1000;
const dialect = process.env.BENCH_DIALECT ?? 'sqlite';
if (dialect === 'postgres') ensurePostgresCluster(process.argv.slice(1));

const database = await createBenchDatabase(dialect, { reuseDir: dialect === 'sqlite' ? process.env.BENCH_DATA_DIR : undefined });
let seeding = 'reused an already seeded directory';
if (!database.seeded) {
  const t0 = Date.now();
  // Jobs' creation dates cycle over three years: at four two-hour slots a day, 510 assignees need about that
  // long to hold 1.8M assigned tasks without overlaps.
  await seedBenchDatabase(database.env, {
    BENCH_JOBS: String(JOBS), BENCH_JOB_DAYS: '1095', BENCH_TASKS: String(TASKS), BENCH_TECHS: String(TECHS), BENCH_SUBS: '10', BENCH_CUSTOMERS: '2000',
  });
  seeding = `seeded in ${((Date.now() - t0) / 60_000).toFixed(1)} min${dialect === 'postgres' ? ' (including VACUUM ANALYZE)' : ''}`;
}
let size = '';
if (dialect === 'sqlite') {
  const dir = database.env.DATA_DIR;
  const bytes = readdirSync(dir).filter((f) => f.startsWith('fieldwork.sqlite')).reduce((n, f) => n + statSync(join(dir, f)).size, 0);
  size = `; SQLite files ${(bytes / 2 ** 30).toFixed(1)} GiB`;
}

const server = await startServer(database.env);
const base = server.base;
const admin = await benchLogin(base);
const tech = await benchLogin(base, 'tech0@bench.test');
const get = async (cookie, qs) => {
  const res = await fetch(`${base}/api/tasks?${qs}`, { headers: { cookie } });
  const body = await res.json();
  if (!res.ok || typeof body.meta?.total !== 'number') throw new Error(`GET /api/tasks?${qs}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  return body;
};
const techTotal = (await get(tech, 'assignedStatus=ASSIGNED_TO_ME&limit=10')).meta.total;
const techLast = Math.max(1, Math.ceil(techTotal / 10));
const someTask = (await get(admin, 'assignedStatus=ALL&limit=1&page=5000')).items[0];

const tabs = [
  ['Assigned to me (technician)', tech, 'ASSIGNED_TO_ME'],
  ['Assigned to me (admin)', admin, 'ASSIGNED_TO_ME'],
  ['Assigned to others', admin, 'ASSIGNED_TO_OTHERS'],
  ['Unscheduled', admin, 'UNSCHEDULED'],
  ['Unassigned', admin, 'UNASSIGNED'],
  ['All', admin, 'ALL'],
];
const scenarios = [];
for (const [name, cookie, tab] of tabs) {
  for (const page of [1, DEEP]) scenarios.push([`${name}, page ${page}`, cookie, `assignedStatus=${tab}&page=${page}&limit=10`]);
  if (cookie === tech) scenarios.push([`${name}, last page (${techLast})`, cookie, `assignedStatus=${tab}&page=${techLast}&limit=10`]);
}
const prefix = String(someTask.taskNumber).slice(0, 5);
scenarios.push(
  [`All, search task number "${prefix}"`, admin, `assignedStatus=ALL&search=${prefix}&searchBy=taskNumber&limit=10`],
  ['All, search task number "1" (a million matches)', admin, 'assignedStatus=ALL&search=1&searchBy=taskNumber&limit=10'],
  ['All, status MISSED', admin, 'assignedStatus=ALL&status=MISSED&limit=10'],
  [`All, status MISSED, page ${DEEP}`, admin, `assignedStatus=ALL&status=MISSED&page=${DEEP}&limit=10`],
  ['Assigned to others, status AWAITING_START', admin, 'assignedStatus=ASSIGNED_TO_OTHERS&status=AWAITING_START&limit=10'],
  ['Assigned to me (technician), status MISSED', tech, 'assignedStatus=ASSIGNED_TO_ME&status=MISSED&limit=10'],
  ['All, one job', admin, `assignedStatus=ALL&jobId=${someTask.jobId}&limit=10`],
);

const rows = [];
for (const [name, cookie, qs] of scenarios) {
  const first = await get(cookie, qs);
  const r = await load({ url: `${base}/api/tasks?${qs}`, headers: { cookie }, connections: CONNECTIONS, duration: SECONDS });
  const bad = r.non2xx + r.errors + r.timeouts;
  const row = { name, total: first.meta.total, items: first.items.length, p50: r.latency.p50, p95: r.p95, p975: r.latency.p97_5, p99: r.latency.p99, rps: r.requests.average, bad };
  rows.push(row);
  console.log(`${name.padEnd(52)} total ${String(row.total).padStart(8)}  p50 ${String(row.p50).padStart(4)}  p95 ${row.p95?.toFixed(1).padStart(6)}  p97.5 ${String(row.p975).padStart(4)} ms  ${row.rps.toFixed(0).padStart(5)} req/s  non-2xx ${bad}`);
}
await server.stop();
await database.cleanup();

const over = rows.filter((r) => r.p95 > 20);
const lines = [
  `# Task list at ${TASKS.toLocaleString('en-US')} tasks (${dialect})`, '',
  `${new Date().toISOString().slice(0, 10)}; one company with ${TASKS.toLocaleString('en-US')} tasks over ${JOBS.toLocaleString('en-US')} jobs, ${TECHS} technicians and 10 subcontractors,`,
  `plus a second company (100 jobs, 1,000 tasks); ${seeding}${size}.`,
  `${CONNECTIONS} connection(s), ${SECONDS} s per row; server, database and load generator on the same 2-core machine.`,
  'p95 is computed from every response time; autocannon\'s own histogram gives p50, p97.5 and p99. Target: p95 ≤ 20 ms.', '',
  '| scenario | meta.total | rows | p50 ms | p95 ms | p97.5 ms | p99 ms | req/s |', '|---|---|---|---|---|---|---|---|',
  ...rows.map((r) => `| ${r.name} | ${r.total} | ${r.items} | ${r.p50} | ${r.p95?.toFixed(1)} | ${r.p975} | ${r.p99} | ${r.rps.toFixed(0)} |`),
  '', `Non-2xx responses: ${rows.reduce((n, r) => n + r.bad, 0)}. Over the target: ${over.length ? over.map((r) => r.name).join('; ') : 'none'}.`,
  ...(over.length ? ['Why, and the index or counter that would fix each: bench/README.md, "Task list at 2,000,000 tasks", Findings.'] : []),
];
mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(join(root, `bench/results/tasks-list-${dialect}.md`), lines.join('\n') + '\n');
console.log('\n' + lines.join('\n'));
