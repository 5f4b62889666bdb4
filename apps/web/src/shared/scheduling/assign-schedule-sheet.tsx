import { useId, useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { fromZonedInput } from '@fieldwork/domain/time/schedule-time.rules';
import type { TaskListItem } from '@fieldwork/domain/tasks/tasks.schemas';
import { Button } from '../../components/button';
import { Checkbox } from '../../components/checkbox';
import { DateTimePicker } from '../../components/date-time-picker';
import { FieldError } from '../../components/field';
import { Label } from '../../components/label';
import { SideSheet } from '../../components/side-sheet';
import { cn } from '../../lib/cn';
import { jobNumberText } from '../jobs/job-status-badge';
import { RequestedBidsList } from '../bids/requested-bids-list';
import { TaskStatusBadge, taskNumberText, workTimeParts } from '../tasks/task-status-badge';
import { SubcontractorPicker, TechnicianPicker } from './assignee-pickers';
import {
  ASSIGN_MODE_LABELS,
  ASSIGN_MODES,
  initialDraft,
  isReschedule,
  requestsBids,
  scheduleRequest,
  submitDisabled,
  SUBCONTRACTOR_MODE_LABELS,
  withAllDay,
  withStart,
  type ScheduleDraft,
} from './schedule-draft';
import { useScheduleTask } from './use-schedule-task';

export const ALL_DAY_TASK_LABEL = 'All day Task';
export const START_REQUIRED = 'Start date-time is required.';

export type AssignScheduleSheetProps = {
  /** The task to schedule; list rows are enough. */
  task: TaskListItem | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  timeZone: string;
  /** Open on Subcontractor → Request Bids from Subcontractors (the footer's Request Bids button). */
  requestBids?: boolean;
};

/** The Assign/Schedule Task side sheet (450 px, full width on phones): when, and who. Fresh each time it opens. */
export function AssignScheduleSheet({ task, open, onOpenChange, timeZone, requestBids: startWithBids = false }: AssignScheduleSheetProps) {
  if (!task || !open) return null;
  // Keyed by the task alone: a submit that requested bids updates the task but keeps the sheet (and its Done step).
  return <ScheduleSheet key={task.id} task={task} onOpenChange={onOpenChange} timeZone={timeZone} startWithBids={startWithBids} />;
}

function SheetHeader({ task, timeZone }: { task: TaskListItem; timeZone: string }) {
  const when = workTimeParts(task.taskScheduler, timeZone);
  return (
    <section aria-label="Task" className="mb-4 space-y-1 rounded-md border border-border bg-gray-50 p-3 text-sm">
      <div className="flex items-start justify-between gap-2">
        <p className="min-w-0 font-semibold break-words text-gray-900">
          {taskNumberText(task.taskNumber)} · {task.name}
        </p>
        <TaskStatusBadge status={task.status} label={task.displayStatus} />
      </div>
      <p className="text-muted">{when ? `${when.day} · ${when.times}` : 'Unscheduled'}</p>
      <p className="flex flex-wrap gap-x-3">
        <Link to="/workorder/jobs/$id" params={{ id: task.job.id }} className="font-medium text-primary hover:underline">
          Job {jobNumberText(task.job.jobNumber)}
        </Link>
        <Link to="/workorder/scheduler/view/$taskId" params={{ taskId: task.id }} className="font-medium text-primary hover:underline">
          View Task
        </Link>
      </p>
    </section>
  );
}

type ScheduleSheetProps = { task: TaskListItem; onOpenChange: (open: boolean) => void; timeZone: string; startWithBids: boolean };

function ScheduleSheet({ task, onOpenChange, timeZone, startWithBids }: ScheduleSheetProps) {
  const formId = useId();
  const [draft, setDraft] = useState<ScheduleDraft>(() => {
    const draft = initialDraft(task, timeZone);
    return startWithBids ? { ...draft, mode: 'SUBCONTRACTOR', subMode: 'REQUEST_BIDS' } : draft;
  });
  const [startError, setStartError] = useState<string | undefined>();
  // Request-bids flow: the first submit sends the requests and stores the bid ids; the next one (Done) closes.
  const [bidIds, setBidIds] = useState<string[] | null>(null);
  const mutation = useScheduleTask((_task, ids) => (ids ? setBidIds(ids) : onOpenChange(false)));
  const [reschedule] = useState(() => isReschedule(task));
  const bids = requestsBids(draft);
  const disabled = submitDisabled(draft, { reschedule, pending: mutation.isPending });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (bidIds) return onOpenChange(false);
    if (disabled) return;
    const req = scheduleRequest(task, draft, timeZone);
    if (!req) return setStartError(START_REQUIRED);
    mutation.mutate(req);
  };

  return (
    <SideSheet
      open
      onOpenChange={onOpenChange}
      title={reschedule ? 'Re-Schedule Task' : 'Assign/Schedule Task'}
      footer={
        bidIds ? (
          <Button type="submit" form={formId}>
            Done
          </Button>
        ) : (
          <>
            <Button variant="secondary" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" form={formId} loading={mutation.isPending} disabled={disabled}>
              {bids ? 'Request Bids' : reschedule ? 'Re-Schedule' : 'Assign & Schedule'}
            </Button>
          </>
        )
      }
    >
      <SheetHeader task={task} timeZone={timeZone} />
      {bidIds ? (
        <form id={formId} onSubmit={submit} noValidate>
          <RequestedBidsList taskId={task.id} />
        </form>
      ) : (
        <form id={formId} onSubmit={submit} noValidate className="space-y-5">
          <ScheduleFields
            draft={draft}
            startError={startError}
            timeZone={timeZone}
            onChange={(next) => {
              if (next.start !== draft.start) setStartError(undefined);
              setDraft(next);
            }}
          />
          <AssignFields draft={draft} timeZone={timeZone} onChange={setDraft} taskId={task.id} />
        </form>
      )}
    </SideSheet>
  );
}

type SectionProps = { draft: ScheduleDraft; timeZone: string; onChange: (next: ScheduleDraft) => void };

function ScheduleFields({ draft, timeZone, onChange, startError }: SectionProps & { startError: string | undefined }) {
  const id = useId();
  return (
    <fieldset className="space-y-3">
      <legend className="mb-2 text-sm font-semibold text-gray-900">Schedule</legend>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-start`} required>
          Start
        </Label>
        <DateTimePicker
          id={`${id}-start`}
          label="Start"
          value={draft.start}
          invalid={Boolean(startError)}
          onChange={(v) => onChange(withStart(draft, v, timeZone))}
        />
        <FieldError message={startError} />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-end`}>End</Label>
        <DateTimePicker
          id={`${id}-end`}
          label="End"
          value={draft.end}
          min={draft.start || undefined}
          disabled={draft.allDay}
          onChange={(v) => onChange({ ...draft, end: v })}
        />
      </div>
      <label className="flex items-center gap-2 text-sm">
        <Checkbox checked={draft.allDay} onCheckedChange={(on) => onChange(withAllDay(draft, on, timeZone))} aria-label={ALL_DAY_TASK_LABEL} />
        {ALL_DAY_TASK_LABEL}
      </label>
    </fieldset>
  );
}

function AssignFields({ draft, timeZone, onChange, taskId }: SectionProps & { taskId: string }) {
  const startIso = fromZonedInput(draft.start, timeZone);
  const window = startIso ? { startDateTime: startIso, expectedEndDateTime: fromZonedInput(draft.end, timeZone), excludeTaskId: taskId } : null;
  return (
    <fieldset className="space-y-3">
      <legend className="mb-2 text-sm font-semibold text-gray-900">Assign</legend>
      <Segmented
        label="Assign to"
        options={ASSIGN_MODES.map((m) => ({ value: m, label: ASSIGN_MODE_LABELS[m] }))}
        value={draft.mode}
        onChange={(mode) => onChange({ ...draft, mode })}
      />
      {draft.mode === 'SUBCONTRACTOR' ? (
        <Segmented
          label="Subcontractor mode"
          options={[
            { value: 'ASSIGN', label: SUBCONTRACTOR_MODE_LABELS.ASSIGN },
            { value: 'REQUEST_BIDS', label: SUBCONTRACTOR_MODE_LABELS.REQUEST_BIDS },
          ]}
          value={draft.subMode}
          onChange={(subMode) => onChange({ ...draft, subMode })}
        />
      ) : null}
      {draft.mode === 'TECHNICIAN' ? (
        <TechnicianPicker window={window} value={draft.technicianId} onChange={(technicianId) => onChange({ ...draft, technicianId })} timeZone={timeZone} />
      ) : null}
      {draft.mode === 'SUBCONTRACTOR' && draft.subMode === 'ASSIGN' ? (
        <SubcontractorPicker value={draft.subcontractorId} onChange={(subcontractorId) => onChange({ ...draft, subcontractorId })} />
      ) : null}
      {requestsBids(draft) ? (
        <div className="space-y-2">
          <p className="text-sm text-muted">The task stays unassigned until you award a bid. Pick the subcontractors to ask.</p>
          <SubcontractorPicker multiple value={draft.bidSubcontractorIds} onChange={(bidSubcontractorIds) => onChange({ ...draft, bidSubcontractorIds })} />
        </div>
      ) : null}
      {draft.mode === 'LATER' ? <p className="text-sm text-muted">The task is scheduled now and assigned later.</p> : null}
    </fieldset>
  );
}

type SegmentedProps<V extends string> = { label: string; options: { value: V; label: string; disabled?: boolean }[]; value: V; onChange: (v: V) => void };

/** A row of radio buttons (Technician / Subcontractor / Assign Later). */
function Segmented<V extends string>({ label, options, value, onChange }: SegmentedProps<V>) {
  return (
    <div role="radiogroup" aria-label={label} className="flex flex-wrap gap-1 rounded-md bg-gray-100 p-1">
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          role="radio"
          aria-checked={o.value === value}
          disabled={o.disabled}
          onClick={() => onChange(o.value)}
          className={cn(
            'flex-1 rounded px-2 py-1.5 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-primary disabled:cursor-not-allowed disabled:opacity-50',
            o.value === value ? 'bg-white text-gray-900 shadow-sm' : 'text-gray-600 hover:text-gray-900',
          )}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}
