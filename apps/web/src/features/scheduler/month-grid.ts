/** Calendar-date arithmetic in UTC so the grid never shifts with the browser's own zone. */
export type CalendarDay = { key: string; day: number; inMonth: boolean; isToday: boolean };

/** Spec: the calendar week starts on day 6 (Saturday). */
export const WEEK_START = 6;
export const WEEKDAY_LABELS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

export function todayIn(timeZone: string): { year: number; month: number; day: number } {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' }).formatToParts(new Date());
  } catch {
    parts = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'numeric', day: 'numeric' }).formatToParts(new Date());
  }
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { year: get('year'), month: get('month') - 1, day: get('day') };
}

export function monthGrid(year: number, month: number, today: { year: number; month: number; day: number }): CalendarDay[] {
  const first = new Date(Date.UTC(year, month, 1));
  const offset = (first.getUTCDay() - WEEK_START + 7) % 7;
  const start = Date.UTC(year, month, 1 - offset);
  const days: CalendarDay[] = [];
  for (let i = 0; i < 42; i++) {
    const d = new Date(start + i * 86_400_000);
    const y = d.getUTCFullYear();
    const m = d.getUTCMonth();
    const day = d.getUTCDate();
    days.push({
      key: `${y}-${m}-${day}`,
      day,
      inMonth: m === month,
      isToday: y === today.year && m === today.month && day === today.day,
    });
  }
  return days;
}

export function weekdayHeaders(): string[] {
  return Array.from({ length: 7 }, (_, i) => WEEKDAY_LABELS[(WEEK_START + i) % 7] ?? '');
}

export function monthLabel(year: number, month: number): string {
  return new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(year, month, 1)));
}
