/**
 * Generating 12 months of visits for many service plans, in process (no database): the rules' own cost, which the
 * server's generation job adds to its SQL. Run: `npx tsx bench/recurrence.ts` (optionally `PLANS=100000`).
 * Prints µs per plan for a weekly rule (52 visits a year) and a mix of shapes, the heap after each size, and the
 * same weekly year through rrule-temporal (the RFC 5545 engine the tests compare against) for scale.
 */
import { RRuleTemporal } from 'rrule-temporal';
import { occurrences, type Recurrence } from '../packages/domain/src/plans/recurrence.rules.ts';
import { engineText, toRRule } from '../packages/domain/src/plans/recurrence-rrule.rules.ts';

const ZONES = ['America/New_York', 'Europe/Berlin', 'Australia/Sydney', 'Pacific/Auckland', 'America/Chicago'];
const FROM = new Date('2026-11-27T00:00:00Z');
const UNTIL = new Date('2027-11-27T00:00:00Z');

const weekly = (i: number): Recurrence => ({
  frequency: 'weekly',
  interval: 1,
  weekdays: [(['MO', 'TU', 'WE', 'TH', 'FR'] as const)[i % 5]!],
  monthDay: null,
  months: [],
  startDate: '2025-01-01',
  endDate: null,
  time: `${String(7 + (i % 10)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
  durationMinutes: 120,
  arrivalWindowMinutes: 0,
});

const mixed = (i: number): Recurrence => {
  const base = weekly(i);
  switch (i % 4) {
    case 0:
      return base;
    case 1:
      return { ...base, frequency: 'monthly', interval: 3, weekdays: [], monthDay: { kind: 'day', day: 31 } };
    case 2:
      return { ...base, frequency: 'monthly', weekdays: [], monthDay: { kind: 'weekday', ordinal: -1, weekday: 'FR' }, months: [3, 4, 9, 10] };
    default:
      return { ...base, interval: 2, weekdays: ['MO', 'TH'] };
  }
};

function run(plans: number, make: (i: number) => Recurrence): { usPerPlan: number; visits: number; heapMb: number } {
  let visits = 0;
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < plans; i++) {
    visits += occurrences(make(i), ZONES[i % ZONES.length]!, { from: FROM, until: UNTIL, limit: 100 }).length;
  }
  const ns = Number(process.hrtime.bigint() - t0);
  return { usPerPlan: ns / 1000 / plans, visits, heapMb: process.memoryUsage().heapUsed / 2 ** 20 };
}

const size = Number(process.env.PLANS ?? 10_000);
run(1_000, weekly); // warm-up: JIT and the zone offset caches
for (const [name, make] of [
  ['weekly', weekly],
  ['mixed shapes', mixed],
] as const) {
  for (const plans of [1_000, size]) {
    const r = run(plans, make);
    console.log(
      `${name.padEnd(12)} ${String(plans).padStart(6)} plans: ${r.usPerPlan.toFixed(1)} µs/plan, ${(r.visits / plans).toFixed(1)} visits/plan, heap ${r.heapMb.toFixed(1)} MB`,
    );
  }
}

const sample = 1_000;
const t0 = process.hrtime.bigint();
let theirs = 0;
for (let i = 0; i < sample; i++) {
  const rule = new RRuleTemporal({ rruleString: engineText(toRRule(weekly(i), ZONES[i % ZONES.length]!)), cache: false });
  theirs += rule.between(FROM, UNTIL, true).length;
}
const us = Number(process.hrtime.bigint() - t0) / 1000 / sample;
console.log(`rrule-temporal weekly ${sample} plans: ${us.toFixed(1)} µs/plan, ${(theirs / sample).toFixed(1)} visits/plan`);
