import { useSyncExternalStore } from 'react';
import { INVALID_DATES_TEXT, timeSpentSeconds, type WorkPeriod } from '@fieldwork/domain/time/time-spent.rules';
import { cn } from '../../lib/cn';

export const RUNNING_LABEL = 'Time Elapsed - Clocked-in Task';
export const TOTAL_LABEL = 'Total Time Spent';

/*
 * One shared one-second clock for every running timer on the page: the interval exists only while at least
 * one timer listens, so a page with fifty running rows still has a single timer.
 */
const listeners = new Set<() => void>();
let now = Date.now();
let interval: ReturnType<typeof setInterval> | null = null;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (interval === null) {
    now = Date.now();
    interval = setInterval(() => {
      now = Date.now();
      for (const l of listeners) l();
    }, 1000);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && interval !== null) {
      clearInterval(interval);
      interval = null;
    }
  };
}

/** While ticking, the last tick; otherwise the current second (stable within it, as the store contract asks). */
const getNow = () => (interval === null ? Math.floor(Date.now() / 1000) * 1000 : now);
const noSubscribe = () => () => undefined;

/** The shared clock while `running`, else a still "now" (closed periods do not depend on it). */
export function useNow(running: boolean): number {
  return useSyncExternalStore(running ? subscribe : noSubscribe, getNow, getNow);
}

/** Days:hours:minutes:seconds, "1d 2h 3m 4s"; "0h 0m 0s" when empty or in the future. */
export function elapsedText(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const days = Math.floor(s / 86_400);
  const hms = `${Math.floor((s % 86_400) / 3600)}h ${Math.floor((s % 3600) / 60)}m ${s % 60}s`;
  return days > 0 ? `${days}d ${hms}` : hms;
}

/** The compact form of lists and cards: "2h 05m", "1d 3h". */
export function compactElapsedText(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const days = Math.floor(s / 86_400);
  const hours = Math.floor((s % 86_400) / 3600);
  if (days > 0) return `${days}d ${hours}h`;
  return `${hours}h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

export type ElapsedTimeProps = {
  periods: readonly WorkPeriod[];
  /** A period is running: the value ticks every second. */
  running: boolean;
  compact?: boolean;
  /** Defaults to "Time Elapsed - Clocked-in Task" while running, else "Total Time Spent". */
  label?: string;
};

/** The time-spent box: the sum of the work periods, live while one runs ("Error: Invalid date strings" on bad dates). */
export function ElapsedTime({ periods, running, compact = false, label }: ElapsedTimeProps) {
  const at = useNow(running);
  const seconds = timeSpentSeconds(periods, at);
  const name = label ?? (running ? RUNNING_LABEL : TOTAL_LABEL);
  if (seconds === null) {
    return (
      <span role="alert" className={cn('text-red-700', compact ? 'text-xs' : 'text-sm')}>
        {INVALID_DATES_TEXT}
      </span>
    );
  }
  if (compact) {
    return (
      <span title={name} className={cn('tabular-nums whitespace-nowrap', running && 'font-medium text-green-700')}>
        <span className="sr-only">{name}: </span>
        {compactElapsedText(seconds)}
      </span>
    );
  }
  return (
    <p className="text-sm text-muted">
      {name}: <span className={cn('font-semibold tabular-nums', running ? 'text-green-700' : 'text-gray-900')}>{elapsedText(seconds)}</span>
    </p>
  );
}
