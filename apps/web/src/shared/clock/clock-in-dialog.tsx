import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CLOCK_MESSAGES, type Assistant } from '@fieldwork/domain/tasks/clock.schemas';
import type { TaskListItem } from '@fieldwork/domain/tasks/tasks.schemas';
import { FormDialog } from '../../components/form-dialog';
import { Field } from '../../components/field';
import { Select } from '../../components/select';
import { taskNumberText } from '../tasks/task-status-badge';
import { AssistantsPicker } from './assistants-picker';
import { clockApi, clockKeys } from '../../features/clock/clock.api';
import { useClockIn, useOnce } from './use-clock-actions';

export const VEHICLE_REQUIRED = 'Vehicle is mandatory.';
export const VEHICLES_LOAD_FAILED = 'Vehicles could not be loaded.';

export type ClockInDialogTask = Pick<TaskListItem, 'id' | 'jobId' | 'taskNumber' | 'name' | 'assignedTo' | 'assignedUser'>;

export type ClockInDialogProps = {
  task: ClockInDialogTask | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called after a successful clock-in (the dialog has closed). */
  onDone?: () => void;
};

/** The vehicle question (default No; Yes asks which active vehicle) and the assistants. */
export function ClockInDialog({ task, open, onOpenChange, onDone }: ClockInDialogProps) {
  if (!open || !task) return null;
  return <ClockInForm key={task.id} task={task} onOpenChange={onOpenChange} onDone={onDone} />;
}

function ClockInForm({ task, onOpenChange, onDone }: { task: ClockInDialogTask; onOpenChange: (open: boolean) => void; onDone?: () => void }) {
  const formId = useId();
  const [usesVehicle, setUsesVehicle] = useState(false);
  const [vehicleId, setVehicleId] = useState('');
  const [assistants, setAssistants] = useState<Assistant[]>([]);
  const [vehicleError, setVehicleError] = useState<string>();
  const workerId = task.assignedTo === 'TECHNICIAN' ? (task.assignedUser?.userId ?? null) : null;
  const clockIn = useClockIn({ id: task.id, jobId: task.jobId, taskNumber: task.taskNumber, name: task.name, workerId }, () => {
    onOpenChange(false);
    onDone?.();
  });
  const vehicles = useQuery({ queryKey: clockKeys.activeVehicles, queryFn: clockApi.activeVehicles, enabled: usesVehicle });
  const once = useOnce();
  const pending = clockIn.isPending;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (pending) return;
    if (usesVehicle && !vehicleId) return setVehicleError(VEHICLE_REQUIRED);
    setVehicleError(undefined);
    once((done) => clockIn.mutate({ vehicleId: usesVehicle ? vehicleId : null, assistants: assistants.map((a) => a.userId) }, { onSettled: done }));
  };

  const answer = (yes: boolean) => {
    setUsesVehicle(yes);
    if (!yes) setVehicleError(undefined);
  };

  return (
    <FormDialog
      title="Clock in"
      description={`Task ${taskNumberText(task.taskNumber)} · ${task.name}`}
      onClose={() => onOpenChange(false)}
      formId={formId}
      submitLabel="Clock in"
      pending={pending}
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-4">
        <fieldset disabled={pending} className="space-y-2">
          <legend className="text-sm font-medium text-gray-900">{CLOCK_MESSAGES.vehicleQuestion}</legend>
          <div className="flex gap-6">
            {[
              { label: 'Yes', value: true },
              { label: 'No', value: false },
            ].map((o) => (
              <label key={o.label} className="inline-flex min-h-9 cursor-pointer items-center gap-2 text-sm text-gray-900">
                <input
                  type="radio"
                  name={`${formId}-vehicle`}
                  checked={usesVehicle === o.value}
                  onChange={() => answer(o.value)}
                  // The checked answer is the first field: the dialog opens with it focused.
                  autoFocus={usesVehicle === o.value}
                  className="h-4 w-4 accent-primary"
                />
                {o.label}
              </label>
            ))}
          </div>
        </fieldset>
        {usesVehicle ? (
          <Field label="Vehicle" required error={vehicleError ?? (vehicles.error ? VEHICLES_LOAD_FAILED : undefined)}>
            <Select
              value={vehicleId}
              disabled={pending || vehicles.isLoading}
              onChange={(e) => {
                setVehicleId(e.target.value);
                if (e.target.value) setVehicleError(undefined);
              }}
              placeholder={vehicles.isLoading ? 'Loading vehicles…' : 'Select a vehicle'}
              options={(vehicles.data ?? []).map((v) => ({ value: v.id, label: v.plate ? `${v.name} (${v.plate})` : v.name }))}
            />
          </Field>
        ) : null}
        <Field label="Assistants">
          {(control) => <AssistantsPicker id={control.id} assigneeId={workerId} value={assistants} onChange={setAssistants} disabled={pending} />}
        </Field>
      </form>
    </FormDialog>
  );
}
