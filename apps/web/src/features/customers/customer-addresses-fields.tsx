import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import { Field } from '../../components/field';
import { FieldArrayCard } from '../../components/field-array-card';
import { Input } from '../../components/input';
import { emptyAddress, type CustomerBody, type CustomerFormValues } from './customer-form.schema';

export function CustomerAddressesFields({ form }: { form: UseFormReturn<CustomerFormValues, unknown, CustomerBody> }) {
  // keyName keeps react-hook-form's row key apart from the address's own `id`, which must survive edits.
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'customerAddress', keyName: 'rowKey' });
  const errors = form.formState.errors.customerAddress;
  return (
    <FieldArrayCard
      title="Addresses"
      noun="address"
      rowKeys={fields.map((row) => row.rowKey)}
      onAdd={() => append(emptyAddress())}
      onRemove={remove}
      minRows={1}
      error={errors?.message ?? errors?.root?.message}
    >
      {(i) => (
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label="Address line" error={errors?.[i]?.addressLine1?.message} required>
            <Input {...form.register(`customerAddress.${i}.addressLine1`)} />
          </Field>
          <Field label="Building/Unit" error={errors?.[i]?.buildingUnit?.message}>
            <Input {...form.register(`customerAddress.${i}.buildingUnit`)} />
          </Field>
          <Field label="Full address" error={errors?.[i]?.fullAddress?.message} required className="sm:col-span-2">
            <Input {...form.register(`customerAddress.${i}.fullAddress`)} />
          </Field>
        </div>
      )}
    </FieldArrayCard>
  );
}
