import { describe, expect, it } from 'vitest';
import { addHoursLocal, allDayRange, formatDuration, fromZonedInput, toZonedInput } from './schedule-time.rules.ts';

const NY = 'America/New_York';

describe('zoned date-time inputs', () => {
  it('shows an instant as the wall clock of the zone', () => {
    expect(toZonedInput('2026-11-21T15:00:00.000Z', NY)).toBe('2026-11-21T10:00');
    expect(toZonedInput('2026-07-01T03:30:00.000Z', NY)).toBe('2026-06-30T23:30');
    expect(toZonedInput('2026-11-21T00:00:00.000Z', 'UTC')).toBe('2026-11-21T00:00');
    expect(toZonedInput(null, NY)).toBe('');
    expect(toZonedInput('not a date', NY)).toBe('');
  });

  it('reads a wall clock of the zone as the instant, across daylight saving', () => {
    expect(fromZonedInput('2026-11-21T10:00', NY)).toBe('2026-11-21T15:00:00.000Z');
    expect(fromZonedInput('2026-07-01T10:00', NY)).toBe('2026-07-01T14:00:00.000Z');
    expect(fromZonedInput('2026-11-21T10:00', 'Asia/Kolkata')).toBe('2026-11-21T04:30:00.000Z');
  });

  it('ignores empty and invalid values', () => {
    for (const bad of ['', null, undefined, '2026-13-01T10:00', '2026-11-21', '2026-11-21T25:00', 'soon']) expect(fromZonedInput(bad, NY)).toBeNull();
  });

  it('round-trips', () => {
    for (const local of ['2026-01-01T00:00', '2026-03-08T12:15', '2026-12-31T23:59']) expect(toZonedInput(fromZonedInput(local, NY), NY)).toBe(local);
  });
});

describe('schedule defaults', () => {
  it('all day is 00:00 to 23:59 of the start day', () => {
    expect(allDayRange('2026-11-21T14:30')).toEqual({ start: '2026-11-21T00:00', end: '2026-11-21T23:59' });
    expect(allDayRange('')).toBeNull();
  });

  it('all day on the day New York falls back (1 Nov 2026, 25 hours) is 00:00 EDT to 23:59 EST', () => {
    const day = allDayRange('2026-11-01T10:00')!;
    expect([fromZonedInput(day.start, NY), fromZonedInput(day.end, NY)]).toEqual(['2026-11-01T04:00:00.000Z', '2026-11-02T04:59:00.000Z']);
  });

  it('adds real hours across the DST change: 00:30 EDT + 2 h is 01:30 EST', () => {
    expect(addHoursLocal('2026-11-01T00:30', 2, NY)).toBe('2026-11-01T01:30');
    expect(addHoursLocal('2026-03-08T01:30', 2, NY)).toBe('2026-03-08T04:30'); // springs forward over 02:00–03:00
  });

  it('adds hours in the zone, across midnight', () => {
    expect(addHoursLocal('2026-11-21T09:00', 2, NY)).toBe('2026-11-21T11:00');
    expect(addHoursLocal('2026-11-21T23:00', 2, NY)).toBe('2026-11-22T01:00');
    expect(addHoursLocal('', 2, NY)).toBe('');
  });
});

describe('duration display', () => {
  it.each([
    [null, '2026-11-21T10:00:00Z', '—'],
    ['2026-11-21T10:00:00Z', null, '—'],
    ['2026-11-21T10:00:00Z', '2026-11-21T09:00:00Z', '—'],
    ['2026-11-21T10:00:00Z', '2026-11-21T12:00:00Z', '2h 0m'],
    ['2026-11-21T10:00:00Z', '2026-11-21T10:45:00Z', '0h 45m'],
    ['2026-11-21T10:00:00Z', '2026-11-22T12:05:00Z', '1d 2h 5m'],
  ])('%s → %s is %s', (start, end, expected) => {
    expect(formatDuration(start, end)).toBe(expected);
  });
});
