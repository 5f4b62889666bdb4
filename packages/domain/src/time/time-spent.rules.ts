/** The time-spent box of the task footer. */

export const INVALID_DATES_TEXT = 'Error: Invalid date strings';

export type WorkPeriod = { startTime: string; endTime: string | null };

/**
 * Seconds worked: closed periods plus the running one up to now; a period in the future counts 0.
 * null when any period's dates are not valid instants — the box then shows INVALID_DATES_TEXT.
 */
export function timeSpentSeconds(periods: readonly WorkPeriod[], now: number): number | null {
  let ms = 0;
  for (const p of periods) {
    const start = Date.parse(p.startTime);
    const end = p.endTime === null ? now : Date.parse(p.endTime);
    if (Number.isNaN(start) || Number.isNaN(end)) return null;
    if (end > start) ms += end - start;
  }
  return Math.floor(ms / 1000);
}

/** The footer's hrs:mins:sec, hours not wrapped at 24. */
export function hmsText(totalSeconds: number): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(totalSeconds / 3600))}:${pad(Math.floor((totalSeconds % 3600) / 60))}:${pad(totalSeconds % 60)}`;
}
