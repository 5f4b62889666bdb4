import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CLOCK_MESSAGES, clockOutEndError } from '@fieldwork/domain/tasks/clock.schemas';
import { fromZonedInput, toZonedInput } from '@fieldwork/domain/time/schedule-time.rules';
import { TASK_DESCRIPTION_MAX, type TaskListItem } from '@fieldwork/domain/tasks/tasks.schemas';
import { Button } from '../../components/button';
import { FormDialog } from '../../components/form-dialog';
import { isTime24, Time24Input, TIME_24_MESSAGE } from '../../components/time-24-input';
import { Field } from '../../components/field';
import { controlClass } from '../../components/input';
import { SkeletonRows } from '../../components/skeleton';
import { Textarea } from '../../components/textarea';
import { useAuth } from '../../lib/auth-context';
import { taskNumberText } from '../tasks/task-status-badge';
import { clockApi, clockKeys, runningActivity } from '../../features/clock/clock.api';
import { ClockOutSuccessDialog } from './clock-out-success-dialog';
import { useClockOut, useOnce } from './use-clock-actions';
import { dayIn } from '@fieldwork/domain/time/zoned-day.rules';
import { queuedRunningStart } from '@fieldwork/domain/offline/queued-task.rules';
import { useQueuedActions } from '../offline/use-action-queue';

export const END_REQUIRED = 'End date and time are required.';

export type ClockOutDialogTask = Pick<TaskListItem, 'id' | 'jobId' | 'taskNumber' | 'name'>;

export type ClockOutDialogProps = {
  task: ClockOutDialogTask | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called after a successful clock-out, before the "Add Costs" question. */
  onDone?: () => void;
};

/** How the end date and time show for this viewer: hidden for technicians, editable only with full access. */
export type EndMode = 'hidden' | 'readOnly' | 'editable';

/**
 * The Clock-Out dialog: loads the running work period itself, asks for a description and (for office users)
 * shows the end, then offers "Add Costs". It stays mounted for that question after the parent closes it.
 */
export function ClockOutDialog({ task, open, onOpenChange, onDone }: ClockOutDialogProps) {
  const [finished, setFinished] = useState<{ id: string; jobId: string } | null>(null);
  return (
    <>
      {open && task ? (
        <ClockOutForm
          key={task.id}
          task={task}
          onOpenChange={onOpenChange}
          onSuccess={(queued) => {
            // Kept on the phone: costs are added once the office has the clock-out, so no "Add Costs" question yet.
            if (!queued) setFinished({ id: task.id, jobId: task.jobId });
            onOpenChange(false);
            onDone?.();
          }}
        />
      ) : null}
      <ClockOutSuccessDialog task={finished} onClose={() => setFinished(null)} />
    </>
  );
}

type FormProps = { task: ClockOutDialogTask; onOpenChange: (open: boolean) => void; onSuccess: (queued: boolean) => void };

function ClockOutForm({ task, onOpenChange, onSuccess }: FormProps) {
  const formId = useId();
  const auth = useAuth();
  const tz = auth.session.company.timeZone;
  const mode: EndMode = auth.viewerClass === 'technician' ? 'hidden' : auth.viewerClass === 'admin' ? 'editable' : 'readOnly';
  const [opened] = useState(() => toZonedInput(new Date().toISOString(), tz));
  const [description, setDescription] = useState('');
  const [date, setDate] = useState(opened.slice(0, 10));
  const [time, setTime] = useState(opened.slice(11, 16));
  const [errors, setErrors] = useState<{ description?: string; end?: string }>({});
  const activities = useQuery({ queryKey: clockKeys.activities(task.id), queryFn: () => clockApi.activities(task.id) });
  // A clock-in kept on the phone (offline) is the running period until the server has it.
  const queuedStart = queuedRunningStart(useQueuedActions(), task.id);
  const running = queuedStart ? { id: null, startTime: queuedStart } : runningActivity(activities.data);
  const clockOut = useClockOut(task, onSuccess);
  const once = useOnce();
  const pending = clockOut.isPending;
  const today = dayIn(new Date(), tz);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (pending || !running) return;
    const next: typeof errors = {};
    if (!description.trim()) next.description = CLOCK_MESSAGES.descriptionRequired;
    // The end is sent only when a full-access user changed it; otherwise the server takes "now".
    const changed = mode === 'editable' && `${date}T${time}` !== opened;
    const end = changed ? fromZonedInput(`${date}T${time}`, tz) : null;
    if (changed) next.end = !isTime24(time) ? TIME_24_MESSAGE : end ? (clockOutEndError(end, running.startTime, new Date()) ?? undefined) : END_REQUIRED;
    setErrors(next);
    if (next.description || next.end) return;
    const body = {
      taskId: task.id,
      ...(running.id ? { taskActivityId: running.id } : {}),
      jobId: task.jobId,
      description: description.trim(),
      ...(end ? { endDateTime: end } : {}),
    };
    once((done) => clockOut.mutate(body, { onSettled: done }));
  };

  const loadFailed = !running && (activities.isError || activities.isSuccess);
  return (
    <FormDialog
      title="Clock out"
      description={`Task ${taskNumberText(task.taskNumber)} · ${task.name}`}
      onClose={() => onOpenChange(false)}
      formId={formId}
      submitLabel="Clock out"
      pending={pending}
      submitDisabled={!running || !description.trim()}
    >
      {activities.isLoading && !running ? (
        <SkeletonRows rows={2} label="Loading the running work period" />
      ) : loadFailed ? (
        <div role="alert" className="space-y-3 text-sm text-danger">
          <p>{CLOCK_MESSAGES.activityLoadFailed}</p>
          <Button variant="secondary" size="sm" onClick={() => void activities.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <form id={formId} onSubmit={submit} noValidate className="space-y-4">
          <Field label="Description" required error={errors.description}>
            <Textarea
              value={description}
              autoFocus
              disabled={pending}
              maxLength={TASK_DESCRIPTION_MAX}
              placeholder="What was done"
              onChange={(e) => setDescription(e.target.value)}
              // Enter submits; Shift+Enter starts a new line.
              onKeyDown={(e) => {
                if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                  e.preventDefault();
                  e.currentTarget.form?.requestSubmit();
                }
              }}
            />
          </Field>
          {mode === 'hidden' ? null : (
            <fieldset className="space-y-1.5" aria-describedby={errors.end ? `${formId}-end-error` : undefined}>
              <legend className="text-sm font-medium text-gray-900">End date and time</legend>
              <div className="grid grid-cols-2 gap-2">
                <input
                  type="date"
                  aria-label="End date"
                  value={date}
                  max={today}
                  disabled={mode !== 'editable' || pending}
                  aria-invalid={Boolean(errors.end) || undefined}
                  onChange={(e) => setDate(e.target.value)}
                  className={controlClass(Boolean(errors.end), 'h-9')}
                />
                <Time24Input aria-label="End time" value={time} disabled={mode !== 'editable' || pending} invalid={Boolean(errors.end)} onChange={setTime} />
              </div>
              <p className="text-xs text-muted">
                {mode === 'editable' ? '24-hour time; not later than now.' : 'Only a user with full access can change the end.'}
              </p>
              {errors.end ? (
                <p id={`${formId}-end-error`} role="alert" className="text-xs font-medium text-danger">
                  {errors.end}
                </p>
              ) : null}
            </fieldset>
          )}
        </form>
      )}
    </FormDialog>
  );
}
