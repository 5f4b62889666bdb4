/**
 * Created-on presets of the estimate and invoice lists (last and this week, month, quarter, year),
 * computed in the tenant's zone: a fixed "shift UTC back 5.5 hours" would be this rule for Asia/Kolkata only.
 */
import { TZDate } from '@date-fns/tz';
import { addMonths, addQuarters, addWeeks, addYears, startOfMonth, startOfQuarter, startOfWeek, startOfYear } from 'date-fns';

export const DATE_PRESETS = ['this_week', 'last_week', 'this_month', 'last_month', 'this_quarter', 'last_quarter', 'this_year', 'last_year'] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

/** How the presets read in filters and the dashboard's range control. */
export const DATE_PRESET_LABELS = {
  this_week: 'This Week',
  last_week: 'Last Week',
  this_month: 'This Month',
  last_month: 'Last Month',
  this_quarter: 'This Quarter',
  last_quarter: 'Last Quarter',
  this_year: 'This Year',
  last_year: 'Last Year',
} as const satisfies Record<DatePreset, string>;

type Unit = { start: (d: TZDate) => TZDate; add: (d: TZDate, n: number) => TZDate };
const UNITS: Record<'week' | 'month' | 'quarter' | 'year', Unit> = {
  week: { start: (d) => startOfWeek(d), add: (d, n) => addWeeks(d, n) },
  month: { start: (d) => startOfMonth(d), add: (d, n) => addMonths(d, n) },
  quarter: { start: (d) => startOfQuarter(d), add: (d, n) => addQuarters(d, n) },
  year: { start: (d) => startOfYear(d), add: (d, n) => addYears(d, n) },
};

/** [start, end) as UTC instants; weeks start on Sunday. */
export function presetRange(preset: DatePreset, now: Date, timeZone: string): { start: string; end: string } {
  const [which, unitName] = preset.split('_') as ['this' | 'last', keyof typeof UNITS];
  const unit = UNITS[unitName];
  const thisStart = unit.start(new TZDate(now.getTime(), timeZone));
  const start = which === 'this' ? thisStart : unit.add(thisStart, -1);
  const end = unit.add(start, 1);
  return { start: new Date(start.getTime()).toISOString(), end: new Date(end.getTime()).toISOString() };
}
