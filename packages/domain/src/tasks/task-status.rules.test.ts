import { describe, expect, it } from 'vitest';
import { dateCategory, deriveTaskStatus, overlaps, sameSlot, TASK_STATUS_COLOURS, type TaskFacts } from './task-status.rules.ts';
import { dayIn } from '../time/zoned-day.rules.ts';

// 10:00 in New York on 21 Nov 2026.
const NOW = new Date('2026-11-21T15:00:00Z');
const NY = 'America/New_York';
const at = (local: string) => new Date(new Date(local + 'Z').getTime() + 5 * 3_600_000).toISOString(); // NY is UTC-5 in November
const task = (o: Partial<TaskFacts>): TaskFacts => ({
  lifecycle: 'OPEN',
  startDateTime: at('2026-11-21T09:00:00'),
  expectedEndDateTime: at('2026-11-21T11:00:00'),
  assignedTo: 'TECHNICIAN',
  ...o,
});

describe('derived task status', () => {
  it.each([
    ['clocked in stays clocked in', { lifecycle: 'CLOCKED_IN' }, 'CLOCKED_IN'],
    ['clocked out stays clocked out', { lifecycle: 'CLOCKED_OUT' }, 'CLOCKED_OUT'],
    ['closed stays closed', { lifecycle: 'CLOSED' }, 'CLOSED'],
    ['cancelled stays cancelled', { lifecycle: 'CANCELLED' }, 'CANCELLED'],
    ['no start -> unscheduled', { startDateTime: null, expectedEndDateTime: null }, 'UNSCHEDULED'],
    ['no assignee -> unassigned', { assignedTo: 'NONE' }, 'UNASSIGNED'],
    ['starts on a later day -> upcoming', { startDateTime: at('2026-11-22T08:00:00'), expectedEndDateTime: at('2026-11-22T10:00:00') }, 'UPCOMING'],
    ['starts later today -> awaiting start', { startDateTime: at('2026-11-21T13:00:00'), expectedEndDateTime: at('2026-11-21T15:00:00') }, 'AWAITING_START'],
    ['started, end not reached -> open', {}, 'OPEN'],
    ['today, end passed, never clocked in -> missed', { startDateTime: at('2026-11-21T07:00:00'), expectedEndDateTime: at('2026-11-21T09:00:00') }, 'MISSED'],
    ['started yesterday, ends tomorrow -> open', { startDateTime: at('2026-11-20T08:00:00'), expectedEndDateTime: at('2026-11-22T17:00:00') }, 'OPEN'],
    ['yesterday, never clocked in -> missed', { startDateTime: at('2026-11-20T08:00:00'), expectedEndDateTime: at('2026-11-20T10:00:00') }, 'MISSED'],
    ['no end: open for the rest of its start day', { expectedEndDateTime: null }, 'OPEN'],
    ['no end, started yesterday -> missed', { startDateTime: at('2026-11-20T08:00:00'), expectedEndDateTime: null }, 'MISSED'],
  ] as const)('%s', (_label, over, expected) => {
    expect(deriveTaskStatus(task(over as Partial<TaskFacts>), NOW, NY)).toBe(expected);
  });
});

describe('date category (start day vs today, in the tenant zone)', () => {
  it.each([
    [{}, 'today'],
    [{ startDateTime: at('2026-11-20T23:30:00') }, 'past'],
    [{ startDateTime: at('2026-11-22T00:30:00') }, 'future'],
    [{ startDateTime: null }, 'unscheduled'],
    [{ assignedTo: 'NONE' }, 'unscheduled'],
  ] as const)('%j -> %s', (over, expected) => {
    expect(dateCategory(task(over as Partial<TaskFacts>), NOW, NY)).toBe(expected);
  });

  it('gives the same day as Intl for every instant of a year, each side of every midnight, in zones with odd offsets and DST', () => {
    const formats = new Map<string, Intl.DateTimeFormat>();
    const reference = (ms: number, zone: string) => {
      if (!formats.has(zone)) formats.set(zone, new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }));
      return formats.get(zone)!.format(ms);
    };
    const wrong: string[] = [];
    // Liberia kept -0:44:30 until 1972: its midnights fall inside the cache's 15-minute buckets.
    const zones = [
      ...['America/New_York', 'Asia/Kolkata', 'Asia/Kathmandu', 'Pacific/Chatham', 'Australia/Lord_Howe', 'America/St_Johns', 'UTC'].map((z) => [
        z,
        '2026-01-01',
      ]),
      ['Africa/Monrovia', '1970-01-01'],
    ];
    let checked = 0;
    for (const [zone, year] of zones as [string, string][]) {
      const from = Date.parse(`${year}T00:00:00Z`);
      // Every 37 minutes (never in step with the cache's 15-minute buckets), and a millisecond each side of each
      // local midnight found on the way.
      let previous = reference(from, zone);
      for (let ms = from; ms < from + 366 * 86_400_000; ms += 37 * 60_000) {
        const day = reference(ms, zone);
        if (dayIn(new Date(ms), zone) !== day) wrong.push(`${zone} ${new Date(ms).toISOString()}`);
        if (day !== previous) {
          let lo = ms - 37 * 60_000;
          let hi = ms;
          while (hi - lo > 1) {
            const mid = Math.floor((lo + hi) / 2);
            if (reference(mid, zone) === day) hi = mid;
            else lo = mid;
          }
          if (dayIn(new Date(lo).toISOString(), zone) !== previous || dayIn(new Date(hi), zone) !== day)
            wrong.push(`${zone} midnight at ${new Date(hi).toISOString()}`);
          checked += 2;
        }
        previous = day;
        checked += 1;
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(8 * 14_000);
  }, 30_000);

  it("uses the tenant zone for the day boundary (the spec's 5.5 h shift is Asia/Kolkata)", () => {
    const now = new Date('2026-11-21T19:00:00Z'); // 00:30 on 22 Nov in Kolkata, still 21 Nov in UTC
    expect(dayIn(now, 'Asia/Kolkata')).toBe('2026-11-22');
    expect(dayIn(now, 'UTC')).toBe('2026-11-21');
    const t = { startDateTime: '2026-11-21T18:40:00Z', assignedTo: 'TECHNICIAN' as const }; // 00:10 on 22 Nov in Kolkata
    expect(dateCategory(t, now, 'Asia/Kolkata')).toBe('today');
    expect(dateCategory(t, now, 'America/New_York')).toBe('today');
    expect(dateCategory({ ...t, startDateTime: '2026-11-21T18:00:00Z' }, now, 'Asia/Kolkata')).toBe('past');
  });
});

describe('colours, overlap, slots', () => {
  it('follows the spec colours', () => {
    expect([TASK_STATUS_COLOURS.MISSED, TASK_STATUS_COLOURS.CANCELLED]).toEqual(['red', 'red']);
    expect([TASK_STATUS_COLOURS.CLOSED, TASK_STATUS_COLOURS.CLOCKED_OUT]).toEqual(['black', 'black']);
    expect([TASK_STATUS_COLOURS.AWAITING_START, TASK_STATUS_COLOURS.UPCOMING]).toEqual(['amber', 'amber']);
    expect(TASK_STATUS_COLOURS.CLOCKED_IN).toBe('green');
    expect(TASK_STATUS_COLOURS.OPEN).toBe('primary');
  });
  it('overlap: one starts before the other ends and ends after the other starts', () => {
    const r = (a: string, b: string) => ({ start: new Date(`2026-11-21T${a}:00Z`), end: new Date(`2026-11-21T${b}:00Z`) });
    expect(overlaps(r('09:00', '11:00'), r('10:00', '12:00'))).toBe(true);
    expect(overlaps(r('09:00', '11:00'), r('09:30', '10:00'))).toBe(true);
    expect(overlaps(r('09:00', '10:00'), r('10:00', '11:00'))).toBe(false);
    expect(overlaps(r('09:00', '10:00'), r('11:00', '12:00'))).toBe(false);
  });
  it('same slot: starts within one minute', () => {
    expect(sameSlot(new Date('2026-11-21T09:00:00Z'), new Date('2026-11-21T09:01:00Z'))).toBe(true);
    expect(sameSlot(new Date('2026-11-21T09:00:00Z'), new Date('2026-11-21T09:01:01Z'))).toBe(false);
  });
});
