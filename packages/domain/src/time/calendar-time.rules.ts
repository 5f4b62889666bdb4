import { TZDate } from '@date-fns/tz';
import { CALENDAR, type CalendarView } from '../scheduling/calendar.rules.ts';
import { dayIn } from './zoned-day.rules.ts';

/**
 * Calendar arithmetic in the company's zone, whatever the browser's. A day is a key "yyyy-MM-dd"; day keys
 * are added as UTC calendar dates (no zone can shift them), and only turning a day and a wall-clock minute
 * into an instant (or back) consults the zone, so DST days come out 23 or 25 hours long where they should.
 */
export type DayKey = string;

const KEY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

function parts(key: DayKey): [number, number, number] {
  const m = KEY.exec(key);
  if (!m) throw new RangeError(`Not a day key: ${key}`);
  return [Number(m[1]), Number(m[2]) - 1, Number(m[3])];
}
const utcOf = (key: DayKey) => Date.UTC(...parts(key));
const keyOfUtc = (ms: number): DayKey => new Date(ms).toISOString().slice(0, 10);

export function isDayKey(value: unknown): value is DayKey {
  if (typeof value !== 'string' || !KEY.test(value)) return false;
  return keyOfUtc(utcOf(value)) === value;
}

export function addDays(key: DayKey, days: number): DayKey {
  return keyOfUtc(utcOf(key) + days * DAY_MS);
}

export function addMonths(key: DayKey, months: number): DayKey {
  const [y, m, d] = parts(key);
  const first = new Date(Date.UTC(y, m + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return keyOfUtc(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(d, last)));
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(key: DayKey): number {
  return new Date(utcOf(key)).getUTCDay();
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function wallClock(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formatters.set(timeZone, f);
  }
  return f;
}

/**
 * Zone offsets (minutes) by UTC quarter hour: zones change offset on a quarter hour of UTC (most on the hour,
 * Lord Howe and the half-hour zones on :30), so a quarter hour has one offset.
 */
const BUCKET_MS = 15 * 60_000;
const offsets = new Map<string, Map<number, number>>();

function offsetMinutes(ms: number, timeZone: string): number {
  let byBucket = offsets.get(timeZone);
  if (!byBucket) {
    byBucket = new Map();
    offsets.set(timeZone, byBucket);
  }
  const bucket = Math.floor(ms / BUCKET_MS);
  let offset = byBucket.get(bucket);
  if (offset === undefined) {
    const at = bucket * BUCKET_MS;
    const p = wallClock(timeZone).formatToParts(at);
    const get = (type: string) => Number(p.find((x) => x.type === type)?.value ?? 0);
    const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
    offset = Math.round((wall - at) / 60_000);
    // Thousands of entries per screen read the same few hours; the cache stays small.
    if (byBucket.size > 50_000) byBucket.clear();
    byBucket.set(bucket, offset);
  }
  return offset;
}

/**
 * An instant as the zone's day and minute of the day (0–1439). One Intl call per zone and UTC quarter hour, then
 * arithmetic: the calendar places thousands of entries per render.
 */
export function zonedParts(instant: number | string | Date, timeZone: string): { day: DayKey; minute: number } {
  const ms = typeof instant === 'number' ? instant : new Date(instant).getTime();
  const local = ms + offsetMinutes(ms, timeZone) * 60_000;
  const minuteOfDay = Math.floor((((local % DAY_MS) + DAY_MS) % DAY_MS) / 60_000);
  return { day: keyOfUtc(local - minuteOfDay * 60_000 - (((local % 60_000) + 60_000) % 60_000)), minute: minuteOfDay };
}

export function dayKeyOf(instant: number | string | Date, timeZone: string): DayKey {
  return zonedParts(instant, timeZone).day;
}

export function todayKey(timeZone: string, now: number = Date.now()): DayKey {
  return dayIn(new Date(now), timeZone);
}

/** The instant of a wall-clock minute of a day in the zone (minute may be 1440: the next midnight). */
export function instantOf(key: DayKey, minute: number, timeZone: string): number {
  const [y, m, d] = parts(key);
  return new TZDate(y, m, d, Math.floor(minute / 60), minute % 60, timeZone).getTime();
}

export function startOfDay(key: DayKey, timeZone: string): number {
  return instantOf(key, 0, timeZone);
}

/** Spec: weeks start on day 6, Saturday. */
export function weekStartOf(key: DayKey): DayKey {
  return addDays(key, -((weekdayOf(key) - CALENDAR.weekStartsOn + 7) % 7));
}

export function daysFrom(first: DayKey, count: number): DayKey[] {
  return Array.from({ length: count }, (_, i) => addDays(first, i));
}

/** The 6 × 7 grid of a month view: the week (from Saturday) holding the 1st, and the five after it. */
export function monthGridDays(anchor: DayKey): DayKey[] {
  return daysFrom(weekStartOf(`${anchor.slice(0, 8)}01`), 42);
}

/** The days a view shows for an anchor day. */
export function viewDays(view: CalendarView, anchor: DayKey): DayKey[] {
  if (view === 'day') return [anchor];
  if (view === 'week') return daysFrom(weekStartOf(anchor), 7);
  return monthGridDays(anchor);
}

/** The instants to load for a view: from the first shown day's midnight to the day after the last. */
export function viewRange(view: CalendarView, anchor: DayKey, timeZone: string): { start: string; end: string } {
  const days = viewDays(view, anchor);
  return {
    start: new Date(startOfDay(days[0]!, timeZone)).toISOString(),
    end: new Date(startOfDay(addDays(days[days.length - 1]!, 1), timeZone)).toISOString(),
  };
}

/** Previous / next: a month, a week or a day. */
export function shiftAnchor(view: CalendarView, anchor: DayKey, direction: 1 | -1): DayKey {
  if (view === 'month') return addMonths(anchor, direction);
  return addDays(anchor, direction * (view === 'week' ? 7 : 1));
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;
const short = (month: number) => MONTHS[month]!.slice(0, 3);
const two = (n: number) => String(n).padStart(2, '0');

export function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/** "21st Nov": the spec's "Nth Mon" (ordinal day, short month), also the cards' Created On. */
export function ordinalDay(key: DayKey): string {
  const [, m, d] = parts(key);
  return `${ordinal(d)} ${short(m)}`;
}

/** Header labels: day "dd MMMM yyyy", month "MMMM yyyy", week "Nth Mon – Nth Mon". */
export function viewLabel(view: CalendarView, anchor: DayKey): string {
  const [y, m, d] = parts(anchor);
  if (view === 'day') return `${two(d)} ${MONTHS[m]} ${y}`;
  if (view === 'month') return `${MONTHS[m]} ${y}`;
  const first = weekStartOf(anchor);
  return `${ordinalDay(first)} – ${ordinalDay(addDays(first, 6))}`;
}

/**
 * The one clock format of the product: 12-hour "h:mm AM/PM" ("1:00 PM", midnight "12:00 AM"), matching the
 * calendar's 12-hour axis. Every time of day the web shows comes from here (lib/format's formatTime too).
 */
export function clockLabel(minuteOfDay: number): string {
  const total = ((Math.floor(minuteOfDay) % 1440) + 1440) % 1440;
  const hour = Math.floor(total / 60);
  return `${((hour + 11) % 12) + 1}:${two(total % 60)} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** An instant's time of day on the zone's wall clock, "1:00 PM". */
export function timeOfDayLabel(instant: number | string | Date, timeZone: string): string {
  return clockLabel(zonedParts(instant, timeZone).minute);
}

/** "dd MMM, h:mm AM" in the zone. */
export function timeLabel(instant: number | string, timeZone: string): string {
  const { day, minute } = zonedParts(instant, timeZone);
  const [, m, d] = parts(day);
  return `${two(d)} ${short(m)}, ${clockLabel(minute)}`;
}

/** The spec's time range label, "dd MMM, h:mm AM - dd MMM, h:mm PM" (12-hour, like the calendar's axis). */
export function rangeLabel(start: number | string, end: number | string, timeZone: string): string {
  return `${timeLabel(start, timeZone)} - ${timeLabel(end, timeZone)}`;
}

/** Spec: 12-hour labels on the time axis ("9 AM", "12 PM"). */
export function hourLabel(hour: number): string {
  const h = ((hour + 11) % 12) + 1;
  return `${h} ${hour < 12 || hour === 24 ? 'AM' : 'PM'}`;
}

/** Whole days from a to b (b − a). */
export function dayDiff(a: DayKey, b: DayKey): number {
  return Math.round((utcOf(b) - utcOf(a)) / DAY_MS);
}

/** A wall-clock position (day and minute, the minute free to run past either end of the day) as an instant. */
export function instantAt(day: DayKey, minute: number, timeZone: string): number {
  const days = Math.floor(minute / 1440);
  return instantOf(addDays(day, days), minute - days * 1440, timeZone);
}
