import { useEffect, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { Controller, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { allDayRange, fromZonedInput } from '@fieldwork/domain/time/schedule-time.rules';
import { needsPastStartConfirmation, scheduleSubmitDisabled } from '@fieldwork/domain/scheduling/schedule-form.rules';
import { ASSIGN_TO_CHOICES, TASK_DESCRIPTION_MAX, TASK_NAME_MAX, type AssignToChoice } from '@fieldwork/domain/tasks/tasks.schemas';
import { Card } from '../../components/card';
import { Checkbox } from '../../components/checkbox';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Field } from '../../components/field';
import { FormActions } from '../../components/form-actions';
import { FormAlert } from '../../components/form-alert';
import { Input } from '../../components/input';
import { Textarea } from '../../components/textarea';
import { ApiError, isApiError } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { useServerFieldErrors } from '../../lib/use-server-field-errors';
import { cn } from '../../lib/cn';
import { endOrDefault, taskFieldOfMessage, taskResolver, type TaskFormMode, type TaskFormOutput, type TaskFormValues } from './task-form.schema';
import { JobSelect } from '../../shared/tasks/task-pickers';
import { SubcontractorPicker, TechnicianPicker } from '../../shared/scheduling/assignee-pickers';
import { scheduleFailure } from '../../shared/scheduling/schedule-failure';
import { dayIn } from '@fieldwork/domain/time/zoned-day.rules';

export const ASSIGN_LABELS: Record<AssignToChoice, string> = { TECHNICIAN: 'Technician', SUBCONTRACTOR: 'Subcontractor', LATER: 'Assign Later' };
export const ALL_DAY_LABEL = 'All day Task';

export type TaskFormProps = {
  mode: TaskFormMode;
  defaultValues: TaskFormValues;
  /** The job's name when already known (prefill or the task being edited), so the select reads right before lookups load. */
  known?: { jobLabel?: string };
  timeZone: string;
  /** The task being edited: its own schedule does not make its technician busy. */
  taskId?: string;
  onSubmit: (values: TaskFormOutput) => void;
  onCancel: () => void;
  pending: boolean;
  serverError: unknown;
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card title={title}>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </Card>
  );
}

export const PAST_START_TITLE = 'Start in the past?';
export const pastStartText = (when: string) => `This task starts on ${when}, which is in the past. Save it anyway?`;

/** A refused clash toasts the spec's "Technician has a conflicting schedule" and stays out of the form's alert. */
const isClash = (error: unknown) => isApiError(error) && error.code === 'SCHEDULE_CONFLICT';

export function TaskForm({ mode, defaultValues, known, timeZone, taskId, onSubmit, onCancel, pending, serverError }: TaskFormProps) {
  const form = useForm<TaskFormValues, unknown, TaskFormOutput>({ resolver: taskResolver(mode, timeZone), defaultValues });
  const { errors } = form.formState;
  const [start, end, allDay, assignTo] = useWatch({ control: form.control, name: ['start', 'end', 'allDay', 'assignTo'] });
  const [jobLabel, setJobLabel] = useState(known?.jobLabel ?? '');
  const [technicianId, subcontractorId] = useWatch({ control: form.control, name: ['assignedTechnicianId', 'assignedSubcontractorId'] });
  const [pastConfirm, setPastConfirm] = useState<TaskFormOutput | null>(null);
  const submitBlocked = scheduleSubmitDisabled(
    { hasStart: start !== '', assignTo, technicianId: technicianId || null, subcontractorId: subcontractorId || null },
    { reschedule: false, pending },
  );

  useEffect(() => {
    if (!isClash(serverError)) return;
    const { title, text } = scheduleFailure(serverError);
    toast.error(title, { description: text });
    form.setError('assignedTechnicianId', { type: 'server', message: text }, { shouldFocus: false });
  }, [serverError, form]);

  const set = (field: FieldPath<TaskFormValues>, value: string | boolean) =>
    form.setValue(field, value as never, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });

  // Server validation messages go under their inputs; the rest above the form.
  const unmatched = useServerFieldErrors(isClash(serverError) ? null : serverError, form.setError, taskFieldOfMessage);
  const previousStart = fromZonedInput(defaultValues.start, timeZone);
  const submit = (values: TaskFormOutput) => {
    if (needsPastStartConfirmation(values.startDateTime ?? null, mode === 'edit' ? previousStart : null, new Date(), timeZone)) return setPastConfirm(values);
    onSubmit(values);
  };

  const applyAllDay = (startLocal: string) => {
    const range = allDayRange(startLocal || dayIn(new Date(), timeZone));
    if (!range) return;
    set('start', range.start);
    set('end', range.end);
  };

  const onStartChange = (value: string) => {
    if (form.getValues('allDay') && value) return applyAllDay(value);
    set('start', value);
    // Spec: a start with an empty end gets the default duration.
    const end = endOrDefault(value, form.getValues('end'), timeZone);
    if (end !== form.getValues('end')) set('end', end);
  };

  return (
    <form noValidate onSubmit={form.handleSubmit(submit)} className="space-y-4 pb-20">
      {unmatched.length > 0 ? <FormAlert error={new ApiError(400, 'VALIDATION_FAILED', unmatched.join(' '), unmatched)} /> : null}

      <Section title="Task Details">
        <Field label="Task Name" required error={errors.name?.message}>
          <Input {...form.register('name')} maxLength={TASK_NAME_MAX + 10} placeholder="e.g. Replace boiler valve" />
        </Field>
        <Field label="Job" required error={errors.jobId?.message} id="task-job" hint={mode === 'edit' ? 'A task stays with its job.' : undefined}>
          {(control) => (
            <Controller
              control={form.control}
              name="jobId"
              render={({ field }) => (
                <JobSelect
                  {...control}
                  value={field.value}
                  selectedLabel={jobLabel}
                  disabled={mode === 'edit'}
                  onSelect={(o) => {
                    setJobLabel(o?.label ?? '');
                    set('jobId', o?.value ?? '');
                  }}
                />
              )}
            />
          )}
        </Field>
        <Field label="Description" error={errors.description?.message} className="sm:col-span-2">
          <Textarea {...form.register('description')} rows={4} maxLength={TASK_DESCRIPTION_MAX} placeholder="What needs to be done on site" />
        </Field>
      </Section>

      <Section title="Schedule">
        <Field label="Start" error={errors.start?.message} required={assignTo !== 'LATER'} hint={`Times are in ${timeZone}.`}>
          <Input type="datetime-local" value={start} onChange={(e) => onStartChange(e.target.value)} />
        </Field>
        <Field label="End" error={errors.end?.message}>
          <Input type="datetime-local" min={start || undefined} value={end} onChange={(e) => set('end', e.target.value)} />
        </Field>
        <div className="flex items-center gap-2 sm:col-span-2">
          <Checkbox
            id="task-all-day"
            checked={allDay}
            onCheckedChange={(on) => {
              set('allDay', on);
              if (on) applyAllDay(form.getValues('start'));
            }}
          />
          <label htmlFor="task-all-day" className="text-sm">
            {ALL_DAY_LABEL}
          </label>
        </div>
      </Section>

      <Section title="Assignment">
        <fieldset className="sm:col-span-2">
          <legend className="mb-2 text-sm font-medium text-gray-900">Assign to</legend>
          <div className="flex flex-wrap gap-2">
            {ASSIGN_TO_CHOICES.map((choice) => (
              <label
                key={choice}
                className={cn(
                  'flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm',
                  assignTo === choice ? 'border-primary bg-primary-soft text-primary-hover' : 'border-border-strong bg-white',
                )}
              >
                <input type="radio" value={choice} {...form.register('assignTo')} className="accent-primary" />
                {ASSIGN_LABELS[choice]}
              </label>
            ))}
          </div>
        </fieldset>
        {assignTo === 'TECHNICIAN' || assignTo === 'SUBCONTRACTOR' ? (
          <AssigneeField
            kind={assignTo}
            form={form}
            error={(assignTo === 'TECHNICIAN' ? errors.assignedTechnicianId : errors.assignedSubcontractorId)?.message}
            window={windowOf(start, end, timeZone, taskId)}
            timeZone={timeZone}
            set={set}
          />
        ) : (
          <p className="text-sm text-muted sm:col-span-2">The task stays unassigned until someone is chosen.</p>
        )}
      </Section>

      <FormActions
        onCancel={onCancel}
        pending={pending}
        disabled={submitBlocked}
        className="fixed inset-x-0 bottom-0 z-20 border-t border-border bg-white px-4 py-3 lg:left-56"
      />
      <ConfirmDialog
        open={pastConfirm !== null}
        onOpenChange={(open) => !open && setPastConfirm(null)}
        title={PAST_START_TITLE}
        description={pastStartText(formatDateTime(pastConfirm?.startDateTime, timeZone))}
        confirmLabel="Save anyway"
        onConfirm={() => {
          if (pastConfirm) onSubmit(pastConfirm);
          setPastConfirm(null);
        }}
      />
    </form>
  );
}

/** The availability window of the chosen start and end (the end defaults like the saved task's), as instants. */
function windowOf(start: string, end: string, timeZone: string, taskId: string | undefined) {
  const startDateTime = fromZonedInput(start, timeZone);
  if (!startDateTime) return null;
  return { startDateTime, expectedEndDateTime: fromZonedInput(endOrDefault(start, end, timeZone), timeZone), ...(taskId ? { excludeTaskId: taskId } : {}) };
}

type AssigneeFieldProps = {
  kind: 'TECHNICIAN' | 'SUBCONTRACTOR';
  form: ReturnType<typeof useForm<TaskFormValues, unknown, TaskFormOutput>>;
  error: string | undefined;
  window: { startDateTime: string; expectedEndDateTime: string | null; excludeTaskId?: string } | null;
  timeZone: string;
  set: (field: FieldPath<TaskFormValues>, value: string) => void;
};

/** The same pickers as the Assign/Schedule sheet: technicians with their availability for the window (Busy cannot be picked), active subcontractors. */
function AssigneeField({ kind, form, error, window, timeZone, set }: AssigneeFieldProps) {
  const name = kind === 'TECHNICIAN' ? 'assignedTechnicianId' : 'assignedSubcontractorId';
  const value = useWatch({ control: form.control, name });
  return (
    <div className="space-y-1.5 sm:col-span-2">
      <p className="text-sm font-medium text-gray-900">
        {ASSIGN_LABELS[kind]}{' '}
        <span className="text-danger" aria-hidden="true">
          *
        </span>
      </p>
      {kind === 'TECHNICIAN' ? (
        <TechnicianPicker window={window} value={value || null} onChange={(id) => set(name, id)} timeZone={timeZone} />
      ) : (
        <SubcontractorPicker value={value || null} onChange={(id) => set(name, id)} />
      )}
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
