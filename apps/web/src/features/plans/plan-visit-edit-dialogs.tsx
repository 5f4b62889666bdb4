import { useId, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { planActionBody, type Plan, type PlanVisit } from '@fieldwork/domain/plans/plans.schemas';
import { validateRecurrence } from '@fieldwork/domain/plans/recurrence.rules';
import { fromZonedInput, toZonedInput } from '@fieldwork/domain/time/schedule-time.rules';
import { DateTimePicker } from '../../components/date-time-picker';
import { Field, FieldError } from '../../components/field';
import { FormAlert } from '../../components/form-alert';
import { FormDialog } from '../../components/form-dialog';
import { Input } from '../../components/input';
import { Select } from '../../components/select';
import { formatDateTime } from '../../lib/format';
import { SubcontractorPicker, TechnicianPicker } from '../../shared/scheduling/assignee-pickers';
import { usePlanAction } from './plan-action-dialogs';
import { formFieldOfPath, planToValues, toRecurrence, type PlanFormValues } from './plan-form.schema';
import { PlanPreview } from './plan-preview';
import { PlanRecurrenceFields } from './plan-recurrence-fields';
import type { PlanActionRequest } from './plans.api';

type AssignTo = 'TECHNICIAN' | 'SUBCONTRACTOR' | 'LATER';
const ASSIGN_OPTIONS = [
  { value: 'TECHNICIAN', label: 'Technician' },
  { value: 'SUBCONTRACTOR', label: 'Subcontractor' },
  { value: 'LATER', label: 'Unassigned' },
];

type DialogProps = { plan: Plan; visit: PlanVisit; timeZone: string; onClose: () => void };

const whenOf = (visit: PlanVisit, timeZone: string) => (visit.startAt ? formatDateTime(visit.startAt, timeZone) : visit.occurrence);
const minutesBetween = (start: string | null, end: string | null) => (start && end ? Math.round((Date.parse(end) - Date.parse(start)) / 60_000) : null);

/** The field a refusal of the body belongs to in this dialog. */
function fieldOf(path: readonly PropertyKey[]): 'start' | 'duration' | 'assignee' | null {
  const [head] = path.map(String);
  if (head === 'startDateTime') return 'start';
  if (head === 'expectedEndDateTime') return 'duration';
  if (head === 'assignedTechnicianId' || head === 'assignedSubcontractorId' || head === 'assignTo') return 'assignee';
  return null;
}

/**
 * "Change this visit": one visit moved and/or given to someone else; the plan and its other visits stay. A time the
 * chosen person is busy is refused by the server with the scheduler's words, shown here.
 */
export function ChangeVisitDialog({ plan, visit, timeZone, onClose }: DialogProps) {
  const formId = useId();
  const [start, setStart] = useState(toZonedInput(visit.startAt, timeZone));
  const [duration, setDuration] = useState(String(minutesBetween(visit.startAt, visit.expectedEndAt) ?? plan.recurrence.durationMinutes));
  const [assignTo, setAssignTo] = useState<AssignTo>(visit.assignee?.kind ?? 'LATER');
  const [technicianId, setTechnicianId] = useState<string | null>(visit.assignee?.kind === 'TECHNICIAN' ? visit.assignee.id : null);
  const [subcontractorId, setSubcontractorId] = useState<string | null>(visit.assignee?.kind === 'SUBCONTRACTOR' ? visit.assignee.id : null);
  const [invalid, setInvalid] = useState<Partial<Record<'start' | 'duration' | 'assignee', string>>>({});
  const change = usePlanAction(plan, 'Visit changed', onClose, { errorsInline: true });

  const startIso = fromZonedInput(start, timeZone);
  const minutes = duration.trim() === '' ? Number.NaN : Number(duration);
  const endIso = startIso && Number.isFinite(minutes) ? new Date(Date.parse(startIso) + minutes * 60_000).toISOString() : null;

  const send = () => {
    if (!startIso) return setInvalid({ start: 'Start date-time must be a valid ISO 8601 date-time.' });
    if (!endIso || !Number.isInteger(minutes)) return setInvalid({ duration: 'Duration must be whole minutes.' });
    const body: PlanActionRequest = {
      action: 'this_visit',
      visitId: visit.id,
      startDateTime: startIso,
      expectedEndDateTime: endIso,
      assignTo,
      assignedTechnicianId: assignTo === 'TECHNICIAN' ? technicianId : null,
      assignedSubcontractorId: assignTo === 'SUBCONTRACTOR' ? subcontractorId : null,
      version: plan.version,
    };
    const parsed = planActionBody.safeParse(body);
    if (!parsed.success) {
      const next: typeof invalid = {};
      for (const issue of parsed.error.issues) next[fieldOf(issue.path) ?? 'start'] ??= issue.message;
      return setInvalid(next);
    }
    setInvalid({});
    change.mutate(body);
  };

  return (
    <FormDialog
      title="Change this visit"
      description={`The visit on ${whenOf(visit, timeZone)} only; the plan and its other visits stay as they are.`}
      onClose={onClose}
      formId={formId}
      submitLabel="Save visit"
      pending={change.isPending}
    >
      <form
        id={formId}
        noValidate
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          send();
        }}
      >
        <FormAlert error={change.error} />
        <div className="space-y-1.5">
          <span className="text-sm font-medium text-gray-900">Starts</span>
          <DateTimePicker label="Start" value={start} onChange={setStart} invalid={!!invalid.start} />
          <FieldError message={invalid.start} />
        </div>
        <Field label="Duration (minutes)" id="visit-duration" required error={invalid.duration}>
          <Input type="number" inputMode="numeric" min={1} value={duration} onChange={(e) => setDuration(e.target.value)} className="sm:w-40" />
        </Field>
        {endIso && startIso ? <p className="-mt-2 text-xs text-muted">Ends {formatDateTime(endIso, timeZone)}</p> : null}
        <Field label="Assign to" id="visit-assign-to">
          <Select value={assignTo} onChange={(e) => setAssignTo(e.target.value as AssignTo)} options={ASSIGN_OPTIONS} />
        </Field>
        {assignTo === 'TECHNICIAN' ? (
          <TechnicianPicker
            window={startIso && endIso ? { startDateTime: startIso, expectedEndDateTime: endIso, excludeTaskId: visit.id } : null}
            value={technicianId}
            onChange={setTechnicianId}
            timeZone={timeZone}
          />
        ) : null}
        {assignTo === 'SUBCONTRACTOR' ? <SubcontractorPicker value={subcontractorId} onChange={setSubcontractorId} /> : null}
        <FieldError message={invalid.assignee} />
      </form>
    </FormDialog>
  );
}

/**
 * "Change this and following": the plan's rule from a date on. The visits from that day that have not started are
 * made again under the new rule; earlier and started ones stay. The preview lists the new rule's visits from that day.
 */
export function ChangeFollowingDialog({ plan, visit, timeZone, onClose }: DialogProps) {
  const formId = useId();
  const form = useForm<PlanFormValues>({ defaultValues: planToValues(plan) });
  const { control, register, setError, formState } = form;
  const values = useWatch({ control }) as PlanFormValues;
  const recurrence = useMemo(() => toRecurrence(values), [values]);
  const problems = useMemo(() => validateRecurrence(recurrence), [recurrence]);
  const [fromDate, setFromDate] = useState(visit.occurrence);
  const [fromError, setFromError] = useState<string | undefined>();
  const change = usePlanAction(plan, 'Plan changed from this visit on', onClose, { errorsInline: true });
  // The preview starts at the chosen day (or now, whichever is later): those are the visits the change makes.
  const previewFrom = useMemo(() => {
    const from = fromZonedInput(`${fromDate}T00:00`, timeZone);
    const now = new Date();
    return from && Date.parse(from) > now.getTime() ? new Date(from) : now;
  }, [fromDate, timeZone]);

  const send = form.handleSubmit((v) => {
    if (problems.length) return;
    const body: PlanActionRequest = { action: 'this_and_following', fromDate, recurrence: toRecurrence(v), version: plan.version };
    const parsed = planActionBody.safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'recurrence' ? formFieldOfPath(issue.path) : null;
        if (field) setError(field, { type: 'rule', message: issue.message });
        else setFromError(issue.message);
      }
      return;
    }
    setFromError(undefined);
    change.mutate(body);
  });

  return (
    <FormDialog
      title="Change this and following"
      description="The rule from a day on: visits from then that have not started are made again under it; earlier and started visits stay."
      onClose={onClose}
      formId={formId}
      submitLabel="Change from this date"
      pending={change.isPending}
      className="lg:max-w-4xl"
    >
      <form id={formId} noValidate onSubmit={(e) => void send(e)} className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_300px] lg:items-start">
        <div className="min-w-0 space-y-4">
          <FormAlert error={change.error} />
          <Field label="Changes from" id="following-from" required error={fromError} hint="The first day the new rule applies.">
            <Input type="date" value={fromDate} onChange={(e) => setFromDate(e.target.value)} className="sm:w-48" />
          </Field>
          <PlanRecurrenceFields control={control} register={register} values={values} problems={problems} errors={formState.errors} />
        </div>
        <PlanPreview recurrence={recurrence} timeZone={timeZone} now={previewFrom} />
      </form>
    </FormDialog>
  );
}
