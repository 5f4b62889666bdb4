import fc from 'fast-check';
import { RRuleTemporal } from 'rrule-temporal';
import { describe, expect, it } from 'vitest';
import { dateOfEpochDay, epochDay } from './recurrence-dates.rules.ts';
import { ORDINALS, occurrences, validateRecurrence, WEEKDAYS, type MonthDay, type Recurrence } from './recurrence.rules.ts';
import { engineText, fromRRule, toRRule } from './recurrence-rrule.rules.ts';

const ZONES = ['America/New_York', 'Europe/Berlin', 'Australia/Sydney', 'Pacific/Auckland', 'America/Sao_Paulo', 'Asia/Kolkata'];

const monthDay: fc.Arbitrary<MonthDay> = fc.oneof(
  fc.integer({ min: 1, max: 31 }).map((day) => ({ kind: 'day' as const, day })),
  fc.record({ kind: fc.constant('weekday' as const), ordinal: fc.constantFrom(...ORDINALS), weekday: fc.constantFrom(...WEEKDAYS) }),
);

/** Any recurrence the plan form can make, at a time no zone here skips (the RFC engine drops skipped times). */
const recurrence: fc.Arbitrary<Recurrence> = fc
  .record({
    frequency: fc.constantFrom('daily' as const, 'weekly' as const, 'monthly' as const, 'yearly' as const),
    interval: fc.integer({ min: 1, max: 14 }),
    weekdays: fc.uniqueArray(fc.constantFrom(...WEEKDAYS), { minLength: 1, maxLength: 7 }),
    monthDay,
    months: fc.uniqueArray(fc.integer({ min: 1, max: 12 }), { maxLength: 5 }),
    start: fc.integer({ min: epochDay('2024-01-01'), max: epochDay('2027-12-31') }),
    length: fc.option(fc.integer({ min: 0, max: 1500 })),
    hour: fc.integer({ min: 5, max: 22 }),
    minute: fc.constantFrom(0, 15, 30, 45),
  })
  .map((v) => ({
    frequency: v.frequency,
    interval: v.interval,
    weekdays: v.frequency === 'weekly' ? [...v.weekdays].sort((a, b) => WEEKDAYS.indexOf(a) - WEEKDAYS.indexOf(b)) : [],
    monthDay: v.frequency === 'monthly' || v.frequency === 'yearly' ? v.monthDay : null,
    months: v.frequency === 'yearly' && !v.months.length ? [1 + (v.start % 12)] : [...v.months].sort((a, b) => a - b),
    startDate: dateOfEpochDay(v.start),
    endDate: v.length === null ? null : dateOfEpochDay(v.start + v.length),
    time: `${String(v.hour).padStart(2, '0')}:${String(v.minute).padStart(2, '0')}`,
    durationMinutes: 60,
    arrivalWindowMinutes: 0,
  }))
  .filter((r) => validateRecurrence(r).length === 0);

describe('any recurrence of the plan form, against an RFC 5545 engine', () => {
  it('lists the same visits as rrule-temporal reads from its RRULE, and its text round-trips', () => {
    fc.assert(
      fc.property(recurrence, fc.constantFrom(...ZONES), fc.integer({ min: epochDay('2024-01-01'), max: epochDay('2028-12-31') }), (r, zone, fromDay) => {
        const from = new Date(fromDay * 86_400_000);
        const until = new Date((fromDay + 3 * 365) * 86_400_000);
        const text = toRRule(r, zone);
        expect(fromRRule(text)).toEqual({ recurrence: r, timeZone: zone });
        const mine = occurrences(r, zone, { from, until, limit: 40 }).map((o) => o.startsAt.toISOString());
        const theirs = new RRuleTemporal({ rruleString: engineText(text) })
          .between(from, until, true)
          .slice(0, 40)
          .map((z) => new Date(z.epochMilliseconds).toISOString());
        expect(mine).toEqual(theirs);
      }),
      { numRuns: 300 },
    );
  }, 60_000);
});
