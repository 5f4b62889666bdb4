import { TZDate } from '@date-fns/tz';

/**
 * Wall-clock times in the tenant's zone, as a date-time input shows them ("2026-11-21T09:30"), and back to
 * the UTC instants the API speaks. The all-day rule and the duration display live here too.
 */

const LOCAL_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** An instant as the zone's wall clock, "yyyy-MM-ddTHH:mm"; '' for none or an invalid value. */
export function toZonedInput(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${get('year')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}`;
}

/** A zone's wall-clock "yyyy-MM-ddTHH:mm" as an ISO instant; null when empty or not a valid date-time. */
export function fromZonedInput(local: string | null | undefined, timeZone: string): string | null {
  const m = LOCAL_PATTERN.exec(local ?? '');
  if (!m) return null;
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null;
  const zoned = new TZDate(year, month - 1, day, hour, minute, timeZone);
  const time = zoned.getTime();
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/** Spec: "All day" is 00:00–23:59 of the start's day, in the tenant's zone. Wall-clock values in, out. */
export function allDayRange(startLocal: string): { start: string; end: string } | null {
  const day = /^(\d{4}-\d{2}-\d{2})/.exec(startLocal)?.[1];
  return day ? { start: `${day}T00:00`, end: `${day}T23:59` } : null;
}

/** Does a wall-clock start–end pair span its whole day (00:00–23:59, the all-day range)? Then "All day Task" is ticked. */
export function isAllDayRange(startLocal: string, endLocal: string): boolean {
  const range = allDayRange(startLocal);
  return !!range && range.start === startLocal && range.end === endLocal;
}

/** When the start is set and the end is empty, the end is start + the default duration. */
export function addHoursLocal(local: string, hours: number, timeZone: string): string {
  const iso = fromZonedInput(local, timeZone);
  return iso ? toZonedInput(new Date(new Date(iso).getTime() + hours * 3_600_000).toISOString(), timeZone) : '';
}

/** Spec: "—" if the end is missing or before the start; otherwise days, hours and mins ("1d 2h 5m", "2h 0m"). */
export function formatDuration(startIso: string | null | undefined, endIso: string | null | undefined): string {
  if (!startIso || !endIso) return '—';
  const ms = new Date(endIso).getTime() - new Date(startIso).getTime();
  if (Number.isNaN(ms) || ms < 0) return '—';
  const totalMinutes = Math.floor(ms / 60_000);
  const days = Math.floor(totalMinutes / 1440);
  const hours = Math.floor((totalMinutes % 1440) / 60);
  const minutes = totalMinutes % 60;
  return `${days ? `${days}d ` : ''}${hours}h ${minutes}m`;
}
