import { memo, useMemo } from 'react';
import { CalendarClock } from 'lucide-react';
import { addDays, startOfDay, viewLabel, type DayKey } from '@fieldwork/domain/time/calendar-time.rules';
import { Button } from '../../components/button';
import { formatTime } from '../../lib/format';
import { PlanMark } from '../../shared/plans/plan-badge';
import { TaskStatusBadge } from '../../shared/tasks/task-status-badge';
import type { BoardEntry } from './board.types';
import type { Swatch } from './scheduler-colours';

/** The entries meeting the day (in the company zone), by start then number; one running over midnight counts. */
export function entriesOfDay(entries: readonly BoardEntry[], day: DayKey, timeZone: string): BoardEntry[] {
  const from = startOfDay(day, timeZone);
  const to = startOfDay(addDays(day, 1), timeZone);
  return entries.filter((e) => e.startMs < to && e.endMs > from).sort((a, b) => a.startMs - b.startMs || a.taskNumber - b.taskNumber);
}

export const UNASSIGNED_GROUP = 'Unassigned';

export type AgendaGroup = { key: string; label: string; colour: Swatch; entries: BoardEntry[] };

/**
 * The day's entries grouped by person, the way a dispatcher reads a day: unassigned work first (it needs
 * someone), then people by name; each group in start order. `ownLabel` names the group of a field viewer,
 * whose feed carries only their own tasks and no team names.
 */
export function agendaGroups(dayEntries: readonly BoardEntry[], ownLabel: string | null): AgendaGroup[] {
  const groups = new Map<string, AgendaGroup>();
  for (const e of dayEntries) {
    const key = e.assignedTo?.id ?? '';
    const label = e.assignedTo ? (e.assigneeName ?? ownLabel ?? 'Assigned') : UNASSIGNED_GROUP;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { key, label, colour: e.colour, entries: [] }));
    g.entries.push(e);
  }
  return [...groups.values()].sort((a, b) => (a.key === '' ? -1 : b.key === '' ? 1 : a.label.localeCompare(b.label)));
}

export type AgendaViewProps = {
  day: DayKey;
  entries: readonly BoardEntry[];
  timeZone: string;
  /** Opens the task's preview (the same drawer a calendar entry opens). */
  onOpen: (entry: BoardEntry) => void;
  /** Opens the Re-Schedule sheet; offered on the entries the viewer may move (the board's drag rule). */
  onReschedule?: (entry: BoardEntry) => void;
  /** The group name of a field viewer's own tasks. */
  ownLabel?: string | null;
};

/**
 * The phone's scheduler (also a board on wider screens): the day's entries as a list grouped by person, each
 * with its time, task number, name and customer in full, and the entry's actions as buttons, instead of
 * bars too narrow to read at 390 px.
 */
export const AgendaView = memo(function AgendaView({ day, entries, timeZone, onOpen, onReschedule, ownLabel = null }: AgendaViewProps) {
  const dayEntries = useMemo(() => entriesOfDay(entries, day, timeZone), [entries, day, timeZone]);
  const groups = useMemo(() => agendaGroups(dayEntries, ownLabel), [dayEntries, ownLabel]);
  const title = viewLabel('day', day);
  return (
    <section aria-label={`Agenda, ${title}`} data-board="agenda" className="rounded-lg border border-border bg-white">
      <h2 className="border-b border-border px-3 py-2 text-sm font-semibold text-gray-900">
        {title}{' '}
        <span className="font-normal text-muted">
          ({dayEntries.length} {dayEntries.length === 1 ? 'task' : 'tasks'})
        </span>
      </h2>
      {groups.length === 0 ? (
        <p className="px-3 py-8 text-center text-sm text-muted">No tasks on this day</p>
      ) : (
        groups.map((g) => (
          <section
            key={g.key || 'unassigned'}
            aria-label={g.label}
            data-agenda-group={g.key || 'unassigned'}
            className="border-b border-border last:border-b-0"
          >
            <h3 className="flex items-center gap-2 bg-gray-50 px-3 py-1.5 text-xs font-semibold text-gray-700">
              <span aria-hidden="true" className="h-2.5 w-2.5 shrink-0 rounded-full" style={{ background: g.colour.border }} />
              <span className="truncate">{g.label}</span>
              <span className="font-normal text-muted">{g.entries.length}</span>
            </h3>
            <ul className="divide-y divide-border">
              {g.entries.map((e) => (
                <AgendaRow key={e.id} entry={e} timeZone={timeZone} onOpen={onOpen} onReschedule={onReschedule && e.edit.move ? onReschedule : undefined} />
              ))}
            </ul>
          </section>
        ))
      )}
    </section>
  );
});

function AgendaRow({
  entry: e,
  timeZone,
  onOpen,
  onReschedule,
}: {
  entry: BoardEntry;
  timeZone: string;
  onOpen: (e: BoardEntry) => void;
  onReschedule?: (e: BoardEntry) => void;
}) {
  return (
    <li className="flex items-stretch" style={{ borderLeft: `4px solid ${e.colour.border}` }}>
      <button
        type="button"
        onClick={() => onOpen(e)}
        aria-label={`Open task #${e.taskNumber} ${e.name}`}
        data-entry-id={e.id}
        className="flex min-w-0 flex-1 items-start gap-3 px-3 py-2.5 text-left hover:bg-gray-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary"
      >
        <span className="w-[4.5rem] shrink-0 text-xs text-gray-700 tabular-nums">
          <span className="block font-semibold">{formatTime(e.startMs, timeZone)}</span>
          <span className="block text-muted">{formatTime(e.endMs, timeZone)}</span>
        </span>
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-medium text-gray-900">
            #{e.taskNumber} {e.name}
          </span>
          <span className="block truncate text-xs text-muted">{e.customer.name}</span>
          <span className="mt-1 flex min-w-0 items-center gap-2">
            {/* The status never gives way to the plan's name: the name is the one cut short. */}
            <span className="shrink-0">
              <TaskStatusBadge status={e.status} label={e.displayStatus} />
            </span>
            {e.plan ? (
              <span className="inline-flex min-w-0 items-center gap-1 text-xs text-primary-hover">
                <PlanMark plan={e.plan} />
                <span className="truncate">{e.plan.name}</span>
              </span>
            ) : null}
          </span>
        </span>
      </button>
      {onReschedule ? (
        <div className="flex shrink-0 items-center pr-2">
          <Button variant="secondary" size="sm" aria-label={`Re-schedule task #${e.taskNumber}`} onClick={() => onReschedule(e)}>
            <CalendarClock size={14} aria-hidden="true" /> <span className="sr-only sm:not-sr-only">Re-schedule</span>
          </Button>
        </div>
      ) : null}
    </li>
  );
}
