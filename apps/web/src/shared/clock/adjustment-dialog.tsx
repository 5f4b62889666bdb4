import { useId, useState, type FormEvent } from 'react';
import { Clock } from 'lucide-react';
import { adjustedStartError, type ClockActivity } from '@fieldwork/domain/tasks/clock.schemas';
import { fromZonedInput, toZonedInput } from '@fieldwork/domain/time/schedule-time.rules';
import type { Task } from '@fieldwork/domain/tasks/tasks.schemas';
import { Button } from '../../components/button';
import { FormDialog } from '../../components/form-dialog';
import { isTime24, Time24Input, TIME_24_MESSAGE } from '../../components/time-24-input';
import { controlClass } from '../../components/input';
import { formatDateTime } from '../../lib/format';
import { taskNumberText } from '../tasks/task-status-badge';
import { useAdjustClockIn, useOnce } from './use-clock-actions';
import { dayIn } from '@fieldwork/domain/time/zoned-day.rules';

export const START_REQUIRED = 'Start date and time are required.';

type RunningPeriod = Pick<ClockActivity, 'id' | 'startTime' | 'user'>;

export type AdjustmentDialogProps = {
  task: Pick<Task, 'id' | 'taskNumber' | 'name'>;
  /** The running work period to correct; null keeps the dialog closed. */
  activity: RunningPeriod | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  timeZone: string;
};

/** Corrects the start of someone's running clock-in: not in the future, not before the allowed window. */
export function AdjustmentDialog({ task, activity, open, onOpenChange, timeZone }: AdjustmentDialogProps) {
  if (!open || !activity) return null;
  return <AdjustmentForm key={activity.id} task={task} activity={activity} onOpenChange={onOpenChange} timeZone={timeZone} />;
}

function AdjustmentForm({ task, activity, onOpenChange, timeZone }: Omit<AdjustmentDialogProps, 'open' | 'activity'> & { activity: RunningPeriod }) {
  const formId = useId();
  const initial = toZonedInput(activity.startTime, timeZone);
  const [date, setDate] = useState(initial.slice(0, 10));
  const [time, setTime] = useState(initial.slice(11, 16));
  const [error, setError] = useState<string>();
  const adjust = useAdjustClockIn(task.id, activity.id, () => onOpenChange(false));
  const once = useOnce();
  const pending = adjust.isPending;
  const today = dayIn(new Date(), timeZone);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (pending) return;
    const start = fromZonedInput(`${date}T${time}`, timeZone);
    const problem = !isTime24(time) ? TIME_24_MESSAGE : start ? adjustedStartError(start, new Date()) : START_REQUIRED;
    setError(problem ?? undefined);
    if (problem || !start) return;
    once((done) => adjust.mutate({ startDateTime: start }, { onSettled: done }));
  };

  const errorId = `${formId}-error`;
  return (
    <FormDialog
      title="Adjust clock-in"
      description={`Task ${taskNumberText(task.taskNumber)} · ${task.name}`}
      onClose={() => onOpenChange(false)}
      formId={formId}
      submitLabel="Save"
      pending={pending}
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-2">
        <fieldset className="space-y-1.5" aria-describedby={error ? errorId : undefined}>
          <legend className="text-sm font-medium text-gray-900">Clock-in date and time</legend>
          <div className="grid grid-cols-2 gap-2">
            <input
              type="date"
              aria-label="Clock-in date"
              autoFocus
              value={date}
              max={today}
              disabled={pending}
              aria-invalid={Boolean(error) || undefined}
              onChange={(e) => setDate(e.target.value)}
              className={controlClass(Boolean(error), 'h-9')}
            />
            <Time24Input aria-label="Clock-in time" value={time} disabled={pending} invalid={Boolean(error)} onChange={setTime} />
          </div>
          <p className="text-xs text-muted">
            {activity.user ? `${activity.user.username} clocked in at ${formatDateTime(activity.startTime, timeZone)}.` : null} 24-hour time; not later than
            now.
          </p>
          {error ? (
            <p id={errorId} role="alert" className="text-xs font-medium text-danger">
              {error}
            </p>
          ) : null}
        </fieldset>
      </form>
    </FormDialog>
  );
}

export type AdjustmentNoticeProps = {
  technician: string;
  since: string;
  timeZone: string;
  onAdjust: () => void;
  onClockOut: () => void;
};

/** The adjustment popup's notice on the task page: who is clocked in since when, and what the office can do. */
export function AdjustmentNotice({ technician, since, timeZone, onAdjust, onClockOut }: AdjustmentNoticeProps) {
  return (
    <section
      aria-label="Clocked in"
      className="flex flex-col gap-3 rounded-lg border border-green-200 bg-success-soft p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="flex items-start gap-2 text-sm text-gray-900">
        <Clock size={16} aria-hidden="true" className="mt-0.5 shrink-0 text-success" />
        <span>
          {technician} is clocked in on this task since {formatDateTime(since, timeZone)}
        </span>
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={onAdjust}>
          Adjust clock-in
        </Button>
        <Button size="sm" onClick={onClockOut}>
          Clock out on their behalf
        </Button>
      </div>
    </section>
  );
}
