// `npm run bench:scheduling`: the scheduling benchmark at 2,000,000 tasks, 500 technicians and 10
// subcontractors (the data of bench:tasks): the scheduler range query for one week × 80 technicians (target
// p95 ≤ 50 ms, response gzipped), the availability call for 100 technicians over a two-hour window today, and a
// schedule write with its clash check — a re-schedule alternating between two free slots and one refused with
// 409 (target p95 ≤ 10 ms). Each scenario's SQL is captured from a server process (bench/sql-capture.mjs,
// preloaded) and replayed against the database directly (bench/floor.mjs) for the ratio API time / raw SQL time.
// BENCH_DIALECT=sqlite|postgres; BENCH_TASKS, BENCH_JOBS, BENCH_TECHS size the data; BENCH_DATA_DIR reuses a
// seeded SQLite directory, BENCH_DATABASE_URL a seeded PostgreSQL database; BENCH_SECONDS, BENCH_WRITE_CONNECTIONS. `measureScheduling` is the measuring part
// (bench/run.mjs calls it against the cached large tenant; the moved tasks stay in their night slots there).
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { measureFloors } from './floor.mjs';
import { benchLogin, benchDatabase, ensurePostgresCluster, fmtMs, fmtRow, measureRow, openSql, ROOT as root, seedTaskData, startServer } from './lib.mjs';

export const SCHEDULER_TARGET_P95 = 50;
export const SCHEDULE_WRITE_TARGET_P95 = 10;
const SCHEDULER_TECHS = 80;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const iso = (ms) => new Date(ms).toISOString();

/** This week (Monday to Monday local) and today's 13:00–15:00 in `zone`. */
function calendar(zone) {
  const localOffset = (at) => {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
      })
        .formatToParts(at)
        .map((p) => [p.type, p.value]),
    );
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
  return { today, weekStart, weekEnd: localMidnight(weekStart + 7 * DAY + 12 * HOUR) };
}

/**
 * The scheduling scenarios against a running server on `env`'s database (fixtures are read from it directly).
 * Returns { rows, facts }: rows as measureRow gives them, each with the `request` its floor replays.
 */
export async function measureScheduling({ base, env, seconds, writeConnections = 10, log = console.log }) {
  const db = await openSql(env);
  const admin = await benchLogin(base);
  const call = async (method, path, body, extra = {}) => {
    const res = await fetch(base + path, {
      method,
      headers: { cookie: admin, ...(body ? { 'content-type': 'application/json' } : {}), ...extra },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, text, json: text ? JSON.parse(text) : null };
  };
  try {
    const tenant = await db.get("select id, time_zone from tenants where name = 'Bench Co'");
    const { today, weekStart, weekEnd } = calendar(tenant.time_zone);
    // Availability: 13:00–15:00 today, in the middle of the seeded 07:00–17:00 working slots.
    const windowStart = iso(today + 13 * HOUR);
    const windowEnd = iso(today + 15 * HOUR);
    const availabilityPath = `/api/tasks/technicians?page=1&limit=100&startDateTime=${encodeURIComponent(windowStart)}&expectedEndDateTime=${encodeURIComponent(windowEnd)}`;
    const availability = await call('GET', availabilityPath);
    if (availability.status !== 200 || !availability.json.data.items.length)
      throw new Error(`availability: ${availability.status} ${availability.text.slice(0, 300)}`);
    const technicians = availability.json.data.items.map((t) => t.userId);
    const schedulerPath =
      `/api/tasks/scheduler?startDateTime=${encodeURIComponent(iso(weekStart))}&endDateTime=${encodeURIComponent(iso(weekEnd))}&` +
      technicians
        .slice(0, SCHEDULER_TECHS)
        .map((id) => `assigned_to=${encodeURIComponent(JSON.stringify({ type: 'TECHNICIAN', filterId: id }))}`)
        .join('&');
    const scheduler = await call('GET', schedulerPath, null, { 'accept-encoding': 'gzip' });
    if (scheduler.status !== 200) throw new Error(`scheduler: ${scheduler.status} ${scheduler.text.slice(0, 300)}`);
    const facts = {
      week: `${iso(weekStart)} – ${iso(weekEnd)}`,
      schedulerItems: scheduler.json.data.items.length,
      contentEncoding: scheduler.headers.get('content-encoding') ?? 'none',
      rawBytes: Buffer.byteLength(scheduler.text),
      gzipBytes: gzipSync(scheduler.text).length,
      window: `${windowStart} – ${windowEnd}`,
      availability: availability.json.data.items.reduce((m, t) => ({ ...m, [t.status]: (m[t.status] ?? 0) + 1 }), {}),
    };

    // Write fixtures: per technician an OPEN task starting after tomorrow, moved between two free slots on its day,
    // 03:00–04:00 and 04:00–05:00 UTC (22:00–00:00 in New York, outside the seeded 07:00–17:00 working slots).
    const movers = [];
    let clasher = null;
    let victim = null;
    for (const tech of technicians) {
      if (movers.length === writeConnections && clasher) break;
      const task = await db.get(
        `select id, schedule_id, schedule_version, task_number, start_at, expected_end_at from tasks
        where tenant_id = ? and assignee_key = ? and assigned_to = 'TECHNICIAN' and lifecycle = 'OPEN' and start_at > ? order by start_at limit 1`,
        [tenant.id, tech, iso(today + 2 * DAY)],
      );
      if (!task) continue;
      const day = task.start_at.slice(0, 10);
      const slots = [
        [`${day}T03:00:00.000Z`, `${day}T04:00:00.000Z`],
        [`${day}T04:00:00.000Z`, `${day}T05:00:00.000Z`],
      ];
      const mover = { tech, task, slots, version: task.schedule_version, next: 0, busy: false };
      const nextTask = (after) =>
        db.get(
          `select task_number, start_at, expected_end_at from tasks
        where tenant_id = ? and assignee_key = ? and lifecycle <> 'CANCELLED' and id <> ? and start_at > ? order by start_at limit 1`,
          [tenant.id, tech, task.id, after],
        );
      if (!clasher) {
        // The clash: this task onto the slot of its technician's next (or, failing that, any other) task.
        victim = (await nextTask(task.start_at)) ?? (await nextTask(iso(today - 30 * DAY)));
        if (victim) {
          clasher = mover;
          continue;
        }
      }
      if (movers.length === writeConnections) continue;
      // Free: no other task of the technician overlaps (a task without an end lasts two hours) and no time off.
      let busy = false;
      for (const [s, e] of slots) {
        const other = await db.get(
          `select count(*) n from tasks where tenant_id = ? and assignee_key = ? and lifecycle <> 'CANCELLED' and id <> ? and start_at < ?
          and (expected_end_at > ? or (expected_end_at is null and start_at > ?))`,
          [tenant.id, tech, task.id, e, s, iso(Date.parse(s) - 2 * HOUR)],
        );
        const off = await db.get('select count(*) n from time_off where tenant_id = ? and user_id = ? and start_at < ? and end_at > ?', [
          tenant.id,
          tech,
          e,
          s,
        ]);
        busy ||= Number(other.n) > 0 || Number(off.n) > 0;
      }
      if (!busy) movers.push(mover);
    }
    if (movers.length < writeConnections || !clasher) throw new Error(`only ${movers.length} OPEN future tasks to move${clasher ? '' : ' and none to clash'}`);
    const clashBody = JSON.stringify({
      startDateTime: victim.start_at,
      expectedEndDateTime: victim.expected_end_at,
      assignedTo: 'TECHNICIAN',
      assignedTechnicianId: clasher.tech,
      version: clasher.version,
    });
    const clashPath = `/api/tasks/schedule/${clasher.task.schedule_id}`;
    const clash = await call('PUT', clashPath, JSON.parse(clashBody));
    if (clash.status !== 409 || !clash.text.includes(String(victim.task_number))) throw new Error(`clash: ${clash.status} ${clash.text.slice(0, 300)}`);
    Object.assign(facts, {
      mover: movers[0].task.task_number,
      slots: movers[0].slots.map((s) => s.join('–')).join(' and '),
      clasher: clasher.task.task_number,
      victim: victim.task_number,
    });

    const json = { cookie: admin, 'content-type': 'application/json' };
    const moveBody = (m) =>
      JSON.stringify({
        startDateTime: m.slots[m.next][0],
        expectedEndDateTime: m.slots[m.next][1],
        assignedTo: 'TECHNICIAN',
        assignedTechnicianId: m.tech,
        version: m.version,
      });
    const moved = (m, status, text) => {
      if (status === 200) {
        m.version = JSON.parse(text).data.taskScheduler.version;
        m.next = 1 - m.next;
      }
      m.busy = false;
    };
    /** A write scenario's autocannon requests: each request takes a free task of the pool, its answer frees it. */
    const moveRequests = (pool) => [
      {
        method: 'PUT',
        setupRequest(req, context) {
          // autocannon builds each connection's next request before sending it; a rebuild keeps the task it holds.
          const m = context.m?.busy ? context.m : pool.find((x) => !x.busy);
          if (!m) throw new Error('more connections than tasks');
          m.busy = true;
          context.m = m;
          return { ...req, path: `/api/tasks/schedule/${m.task.schedule_id}`, body: moveBody(m) };
        },
        onResponse: (status, body, context) => moved(context.m, status, body),
      },
    ];
    // The floor's capture: the first mover's next move, its version taken from each answer.
    const m0 = movers[0];
    const moveRequest = () => ({
      method: 'PUT',
      path: `/api/tasks/schedule/${m0.task.schedule_id}`,
      headers: json,
      body: moveBody(m0),
      after: (status, text) => moved(m0, status, text),
    });
    const clashRequest = { method: 'PUT', path: clashPath, headers: json, body: clashBody };
    const scenarios = [
      {
        name: `Scheduler, one week × ${SCHEDULER_TECHS} technicians (gzip asked)`,
        target: SCHEDULER_TARGET_P95,
        opts: { url: base + schedulerPath, headers: { cookie: admin, 'accept-encoding': 'gzip' } },
        request: { path: schedulerPath, headers: { cookie: admin, 'accept-encoding': 'gzip' } },
      },
      {
        name: 'Availability, 100 technicians, 2 h today',
        opts: { url: base + availabilityPath, headers: { cookie: admin } },
        request: { path: availabilityPath, headers: { cookie: admin } },
      },
      {
        name: 'Re-schedule (PUT), clash check passes, 1 connection',
        target: SCHEDULE_WRITE_TARGET_P95,
        opts: { url: base, headers: json, requests: moveRequests(movers.slice(0, 1)) },
        request: moveRequest,
      },
      {
        name: 'Re-schedule (PUT) refused 409 by the clash check, 1 connection',
        target: SCHEDULE_WRITE_TARGET_P95,
        expect: 409,
        opts: { url: base + clashPath, method: 'PUT', headers: json, body: clashBody },
        request: clashRequest,
      },
      {
        name: `Re-schedule (PUT), ${writeConnections} connections, ${writeConnections} tasks`,
        target: SCHEDULE_WRITE_TARGET_P95,
        opts: { url: base, headers: json, connections: writeConnections, requests: moveRequests(movers) },
        request: moveRequest,
      },
      {
        name: `Re-schedule (PUT) refused 409, ${writeConnections} connections`,
        target: SCHEDULE_WRITE_TARGET_P95,
        expect: 409,
        opts: { url: base + clashPath, method: 'PUT', headers: json, body: clashBody, connections: writeConnections },
        request: clashRequest,
      },
    ];
    /** Each mover's version and slot as the database has them (a request in flight when a run stopped may have moved it). */
    const refresh = async () => {
      for (const m of movers) {
        const row = await db.get('select schedule_version, start_at from tasks where id = ?', [m.task.id]);
        Object.assign(m, { version: row.schedule_version, next: row.start_at === m.slots[0][0] ? 1 : 0, busy: false });
      }
    };
    const rows = [];
    for (const s of scenarios) {
      await refresh();
      rows.push(await measureRow({ ...s, opts: { duration: seconds, ...s.opts } }));
      log(fmtRow(rows.at(-1)));
    }
    await refresh();
    return { rows, facts };
  } finally {
    await db.close();
  }
}

if (import.meta.filename === process.argv[1]) {
  const TASKS = Number(process.env.BENCH_TASKS ?? 2_000_000);
  const JOBS = Number(process.env.BENCH_JOBS ?? Math.max(1, Math.round(TASKS / 10)));
  const TECHS = Number(process.env.BENCH_TECHS ?? 500);
  const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
  const dialect = process.env.BENCH_DIALECT ?? 'sqlite';
  if (dialect === 'postgres') ensurePostgresCluster(process.argv.slice(1));
  const database = await benchDatabase(dialect);
  const seeding = database.seeded ? 'reused an already seeded database' : await seedTaskData(database.env, { jobs: JOBS, tasks: TASKS, techs: TECHS });
  const loadBefore = loadavg()[0];
  const server = await startServer(database.env);
  const { rows, facts } = await measureScheduling({
    base: server.base,
    env: database.env,
    seconds: SECONDS,
    writeConnections: Number(process.env.BENCH_WRITE_CONNECTIONS ?? 10),
  });
  await server.stop();
  const sql = await openSql(database.env);
  const tenantId = (await sql.get("select id from tenants where name = 'Bench Co'")).id;
  await sql.close();
  await measureFloors(database.env, tenantId, rows);
  await database.cleanup();
  const lines = [
    `# Scheduling at ${TASKS.toLocaleString('en-US')} tasks (${dialect})`,
    '',
    `${new Date().toISOString().slice(0, 10)}; one company with ${TASKS.toLocaleString('en-US')} tasks over ${JOBS.toLocaleString('en-US')} jobs, ${TECHS} technicians and 10 subcontractors, plus a second company; ${seeding}.`,
    `Load: autocannon, ${SECONDS} s per row, 1 connection unless the row says otherwise (1-min load average ${loadBefore.toFixed(1)} before, ${loadavg()[0].toFixed(1)} after).`,
    "Raw SQL: the request's statements captured from a server process and replayed in a rolled-back transaction (bench/floor.mjs).",
    '',
    `- Scheduler: ${facts.week}; ${facts.schedulerItems} items; ${facts.rawBytes.toLocaleString('en-US')} bytes of JSON, Content-Encoding: ${facts.contentEncoding} (gzip -6: ${facts.gzipBytes.toLocaleString('en-US')} bytes).`,
    `- Availability: ${facts.window}: ${Object.entries(facts.availability)
      .map(([k, n]) => `${n} ${k}`)
      .join(', ')}.`,
    `- Re-schedule: task #${facts.mover} between ${facts.slots}; clash: task #${facts.clasher} onto the slot of #${facts.victim} → 409.`,
    '',
    '| scenario | requests | p50 ms | p95 ms | p99 ms | req/s | target p95 | raw SQL p50 / p95 ms | API p50 / raw p50 | unexpected |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.requests} | ${fmtMs(r.p50)} | ${fmtMs(r.p95)} | ${fmtMs(r.p99)} | ${r.rps.toFixed(0)} | ${r.target ? `≤ ${r.target}${r.p95 > r.target ? ' **over**' : ' ok'}` : '–'} | ${r.floor?.error ?? `${fmtMs(r.floor?.p50, 2)} / ${fmtMs(r.floor?.p95, 2)}`} | ${r.floor?.p50 ? `${(r.p50 / r.floor.p50).toFixed(1)}×` : '–'} | ${r.bad} |`,
    ),
  ];
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  writeFileSync(join(root, `bench/results/scheduling-${dialect}.md`), lines.join('\n') + '\n');
  console.log('\n' + lines.join('\n'));
}
