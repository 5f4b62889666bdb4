/**
 * Calendar arithmetic of a plan's recurrence: which local days it falls on, and the UTC instant of a wall-clock
 * time on a local day in an IANA zone. Days are whole numbers (days since 1970-01-01, the "epoch day"), so stepping
 * a rule costs additions, not date objects; only the final instant of each visit touches the zone.
 */
import { tzOffset } from '@date-fns/tz';

export const DAY_MS = 86_400_000;

/** Epoch day of a YYYY-MM-DD date (NaN when it is not a real date). */
export function epochDay(date: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return NaN;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return NaN;
  return Date.UTC(y, m - 1, d) / DAY_MS;
}

/**
 * The civil date of an epoch day by integer arithmetic (H. Hinnant's days-to-civil): a Date and its ISO string
 * cost ~0.5 µs a visit, most of a year's generation.
 */
export function ymdOfEpochDay(day: number): { y: number; m: number; d: number } {
  const z = day + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const m = mp < 10 ? mp + 3 : mp - 9;
  return { y: yoe + era * 400 + (m <= 2 ? 1 : 0), m, d: doy - Math.floor((153 * mp + 2) / 5) + 1 };
}

export function dateOfEpochDay(day: number): string {
  const { y, m, d } = ymdOfEpochDay(day);
  return `${String(y).padStart(4, '0')}-${m < 10 ? '0' : ''}${m}-${d < 10 ? '0' : ''}${d}`;
}

export const epochDayOf = (y: number, m: number, d: number): number => Date.UTC(y, m - 1, d) / DAY_MS;

export const daysInMonth = (y: number, m: number): number => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** 0 for Monday … 6 for Sunday (1970-01-01 was a Thursday). */
export const isoWeekdayIndex = (day: number): number => (((day + 3) % 7) + 7) % 7;

/**
 * The day a "day of month" falls on in a month: a day the month does not have (the 31st in April, the 29th or
 * 30th in a short February) is the month's last day, so a plan "on the 31st" visits every month at its end.
 */
export const clampedMonthDay = (y: number, m: number, day: number): number => epochDayOf(y, m, Math.min(day, daysInMonth(y, m)));

/** The Nth (1–4) or last (-1) given weekday (0 = Monday) of a month; every month has a 1st–4th and a last one. */
export function nthWeekdayOfMonth(y: number, m: number, ordinal: number, weekday: number): number {
  if (ordinal > 0) {
    const first = epochDayOf(y, m, 1);
    return first + ((weekday - isoWeekdayIndex(first) + 7) % 7) + (ordinal - 1) * 7;
  }
  const last = epochDayOf(y, m, daysInMonth(y, m));
  return last - ((isoWeekdayIndex(last) - weekday + 7) % 7);
}

/**
 * UTC offsets per zone and UTC day, cached when the offset holds the whole day (all days but two a year in zones
 * with daylight saving): ten thousand plans at 08:00 in one zone then cost a map look-up per visit instead of an
 * Intl call. A transition day is computed per instant. The cache is bounded.
 */
const offsetCache = new Map<string, Map<number, number>>();

function exactOffsetMs(ms: number, timeZone: string): number {
  return tzOffset(timeZone, new Date(ms)) * 60_000;
}

export function offsetMs(ms: number, timeZone: string): number {
  let days = offsetCache.get(timeZone);
  if (!days) offsetCache.set(timeZone, (days = new Map()));
  const day = Math.floor(ms / DAY_MS);
  let offset = days.get(day);
  if (offset === undefined) {
    const start = exactOffsetMs(day * DAY_MS, timeZone);
    offset = start === exactOffsetMs((day + 1) * DAY_MS - 1, timeZone) ? start : NaN;
    if (days.size >= 50_000) days.clear();
    days.set(day, offset);
  }
  return Number.isNaN(offset) ? exactOffsetMs(ms, timeZone) : offset;
}

/**
 * The instant of a wall-clock time on a local day. A time the day repeats (clocks going back) is its first
 * occurrence; a time the day skips (clocks going forward, e.g. 02:30 in New York in March) is taken with the
 * offset before the change, which lands as far after the gap as it was into it (02:30 → 03:30): a visit is
 * moved, never dropped.
 */
export function zonedInstantMs(day: number, minuteOfDay: number, timeZone: string): number {
  const wall = day * DAY_MS + minuteOfDay * 60_000;
  const before = offsetMs(wall - DAY_MS, timeZone);
  const after = offsetMs(wall + DAY_MS, timeZone);
  if (before === after) return wall - before;
  const earlier = Math.min(wall - before, wall - after);
  const later = Math.max(wall - before, wall - after);
  if (offsetMs(earlier, timeZone) === wall - earlier) return earlier;
  if (offsetMs(later, timeZone) === wall - later) return later;
  return wall - before;
}
