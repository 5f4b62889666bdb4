import { describe, expect, it } from 'vitest';
import {
  addMonths,
  dayDiff,
  instantAt,
  dayKeyOf,
  hourLabel,
  instantOf,
  isDayKey,
  monthGridDays,
  ordinalDay,
  rangeLabel,
  clockLabel,
  timeOfDayLabel,
  shiftAnchor,
  viewDays,
  viewLabel,
  viewRange,
  weekdayOf,
  weekStartOf,
  zonedParts,
} from './calendar-time.rules.ts';

const NY = 'America/New_York';

describe('calendar weeks and months', () => {
  it('starts every week on Saturday', () => {
    expect(weekStartOf('2026-11-21')).toBe('2026-11-21'); // a Saturday
    expect(weekStartOf('2026-11-27')).toBe('2026-11-21'); // the Friday after
    expect(weekStartOf('2026-11-20')).toBe('2026-11-14');
    expect(viewDays('week', '2026-11-24').map(weekdayOf)).toEqual([6, 0, 1, 2, 3, 4, 5]);
  });
  it('lays a month out as six weeks from the Saturday on or before the 1st', () => {
    const grid = monthGridDays('2026-11-15');
    expect(grid).toHaveLength(42);
    expect(grid[0]).toBe('2026-10-31');
    expect(grid.includes('2026-11-30')).toBe(true);
    expect(weekdayOf(grid[0]!)).toBe(6);
  });
  it('moves by a month, a week or a day, keeping the day within short months', () => {
    expect(shiftAnchor('month', '2027-01-31', 1)).toBe('2027-02-28');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15');
    expect(shiftAnchor('week', '2026-11-21', -1)).toBe('2026-11-14');
    expect(shiftAnchor('day', '2026-12-31', 1)).toBe('2027-01-01');
  });
  it('accepts only real day keys', () => {
    expect(isDayKey('2026-02-28')).toBe(true);
    expect(isDayKey('2026-02-30')).toBe(false);
    expect(isDayKey('tomorrow')).toBe(false);
  });
});

describe('labels', () => {
  it('writes day, month and week headers as the spec does', () => {
    expect(viewLabel('day', '2026-11-05')).toBe('05 November 2026');
    expect(viewLabel('month', '2026-11-05')).toBe('November 2026');
    expect(viewLabel('week', '2026-11-24')).toBe('21st Nov – 27th Nov');
    expect(viewLabel('week', '2026-12-30')).toBe('26th Dec – 1st Jan');
    expect(ordinalDay('2026-11-02')).toBe('2nd Nov');
    expect(ordinalDay('2026-11-03')).toBe('3rd Nov');
    expect(ordinalDay('2026-11-11')).toBe('11th Nov');
    expect(ordinalDay('2026-11-22')).toBe('22nd Nov');
  });
  it('writes every time of day in one 12-hour form: "1:00 PM", midnight "12:00 AM", noon "12:00 PM"', () => {
    expect([0, 5, 59, 60, 720, 779, 780, 1439].map(clockLabel)).toEqual([
      '12:00 AM',
      '12:05 AM',
      '12:59 AM',
      '1:00 AM',
      '12:00 PM',
      '12:59 PM',
      '1:00 PM',
      '11:59 PM',
    ]);
    expect(timeOfDayLabel('2026-11-21T18:00:00Z', NY)).toBe('1:00 PM');
    expect(timeOfDayLabel('2026-11-21T05:00:00Z', NY)).toBe('12:00 AM');
  });
  it('writes time ranges "dd MMM, h:mm AM" in the company zone and hours in 12-hour form', () => {
    expect(rangeLabel('2026-11-21T14:00:00Z', '2026-11-21T16:30:00Z', NY)).toBe('21 Nov, 9:00 AM - 21 Nov, 11:30 AM');
    expect([0, 9, 12, 17].map(hourLabel)).toEqual(['12 AM', '9 AM', '12 PM', '5 PM']);
  });
});

describe('daylight saving days', () => {
  it('gives the spring-forward day 23 hours and the fall-back day 25', () => {
    const spring = viewRange('day', '2027-03-14', NY);
    expect(Date.parse(spring.end) - Date.parse(spring.start)).toBe(23 * 3_600_000);
    const fall = viewRange('day', '2026-11-01', NY);
    expect(Date.parse(fall.end) - Date.parse(fall.start)).toBe(25 * 3_600_000);
  });
  it('turns wall-clock minutes into instants and back across the change', () => {
    const nine = instantOf('2027-03-14', 9 * 60, NY);
    expect(new Date(nine).toISOString()).toBe('2027-03-14T13:00:00.000Z'); // EDT, UTC-4
    expect(zonedParts(nine, NY)).toEqual({ day: '2027-03-14', minute: 540 });
    expect(new Date(instantOf('2026-11-01', 9 * 60, NY)).toISOString()).toBe('2026-11-01T14:00:00.000Z'); // EST
    expect(dayKeyOf('2026-11-22T04:30:00Z', NY)).toBe('2026-11-21');
  });
  it('loads a week from Saturday midnight to the next Saturday midnight in the zone', () => {
    expect(viewRange('week', '2026-11-24', NY)).toEqual({ start: '2026-11-21T05:00:00.000Z', end: '2026-11-28T05:00:00.000Z' });
  });
});

describe('wall-clock moves', () => {
  it('counts days between keys and carries minutes past midnight into the next day', () => {
    expect(dayDiff('2026-11-21', '2026-12-01')).toBe(10);
    expect(dayDiff('2026-11-21', '2026-11-20')).toBe(-1);
    expect(new Date(instantAt('2026-11-21', 1440 + 60, NY)).toISOString()).toBe('2026-11-22T06:00:00.000Z');
    expect(new Date(instantAt('2026-11-21', -60, NY)).toISOString()).toBe('2026-11-21T04:00:00.000Z');
  });
  it('keeps 09:00 at 09:00 when moved a day across the fall-back change', () => {
    expect(new Date(instantAt('2026-11-01', 540, NY)).getTime() - new Date(instantAt('2026-10-31', 540, NY)).getTime()).toBe(25 * 3_600_000);
  });
});

describe('zonedParts', () => {
  it('agrees with Intl at every quarter hour through both DST changes and in half-hour zones', () => {
    const check = (tz: string, fromIso: string, hours: number) => {
      const f = new Intl.DateTimeFormat('en-CA', {
        timeZone: tz,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      });
      for (let ms = Date.parse(fromIso); ms < Date.parse(fromIso) + hours * 3_600_000; ms += 15 * 60_000 + 7_000) {
        const p = f.formatToParts(ms);
        const get = (t: string) => p.find((x) => x.type === t)!.value;
        expect(zonedParts(ms, tz), `${tz} ${new Date(ms).toISOString()}`).toEqual({
          day: `${get('year')}-${get('month')}-${get('day')}`,
          minute: Number(get('hour')) * 60 + Number(get('minute')),
        });
      }
    };
    check(NY, '2027-03-13T00:00:00Z', 48);
    check(NY, '2026-10-31T00:00:00Z', 48);
    check('Asia/Kolkata', '2026-11-20T00:00:00Z', 30);
    check('Australia/Lord_Howe', '2026-10-03T00:00:00Z', 48);
    check('UTC', '2026-12-31T20:00:00Z', 8);
  });
});
