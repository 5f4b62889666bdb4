import { Controller, useFieldArray, type UseFormReturn } from 'react-hook-form';
import { Plus, Trash2 } from 'lucide-react';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { Checkbox } from '../../components/checkbox';
import { Field, FieldError } from '../../components/field';
import { Input } from '../../components/input';
import { emptyContact, type CustomerBody, type CustomerFormValues } from './customer-form.schema';

export function CustomerContactsFields({ form }: { form: UseFormReturn<CustomerFormValues, unknown, CustomerBody> }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'contacts', keyName: 'rowKey' });
  const errors = form.formState.errors.contacts;
  return (
    <Card
      title="Contacts"
      actions={
        <Button variant="secondary" size="sm" onClick={() => append(emptyContact())}>
          <Plus size={14} aria-hidden="true" /> Add contact
        </Button>
      }
    >
      <FieldError message={errors?.message ?? errors?.root?.message} />
      {fields.length === 0 ? <p className="text-sm text-muted">No contacts yet.</p> : null}
      <div className="space-y-4">
        {fields.map((row, i) => (
          <fieldset key={row.rowKey} className="rounded-md border border-border p-3">
            <legend className="px-1 text-xs font-semibold text-muted uppercase">Contact {i + 1}</legend>
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
            <div className="mt-3 flex items-center justify-between gap-2">
              <Controller
                control={form.control}
                name={`contacts.${i}.isBilling`}
                render={({ field }) => (
                  <div className="flex items-center gap-2">
                    <Checkbox id={`contact-${row.rowKey}-billing`} checked={field.value ?? false} onCheckedChange={field.onChange} />
                    <label htmlFor={`contact-${row.rowKey}-billing`} className="text-sm">
                      Billing contact
                    </label>
                  </div>
                )}
              />
              <Button variant="ghost" size="sm" aria-label={`Remove contact ${i + 1}`} onClick={() => remove(i)}>
                <Trash2 size={14} aria-hidden="true" /> Remove
              </Button>
            </div>
          </fieldset>
        ))}
      </div>
    </Card>
  );
}
