import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { CalendarClock, CheckCircle2, DollarSign, Gavel, LogIn, LogOut, Pencil, ReceiptText, RotateCcw, Trash2 } from 'lucide-react';
import type { Task, TaskActivity } from '@fieldwork/domain/tasks/tasks.schemas';
import { Button, buttonClass } from '../../components/button';
import { OnMyWayButton } from '../../shared/tasks/on-my-way-dialog';
import { ElapsedTime } from '../../shared/clock/elapsed-time';

type ActionState = { visible: boolean; allowed: boolean; reason: string | null };

export type TaskActionBarProps = {
  task: Task;
  activities: readonly TaskActivity[];
  onDelete: () => void;
  onClose: () => void;
  onReopen: () => void;
  onClockIn: () => void;
  onClockOut: () => void;
  /** Opens the Assign/Schedule sheet; `true` opens it on Request Bids from Subcontractors. */
  onSchedule: (requestBids?: boolean) => void;
};

/** "Assign & Schedule" for an unscheduled or unassigned task, "Re-Schedule" for a scheduled and assigned one. */
export function scheduleActionLabel(task: Pick<Task, 'taskScheduler' | 'assignedTo'>): string {
  return task.taskScheduler === null || task.assignedTo === 'NONE' ? 'Assign & Schedule' : 'Re-Schedule';
}

function ActionButton({
  state,
  label,
  onClick,
  variant,
  icon,
}: {
  state: ActionState;
  label: string;
  onClick: () => void;
  variant: 'primary' | 'secondary' | 'danger';
  icon: ReactNode;
}) {
  if (!state.visible) return null;
  return (
    <Button variant={variant} onClick={onClick} disabled={!state.allowed} title={state.reason ?? undefined}>
      {icon} {label}
    </Button>
  );
}

/** Add Cost and View Cost leave the task page: links when allowed, disabled buttons with the reason otherwise. */
function CostLink({ state, label, icon, link }: { state: ActionState; label: string; icon: ReactNode; link: ReactNode }) {
  if (!state.visible) return null;
  if (state.allowed) return link;
  return (
    <Button variant="secondary" disabled title={state.reason ?? undefined}>
      {icon} {label}
    </Button>
  );
}

/**
 * The task page's footer: exactly the actions the API says this viewer has on this task, disabled with
 * the reason when shown but not allowed, and the time spent when the viewer may see it.
 */
export function TaskActionBar({ task, activities, onDelete, onClose, onReopen, onClockIn, onClockOut, onSchedule }: TaskActionBarProps) {
  const a = task.actions;
  const anything = [a.edit, a.cancel, a.close, a.reopen, a.clockIn, a.clockOut, a.addCost, a.viewCost, a.elapsedTime, a.onMyWay].some((s) => s.visible);
  const running = activities.some((p) => p.endTime === null);
  if (!anything) return null;
  return (
    <div role="toolbar" aria-label="Task actions" className="fixed inset-x-0 bottom-0 z-20 border-t border-border bg-white px-4 py-3 lg:left-56">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">{a.elapsedTime.visible ? <ElapsedTime periods={activities} running={running} /> : null}</div>
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
          <CostLink
            state={a.addCost}
            label="Add Cost"
            icon={<DollarSign size={14} aria-hidden="true" />}
            link={
              <Link to="/workorder/task-details/actual-costs" search={{ taskId: task.id, jobId: task.jobId }} className={buttonClass('secondary')}>
                <DollarSign size={14} aria-hidden="true" /> Add Cost
              </Link>
            }
          />
          <CostLink
            state={a.viewCost}
            label="View Cost"
            icon={<ReceiptText size={14} aria-hidden="true" />}
            link={
              <Link to="/workorder/jobs/$id/all-costs" params={{ id: task.jobId }} search={{ taskId: task.id }} className={buttonClass('secondary')}>
                <ReceiptText size={14} aria-hidden="true" /> View Cost
              </Link>
            }
          />
          <ActionButton state={a.cancel} label="Delete" variant="danger" onClick={onDelete} icon={<Trash2 size={14} aria-hidden="true" />} />
          <ActionButton state={a.reopen} label="Reopen" variant="secondary" onClick={onReopen} icon={<RotateCcw size={14} aria-hidden="true" />} />
          <ActionButton state={a.close} label="Close" variant="primary" onClick={onClose} icon={<CheckCircle2 size={14} aria-hidden="true" />} />
          {a.onMyWay.allowed ? <OnMyWayButton taskId={task.id} /> : null}
          <ActionButton state={a.clockIn} label="Clock in" variant="primary" onClick={onClockIn} icon={<LogIn size={14} aria-hidden="true" />} />
          <ActionButton state={a.clockOut} label="Clock out" variant="primary" onClick={onClockOut} icon={<LogOut size={14} aria-hidden="true" />} />
        </div>
      </div>
    </div>
  );
}
