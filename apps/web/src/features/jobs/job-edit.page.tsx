import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { toast } from 'sonner';
import { buttonClass } from '../../components/button';
import { formPageFallback } from '../../components/form-page-fallback';
import { NoticePanel, StaleVersionNotice } from '../../components/notice-panel';
import { BackLink, PageHeader } from '../../components/page-header';
import { isApiError, messageOf } from '../../lib/api-client';
import { useAuth } from '../../lib/auth-context';
import { JobForm } from './job-form';
import { jobToValues, toUpdateBody, type JobFormOutput } from './job-form.schema';
import { REDIRECT_AFTER_SAVE_MS, knownUsersOf } from './job-create.page';
import { jobName, jobNumberText } from '../../shared/jobs/job-status-badge';
import { jobKeys, jobsApi } from './jobs.api';

export function JobEditPage() {
  const { id = '' } = useParams({ strict: false });
  const auth = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [redirecting, setRedirecting] = useState(false);
  const [staleMessage, setStaleMessage] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const job = useQuery({ queryKey: jobKeys.detail(id), queryFn: () => jobsApi.get(id) });
  const toJob = () => void navigate({ to: '/workorder/jobs/$id', params: { id } });

  const save = useMutation({
    mutationFn: (values: JobFormOutput) => jobsApi.update(id, toUpdateBody(values, job.data?.version ?? 1)),
    onSuccess: async (updated) => {
      setStaleMessage(null);
      toast.success('Job updated');
      setRedirecting(true);
      if (updated) queryClient.setQueryData(jobKeys.detail(id), updated);
      await queryClient.invalidateQueries({ queryKey: jobKeys.list });
      void queryClient.invalidateQueries({ queryKey: jobKeys.activities(id) });
      timer.current = setTimeout(toJob, REDIRECT_AFTER_SAVE_MS);
    },
    onError: async (error) => {
      if (isApiError(error) && error.code === 'STALE_VERSION') {
        // Someone else saved first: say so, and start the form again from their version.
        setStaleMessage(error.message);
        toast.error(error.message);
        await queryClient.invalidateQueries({ queryKey: jobKeys.detail(id) });
        return;
      }
      toast.error('Failed to update job', { description: messageOf(error, 'Something went wrong') });
    },
  });

  const back = <BackLink to="/workorder/jobs">Jobs</BackLink>;
  const fallback = formPageFallback(job, { title: 'Edit job', back, fields: 8 });
  if (fallback || !job.data) return fallback;
  const j = job.data;
  const title = `Edit job ${jobNumberText(j.jobNumber)} · ${jobName(j.name)}`;

  if (!j.actions.edit) {
    return (
      <>
        <PageHeader title={title} back={back} />
        <NoticePanel
          action={
            <Link to="/workorder/jobs/$id" params={{ id }} className={buttonClass('secondary')}>
              Back to the job
            </Link>
          }
        >
          {j.status === 'OPEN' ? 'You cannot edit this job.' : 'This job is closed or cancelled, so it can no longer be edited.'}
        </NoticePanel>
      </>
    );
  }

  return (
    <>
      <PageHeader title={title} back={back} />
      {staleMessage ? <StaleVersionNotice message={staleMessage} /> : null}
      <JobForm
        key={j.version}
        mode="edit"
        defaultValues={jobToValues(j, true)}
        known={{ customerName: j.customer.name, users: knownUsersOf(j) }}
        leadNumber={j.crmLead ? String(j.crmLead.leadNumber) : undefined}
        mediaTarget={{ jobId: j.id }}
        canUseAi={auth.can('ai.use')}
        canUploadMedia={auth.can('media.write')}
        onSubmit={(values) => save.mutate(values)}
        onCancel={toJob}
        pending={save.isPending || redirecting}
        serverError={save.error && !(isApiError(save.error) && save.error.code === 'STALE_VERSION') ? save.error : null}
        timeZone={auth.session.company.timeZone}
      />
    </>
  );
}
