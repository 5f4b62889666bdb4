import { useRef, useState } from 'react';
import { useWatch, type FieldPath, type UseFormReturn } from 'react-hook-form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { Job } from '@fieldwork/domain/jobs/jobs.schemas';
import { Field } from '../../components/field';
import type { SelectOption } from '../../components/select';
import { ControlledSelect } from '../../components/controlled-select';
import { messageOf } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { CustomerSelect } from '../customers/customer-select';
import { customerKeys, customersApi } from '../../features/customers/customers.api';
import { customerDefaults } from '../customers/customer-select';
import { jobKeys, jobsApi } from '../../features/jobs/jobs.api';
import { JobSelect } from '../tasks/task-pickers';
import type { DocumentFormValues } from './use-document-form';

type RefField = 'accountAddressId' | 'buildingUnitId' | 'billingContactId' | 'siteContactId';

/** What a job gives a document: its customer, site address, building/unit and site contact. */
export function jobPrefill(job: Job): Pick<DocumentFormValues, 'jobType' | 'jobId' | 'accountId' | 'accountAddressId' | 'buildingUnitId' | 'siteContactId'> {
  return {
    jobType: 'Existing',
    jobId: job.id,
    accountId: job.customer.id,
    accountAddressId: job.siteAddress.id,
    buildingUnitId: job.buildingUnit?.id ?? '',
    siteContactId: job.siteContact?.id ?? '',
  };
}

export type CustomerJobPickerProps = {
  form: UseFormReturn<DocumentFormValues>;
  /** Names known before any lookup (the draft's or the prefilling job's). */
  known: { customerName: string; jobLabel: string };
  /** A draft already linked to a job keeps it: linking is permanent. */
  jobLocked: boolean;
};

/** The Customer & Job section: an existing job (which fixes the customer) or a customer without a job. */
export function CustomerJobPicker({ form, known, jobLocked }: CustomerJobPickerProps) {
  const queryClient = useQueryClient();
  const { errors } = form.formState;
  const [jobType, jobId, accountId] = useWatch({ control: form.control, name: ['jobType', 'jobId', 'accountId'] });
  const [customerName, setCustomerName] = useState(known.customerName);
  const [jobLabel, setJobLabel] = useState(known.jobLabel);
  const latest = useRef('');

  const customer = useQuery({ queryKey: customerKeys.detail(accountId), queryFn: () => customersApi.get(accountId), enabled: Boolean(accountId) });
  const c = customer.data && customer.data.id === accountId ? customer.data : undefined;

  const set = (field: FieldPath<DocumentFormValues>, value: string) =>
    form.setValue(field, value, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  const clearRefs = () => {
    for (const field of ['accountAddressId', 'buildingUnitId', 'billingContactId', 'siteContactId'] as const) set(field, '');
  };

  const chooseJob = async (picked: { value: string; label: string } | null) => {
    latest.current = picked?.value ?? '';
    setJobLabel(picked?.label ?? '');
    set('jobId', picked?.value ?? '');
    if (!picked) return;
    try {
      const job = await queryClient.fetchQuery({ queryKey: jobKeys.detail(picked.value), queryFn: () => jobsApi.get(picked.value) });
      if (latest.current !== job.id) return;
      const prefill = jobPrefill(job);
      setCustomerName(job.customer.name);
      set('accountId', prefill.accountId);
      set('accountAddressId', prefill.accountAddressId);
      set('buildingUnitId', prefill.buildingUnitId);
      set('siteContactId', prefill.siteContactId);
      set('billingContactId', '');
      const full = await queryClient.fetchQuery({ queryKey: customerKeys.detail(job.customer.id), queryFn: () => customersApi.get(job.customer.id) });
      if (latest.current === job.id) set('billingContactId', customerDefaults(full).siteContactId);
    } catch (error) {
      toast.error('Job could not be loaded', { description: messageOf(error) });
    }
  };

  const chooseCustomer = async (picked: { id: string; name: string } | null) => {
    latest.current = picked?.id ?? '';
    setCustomerName(picked?.name ?? '');
    set('accountId', picked?.id ?? '');
    clearRefs();
    if (!picked) return;
    try {
      const full = await queryClient.fetchQuery({ queryKey: customerKeys.detail(picked.id), queryFn: () => customersApi.get(picked.id) });
      if (latest.current !== picked.id) return;
      // The job form's rule: the first address, and the billing contact.
      const d = customerDefaults(full);
      set('accountAddressId', d.siteAddressId);
      set('billingContactId', d.siteContactId);
    } catch (error) {
      toast.error('Customer could not be loaded', { description: messageOf(error) });
    }
  };

  const switchType = (type: DocumentFormValues['jobType']) => {
    if (type === jobType) return;
    form.setValue('jobType', type, { shouldDirty: true });
    // Leaving a job keeps its customer and references (a loose document of the same customer).
    set('jobId', '');
    setJobLabel('');
  };

  const noCustomer = !accountId;
  const placeholder = noCustomer ? (jobType === 'Existing' ? 'Choose a job first' : 'Choose a customer first') : customer.isLoading ? 'Loading…' : 'None';
  const addressOptions: SelectOption[] = (c?.customerAddress ?? []).map((a) => ({ value: a.id, label: a.fullAddress || a.addressLine1 }));
  const unitOptions: SelectOption[] = (c?.customerAddress ?? [])
    .filter((a) => a.buildingUnit)
    .map((a) => ({ value: a.id, label: `${a.buildingUnit} — ${a.addressLine1}` }));
  const contactOptions: SelectOption[] = (c?.contacts ?? []).map((p) => ({
    value: p.id,
    label: [p.name, p.isBilling ? '(Billing)' : ''].filter(Boolean).join(' '),
  }));
  // A saved reference keeps its row even before the customer record arrives.
  const withCurrent = (options: SelectOption[], field: RefField) => {
    const value = form.getValues(field);
    return value && !options.some((o) => o.value === value) && !c ? [...options, { value, label: 'Loading…' }] : options;
  };

  const select = (field: RefField, label: string, options: SelectOption[], required = false) => (
    <Field label={label} error={errors[field]?.message} required={required} id={`doc-${field}`}>
      {(control) => (
        <ControlledSelect
          {...control}
          control={form.control}
          name={field}
          options={withCurrent(options, field)}
          placeholder={placeholder}
          disabled={noCustomer}
        />
      )}
    </Field>
  );

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <fieldset className="sm:col-span-2">
        <legend className="mb-1.5 text-sm font-medium text-gray-900">Job</legend>
        <div role="radiogroup" aria-label="Job" className="inline-flex rounded-md border border-border p-0.5">
          {(
            [
              ['Existing', 'Existing job'],
              ['NonJob', 'No job'],
            ] as const
          ).map(([value, label]) => (
            <button
              key={value}
              type="button"
              role="radio"
              aria-checked={jobType === value}
              disabled={jobLocked}
              onClick={() => switchType(value)}
              className={cn(
                'rounded px-3 py-1 text-sm focus-visible:outline-2 focus-visible:outline-primary disabled:cursor-not-allowed',
                jobType === value ? 'bg-primary-soft font-medium text-primary-hover' : 'text-gray-700 hover:bg-gray-50',
              )}
            >
              {label}
            </button>
          ))}
        </div>
      </fieldset>
      {jobType === 'Existing' ? (
        <Field
          label="Job"
          required
          error={errors.jobId?.message}
          id="doc-job"
          className="sm:col-span-2"
          hint={jobLocked ? 'Linking is permanent: the job of this document cannot change.' : undefined}
        >
          {(control) => <JobSelect {...control} value={jobId} selectedLabel={jobLabel} onSelect={(o) => void chooseJob(o)} disabled={jobLocked} />}
        </Field>
      ) : null}
      <Field
        label="Customer"
        required
        error={errors.accountId?.message}
        id="doc-customer"
        className="sm:col-span-2"
        hint={jobType === 'Existing' ? 'The customer comes from the job.' : undefined}
      >
        {(control) => (
          <CustomerSelect
            {...control}
            value={accountId}
            selectedName={customerName}
            onSelect={(p) => void chooseCustomer(p)}
            disabled={jobType === 'Existing'}
          />
        )}
      </Field>
      <div className="sm:col-span-2">{select('accountAddressId', 'Address', addressOptions)}</div>
      {select('buildingUnitId', 'Building/Unit', unitOptions)}
      {select('billingContactId', 'Billing Contact', contactOptions)}
      {select('siteContactId', 'Site Contact', contactOptions)}
    </div>
  );
}
