import type { KeyboardEvent } from 'react';
import {
  clampHours,
  clampMinutes,
  fromTime24,
  shownHours,
  toTime24,
  withPhase,
  TIME_PHASES,
  type Time24,
  type TimePickerValue,
} from '@fieldwork/domain/time/time-picker.rules';
import { cn } from '../lib/cn';
import { controlClass } from './input';

export type TimePickerProps = {
  /** 24-hour time, or null when none is chosen yet (the inputs show empty). */
  value: Time24 | null;
  onChange: (value: Time24) => void;
  /** The group's accessible name, e.g. "Start time". */
  label: string;
  id?: string;
  disabled?: boolean;
  invalid?: boolean;
};

const pad = (n: number) => String(n).padStart(2, '0');
const BLANK: TimePickerValue = { hours: 9, minutes: 0, phase: 'AM' };

/**
 * A 12-hour time input: hours, minutes and AM/PM. Typing clamps by the domain rule (typing after a full
 * value keeps the last digit: "01" + "3" → 13 → 3); ArrowUp/ArrowDown step the focused part.
 */
export function TimePicker({ value, onChange, label, id, disabled, invalid }: TimePickerProps) {
  const current = value ? fromTime24(value) : null;
  const base = current ?? BLANK;
  const emit = (next: TimePickerValue) => onChange(toTime24(next));

  const step = (part: 'hours' | 'minutes') => (e: KeyboardEvent<HTMLInputElement>) => {
    const delta = e.key === 'ArrowUp' ? 1 : e.key === 'ArrowDown' ? -1 : 0;
    if (!delta) return;
    e.preventDefault();
    if (part === 'hours') emit({ ...base, hours: ((Math.max(base.hours, 1) - 1 + delta + 12) % 12) + 1 });
    else emit({ ...base, minutes: (base.minutes + delta + 60) % 60 });
  };

  const part = { label, disabled, invalid };
  return (
    <div role="group" aria-label={label} className="flex items-center gap-1">
      <PartInput
        {...part}
        id={id}
        name="hours"
        text={current ? pad(shownHours(current)) : ''}
        onKeyDown={step('hours')}
        onText={(t) => emit({ ...base, hours: clampHours(t) })}
      />
      <span aria-hidden="true" className="text-muted">
        :
      </span>
      <PartInput
        {...part}
        name="minutes"
        text={current ? pad(current.minutes) : ''}
        onKeyDown={step('minutes')}
        onText={(t) => emit({ ...base, minutes: clampMinutes(t) })}
      />
      <div role="radiogroup" aria-label={`${label} AM or PM`} className="ml-1 inline-flex overflow-hidden rounded-md border border-border-strong">
        {TIME_PHASES.map((phase) => {
          const on = current?.phase === phase;
          return (
            <button
              key={phase}
              type="button"
              role="radio"
              aria-checked={on}
              disabled={disabled}
              onClick={() => emit(withPhase(base, phase))}
              className={cn(
                'h-9 px-2.5 text-xs font-medium focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary disabled:opacity-50',
                on ? 'bg-primary text-primary-fg' : 'bg-white text-gray-700 hover:bg-gray-50',
              )}
            >
              {phase}
            </button>
          );
        })}
      </div>
    </div>
  );
}

type PartInputProps = {
  label: string;
  name: 'hours' | 'minutes';
  id?: string;
  text: string;
  disabled?: boolean;
  invalid?: boolean;
  onText: (text: string) => void;
  onKeyDown: (e: KeyboardEvent<HTMLInputElement>) => void;
};

/** One two-digit part; focusing selects it, so typing replaces rather than appends. */
function PartInput({ label, name, id, text, disabled, invalid, onText, onKeyDown }: PartInputProps) {
  return (
    // controlClass is full width: the wrapper sets the part's width.
    <span className="w-12 shrink-0">
      <input
        id={id}
        type="text"
        inputMode="numeric"
        aria-label={`${label} ${name}`}
        aria-invalid={invalid || undefined}
        placeholder={name === 'hours' ? 'hh' : 'mm'}
        disabled={disabled}
        value={text}
        onChange={(e) => onText(e.target.value)}
        onKeyDown={onKeyDown}
        onFocus={(e) => e.target.select()}
        className={controlClass(invalid, 'h-9 px-2 text-center tabular-nums')}
      />
    </span>
  );
}
