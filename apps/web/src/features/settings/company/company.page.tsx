import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { z } from 'zod';
import { updateCompanyBody, type Company, type UpdateCompanyBody } from '@fieldwork/domain/company/company.schemas';
import { listTimeZones } from '@fieldwork/domain/time/time-zones.rules';
import { api, isApiError, type DataOf } from '../../../lib/api-client';
import { SESSION_KEY } from '../../../lib/auth-context';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { ErrorState } from '../../../components/error-state';
import { Field } from '../../../components/field';
import { FormAlert } from '../../../components/form-alert';
import { Input } from '../../../components/input';
import { PageHeader } from '../../../components/page-header';
import { Select } from '../../../components/select';
import { SkeletonForm } from '../../../components/skeleton';
import { dashboardKeys } from '../../dashboard/dashboard.api';
import { BrandColorField } from './brand-color-field';
import { CompanyLogo } from './company-logo';
import { CustomerPortalCard } from './customer-portal-card';
import { UnverifiedCompanyBanner } from '../../../shared/messages/unverified-company-banner';

const COMPANY_KEY = ['company'] as const;

export function CompanyPage() {
  const queryClient = useQueryClient();
  const company = useQuery({ queryKey: COMPANY_KEY, queryFn: async () => (await api.get<DataOf<Company>>('/company')).data });
  return (
    <>
      <PageHeader
        title="Company"
        description="Your company's name, the time zone every date is shown in, what your documents show of you, how long customer links work, and your customer financing page."
      />
      {company.isLoading ? (
        <Card>
          <SkeletonForm fields={4} />
        </Card>
      ) : company.error || !company.data ? (
        <Card>
          <ErrorState error={company.error} onRetry={() => void company.refetch()} />
        </Card>
      ) : (
        <div className="space-y-4">
          {company.data.emailVerified === false ? <UnverifiedCompanyBanner /> : null}
          <Card title="Logo">
            <CompanyLogo company={company.data} onChanged={(next) => queryClient.setQueryData(COMPANY_KEY, next)} />
          </Card>
          <Card>
            <CompanyForm key={company.data.version} company={company.data} />
          </Card>
          <CustomerPortalCard company={company.data} />
        </div>
      )}
    </>
  );
}

function CompanyForm({ company }: { company: Company }) {
  const queryClient = useQueryClient();
  const zones = useMemo(() => {
    const all = listTimeZones();
    return (all.includes(company.timeZone) ? all : [company.timeZone, ...all]).map((z) => ({ value: z, label: z.replaceAll('_', ' ') }));
  }, [company.timeZone]);
  const form = useForm<z.input<typeof updateCompanyBody>, unknown, UpdateCompanyBody>({
    resolver: zodResolver(updateCompanyBody),
    defaultValues: {
      name: company.name,
      timeZone: company.timeZone,
      email: company.email ?? '',
      phone: company.phone ?? '',
      address: company.address ?? '',
      brandColor: company.brandColor ?? '',
      financingUrl: company.financingUrl ?? '',
      portalEstimateLinkDays: company.portalLinkDays?.estimate,
      portalInvoiceLinkDays: company.portalLinkDays?.invoice,
      version: company.version,
    },
  });
  const save = useMutation({
    mutationFn: async (body: UpdateCompanyBody) => (await api.put<DataOf<Company>>('/company', body)).data,
    onSuccess: async () => {
      toast.success('Company updated');
      // The session carries the company name and zone shown everywhere; the dashboard banner shows the financing URL.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: COMPANY_KEY }),
        queryClient.invalidateQueries({ queryKey: SESSION_KEY }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.financing }),
      ]);
    },
    onError: (error) => {
      if (isApiError(error) && error.code === 'STALE_VERSION') void queryClient.invalidateQueries({ queryKey: COMPANY_KEY });
    },
  });
  const { errors } = form.formState;
  return (
    <form noValidate onSubmit={form.handleSubmit((v) => save.mutate(v))} className="max-w-lg space-y-4">
      <FormAlert error={save.error} />
      <Field label="Company name" error={errors.name?.message} required>
        <Input {...form.register('name')} />
      </Field>
      <Field label="Time zone" error={errors.timeZone?.message} required hint="Changing it moves every day boundary: today, overdue and date filters.">
        <Select options={zones} {...form.register('timeZone')} />
      </Field>
      <fieldset className="space-y-4">
        <legend className="text-sm font-semibold text-fg">On your estimates and invoices</legend>
        <Field label="Email" error={errors.email?.message}>
          <Input type="email" autoComplete="email" {...form.register('email')} />
        </Field>
        <Field label="Phone" error={errors.phone?.message}>
          <Input type="tel" autoComplete="tel" {...form.register('phone')} />
        </Field>
        <Field label="Address" error={errors.address?.message}>
          <Input autoComplete="street-address" {...form.register('address')} />
        </Field>
        <BrandColorField form={form} error={errors.brandColor?.message} />
      </fieldset>
      {company.portalLinkDays ? (
        <fieldset className="space-y-4">
          <legend className="text-sm font-semibold text-fg">Customer links</legend>
          <Field
            label="Estimate links work for (days)"
            error={errors.portalEstimateLinkDays?.message}
            hint="Unless the estimate's due date comes first. Links sent earlier keep their dates."
          >
            <Input type="number" inputMode="numeric" min={1} max={365} {...form.register('portalEstimateLinkDays', { valueAsNumber: true })} />
          </Field>
          <Field label="Invoice links work for (days)" error={errors.portalInvoiceLinkDays?.message}>
            <Input type="number" inputMode="numeric" min={1} max={365} {...form.register('portalInvoiceLinkDays', { valueAsNumber: true })} />
          </Field>
        </fieldset>
      ) : null}
      <Field
        label="Customer financing URL"
        error={errors.financingUrl?.message}
        hint="Your lender's apply page (https://…). The dashboard's Customer Financing banner opens it; leave empty to hide the banner."
      >
        <Input type="url" inputMode="url" placeholder="https://" {...form.register('financingUrl')} />
      </Field>
      <Button type="submit" loading={save.isPending}>
        Save changes
      </Button>
    </form>
  );
}
