/**
 * Dates as the customer reads them. The portal does not know the company's zone, and a customer reads a
 * visit's time on their own clock, so instants are shown in the browser's zone; calendar days (due dates)
 * are shown as written.
 */
import { formatDate, formatDateTime, formatTime } from '../../lib/format';

const dayFormat = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });

/** A calendar day (yyyy-MM-dd) as written: no zone may move it to the day before. */
export function portalDay(day: string | null | undefined): string {
  return day ? formatDate(`${day.slice(0, 10)}T12:00:00.000Z`, 'UTC') : '—';
}

export function portalInstant(iso: string | null | undefined): string {
  return formatDateTime(iso);
}

/** "Tuesday, December 1, 2026" and "9:00 AM – 11:00 AM" (the end's day too when the visit runs past midnight). */
export function visitWhen(startAt: string, endAt: string | null): { day: string; window: string } {
  const start = new Date(startAt);
  const day = dayFormat.format(start);
  if (!endAt) return { day, window: `From ${formatTime(startAt)}` };
  const endDay = dayFormat.format(new Date(endAt));
  return { day, window: endDay === day ? `${formatTime(startAt)} – ${formatTime(endAt)}` : `${formatTime(startAt)} – ${endDay}, ${formatTime(endAt)}` };
}
