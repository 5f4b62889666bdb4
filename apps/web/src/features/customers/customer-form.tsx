import { Controller, useForm } from 'react-hook-form';
import { Card } from '../../components/card';
import { ControlledCheckbox } from '../../components/controlled-checkbox';
import { Field } from '../../components/field';
import { FormActions } from '../../components/form-actions';
import { FormAlert } from '../../components/form-alert';
import { Input } from '../../components/input';
import { MultiSelect } from '../../components/multi-select';
import { Textarea } from '../../components/textarea';
import { toOptions, useTags } from '../settings/lookups.api';
import { CustomerAddressesFields } from './customer-addresses-fields';
import { CustomerContactsFields } from './customer-contacts-fields';
import { customerResolver, type CustomerBody, type CustomerFormValues } from './customer-form.schema';

export type CustomerFormProps = {
  mode: 'create' | 'edit';
  defaultValues: CustomerFormValues;
  onSubmit: (body: CustomerBody) => void;
  onCancel: () => void;
  pending: boolean;
  error: unknown;
};

export function CustomerForm({ mode, defaultValues, onSubmit, onCancel, pending, error }: CustomerFormProps) {
  const tags = useTags('ACCOUNT');
  const form = useForm<CustomerFormValues, unknown, CustomerBody>({ resolver: customerResolver(mode), defaultValues });
  const { errors } = form.formState;

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-4 pb-20" aria-label={mode === 'edit' ? 'Edit customer' : 'New customer'}>
      <FormAlert error={error} />
      <Card title="Account">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Account name" error={errors.name?.message} required className="sm:col-span-2">
            <Input autoFocus {...form.register('name')} />
          </Field>
          <Field label="Email" error={errors.email?.message}>
            <Input type="email" {...form.register('email')} />
          </Field>
          <Field label="Phone" error={errors.phone?.message}>
            <Input type="tel" {...form.register('phone')} />
          </Field>
          <Field label="Account tags" className="sm:col-span-2">
            {(control) => (
              <Controller
                control={form.control}
                name="tags"
                render={({ field }) => (
                  <MultiSelect
                    {...control}
                    options={toOptions(tags.data)}
                    value={(field.value ?? []).map((t) => t.id)}
                    onChange={(ids) => field.onChange(ids.map((id) => ({ id })))}
                    emptyText="No existing tags!"
                  />
                )}
              />
            )}
          </Field>
          <Field label="Notes" error={errors.notes?.message} className="sm:col-span-2">
            <Textarea {...form.register('notes')} />
          </Field>
          {mode === 'edit' ? (
            <ControlledCheckbox control={form.control} name="isActive" id="customer-active" label="Active customer" fallback className="sm:col-span-2" />
          ) : null}
        </div>
      </Card>
      <CustomerAddressesFields form={form} />
      <CustomerContactsFields form={form} />
      <FormActions onCancel={onCancel} pending={pending} className="fixed inset-x-0 bottom-0 z-20 border-t border-border bg-white px-4 py-3 lg:left-56" />
    </form>
  );
}
