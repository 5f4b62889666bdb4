import { memo, useMemo } from 'react';
import { addDays, startOfDay, type DayKey } from '@fieldwork/domain/calendar-time';
import { TaskStatusBadge } from '../../shared/tasks/task-status-badge';
import type { BoardEntry } from './board.types';

/** "9:00 AM" in the tenant zone: a phone list reads in 12-hour time like the grid's labels. */
function clock(ms: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }).format(ms);
}

export function entriesOfDay(entries: readonly BoardEntry[], day: DayKey, timeZone: string): BoardEntry[] {
  const from = startOfDay(day, timeZone);
  const to = startOfDay(addDays(day, 1), timeZone);
  return entries.filter((e) => e.startMs < to && e.endMs > from).sort((a, b) => a.startMs - b.startMs || a.taskNumber - b.taskNumber);
}

export type DayTaskListProps = {
  day: DayKey;
  entries: readonly BoardEntry[];
  timeZone: string;
  onOpen: (entry: BoardEntry) => void;
};

/**
 * Phones: the anchor day's tasks as a list under the day grid. A 390 px time grid squeezes overlapping
 * tasks into slivers; the list keeps each one readable and tappable.
 */
export const DayTaskList = memo(function DayTaskList({ day, entries, timeZone, onOpen }: DayTaskListProps) {
  const today = useMemo(() => entriesOfDay(entries, day, timeZone), [entries, day, timeZone]);
  return (
    <section aria-label="Tasks of the day" className="mt-3 rounded-lg border border-border bg-white">
      <h3 className="border-b border-border px-3 py-2 text-sm font-semibold text-gray-900">
        Tasks of the day <span className="font-normal text-muted">({today.length})</span>
      </h3>
      {today.length === 0 ? (
        <p className="px-3 py-6 text-center text-sm text-muted">No tasks on this day</p>
      ) : (
        <ul className="divide-y divide-border">
          {today.map((e) => (
            <li key={e.id}>
              <button
                type="button"
                onClick={() => onOpen(e)}
                className="flex w-full items-start gap-3 px-3 py-2.5 text-left hover:bg-gray-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary"
                style={{ borderLeft: `4px solid ${e.colour.border}` }}
              >
                <span className="w-20 shrink-0 text-xs text-muted tabular-nums">
                  {clock(e.startMs, timeZone)}
                  <br />
                  {clock(e.endMs, timeZone)}
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-medium text-gray-900">
                    #{e.taskNumber} {e.name}
                  </span>
                  <span className="block truncate text-xs text-muted">{e.customer.name}</span>
                </span>
                <TaskStatusBadge status={e.status} label={e.displayStatus} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
});

