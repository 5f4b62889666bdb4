import { useEffect, useState, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { CalendarClock, CheckCircle2, Gavel, Pencil, RotateCcw, Trash2 } from 'lucide-react';
import type { Task, TaskActivity } from '@fieldwork/domain/tasks.schemas';
import { hmsText, INVALID_DATES_TEXT, timeSpentSeconds } from '@fieldwork/domain/time-spent';
import { Button, buttonClass } from '../../components/button';

type ActionState = { visible: boolean; allowed: boolean; reason: string | null };

/** "Time Elapsed - Clocked-in Task" while a period runs (ticking each second), otherwise "Total Time Spent". */
function TimeSpent({ activities }: { activities: readonly TaskActivity[] }) {
  const running = activities.some((a) => a.endTime === null);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  const seconds = timeSpentSeconds(activities, now);
  if (seconds === null) return <p className="text-sm text-red-700">{INVALID_DATES_TEXT}</p>;
  return (
    <p className="text-sm text-muted">
      {running ? 'Time Elapsed - Clocked-in Task' : 'Total Time Spent'}:{' '}
      <span className="font-semibold text-gray-900 tabular-nums">{hmsText(seconds)}</span>
    </p>
  );
}

export type TaskActionBarProps = {
  task: Task;
  activities: readonly TaskActivity[];
  onDelete: () => void;
  onClose: () => void;
  onReopen: () => void;
  /** Opens the Assign/Schedule sheet. */
  /** Opens the Assign/Schedule sheet; `true` opens it on Request Bids from Subcontractors. */
  onSchedule: (requestBids?: boolean) => void;
};

/** "Assign & Schedule" for an unscheduled or unassigned task, "Re-Schedule" for a scheduled and assigned one. */
export function scheduleActionLabel(task: Pick<Task, 'taskScheduler' | 'assignedTo'>): string {
  return task.taskScheduler === null || task.assignedTo === 'NONE' ? 'Assign & Schedule' : 'Re-Schedule';
}

function ActionButton({ state, label, onClick, variant, icon }: { state: ActionState; label: string; onClick: () => void; variant: 'primary' | 'secondary' | 'danger'; icon: ReactNode }) {
  if (!state.visible) return null;
  return (
    <Button variant={variant} onClick={onClick} disabled={!state.allowed} title={state.reason ?? undefined}>
      {icon} {label}
    </Button>
  );
}

/**
 * The task page's footer: exactly the actions the API says this viewer has on this task, disabled with
 * the reason when shown but not allowed, and the time spent when the viewer may see it.
 */
export function TaskActionBar({ task, activities, onDelete, onClose, onReopen, onSchedule }: TaskActionBarProps) {
  const a = task.actions;
  const anything = [a.edit, a.cancel, a.close, a.reopen, a.elapsedTime].some((s) => s.visible);
  if (!anything) return null;
  return (
    <div role="toolbar" aria-label="Task actions" className="fixed inset-x-0 bottom-0 z-20 border-t border-border bg-white px-4 py-3 lg:left-56">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">{a.elapsedTime.visible ? <TimeSpent activities={activities} /> : null}</div>
        <div className="flex flex-wrap justify-end gap-2">
          {a.edit.visible ? (
            a.edit.allowed ? (
              <Link to="/workorder/tasks/$taskId/edit" params={{ taskId: task.id }} className={buttonClass('secondary')}>
                <Pencil size={14} aria-hidden="true" /> Edit
              </Link>
            ) : (
              <Button variant="secondary" disabled title={a.edit.reason ?? undefined}>
                <Pencil size={14} aria-hidden="true" /> Edit
              </Button>
            )
          ) : null}
          {a.edit.allowed ? (
            <Button variant="secondary" onClick={() => onSchedule()}>
              <CalendarClock size={14} aria-hidden="true" /> {scheduleActionLabel(task)}
            </Button>
          ) : null}
          {a.edit.allowed && task.assignedTo === 'NONE' ? (
            <Button variant="secondary" onClick={() => onSchedule(true)}>
              <Gavel size={14} aria-hidden="true" /> Request Bids
            </Button>
          ) : null}
          <ActionButton state={a.cancel} label="Delete" variant="danger" onClick={onDelete} icon={<Trash2 size={14} aria-hidden="true" />} />
          <ActionButton state={a.reopen} label="Reopen" variant="secondary" onClick={onReopen} icon={<RotateCcw size={14} aria-hidden="true" />} />
          <ActionButton state={a.close} label="Close" variant="primary" onClick={onClose} icon={<CheckCircle2 size={14} aria-hidden="true" />} />
        </div>
      </div>
    </div>
  );
}
