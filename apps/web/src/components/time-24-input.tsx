import type { InputHTMLAttributes } from 'react';
import { controlClass } from './input';

/**
 * A 24-hour "HH:mm" time field. The browser's own time input follows the user's locale (12-hour with AM/PM
 * in en-US), while the clock-out and adjustment dialogs are specified as 24-hour: this one always is.
 */
export const TIME_24_MESSAGE = 'Enter the time as HH:mm, 24-hour (e.g. 16:30).';
export const TIME_24_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

export function isTime24(value: string): boolean {
  return TIME_24_PATTERN.test(value);
}

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'onChange' | 'value'> & {
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
};

export function Time24Input({ value, onChange, invalid = false, className, ...rest }: Props) {
  return (
    <input
      {...rest}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder="HH:mm"
      maxLength={5}
      value={value}
      // Typing "0930" becomes "09:30"; anything else is kept as typed and judged on submit.
      onChange={(e) => onChange(/^\d{4}$/.test(e.target.value) ? `${e.target.value.slice(0, 2)}:${e.target.value.slice(2)}` : e.target.value)}
      aria-invalid={invalid || rest['aria-invalid'] || undefined}
      className={controlClass(invalid, `h-9 tabular-nums ${className ?? ''}`)}
    />
  );
}
