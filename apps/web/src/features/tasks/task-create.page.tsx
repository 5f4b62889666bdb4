import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { toast } from 'sonner';
import { addHoursLocal, toZonedInput } from '@fieldwork/domain/time/schedule-time.rules';
import { DEFAULT_SCHEDULE_HOURS } from '@fieldwork/domain/tasks/tasks.schemas';
import { BackLink, PageHeader } from '../../components/page-header';
import { useAuth } from '../../lib/auth-context';
import { jobKeys } from '../jobs/jobs.api';
import { jobNumberText } from '../../shared/jobs/job-status-badge';
import { TaskForm } from './task-form';
import { emptyTaskValues, type TaskFormValues } from './task-form.schema';
import { taskKeys, tasksApi } from './tasks.api';

/**
 * Spec: a task can be prefilled from its job (jobId, jobNumber, jobCustomerId, jobCustomerName) and a date
 * (scheduleOn). scheduleEnd carries the end of a range dragged across the calendar's empty slots.
 */
export type TaskCreateSearch = {
  jobId?: string;
  jobNumber?: number;
  jobCustomerId?: string;
  jobCustomerName?: string;
  scheduleOn?: string;
  scheduleEnd?: string;
};

/** scheduleOn arrives as epoch milliseconds (the calendar) or an ISO date-time. */
export function scheduleOnInstant(value: string | undefined): string | null {
  if (!value) return null;
  const date = /^\d+$/.test(value) ? new Date(Number(value)) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

export function prefilledTaskValues(search: TaskCreateSearch, timeZone: string): TaskFormValues {
  const values = emptyTaskValues(search.jobId ?? '');
  const startAt = scheduleOnInstant(search.scheduleOn);
  const start = toZonedInput(startAt, timeZone);
  if (!start || !startAt) return values;
  // A given end is kept only when it comes after the start; otherwise the default duration applies.
  const endAt = scheduleOnInstant(search.scheduleEnd);
  const end = endAt && Date.parse(endAt) > Date.parse(startAt) ? toZonedInput(endAt, timeZone) : null;
  return { ...values, start, end: end || addHoursLocal(start, DEFAULT_SCHEDULE_HOURS, timeZone) };
}

export function TaskCreatePage() {
  const search: TaskCreateSearch = useSearch({ strict: false });
  const auth = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const tz = auth.session.company.timeZone;

  const create = useMutation({
    mutationFn: tasksApi.create,
    onSuccess: async (created) => {
      toast.success(`Task #${created.taskNumber} created`);
      await navigate({ to: '/workorder/scheduler/view/$taskId', params: { taskId: created.id } });
      void queryClient.invalidateQueries({ queryKey: taskKeys.all });
      void queryClient.invalidateQueries({ queryKey: jobKeys.all });
    },
  });

  const fromJob = search.jobId && search.jobNumber !== undefined;
  const jobLabel = fromJob ? [jobNumberText(search.jobNumber ?? 0), search.jobCustomerName].filter(Boolean).join(' · ') : '';
  const back = fromJob ? (
    <BackLink to="/workorder/jobs/$id" params={{ id: search.jobId ?? '' }}>
      Job {jobNumberText(search.jobNumber ?? 0)}
    </BackLink>
  ) : (
    <BackLink to="/workorder/tasks">Tasks</BackLink>
  );

  return (
    <>
      <PageHeader title="New task" description={fromJob ? `For job ${jobLabel}` : undefined} back={back} />
      <TaskForm
        mode="create"
        defaultValues={prefilledTaskValues(search, tz)}
        known={{ jobLabel }}
        timeZone={tz}
        onSubmit={(body) => create.mutate(body)}
        onCancel={() =>
          fromJob ? void navigate({ to: '/workorder/jobs/$id', params: { id: search.jobId ?? '' } }) : void navigate({ to: '/workorder/tasks' })
        }
        pending={create.isPending || create.isSuccess}
        serverError={create.error}
      />
    </>
  );
}
