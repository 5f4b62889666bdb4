import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import { Plus, Trash2 } from 'lucide-react';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { Field, FieldError } from '../../components/field';
import { Input } from '../../components/input';
import { emptyAddress, type CustomerBody, type CustomerFormValues } from './customer-form.schema';

export function CustomerAddressesFields({ form }: { form: UseFormReturn<CustomerFormValues, unknown, CustomerBody> }) {
  // keyName keeps react-hook-form's row key apart from the address's own `id`, which must survive edits.
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'customerAddress', keyName: 'rowKey' });
  const errors = form.formState.errors.customerAddress;
  return (
    <Card
      title="Addresses"
      actions={
        <Button variant="secondary" size="sm" onClick={() => append(emptyAddress())}>
          <Plus size={14} aria-hidden="true" /> Add address
        </Button>
      }
    >
      <FieldError message={errors?.message ?? errors?.root?.message} />
      <div className="space-y-4">
        {fields.map((row, i) => (
          <fieldset key={row.rowKey} className="rounded-md border border-border p-3">
            <legend className="px-1 text-xs font-semibold text-muted uppercase">Address {i + 1}</legend>
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
            <div className="mt-2 flex justify-end">
              <Button variant="ghost" size="sm" disabled={fields.length <= 1} aria-label={`Remove address ${i + 1}`} onClick={() => remove(i)}>
                <Trash2 size={14} aria-hidden="true" /> Remove
              </Button>
            </div>
          </fieldset>
        ))}
      </div>
    </Card>
  );
}
