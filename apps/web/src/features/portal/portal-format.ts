/**
 * Dates as the customer reads them: instants (visits, when an answer was given) in the company's zone — the
 * zone of the site and of every time the company gives on the phone — and calendar days (due dates) as written.
 */
import { formatDate, formatDateTime, formatTime } from '../../lib/format';

const dayFormat = (timeZone: string | undefined) =>
  new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', ...(timeZone ? { timeZone } : {}) });

/** A calendar day (yyyy-MM-dd) as written: no zone may move it to the day before. */
export function portalDay(day: string | null | undefined): string {
  return day ? formatDate(`${day.slice(0, 10)}T12:00:00.000Z`, 'UTC') : '—';
}

export function portalInstant(iso: string | null | undefined, timeZone?: string): string {
  return formatDateTime(iso, timeZone);
}

/** "Tuesday, December 1, 2026" and "9:00 AM – 11:00 AM" (the end's day too when the visit runs past midnight). */
export function visitWhen(startAt: string, endAt: string | null, timeZone?: string): { day: string; window: string } {
  const days = dayFormat(timeZone);
  const day = days.format(new Date(startAt));
  const time = (iso: string) => formatTime(iso, timeZone);
  if (!endAt) return { day, window: `From ${time(startAt)}` };
  const endDay = days.format(new Date(endAt));
  return { day, window: endDay === day ? `${time(startAt)} – ${time(endAt)}` : `${time(startAt)} – ${endDay}, ${time(endAt)}` };
}
