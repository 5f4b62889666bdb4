// `npm run bench:scheduling`: issue 5's scheduling benchmark at 2,000,000 tasks, 500 technicians and 10
// subcontractors (the data of bench:tasks): the scheduler range query for one week × 80 technicians (target
// p95 ≤ 50 ms, response gzipped), the availability call for 100 technicians over a two-hour window today, and a
// schedule write with its clash check — a re-schedule alternating between two free slots and one refused with
// 409 (target p95 ≤ 10 ms). Each scenario's SQL is captured from a server process (bench/sql-capture.mjs,
// preloaded) and replayed through better-sqlite3 directly, 200 times, for the ratio API time / raw SQL time.
// SQLite only. BENCH_TASKS, BENCH_JOBS, BENCH_TECHS size the data; BENCH_DATA_DIR reuses a seeded directory
// (the write scenarios leave the tasks they move where they found them); BENCH_SECONDS, BENCH_WRITE_CONNECTIONS.
import Database from 'better-sqlite3';
import { mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { benchLogin, createBenchDatabase, load, ROOT as root, seedBenchDatabase, startServer } from './lib.mjs';

const TASKS = Number(process.env.BENCH_TASKS ?? 2_000_000);
const JOBS = Number(process.env.BENCH_JOBS ?? Math.max(1, Math.round(TASKS / 10)));
const TECHS = Number(process.env.BENCH_TECHS ?? 500);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const WRITE_CONNECTIONS = Number(process.env.BENCH_WRITE_CONNECTIONS ?? 10);
const RAW_RUNS = 200;
const RAW_BUDGET_MS = 30_000; // fewer runs (at least 3) when a request's SQL is slow
const SCHEDULER_TECHS = 80;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const database = await createBenchDatabase('sqlite', { reuseDir: process.env.BENCH_DATA_DIR });
let seeding = 'reused an already seeded directory';
if (!database.seeded) {
  const t0 = Date.now();
  await seedBenchDatabase(database.env, {
    BENCH_JOBS: String(JOBS), BENCH_JOB_DAYS: '1095', BENCH_TASKS: String(TASKS), BENCH_TECHS: String(TECHS), BENCH_SUBS: '10', BENCH_CUSTOMERS: '2000',
  });
  seeding = `seeded in ${((Date.now() - t0) / 60_000).toFixed(1)} min`;
}
const dir = database.env.DATA_DIR;
const file = join(dir, 'fieldwork.sqlite');
const bytes = readdirSync(dir).filter((f) => f.startsWith('fieldwork.sqlite')).reduce((n, f) => n + statSync(join(dir, f)).size, 0);
const size = `SQLite files ${(bytes / 2 ** 30).toFixed(1)} GiB`;

// ---- fixtures, read straight from the file ----
const ro = new Database(file, { readonly: true });
const tenant = ro.prepare("select id, time_zone from tenants where name = 'Bench Co'").get();
// The current week, Monday 00:00 to Monday 00:00 in the company's zone (New York: UTC-5 in winter, -4 in summer).
const localOffset = (at) => {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-US', { timeZone: tenant.time_zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }).formatToParts(at).map((p) => [p.type, p.value]));
  return Date.UTC(+parts.year, +parts.month - 1, +parts.day, +parts.hour, +parts.minute) - Math.floor(at / 60_000) * 60_000;
};
const localMidnight = (at) => {
  const local = new Date(at + localOffset(at));
  const midnight = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  return midnight - localOffset(midnight);
};
const today = localMidnight(Date.now());
const weekday = (new Date(today + localOffset(today)).getUTCDay() + 6) % 7; // Monday = 0
const weekStart = localMidnight(today - weekday * DAY + 12 * HOUR);
const weekEnd = localMidnight(weekStart + 7 * DAY + 12 * HOUR);
const iso = (ms) => new Date(ms).toISOString();
// Availability: 13:00–15:00 today, in the middle of the seeded 07:00–17:00 working slots.
const windowStart = iso(today + 13 * HOUR);
const windowEnd = iso(today + 15 * HOUR);

const server = await startServer(database.env);
const base = server.base;
const admin = await benchLogin(base);
const call = async (method, path, body, extra = {}) => {
  const res = await fetch(base + path, { method, headers: { cookie: admin, ...(body ? { 'content-type': 'application/json' } : {}), ...extra }, body: body ? JSON.stringify(body) : undefined });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, json: text ? JSON.parse(text) : null };
};

const availabilityPath = `/api/tasks/technicians?page=1&limit=100&startDateTime=${encodeURIComponent(windowStart)}&expectedEndDateTime=${encodeURIComponent(windowEnd)}`;
const availability = await call('GET', availabilityPath);
if (availability.status !== 200 || availability.json.data.items.length !== 100) throw new Error(`availability: ${availability.status} ${availability.text.slice(0, 300)}`);
const technicians = availability.json.data.items.map((t) => t.userId);
const availabilityCounts = availability.json.data.items.reduce((m, t) => ({ ...m, [t.status]: (m[t.status] ?? 0) + 1 }), {});

const schedulerPath = `/api/tasks/scheduler?startDateTime=${encodeURIComponent(iso(weekStart))}&endDateTime=${encodeURIComponent(iso(weekEnd))}&` +
  technicians.slice(0, SCHEDULER_TECHS).map((id) => `assigned_to=${encodeURIComponent(JSON.stringify({ type: 'TECHNICIAN', filterId: id }))}`).join('&');
const scheduler = await call('GET', schedulerPath, null, { 'accept-encoding': 'gzip' });
if (scheduler.status !== 200) throw new Error(`scheduler: ${scheduler.status} ${scheduler.text.slice(0, 300)}`);
const schedulerItems = scheduler.json.data.items.length;
const contentEncoding = scheduler.headers.get('content-encoding') ?? 'none';
const rawBytes = Buffer.byteLength(scheduler.text);
const gzipBytes = gzipSync(scheduler.text).length;

// Write fixtures: per technician an OPEN task starting after tomorrow, moved between two free slots on its day,
// 03:00–04:00 and 04:00–05:00 UTC (22:00–00:00 in New York, outside the seeded 07:00–17:00 working slots).
const overlapping = ro.prepare(`select count(*) n from tasks where tenant_id = ? and assignee_key = ? and lifecycle <> 'CANCELLED' and id <> ?
  and start_at < ? and coalesce(expected_end_at, strftime('%Y-%m-%dT%H:%M:%fZ', start_at, '+2 hours')) > ?`);
const offDuring = ro.prepare('select count(*) n from time_off where tenant_id = ? and user_id = ? and start_at < ? and end_at > ?');
const openTask = ro.prepare(`select id, schedule_id, schedule_version, task_number, start_at, expected_end_at from tasks
  where tenant_id = ? and assignee_key = ? and assigned_to = 'TECHNICIAN' and lifecycle = 'OPEN' and start_at > ? order by start_at limit 1`);
const nextTask = ro.prepare(`select task_number, start_at, expected_end_at from tasks
  where tenant_id = ? and assignee_key = ? and lifecycle <> 'CANCELLED' and id <> ? and start_at > ? order by start_at limit 1`);
const movers = [];
let clasher = null;
let victim = null;
for (const tech of technicians) {
  if (movers.length === WRITE_CONNECTIONS && clasher) break;
  const task = openTask.get(tenant.id, tech, iso(today + 2 * DAY));
  if (!task) continue;
  const day = task.start_at.slice(0, 10);
  const slots = [[`${day}T03:00:00.000Z`, `${day}T04:00:00.000Z`], [`${day}T04:00:00.000Z`, `${day}T05:00:00.000Z`]];
  const mover = { tech, task, slots, original: [task.start_at, task.expected_end_at], version: task.schedule_version, next: 0, busy: false };
  if (!clasher) {
    // The clash: this task onto the slot of its technician's next (or, failing that, any other) task.
    victim = nextTask.get(tenant.id, tech, task.id, task.start_at) ?? nextTask.get(tenant.id, tech, task.id, iso(today - 30 * DAY));
    if (victim) {
      clasher = mover;
      continue;
    }
  }
  if (movers.length === WRITE_CONNECTIONS) continue;
  if (slots.some(([s, e]) => overlapping.get(tenant.id, tech, task.id, e, s).n || offDuring.get(tenant.id, tech, e, s).n)) continue;
  movers.push(mover);
}
if (movers.length < WRITE_CONNECTIONS || !clasher) throw new Error(`only ${movers.length} OPEN future tasks to move${clasher ? '' : ' and none to clash'}`);

const put = (m, [start, end], version = m.version) => call('PUT', `/api/tasks/schedule/${m.task.schedule_id}`, { startDateTime: start, expectedEndDateTime: end, assignedTo: 'TECHNICIAN', assignedTechnicianId: m.tech, version });
const clashBody = { startDateTime: victim.start_at, expectedEndDateTime: victim.expected_end_at, assignedTo: 'TECHNICIAN', assignedTechnicianId: clasher.tech, version: clasher.version };
const clash = await put(clasher, [clashBody.startDateTime, clashBody.expectedEndDateTime]);
if (clash.status !== 409 || !clash.text.includes(String(victim.task_number))) throw new Error(`clash: ${clash.status} ${clash.text.slice(0, 300)}`);

/** A write scenario's autocannon requests: each request takes a free task of the pool, its answer frees it. */
const moveRequests = (pool) => [{
  method: 'PUT',
  setupRequest(req, context) {
    // autocannon builds each connection's next request before sending it; a rebuild keeps the task it holds.
    const m = context.m?.busy ? context.m : pool.find((x) => !x.busy);
    if (!m) throw new Error('more connections than tasks');
    m.busy = true;
    context.m = m;
    const [start, end] = m.slots[m.next];
    return { ...req, path: `/api/tasks/schedule/${m.task.schedule_id}`, body: JSON.stringify({ startDateTime: start, expectedEndDateTime: end, assignedTo: 'TECHNICIAN', assignedTechnicianId: m.tech, version: m.version }) };
  },
  onResponse(status, body, context) {
    const m = context.m;
    if (status === 200) {
      m.version = JSON.parse(body).data.taskScheduler.version;
      m.next = 1 - m.next;
    }
    m.busy = false;
  },
}];

const json = { cookie: admin, 'content-type': 'application/json' };
const scenarios = [
  { key: 'scheduler', name: `Scheduler, one week × ${SCHEDULER_TECHS} technicians (gzip asked)`, target: 50, opts: { url: base + schedulerPath, headers: { cookie: admin, 'accept-encoding': 'gzip' } } },
  { key: 'availability', name: 'Availability, 100 technicians, 2 h today', target: null, opts: { url: base + availabilityPath, headers: { cookie: admin } } },
  { key: 'move', name: 'Re-schedule (PUT), clash check passes, 1 connection', target: 10, opts: { url: base, headers: json, requests: moveRequests(movers.slice(0, 1)) } },
  { key: 'clash', name: 'Re-schedule (PUT) refused 409 by the clash check, 1 connection', target: 10, expect: 409, opts: { url: base + `/api/tasks/schedule/${clasher.task.schedule_id}`, method: 'PUT', headers: json, body: JSON.stringify(clashBody) } },
  { key: 'move10', name: `Re-schedule (PUT), ${WRITE_CONNECTIONS} connections, ${WRITE_CONNECTIONS} tasks`, target: 10, opts: { url: base, headers: json, connections: WRITE_CONNECTIONS, requests: moveRequests(movers) } },
  { key: 'clash10', name: `Re-schedule (PUT) refused 409, ${WRITE_CONNECTIONS} connections`, target: 10, expect: 409, opts: { url: base + `/api/tasks/schedule/${clasher.task.schedule_id}`, method: 'PUT', headers: json, body: JSON.stringify(clashBody), connections: WRITE_CONNECTIONS } },
];
/** Each mover's version and slot as the file has them (a request in flight when a run stopped may have moved it). */
const current = ro.prepare('select schedule_version, start_at from tasks where id = ?');
const refresh = () => {
  for (const m of movers) {
    const row = current.get(m.task.id);
    Object.assign(m, { version: row.schedule_version, next: row.start_at === m.slots[0][0] ? 1 : 0, busy: false });
  }
};
const loadBefore = loadavg()[0];
const rows = [];
for (const s of scenarios) {
  refresh();
  const r = await load({ connections: 1, duration: SECONDS, ...s.opts });
  const answered = ['1xx', '2xx', '3xx', '4xx', '5xx'].reduce((n, k) => n + (r[k] ?? 0), 0);
  const expected = s.expect ? (r.statusCodeStats?.[s.expect]?.count ?? 0) : r['2xx'];
  const bad = answered - expected + r.errors + r.timeouts;
  const row = { ...s, p50: r.latency.p50, p95: r.p95, p99: r.latency.p99, rps: r.requests.average, n: r.requests.total, bad, wire: r.throughput.total / Math.max(1, r.requests.total) };
  rows.push(row);
  console.log(`${s.name.padEnd(66)} p50 ${String(row.p50).padStart(4)}  p95 ${row.p95?.toFixed(1).padStart(6)}  p99 ${String(row.p99).padStart(4)} ms  ${row.rps.toFixed(0).padStart(5)} req/s  unexpected ${bad}`);
}
const loadAfter = loadavg()[0];
// Leave every moved task where the seed put it.
refresh();
ro.close();
for (const m of movers) {
  const r = await put(m, m.original);
  if (r.status !== 200) throw new Error(`restore: ${r.status} ${r.text.slice(0, 200)}`);
  m.version = r.json.data.taskScheduler.version;
}
await server.stop();

// ---- the same requests' SQL, captured from a server with bench/sql-capture.mjs preloaded ----
const captureFile = join(tmpdir(), `fw-sql-capture-${process.pid}.jsonl`);
const captureEnv = { ...database.env, BENCH_SQL_CAPTURE: captureFile, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${pathToFileURL(join(root, 'bench/sql-capture.mjs'))}`.trim() };
const cap = await startServer(captureEnv);
const capCall = async (method, path, body, extra = {}) => {
  const res = await fetch(cap.base + path, { method, headers: { cookie: capAdmin, ...(body ? { 'content-type': 'application/json' } : {}), ...extra }, body: body ? JSON.stringify(body) : undefined });
  return { status: res.status, text: await res.text() };
};
const capAdmin = await benchLogin(cap.base);
const captured = async (fn) => {
  await fn(); // warm (statement cache, pages)
  writeFileSync(captureFile, '');
  const r = await fn();
  const statements = readFileSync(captureFile, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l));
  return { r, statements };
};
const mover = movers[0];
const moverPut = (slot, version) => capCall('PUT', `/api/tasks/schedule/${mover.task.schedule_id}`, { startDateTime: slot[0], expectedEndDateTime: slot[1], assignedTo: 'TECHNICIAN', assignedTechnicianId: mover.tech, version });
const sqlOf = {
  scheduler: await captured(() => capCall('GET', schedulerPath, null, { 'accept-encoding': 'gzip' })),
  availability: await captured(() => capCall('GET', availabilityPath)),
  clash: await captured(() => capCall('PUT', `/api/tasks/schedule/${clasher.task.schedule_id}`, clashBody)),
};
// The move: warm with slot 0, then the captured one moves slot 0 → slot 1; replays restore the row in between.
let v = mover.version;
let w = await moverPut(mover.slots[0], v);
v = JSON.parse(w.text).data.taskScheduler.version;
const beforeMove = { version: v, activity: new Database(file, { readonly: true }).prepare('select max(rowid) n from activity_log').get().n };
writeFileSync(captureFile, '');
w = await moverPut(mover.slots[1], v);
if (w.status !== 200) throw new Error(`captured PUT: ${w.status} ${w.text.slice(0, 200)}`);
sqlOf.move = { r: w, statements: readFileSync(captureFile, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l)) };
await cap.stop();

// ---- raw replay through better-sqlite3, the server's pragmas, each statement prepared once ----
const rw = new Database(file);
for (const p of ['journal_mode = WAL', 'busy_timeout = 5000', 'foreign_keys = ON', 'synchronous = NORMAL']) rw.pragma(p);
const moverRow = rw.prepare('select start_at, expected_end_at, schedule_version, version, updated_at from tasks where id = ?');
const beforeRow = { ...moverRow.get(mover.task.id), start_at: mover.slots[0][0], expected_end_at: mover.slots[0][1], schedule_version: beforeMove.version };
beforeRow.version = moverRow.get(mover.task.id).version - 1;
const restoreTask = rw.prepare('update tasks set start_at = ?, expected_end_at = ?, schedule_version = ?, version = ?, updated_at = ? where id = ?');
const lastActivity = rw.prepare('select max(rowid) n from activity_log');
const dropActivity = rw.prepare('delete from activity_log where rowid > ?');
const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * q) - 1)];
const raw = {};
for (const [key, { statements }] of Object.entries(sqlOf)) {
  const prepared = statements.map((s) => ({ ...s, stmt: rw.prepare(s.sql), total: 0 }));
  const isMove = key === 'move';
  if (isMove) {
    restoreTask.run(beforeRow.start_at, beforeRow.expected_end_at, beforeRow.schedule_version, beforeRow.version, beforeRow.updated_at, mover.task.id);
    dropActivity.run(beforeMove.activity);
  }
  const times = [];
  const until = Date.now() + RAW_BUDGET_MS;
  let runs = 0;
  for (let i = 0; i < RAW_RUNS + 10 && (i < 13 || Date.now() < until); i++) {
    const mark = isMove ? lastActivity.get().n : 0;
    const t0 = process.hrtime.bigint();
    for (const s of prepared) {
      const t = process.hrtime.bigint();
      s.stmt[s.method === 'iterate' ? 'all' : s.method](...s.params);
      if (i >= 10) s.total += Number(process.hrtime.bigint() - t) / 1e6;
    }
    if (i >= 10) times.push(Number(process.hrtime.bigint() - t0) / 1e6);
    if (i >= 10) runs++;
    if (isMove) {
      restoreTask.run(beforeRow.start_at, beforeRow.expected_end_at, beforeRow.schedule_version, beforeRow.version, beforeRow.updated_at, mover.task.id);
      dropActivity.run(mark);
    }
  }
  times.sort((a, b) => a - b);
  const top = [...prepared].sort((a, b) => b.total - a.total)[0];
  raw[key] = { statements: statements.length, runs, p50: quantile(times, 0.5), p95: quantile(times, 0.95), top: { sql: top.sql, ms: top.total / runs } };
}
// Put the mover back where the seed had it.
const cur = moverRow.get(mover.task.id);
rw.prepare('update tasks set start_at = ?, expected_end_at = ?, schedule_version = ?, version = ? where id = ?').run(mover.original[0], mover.original[1], cur.schedule_version + 1, cur.version + 1, mover.task.id);
const plans = {};
for (const [key, { statements }] of Object.entries(sqlOf)) {
  const top = statements.find((s) => s.sql === raw[key].top.sql);
  // MULTI-INDEX OR lists one "INDEX n" and one identical SEARCH per OR term: shown once with the count.
  const details = rw.prepare(`explain query plan ${top.sql}`).all(...top.params).map((p) => p.detail).filter((d) => !/^INDEX \d+$/.test(d));
  plans[key] = details.reduce((out, d) => {
    const last = out.at(-1);
    if (last?.d === d) last.n++;
    else out.push({ d, n: 1 });
    return out;
  }, []).map(({ d, n }) => (n > 1 ? `${d} (× ${n})` : d));
}
rw.close();
await database.cleanup();

const rawFor = { scheduler: raw.scheduler, availability: raw.availability, move: raw.move, clash: raw.clash, move10: raw.move, clash10: raw.clash };
const f = (n, d = 1) => (n === null || n === undefined ? '–' : n.toFixed(d));
const lines = [
  `# Scheduling at ${TASKS.toLocaleString('en-US')} tasks (sqlite)`, '',
  `${new Date().toISOString().slice(0, 10)}; one company with ${TASKS.toLocaleString('en-US')} tasks over ${JOBS.toLocaleString('en-US')} jobs, ${TECHS} technicians and 10 subcontractors`,
  `(the data of bench:tasks), plus a second company; ${seeding}; ${size}. Company zone ${tenant.time_zone}.`,
  `Load: autocannon, ${SECONDS} s per row, 1 connection unless the row says otherwise; server, database and load generator on the same 2-core machine (1-min load average ${loadBefore.toFixed(1)} before the runs, ${loadAfter.toFixed(1)} after).`,
  `p95 is computed from every response time; p50 and p99 from autocannon's histogram.`,
  `Raw SQL: the request's statements captured from a server process (bench/sql-capture.mjs) and replayed in order through better-sqlite3 against the same file, ${RAW_RUNS} runs after 10 warm-up runs (fewer when slow: ${Object.entries(raw).map(([k, q]) => `${k} ${q.runs}`).join(', ')}); the re-schedule replay commits and the row is put back between runs (untimed).`, '',
  `- Scheduler: ${iso(weekStart)} – ${iso(weekEnd)} (this week, Monday to Monday local), ${SCHEDULER_TECHS} repeated assigned_to; ${schedulerItems} items;`,
  `  response ${rawBytes.toLocaleString('en-US')} bytes of JSON, Content-Encoding: ${contentEncoding}; gzip -6 of the same body would be ${gzipBytes.toLocaleString('en-US')} bytes (${(rawBytes / gzipBytes).toFixed(1)}×).`,
  `- Availability: ${windowStart} – ${windowEnd}, page 1, limit 100: ${Object.entries(availabilityCounts).map(([k, n]) => `${n} ${k}`).join(', ')}.`,
  `- Re-schedule: task #${mover.task.task_number} between ${mover.slots[0].join('–')} and ${mover.slots[1].join('–')} (free), version from each answer; ${WRITE_CONNECTIONS} connections use ${WRITE_CONNECTIONS} tasks of ${WRITE_CONNECTIONS} technicians.`,
  `- Clash: task #${clasher.task.task_number} onto the slot of task #${victim.task_number} of the same technician → 409 SCHEDULE_CONFLICT naming #${victim.task_number}.`, '',
  '| scenario | requests | p50 ms | p95 ms | p99 ms | req/s | target p95 | raw SQL p50 ms | raw SQL p95 ms | statements | API p50 / raw p50 | unexpected status |',
  '|---|---|---|---|---|---|---|---|---|---|---|---|',
  ...rows.map((r) => {
    const q = rawFor[r.key];
    return `| ${r.name} | ${r.n} | ${r.p50} | ${f(r.p95)} | ${r.p99} | ${r.rps.toFixed(0)} | ${r.target ? `≤ ${r.target}${r.p95 > r.target ? ' **over**' : ' ok'}` : '–'} | ${f(q.p50, 2)} | ${f(q.p95, 2)} | ${q.statements} | ${f(r.p50 / q.p50)}× | ${r.bad} |`;
  }),
  '', 'Raw SQL p50/p95 are the whole statement sequence of one request; the 10-connection rows reuse the 1-connection replay.', '',
  '## The statement that dominates each request (raw, mean per run) and its plan', '',
  ...Object.entries(raw).flatMap(([key, q]) => [
    `### ${key}: ${q.top.ms.toFixed(2)} ms of ${q.p50.toFixed(2)} ms`, '', '```sql', q.top.sql.length > 1500 ? q.top.sql.slice(0, 1500) + ' …' : q.top.sql, '```', '', ...plans[key].map((d) => `- ${d}`), '',
  ]),
];
mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(join(root, 'bench/results/scheduling-sqlite.md'), lines.join('\n') + '\n');
console.log('\n' + lines.join('\n'));
