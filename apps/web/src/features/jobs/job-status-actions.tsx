import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DropdownMenu } from 'radix-ui';
import { Ban, CheckCircle2, MoreHorizontal, RotateCcw } from 'lucide-react';
import { toast } from 'sonner';
import { CLOSE_JOB_CHECKLIST, JOB_STATUS_TOASTS } from '@fieldwork/domain/jobs/job-status.rules';
import { JOB_STATUS_ACTIONS, type JobListItem, type JobStatusAction } from '@fieldwork/domain/jobs/jobs.schemas';
import { Button } from '../../components/button';
import { Checkbox } from '../../components/checkbox';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Dialog } from '../../components/dialog';
import { isApiError } from '../../lib/api-client';
import { useAuth } from '../../lib/auth-context';
import { useIsMobile } from '../../lib/use-media-query';
import { taskKeys } from '../tasks/tasks.api';
import { jobName, jobNumberText } from '../../shared/jobs/job-status-badge';
import { jobKeys, jobsApi } from './jobs.api';

type JobRef = Pick<JobListItem, 'id' | 'jobNumber' | 'name' | 'statusActions'>;

export const JOB_ACTION_LABELS: Record<JobStatusAction, string> = { CLOSED: 'Close Job', CANCELLED: 'Cancel Job', REOPENED: 'Re-open' };
const ICONS = { CLOSED: CheckCircle2, CANCELLED: Ban, REOPENED: RotateCcw } as const;

/** The status changes this viewer may make on the job now: what the API allows, for people who edit jobs. */
export function useAllowedJobActions(job: JobRef): JobStatusAction[] {
  const canWrite = useAuth().can('jobs.write');
  return canWrite ? JOB_STATUS_ACTIONS.filter((a) => job.statusActions[a]) : [];
}

/** PATCH /jobs/{id}/status with the spec's toasts; a failure adds the server's message when it sent one. */
function useJobStatusChange(jobId: string, onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: JobStatusAction) => jobsApi.changeStatus(jobId, action),
    onSuccess: async (_job, action) => {
      toast.success(JOB_STATUS_TOASTS[action].success);
      onDone();
      await Promise.all([queryClient.invalidateQueries({ queryKey: jobKeys.all }), queryClient.invalidateQueries({ queryKey: taskKeys.all })]);
    },
    onError: (error, action) => {
      toast.error(JOB_STATUS_TOASTS[action].failure, isApiError(error) && error.message ? { description: error.message } : undefined);
    },
  });
}

/** Spec: closing a job needs all three checklist items ticked. */
export function CloseJobDialog({ job, onClose, onConfirm, pending }: { job: JobRef; onClose: () => void; onConfirm: () => void; pending: boolean }) {
  const [ticked, setTicked] = useState<boolean[]>(() => CLOSE_JOB_CHECKLIST.map(() => false));
  const all = ticked.every(Boolean);
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Close job"
      description={`Before closing job ${jobNumberText(job.jobNumber)} · ${jobName(job.name)}, confirm that:`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button onClick={onConfirm} disabled={!all} loading={pending}>
            Close Job
          </Button>
        </>
      }
    >
      <ul className="space-y-3">
        {CLOSE_JOB_CHECKLIST.map((item, i) => (
          <li key={item} className="flex items-start gap-2">
            <Checkbox
              id={`close-job-check-${i}`}
              className="mt-0.5"
              checked={ticked[i] ?? false}
              onCheckedChange={(on) => setTicked((t) => t.map((v, j) => (j === i ? on : v)))}
            />
            <label htmlFor={`close-job-check-${i}`} className="text-sm text-gray-900">
              {item}
            </label>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}

/** The dialog of the chosen action: the checklist for Close, a confirmation for Cancel; Re-open goes straight through. */
function useJobStatusFlow(job: JobRef) {
  const [asking, setAsking] = useState<JobStatusAction | null>(null);
  const change = useJobStatusChange(job.id, () => setAsking(null));
  const start = (action: JobStatusAction) => (action === 'REOPENED' ? change.mutate(action) : setAsking(action));
  const dialogs = (
    <>
      {asking === 'CLOSED' ? (
        <CloseJobDialog job={job} onClose={() => setAsking(null)} onConfirm={() => change.mutate('CLOSED')} pending={change.isPending} />
      ) : null}
      <ConfirmDialog
        open={asking === 'CANCELLED'}
        onOpenChange={(open) => (open ? undefined : setAsking(null))}
        title="Cancel job?"
        description={`Job ${jobNumberText(job.jobNumber)} · ${jobName(job.name)} will be cancelled. A cancelled job cannot be re-opened.`}
        confirmLabel="Cancel Job"
        cancelLabel="Keep job"
        destructive
        loading={change.isPending}
        onConfirm={() => change.mutate('CANCELLED')}
      />
    </>
  );
  return { start, dialogs, pending: change.isPending ? change.variables : null };
}

/**
 * Header buttons of the job page. On a phone the destructive Cancel Job goes into the overflow menu: a red
 * button wrapped next to Edit is one mistaken tap away.
 */
export function JobStatusButtons({ job }: { job: JobRef }) {
  const isMobile = useIsMobile();
  const allowed = useAllowedJobActions(job);
  const flow = useJobStatusFlow(job);
  if (allowed.length === 0) return null;
  const buttons = isMobile ? allowed.filter((a) => a !== 'CANCELLED') : allowed;
  return (
    <>
      {buttons.map((action) => {
        const Icon = ICONS[action];
        return (
          <Button key={action} variant={action === 'CANCELLED' ? 'danger' : 'secondary'} onClick={() => flow.start(action)} loading={flow.pending === action}>
            <Icon size={14} aria-hidden="true" /> {JOB_ACTION_LABELS[action]}
          </Button>
        );
      })}
      {isMobile && allowed.includes('CANCELLED') ? <JobStatusMenu job={job} only={['CANCELLED']} /> : null}
      {flow.dialogs}
    </>
  );
}

/** The job list row's menu of status actions (only those allowed, of `only` when given); nothing when none is. */
export function JobStatusMenu({ job, only }: { job: JobRef; only?: readonly JobStatusAction[] }) {
  const allowed = useAllowedJobActions(job).filter((a) => !only || only.includes(a));
  const flow = useJobStatusFlow(job);
  if (allowed.length === 0) return null;
  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger asChild>
          <button
            type="button"
            aria-label={`More actions for job ${jobNumberText(job.jobNumber)}`}
            className="rounded p-1.5 text-gray-600 hover:bg-gray-100 hover:text-gray-900"
          >
            <MoreHorizontal size={16} aria-hidden="true" />
          </button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content align="end" sideOffset={4} className="z-50 min-w-40 rounded-md border border-border bg-white p-1 shadow-lg">
            {allowed.map((action) => {
              const Icon = ICONS[action];
              return (
                <DropdownMenu.Item
                  key={action}
                  onSelect={() => flow.start(action)}
                  className={`flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-gray-100 ${action === 'CANCELLED' ? 'text-danger' : 'text-gray-900'}`}
                >
                  <Icon size={14} aria-hidden="true" /> {JOB_ACTION_LABELS[action]}
                </DropdownMenu.Item>
              );
            })}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {flow.dialogs}
    </>
  );
}
