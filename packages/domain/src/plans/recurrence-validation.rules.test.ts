import { describe, expect, it } from 'vitest';
import { RECURRENCE_MESSAGES as M, validateRecurrence, type Recurrence } from './recurrence.rules.ts';
import { rec, SHAPES } from './recurrence.fixture.ts';

describe('validateRecurrence', () => {
  it.each(SHAPES)('accepts %s', (_, r) => expect(validateRecurrence(r)).toEqual([]));

  it.each<[string, Partial<Recurrence> & Record<string, unknown>, keyof Recurrence, string]>([
    ['an unknown frequency', { frequency: 'hourly' as never }, 'frequency', M.frequency],
    ['interval 0', { interval: 0 }, 'interval', 'Repeat every 1 to 52 weeks.'],
    ['a fractional interval', { interval: 1.5 }, 'interval', 'Repeat every 1 to 52 weeks.'],
    [
      'too many months apart',
      { frequency: 'monthly', weekdays: [], monthDay: { kind: 'day', day: 1 }, interval: 25 },
      'interval',
      'Repeat every 1 to 24 months.',
    ],
    ['too many days apart', { frequency: 'daily', weekdays: [], interval: 366 }, 'interval', 'Repeat every 1 to 365 days.'],
    [
      'too many years apart',
      { frequency: 'yearly', weekdays: [], monthDay: { kind: 'day', day: 1 }, months: [1], interval: 11 },
      'interval',
      'Repeat every 1 to 10 years.',
    ],
    ['weekly with no weekday', { weekdays: [] }, 'weekdays', M.weekdaysMissing],
    ['an unknown weekday', { weekdays: ['XX' as never] }, 'weekdays', M.weekdaysInvalid],
    ['a weekday twice', { weekdays: ['MO', 'MO'] }, 'weekdays', M.weekdaysInvalid],
    ['weekdays on a daily plan', { frequency: 'daily', weekdays: ['MO'] }, 'weekdays', M.weekdaysNotWeekly],
    ['monthly with no day', { frequency: 'monthly', weekdays: [] }, 'monthDay', M.monthDayMissing],
    ['day 0', { frequency: 'monthly', weekdays: [], monthDay: { kind: 'day', day: 0 } }, 'monthDay', M.monthDayInvalid],
    ['day 32', { frequency: 'monthly', weekdays: [], monthDay: { kind: 'day', day: 32 } }, 'monthDay', M.monthDayInvalid],
    ['a fifth Monday', { frequency: 'monthly', weekdays: [], monthDay: { kind: 'weekday', ordinal: 5 as never, weekday: 'MO' } }, 'monthDay', M.ordinalInvalid],
    ['a day of month on a weekly plan', { monthDay: { kind: 'day', day: 1 } }, 'monthDay', M.monthDayNotMonthly],
    ['month 13', { months: [13] }, 'months', M.monthsInvalid],
    ['month 0', { months: [0] }, 'months', M.monthsInvalid],
    ['a month twice', { months: [3, 3] }, 'months', M.monthsInvalid],
    ['a yearly plan with no month', { frequency: 'yearly', weekdays: [], monthDay: { kind: 'day', day: 1 } }, 'months', M.monthsMissing],
    ['a start that is no date', { startDate: '2026-02-30' }, 'startDate', M.startDate],
    ['an end that is no date', { endDate: '31/12/2027' }, 'endDate', M.endDate],
    ['an end before the start', { endDate: '2025-12-31' }, 'endDate', M.endBeforeStart],
    ['a time of 24:00', { time: '24:00' }, 'time', M.time],
    ['a time without minutes', { time: '8' }, 'time', M.time],
    ['no duration', { durationMinutes: 0 }, 'durationMinutes', M.duration],
    ['a duration over a day', { durationMinutes: 1441 }, 'durationMinutes', M.duration],
    ['a negative arrival window', { arrivalWindowMinutes: -1 }, 'arrivalWindowMinutes', M.arrivalWindow],
    ['an end date the pattern never reaches', { weekdays: ['MO'], startDate: '2026-01-06', endDate: '2026-01-10' }, 'endDate', M.noDate],
  ])('refuses %s', (_, over, field, message) => {
    expect(validateRecurrence(rec(over as Partial<Recurrence>))).toEqual([{ field, message }]);
  });

  it('accepts an end on the start date', () => {
    expect(validateRecurrence(rec({ startDate: '2026-01-05', endDate: '2026-01-05' }))).toEqual([]);
  });
});
