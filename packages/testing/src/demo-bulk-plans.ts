// The bulk spread of seeded tasks (benchmarks, large companies), and the helpers it shares with the demo's showcase.
import { type TaskLifecycle } from '@fieldwork/domain/tasks/task-status.rules';
import { DEFAULT_SCHEDULE_HOURS } from '@fieldwork/domain/tasks/tasks.schemas';
import type { Assignee, Context, Plan } from './demo.types.ts';

export const MINUTE = 60_000;
export const HOUR = 3_600_000;
export const DAY = 86_400_000;
export const DEFAULT_DURATION = DEFAULT_SCHEDULE_HOURS * HOUR;

/** Deterministic integer mixing, so the same options give the same spread. */
function mix(i: number, salt: number): number {
  let x = (Math.imul(i, 0x9e3779b1) ^ Math.imul(salt + 1, 0x85ebca6b)) >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x45d9f3b) >>> 0;
  return (x ^ (x >>> 16)) >>> 0;
}

/** The period worked on a task that ended by `now`: inside the schedule, never after now. */
export function workedWithin(start: number, end: number, now: number): { start: number; end: number } {
  const to = Math.min(end, now);
  const from = Math.min(start + 5 * MINUTE, to);
  return { start: from, end: Math.max(from, to - 10 * MINUTE) };
}

/** Local start hours of an assignee's four two-hour slots a day. */
const SLOT_HOURS = [8, 10, 13, 15];

export function* bulkPlans(ctx: Context, total: number, futureDays: number): Generator<Plan> {
  const { now, jobs } = ctx;
  const today = ctx.dayStart(0);
  const firstDay = Math.floor((jobs[0]!.created - today) / DAY);
  const dayCount = futureDays - firstDay + 1;
  const perDay = SLOT_HOURS.length;
  const slotCount = dayCount * perDay;
  const dayStarts = Float64Array.from({ length: dayCount }, (_, d) => ctx.dayStart(firstDay + d));
  const slotStart = (g: number) => dayStarts[Math.floor(g / perDay)]! + SLOT_HOURS[g % perDay]! * HOUR;
  const slotOf = (t: number) => Math.max(0, Math.min(slotCount - 1, (Math.floor((t - today) / DAY) - firstDay) * perDay));
  let lastPast = slotCount - 1; // the last slot that ended an hour before now
  while (lastPast > 0 && slotStart(lastPast) + DEFAULT_DURATION > now - HOUR) lastPast--;
  // Technicians and subcontractors alike: each takes about the same share of the assigned tasks.
  const assignees = [...ctx.technicians, ...ctx.subcontractors];
  const booked = new Uint8Array(assignees.length * slotCount);
  const running = new Set<string>();
  // Tasks per job: weights 1..19, scaled so the total is exact.
  const weights = jobs.map((_, j) => 1 + (mix(j, 1) % 19));
  const weightSum = weights.reduce((a, b) => a + b, 0);
  let cumulative = 0;
  let i = 0;

  const book = (first: number, target: number, direction: 1 | -1, limit: number): [Assignee, number] | null => {
    for (let tries = 0; tries < assignees.length; tries++) {
      const a = (first + tries) % assignees.length;
      const row = a * slotCount;
      for (let g = target; direction === 1 ? g <= limit : g >= limit; g += direction) {
        if (!booked[row + g]) {
          booked[row + g] = 1;
          return [assignees[a]!, g];
        }
      }
    }
    return null;
  };

  for (const [j, job] of jobs.entries()) {
    const from = Math.floor((cumulative * total) / weightSum);
    cumulative += weights[j]!;
    const count = Math.floor((cumulative * total) / weightSum) - from;
    for (let k = 0; k < count; k++, i++) {
      const r = mix(i, 2) % 100;
      const created = Math.min(now - MINUTE, job.created + (k + 1) * 37 * MINUTE);
      const kind =
        job.status === 'CLOSED' || !assignees.length
          ? assignees.length
            ? 'assigned'
            : 'unassigned'
          : r < 5
            ? 'unscheduled'
            : r < 10
              ? 'unassigned'
              : 'assigned';
      const terminal = job.status === 'CANCELLED' ? 'CANCELLED' : null;
      if (kind === 'unscheduled') {
        yield { job, assignee: null, start: null, end: null, lifecycle: terminal ?? 'OPEN', created };
        continue;
      }
      const target = Math.min(slotCount - 1, slotOf(created) + (mix(i, 3) % (15 * perDay)));
      if (kind === 'unassigned') {
        const start = slotStart(target);
        yield { job, assignee: null, start, end: start + DEFAULT_DURATION, lifecycle: terminal ?? 'OPEN', created };
        continue;
      }
      const first = mix(i, 4) % assignees.length;
      const placed = job.status === 'CLOSED' ? book(first, Math.min(target, lastPast), -1, 0) : book(first, target, 1, slotCount - 1);
      if (!placed) {
        yield { job, assignee: null, start: null, end: null, lifecycle: terminal ?? 'OPEN', created };
        continue;
      }
      const [assignee, g] = placed;
      const start = slotStart(g);
      const end = start + DEFAULT_DURATION;
      let lifecycle: TaskLifecycle = terminal ?? 'OPEN';
      if (job.status === 'CLOSED') lifecycle = 'CLOSED';
      else if (!terminal && end <= now) {
        const p = mix(i, 5) % 100;
        lifecycle = p < 72 ? 'CLOSED' : p < 82 ? 'OPEN' : p < 90 ? (assignee.kind === 'TECHNICIAN' ? 'CLOCKED_OUT' : 'CLOSED') : 'CANCELLED';
      } else if (!terminal && start <= now) {
        if (assignee.kind === 'TECHNICIAN' && !running.has(assignee.key) && mix(i, 6) % 2 === 0) lifecycle = 'CLOCKED_IN';
      } else if (!terminal && mix(i, 7) % 100 < 5) lifecycle = 'CANCELLED';
      if (lifecycle === 'CLOCKED_IN') running.add(assignee.key);
      const plan: Plan = { job, assignee, start, end, lifecycle, created: Math.min(created, Math.max(job.created, start - DAY)) };
      if (lifecycle === 'CLOSED' || lifecycle === 'CLOCKED_OUT') plan.worked = workedWithin(start, end, now);
      if (lifecycle === 'CLOCKED_IN') plan.worked = { start: Math.min(start + 3 * MINUTE, now), end: null };
      yield plan;
    }
  }
}
