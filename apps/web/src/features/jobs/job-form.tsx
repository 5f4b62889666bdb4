import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link2 } from 'lucide-react';
import { toast } from 'sonner';
import type { Customer } from '@fieldwork/domain/customers/customers.schemas';
import { JOB_DESCRIPTION_MAX, JOB_NAME_FORM_MESSAGE, JOB_NAME_MAX } from '@fieldwork/domain/jobs/jobs.schemas';
import { Badge } from '../../components/badge';
import { Card } from '../../components/card';
import { Field } from '../../components/field';
import { FormActions } from '../../components/form-actions';
import { FormAlert } from '../../components/form-alert';
import { Input } from '../../components/input';
import { MultiSelect } from '../../components/multi-select';
import type { SelectOption } from '../../components/select';
import { ControlledSelect } from '../../components/controlled-select';
import { Textarea } from '../../components/textarea';
import { ApiError, messageOf } from '../../lib/api-client';
import { useServerFieldErrors } from '../../lib/use-server-field-errors';
import { cn } from '../../lib/cn';
import { CustomerSelect, customerDefaults } from '../../shared/customers/customer-select';
import { customerKeys, customersApi } from '../customers/customers.api';
import { toOptions, useTags, useZones } from '../settings/lookups.api';
import { JobAiDescription } from './job-ai-description';
import { fieldOfMessage, jobResolver, type JobFormOutput, type JobFormValues } from './job-form.schema';
import { JobMedia } from './job-media';
import { jobKeys, jobsApi, type MediaTarget } from './jobs.api';

export type KnownUser = { id: string; name: string };

export type JobFormProps = {
  mode: 'create' | 'edit';
  defaultValues: JobFormValues;
  /** Names already known (from the job being edited or copied), so selects read right before lookups load. */
  known?: { customerName?: string; users?: readonly KnownUser[] };
  /** Set when the job comes from a CRM lead: "From lead #N". */
  leadNumber?: string;
  /** A customer given by the link (customerId=…) gets its first address and billing contact filled in. */
  autoFillCustomer?: boolean;
  mediaTarget: MediaTarget;
  canUseAi: boolean;
  canUploadMedia: boolean;
  onSubmit: (values: JobFormOutput) => void;
  onCancel: () => void;
  pending: boolean;
  serverError: unknown;
  timeZone?: string;
};

const SECTION_GRID = 'grid gap-4 sm:grid-cols-2';

export function JobForm({
  mode,
  defaultValues,
  known,
  leadNumber,
  autoFillCustomer = false,
  mediaTarget,
  canUseAi,
  canUploadMedia,
  onSubmit,
  onCancel,
  pending,
  serverError,
  timeZone,
}: JobFormProps) {
  const queryClient = useQueryClient();
  const form = useForm<JobFormValues, unknown, JobFormOutput>({ resolver: jobResolver(mode), defaultValues });
  const { errors } = form.formState;
  const [customerId, name, description, siteAddressId, tagRefs, jobLeadId, salesManagerId] = useWatch({
    control: form.control,
    name: ['customerId', 'name', 'description', 'siteAddressId', 'tags', 'jobLeadId', 'salesManagerId'],
  });

  const customer = useQuery({
    queryKey: customerKeys.detail(customerId),
    queryFn: () => customersApi.get(customerId),
    enabled: Boolean(customerId),
  });
  const leads = useQuery({ queryKey: jobKeys.eligibleUsers('jobLead'), queryFn: () => jobsApi.eligibleUsers('jobLead'), staleTime: 5 * 60_000 });
  const managers = useQuery({ queryKey: jobKeys.eligibleUsers('salesManager'), queryFn: () => jobsApi.eligibleUsers('salesManager'), staleTime: 5 * 60_000 });
  const tags = useTags('SERVICE');
  const zones = useZones();

  const [pickedName, setPickedName] = useState<string | null>(null);
  const latestPick = useRef('');
  const autoFilled = useRef(!autoFillCustomer);

  const set = (field: FieldPath<JobFormValues>, value: string) =>
    form.setValue(field, value, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });

  const fillFrom = (c: Customer) => {
    const d = customerDefaults(c);
    set('siteAddressId', d.siteAddressId);
    set('siteContactId', d.siteContactId);
  };

  // A customer named by the link fills its defaults once its record arrives.
  useEffect(() => {
    if (!autoFilled.current && customer.data && customer.data.id === customerId) {
      autoFilled.current = true;
      if (!form.getValues('siteAddressId')) fillFrom(customer.data);
    }
    // fillFrom only writes form values, so it is not a dependency.
  }, [customer.data, customerId]);

  const chooseCustomer = async (picked: { id: string; name: string } | null) => {
    latestPick.current = picked?.id ?? '';
    setPickedName(picked?.name ?? '');
    set('customerId', picked?.id ?? '');
    for (const field of ['siteAddressId', 'buildingUnitId', 'siteContactId', 'requesterId'] as const) set(field, '');
    if (!picked) return;
    try {
      const full = await queryClient.fetchQuery({ queryKey: customerKeys.detail(picked.id), queryFn: () => customersApi.get(picked.id) });
      if (latestPick.current === picked.id) fillFrom(full);
    } catch (error) {
      toast.error('Customer could not be loaded', { description: messageOf(error) });
    }
  };

  // Server validation: each message under the field it names; the rest above the form.
  const unmatched = useServerFieldErrors(serverError, form.setError, fieldOfMessage);

  const c = customer.data && customer.data.id === customerId ? customer.data : undefined;
  const customerName = pickedName ?? c?.name ?? known?.customerName ?? '';
  const addressOptions: SelectOption[] = (c?.customerAddress ?? []).map((a) => ({ value: a.id, label: a.fullAddress || a.addressLine1 }));
  const unitOptions: SelectOption[] = (c?.customerAddress ?? [])
    .filter((a) => a.buildingUnit)
    .map((a) => ({ value: a.id, label: `${a.buildingUnit} — ${a.addressLine1}` }));
  const contactOptions: SelectOption[] = (c?.contacts ?? []).map((p) => ({
    value: p.id,
    label: [p.name, p.isBilling ? '(Billing)' : '', p.mobileNumber ? `· ${p.mobileNumber}` : ''].filter(Boolean).join(' '),
  }));
  // Only people who can hold the role; the one a job already names stays choosable (the server keeps them too).
  const peopleOptions = (people: readonly { id: string; name: string }[] | undefined, current: string): SelectOption[] => {
    const options = (people ?? []).map((u) => ({ value: u.id, label: u.name }));
    const kept = known?.users?.find((u) => u.id === current);
    if (kept && !options.some((o) => o.value === kept.id)) options.push({ value: kept.id, label: kept.name });
    return options;
  };

  const nameTooLong = name.length > JOB_NAME_MAX;
  const descriptionTooLong = description.length > JOB_DESCRIPTION_MAX;
  const noCustomer = !customerId;
  const customerLoading = Boolean(customerId) && customer.isLoading;

  const select = (
    field: 'siteAddressId' | 'buildingUnitId' | 'siteContactId' | 'requesterId' | 'jobLeadId' | 'salesManagerId',
    label: string,
    options: SelectOption[],
    placeholder: string,
    opts: { required?: boolean; disabled?: boolean; className?: string } = {},
  ) => (
    <Field label={label} error={errors[field]?.message} required={opts.required} className={opts.className} id={`job-${field}`}>
      {(control) => <ControlledSelect {...control} control={form.control} name={field} options={options} placeholder={placeholder} disabled={opts.disabled} />}
    </Field>
  );

  const refsSelect = (field: 'tags' | 'zones', label: string, options: SelectOption[], emptyText: string) => {
    const fieldErrors = errors[field];
    const message = fieldErrors?.message ?? (Array.isArray(fieldErrors) ? fieldErrors.find((e) => e?.id?.message)?.id?.message : undefined);
    return (
      <Field label={label} error={message} id={`job-${field}`}>
        {(control) => (
          <Controller
            control={form.control}
            name={field}
            render={({ field: f }) => (
              <MultiSelect
                {...control}
                options={options}
                value={(f.value ?? []).map((r) => r.id)}
                onChange={(ids) => f.onChange(ids.map((id) => ({ id })))}
                emptyText={emptyText}
                badgeMode="responsive"
              />
            )}
          />
        )}
      </Field>
    );
  };

  const aiContext = () => {
    const tagNames = new Map((tags.data ?? []).map((t) => [t.id, t.name]));
    const address = c?.customerAddress.find((a) => a.id === siteAddressId);
    return {
      jobName: name.trim().slice(0, JOB_NAME_MAX),
      jobTags: (tagRefs ?? []).map((t) => tagNames.get(t.id)).filter((n): n is string => Boolean(n)),
      ...(customerName ? { customerName } : {}),
      ...(address ? { siteAddress: address.fullAddress } : {}),
    };
  };

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-4 pb-20" aria-label={mode === 'edit' ? 'Edit job' : 'New job'}>
      {unmatched.length > 0 ? <FormAlert error={new ApiError(400, 'VALIDATION_FAILED', unmatched.join(' '), unmatched)} /> : null}

      <Section
        title="Customer & Location"
        aside={
          leadNumber ? (
            <Badge tone="primary">
              <Link2 size={12} aria-hidden="true" className="mr-1" />
              From lead #{leadNumber}
            </Badge>
          ) : null
        }
      >
        <div className={SECTION_GRID}>
          <Field
            label="Customer"
            error={errors.customerId?.message}
            required
            id="job-customer"
            className="sm:col-span-2"
            hint={mode === 'edit' ? 'The customer of a job cannot be changed.' : undefined}
          >
            {(control) => (
              <CustomerSelect
                {...control}
                value={customerId}
                selectedName={customerName}
                onSelect={(picked) => void chooseCustomer(picked)}
                disabled={mode === 'edit'}
              />
            )}
          </Field>
          {select(
            'siteAddressId',
            'Site Address',
            addressOptions,
            customerLoading ? 'Loading…' : noCustomer ? 'Choose a customer first' : 'Select site address',
            {
              required: true,
              disabled: noCustomer,
              className: 'sm:col-span-2',
            },
          )}
          {select('buildingUnitId', 'Building/Unit', unitOptions, unitOptions.length || noCustomer ? 'None' : 'No building or unit on file', {
            disabled: noCustomer || unitOptions.length === 0,
          })}
          {select('siteContactId', 'Site Contact', contactOptions, 'None', { disabled: noCustomer })}
          {select('requesterId', 'Requester', contactOptions, 'None', { disabled: noCustomer })}
        </div>
      </Section>

      <Section title="Job Assignment & Details">
        <div className={SECTION_GRID}>
          {select('jobLeadId', 'Job Lead', peopleOptions(leads.data, jobLeadId), leads.isLoading ? 'Loading…' : 'None')}
          {select('salesManagerId', 'Sales Manager', peopleOptions(managers.data, salesManagerId), managers.isLoading ? 'Loading…' : 'None')}
        </div>
      </Section>

      <Section title="Job Info">
        <div className={SECTION_GRID}>
          <Field
            label="Job Name"
            required
            className="sm:col-span-2"
            error={errors.name?.message ?? (nameTooLong ? JOB_NAME_FORM_MESSAGE : undefined)}
            hint={<Counter value={name.length} max={JOB_NAME_MAX} />}
          >
            <Input id="job-name" {...form.register('name')} />
          </Field>
          <Field
            label="Description"
            className="sm:col-span-2"
            error={errors.description?.message}
            hint={<Counter value={description.length} max={JOB_DESCRIPTION_MAX} />}
          >
            <Textarea id="job-description" rows={5} {...form.register('description')} invalid={descriptionTooLong || Boolean(errors.description)} />
          </Field>
          {canUseAi ? (
            <div className="-mt-2 sm:col-span-2">
              <JobAiDescription
                description={description}
                context={aiContext}
                onWritten={(text) => form.setValue('description', text, { shouldDirty: true, shouldValidate: form.formState.isSubmitted })}
              />
            </div>
          ) : null}
          {refsSelect('tags', 'Tags', toOptions(tags.data), 'No existing tags!')}
          {refsSelect('zones', 'Service Areas', toOptions(zones.data), 'No items found')}
        </div>
      </Section>

      <Section title="Media and Documents">
        <JobMedia target={mediaTarget} canUpload={canUploadMedia} canDelete={canUploadMedia} timeZone={timeZone} />
      </Section>

      <FormActions onCancel={onCancel} pending={pending} className="fixed inset-x-0 bottom-0 z-20 border-t border-border bg-white px-4 py-3 lg:left-56" />
    </form>
  );
}

function Section({ title, aside, children }: { title: string; aside?: ReactNode; children: ReactNode }) {
  return (
    <Card title={title} actions={aside}>
      {children}
    </Card>
  );
}

function Counter({ value, max }: { value: number; max: number }) {
  return (
    <span className={cn('tabular-nums', value > max && 'font-medium text-danger')}>
      {value}/{max}
    </span>
  );
}
