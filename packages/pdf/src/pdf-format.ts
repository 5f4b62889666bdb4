/** How figures and dates read on a printed estimate or invoice (the same wording as the screens). */
import { formatCents } from '@fieldwork/domain/common/money.rules';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let fmt = formatters.get(key);
  if (!fmt) {
    try {
      fmt = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    } catch {
      // A zone the runtime does not know must not fail a download; UTC is at most a few hours off.
      fmt = new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' });
    }
    formatters.set(key, fmt);
  }
  return fmt;
}

const DAY: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' };

const DECIMAL3 = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 });

/** API dollars → "$1,234.50" (the domain's formatting of the same cents). */
export function money(dollars: number): string {
  return formatCents(Math.round(dollars * 100));
}

/** A calendar date "YYYY-MM-DD" → "Nov 21, 2025"; it names a day, not an instant, so no zone shifts it. */
export function calendarDate(day: string | null | undefined): string {
  const m = day ? /^(\d{4})-(\d{2})-(\d{2})/.exec(day) : null;
  if (!m) return '—';
  return formatter('UTC', DAY).format(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))));
}

/** The day of an instant in the tenant's zone. */
export function dayInZone(iso: string | null | undefined, timeZone: string): string {
  const date = iso ? new Date(iso) : null;
  return date && !Number.isNaN(date.getTime()) ? formatter(timeZone, DAY).format(date) : '—';
}

/** "Nov 21, 2025, 3:05 PM EST" in the tenant's zone. */
export function dateTimeInZone(iso: string | null | undefined, timeZone: string): string {
  const date = iso ? new Date(iso) : null;
  if (!date || Number.isNaN(date.getTime())) return '—';
  return formatter(timeZone, { ...DAY, hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).format(date);
}

/** Quantities carry up to 3 decimals. */
export function quantity(qty: number): string {
  return DECIMAL3.format(qty);
}

export function percent(value: number): string {
  return `${DECIMAL3.format(value)}%`;
}
