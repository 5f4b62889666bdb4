// Seeds the tenant of `npm run bench:scheduler-ui` (bench/scheduler-ui.mjs) into DATA_DIR's SQLite file:
// 80 busy technicians holding 2,000 tasks in the company-zone week that starts on the Saturday on or before
// today (7 days, 07:00–19:00, 30–180 min, a few technicians with overlapping tasks, none cancelled, statuses
// from the clock: closed / clocked out / missed before now, clocked in or awaiting start around now, open
// after), plus idle technicians and subcontractors so the dispatch chart has 3 + 510 rows. Rows go in through
// packages/testing's writeTasks (the same columns seedTasks writes: schedule_id, assignee_key, start_at,
// expected_end_at; schedule_version at its default), the company, customers and jobs through seedCompany and
// seedJobs. Writes DATA_DIR/scheduler-ui-fixture.json (zone, week, chart day, login) for the benchmark.
// BENCH_BUSY_TECHS, BENCH_WEEK_TASKS, BENCH_IDLE_TECHS, BENCH_SUBS size it.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createDb } from '@fieldwork/db/connection';
import { migrateToLatest } from '@fieldwork/db/migrate';
import { addDays, daysFrom, instantOf, todayKey, viewRange, weekStartOf } from '@fieldwork/domain/time/calendar-time.rules';
import type { TaskLifecycle } from '@fieldwork/domain/tasks/task-status.rules';
import { seedCompany } from '@fieldwork/testing/demo-data';
import { seedJobs } from '@fieldwork/testing/demo-jobs';
import type { Context, Plan } from '@fieldwork/testing/demo.types';
import { writeTasks } from '@fieldwork/testing/demo-tasks-writer';
import { hashPassword } from '../apps/server/src/lib/passwords.ts';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const BUSY = env('BENCH_BUSY_TECHS', 80);
const TASKS = env('BENCH_WEEK_TASKS', 2000);
const IDLE = env('BENCH_IDLE_TECHS', 410);
const SUBS = env('BENCH_SUBS', 20);
const ZONE = 'America/New_York';
const PASSWORD = 'bench-pass-2026';
const MINUTE = 60_000;
const DAY_FROM = 7 * 60; // 07:00
const DAY_TO = 19 * 60; // 19:00
const DURATIONS = [30, 45, 60, 90, 120, 150, 180];

function mix(i: number, salt: number): number {
  let x = (Math.imul(i, 0x9e3779b1) ^ Math.imul(salt + 1, 0x85ebca6b)) >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x45d9f3b) >>> 0;
  return (x ^ (x >>> 16)) >>> 0;
}

const t0 = Date.now();
const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR is required');
const handle = createDb({ sqliteFile: join(dataDir, 'fieldwork.sqlite') });
await migrateToLatest(handle.db, handle.dialect);
const passwordHash = await hashPassword(PASSWORD);
const pad = (n: number) => String(n).padStart(3, '0');
const users = [{ email: 'bench-admin@bench.test', name: 'Bench Admin', role: 'Admin' as const, access: 'fullAccess' as const }];
// Busy and idle technicians interleave by name (the chart and sidebar sort by name).
for (let i = 0; i < BUSY; i++)
  users.push({ email: `busy${i}@bench.test`, name: `Tech ${pad(i * 6)} Busy`, role: 'Technician' as any, access: 'noAccess' as any });
for (let i = 0; i < IDLE; i++)
  users.push({
    email: `idle${i}@bench.test`,
    name: `Tech ${pad(Math.floor(i / 5) * 6 + 1 + (i % 5))} Idle`,
    role: 'Technician' as any,
    access: 'noAccess' as any,
  });
const company = await seedCompany(handle.db, {
  name: 'Bench Co',
  timeZone: ZONE,
  users,
  customers: 300,
  zones: ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'],
  serviceTags: ['HVAC', 'Plumbing', 'Electrical', 'Roofing', 'Solar', 'Doors'],
  accountTags: ['VIP', 'Commercial'],
  subcontractors: Array.from({ length: SUBS }, (_, i) => ({ name: `Sub ${pad(i)}`, kind: 'COMPANY' as const, contactName: null })),
  passwordHash,
});
const now = Date.now();
// Jobs created 10–40 days ago, so every task of the week is created after its job.
await seedJobs(handle.db, company, { jobs: 400, rich: false, batch: 400, days: 30, now: new Date(now - 10 * 86_400_000) });

const jobs = (
  await handle.db
    .selectFrom('jobs')
    .select(['id', 'customer_id', 'status', 'created_at'])
    .where('tenant_id', '=', company.tenantId)
    .where('status', '=', 'OPEN')
    .orderBy('job_number')
    .execute()
).map((j) => ({ id: j.id, customerId: j.customer_id, status: j.status, created: Date.parse(j.created_at) }));
const techIds = Array.from({ length: BUSY }, (_, i) => company.userIds[`busy${i}@bench.test`]!);
const today = todayKey(ZONE, now);
const weekStart = weekStartOf(today);
const days = daysFrom(weekStart, 7);
const ctx: Context = {
  tenantId: company.tenantId,
  now,
  adminId: company.userIds['bench-admin@bench.test']!,
  jobs,
  technicians: techIds.map((key) => ({ kind: 'TECHNICIAN', key, worker: key })),
  subcontractors: company.subcontractorIds.map((key) => ({ kind: 'SUBCONTRACTOR', key, worker: null })),
  dayStart: (d) => instantOf(addDays(today, d), 0, ZONE),
};

// 80 × 7 technician-days; 2,000 tasks: the first (TASKS mod 560) technician-days take one more.
const techDays = BUSY * days.length;
const base = Math.floor(TASKS / techDays);
const extra = TASKS - base * techDays;
const plans: Plan[] = [];
const running = new Set<string>();
const perDay = new Map<string, number>();
let n = 0;
for (let t = 0; t < BUSY; t++) {
  const assignee = ctx.technicians[t]!;
  const overlapping = t % 10 === 3; // 8 of 80 technicians have overlapping tasks
  for (const [d, day] of days.entries()) {
    const slot = t * days.length + d;
    const count = base + ((slot * 7919) % techDays < extra ? 1 : 0); // 7919 is prime: a permutation, so exactly `extra`
    let cursor = DAY_FROM + (mix(slot, 2) % 5) * 15; // 07:00–08:00
    for (let k = 0; k < count; k++, n++) {
      let length = DURATIONS[mix(n, 3) % DURATIONS.length]!;
      let start = cursor;
      if (overlapping && k > 0 && k % 2 === 1) start = Math.max(DAY_FROM, cursor - 30); // 30 min into the previous task
      if (start + length > DAY_TO) length = Math.max(30, DAY_TO - start); // shorten to fit the day
      if (start + length > DAY_TO) start = DAY_TO - length; // (rare: a late 30-minute task may overlap)
      cursor = start + length + (mix(n, 4) % 5) * 15; // a gap of 0–60 min
      const s = instantOf(day, start, ZONE);
      const e = instantOf(day, start + length, ZONE);
      let lifecycle: TaskLifecycle = 'OPEN';
      let worked: Plan['worked'];
      if (e <= now) {
        const r = mix(n, 5) % 100;
        lifecycle = r < 60 ? 'CLOSED' : r < 78 ? 'CLOCKED_OUT' : 'OPEN'; // OPEN in the past: missed
        if (lifecycle !== 'OPEN') {
          const to = Math.min(e, now);
          const from = Math.min(s + 5 * MINUTE, to);
          worked = { start: from, end: Math.max(from, to - 10 * MINUTE) };
        }
      } else if (s <= now && !running.has(assignee.key) && mix(n, 6) % 3 > 0) {
        lifecycle = 'CLOCKED_IN';
        running.add(assignee.key);
        worked = { start: Math.min(s + 3 * MINUTE, now), end: null };
      }
      const job = jobs[n % jobs.length]!;
      plans.push({
        job,
        assignee,
        start: s,
        end: e,
        lifecycle,
        created: Math.max(job.created + 10 * MINUTE, Math.min(now - MINUTE, s - 3 * 86_400_000)),
        ...(worked ? { worked } : {}),
      });
      perDay.set(day, (perDay.get(day) ?? 0) + 1);
    }
  }
}
const written = await writeTasks(handle.db, ctx, plans, { batch: 1000, log: false, bulkLoad: false });
await handle.close();

// The chart's day: a weekday (Monday–Friday) of the week, the first from tomorrow on with the most tasks.
const weekdays = days.filter((d) => ![0, 6].includes(new Date(`${d}T12:00:00Z`).getUTCDay()));
const future = weekdays.filter((d) => d > today);
const chartDay = (future.length ? future : weekdays).reduce((a, b) => ((perDay.get(b) ?? 0) > (perDay.get(a) ?? 0) ? b : a));
const fixture = {
  timeZone: ZONE,
  today,
  weekStart,
  days,
  range: viewRange('week', weekStart, ZONE),
  dayStarts: days.map((d) => instantOf(d, 0, ZONE)),
  dayEnds: days.map((d) => instantOf(addDays(d, 1), 0, ZONE)),
  chartDay,
  chartRange: viewRange('day', chartDay, ZONE),
  perDay: Object.fromEntries(perDay),
  tasks: written.count,
  firstNumber: written.firstNumber,
  lastNumber: written.lastNumber,
  busyTechnicians: BUSY,
  idleTechnicians: IDLE,
  subcontractors: SUBS,
  people: BUSY + IDLE + SUBS,
  chartRows: 3 + BUSY + IDLE + SUBS,
  running: running.size,
  email: 'bench-admin@bench.test',
  password: PASSWORD,
  seededMs: Date.now() - t0,
};
writeFileSync(join(dataDir, 'scheduler-ui-fixture.json'), JSON.stringify(fixture, null, 2));
console.log(
  `seeded ${written.count} tasks for ${BUSY} technicians in the week of ${weekStart} (+${IDLE} idle technicians, ${SUBS} subcontractors) in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
);
