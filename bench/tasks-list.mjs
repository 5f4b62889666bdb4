// `npm run bench:tasks`: latency of GET /api/tasks with 2,000,000 tasks in one company, 500 technicians and
// 10 subcontractors (target: p95 ≤ 20 ms on this machine), every tab at page 1 and page 1,000 with
// meta.total, plus search, status and job filters. Server in its own process; requests over loopback.
// BENCH_DIALECT=sqlite|postgres (postgres runs under scripts/with-postgres.sh); BENCH_TASKS, BENCH_JOBS,
// BENCH_TECHS size the data; BENCH_DATA_DIR reuses a seeded SQLite directory, BENCH_DATABASE_URL a seeded PostgreSQL database.
// `measureTasksList` is the measuring part; bench/run.mjs calls it against the cached large tenant.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchLogin, benchDatabase, ensurePostgresCluster, fmtMs, fmtRow, measureRow, ROOT as root, seedTaskData, sqliteGiB, startServer } from './lib.mjs';

export const TASKS_TARGET_P95 = 20;
const DEEP = 1000;

/** Every scenario of the task list against a running server; logs in as the admin and as tech0 itself. */
export async function measureTasksList({ base, seconds, connections = 1, log = console.log }) {
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
  const allTotal = (await get(admin, 'assignedStatus=ALL&limit=1')).meta.total;
  const someTask = (await get(admin, `assignedStatus=ALL&limit=1&page=${Math.min(5000, Math.max(1, Math.floor(allTotal / 2)))}`)).items[0];

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
    ['All, search task number "1"', admin, 'assignedStatus=ALL&search=1&searchBy=taskNumber&limit=10'],
    ['All, status MISSED', admin, 'assignedStatus=ALL&status=MISSED&limit=10'],
    [`All, status MISSED, page ${DEEP}`, admin, `assignedStatus=ALL&status=MISSED&page=${DEEP}&limit=10`],
    ['Assigned to others, status AWAITING_START', admin, 'assignedStatus=ASSIGNED_TO_OTHERS&status=AWAITING_START&limit=10'],
    ['Assigned to me (technician), status MISSED', tech, 'assignedStatus=ASSIGNED_TO_ME&status=MISSED&limit=10'],
    ['All, one job', admin, `assignedStatus=ALL&jobId=${someTask.jobId}&limit=10`],
  );
  const rows = [];
  for (const [name, cookie, qs] of scenarios) {
    const first = await get(cookie, qs);
    const path = `/api/tasks?${qs}`;
    const row = await measureRow({
      name,
      target: TASKS_TARGET_P95,
      opts: { url: base + path, headers: { cookie }, connections, duration: seconds },
      request: { path, headers: { cookie } },
    });
    rows.push(Object.assign(row, { total: first.meta.totalIsLowerBound ? `${first.meta.total}+` : first.meta.total, items: first.items.length }));
    log(`${fmtRow(row)}  total ${row.total}`);
  }
  return rows;
}

if (import.meta.filename === process.argv[1]) {
  const TASKS = Number(process.env.BENCH_TASKS ?? 2_000_000);
  const JOBS = Number(process.env.BENCH_JOBS ?? Math.max(1, Math.round(TASKS / 10)));
  const TECHS = Number(process.env.BENCH_TECHS ?? 500);
  const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
  const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 1);
  const dialect = process.env.BENCH_DIALECT ?? 'sqlite';
  if (dialect === 'postgres') ensurePostgresCluster(process.argv.slice(1));
  const database = await benchDatabase(dialect);
  const seeding = database.seeded ? 'reused an already seeded database' : await seedTaskData(database.env, { jobs: JOBS, tasks: TASKS, techs: TECHS });
  const size = dialect === 'sqlite' ? `; SQLite files ${sqliteGiB(database.env.DATA_DIR).toFixed(1)} GiB` : '';
  const server = await startServer(database.env);
  const rows = await measureTasksList({ base: server.base, seconds: SECONDS, connections: CONNECTIONS });
  await server.stop();
  await database.cleanup();

  const over = rows.filter((r) => r.p95 > TASKS_TARGET_P95);
  const lines = [
    `# Task list at ${TASKS.toLocaleString('en-US')} tasks (${dialect})`,
    '',
    `${new Date().toISOString().slice(0, 10)}; one company with ${TASKS.toLocaleString('en-US')} tasks over ${JOBS.toLocaleString('en-US')} jobs, ${TECHS} technicians and 10 subcontractors,`,
    `plus a second company (100 jobs, 1,000 tasks); ${seeding}${size}.`,
    `${CONNECTIONS} connection(s), ${SECONDS} s per row; server, database and load generator on the same 2-core machine.`,
    `Percentiles from every response time. Target: p95 ≤ ${TASKS_TARGET_P95} ms.`,
    '',
    '| scenario | meta.total | rows | p50 ms | p95 ms | p99 ms | req/s |',
    '|---|---|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.name} | ${r.total} | ${r.items} | ${fmtMs(r.p50)} | ${fmtMs(r.p95)} | ${fmtMs(r.p99)} | ${r.rps.toFixed(0)} |`),
    '',
    `Non-2xx responses: ${rows.reduce((n, r) => n + r.bad, 0)}. Over the target: ${over.length ? over.map((r) => r.name).join('; ') : 'none'}.`,
    ...(over.length ? ['Why, and the index or counter that would fix each: bench/README.md, "Task list at 2,000,000 tasks", Findings.'] : []),
  ];
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  writeFileSync(join(root, `bench/results/tasks-list-${dialect}.md`), lines.join('\n') + '\n');
  console.log('\n' + lines.join('\n'));
}
