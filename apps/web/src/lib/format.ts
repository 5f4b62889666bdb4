import { timeOfDayLabel } from '@fieldwork/domain/time/calendar-time.rules';

const dateFormats = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone ?? ''}|${JSON.stringify(options)}`;
  let fmt = dateFormats.get(key);
  if (!fmt) {
    try {
      fmt = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    } catch {
      // An unknown zone must not break a page; the browser's zone is the best remaining guess.
      fmt = new Intl.DateTimeFormat('en-US', options);
    }
    dateFormats.set(key, fmt);
  }
  return fmt;
}

function toDate(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "Nov 21, 2025" in the tenant's zone, so a day boundary matches what the office sees. */
export function formatDate(iso: string | null | undefined, timeZone?: string): string {
  const date = toDate(iso);
  return date ? formatter(timeZone, { year: 'numeric', month: 'short', day: 'numeric' }).format(date) : '—';
}

/** "Nov 21, 2025, 3:05 PM" in the tenant's zone (the time part from the one clock format below). */
export function formatDateTime(iso: string | null | undefined, timeZone?: string): string {
  const date = toDate(iso);
  return date ? `${formatDate(iso, timeZone)}, ${formatTime(iso, timeZone)}` : '—';
}

/** The zone a time is read in: the tenant's, or the browser's when a caller has none (or an unknown one). */
function zoneOrLocal(timeZone: string | undefined): string {
  return formatter(timeZone, {}).resolvedOptions().timeZone;
}

/** "3:05 PM" in the tenant's zone: the product's one 12-hour clock format (domain clockLabel). */
export function formatTime(iso: string | number | null | undefined, timeZone?: string): string {
  const date = typeof iso === 'number' ? new Date(iso) : toDate(iso);
  return date && !Number.isNaN(date.getTime()) ? timeOfDayLabel(date.getTime(), zoneOrLocal(timeZone)) : '—';
}

/** A call's length, "3m 05s": calls are short, hours never matter here. */
export function durationText(seconds: number): string {
  const s = Math.round(seconds);
  const m = Math.floor(s / 60);
  return m > 0 ? `${m}m ${String(s % 60).padStart(2, '0')}s` : `${s}s`;
}

export function initials(name: string | null | undefined): string {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return '?';
  const first = parts[0]?.[0] ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}

export function dash(value: string | null | undefined): string {
  return value && value.trim() ? value : '—';
}
