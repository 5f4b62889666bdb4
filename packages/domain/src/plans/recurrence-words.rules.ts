/**
 * A plan's recurrence in words, as the plans list, the plan page and the form's preview show it:
 * "Every 3 months on the 15th, 8:00–10:00 AM, until Dec 31, 2027". The times are wall-clock in the company's zone
 * (the rule keeps them whatever the season), so the words need no zone.
 */
import { minuteOfDay, type MonthDay, type Recurrence, type Weekday } from './recurrence.rules.ts';

const WEEKDAY_NAMES = {
  MO: 'Monday',
  TU: 'Tuesday',
  WE: 'Wednesday',
  TH: 'Thursday',
  FR: 'Friday',
  SA: 'Saturday',
  SU: 'Sunday',
} as const satisfies Record<Weekday, string>;

export const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;
const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const ORDINAL_WORDS = { 1: 'first', 2: 'second', 3: 'third', 4: 'fourth', [-1]: 'last' } as const;
const UNITS = { daily: ['day', 'days'], weekly: ['week', 'weeks'], monthly: ['month', 'months'], yearly: ['year', 'years'] } as const;

/** "a", "a and b", "a, b and c". */
export function listWords(words: readonly string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st, 22nd, 23rd … 31st. */
export function ordinalDay(day: number): string {
  const teen = day % 100 >= 11 && day % 100 <= 13;
  const suffix = teen ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[day % 10] ?? 'th');
  return `${day}${suffix}`;
}

function clock(minutes: number): { text: string; meridiem: 'AM' | 'PM' } {
  const m = ((minutes % 1440) + 1440) % 1440;
  const hour = Math.floor(m / 60);
  return { text: `${hour % 12 || 12}:${String(m % 60).padStart(2, '0')}`, meridiem: hour < 12 ? 'AM' : 'PM' };
}

/**
 * The visit's time: its arrival window when it has one (what the customer is told), otherwise its span
 * ("8:00–10:00 AM"; "11:00 AM–1:00 PM" when the meridiem changes).
 */
export function visitTimeWords(time: string, durationMinutes: number, arrivalWindowMinutes: number): string {
  const start = minuteOfDay(time);
  const from = clock(start);
  const to = clock(start + (arrivalWindowMinutes || durationMinutes));
  return from.meridiem === to.meridiem ? `${from.text}–${to.text} ${to.meridiem}` : `${from.text} ${from.meridiem}–${to.text} ${to.meridiem}`;
}

function monthDayWords(md: MonthDay): string {
  if (md.kind === 'weekday') return `the ${ORDINAL_WORDS[md.ordinal]} ${WEEKDAY_NAMES[md.weekday]}`;
  return md.day === 31 ? 'the last day of the month' : `the ${ordinalDay(md.day)}`;
}

/** "Dec 31, 2027" from YYYY-MM-DD. */
export function shortDateWords(date: string): string {
  return `${SHORT_MONTHS[Number(date.slice(5, 7)) - 1]} ${Number(date.slice(8, 10))}, ${date.slice(0, 4)}`;
}

export function describeRecurrence(r: Recurrence): string {
  const [one, many] = UNITS[r.frequency];
  const words = [r.interval === 1 ? `Every ${one}` : `Every ${r.interval} ${many}`];
  if (r.frequency === 'weekly' && r.weekdays.length) words.push(`on ${listWords(r.weekdays.map((w) => WEEKDAY_NAMES[w]))}`);
  if (r.months.length) words.push(`in ${listWords([...r.months].sort((a, b) => a - b).map((m) => MONTH_NAMES[m - 1] ?? String(m)))}`);
  if (r.monthDay && (r.frequency === 'monthly' || r.frequency === 'yearly')) words.push(`on ${monthDayWords(r.monthDay)}`);
  let text = `${words.join(' ')}, ${visitTimeWords(r.time, r.durationMinutes, r.arrivalWindowMinutes)}`;
  if (r.endDate) text += `, until ${shortDateWords(r.endDate)}`;
  return text;
}
