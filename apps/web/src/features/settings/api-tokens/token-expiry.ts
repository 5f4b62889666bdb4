import { addDays, instantOf, type DayKey } from '@fieldwork/domain/time/calendar-time.rules';
import { dayIn } from '@fieldwork/domain/time/zoned-day.rules';

export const EXPIRY_CHOICES = [
  { value: 'never', label: 'Never' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '1 year' },
  { value: 'date', label: 'On a date' },
] as const;
export type ExpiryChoice = (typeof EXPIRY_CHOICES)[number]['value'];

const DAY_MS = 86_400_000;

/** 23:59, the end of a day as the company's all-day range counts it. */
const END_OF_DAY_MINUTE = 23 * 60 + 59;

/**
 * When a token of this choice stops working: N days from now, or 23:59 of the chosen day in the company's
 * zone (it works through that day, and the list shows that day); null for never, '' while no date is picked.
 */
export function expiryInstant(choice: ExpiryChoice, date: DayKey, timeZone: string, now: number): string | null {
  if (choice === 'never') return null;
  if (choice === 'date') return date ? new Date(instantOf(date, END_OF_DAY_MINUTE, timeZone)).toISOString() : '';
  return new Date(now + Number(choice) * DAY_MS).toISOString();
}

/** The days the date input offers: today to a year ahead, in the company's zone. */
export function expiryDateBounds(timeZone: string, now: number): { min: DayKey; max: DayKey } {
  const today = dayIn(new Date(now), timeZone);
  return { min: today, max: addDays(today, 365) };
}
