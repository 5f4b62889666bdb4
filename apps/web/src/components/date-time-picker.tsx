import { formatTime24, parseTime24 } from '@fieldwork/domain/time/time-picker.rules';
import { controlClass } from './input';
import { TimePicker } from './time-picker';

export type DateTimePickerProps = {
  /** A wall-clock value "yyyy-MM-ddTHH:mm" (the tenant zone's, see schedule-time.ts), or '' for none. */
  value: string;
  onChange: (value: string) => void;
  /** The accessible name of the pair, e.g. "Start"; the parts read "Start date", "Start time". */
  label: string;
  id?: string;
  /** Earliest value allowed ("yyyy-MM-ddTHH:mm"); a change before it is raised to it. */
  min?: string;
  disabled?: boolean;
  invalid?: boolean;
  /** The time a freshly picked date gets. */
  defaultTime?: string;
};

/** A date input and the 12-hour time picker, read and written as one wall-clock "yyyy-MM-ddTHH:mm". */
export function DateTimePicker({ value, onChange, label, id, min, disabled, invalid, defaultTime = '09:00' }: DateTimePickerProps) {
  const [date = '', time = ''] = value ? value.split('T') : [];
  const emit = (next: string) => onChange(min && next && next < min ? min : next);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="w-40 shrink-0">
        <input
          id={id}
          type="date"
          aria-label={`${label} date`}
          aria-invalid={invalid || undefined}
          disabled={disabled}
          min={min ? min.slice(0, 10) : undefined}
          value={date}
          onChange={(e) => emit(e.target.value ? `${e.target.value}T${time || defaultTime}` : '')}
          className={controlClass(invalid, 'h-9')}
        />
      </span>
      <TimePicker
        label={`${label} time`}
        value={parseTime24(time)}
        disabled={disabled || !date}
        invalid={invalid}
        onChange={(t) => date && emit(`${date}T${formatTime24(t)}`)}
      />
    </div>
  );
}
