import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { allDayRange, fromZonedInput } from '@fieldwork/domain/time/schedule-time.rules';
import { timeOffBody, type TimeOffBody } from '@fieldwork/domain/scheduling/scheduling.schemas';
import { Checkbox } from '../../components/checkbox';
import { DateTimePicker } from '../../components/date-time-picker';
import { Field } from '../../components/field';
import { FormAlert } from '../../components/form-alert';
import { FormDialog } from '../../components/form-dialog';
import { Label } from '../../components/label';
import { Textarea } from '../../components/textarea';
import { TIME_OFF_TOASTS, timeOffApi, timeOffKeys } from '../../features/time-off/time-off.api';

export type TimeOffDraft = { start: string; end: string; allDay: boolean; reason: string };
type DraftErrors = Partial<Record<'start' | 'end' | 'reason', string>>;

/** The draft (wall clock of the company zone) as the API body, or the field messages the domain would give. */
export function timeOffFromDraft(userId: string, draft: TimeOffDraft, timeZone: string): { body: TimeOffBody } | { errors: DraftErrors } {
  const errors: DraftErrors = {};
  const startIso = fromZonedInput(draft.start, timeZone);
  const endIso = fromZonedInput(draft.end, timeZone);
  if (!startIso) errors.start = 'Start date-time is required.';
  if (!endIso) errors.end = 'End date-time is required.';
  const reason = draft.reason.trim();
  const parsed = timeOffBody.safeParse({ userId, startDateTime: startIso ?? '', endDateTime: endIso ?? '', ...(reason ? { reason } : {}) });
  if (parsed.success && !errors.start && !errors.end) return { body: parsed.data };
  for (const issue of parsed.error?.issues ?? []) {
    const key = issue.path[0] === 'endDateTime' ? 'end' : issue.path[0] === 'startDateTime' ? 'start' : issue.path[0] === 'reason' ? 'reason' : null;
    if (key && !errors[key]) errors[key] = issue.message;
  }
  return { errors };
}

export type AddTimeOffDialogProps = { userId: string; userName: string; timeZone: string; onClose: () => void };

/** "Add time off" for one technician: start/end in the company zone, or all day; the server checks task clashes. */
export function AddTimeOffDialog({ userId, userName, timeZone, onClose }: AddTimeOffDialogProps) {
  const formId = useId();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<TimeOffDraft>({ start: '', end: '', allDay: false, reason: '' });
  const [errors, setErrors] = useState<DraftErrors>({});
  const create = useMutation({
    mutationFn: (body: TimeOffBody) => timeOffApi.create(body),
    onSuccess: async () => {
      toast.success(TIME_OFF_TOASTS.added);
      onClose();
      await Promise.all([queryClient.invalidateQueries({ queryKey: timeOffKeys.all }), queryClient.invalidateQueries({ queryKey: ['scheduling'] })]);
    },
  });

  const update = (patch: Partial<TimeOffDraft>) => {
    const next = { ...draft, ...patch };
    const day = next.allDay ? allDayRange(next.start) : null;
    setDraft(day ? { ...next, start: day.start, end: day.end } : next);
    setErrors({});
    create.reset();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const result = timeOffFromDraft(userId, draft, timeZone);
    if ('errors' in result) return setErrors(result.errors);
    create.mutate(result.body);
  };

  return (
    <FormDialog
      title="Add time off"
      description={`Block ${userName}'s time so no task can be scheduled then.`}
      onClose={onClose}
      formId={formId}
      submitLabel="Add time off"
      pending={create.isPending}
    >
      <form id={formId} noValidate onSubmit={submit} className="space-y-4">
        <FormAlert error={create.error} />
        <Field label="Start" required error={errors.start}>
          {(c) => (
            <DateTimePicker
              id={c.id}
              label="Start"
              value={draft.start}
              invalid={c.invalid}
              defaultTime={draft.allDay ? '00:00' : '09:00'}
              onChange={(start) => update({ start })}
            />
          )}
        </Field>
        <Field label="End" required error={errors.end}>
          {(c) => (
            <DateTimePicker
              id={c.id}
              label="End"
              value={draft.end}
              invalid={c.invalid}
              disabled={draft.allDay}
              min={draft.start || undefined}
              defaultTime="17:00"
              onChange={(end) => update({ end })}
            />
          )}
        </Field>
        <div className="flex items-center gap-2">
          <Checkbox id={`${formId}-all-day`} checked={draft.allDay} onCheckedChange={(allDay) => update({ allDay })} />
          <Label htmlFor={`${formId}-all-day`}>All day</Label>
        </div>
        <Field label="Reason" error={errors.reason} hint="Optional, up to 200 characters.">
          <Textarea value={draft.reason} onChange={(e) => update({ reason: e.target.value })} rows={2} />
        </Field>
      </form>
    </FormDialog>
  );
}
