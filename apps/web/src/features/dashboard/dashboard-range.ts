import { DATE_PRESETS, DATE_PRESET_LABELS, type DatePreset } from '@fieldwork/domain/time/date-presets.rules';
import { DASHBOARD_DEFAULT_PRESET, daysBetween, DASHBOARD_MAX_RANGE_DAYS } from '@fieldwork/domain/dashboard/dashboard.schemas';

/** The dashboard's URL search: a preset, or a custom from/to pair of days (both inclusive, tenant zone). */
export type DashboardSearch = { preset?: DatePreset; from?: string; to?: string };

const isDay = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v));
const isPreset = (v: unknown): v is DatePreset => typeof v === 'string' && (DATE_PRESETS as readonly string[]).includes(v);

/**
 * Reads a hand-edited or stale URL without failing: a valid custom pair wins (as it does on the server),
 * otherwise a known preset, otherwise nothing (the server's default, this month).
 */
export function validateDashboardSearch(s: Record<string, unknown>): DashboardSearch {
  if (isDay(s.from) && isDay(s.to)) {
    const days = daysBetween(s.from, s.to);
    if (days >= 0 && days + 1 <= DASHBOARD_MAX_RANGE_DAYS) return { from: s.from, to: s.to };
  }
  return isPreset(s.preset) ? { preset: s.preset } : {};
}

/** The query every metric endpoint takes; also part of each card's query key. */
export function rangeQuery(search: DashboardSearch): DashboardSearch {
  if (search.from && search.to) return { from: search.from, to: search.to };
  return { preset: search.preset ?? DASHBOARD_DEFAULT_PRESET };
}

export const PRESET_OPTIONS = DATE_PRESETS.map((value) => ({ value, label: DATE_PRESET_LABELS[value] }));
export const CUSTOM_RANGE = 'custom';

export function rangeLabel(search: DashboardSearch): string {
  const q = rangeQuery(search);
  return q.preset ? DATE_PRESET_LABELS[q.preset] : `${q.from} – ${q.to}`;
}
