import { Controller, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { FREQUENCIES, ORDINALS, WEEKDAYS, type RecurrenceProblem, type Weekday } from '@fieldwork/domain/plans/recurrence.rules';
import { MONTH_NAMES } from '@fieldwork/domain/plans/recurrence-words.rules';
import { Field, FieldError } from '../../components/field';
import { Input } from '../../components/input';
import { Select } from '../../components/select';
import { cn } from '../../lib/cn';
import type { PlanFormValues } from './plan-form.schema';

const FREQUENCY_LABELS = { daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly', yearly: 'Yearly' } as const;
const UNIT_LABELS = { daily: 'days', weekly: 'weeks', monthly: 'months', yearly: 'years' } as const;
const WEEKDAY_SHORT = { MO: 'Mon', TU: 'Tue', WE: 'Wed', TH: 'Thu', FR: 'Fri', SA: 'Sat', SU: 'Sun' } as const satisfies Record<Weekday, string>;
const WEEKDAY_LONG = { MO: 'Monday', TU: 'Tuesday', WE: 'Wednesday', TH: 'Thursday', FR: 'Friday', SA: 'Saturday', SU: 'Sunday' } as const;
const ORDINAL_LABELS = { 1: 'First', 2: 'Second', 3: 'Third', 4: 'Fourth', [-1]: 'Last' } as const;

type Props = {
  control: Control<PlanFormValues>;
  register: UseFormRegister<PlanFormValues>;
  values: Pick<PlanFormValues, 'frequency' | 'monthDayKind'>;
  /** The domain's problems with the rule as typed, shown live on their fields. */
  problems: readonly RecurrenceProblem[];
  errors: FieldErrors<PlanFormValues>;
};

function Toggle({ pressed, onToggle, label, children }: { pressed: boolean; onToggle: () => void; label: string; children: string }) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      aria-label={label}
      onClick={onToggle}
      className={cn(
        'h-8 min-w-11 rounded-md border px-2 text-xs font-medium focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary',
        pressed ? 'border-primary bg-primary text-white' : 'border-border bg-white text-gray-700 hover:bg-gray-50',
      )}
    >
      {children}
    </button>
  );
}

const toggled = <T,>(list: readonly T[], item: T) => (list.includes(item) ? list.filter((x) => x !== item) : [...list, item]);

/** Frequency, every N, the days it falls on, its months, dates and times: each field shows the rule's own message. */
export function PlanRecurrenceFields({ control, register, values, problems, errors }: Props) {
  const problem = (field: RecurrenceProblem['field']) => problems.find((p) => p.field === field)?.message;
  const error = (field: keyof PlanFormValues, ruleField?: RecurrenceProblem['field']) => (ruleField ? problem(ruleField) : undefined) ?? errors[field]?.message;
  const monthly = values.frequency === 'monthly' || values.frequency === 'yearly';
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field label="Repeats" id="plan-frequency" required error={error('frequency', 'frequency')}>
        <Select {...register('frequency')} options={FREQUENCIES.map((f) => ({ value: f, label: FREQUENCY_LABELS[f] }))} />
      </Field>
      <Field label={`Every (${UNIT_LABELS[values.frequency]})`} id="plan-interval" required error={error('interval', 'interval')}>
        <Input {...register('interval')} type="number" inputMode="numeric" min={1} />
      </Field>
      {values.frequency === 'weekly' ? (
        <div className="space-y-1.5 sm:col-span-2">
          <span className="text-sm font-medium text-gray-900" id="plan-weekdays-label">
            On these days
          </span>
          <Controller
            control={control}
            name="weekdays"
            render={({ field }) => (
              <div role="group" aria-labelledby="plan-weekdays-label" className="flex flex-wrap gap-1.5">
                {WEEKDAYS.map((w) => (
                  <Toggle key={w} pressed={field.value.includes(w)} label={WEEKDAY_LONG[w]} onToggle={() => field.onChange(toggled(field.value, w))}>
                    {WEEKDAY_SHORT[w]}
                  </Toggle>
                ))}
              </div>
            )}
          />
          <FieldError message={error('weekdays', 'weekdays')} />
        </div>
      ) : null}
      {monthly ? (
        <div className="space-y-3 sm:col-span-2">
          <Field label="On" id="plan-month-day-kind">
            <Select
              {...register('monthDayKind')}
              options={[
                { value: 'day', label: 'A day of the month' },
                { value: 'weekday', label: 'A weekday of the month' },
              ]}
            />
          </Field>
          {values.monthDayKind === 'day' ? (
            <Field label="Day of month" id="plan-day" error={error('day', 'monthDay')} hint="31 means the last day of every month.">
              <Input {...register('day')} type="number" inputMode="numeric" min={1} max={31} className="sm:w-32" />
            </Field>
          ) : (
            <div className="grid grid-cols-2 gap-2">
              <Field label="Which" id="plan-ordinal">
                <Select {...register('ordinal')} options={ORDINALS.map((o) => ({ value: String(o), label: ORDINAL_LABELS[o] }))} />
              </Field>
              <Field label="Weekday" id="plan-weekday" error={error('day', 'monthDay')}>
                <Select {...register('weekday')} options={WEEKDAYS.map((w) => ({ value: w, label: WEEKDAY_LONG[w] }))} />
              </Field>
            </div>
          )}
        </div>
      ) : null}
      {monthly ? (
        <div className="space-y-1.5 sm:col-span-2">
          <span className="text-sm font-medium text-gray-900" id="plan-months-label">
            {values.frequency === 'yearly' ? 'In these months' : 'Only in these months (none: every month)'}
          </span>
          <Controller
            control={control}
            name="months"
            render={({ field }) => (
              <div role="group" aria-labelledby="plan-months-label" className="flex flex-wrap gap-1.5">
                {MONTH_NAMES.map((name, i) => (
                  <Toggle key={name} pressed={field.value.includes(i + 1)} label={name} onToggle={() => field.onChange(toggled(field.value, i + 1))}>
                    {name.slice(0, 3)}
                  </Toggle>
                ))}
              </div>
            )}
          />
          <FieldError message={error('months', 'months')} />
        </div>
      ) : null}
      <Field label="Start date" id="plan-start-date" required error={error('startDate', 'startDate')}>
        <Input {...register('startDate')} type="date" />
      </Field>
      <Field label="End date" id="plan-end-date" hint="Leave empty for no end date." error={error('endDate', 'endDate')}>
        <Input {...register('endDate')} type="date" />
      </Field>
      <Field label="Visit time" id="plan-time" required error={error('time', 'time')}>
        <Input {...register('time')} type="time" />
      </Field>
      <Field label="Duration (minutes)" id="plan-duration" required error={error('durationMinutes', 'durationMinutes')}>
        <Input {...register('durationMinutes')} type="number" inputMode="numeric" min={1} />
      </Field>
      <Field
        label="Arrival window (minutes)"
        id="plan-arrival-window"
        hint="How long after the visit time the technician may arrive; 0 for on time."
        error={error('arrivalWindowMinutes', 'arrivalWindowMinutes')}
      >
        <Input {...register('arrivalWindowMinutes')} type="number" inputMode="numeric" min={0} />
      </Field>
    </div>
  );
}
