import { useEffect, useMemo, type ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { BILLING_KINDS, BILLING_LABELS, previewVisits } from '@fieldwork/domain/plans/plans.rules';
import { createPlanBody, updatePlanBody } from '@fieldwork/domain/plans/plans.schemas';
import { validateRecurrence } from '@fieldwork/domain/plans/recurrence.rules';
import { Card } from '../../components/card';
import { Field } from '../../components/field';
import { FormActions } from '../../components/form-actions';
import { FormAlert } from '../../components/form-alert';
import { Input } from '../../components/input';
import { Select } from '../../components/select';
import { Switch } from '../../components/switch';
import { Textarea } from '../../components/textarea';
import { CustomerSelect } from '../../shared/customers/customer-select';
import { SubcontractorPicker, TechnicianPicker } from '../../shared/scheduling/assignee-pickers';
import { customerKeys, customersApi } from '../customers/customers.api';
import { formFieldOfPath, toCreateBody, toRecurrence, toUpdateBody, type PlanFormValues } from './plan-form.schema';
import { PlanPreview } from './plan-preview';
import { PlanRecurrenceFields } from './plan-recurrence-fields';

export type PlanFormSubmit = { kind: 'create'; body: ReturnType<typeof toCreateBody> } | { kind: 'edit'; body: ReturnType<typeof toUpdateBody> };

export type PlanFormProps = {
  mode: 'create' | 'edit';
  defaultValues: PlanFormValues;
  /** The plan's version when editing: the save is refused (409) if someone changed it since. */
  version?: number;
  timeZone: string;
  now: Date;
  pending: boolean;
  serverError: unknown;
  onSubmit: (submit: PlanFormSubmit) => void;
  onCancel: () => void;
};

const ASSIGN_OPTIONS = [
  { value: 'LATER', label: 'Assign later' },
  { value: 'TECHNICIAN', label: 'Technician' },
  { value: 'SUBCONTRACTOR', label: 'Subcontractor' },
];
const GRID = 'grid gap-4 sm:grid-cols-2';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return <Card title={title}>{children}</Card>;
}

export function PlanForm({ mode, defaultValues, version, timeZone, now, pending, serverError, onSubmit, onCancel }: PlanFormProps) {
  const form = useForm<PlanFormValues>({ defaultValues });
  const { register, control, setValue, setError, formState } = form;
  const errors = formState.errors;
  const values = useWatch({ control }) as PlanFormValues;
  const recurrence = useMemo(() => toRecurrence(values), [values]);
  const problems = useMemo(() => validateRecurrence(recurrence), [recurrence]);
  // The technician's availability is shown for the plan's first visit, the one the generator books first.
  const firstVisit = useMemo(() => (problems.length ? undefined : previewVisits(recurrence, timeZone, now)[0]), [problems, recurrence, timeZone, now]);

  const customer = useQuery({
    queryKey: customerKeys.detail(values.customerId),
    queryFn: () => customersApi.get(values.customerId),
    enabled: Boolean(values.customerId),
  });
  // A chosen (or linked) customer fills its name and its first address as the site, as the job form does.
  const loaded = customer.data;
  useEffect(() => {
    if (!loaded || loaded.id !== form.getValues('customerId')) return;
    if (!form.getValues('customerName')) setValue('customerName', loaded.name);
    if (!form.getValues('siteAddressId')) setValue('siteAddressId', loaded.customerAddress[0]?.id ?? '');
  }, [loaded, form, setValue]);
  const addressOptions = (customer.data?.customerAddress ?? []).map((a) => ({ value: a.id, label: a.fullAddress }));

  const submit = form.handleSubmit((v) => {
    const body = mode === 'create' ? toCreateBody(v) : toUpdateBody(v, version ?? 1);
    const parsed = (mode === 'create' ? createPlanBody : updatePlanBody).safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = formFieldOfPath(issue.path);
        if (field) setError(field, { type: 'rule', message: issue.message });
      }
      return;
    }
    // The raw body goes out: the schema's parse turns dollars into cents, which is the server's job.
    onSubmit(mode === 'create' ? { kind: 'create', body: toCreateBody(v) } : { kind: 'edit', body: toUpdateBody(v, version ?? 1) });
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_340px] lg:items-start">
      <div className="min-w-0 space-y-4 lg:col-start-1">
        <FormAlert error={serverError} />
        <Section title="Customer & site">
          <div className={GRID}>
            <Field
              label="Customer"
              id="plan-customer"
              required
              error={errors.customerId?.message}
              hint={mode === 'edit' ? 'The customer and site of a plan cannot be changed.' : undefined}
            >
              {(c) => (
                <CustomerSelect
                  {...c}
                  value={values.customerId}
                  selectedName={values.customerName}
                  disabled={mode === 'edit'}
                  onSelect={(picked) => {
                    setValue('customerId', picked?.id ?? '', { shouldValidate: false });
                    setValue('customerName', picked?.name ?? '');
                    setValue('siteAddressId', '');
                  }}
                />
              )}
            </Field>
            <Field label="Site" id="plan-site" required error={errors.siteAddressId?.message}>
              <Select
                {...register('siteAddressId')}
                options={mode === 'edit' && !addressOptions.length ? [{ value: values.siteAddressId, label: 'Current site' }] : addressOptions}
                placeholder={values.customerId ? (customer.isLoading ? 'Loading…' : 'Select site') : 'Choose a customer first'}
                disabled={mode === 'edit' || !values.customerId}
              />
            </Field>
            <Field label="Plan name" id="plan-name" required error={errors.name?.message} className="sm:col-span-2">
              <Input {...register('name')} placeholder="e.g. Quarterly boiler check" />
            </Field>
          </div>
        </Section>
        <Section title="Schedule">
          <PlanRecurrenceFields control={control} register={register} values={values} problems={problems} errors={errors} />
        </Section>
      </div>
      {/* On phones the preview follows the schedule it previews; on wide screens it stays beside the whole form. */}
      <div className="lg:sticky lg:top-4 lg:col-start-2 lg:row-span-2 lg:row-start-1">
        <PlanPreview recurrence={recurrence} timeZone={timeZone} now={now} />
      </div>
      <div className="min-w-0 space-y-4 lg:col-start-1">
        <Section title="Each visit">
          <div className={GRID}>
            <Field label="Task name" id="plan-task-name" required error={errors.taskName?.message}>
              <Input {...register('taskName')} />
            </Field>
            <Field label="Assign to" id="plan-assign-to">
              <Select {...register('assignTo')} options={ASSIGN_OPTIONS} />
            </Field>
            <Field label="Description" id="plan-description" className="sm:col-span-2" error={errors.description?.message}>
              <Textarea {...register('description')} rows={3} />
            </Field>
            {values.assignTo === 'TECHNICIAN' ? (
              <div className="space-y-1.5 sm:col-span-2">
                <Controller
                  control={control}
                  name="assignedTechnicianId"
                  render={({ field }) => (
                    <TechnicianPicker
                      window={firstVisit ? { startDateTime: firstVisit.startsAt.toISOString(), expectedEndDateTime: firstVisit.endsAt.toISOString() } : null}
                      value={field.value}
                      onChange={field.onChange}
                      timeZone={timeZone}
                    />
                  )}
                />
                <p className="text-xs text-muted">
                  Availability is for the first visit; a later visit the technician is busy for is created unassigned and flagged.
                </p>
                {errors.assignedTechnicianId?.message ? (
                  <p role="alert" className="text-xs font-medium text-danger">
                    {errors.assignedTechnicianId.message}
                  </p>
                ) : null}
              </div>
            ) : null}
            {values.assignTo === 'SUBCONTRACTOR' ? (
              <div className="space-y-1.5 sm:col-span-2">
                <Controller
                  control={control}
                  name="assignedSubcontractorId"
                  render={({ field }) => <SubcontractorPicker value={field.value} onChange={field.onChange} />}
                />
                {errors.assignedSubcontractorId?.message ? (
                  <p role="alert" className="text-xs font-medium text-danger">
                    {errors.assignedSubcontractorId.message}
                  </p>
                ) : null}
              </div>
            ) : null}
          </div>
        </Section>
        <Section title="Billing">
          <div className={GRID}>
            <Field label="Billing" id="plan-billing" required>
              <Select {...register('billing')} options={BILLING_KINDS.map((b) => ({ value: b, label: BILLING_LABELS[b] }))} />
            </Field>
            <Field
              label={values.billing === 'per_visit' ? 'Price per visit ($)' : 'Price per period ($)'}
              id="plan-price"
              required
              error={errors.price?.message}
            >
              <Input {...register('price')} type="number" inputMode="decimal" min={0} step="0.01" />
            </Field>
            <SwitchField control={control} name="autoSendInvoices" label="Send invoices automatically" />
            <Field label="Renewal reminder (days before end)" id="plan-renewal" error={errors.renewalReminderDays?.message} hint="Empty: no reminder.">
              <Input {...register('renewalReminderDays')} type="number" inputMode="numeric" min={1} />
            </Field>
            {values.renewalReminderDays ? <SwitchField control={control} name="renewalReminderToCustomer" label="Remind the customer too" /> : null}
          </div>
        </Section>
        <FormActions onCancel={onCancel} pending={pending} />
      </div>
    </form>
  );
}

function SwitchField({
  control,
  name,
  label,
}: {
  control: ReturnType<typeof useForm<PlanFormValues>>['control'];
  name: 'autoSendInvoices' | 'renewalReminderToCustomer';
  label: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <label className="flex items-center gap-2 self-end pb-2 text-sm text-gray-700">
          <Switch checked={field.value} onCheckedChange={field.onChange} aria-label={label} />
          <span aria-hidden="true">{label}</span>
        </label>
      )}
    />
  );
}
