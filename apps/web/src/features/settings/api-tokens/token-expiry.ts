import { addDays, startOfDay, todayKey, type DayKey } from '@fieldwork/domain/calendar-time';

export const EXPIRY_CHOICES = [
  { value: 'never', label: 'Never' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '1 year' },
  { value: 'date', label: 'On a date' },
] as const;
export type ExpiryChoice = (typeof EXPIRY_CHOICES)[number]['value'];

const DAY_MS = 86_400_000;

/**
 * When a token of this choice stops working: N days from now, or the end of the chosen day in the company's
 * zone (it works through that day); null for never, and '' while no date is picked.
 */
export function expiryInstant(choice: ExpiryChoice, date: DayKey, timeZone: string, now: number): string | null {
  if (choice === 'never') return null;
  if (choice === 'date') return date ? new Date(startOfDay(addDays(date, 1), timeZone)).toISOString() : '';
  return new Date(now + Number(choice) * DAY_MS).toISOString();
}

/** The days the date input offers: today to a year ahead, in the company's zone. */
export function expiryDateBounds(timeZone: string, now: number): { min: DayKey; max: DayKey } {
  const today = todayKey(timeZone, now);
  return { min: today, max: addDays(today, 365) };
}
