import { RRuleTemporal } from 'rrule-temporal';
import { describe, expect, it } from 'vitest';
import { countOccurrences, MAX_OCCURRENCES_PER_CALL, occurrences, RECURRENCE_MESSAGES, validateRecurrence, type Recurrence } from './recurrence.rules.ts';
import { engineText, toRRule } from './recurrence-rrule.rules.ts';
import { rec, SHAPES } from './recurrence.fixture.ts';

const dates = (r: Recurrence, zone: string, from: string, limit = 100, until?: string) => occurrences(r, zone, { from, until, limit }).map((o) => o.localDate);
const instants = (r: Recurrence, zone: string, from: string, limit = 100) => occurrences(r, zone, { from, limit }).map((o) => o.startsAt.toISOString());

const localClock = (instant: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(instant);

describe('occurrences keep the visit at 08:00 local across daylight-saving changes', () => {
  // zone, the day of a change, the visit's UTC instant the day before and the day after.
  const changes: [string, string, string, string][] = [
    ['America/New_York', '2026-03-08', '2026-03-07T13:00:00.000Z', '2026-03-09T12:00:00.000Z'],
    ['America/New_York', '2026-11-01', '2026-10-31T12:00:00.000Z', '2026-11-02T13:00:00.000Z'],
    ['Europe/Berlin', '2026-03-29', '2026-03-28T07:00:00.000Z', '2026-03-30T06:00:00.000Z'],
    ['Europe/Berlin', '2026-10-25', '2026-10-24T06:00:00.000Z', '2026-10-26T07:00:00.000Z'],
    ['Australia/Sydney', '2026-04-05', '2026-04-03T21:00:00.000Z', '2026-04-05T22:00:00.000Z'],
    ['Australia/Sydney', '2026-10-04', '2026-10-02T22:00:00.000Z', '2026-10-04T21:00:00.000Z'],
    ['Pacific/Auckland', '2026-04-05', '2026-04-03T19:00:00.000Z', '2026-04-05T20:00:00.000Z'],
    ['Pacific/Auckland', '2026-09-27', '2026-09-25T20:00:00.000Z', '2026-09-27T19:00:00.000Z'],
  ];
  it.each(changes)('%s around %s', (zone, change, before, after) => {
    const daily = rec({ frequency: 'daily', weekdays: [], startDate: '2026-01-01' });
    const found = occurrences(daily, zone, { from: new Date(Date.parse(change) - 5 * 86_400_000), limit: 10 });
    const i = found.findIndex((o) => o.localDate === change);
    expect(found[i - 1]?.startsAt.toISOString()).toBe(before);
    expect(found[i + 1]?.startsAt.toISOString()).toBe(after);
    for (const o of found) expect(localClock(o.startsAt, zone)).toBe('08:00');
  });

  it('a weekly rule keeps 08:00 for a whole year in each zone', () => {
    for (const zone of ['America/New_York', 'Europe/Berlin', 'Australia/Sydney', 'Pacific/Auckland']) {
      const found = occurrences(rec({ weekdays: ['MO', 'FR'] }), zone, { from: '2026-01-01T00:00:00Z', limit: 100 });
      expect(found).toHaveLength(100);
      expect(new Set(found.map((o) => localClock(o.startsAt, zone)))).toEqual(new Set(['08:00']));
      expect(new Set(found.map((o) => o.startsAt.getUTCHours())).size).toBe(2);
    }
  });

  it('a time the day skips moves past the gap; a time the day repeats is its first', () => {
    const skipped = rec({ frequency: 'daily', weekdays: [], time: '02:30', startDate: '2026-03-08', endDate: '2026-03-08' });
    expect(instants(skipped, 'America/New_York', '2026-03-01T00:00Z')).toEqual(['2026-03-08T07:30:00.000Z']); // 03:30 EDT
    const repeated = rec({ frequency: 'daily', weekdays: [], time: '01:30', startDate: '2026-11-01', endDate: '2026-11-01' });
    expect(instants(repeated, 'America/New_York', '2026-10-01T00:00Z')).toEqual(['2026-11-01T05:30:00.000Z']); // 01:30 EDT
    const sydney = rec({ frequency: 'daily', weekdays: [], time: '02:30', startDate: '2026-04-05', endDate: '2026-04-05' });
    expect(instants(sydney, 'Australia/Sydney', '2026-04-01T00:00Z')).toEqual(['2026-04-04T15:30:00.000Z']); // 02:30 AEDT, the first
  });

  it('ends a visit its duration after it starts', () => {
    const [first] = occurrences(rec({ durationMinutes: 90 }), 'Europe/Berlin', { from: '2026-01-01T00:00Z', limit: 1 });
    expect(first?.endsAt.getTime()).toBe((first?.startsAt.getTime() ?? 0) + 90 * 60_000);
  });
});

describe('occurrences: which days', () => {
  const zone = 'America/New_York';
  const from = '2026-01-01T00:00:00Z';
  it.each<[string, Partial<Recurrence>, string[]]>([
    [
      'the 31st is each month’s last day',
      { frequency: 'monthly', weekdays: [], monthDay: { kind: 'day', day: 31 } },
      ['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30', '2026-05-31'],
    ],
    [
      'the 30th is February’s last day',
      { frequency: 'monthly', weekdays: [], monthDay: { kind: 'day', day: 30 } },
      ['2026-01-30', '2026-02-28', '2026-03-30', '2026-04-30'],
    ],
    [
      'the 29th in a leap February',
      { frequency: 'monthly', weekdays: [], monthDay: { kind: 'day', day: 29 }, startDate: '2028-01-01' },
      ['2028-01-29', '2028-02-29', '2028-03-29'],
    ],
    [
      '29 February yearly: 28 February in common years',
      { frequency: 'yearly', weekdays: [], monthDay: { kind: 'day', day: 29 }, months: [2], startDate: '2024-02-29' },
      ['2026-02-28', '2027-02-28', '2028-02-29', '2029-02-28'],
    ],
    [
      'chosen months: spring and autumn',
      { frequency: 'yearly', weekdays: [], monthDay: { kind: 'day', day: 1 }, months: [3, 4, 9, 10] },
      ['2026-03-01', '2026-04-01', '2026-09-01', '2026-10-01', '2027-03-01'],
    ],
    ['chosen months, weekly', { weekdays: ['TU'], months: [6, 7] }, ['2026-06-02', '2026-06-09', '2026-06-16', '2026-06-23', '2026-06-30', '2026-07-07']],
    [
      'the last Friday',
      { frequency: 'monthly', weekdays: [], monthDay: { kind: 'weekday', ordinal: -1, weekday: 'FR' } },
      ['2026-01-30', '2026-02-27', '2026-03-27', '2026-04-24'],
    ],
    [
      'the second Tuesday',
      { frequency: 'monthly', weekdays: [], monthDay: { kind: 'weekday', ordinal: 2, weekday: 'TU' } },
      ['2026-01-13', '2026-02-10', '2026-03-10'],
    ],
    [
      'every 3 months from the start',
      { frequency: 'monthly', interval: 3, weekdays: [], monthDay: { kind: 'day', day: 15 }, startDate: '2025-11-20' },
      ['2026-02-15', '2026-05-15', '2026-08-15'],
    ],
    [
      'every 2 weeks counts weeks from the start’s week',
      { interval: 2, weekdays: ['MO', 'TH'], startDate: '2026-01-01' },
      ['2026-01-01', '2026-01-12', '2026-01-15', '2026-01-26'],
    ],
    ['the end date is inclusive', { weekdays: ['MO'], endDate: '2026-01-19' }, ['2026-01-05', '2026-01-12', '2026-01-19']],
    ['the start date is not a visit when the pattern does not fall on it', { weekdays: ['MO'], startDate: '2026-01-06' }, ['2026-01-12', '2026-01-19']],
  ])('%s', (_, over, expected) => {
    expect(dates(rec(over), zone, from, expected.length)).toEqual(expected);
  });

  it('counts an end date in a zone far east of UTC, with a late visit, as inclusive', () => {
    const late = rec({ frequency: 'daily', weekdays: [], time: '23:30', startDate: '2026-06-01', endDate: '2026-06-03' });
    expect(dates(late, 'Pacific/Auckland', '2026-05-01T00:00Z')).toEqual(['2026-06-01', '2026-06-02', '2026-06-03']);
  });

  it('starts at `from` for a plan that began years ago, in the same phase', () => {
    const r = rec({ interval: 2, weekdays: ['WE'], startDate: '2016-01-06' });
    const all = dates(r, zone, '2016-01-01T00:00Z', 100);
    const later = dates(r, zone, '2017-06-01T00:00Z', 3);
    expect(all).toEqual(expect.arrayContaining(later));
    expect(later[0]! >= '2017-06-01').toBe(true);
  });

  it('stops at `until` (inclusive) and at the limit, never past 100', () => {
    const daily = rec({ frequency: 'daily', weekdays: [] });
    expect(dates(daily, zone, from, 100, '2026-01-03T13:00:00.000Z')).toEqual(['2026-01-01', '2026-01-02', '2026-01-03']);
    expect(dates(daily, zone, from, 100, '2026-01-03T12:59:59.999Z')).toEqual(['2026-01-01', '2026-01-02']);
    expect(dates(daily, zone, from, 5)).toHaveLength(5);
    expect(dates(daily, zone, from, 10_000)).toHaveLength(MAX_OCCURRENCES_PER_CALL);
    expect(dates(daily, zone, from, 0)).toEqual([]);
  });

  it('lists nothing, and ends, for a rule that can never fall on a date', () => {
    const never = rec({ frequency: 'monthly', interval: 2, weekdays: [], monthDay: { kind: 'day', day: 1 }, months: [3], startDate: '2026-02-01' });
    expect(dates(never, zone, from)).toEqual([]);
    expect(countOccurrences(never, zone, from, '2100-01-01T00:00Z')).toBe(0);
    expect(validateRecurrence(never)).toEqual([{ field: 'months', message: RECURRENCE_MESSAGES.noDate }]);
  });

  it('counts a year of a daily rule past the cap of a listing', () => {
    expect(countOccurrences(rec({ frequency: 'daily', weekdays: [] }), zone, '2026-01-01T05:00:00Z', '2026-12-31T23:59:59Z')).toBe(365);
  });
});

describe('each shape’s RRULE means the same dates to an RFC 5545 engine (rrule-temporal)', () => {
  const zones = ['America/New_York', 'Australia/Sydney', 'Europe/Berlin'];
  it.each(SHAPES)('%s', (_, r) => {
    for (const zone of zones) {
      const mine = occurrences(r, zone, { from: '2026-01-01T00:00:00Z', until: '2029-12-31T00:00:00Z', limit: 100 }).map((o) => o.startsAt.toISOString());
      const engine = new RRuleTemporal({ rruleString: engineText(toRRule(r, zone)) });
      const theirs = engine
        .between(new Date('2026-01-01T00:00:00Z'), new Date('2029-12-31T00:00:00Z'), true)
        .slice(0, 100)
        .map((z) => new Date(z.epochMilliseconds).toISOString());
      expect(mine.length).toBeGreaterThan(0);
      expect(mine).toEqual(theirs);
    }
  });
});
