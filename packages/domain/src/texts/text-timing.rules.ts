import { TZDate } from '@date-fns/tz';

/**
 * When customer texts go out, in the company's zone. A reminder "24 hours before" a 9:00 visit arrives at 9:00
 * the day before even when the clocks change overnight: whole days are counted on the calendar in the company's
 * zone (a customer reads "a day ahead", not "86,400 seconds ahead"); the hours beyond whole days are elapsed time.
 */

export const DEFAULT_REMINDER_HOURS = 24;
/** A week ahead is the longest lead that still reads as a reminder rather than a second booking notice. */
export const MAX_REMINDER_HOURS = 168;
export const DEFAULT_QUIET_START = '21:00';
export const DEFAULT_QUIET_END = '08:00';

const HH_MM = /^([01]\d|2[0-3]):([0-5]\d)$/;
export const isClockTime = (value: string): boolean => HH_MM.test(value);
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The instant a reminder for a visit starting at `start` goes out. */
export function reminderAt(start: Date | string, leadHours: number, timeZone: string): Date {
  const local = new TZDate(new Date(start).getTime(), timeZone);
  const days = Math.floor(leadHours / 24);
  const sameTimeDaysBefore = new TZDate(
    local.getFullYear(),
    local.getMonth(),
    local.getDate() - days,
    local.getHours(),
    local.getMinutes(),
    local.getSeconds(),
    timeZone,
  );
  return new Date(sameTimeDaysBefore.getTime() - (leadHours - days * 24) * 3_600_000);
}

export type QuietHours = { start: string; end: string };

/**
 * When quiet hours hold a text queued at `at`: the instant they end (the next `end` on the company's clock), or
 * null when `at` is outside them. A window from 21:00 to 08:00 runs over midnight; start equal to end means
 * no quiet hours at all.
 */
export function quietHoursRelease(at: Date | string, timeZone: string, quiet: QuietHours): Date | null {
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  if (start === end) return null;
  const local = new TZDate(new Date(at).getTime(), timeZone);
  const now = local.getHours() * 60 + local.getMinutes();
  const overnight = start > end;
  const inside = overnight ? now >= start || now < end : now >= start && now < end;
  if (!inside) return null;
  const dayOffset = overnight && now >= start ? 1 : 0;
  const release = new TZDate(local.getFullYear(), local.getMonth(), local.getDate() + dayOffset, Math.floor(end / 60), end % 60, 0, timeZone);
  return new Date(release.getTime());
}

/** A visit's day and time as a customer reads them in the company's zone: { date: 'Tue, Mar 10', time: '9:00 AM' }. */
export function visitDateTime(start: Date | string, timeZone: string): { date: string; time: string } {
  const at = new Date(start);
  return {
    date: new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone }).format(at),
    time: new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', hour12: true, timeZone }).format(at),
  };
}
