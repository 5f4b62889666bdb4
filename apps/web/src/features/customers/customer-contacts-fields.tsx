import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import { ControlledCheckbox } from '../../components/controlled-checkbox';
import { Field } from '../../components/field';
import { FieldArrayCard } from '../../components/field-array-card';
import { Input } from '../../components/input';
import { emptyContact, type CustomerBody, type CustomerFormValues } from './customer-form.schema';

export function CustomerContactsFields({ form }: { form: UseFormReturn<CustomerFormValues, unknown, CustomerBody> }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'contacts', keyName: 'rowKey' });
  const errors = form.formState.errors.contacts;
  return (
    <FieldArrayCard
      title="Contacts"
      noun="contact"
      rowKeys={fields.map((row) => row.rowKey)}
      onAdd={() => append(emptyContact())}
      onRemove={remove}
      error={errors?.message ?? errors?.root?.message}
      empty={<p className="text-sm text-muted">No contacts yet.</p>}
      rowActions={(i, rowKey) => (
        <ControlledCheckbox control={form.control} name={`contacts.${i}.isBilling`} id={`contact-${rowKey}-billing`} label="Billing contact" />
      )}
    >
      {(i) => (
        <div className="grid gap-3 sm:grid-cols-3">
          <Field label="Contact name" error={errors?.[i]?.name?.message} required>
            <Input {...form.register(`contacts.${i}.name`)} />
          </Field>
          <Field label="Contact email" error={errors?.[i]?.email?.message}>
            <Input type="email" {...form.register(`contacts.${i}.email`)} />
          </Field>
          <Field label="Mobile number" error={errors?.[i]?.mobileNumber?.message}>
            <Input type="tel" {...form.register(`contacts.${i}.mobileNumber`)} />
          </Field>
        </div>
      )}
    </FieldArrayCard>
  );
}
