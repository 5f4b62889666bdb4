import { describe, expect, it } from 'vitest';
import { fromRRule, toRRule } from './recurrence-rrule.rules.ts';
import { rec, SHAPES } from './recurrence.fixture.ts';

describe('toRRule ⇄ fromRRule', () => {
  it.each(SHAPES)('round-trips %s in every zone', (_, r) => {
    for (const zone of ['America/New_York', 'Europe/Berlin', 'Australia/Sydney', 'Pacific/Auckland']) {
      expect(fromRRule(toRRule(r, zone))).toEqual({ recurrence: r, timeZone: zone });
    }
  });

  it.each<[string, Parameters<typeof rec>[0], string]>([
    ['weekly', { interval: 2, weekdays: ['MO', 'TH'] }, 'RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH;WKST=MO'],
    [
      'the 15th',
      { frequency: 'monthly', interval: 3, weekdays: [], monthDay: { kind: 'day', day: 15 } },
      'RRULE:FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=15;WKST=MO',
    ],
    [
      'the 31st: the month’s last day',
      { frequency: 'monthly', weekdays: [], monthDay: { kind: 'day', day: 31 } },
      'RRULE:FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=-1;WKST=MO',
    ],
    [
      'the 30th, monthly',
      { frequency: 'monthly', weekdays: [], monthDay: { kind: 'day', day: 30 } },
      'RRULE:FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=28,29,30;BYSETPOS=-1;WKST=MO',
    ],
    [
      'the 29th, yearly',
      { frequency: 'yearly', weekdays: [], monthDay: { kind: 'day', day: 29 }, months: [2] },
      'RRULE:RSCALE=GREGORIAN;FREQ=YEARLY;INTERVAL=1;BYMONTH=2;BYMONTHDAY=29;WKST=MO;SKIP=BACKWARD',
    ],
    [
      'the last Friday',
      { frequency: 'monthly', weekdays: [], monthDay: { kind: 'weekday', ordinal: -1, weekday: 'FR' } },
      'RRULE:FREQ=MONTHLY;INTERVAL=1;BYDAY=-1FR;WKST=MO',
    ],
    ['chosen months', { frequency: 'daily', weekdays: [], months: [6, 7, 8] }, 'RRULE:FREQ=DAILY;INTERVAL=1;BYMONTH=6,7,8;WKST=MO'],
  ])('writes %s as the RFC 5545 rule', (_, over, line) => {
    expect(toRRule(rec(over), 'America/New_York').split('\n')[1]).toBe(line);
  });

  it('writes DTSTART in the zone, the inclusive end as the last second of the end date in UTC, the duration and the window', () => {
    const text = toRRule(rec({ endDate: '2027-12-31', time: '08:30', durationMinutes: 90, arrivalWindowMinutes: 120 }), 'America/New_York');
    expect(text).toBe(
      [
        'DTSTART;TZID=America/New_York:20260101T083000',
        'RRULE:FREQ=WEEKLY;INTERVAL=1;UNTIL=20280101T045959Z;BYDAY=MO;WKST=MO',
        'DURATION:PT1H30M',
        'X-FIELDWORK-ARRIVAL-WINDOW:PT2H',
      ].join('\n'),
    );
  });

  it('reads an end date east of UTC back as the same local date', () => {
    const text = toRRule(rec({ endDate: '2027-06-30' }), 'Pacific/Auckland');
    expect(text).toContain('UNTIL=20270630T115959Z');
    expect(fromRRule(text).recurrence.endDate).toBe('2027-06-30');
  });

  it.each([
    ['no DTSTART', 'RRULE:FREQ=DAILY'],
    ['a floating DTSTART', 'DTSTART:20260101T080000\nRRULE:FREQ=DAILY'],
    ['an hourly rule', 'DTSTART;TZID=UTC:20260101T080000\nRRULE:FREQ=HOURLY'],
    ['a part the form has no field for', 'DTSTART;TZID=UTC:20260101T080000\nRRULE:FREQ=DAILY;COUNT=3'],
    ['a 5th weekday', 'DTSTART;TZID=UTC:20260101T080000\nRRULE:FREQ=MONTHLY;BYDAY=5MO'],
    ['a set position without the short-month days', 'DTSTART;TZID=UTC:20260101T080000\nRRULE:FREQ=MONTHLY;BYMONTHDAY=15;BYSETPOS=-1'],
    ['30 February without the short-month rule (a date that never comes)', 'DTSTART;TZID=UTC:20260101T080000\nRRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30'],
    ['a local UNTIL', 'DTSTART;TZID=UTC:20260101T080000\nRRULE:FREQ=DAILY;UNTIL=20270101'],
  ])('refuses %s', (_, text) => {
    expect(() => fromRRule(text)).toThrow();
  });
});
