/**
 * Dashboard periods: the range query resolved into UTC instants in the tenant's zone, the previous
 * period it is compared with, the chart buckets, and the change figure. Pure: the server queries with these
 * bounds and the UI labels with them.
 */
import { TZDate } from '@date-fns/tz';
import { addDays, addMonths, addWeeks, format, startOfMonth, startOfWeek } from 'date-fns';
import { presetRange } from '../time/date-presets.rules.ts';
import {
  DASHBOARD_DEFAULT_PRESET,
  DASHBOARD_WEEKLY_MAX_DAYS,
  daysBetween,
  type DashboardBucket,
  type DashboardRange,
  type DashboardRangeQuery,
} from './dashboard.schemas.ts';
import { dayIn } from '../time/zoned-day.rules.ts';

export type { DashboardRange } from './dashboard.schemas.ts';

/** Midnight starting a calendar day (YYYY-MM-DD) in a zone, DST-safe (the zone's own wall clock). */
function midnight(day: string, timeZone: string): TZDate {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new TZDate(y, m - 1, d, timeZone);
}

const iso = (d: Date) => new Date(d.getTime()).toISOString();

/**
 * The period asked for and the one before it, as [start, end) UTC instants.
 * - A preset: its calendar unit in the tenant zone; the previous period is the unit before (this_month → last
 *   month, last_quarter → the quarter before that), so months of 28–31 days compare whole with whole.
 * - Custom from–to (inclusive days): midnight of `from` to midnight after `to`; the previous period is the
 *   same number of days just before `from`.
 * Bucket: weeks when the period is at most 62 days, months otherwise.
 */
export function resolveRange(query: DashboardRangeQuery, now: Date, timeZone: string): DashboardRange {
  let start: string, end: string, previousStart: string, previousEnd: string;
  let preset: DashboardRange['preset'];
  let from: string, to: string;
  if (query.from && query.to) {
    preset = 'custom';
    from = query.from;
    to = query.to;
    const days = daysBetween(from, to) + 1;
    const first = midnight(from, timeZone);
    start = iso(first);
    end = iso(addDays(first, days));
    previousStart = iso(addDays(first, -days));
    previousEnd = start;
  } else {
    preset = query.preset ?? DASHBOARD_DEFAULT_PRESET;
    ({ start, end } = presetRange(preset, now, timeZone));
    const unit = preset.split('_')[1] as string;
    // The unit containing the instant just before this one starts is the previous unit.
    ({ start: previousStart, end: previousEnd } = presetRange(`this_${unit}` as typeof preset, new Date(Date.parse(start) - 1), timeZone));
    from = dayIn(start, timeZone);
    to = dayIn(new Date(Date.parse(end) - 1), timeZone);
  }
  const bucket: DashboardBucket = daysBetween(from, to) + 1 <= DASHBOARD_WEEKLY_MAX_DAYS ? 'week' : 'month';
  return { preset, from, to, start, end, previousStart, previousEnd, bucket, timeZone };
}

/** The calendar days of the previous period (inclusive), for date-only columns (invoice date, paid on, cost date). */
export function previousDays(range: DashboardRange): { from: string; to: string } {
  return { from: dayIn(range.previousStart, range.timeZone), to: dayIn(new Date(Date.parse(range.previousEnd) - 1), range.timeZone) };
}

export type ChartBucket = { start: string; label: string };

/**
 * The chart's buckets over the range: weeks start on Sunday (as the week presets do), months on the 1st; the
 * first bucket is clipped to the range's first day, so `start` is always inside the range. Sorted; the key of
 * a day is the last bucket whose start ≤ day.
 */
export function chartBuckets(range: DashboardRange): ChartBucket[] {
  const out: ChartBucket[] = [];
  const last = midnight(range.to, range.timeZone);
  const first = midnight(range.from, range.timeZone);
  let cursor = range.bucket === 'week' ? startOfWeek(first) : startOfMonth(first);
  while (cursor.getTime() <= last.getTime()) {
    const clipped = cursor.getTime() < first.getTime() ? first : cursor;
    out.push({ start: format(clipped, 'yyyy-MM-dd'), label: range.bucket === 'week' ? format(clipped, 'MMM d') : format(clipped, 'MMM yyyy') });
    cursor = range.bucket === 'week' ? addWeeks(cursor, 1) : addMonths(cursor, 1);
  }
  return out;
}

/** Index of the bucket holding a day (YYYY-MM-DD), or -1 when the day is outside the range. */
export function bucketOf(buckets: readonly ChartBucket[], day: string, range: Pick<DashboardRange, 'from' | 'to'>): number {
  if (day < range.from || day > range.to) return -1;
  let lo = 0;
  let hi = buckets.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (buckets[mid]!.start <= day) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** (value − previous) / previous, rounded to 4 places; null when there is nothing to compare with. */
export function changeOf(value: number, previous: number | null): number | null {
  if (previous === null || previous === 0) return null;
  return Math.round(((value - previous) / Math.abs(previous)) * 10_000) / 10_000;
}

export function figure(value: number, previous: number | null): { value: number; previous: number | null; change: number | null } {
  return { value, previous, change: changeOf(value, previous) };
}

/** Gross margin as a percent of the invoiced subtotal with 2 places; 0 when nothing was invoiced. */
export function marginPercent(marginCents: number, subtotalCents: number): number {
  if (subtotalCents === 0) return 0;
  return Math.round((marginCents / subtotalCents) * 10_000) / 100;
}

/** Top `n` rows by value (ties by name), then one "Other" row summing the rest, when there is a rest. */
export function topWithOther<T extends { name: string; revenue: number; jobs: number }>(
  rows: readonly T[],
  n: number,
  otherName: string,
): (T | { id: null; name: string; revenue: number; jobs: number })[] {
  const sorted = [...rows].sort((a, b) => b.revenue - a.revenue || a.name.localeCompare(b.name));
  const top: (T | { id: null; name: string; revenue: number; jobs: number })[] = sorted.slice(0, n);
  const rest = sorted.slice(n);
  if (rest.length) top.push({ id: null, name: otherName, revenue: rest.reduce((s, r) => s + r.revenue, 0), jobs: rest.reduce((s, r) => s + r.jobs, 0) });
  return top;
}
