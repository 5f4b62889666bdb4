import { Controller, type Control, type FieldPath } from 'react-hook-form';
import { Field } from '../../../components/field';
import { MultiSelect } from '../../../components/multi-select';
import { toOptions, useTags, useZones } from '../lookups.api';

type RefIds = { tags: string[]; zones: string[] };

/** The qualification tags and operating zones pickers, shared by the invite and edit-user forms. */
export function UserRefsFields<Values extends RefIds, Output>({ control }: { control: Control<Values, unknown, Output> }) {
  const tags = useTags('SERVICE');
  const zones = useZones();
  // TypeScript cannot narrow a generic form's paths and values to these two string-array fields.
  const path = (name: keyof RefIds) => name as FieldPath<Values>;
  return (
    <>
      <Field label="Qualification tags">
        {(props) => (
          <Controller
            control={control}
            name={path('tags')}
            render={({ field }) => (
              <MultiSelect {...props} options={toOptions(tags.data)} value={field.value as string[]} onChange={field.onChange} emptyText="No existing tags!" />
            )}
          />
        )}
      </Field>
      <Field label="Operating zones">
        {(props) => (
          <Controller
            control={control}
            name={path('zones')}
            render={({ field }) => <MultiSelect {...props} options={toOptions(zones.data)} value={field.value as string[]} onChange={field.onChange} />}
          />
        )}
      </Field>
    </>
  );
}
