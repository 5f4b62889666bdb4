import { describe, expect, it } from 'vitest';
import { clampHours, clampMinutes, formatTime24, fromTime24, parseTime24, toTime24, withPhase, type TimePickerValue } from './time-picker.rules.ts';

describe('time picker', () => {
  it.each([
    ['1', 1],
    ['12', 12],
    ['07', 7],
    ['13', 3],
    ['25', 5],
    ['012', 12],
    ['123', 3],
    ['20', 1],
    ['0', 1],
    ['-4', 1],
    ['', 1],
    ['ab', 1],
    [9, 9],
  ] as const)('hours %j → %i', (typed, expected) => expect(clampHours(typed)).toBe(expected));

  it.each([
    ['0', 0],
    ['05', 5],
    ['59', 59],
    ['60', 59],
    ['597', 59],
    ['-1', 0],
    ['', 0],
    [30, 30],
  ] as const)('minutes %j → %i', (typed, expected) => expect(clampMinutes(typed)).toBe(expected));

  it.each<[TimePickerValue, 'AM' | 'PM', TimePickerValue]>([
    [{ hours: 12, minutes: 5, phase: 'PM' }, 'AM', { hours: 0, minutes: 5, phase: 'AM' }],
    [{ hours: 11, minutes: 0, phase: 'PM' }, 'AM', { hours: 11, minutes: 0, phase: 'AM' }],
    [{ hours: 0, minutes: 0, phase: 'AM' }, 'PM', { hours: 12, minutes: 0, phase: 'PM' }],
    [{ hours: 3, minutes: 0, phase: 'AM' }, 'PM', { hours: 3, minutes: 0, phase: 'PM' }],
  ])('%j with %s → %j', (value, phase, expected) => expect(withPhase(value, phase)).toEqual(expected));

  it.each<[TimePickerValue, { hour: number; minute: number }]>([
    [
      { hours: 0, minutes: 0, phase: 'AM' },
      { hour: 0, minute: 0 },
    ],
    [
      { hours: 12, minutes: 30, phase: 'AM' },
      { hour: 0, minute: 30 },
    ],
    [
      { hours: 9, minutes: 15, phase: 'AM' },
      { hour: 9, minute: 15 },
    ],
    [
      { hours: 12, minutes: 0, phase: 'PM' },
      { hour: 12, minute: 0 },
    ],
    [
      { hours: 1, minutes: 5, phase: 'PM' },
      { hour: 13, minute: 5 },
    ],
    [
      { hours: 11, minutes: 59, phase: 'PM' },
      { hour: 23, minute: 59 },
    ],
  ])('%j → 24-hour %j', (value, expected) => expect(toTime24(value)).toEqual(expected));

  it.each<[{ hour: number; minute: number }, TimePickerValue]>([
    [
      { hour: 0, minute: 0 },
      { hours: 0, minutes: 0, phase: 'AM' },
    ],
    [
      { hour: 9, minute: 5 },
      { hours: 9, minutes: 5, phase: 'AM' },
    ],
    [
      { hour: 12, minute: 0 },
      { hours: 12, minutes: 0, phase: 'PM' },
    ],
    [
      { hour: 13, minute: 45 },
      { hours: 1, minutes: 45, phase: 'PM' },
    ],
    [
      { hour: 23, minute: 59 },
      { hours: 11, minutes: 59, phase: 'PM' },
    ],
  ])('24-hour %j → %j and back', (time, expected) => {
    expect(fromTime24(time)).toEqual(expected);
    expect(toTime24(fromTime24(time))).toEqual(time);
  });

  it('parses and formats HH:mm', () => {
    expect(parseTime24('07:05')).toEqual({ hour: 7, minute: 5 });
    expect(parseTime24('24:00')).toBeNull();
    expect(parseTime24('7:05')).toBeNull();
    expect(formatTime24({ hour: 7, minute: 5 })).toBe('07:05');
  });
});
