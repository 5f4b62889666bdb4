import { describe, expect, it } from 'vitest';
import { TASK_ACTIONS, type ActionState } from './task-actions.rules.ts';
import { dayBounds, FUTURE_TASK_REASON, isCalendarDate, mapsUrl, myDayQuery, nextTaskAction, shiftDay, telHref } from './my-day.schemas.ts';
import { dayIn } from '../time/zoned-day.rules.ts';

const hidden: ActionState = { visible: false, allowed: false, reason: null };
const ok: ActionState = { visible: true, allowed: true, reason: null };
const no = (reason: string): ActionState => ({ visible: true, allowed: false, reason });
const acts = (o: Record<string, ActionState>) => ({ ...Object.fromEntries([...TASK_ACTIONS, 'edit'].map((a) => [a, hidden])), ...o }) as never;
const task = (o: { lifecycle?: string; status?: string; actions: never; assignedTo?: string }) =>
  ({ lifecycle: 'OPEN', status: 'OPEN', dateCategory: 'today', assignedTo: 'TECHNICIAN', ...o }) as Parameters<typeof nextTaskAction>[0];

describe('my day: days in the company zone', () => {
  it('takes a real yyyy-MM-dd only', () => {
    expect(isCalendarDate('2026-02-28')).toBe(true);
    for (const bad of ['2026-02-30', '2026-2-28', '28/02/2026', '']) expect(isCalendarDate(bad), bad).toBe(false);
    expect(myDayQuery.parse({})).toEqual({});
    expect(myDayQuery.safeParse({ date: '2026-13-01' }).success).toBe(false);
  });
  it('computes the day, its neighbours and its instants (23 hours on a DST start)', () => {
    expect(dayIn(new Date('2026-11-21T03:00:00Z'), 'America/New_York')).toBe('2026-11-20');
    expect(dayIn(new Date('2026-11-20T20:00:00Z'), 'Asia/Kolkata')).toBe('2026-11-21');
    expect(shiftDay('2026-03-01', -1)).toBe('2026-02-28');
    expect(shiftDay('2026-12-31', 1)).toBe('2027-01-01');
    expect(dayBounds('2026-11-21', 'Asia/Kolkata')).toEqual({ from: '2026-11-20T18:30:00.000Z', to: '2026-11-21T18:30:00.000Z' });
    expect(dayBounds('2026-03-08', 'America/New_York')).toEqual({ from: '2026-03-08T05:00:00.000Z', to: '2026-03-09T04:00:00.000Z' });
  });
  it('builds map and tel links', () => {
    expect(mapsUrl('1 Main St, Springfield')).toBe('https://www.google.com/maps/search/?api=1&query=1%20Main%20St%2C%20Springfield');
    expect(telHref('+1 (555) 010-2030 ext. 4')).toBe('tel:+155501020304');
  });
});

describe('my day: the one big button', () => {
  it.each([
    [
      'clocked in -> clock out',
      task({ lifecycle: 'CLOCKED_IN', status: 'CLOCKED_IN', actions: acts({ clockOut: ok }) }),
      { action: 'clockOut', allowed: true, reason: null },
    ],
    ['open today -> clock in before close', task({ actions: acts({ clockIn: ok, close: ok }) }), { action: 'clockIn', allowed: true, reason: null }],
    [
      'clocked out -> close before clocking in again',
      task({ lifecycle: 'CLOCKED_OUT', status: 'CLOCKED_OUT', actions: acts({ clockIn: ok, close: ok }) }),
      { action: 'close', allowed: true, reason: null },
    ],
    [
      'clocked out, close refused -> clock in',
      task({ lifecycle: 'CLOCKED_OUT', status: 'CLOCKED_OUT', actions: acts({ clockIn: ok, close: no('x') }) }),
      { action: 'clockIn', allowed: true, reason: null },
    ],
    [
      'refused -> disabled with the reason',
      task({ status: 'MISSED', actions: acts({ clockIn: no('A past task can no longer be clocked in.') }) }),
      { action: 'clockIn', allowed: false, reason: 'A past task can no longer be clocked in.' },
    ],
    ['upcoming -> disabled clock in', task({ status: 'UPCOMING', actions: acts({}) }), { action: 'clockIn', allowed: false, reason: FUTURE_TASK_REASON }],
    ['upcoming subcontractor task -> nothing', task({ status: 'UPCOMING', assignedTo: 'SUBCONTRACTOR', actions: acts({}) }), null],
    ['closed -> nothing', task({ lifecycle: 'CLOSED', status: 'CLOSED', actions: acts({}) }), null],
  ])('%s', (_name, t, expected) => {
    expect(nextTaskAction(t)).toEqual(expected);
  });
});
