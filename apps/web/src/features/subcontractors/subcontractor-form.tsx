import { Controller, useForm } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { Card } from '../../components/card';
import { ControlledCheckbox } from '../../components/controlled-checkbox';
import { Field } from '../../components/field';
import { FormActions } from '../../components/form-actions';
import { FormAlert } from '../../components/form-alert';
import { Input } from '../../components/input';
import { MultiSelect } from '../../components/multi-select';
import { Select } from '../../components/select';
import { toOptions, useTags, useZones } from '../settings/lookups.api';
import { subcontractorResolver, type SubcontractorBody, type SubcontractorFormValues } from './subcontractor-form.schema';
import { subcontractorKeys, subcontractorsApi } from './subcontractors.api';

export type SubcontractorFormProps = {
  mode: 'create' | 'edit';
  defaultValues: SubcontractorFormValues;
  /** The currently linked account, kept selectable even if the users list does not return it. */
  linkedUser?: { userId: string; name: string; email: string } | null;
  onSubmit: (body: SubcontractorBody) => void;
  onCancel: () => void;
  pending: boolean;
  error: unknown;
};

const KIND_OPTIONS = [
  { value: 'COMPANY', label: 'Company' },
  { value: 'PERSON', label: 'Person' },
];

export function SubcontractorForm({ mode, defaultValues, linkedUser, onSubmit, onCancel, pending, error }: SubcontractorFormProps) {
  const tags = useTags('SERVICE');
  const zones = useZones();
  const users = useQuery({ queryKey: subcontractorKeys.linkableUsers, queryFn: subcontractorsApi.linkableUsers });
  const form = useForm<SubcontractorFormValues, unknown, SubcontractorBody>({ resolver: subcontractorResolver(mode), defaultValues });
  const { errors } = form.formState;

  const userOptions = (users.data ?? []).map((u) => ({ value: u.id, label: `${u.name} (${u.email})` }));
  if (linkedUser && !userOptions.some((o) => o.value === linkedUser.userId)) {
    userOptions.unshift({ value: linkedUser.userId, label: `${linkedUser.name} (${linkedUser.email})` });
  }

  const refsField = (name: 'tags' | 'zones', options: { value: string; label: string }[], emptyText?: string) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <MultiSelect
          id={`subcontractor-${name}`}
          options={options}
          value={(field.value ?? []).map((r) => r.id)}
          onChange={(ids) => field.onChange(ids.map((id) => ({ id })))}
          emptyText={emptyText}
        />
      )}
    />
  );

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-4" aria-label={mode === 'edit' ? 'Edit subcontractor' : 'New subcontractor'}>
      <FormAlert error={error} />
      <Card>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Name" error={errors.name?.message} required>
            <Input autoFocus {...form.register('name')} />
          </Field>
          <Field label="Kind" error={errors.kind?.message} required>
            <Select placeholder="Select kind" options={KIND_OPTIONS} {...form.register('kind')} />
          </Field>
          <Field label="Contact name" error={errors.contactName?.message}>
            <Input {...form.register('contactName')} />
          </Field>
          <Field label="Email" error={errors.email?.message}>
            <Input type="email" {...form.register('email')} />
          </Field>
          <Field label="Phone" error={errors.phone?.message}>
            <Input type="tel" {...form.register('phone')} />
          </Field>
          <Field
            label="Linked login user"
            error={errors.userId?.message}
            hint="Optional: a user with the SubContractor role who signs in for this subcontractor."
          >
            <Select placeholder="No linked user" options={userOptions} {...form.register('userId')} />
          </Field>
          <Field label="Service tags" id="subcontractor-tags">
            {() => refsField('tags', toOptions(tags.data), 'No existing tags!')}
          </Field>
          <Field label="Zones" id="subcontractor-zones">
            {() => refsField('zones', toOptions(zones.data))}
          </Field>
          {mode === 'edit' ? (
            <ControlledCheckbox
              control={form.control}
              name="isActive"
              id="subcontractor-active"
              label="Active subcontractor"
              fallback
              className="sm:col-span-2"
            />
          ) : null}
        </div>
      </Card>
      <FormActions onCancel={onCancel} pending={pending} />
    </form>
  );
}
