import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { toast } from 'sonner';
import type { Job } from '@fieldwork/domain/jobs/jobs.schemas';
import { ErrorState } from '../../components/error-state';
import { BackLink, PageHeader } from '../../components/page-header';
import { SkeletonForm } from '../../components/skeleton';
import { isApiError } from '../../lib/api-client';
import { useAuth } from '../../lib/auth-context';
import { JobForm, type KnownUser } from './job-form';
import { emptyJobValues, jobToValues, newSessionToken, toCreateBody, type JobFormOutput, type JobFormValues } from './job-form.schema';
import { jobKeys, jobsApi } from './jobs.api';

/** Spec: a saved form moves on after 700 ms, so the confirmation is seen. */
export const REDIRECT_AFTER_SAVE_MS = 700;

export type JobCreateSearch = { customerId?: string; leadId?: string; leadNumber?: number; jobId?: string };

export function knownUsersOf(job: Job | undefined): KnownUser[] {
  if (!job) return [];
  return [job.jobLead, job.salesManager].filter((u) => u !== null).map((u) => ({ id: u.userId, name: u.username }));
}

export function JobCreatePage() {
  const search: JobCreateSearch = useSearch({ strict: false });
  const { customerId, leadId, leadNumber, jobId } = search;
  const auth = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [sessionToken] = useState(newSessionToken);
  const [redirecting, setRedirecting] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  // jobId=…: an existing job is the template of the new one.
  const template = useQuery({ queryKey: jobKeys.detail(jobId ?? ''), queryFn: () => jobsApi.get(jobId ?? ''), enabled: Boolean(jobId) });

  const create = useMutation({
    mutationFn: (values: JobFormOutput) => jobsApi.create(toCreateBody(values, sessionToken)),
    onSuccess: async (created) => {
      if (!created?.id) {
        toast.error('Failure', { description: 'Something went wrong!' });
        return;
      }
      const id = created.id;
      toast.success(created.jobNumber ? `Job #${created.jobNumber} created` : 'Job created');
      setRedirecting(true);
      await queryClient.invalidateQueries({ queryKey: jobKeys.list });
      void queryClient.invalidateQueries({ queryKey: jobKeys.summary });
      timer.current = setTimeout(() => void navigate({ to: '/workorder/jobs/$id', params: { id }, search: { new: true } }), REDIRECT_AFTER_SAVE_MS);
    },
    onError: (error) => {
      if (isApiError(error) && error.statusCode === 0) {
        toast.error('Failure on creating job!', { description: `${error.code}: ${error.message}` });
      } else {
        toast.error('Failed to create new', { description: (isApiError(error) && error.message) || 'Something went wrong' });
      }
    },
  });

  const back = <BackLink to="/workorder/jobs">Jobs</BackLink>;
  if (jobId && template.isLoading) {
    return (
      <>
        <PageHeader title="New job" back={back} />
        <SkeletonForm fields={8} />
      </>
    );
  }
  if (jobId && (template.error || !template.data)) {
    return (
      <>
        <PageHeader title="New job" back={back} />
        <ErrorState error={template.error} onRetry={() => void template.refetch()} />
      </>
    );
  }

  const base: JobFormValues = template.data ? jobToValues(template.data, false) : { ...emptyJobValues(), customerId: customerId ?? '' };
  const defaultValues: JobFormValues = { ...base, crmLeadId: leadId ?? (template.data ? '' : base.crmLeadId) };

  return (
    <>
      <PageHeader title="New job" description={template.data ? `Copied from job #${template.data.jobNumber}` : undefined} back={back} />
      <JobForm
        mode="create"
        defaultValues={defaultValues}
        known={{ customerName: template.data?.customer.name, users: knownUsersOf(template.data) }}
        leadNumber={leadId && leadNumber !== undefined ? String(leadNumber) : undefined}
        autoFillCustomer={!template.data && Boolean(customerId)}
        mediaTarget={{ sessionToken }}
        canUseAi={auth.can('ai.use')}
        canUploadMedia={auth.can('media.write')}
        onSubmit={(values) => create.mutate(values)}
        onCancel={() => void navigate({ to: '/workorder/jobs' })}
        pending={create.isPending || redirecting}
        serverError={create.error}
        timeZone={auth.session.company.timeZone}
      />
    </>
  );
}
