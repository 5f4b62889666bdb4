import { describe, expect, it } from 'vitest';
import { occupiedInterval, rescheduleTaskBody, scheduleTaskBody, SCHEDULE_MESSAGES, technicianAvailability, timeOffBody } from './scheduling.schemas.ts';

const TASK = '7d0c1f7e-6a55-4c55-9d8e-3f1d1c9a0b11';
const at = (hhmm: string) => `2026-11-23T${hhmm}:00.000Z`;
const DAY_END = '2026-11-24T00:00:00.000Z';
const window = { start: at('10:00'), end: at('12:00') };
const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? [] : r.error!.issues.map((i) => i.message));

describe('occupiedInterval', () => {
  it('is the expected end, or the start plus the default two hours', () => {
    expect(occupiedInterval(at('10:00'), at('11:30'))).toEqual({ start: at('10:00'), end: at('11:30') });
    expect(occupiedInterval(at('10:00'), null)).toEqual({ start: at('10:00'), end: at('12:00') });
    expect(occupiedInterval('2026-11-23T23:30:00.000Z', null).end).toBe('2026-11-24T01:30:00.000Z');
  });
});

describe('technicianAvailability', () => {
  const cases: [string, { start: string; end: string }[], ReturnType<typeof technicianAvailability>][] = [
    ['free all day', [], { status: 'AVAILABLE', availability: { startDateTime: null, endDateTime: null } }],
    ['overlapping task', [{ start: at('11:00'), end: at('13:00') }], { status: 'BUSY', availability: { startDateTime: at('13:00'), endDateTime: null } }],
    [
      'task covering the window',
      [{ start: at('09:00'), end: at('15:00') }],
      { status: 'BUSY', availability: { startDateTime: at('15:00'), endDateTime: null } },
    ],
    [
      'task ending exactly at the start (touching)',
      [{ start: at('08:00'), end: at('10:00') }],
      { status: 'AVAILABLE_SOON', availability: { startDateTime: at('10:00'), endDateTime: null } },
    ],
    [
      'previous ends 59 min before',
      [{ start: at('08:00'), end: at('09:01') }],
      { status: 'AVAILABLE_SOON', availability: { startDateTime: at('09:01'), endDateTime: null } },
    ],
    [
      'previous ends exactly 60 min before',
      [{ start: at('08:00'), end: at('09:00') }],
      { status: 'AVAILABLE', availability: { startDateTime: null, endDateTime: null } },
    ],
    [
      'next task starts exactly at the end (touching)',
      [{ start: at('12:00'), end: at('13:00') }],
      { status: 'AVAILABLE', availability: { startDateTime: null, endDateTime: at('12:00') } },
    ],
    [
      'the nearest next task that day',
      [
        { start: at('16:00'), end: at('17:00') },
        { start: at('14:00'), end: at('15:00') },
      ],
      { status: 'AVAILABLE', availability: { startDateTime: null, endDateTime: at('14:00') } },
    ],
    [
      'a next task on another day does not count',
      [{ start: '2026-11-24T08:00:00.000Z', end: '2026-11-24T09:00:00.000Z' }],
      { status: 'AVAILABLE', availability: { startDateTime: null, endDateTime: null } },
    ],
    [
      'the latest previous task decides',
      [
        { start: at('06:00'), end: at('07:00') },
        { start: at('08:00'), end: at('09:30') },
      ],
      { status: 'AVAILABLE_SOON', availability: { startDateTime: at('09:30'), endDateTime: null } },
    ],
  ];
  for (const [label, busy, want] of cases) it(label, () => expect(technicianAvailability(window, busy, DAY_END)).toEqual(want));
});

describe('schedule contract', () => {
  it('names the field of each invalid value', () => {
    expect(messages(scheduleTaskBody.safeParse({ taskId: TASK, startDateTime: 'tomorrow' }))).toEqual(['Start date-time must be a valid ISO 8601 date-time.']);
    expect(messages(scheduleTaskBody.safeParse({ taskId: TASK, startDateTime: at('10:00'), expectedEndDateTime: '31/12' }))).toEqual([
      'End date-time must be a valid ISO 8601 date-time.',
    ]);
    expect(messages(scheduleTaskBody.safeParse({ taskId: 'x', startDateTime: at('10:00') }))).toEqual(['Task must be a valid UUID.']);
    expect(messages(scheduleTaskBody.safeParse({ taskId: TASK, startDateTime: at('10:00'), expectedEndDateTime: at('09:00') }))).toEqual([
      'End date-time must be the same as or after the start date-time.',
    ]);
    expect(messages(scheduleTaskBody.safeParse({ taskId: TASK, startDateTime: at('10:00'), assignedTo: 'TECHNICIAN' }))).toEqual([
      'Select a technician to assign the task to.',
    ]);
    expect(messages(scheduleTaskBody.safeParse({ taskId: TASK, startDateTime: at('10:00'), isAssigned: true }))).toEqual([SCHEDULE_MESSAGES.assigneeRequired]);
    expect(messages(rescheduleTaskBody.safeParse({ startDateTime: at('10:00') })).length).toBe(1);
    expect(messages(timeOffBody.safeParse({ userId: TASK, startDateTime: at('10:00'), endDateTime: at('10:00') }))).toEqual([
      'End date-time must be after the start date-time.',
    ]);
  });

  it('takes empty and null ends as "no end", and normalises instants to UTC', () => {
    const parsed = scheduleTaskBody.parse({ taskId: TASK, startDateTime: '2026-11-23T15:00:00+05:30', expectedEndDateTime: '' });
    expect(parsed).toMatchObject({ startDateTime: '2026-11-23T09:30:00.000Z', expectedEndDateTime: null });
  });
});
