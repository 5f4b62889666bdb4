import { useId, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { DropdownMenu } from 'radix-ui';
import { ChevronDown, Plus } from 'lucide-react';
import type { Job } from '@fieldwork/domain/jobs/jobs.schemas';
import { Button } from '../../components/button';
import { Field } from '../../components/field';
import { FormAlert } from '../../components/form-alert';
import { FormDialog } from '../../components/form-dialog';
import { Select, type SelectOption } from '../../components/select';
import { Textarea } from '../../components/textarea';
import { useAuth } from '../../lib/auth-context';
import { REQUIRED_SELECT } from '../../lib/form-messages';
import { estimatesApi, invoicesApi, type DocumentKind } from '../billing/billing.api';
import { useInvalidateBilling } from '../../shared/billing/use-document-actions';
import { customerKeys, customersApi } from '../customers/customers.api';

export const QUICK_CREATE_LABELS = { estimate: 'Create New Estimate', invoice: 'Create New Invoice', cost: 'Add Cost' } as const;
/** Same bound as the documents' customer message, which the description becomes. */
const DESCRIPTION_MAX = 4000;

const quickCreateForm = z.object({
  siteAddressId: z.string().min(1, { error: REQUIRED_SELECT }),
  description: z
    .string()
    .trim()
    .min(1, { error: REQUIRED_SELECT })
    .max(DESCRIPTION_MAX, { error: `Description must be less than or equal to ${DESCRIPTION_MAX} characters.` }),
});
type QuickCreateValues = z.infer<typeof quickCreateForm>;

/** Where the actual-costs page lives (it arrives with the costs issue; until then the link is all there is). */
export const addCostHref = (jobId: string) => `/workorder/task-details/actual-costs?jobId=${encodeURIComponent(jobId)}`;

const itemClass = 'flex cursor-pointer items-center rounded px-2 py-1.5 text-sm text-gray-900 outline-none data-[highlighted]:bg-gray-100';

/**
 * The job header's quick-create menu (spec: Create New Estimate, Create New Invoice, Add Cost): only on an
 * open job, and only for a user who may write estimates or invoices; each entry needs its own capability.
 */
export function JobQuickCreate({ job }: { job: Job }) {
  const auth = useAuth();
  const [dialog, setDialog] = useState<DocumentKind | null>(null);
  const canEstimate = auth.can('estimates.write');
  const canInvoice = auth.can('invoices.write');
  if (job.status !== 'OPEN' || (!canEstimate && !canInvoice)) return null;

  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger asChild>
          <Button>
            <Plus size={14} aria-hidden="true" /> Quick create <ChevronDown size={14} aria-hidden="true" />
          </Button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content align="end" sideOffset={4} className="z-50 min-w-56 rounded-md border border-border bg-white p-1 shadow-lg">
            {canEstimate ? (
              <DropdownMenu.Item className={itemClass} onSelect={() => setDialog('estimate')}>
                {QUICK_CREATE_LABELS.estimate}
              </DropdownMenu.Item>
            ) : null}
            {canInvoice ? (
              <DropdownMenu.Item className={itemClass} onSelect={() => setDialog('invoice')}>
                {QUICK_CREATE_LABELS.invoice}
              </DropdownMenu.Item>
            ) : null}
            {auth.can('jobs.write') ? (
              <DropdownMenu.Item asChild className={itemClass}>
                <a href={addCostHref(job.id)}>{QUICK_CREATE_LABELS.cost}</a>
              </DropdownMenu.Item>
            ) : null}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {dialog ? <QuickCreateDialog kind={dialog} job={job} onClose={() => setDialog(null)} /> : null}
    </>
  );
}

/**
 * Site address and description, both required: creates a DRAFT on this job with the description as its
 * customer message and no lines, then opens the draft's create page where the lines are added.
 */
function QuickCreateDialog({ kind, job, onClose }: { kind: DocumentKind; job: Job; onClose: () => void }) {
  const formId = useId();
  const navigate = useNavigate();
  const invalidate = useInvalidateBilling();
  const customer = useQuery({ queryKey: customerKeys.detail(job.customer.id), queryFn: () => customersApi.get(job.customer.id) });
  const form = useForm<QuickCreateValues>({
    resolver: zodResolver(quickCreateForm) as Resolver<QuickCreateValues>,
    defaultValues: { siteAddressId: job.siteAddress.id, description: '' },
  });
  const { errors } = form.formState;

  const create = useMutation({
    mutationFn: async ({ siteAddressId, description }: QuickCreateValues) => {
      const jobInfo = { type: 'Existing', jobId: job.id, accountAddressId: siteAddressId } as const;
      const money = { depositAmount: 0, isDepositRequired: false, freight: 0 };
      return kind === 'estimate'
        ? estimatesApi.create({ mode: 'Draft', jobInfo, estimateInfo: { ...money, estimateCustomerMessage: description }, productServices: [] })
        : invoicesApi.create({ mode: 'Draft', jobInfo, invoiceInfo: { ...money, invoiceCustomerMessage: description }, productServices: [] });
    },
    onSuccess: async ({ id }) => {
      await invalidate();
      await navigate(
        kind === 'estimate' ? { to: '/workorder/estimates/$id/create', params: { id } } : { to: '/workorder/invoices/$id/create', params: { id } },
      );
    },
  });

  // The job's own address is an option even before (or without) the customer's record.
  const addresses: SelectOption[] = (customer.data?.customerAddress ?? []).map((a) => ({ value: a.id, label: a.fullAddress || a.addressLine1 }));
  if (!addresses.some((a) => a.value === job.siteAddress.id)) addresses.unshift({ value: job.siteAddress.id, label: job.siteAddress.fullAddress });

  return (
    <FormDialog
      title={QUICK_CREATE_LABELS[kind]}
      onClose={onClose}
      formId={formId}
      submitLabel={kind === 'estimate' ? 'Create Estimate' : 'Create Invoice'}
      pending={create.isPending}
    >
      <form id={formId} noValidate className="space-y-4" onSubmit={form.handleSubmit((values) => create.mutate(values))}>
        <FormAlert error={create.error} />
        <Field label="Site Address" error={errors.siteAddressId?.message} required>
          <Select id={`${formId}-site`} placeholder="Select site address" options={addresses} {...form.register('siteAddressId')} />
        </Field>
        <Field label="Description" error={errors.description?.message} required>
          <Textarea id={`${formId}-description`} rows={4} {...form.register('description')} />
        </Field>
      </form>
    </FormDialog>
  );
}
