import type { DragEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { CalendarClock, GripVertical, User } from 'lucide-react';
import { dayKeyOf, ordinalDay, rangeLabel } from '@fieldwork/domain/time/calendar-time.rules';
import { isSchedulable } from '@fieldwork/domain/scheduling/scheduling.rules';
import type { TaskListItem } from '@fieldwork/domain/tasks/tasks.schemas';
import { Button, buttonClass } from '../../components/button';
import { cn } from '../../lib/cn';
import { TASK_DRAG_TYPE, beginDrag, endDrag, type DraggedTask } from './drag-state';

/** A task with a start but no expected end is shown as two hours long. */
const DEFAULT_DURATION_MS = 2 * 3_600_000;

/** What a card carries when dragged onto the board: enough to schedule it, or re-schedule it at its version. */
export function toDraggedTask(task: TaskListItem): DraggedTask {
  const s = task.taskScheduler;
  const start = s ? Date.parse(s.startDateTime) : NaN;
  const end = s?.expectedEndDateTime ? Date.parse(s.expectedEndDateTime) : NaN;
  const assignee =
    task.assignedTo === 'TECHNICIAN' && task.assignedUser
      ? { id: task.assignedUser.userId, type: 'TECHNICIAN' as const }
      : task.assignedTo === 'SUBCONTRACTOR' && task.assignedSubcontractor
        ? { id: task.assignedSubcontractor.id, type: 'SUBCONTRACTOR' as const }
        : null;
  return {
    taskId: task.id,
    taskNumber: task.taskNumber,
    name: task.name,
    scheduleId: s?.id ?? null,
    scheduleVersion: s?.version ?? null,
    // A schedule without an expected end keeps the default two hours rather than collapsing to nothing.
    durationMinutes: s ? Math.max(1, Math.round(((Number.isFinite(end) ? end : start + DEFAULT_DURATION_MS) - start) / 60_000)) : null,
    assignee,
  };
}

function scheduleText(task: TaskListItem, timeZone: string): string {
  const s = task.taskScheduler;
  if (!s) return 'Unscheduled';
  return rangeLabel(s.startDateTime, s.expectedEndDateTime ?? Date.parse(s.startDateTime) + DEFAULT_DURATION_MS, timeZone);
}

function assigneeName(task: TaskListItem): string | null {
  if (task.assignedTo === 'TECHNICIAN') return task.assignedUser?.username ?? null;
  if (task.assignedTo === 'SUBCONTRACTOR') return task.assignedSubcontractor?.name ?? null;
  return null;
}

export type TaskSheetCardProps = {
  task: TaskListItem;
  timeZone: string;
  canDrag: boolean;
  onAssign: (task: TaskListItem) => void;
};

export function TaskSheetCard({ task, timeZone, canDrag: mayDrag, onAssign }: TaskSheetCardProps) {
  const assignee = assigneeName(task);
  // Closed and cancelled tasks are never offered for scheduling: no drag onto the board, no Assign.
  const schedulable = isSchedulable(task.status);
  const canDrag = mayDrag && schedulable;
  const onDragStart = (e: DragEvent<HTMLElement>) => {
    e.dataTransfer.setData(TASK_DRAG_TYPE, JSON.stringify(toDraggedTask(task)));
    // Plain text too, so a drop outside the board (an editor, a chat) gets something readable.
    e.dataTransfer.setData('text/plain', `#${task.taskNumber} ${task.name}`);
    e.dataTransfer.effectAllowed = 'move';
    beginDrag();
  };

  return (
    <article
      data-sheet-task-id={task.id}
      aria-label={`Task #${task.taskNumber}`}
      draggable={canDrag || undefined}
      onDragStart={canDrag ? onDragStart : undefined}
      onDragEnd={canDrag ? () => endDrag() : undefined}
      className={cn('rounded-md border border-border bg-white p-3 shadow-sm', canDrag && 'cursor-grab active:cursor-grabbing')}
    >
      <div className="flex items-start gap-2">
        {canDrag ? <GripVertical size={16} aria-hidden="true" className="mt-0.5 shrink-0 text-gray-400" /> : null}
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium text-gray-900">
            <span className="text-muted">#{task.taskNumber}</span> {task.name}
          </p>
          <p className="text-xs text-muted">Created On {ordinalDay(dayKeyOf(task.createdAt, timeZone))}</p>
        </div>
        <Link to="/workorder/jobs/$id" params={{ id: task.job.id }} draggable={false} className="shrink-0 text-xs font-medium text-primary hover:underline">
          Job #{task.job.jobNumber}
        </Link>
      </div>
      <dl className="mt-2 space-y-1 text-xs text-gray-700">
        <div className="truncate">
          <dt className="sr-only">Customer</dt>
          <dd>{task.customer.name}</dd>
        </div>
        <div className="flex items-center gap-1.5">
          <dt>
            <CalendarClock size={14} aria-label="Schedule" className="text-gray-500" />
          </dt>
          <dd>{scheduleText(task, timeZone)}</dd>
        </div>
        {assignee ? (
          <div className="flex items-center gap-1.5">
            <dt>
              <User size={14} aria-label="Assigned to" className="text-gray-500" />
            </dt>
            <dd className="truncate">{assignee}</dd>
          </div>
        ) : null}
      </dl>
      <div className="mt-3 flex justify-end gap-2">
        <Link to="/workorder/scheduler/view/$taskId" params={{ taskId: task.id }} draggable={false} className={buttonClass('secondary', 'sm')}>
          View Task
        </Link>
        {/* The API's per-task rights (view-only users get no Assign) and the domain's rule (closed and cancelled tasks are never offered). */}
        {schedulable && task.actions.edit.allowed ? (
          <Button size="sm" onClick={() => onAssign(task)}>
            Assign
          </Button>
        ) : null}
      </div>
    </article>
  );
}
