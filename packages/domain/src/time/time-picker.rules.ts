/**
 * Time picker: a 12-hour value {hours, minutes, phase}. Typed hours clamp to 1–12 (above 12
 * the last typed digit wins: 13 → 3, 25 → 5; 0 and negatives → 1), minutes to 0–59 (negatives → 0, above
 * 59 → 59). Choosing AM when hours is 12 sets hours to 0 (midnight); 0 is only reached that way or from 00:xx.
 */
export const TIME_PHASES = ['AM', 'PM'] as const;
export type TimePhase = (typeof TIME_PHASES)[number];
export type TimePickerValue = { hours: number; minutes: number; phase: TimePhase };
export type Time24 = { hour: number; minute: number };

const MIN_HOURS = 1;
const MAX_HOURS = 12;
const MAX_MINUTES = 59;

function toNumber(typed: string | number): number {
  if (typeof typed === 'number') return Math.trunc(typed);
  const trimmed = typed.trim();
  return /^-?\d+$/.test(trimmed) ? Number.parseInt(trimmed, 10) : Number.NaN;
}

/** Typed hours → 1–12; above 12 takes the last typed digit (a trailing 0 falls to the minimum). */
export function clampHours(typed: string | number): number {
  const n = toNumber(typed);
  if (Number.isNaN(n) || n < MIN_HOURS) return MIN_HOURS;
  if (n <= MAX_HOURS) return n;
  return Math.max(MIN_HOURS, n % 10);
}

/** Typed minutes → 0–59; negatives (and non-numbers) go to 0. */
export function clampMinutes(typed: string | number): number {
  const n = toNumber(typed);
  if (Number.isNaN(n) || n < 0) return 0;
  return Math.min(MAX_MINUTES, n);
}

/** Switching AM/PM: AM at 12 sets hours to 0; PM at 0 goes back to 12. */
export function withPhase(value: TimePickerValue, phase: TimePhase): TimePickerValue {
  if (phase === 'AM' && value.hours === 12) return { ...value, hours: 0, phase };
  if (phase === 'PM' && value.hours === 0) return { ...value, hours: 12, phase };
  return { ...value, phase };
}

/** 12-hour → 24-hour: 12 AM and 0 AM are 00, 12 PM is 12, 1 PM is 13. */
export function toTime24(value: TimePickerValue): Time24 {
  const base = value.hours % 12;
  return { hour: value.phase === 'PM' ? base + 12 : base, minute: clampMinutes(value.minutes) };
}

/** 24-hour → 12-hour: 00 is 0 AM (the spec's AM-at-12 value), 12 is 12 PM, 13 is 1 PM. */
export function fromTime24(time: Time24): TimePickerValue {
  const hour = ((Math.trunc(time.hour) % 24) + 24) % 24;
  const phase: TimePhase = hour >= 12 ? 'PM' : 'AM';
  const hours = hour > 12 ? hour - 12 : hour;
  return { hours, minutes: clampMinutes(time.minute), phase };
}

/**
 * The hours a 12-hour picker shows: the value keeps the spec's 0 for midnight (AM at 12), but a clock face
 * reads it as 12 — "12:00 AM", never "00:00 AM".
 */
export function shownHours(value: TimePickerValue): number {
  return value.hours === 0 ? 12 : value.hours;
}

/** "HH:mm" (24-hour) ↔ Time24; null for anything else. */
export function parseTime24(text: string): Time24 | null {
  const m = /^(\d{2}):(\d{2})$/.exec(text);
  if (!m) return null;
  const hour = Number(m[1]);
  const minute = Number(m[2]);
  return hour <= 23 && minute <= 59 ? { hour, minute } : null;
}

export function formatTime24(time: Time24): string {
  return `${String(time.hour).padStart(2, '0')}:${String(time.minute).padStart(2, '0')}`;
}
