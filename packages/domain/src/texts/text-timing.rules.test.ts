import { describe, expect, it } from 'vitest';
import { quietHoursRelease, reminderAt } from './text-timing.rules.ts';

describe('reminderAt', () => {
  it.each([
    // New York springs forward on 2026-03-08: 9:00 EDT that day is reminded at 9:00 EST on the 7th (23 h ahead).
    ['America/New_York', '2026-03-08T13:00:00Z', 24, '2026-03-07T14:00:00.000Z'],
    // …and falls back on 2026-11-01: 9:00 EST that day, reminded at 9:00 EDT on the 31st (25 h ahead).
    ['America/New_York', '2026-11-01T14:00:00Z', 24, '2026-10-31T13:00:00.000Z'],
    ['America/New_York', '2026-11-02T14:00:00Z', 24, '2026-11-01T14:00:00.000Z'],
    // Sydney (south of the equator) moves back on 2026-04-05 and forward on 2026-10-04.
    ['Australia/Sydney', '2026-04-04T23:00:00Z', 24, '2026-04-03T22:00:00.000Z'],
    ['Australia/Sydney', '2026-10-04T22:00:00Z', 48, '2026-10-02T23:00:00.000Z'],
    // Hours beyond whole days are elapsed time: 26 h = one calendar day and two hours.
    ['Europe/Berlin', '2026-03-29T07:00:00Z', 26, '2026-03-28T06:00:00.000Z'],
    ['UTC', '2026-06-01T09:00:00Z', 2, '2026-06-01T07:00:00.000Z'],
  ])('%s: a visit at %s reminded %i h before at %s', (zone, start, hours, expected) => {
    expect(reminderAt(start, hours, zone).toISOString()).toBe(expected);
  });
});

describe('quietHoursRelease', () => {
  const night = { start: '21:00', end: '08:00' };
  it.each([
    ['22:30 local is held to 08:00 the next morning', '2026-06-02T02:30:00Z', '2026-06-02T12:00:00.000Z'],
    ['06:00 local is held to 08:00 the same morning', '2026-06-02T10:00:00Z', '2026-06-02T12:00:00.000Z'],
    ['08:00 local is outside', '2026-06-02T12:00:00Z', null],
    ['20:59 local is outside', '2026-06-02T00:59:00Z', null],
    ['21:00 local is inside', '2026-06-02T01:00:00Z', '2026-06-02T12:00:00.000Z'],
  ])('New York, 21:00–08:00: %s', (_name, at, expected) => {
    expect(quietHoursRelease(at, 'America/New_York', night)?.toISOString() ?? null).toBe(expected);
  });

  it('a night in which the clocks spring forward ends at 08:00 on the new offset', () => {
    // 23:00 EST on 2026-03-07 → 08:00 EDT on 2026-03-08 (12:00 UTC, not 13:00).
    expect(quietHoursRelease('2026-03-08T04:00:00Z', 'America/New_York', night)?.toISOString()).toBe('2026-03-08T12:00:00.000Z');
  });

  it('a daytime window and an empty window', () => {
    expect(quietHoursRelease('2026-06-01T12:30:00Z', 'UTC', { start: '12:00', end: '13:00' })?.toISOString()).toBe('2026-06-01T13:00:00.000Z');
    expect(quietHoursRelease('2026-06-01T13:00:00Z', 'UTC', { start: '12:00', end: '13:00' })).toBeNull();
    expect(quietHoursRelease('2026-06-01T12:30:00Z', 'UTC', { start: '12:00', end: '12:00' })).toBeNull();
  });
});
