import { Link } from '@tanstack/react-router';
import { MapPin, Phone } from 'lucide-react';
import { mapsUrl, nextTaskAction, telHref, type MyDayAction, type MyDayTask } from '@fieldwork/domain/tasks/my-day.schemas';
import type { QueuedAction } from '@fieldwork/domain/offline/offline-queue.rules';
import { Button } from '../../components/button';
import { KeptBadge } from '../../shared/offline/kept-badge';
import { formatTime } from '../../lib/format';
import { ElapsedTime } from '../../shared/clock/elapsed-time';
import { OnMyWayButton } from '../../shared/tasks/on-my-way-dialog';
import { TaskStatusBadge, taskNumberText } from '../../shared/tasks/task-status-badge';

export const ACTION_LABELS: Record<MyDayAction, string> = { clockIn: 'Clock in', clockOut: 'Clock out', close: 'Close' };

/** "9:00 AM – 11:00 AM" in the company's zone; the actual end once there is one. */
export function timeRange(task: Pick<MyDayTask, 'taskScheduler'>, timeZone: string): string {
  const s = task.taskScheduler;
  if (!s) return 'Unscheduled';
  const end = s.endDateTime ?? s.expectedEndDateTime;
  return end ? `${formatTime(s.startDateTime, timeZone)} – ${formatTime(end, timeZone)}` : formatTime(s.startDateTime, timeZone);
}

type Props = {
  task: MyDayTask;
  timeZone: string;
  /** This task's action is in flight: its button shows progress. */
  busy: boolean;
  /** Some action is in flight: no button takes a tap until it has answered (no double submit). */
  locked: boolean;
  onAction: (action: MyDayAction, task: MyDayTask) => void;
  /** Actions on this task kept on the phone, not yet accepted by the server. */
  kept?: readonly Pick<QueuedAction, 'state'>[];
};

/** One task of the day on a phone: when, what, where (map), whom to call, the live timer and the one next step. */
export function MyDayCard({ task, timeZone, busy, locked, onAction, kept = [] }: Props) {
  const next = nextTaskAction(task);
  const running = task.workPeriods.some((p) => p.endTime === null);
  const showTimer = task.actions.elapsedTime.visible && task.workPeriods.length > 0;
  const reasonId = `my-day-reason-${task.id}`;
  return (
    <li className="rounded-lg border border-border bg-white p-4 shadow-sm" aria-label={`Task ${taskNumberText(task.taskNumber)} ${task.name}`}>
      <div className="flex items-start justify-between gap-3">
        <p className="text-sm font-medium text-muted tabular-nums">{timeRange(task, timeZone)}</p>
        <TaskStatusBadge status={task.status} label={task.displayStatus} />
      </div>
      <h3 className="mt-1 text-base font-semibold text-gray-900">
        {/* The whole task (job, customer, notes, work time) is one tap away, and readable offline too. */}
        <Link to="/workorder/scheduler/view/$taskId" params={{ taskId: task.id }} className="underline-offset-2 hover:underline">
          <span className="text-muted">{taskNumberText(task.taskNumber)}</span> {task.name}
        </Link>
      </h3>
      <p className="text-sm text-muted">
        {task.customer.name} · Job #{task.job.jobNumber}
      </p>
      <KeptBadge kept={kept} className="mt-1 block" />

      <div className="mt-3 space-y-2 text-sm">
        {task.siteAddressText ? (
          <a
            href={mapsUrl(task.siteAddressText)}
            target="_blank"
            rel="noopener noreferrer"
            className="flex min-h-11 items-center gap-2 text-primary underline-offset-2 hover:underline"
          >
            <MapPin size={18} aria-hidden="true" className="shrink-0" />
            <span>{task.siteAddressText}</span>
          </a>
        ) : (
          <p className="flex items-center gap-2 text-muted">
            <MapPin size={18} aria-hidden="true" /> No site address
          </p>
        )}
        {task.contact ? (
          <a href={telHref(task.contact.phone)} className="flex min-h-11 items-center gap-2 text-primary underline-offset-2 hover:underline">
            <Phone size={18} aria-hidden="true" className="shrink-0" />
            <span>Call {task.contact.name}</span>
            <span className="text-muted">{task.contact.phone}</span>
          </a>
        ) : null}
        {showTimer ? (
          <div className="flex items-center gap-2" data-testid="my-day-timer">
            <ElapsedTime periods={task.workPeriods} running={running} compact={!running} />
          </div>
        ) : null}
      </div>

      {next ? (
        <div className="mt-4">
          <Button
            className="h-12 w-full text-base"
            variant={next.action === 'close' ? 'secondary' : 'primary'}
            disabled={!next.allowed || locked}
            loading={busy}
            title={next.reason ?? undefined}
            aria-describedby={next.reason ? reasonId : undefined}
            onClick={() => {
              if (!busy && !locked && next.allowed) onAction(next.action, task);
            }}
          >
            {ACTION_LABELS[next.action]}
          </Button>
          {next.reason ? (
            <p id={reasonId} className="mt-1 text-center text-xs text-muted">
              {next.reason}
            </p>
          ) : null}
        </div>
      ) : null}
      {task.actions.onMyWay.allowed ? <OnMyWayButton taskId={task.id} className="mt-2 h-11 w-full" /> : null}
    </li>
  );
}
