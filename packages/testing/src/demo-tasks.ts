import type { Db } from '@fieldwork/db/connection';
import { statusBounds, type TaskLifecycle } from '@fieldwork/domain/tasks/task-status.rules';
import { DEFAULT_SCHEDULE_HOURS } from '@fieldwork/domain/tasks/tasks.schemas';
import type { Assignee, Context, JobRef, Plan, SeededCompany, SeededTasks } from './demo.types.ts';
import { writeTasks } from './demo-tasks-writer.ts';
import { bulkPlans, DAY, DEFAULT_DURATION, HOUR, MINUTE, workedWithin } from './demo-bulk-plans.ts';

const CLEAR_OF_NOW = 30 * MINUTE;

/**
 * How far ahead of now tech1 is sure to be free, as a share of what is left of the company's day: his next task
 * today (awaiting start, for the clock-in test) starts at half of it, so work booked "now" by a test or a
 * dispatcher and ending within this share never meets it, however late in the evening.
 */
export const TECH1_FREE_SHARE_OF_DAY_LEFT = 0.4;

/** Milliseconds from `now` to the next midnight in `zone` (clocks change in the small hours, never near midnight). */
export function dayLeftIn(now: number, zone: string): number {
  const wall = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hourCycle: 'h23', hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(now);
  const [hour, minute, second] = wall.split(':').map(Number);
  return 86_400_000 - ((hour! * 60 + minute!) * 60 + second!) * 1000 - (now % 1000);
}

export type SeedTasksOptions = {
  /** How many tasks (rich: at least the hand-placed showcase, then filler up to this number). */
  tasks: number;
  /**
   * Demo: every derived status placed by hand in the past, today and the future around `now`, plus filler.
   * Otherwise the bulk spread: fixed two-hour slots per assignee, lifecycles from the job's status and the time.
   */
  rich: boolean;
  now?: Date;
  /** Task rows per write batch (default 5,000). */
  batch?: number;
  /** One TASK_CREATED activity_log row per task (default true). */
  log?: boolean;
  /** Bulk: how many days after today schedules may reach (default 60). */
  futureDays?: number;
  /**
   * Millions of rows: load with the task tables' secondary indexes and triggers set aside, rebuild the indexes
   * afterwards and recount task_counts in one grouped pass. Nothing else may write tasks meanwhile.
   */
  bulkLoad?: boolean;
};

const pick = <T>(list: readonly T[], i: number): T => list[i % list.length]!;

/**
 * Tasks over the company's jobs, with their work periods, TASK_CREATED activity, jobs.task_count and the
 * tenant's 'task' counter set past the last number. Invariants the product relies on hold: tasks of CLOSED
 * jobs are CLOSED and of CANCELLED jobs CANCELLED; an assignee's scheduled tasks never overlap; a user has
 * at most one running (end_time null) work period; CLOSED tasks carry end_at and closed_at. Rows go in as
 * multi-row inserts in one transaction; task_counts is kept by the migration's triggers.
 */
export async function seedTasks(db: Db, company: SeededCompany, o: SeedTasksOptions): Promise<SeededTasks> {
  const ctx = await loadContext(db, company.tenantId, o.now ?? new Date());
  if (!ctx.jobs.length || o.tasks <= 0) return { count: 0, firstNumber: 0, lastNumber: 0 };
  const richPossible = o.rich && ctx.technicians.length >= 3 && ctx.subcontractors.length >= 3;
  const plans = richPossible ? demoPlans(ctx, o.tasks) : bulkPlans(ctx, o.tasks, o.futureDays ?? 60);
  return writeTasks(db, ctx, plans, { batch: o.batch ?? 5_000, log: o.log ?? true, bulkLoad: o.bulkLoad ?? false });
}

async function loadContext(db: Db, tenantId: string, now: Date): Promise<Context> {
  const tenant = await db.selectFrom('tenants').select('time_zone').where('id', '=', tenantId).executeTakeFirstOrThrow();
  const users = await db
    .selectFrom('users')
    .select(['id', 'role'])
    .where('tenant_id', '=', tenantId)
    .where('status', '=', 'ACTIVE')
    .orderBy('created_at')
    .orderBy('email')
    .execute();
  const subs = await db
    .selectFrom('subcontractors')
    .select(['id', 'user_id'])
    .where('tenant_id', '=', tenantId)
    .where('is_active', '=', 1)
    .orderBy('name')
    .execute();
  const vehicles = await db
    .selectFrom('vehicles')
    .select(['id', 'is_active', 'created_at', 'updated_at'])
    .where('tenant_id', '=', tenantId)
    .orderBy('created_at')
    .orderBy('vin')
    .execute();
  const jobs = await db
    .selectFrom('jobs')
    .select(['id', 'customer_id', 'status', 'created_at'])
    .where('tenant_id', '=', tenantId)
    .orderBy('created_at')
    .orderBy('job_number')
    .execute();
  const startOfToday = Date.parse(statusBounds(now, tenant.time_zone).startOfToday);
  const days = new Map<number, number>();
  const dayStart = (d: number) => {
    let at = days.get(d);
    // From noon, so a 23- or 25-hour day never lands on the wrong date.
    if (at === undefined) days.set(d, (at = Date.parse(statusBounds(new Date(startOfToday + 12 * HOUR + d * DAY), tenant.time_zone).startOfToday)));
    return at;
  };
  return {
    tenantId,
    now: now.getTime(),
    adminId: users.find((u) => u.role === 'Admin')?.id ?? null,
    jobs: jobs.map((j) => ({ id: j.id, customerId: j.customer_id, status: j.status, created: Date.parse(j.created_at) })),
    technicians: users.filter((u) => u.role === 'Technician').map((u) => ({ kind: 'TECHNICIAN', key: u.id, worker: u.id })),
    subcontractors: subs.map((s) => ({ kind: 'SUBCONTRACTOR', key: s.id, worker: s.user_id })),
    vehicles: vehicles.map((v) => ({ id: v.id, created: Date.parse(v.created_at), retired: v.is_active ? null : Date.parse(v.updated_at) })),
    dayStart,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Demo: a hand-placed showcase around `now`, then filler.

/** Where a showcase task sits: a local hour on a day, or a share of today's elapsed / remaining time. */
type When =
  | { day: number; hour: number; hours: number; endDay?: number; endHour?: number }
  | { today: 'before'; from: number; to: number }
  | { today: 'after'; from: number; to: number }
  | { today: 'running'; before: number; after: number };
type Who = 'T1' | 'T2' | 'T3' | 'S1' | 'S2' | 'S3' | null;
type Shot = [Who, TaskLifecycle, When | null];

const before = (from: number, to: number): When => ({ today: 'before', from, to });
const after = (from: number, to: number): When => ({ today: 'after', from, to });
const at = (day: number, hour: number, hours = DEFAULT_SCHEDULE_HOURS): When => ({ day, hour, hours });

/** Every derived status in the past, today and the future (see demo-data.test.ts). T = technician, S = subcontractor. */
const SHOWCASE: Shot[] = [
  // past
  ['T1', 'CLOSED', at(-3, 9)],
  ['T2', 'CLOSED', at(-2, 13)],
  ['T3', 'CLOSED', at(-4, 10, 3)],
  ['S1', 'CLOSED', at(-6, 9, 4)],
  ['T1', 'CLOCKED_OUT', at(-2, 9)],
  ['T3', 'CLOCKED_OUT', at(-1, 13)],
  ['T1', 'OPEN', at(-5, 13)],
  ['S1', 'OPEN', at(-3, 10)],
  ['T2', 'OPEN', at(-4, 9)], // missed
  ['T3', 'CANCELLED', at(-6, 15, 1)],
  ['S3', 'CANCELLED', at(-2, 9)],
  ['T3', 'CLOCKED_IN', at(-1, 16, 3)], // never clocked out: still running since yesterday
  ['S2', 'OPEN', { day: -1, hour: 9, hours: 0, endDay: 1, endHour: 17 }], // a three-day job, open now
  [null, 'OPEN', at(-2, 10)],
  // today
  ['T1', 'CLOSED', before(0.05, 0.25)],
  ['T3', 'CLOCKED_OUT', before(0.1, 0.3)],
  ['T2', 'OPEN', before(0.3, 0.5)], // missed today
  ['S3', 'OPEN', before(0.05, 0.25)],
  ['S3', 'CANCELLED', before(0.3, 0.5)],
  // tech2 is on a task since this morning (the admin's adjustment popup); tech1 has no running period, so
  // its awaiting-start task below can be clocked in (the clock-in e2e).
  ['T2', 'CLOCKED_IN', { today: 'running', before: 4 * HOUR, after: HOUR }],
  ['T3', 'OPEN', { today: 'running', before: HOUR, after: HOUR }],
  ['S1', 'OPEN', { today: 'running', before: 90 * MINUTE, after: 30 * MINUTE }],
  ['T1', 'OPEN', after(0.5, 0.7)], // from half of the day left: clear of TECH1_FREE_SHARE_OF_DAY_LEFT
  ['T2', 'OPEN', after(0.4, 0.6)],
  ['S1', 'OPEN', after(0.6, 0.8)], // awaiting start
  [null, 'OPEN', after(0.45, 0.65)],
  ['T3', 'CANCELLED', after(0.75, 0.9)],
  // future
  ['T1', 'OPEN', at(1, 9)],
  ['T2', 'OPEN', at(2, 13)],
  ['T3', 'OPEN', at(3, 10, 3)],
  ['S1', 'OPEN', at(2, 9, 4)],
  ['S2', 'OPEN', at(4, 9)],
  ['S3', 'OPEN', at(5, 13)],
  ['T2', 'CANCELLED', at(4, 13)],
  [null, 'OPEN', at(2, 9)],
  [null, 'OPEN', { day: 7, hour: 0, hours: 0, endDay: 7, endHour: 23 + 59 / 60 }], // all day
  // unscheduled
  [null, 'OPEN', null],
  [null, 'OPEN', null],
  [null, 'OPEN', null],
];

/** Filler on open jobs: mostly history and upcoming work, some unscheduled and unassigned. */
const FILLER: [TaskLifecycle | 'UNSCHEDULED' | 'UNASSIGNED', 'past' | 'future'][] = [
  ['CLOSED', 'past'],
  ['OPEN', 'future'],
  ['UNSCHEDULED', 'future'],
  ['CLOSED', 'past'],
  ['OPEN', 'past'],
  ['OPEN', 'future'],
  ['UNASSIGNED', 'future'],
  ['CLOCKED_OUT', 'past'],
  ['CANCELLED', 'past'],
  ['UNASSIGNED', 'past'],
  ['CLOSED', 'past'],
  ['OPEN', 'future'],
];

/** Each assignee's booked periods, so no two of their tasks overlap. */
class Calendar {
  private booked = new Map<string, [number, number][]>();
  fits(key: string, start: number, end: number): boolean {
    return !(this.booked.get(key) ?? []).some(([s, e]) => start < e && end > s);
  }
  book(key: string, start: number, end: number): void {
    if (!this.fits(key, start, end)) throw new Error(`demo tasks: overlapping booking for ${key} at ${new Date(start).toISOString()}`);
    this.booked.set(key, [...(this.booked.get(key) ?? []), [start, end]]);
  }
}

function* demoPlans(ctx: Context, total: number): Generator<Plan> {
  const { now } = ctx;
  const today = ctx.dayStart(0);
  const elapsed = now - today;
  const remaining = ctx.dayStart(1) - now;
  const people: Record<Exclude<Who, null>, Assignee> = {
    T1: ctx.technicians[0]!,
    T2: ctx.technicians[1]!,
    T3: ctx.technicians[2]!,
    S1: ctx.subcontractors[0]!,
    S2: ctx.subcontractors[1]!,
    S3: ctx.subcontractors[2]!,
  };
  const everyone = [people.T1, people.T2, people.T3, people.S1, people.T1, people.T2, people.T3, people.S2, people.S3];
  const open = ctx.jobs.filter((j) => j.status === 'OPEN');
  const closed = ctx.jobs.filter((j) => j.status === 'CLOSED');
  const cancelled = ctx.jobs.filter((j) => j.status === 'CANCELLED');
  const calendar = new Calendar();
  let n = 0;
  // A job created before the task's start (or before now), rotating so tasks spread over the jobs.
  const jobFor = (pool: JobRef[], start: number | null) => {
    const latest = (start ?? now) - HOUR;
    for (let k = 0; k < pool.length; k++) {
      const job = pool[(n + k) % pool.length]!;
      if (job.created <= latest) return job;
    }
    return pool[0]!;
  };
  const plan = (job: JobRef, assignee: Assignee | null, start: number | null, end: number | null, lifecycle: TaskLifecycle): Plan => {
    n++;
    const created = Math.min(now - MINUTE, Math.max(job.created + 10 * MINUTE, (start ?? now) - 3 * DAY));
    const p: Plan = { job, assignee, start, end, lifecycle, created };
    if (start !== null && end !== null && (lifecycle === 'CLOSED' || lifecycle === 'CLOCKED_OUT')) p.worked = workedWithin(start, end, now);
    if (start !== null && lifecycle === 'CLOCKED_IN') p.worked = { start: Math.min(start + 3 * MINUTE, now), end: null };
    if (p.worked && p.worked.end !== null && assignee?.kind === 'TECHNICIAN') Object.assign(p.worked, crew(assignee, p.worked.start, n));
    return p;
  };
  // Most finished technician periods: a vehicle in service at the time (3 in 4) and 1–2 assistants (2 in 3).
  const crew = (assignee: Assignee, start: number, k: number): { vehicleId: string | null; assistants: string[] } => {
    const inService = (ctx.vehicles ?? []).filter((v) => v.created <= start && (v.retired === null || start < v.retired));
    const others = ctx.technicians.filter((t) => t.key !== assignee.key && t.worker !== assignee.worker).map((t) => t.worker!);
    const helpers = k % 3 === 0 ? 0 : Math.min(k % 3, others.length);
    return {
      vehicleId: inService.length && k % 4 !== 3 ? pick(inService, k).id : null,
      assistants: Array.from({ length: helpers }, (_, h) => pick(others, k + h)),
    };
  };
  const span = (when: When): [number, number] => {
    if ('day' in when) {
      const start = ctx.dayStart(when.day) + when.hour * HOUR;
      const end = when.endDay === undefined ? start + when.hours * HOUR : ctx.dayStart(when.endDay) + (when.endHour ?? 0) * HOUR;
      return [start, end];
    }
    if (when.today === 'before') {
      // Earlier today ends half an hour before now, so work booked "now" (by a person or a test) is free of
      // it; in the first hour after midnight there is no such room and the task goes to yesterday's working day.
      const room = elapsed - CLEAR_OF_NOW;
      if (room >= CLEAR_OF_NOW) return [today + room * when.from, today + room * when.to];
      const morning = ctx.dayStart(-1) + 8 * HOUR;
      return [morning + 8 * HOUR * when.from, morning + 8 * HOUR * when.to];
    }
    if (when.today === 'after') return [now + remaining * when.from, now + remaining * when.to];
    return [now - Math.min(when.before, elapsed * 0.4), now + Math.min(when.after, remaining * 0.3)];
  };
  // The first free two-hour slot between 07:00 and 17:00 local, walking from `from` towards the past or future.
  const slot = (key: string | null, from: number, direction: 1 | -1, duration = DEFAULT_DURATION): [number, number] => {
    let day = Math.floor((from - today) / DAY);
    for (let tries = 0; tries < 400; tries++, day += direction) {
      for (const hour of direction === 1 ? [8, 10, 13, 15] : [15, 13, 10, 8]) {
        const start = ctx.dayStart(day) + hour * HOUR;
        const end = start + duration;
        if ((direction === 1 && start < from) || (direction === -1 && end > from)) continue;
        if (key === null || calendar.fits(key, start, end)) return [start, end];
      }
    }
    throw new Error('demo tasks: no free slot');
  };

  for (const [who, lifecycle, when] of SHOWCASE) {
    const assignee = who ? people[who] : null;
    if (!when) {
      yield plan(jobFor(open, null), null, null, null, lifecycle);
      continue;
    }
    const [start, end] = span(when);
    if (assignee) calendar.book(assignee.key, start, end);
    yield plan(jobFor(open, start), assignee, start, end, lifecycle);
  }
  // Closed jobs: their work, all closed, after the job was created; cancelled jobs: everything cancelled.
  for (const [j, job] of closed.entries()) {
    for (let k = 0; k < 3; k++) {
      const assignee = pick(everyone, j * 3 + k);
      const wanted = job.created + (k + 1) * DAY;
      let [start, end] = slot(assignee.key, Math.min(wanted, now - HOUR), wanted + 3 * HOUR < now ? 1 : -1);
      if (end > now - HOUR) [start, end] = slot(assignee.key, now - HOUR, -1);
      calendar.book(assignee.key, start, end);
      yield plan(job, assignee, start, end, 'CLOSED');
    }
  }
  for (const [j, job] of cancelled.entries()) {
    yield plan(job, null, null, null, 'CANCELLED');
    const assignee = pick(everyone, j + 1);
    const [start, end] = j % 2 ? slot(assignee.key, today + (3 + j) * DAY, 1) : slot(assignee.key, Math.max(job.created + DAY, now - 6 * DAY), 1);
    calendar.book(assignee.key, start, end);
    yield plan(job, assignee, start, end, 'CANCELLED');
  }
  for (let i = 0; n < total; i++) {
    const [kind, period] = pick(FILLER, i);
    const assignee = kind === 'UNSCHEDULED' || kind === 'UNASSIGNED' ? null : pick(everyone, i + 2);
    if (kind === 'UNSCHEDULED') {
      yield plan(jobFor(open, null), null, null, null, 'OPEN');
      continue;
    }
    const lifecycle: TaskLifecycle = kind === 'UNASSIGNED' ? 'OPEN' : kind === 'CLOCKED_OUT' && assignee?.kind === 'SUBCONTRACTOR' ? 'CLOSED' : kind;
    const from = period === 'past' ? today - (2 + ((i * 7) % 28)) * DAY : today + (1 + ((i * 5) % 28)) * DAY;
    const [start, end] = slot(assignee?.key ?? null, from, period === 'past' ? -1 : 1);
    if (assignee) calendar.book(assignee.key, start, end);
    yield plan(jobFor(open, start), assignee, start, end, lifecycle);
  }
}

// ---------------------------------------------------------------------------------------------------------
// Bulk: fixed slots per assignee, so millions of rows never overlap without any lookup.
