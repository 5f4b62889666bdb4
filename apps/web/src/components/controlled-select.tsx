import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { Select, type SelectProps } from './select';

export type ControlledSelectProps<Values extends FieldValues, Output> = Omit<SelectProps, 'name' | 'value' | 'onChange' | 'onBlur'> & {
  control: Control<Values, unknown, Output>;
  name: FieldPath<Values>;
};

/** A select bound to a react-hook-form string field (the value is the option's value). */
export function ControlledSelect<Values extends FieldValues, Output>({ control, name, ...select }: ControlledSelectProps<Values, Output>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: f }) => <Select {...select} name={f.name} ref={f.ref} value={f.value} onChange={(e) => f.onChange(e.target.value)} onBlur={f.onBlur} />}
    />
  );
}
