/**
 * A service plan's recurrence: the structure the plan form edits, its RFC 5545 text (DTSTART in the company's
 * zone + RRULE, how a plan stores it), the visits it makes, and its checks.
 *
 * Why no recurrence library at run time: rrule-temporal 2.2 (the one that keeps 08:00 local across daylight
 * saving, unlike rrule 2.x) was measured here at ~400 µs per plan for a year of a weekly rule (~1.5 ms with a
 * month filter), it omits the 31st in short months even with RFC 7529 SKIP=BACKWARD on monthly rules, throws
 * after 10,000 iterations on a rule with no date, and would add 52 KB gzipped (it bundles its own Temporal
 * polyfill) to the web, which previews plans live. A plan has only the few shapes below, so their days are
 * stepped with integer day arithmetic (~25 µs per plan-year, bench/recurrence.ts; ~5 KB gzipped on the web) and
 * only each visit's instant goes through the zone. rrule-temporal stays as the test oracle: the tests check that
 * the RRULE of any rule the form can make means, to that RFC 5545 engine, the same visits.
 */
import {
  clampedMonthDay,
  DAY_MS,
  epochDay,
  dateOfEpochDay,
  isoWeekdayIndex,
  nthWeekdayOfMonth,
  ymdOfEpochDay,
  zonedInstantMs,
} from './recurrence-dates.rules.ts';
import { dayIn } from '../time/zoned-day.rules.ts';

export const FREQUENCIES = ['daily', 'weekly', 'monthly', 'yearly'] as const;
export type Frequency = (typeof FREQUENCIES)[number];

/** RFC 5545 weekday codes, Monday first (weeks start on Monday: WKST=MO). */
export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** First to fourth, or last (-1): every month has each of these, so such a rule never misses a month. */
export const ORDINALS = [1, 2, 3, 4, -1] as const;
export type Ordinal = (typeof ORDINALS)[number];

/**
 * Where a monthly or yearly visit falls in its month: a day (1–31; a day the month lacks means its last day, so
 * "31" is every month's end and "29 February" is 28 February in common years), or the Nth/last weekday.
 */
export type MonthDay = { kind: 'day'; day: number } | { kind: 'weekday'; ordinal: Ordinal; weekday: Weekday };

export type Recurrence = {
  frequency: Frequency;
  /** Every N days / weeks / months / years. */
  interval: number;
  /** Weekly only: the days of the week (at least one). */
  weekdays: Weekday[];
  /** Monthly and yearly only. */
  monthDay: MonthDay | null;
  /** Only in these months (1–12); empty means every month. A yearly plan names its months. */
  months: number[];
  /** YYYY-MM-DD: the first day a visit may fall on (a visit only when the pattern falls on it). */
  startDate: string;
  /** YYYY-MM-DD, inclusive: a visit on the end date still happens. Null: the plan runs until ended. */
  endDate: string | null;
  /** HH:MM, wall-clock in the company's zone whatever the season. */
  time: string;
  durationMinutes: number;
  /** How long after `time` the technician may arrive (0: at the time itself). */
  arrivalWindowMinutes: number;
};

export const MAX_INTERVAL = { daily: 365, weekly: 52, monthly: 24, yearly: 10 } as const satisfies Record<Frequency, number>;
export const MAX_DURATION_MINUTES = 24 * 60;
/** At most this many visits per call: the cap per plan on what is generated ahead. */
export const MAX_OCCURRENCES_PER_CALL = 100;
/** No call looks further than this past `from`, so a rule that can never fall on a date still ends. */
export const MAX_SCAN_YEARS = 50;

export type Occurrence = {
  /** YYYY-MM-DD in the company's zone: the occurrence's identity (see planOccurrenceKey). */
  localDate: string;
  startsAt: Date;
  endsAt: Date;
};

export type OccurrenceWindow = { from: Date | string; until?: Date | string | null; limit: number };

const HH_MM = /^([01]\d|2[0-3]):([0-5]\d)$/;
export const minuteOfDay = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
export const isVisitTime = (time: string): boolean => HH_MM.test(time);

const sortedUnique = (values: number[]): number[] => [...new Set(values)].sort((a, b) => a - b);

/**
 * The local days of a rule from `fromDay` on, in order, up to `lastDay`. Every loop advances by a whole period
 * and stops past `lastDay`, so it ends for every rule, including one no date can match.
 */
export function* recurrenceDays(r: Recurrence, fromDay: number, lastDay: number): Generator<number> {
  const start = epochDay(r.startDate);
  const end = r.endDate ? Math.min(epochDay(r.endDate), lastDay) : lastDay;
  const lo = Math.max(start, fromDay);
  const months = r.months.length ? new Set(r.months) : null;
  const monthOk = (day: number) => !months || months.has(ymdOfEpochDay(day).m);
  const n = Math.max(1, Math.floor(r.interval));
  if (r.frequency === 'daily') {
    for (let day = start + Math.max(0, Math.ceil((lo - start) / n)) * n; day <= end; day += n) if (monthOk(day)) yield day;
    return;
  }
  if (r.frequency === 'weekly') {
    const picked = sortedUnique(r.weekdays.map((w) => WEEKDAYS.indexOf(w)).filter((i) => i >= 0));
    if (!picked.length) return;
    const week0 = start - isoWeekdayIndex(start);
    for (let week = week0 + Math.max(0, Math.floor((lo - week0) / (7 * n))) * 7 * n; week <= end; week += 7 * n) {
      for (const i of picked) {
        const day = week + i;
        if (day > end) return;
        if (day >= lo && monthOk(day)) yield day;
      }
    }
    return;
  }
  const md = r.monthDay;
  if (!md) return;
  const dayOf = (y: number, m: number) =>
    md.kind === 'day' ? clampedMonthDay(y, m, md.day) : nthWeekdayOfMonth(y, m, md.ordinal, WEEKDAYS.indexOf(md.weekday));
  const s = ymdOfEpochDay(start);
  const l = ymdOfEpochDay(lo);
  if (r.frequency === 'monthly') {
    const m0 = s.y * 12 + s.m - 1;
    for (let k = Math.max(0, Math.floor((l.y * 12 + l.m - 1 - m0) / n)); ; k++) {
      const index = m0 + k * n;
      const [y, m] = [Math.floor(index / 12), (index % 12) + 1];
      if (clampedMonthDay(y, m, 1) > end) return;
      if (months && !months.has(m)) continue;
      const day = dayOf(y, m);
      if (day > end) return;
      if (day >= lo) yield day;
    }
  }
  // Yearly (the monthly loop above only leaves by returning): each chosen month of every Nth year.
  const yearMonths = months ? sortedUnique(r.months) : [s.m];
  for (let y = s.y + Math.max(0, Math.floor((l.y - s.y) / n)) * n; clampedMonthDay(y, 1, 1) <= end; y += n) {
    for (const m of yearMonths) {
      const day = dayOf(y, m);
      if (day > end) return;
      if (day >= lo) yield day;
    }
  }
}

/**
 * The visits of a rule from `from` (an instant; visits starting earlier are not listed) up to `until` (inclusive)
 * and the rule's end date, in order, at most `limit` and never more than 100. Each starts at the rule's time on
 * its local day in `timeZone`, so 08:00 stays 08:00 across daylight-saving changes.
 */
export function occurrences(r: Recurrence, timeZone: string, window: OccurrenceWindow): Occurrence[] {
  const out: Occurrence[] = [];
  const limit = Math.min(Math.max(0, Math.floor(window.limit)), MAX_OCCURRENCES_PER_CALL);
  if (!limit) return out;
  eachOccurrence(r, timeZone, window, (occurrence) => out.push(occurrence) < limit);
  return out;
}

/** How many visits fall in [from, until]: counted, not listed, so it has no cap and holds no list. */
export function countOccurrences(r: Recurrence, timeZone: string, from: Date | string, until: Date | string): number {
  let count = 0;
  eachOccurrence(r, timeZone, { from, until, limit: Infinity }, () => (count++, true));
  return count;
}

function eachOccurrence(r: Recurrence, timeZone: string, window: OccurrenceWindow, visit: (o: Occurrence) => boolean): void {
  const fromMs = new Date(window.from).getTime();
  const untilMs = window.until == null ? Infinity : new Date(window.until).getTime();
  // The local day of `from` can be the UTC day before or after: start a day early and filter by instant.
  const fromDay = epochDay(dayIn(new Date(fromMs), timeZone)) - 1;
  const lastDay = Math.min(fromDay + Math.ceil(MAX_SCAN_YEARS * 365.25), Number.isFinite(untilMs) ? Math.floor(untilMs / DAY_MS) + 2 : Infinity);
  const minute = minuteOfDay(r.time);
  const durationMs = r.durationMinutes * 60_000;
  for (const day of recurrenceDays(r, fromDay, lastDay)) {
    const startMs = zonedInstantMs(day, minute, timeZone);
    if (startMs < fromMs) continue;
    if (startMs > untilMs) return;
    if (!visit({ localDate: dateOfEpochDay(day), startsAt: new Date(startMs), endsAt: new Date(startMs + durationMs) })) return;
  }
}

export type RecurrenceProblem = { field: keyof Recurrence; message: string };

const UNIT = { daily: 'days', weekly: 'weeks', monthly: 'months', yearly: 'years' } as const satisfies Record<Frequency, string>;

export const RECURRENCE_MESSAGES = {
  frequency: 'Choose how often: every day, week, month or year.',
  interval: (f: Frequency) => `Repeat every 1 to ${MAX_INTERVAL[f]} ${UNIT[f]}.`,
  weekdaysMissing: 'Choose at least one day of the week.',
  weekdaysInvalid: 'Days of the week must be MO, TU, WE, TH, FR, SA or SU, each once.',
  weekdaysNotWeekly: 'Days of the week apply to weekly plans only.',
  monthDayMissing: 'Choose a day of the month.',
  monthDayInvalid: 'Day of month must be between 1 and 31.',
  ordinalInvalid: 'Choose the first, second, third, fourth or last weekday of the month.',
  monthDayNotMonthly: 'A day of the month applies to monthly and yearly plans only.',
  monthsInvalid: 'Months must be between 1 (January) and 12 (December), each once.',
  monthsMissing: 'Choose at least one month for a yearly plan.',
  startDate: 'Start date must be a date (YYYY-MM-DD).',
  endDate: 'End date must be a date (YYYY-MM-DD).',
  endBeforeStart: 'End date must be on or after the start date.',
  time: 'Visit time must be a time such as 08:00.',
  duration: 'Duration must be between 1 minute and 24 hours.',
  arrivalWindow: 'Arrival window must be between 0 minutes and 24 hours.',
  noDate: 'This rule never falls on a date: check the months and the interval.',
} as const;

const isWholeIn = (v: unknown, min: number, max: number): v is number => Number.isInteger(v) && (v as number) >= min && (v as number) <= max;
const isUniqueList = <T>(list: T[]) => new Set(list).size === list.length;

/**
 * Every problem of a recurrence, field by field (empty when it is valid). A rule that is well formed but can never
 * fall on a date (every 2 months, only in March, starting in February) is refused too: a plan must have visits.
 */
export function validateRecurrence(r: Recurrence): RecurrenceProblem[] {
  const problems: RecurrenceProblem[] = [];
  const add = (field: keyof Recurrence, message: string) => problems.push({ field, message });
  if (!FREQUENCIES.includes(r.frequency)) return [{ field: 'frequency', message: RECURRENCE_MESSAGES.frequency }];
  if (!isWholeIn(r.interval, 1, MAX_INTERVAL[r.frequency])) add('interval', RECURRENCE_MESSAGES.interval(r.frequency));
  if (r.frequency === 'weekly') {
    if (!r.weekdays.length) add('weekdays', RECURRENCE_MESSAGES.weekdaysMissing);
    else if (!r.weekdays.every((w) => WEEKDAYS.includes(w)) || !isUniqueList(r.weekdays)) add('weekdays', RECURRENCE_MESSAGES.weekdaysInvalid);
  } else if (r.weekdays.length) add('weekdays', RECURRENCE_MESSAGES.weekdaysNotWeekly);
  const md = r.monthDay;
  if (r.frequency === 'monthly' || r.frequency === 'yearly') {
    if (!md) add('monthDay', RECURRENCE_MESSAGES.monthDayMissing);
    else if (md.kind === 'day' && !isWholeIn(md.day, 1, 31)) add('monthDay', RECURRENCE_MESSAGES.monthDayInvalid);
    else if (md.kind === 'weekday' && (!ORDINALS.includes(md.ordinal) || !WEEKDAYS.includes(md.weekday))) add('monthDay', RECURRENCE_MESSAGES.ordinalInvalid);
  } else if (md) add('monthDay', RECURRENCE_MESSAGES.monthDayNotMonthly);
  if (!r.months.every((m) => isWholeIn(m, 1, 12)) || !isUniqueList(r.months)) add('months', RECURRENCE_MESSAGES.monthsInvalid);
  else if (r.frequency === 'yearly' && !r.months.length) add('months', RECURRENCE_MESSAGES.monthsMissing);
  const start = epochDay(r.startDate);
  if (Number.isNaN(start)) add('startDate', RECURRENCE_MESSAGES.startDate);
  if (r.endDate !== null) {
    const end = epochDay(r.endDate);
    if (Number.isNaN(end)) add('endDate', RECURRENCE_MESSAGES.endDate);
    else if (end < start) add('endDate', RECURRENCE_MESSAGES.endBeforeStart);
  }
  if (!isVisitTime(r.time)) add('time', RECURRENCE_MESSAGES.time);
  if (!isWholeIn(r.durationMinutes, 1, MAX_DURATION_MINUTES)) add('durationMinutes', RECURRENCE_MESSAGES.duration);
  if (!isWholeIn(r.arrivalWindowMinutes, 0, MAX_DURATION_MINUTES)) add('arrivalWindowMinutes', RECURRENCE_MESSAGES.arrivalWindow);
  if (!problems.length && recurrenceDays(r, start, start + Math.ceil(MAX_SCAN_YEARS * 365.25)).next().done) {
    add(r.endDate ? 'endDate' : 'months', RECURRENCE_MESSAGES.noDate);
  }
  return problems;
}
