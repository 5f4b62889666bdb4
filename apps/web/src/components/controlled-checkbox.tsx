import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { cn } from '../lib/cn';
import { Checkbox } from './checkbox';

export type ControlledCheckboxProps<Values extends FieldValues, Output> = {
  control: Control<Values, unknown, Output>;
  name: FieldPath<Values>;
  id: string;
  label: string;
  /** Shown while the form has no value yet, e.g. "active" for records that start out active. */
  fallback?: boolean;
  className?: string;
};

/** A labelled checkbox bound to a react-hook-form boolean field. */
export function ControlledCheckbox<Values extends FieldValues, Output>({
  control,
  name,
  id,
  label,
  fallback = false,
  className,
}: ControlledCheckboxProps<Values, Output>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <div className={cn('flex items-center gap-2', className)}>
          <Checkbox id={id} checked={field.value ?? fallback} onCheckedChange={field.onChange} />
          <label htmlFor={id} className="text-sm">
            {label}
          </label>
        </div>
      )}
    />
  );
}
