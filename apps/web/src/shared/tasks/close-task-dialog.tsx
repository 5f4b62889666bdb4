import { useState } from 'react';
import { fromZonedInput, toZonedInput } from '@fieldwork/domain/time/schedule-time.rules';
import { TASK_MESSAGES, closeTaskBody, type Task, type TaskActivity } from '@fieldwork/domain/tasks/tasks.schemas';
import { Button } from '../../components/button';
import { Checkbox } from '../../components/checkbox';
import { Dialog } from '../../components/dialog';
import { Field } from '../../components/field';
import { Input } from '../../components/input';
import { useIdempotencyKey } from '../../lib/idempotency';
import { taskNumberText } from './task-status-badge';
import { useCloseTask } from './use-task-mutations';

export const CLOSE_TASK_CHECK = 'All the invoices are received and media has been received?';
export const END_REQUIRED = 'End date-time is required.';

type Errors = { start?: string; end?: string };

/** When the work ran: the recorded periods if any, else the schedule; the end never later than now. */
export function closeDefaults(task: Task, activities: readonly TaskActivity[], now: Date): { start: string | null; end: string } {
  const first = activities[0]?.startTime ?? null;
  const last = activities.at(-1)?.endTime ?? null;
  const start = first ?? task.taskScheduler?.startDateTime ?? null;
  const planned = last ?? task.taskScheduler?.expectedEndDateTime ?? null;
  const end = planned && new Date(planned).getTime() <= now.getTime() ? planned : now.toISOString();
  return { start, end };
}

export function validateClose(
  task: Pick<Task, 'id'>,
  start: string | null,
  end: string | null,
  now: Date,
): { errors: Errors } | { body: { taskId: string; startDateTime: string; endDateTime: string } } {
  const errors: Errors = {};
  if (!start) errors.start = TASK_MESSAGES.startRequired;
  if (!end) errors.end = END_REQUIRED;
  else if (new Date(end).getTime() > now.getTime() + 60_000) errors.end = TASK_MESSAGES.endInFuture;
  if (errors.start || errors.end || !start || !end) return { errors };
  const parsed = closeTaskBody.safeParse({ taskId: task.id, startDateTime: start, endDateTime: end });
  if (!parsed.success) return { errors: { end: parsed.error.issues[0]?.message } };
  return { body: parsed.data };
}

export type CloseTaskDialogProps = {
  task: Task;
  activities: readonly TaskActivity[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  timeZone: string;
};

/** Spec: start and end both required; the start is editable only while the task is OPEN; the checklist box is checked and read-only. */
export function CloseTaskDialog({ task, activities, open, onOpenChange, timeZone }: CloseTaskDialogProps) {
  return open ? <CloseTaskForm task={task} activities={activities} onOpenChange={onOpenChange} timeZone={timeZone} /> : null;
}

function CloseTaskForm({ task, activities, onOpenChange, timeZone }: Omit<CloseTaskDialogProps, 'open'>) {
  const [defaults] = useState(() => closeDefaults(task, activities, new Date()));
  const [start, setStart] = useState(toZonedInput(defaults.start, timeZone));
  const [end, setEnd] = useState(toZonedInput(defaults.end, timeZone));
  const [errors, setErrors] = useState<Errors>({});
  const close = useCloseTask(() => onOpenChange(false));
  // One key per close attempt, reused when the same close is retried after an unknown outcome (slow connection).
  const idempotency = useIdempotencyKey();
  const startEditable = task.status === 'OPEN';
  const nowLocal = toZonedInput(new Date().toISOString(), timeZone);

  const submit = () => {
    const result = validateClose(task, fromZonedInput(start, timeZone), fromZonedInput(end, timeZone), new Date());
    if ('errors' in result) return setErrors(result.errors);
    setErrors({});
    if (close.isPending) return;
    close.mutate(
      { ...result.body, idempotencyKey: idempotency.keyFor(result.body), summary: `Close task ${taskNumberText(task.taskNumber)} · ${task.name}` },
      { onSettled: (_data, error) => idempotency.settled(error ?? undefined) },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      title="Close task"
      description={`Task ${taskNumberText(task.taskNumber)} · ${task.name}`}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={close.isPending}>
            Cancel
          </Button>
          <Button onClick={submit} loading={close.isPending}>
            Close Task
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Start" required error={errors.start} hint={startEditable ? undefined : 'The start is fixed once work has begun.'}>
            <Input
              type="datetime-local"
              value={start}
              max={nowLocal}
              readOnly={!startEditable}
              disabled={!startEditable}
              onChange={(e) => setStart(e.target.value)}
            />
          </Field>
          <Field label="End" required error={errors.end}>
            <Input type="datetime-local" value={end} min={start || undefined} max={nowLocal} onChange={(e) => setEnd(e.target.value)} />
          </Field>
        </div>
        <div className="flex items-start gap-2">
          <Checkbox id="close-task-check" checked disabled onCheckedChange={() => undefined} className="mt-0.5" />
          <label htmlFor="close-task-check" className="text-sm text-gray-900">
            {CLOSE_TASK_CHECK}
          </label>
        </div>
      </div>
    </Dialog>
  );
}
