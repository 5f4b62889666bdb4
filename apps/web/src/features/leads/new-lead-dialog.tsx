import { useId, useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { createLeadBody, LEAD_SOURCES, LEAD_STATUSES, type CreateLeadBody } from '@fieldwork/domain/customers/leads.schemas';
import { Field } from '../../components/field';
import { FormAlert } from '../../components/form-alert';
import { FormDialog } from '../../components/form-dialog';
import { Select } from '../../components/select';
import { Textarea } from '../../components/textarea';
import { REQUIRED_SELECT } from '../../lib/form-messages';
import { useRecordSave } from '../../lib/use-record-save';
import { CustomerSelect } from '../../shared/customers/customer-select';
import { LEAD_SOURCE_OPTIONS, LEAD_STATUS_OPTIONS, leadKeys, leadsApi } from './leads.api';

const requiredChoice = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z
    .string()
    .min(1, { error: REQUIRED_SELECT })
    .pipe(z.enum(values, { error: `${label} must be one of: ${values.join(', ')}.` }));

const leadForm = createLeadBody.extend({
  customerId: z
    .string()
    .min(1, { error: REQUIRED_SELECT })
    .pipe(z.uuid({ error: 'Account Name must be a valid UUID.' })),
  source: requiredChoice(LEAD_SOURCES, 'Source'),
  status: requiredChoice(LEAD_STATUSES, 'Status'),
});
type LeadFormValues = { customerId: string; source: string; status: string; notes: string };

export function NewLeadDialog({ onClose }: { onClose: () => void }) {
  const formId = useId();
  const [customerName, setCustomerName] = useState('');
  const form = useForm<LeadFormValues, unknown, CreateLeadBody>({
    resolver: zodResolver(leadForm) as unknown as Resolver<LeadFormValues, unknown, CreateLeadBody>,
    defaultValues: { customerId: '', source: '', status: 'NEW', notes: '' },
  });
  const { errors } = form.formState;
  const create = useRecordSave({
    save: (body: CreateLeadBody) => leadsApi.create(body),
    invalidate: leadKeys.all,
    successMessage: 'Lead created',
    onSaved: onClose,
  });

  return (
    <FormDialog title="New lead" onClose={onClose} formId={formId} submitLabel="Create lead" pending={create.isPending}>
      <form id={formId} noValidate className="space-y-4" onSubmit={form.handleSubmit((body) => create.mutate(body))}>
        <FormAlert error={create.error} />
        <Field label="Customer" error={errors.customerId?.message} required id="lead-customer">
          {(control) => (
            <Controller
              control={form.control}
              name="customerId"
              render={({ field }) => (
                <CustomerSelect
                  {...control}
                  value={field.value}
                  selectedName={customerName}
                  onSelect={(c) => {
                    setCustomerName(c?.name ?? '');
                    field.onChange(c?.id ?? '');
                  }}
                />
              )}
            />
          )}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Source" error={errors.source?.message} required>
            <Select id="lead-source" placeholder="Select source" options={LEAD_SOURCE_OPTIONS} {...form.register('source')} />
          </Field>
          <Field label="Status" error={errors.status?.message} required>
            <Select id="lead-status" options={LEAD_STATUS_OPTIONS} {...form.register('status')} />
          </Field>
        </div>
        <Field label="Notes" error={errors.notes?.message}>
          <Textarea id="lead-notes" rows={3} {...form.register('notes')} />
        </Field>
      </form>
    </FormDialog>
  );
}
