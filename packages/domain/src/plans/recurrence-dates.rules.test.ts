import { describe, expect, it } from 'vitest';
import { clampedMonthDay, dateOfEpochDay, DAY_MS, epochDay, nthWeekdayOfMonth, zonedInstantMs } from './recurrence-dates.rules.ts';

const wallClock = (ms: number, timeZone: string) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(ms);

describe('calendar arithmetic', () => {
  it('formats every day from 1900 to 2200 as Date does', () => {
    for (let day = epochDay('1900-01-01'); day <= epochDay('2200-12-31'); day++) {
      const expected = new Date(day * DAY_MS).toISOString().slice(0, 10);
      if (dateOfEpochDay(day) !== expected) expect(dateOfEpochDay(day)).toBe(expected);
      if (epochDay(expected) !== day) expect(epochDay(expected)).toBe(day);
    }
  });

  it('refuses dates that do not exist', () => {
    for (const text of ['2026-02-29', '2026-13-01', '2026-04-31', '2026-1-1', '']) expect(epochDay(text)).toBeNaN();
    expect(epochDay('2028-02-29')).not.toBeNaN();
  });

  it('clamps a day to the month’s last and finds Nth and last weekdays', () => {
    expect(dateOfEpochDay(clampedMonthDay(2026, 2, 31))).toBe('2026-02-28');
    expect(dateOfEpochDay(clampedMonthDay(2028, 2, 30))).toBe('2028-02-29');
    expect(dateOfEpochDay(clampedMonthDay(2026, 4, 31))).toBe('2026-04-30');
    expect(dateOfEpochDay(nthWeekdayOfMonth(2026, 3, 1, 6))).toBe('2026-03-01'); // first Sunday
    expect(dateOfEpochDay(nthWeekdayOfMonth(2026, 3, 4, 0))).toBe('2026-03-23'); // fourth Monday
    expect(dateOfEpochDay(nthWeekdayOfMonth(2026, 3, -1, 1))).toBe('2026-03-31'); // last Tuesday
    expect(dateOfEpochDay(nthWeekdayOfMonth(2026, 2, -1, 6))).toBe('2026-02-22'); // last Sunday
  });
});

describe('zonedInstantMs', () => {
  it.each(['America/New_York', 'Europe/Berlin', 'Australia/Sydney', 'Pacific/Auckland', 'America/Sao_Paulo', 'Asia/Kolkata', 'Australia/Lord_Howe', 'UTC'])(
    'puts 08:00 and 17:45 of every day of 2026–2027 at that wall-clock time in %s',
    (zone) => {
      for (let day = epochDay('2026-01-01'); day <= epochDay('2027-12-31'); day++) {
        for (const minute of [8 * 60, 17 * 60 + 45]) {
          const wall = `${dateOfEpochDay(day)} ${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
          const got = wallClock(zonedInstantMs(day, minute, zone), zone);
          if (got !== wall) expect(got).toBe(wall);
        }
      }
    },
  );
});
