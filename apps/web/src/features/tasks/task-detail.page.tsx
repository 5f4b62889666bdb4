import { useEffect, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { FileText, Receipt, SearchX } from 'lucide-react';
import { formatDuration } from '@fieldwork/domain/time/schedule-time.rules';
import type { Task } from '@fieldwork/domain/tasks/tasks.schemas';
import { ActivityLog } from '../../components/activity-log';
import { buttonClass } from '../../components/button';
import { Card, DetailList } from '../../components/card';
import { ErrorState } from '../../components/error-state';
import { NoticePanel } from '../../components/notice-panel';
import { BackLink } from '../../components/page-header';
import { Skeleton, SkeletonForm } from '../../components/skeleton';
import { isApiError } from '../../lib/api-client';
import { useAuth } from '../../lib/auth-context';
import { formatDateTime } from '../../lib/format';
import { WorkOrderPage } from '../../shared/access/route-guards';
import { TaskBidsCard } from '../../shared/bids/task-bids-card';
import { AdjustmentDialog, AdjustmentNotice } from '../../shared/clock/adjustment-dialog';
import { clockApi, runningActivity } from '../clock/clock.api';
import { ClockInDialog } from '../../shared/clock/clock-in-dialog';
import { ClockOutDialog } from '../../shared/clock/clock-out-dialog';
import { AssignScheduleSheet } from '../../shared/scheduling/assign-schedule-sheet';
import { jobNumberText } from '../../shared/jobs/job-status-badge';
import { SiteAssets } from '../../shared/assets/site-assets';
import { CloseTaskDialog } from '../../shared/tasks/close-task-dialog';
import { unsentOf, withQueued } from '@fieldwork/domain/offline/queued-task.rules';
import { KeptBadge } from '../../shared/offline/kept-badge';
import { useQueuedActions } from '../../shared/offline/use-action-queue';
import { TaskActionBar } from './task-action-bar';
import { DeleteTaskDialog, ReopenTaskDialog } from '../../shared/tasks/task-confirm-dialogs';
import { assigneeOf, TaskStatusBadge, taskNumberText } from '../../shared/tasks/task-status-badge';
import { TaskSummaryPanel } from './task-summary-panel';
import { TaskNotesSection } from './task-notes-section';
import { TaskWorkLog } from './task-work-log';
import { TASK_TOASTS } from '../../shared/tasks/use-task-mutations';
import { OfflineBanner } from '../../shared/offline/offline-banner';
import { taskKeys, tasksApi } from './tasks.api';

const none = <span className="text-muted">—</span>;
const back = <BackLink to="/workorder/tasks">Tasks</BackLink>;

export function TaskDetailPage() {
  return (
    <WorkOrderPage fieldRoles="allow">
      <TaskDetail />
    </WorkOrderPage>
  );
}

function TaskDetail() {
  const { taskId = '' } = useParams({ strict: false });
  const auth = useAuth();
  const tz = auth.session.company.timeZone;
  const [dialog, setDialog] = useState<'close' | 'delete' | 'reopen' | 'schedule' | 'bids' | 'clockIn' | 'clockOut' | 'adjust' | null>(null);
  const task = useQuery({ queryKey: taskKeys.detail(taskId), queryFn: () => tasksApi.get(taskId) });
  const activities = useQuery({ queryKey: taskKeys.activities(taskId), queryFn: () => clockApi.activities(taskId), enabled: task.isSuccess });
  useScrollToAnchor(task.isSuccess);
  const queued = useQueuedActions();

  if (task.isLoading) return <TaskDetailSkeleton />;
  if (task.error || !task.data) {
    if (isApiError(task.error) && task.error.statusCode === 404) return <TaskNotFound />;
    return (
      <>
        <div className="mb-4">{back}</div>
        <ErrorState error={task.error} onRetry={() => void task.refetch()} />
      </>
    );
  }
  // What the technician did offline (clocked in or out, closed) shows at once until the server has it.
  const t = withQueued(task.data, queued);
  const workLog = activities.data ?? [];
  const running = runningActivity(workLog);
  const dialogOpen = (name: typeof dialog) => (o: boolean) => setDialog(o ? name : null);

  return (
    <div className="pb-24">
      <header className="mb-4">
        <div className="mb-1">{back}</div>
        <h1 className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xl font-semibold break-words text-gray-900">
          <span className="min-w-0">
            Task {taskNumberText(t.taskNumber)} · {t.name}
          </span>
          <TaskStatusBadge status={t.status} label={t.displayStatus} />
          <KeptBadge kept={unsentOf(queued, t.id)} />
        </h1>
        <p className="mt-1 text-sm text-muted">
          {auth.can('jobs.read') ? (
            <Link to="/workorder/jobs/$id" params={{ id: t.job.id }} className="font-medium text-primary hover:underline">
              Job {jobNumberText(t.job.jobNumber)} · {t.job.name}
            </Link>
          ) : (
            <>
              Job {jobNumberText(t.job.jobNumber)} · {t.job.name}
            </>
          )}
          {' · '}Created {formatDateTime(t.createdAt, tz)}
          {t.createdBy ? ` by ${t.createdBy.name || t.createdBy.username}` : ''}
        </p>
      </header>
      <div className="mb-4 empty:hidden">
        <OfflineBanner queryKey={taskKeys.detail(taskId)} updatedAt={task.dataUpdatedAt} timeZone={tz} />
      </div>

      {t.actions.adjustmentPopup.visible && running ? (
        <div className="mb-4">
          <AdjustmentNotice
            technician={running.user?.username ?? t.assignedUser?.username ?? 'The technician'}
            since={running.startTime}
            timeZone={tz}
            onAdjust={() => setDialog('adjust')}
            onClockOut={() => setDialog('clockOut')}
          />
        </div>
      ) : null}

      <div className="grid gap-4 lg:grid-cols-3">
        <div className="min-w-0 space-y-4 lg:col-span-2">
          <TaskSummaryPanel task={t} canOpenJob={auth.can('jobs.read')} canOpenCustomer={auth.can('customers.read')} />
          <Card title="Schedule & Assignment">
            <ScheduleDetails task={t} timeZone={tz} />
          </Card>
          <TaskNotesSection task={t} timeZone={tz} />
          {auth.can('workorder.view') ? <TaskBidsCard taskId={t.id} timeZone={tz} canWrite={auth.can('tasks.write')} /> : null}
          <Card title="Work time">
            <TaskWorkLog taskId={t.id} timeZone={tz} />
          </Card>
          <Card title="Change log">
            <ActivityLog queryKey={taskKeys.activityLog(t.id)} fetchPage={(page) => tasksApi.activityLog(t.id, page)} timeZone={tz} />
          </Card>
        </div>
        <div className="min-w-0 space-y-4">
          <Card title="Description">
            {t.description?.trim() ? (
              <p className="text-sm break-words whitespace-pre-wrap text-gray-900">{t.description}</p>
            ) : (
              <p className="text-sm text-muted">No description</p>
            )}
          </Card>
          <CountCard
            id="quotation-requested-table"
            title="Estimates"
            icon={<FileText size={16} aria-hidden="true" />}
            count={t.estimateCount}
            received={t.estimateReceivedCount}
          />
          <CountCard
            id="invoice-table"
            title="Invoices"
            icon={<Receipt size={16} aria-hidden="true" />}
            count={t.invoiceCount}
            received={t.invoiceReceivedCount}
          />
          {t.siteAddress && auth.can('assets.read') ? (
            <SiteAssets customerId={t.customer.id} jobId={t.job.id} sites={[{ id: t.siteAddress.id, label: t.siteAddress.fullAddress }]} readOnly />
          ) : null}
        </div>
      </div>

      <TaskActionBar
        task={t}
        activities={workLog}
        onDelete={() => setDialog('delete')}
        onClose={() => setDialog('close')}
        onReopen={() => setDialog('reopen')}
        onClockIn={() => setDialog('clockIn')}
        onClockOut={() => setDialog('clockOut')}
        onSchedule={(bids) => setDialog(bids ? 'bids' : 'schedule')}
      />
      <AssignScheduleSheet
        task={t}
        open={dialog === 'schedule' || dialog === 'bids'}
        requestBids={dialog === 'bids'}
        onOpenChange={(o) => setDialog(o ? dialog : null)}
        timeZone={tz}
      />
      <CloseTaskDialog task={t} activities={workLog} open={dialog === 'close'} onOpenChange={(o) => setDialog(o ? 'close' : null)} timeZone={tz} />
      <DeleteTaskDialog task={dialog === 'delete' ? t : null} onClose={() => setDialog(null)} />
      <ReopenTaskDialog task={dialog === 'reopen' ? t : null} onClose={() => setDialog(null)} />
      <ClockInDialog task={t} open={dialog === 'clockIn'} onOpenChange={dialogOpen('clockIn')} />
      <ClockOutDialog task={t} open={dialog === 'clockOut'} onOpenChange={dialogOpen('clockOut')} />
      <AdjustmentDialog task={t} activity={running} open={dialog === 'adjust'} onOpenChange={dialogOpen('adjust')} timeZone={tz} />
    </div>
  );
}

function ScheduleDetails({ task: t, timeZone }: { task: Task; timeZone: string }) {
  const s = t.taskScheduler;
  const assignee = assigneeOf(t);
  return (
    <DetailList
      items={[
        { label: 'Start', value: s ? formatDateTime(s.startDateTime, timeZone) : <span className="text-muted">Unscheduled</span> },
        { label: 'Expected End', value: s?.expectedEndDateTime ? formatDateTime(s.expectedEndDateTime, timeZone) : none },
        { label: 'Scheduled Hours', value: formatDuration(s?.startDateTime, s?.expectedEndDateTime) },
        { label: 'Ended', value: s?.endDateTime ? formatDateTime(s.endDateTime, timeZone) : none },
        {
          label: 'Assigned To',
          value: assignee ? (
            <>
              {assignee.name} <span className="text-muted">· {assignee.role}</span>
            </>
          ) : (
            <span className="text-muted">Unassigned</span>
          ),
        },
      ]}
    />
  );
}

/** The estimate and invoice sections the spec's anchors (#quotation-requested-table, #invoice-table) point at. */
function CountCard({ id, title, icon, count, received }: { id: string; title: string; icon: ReactNode; count: number; received: number }) {
  return (
    <section id={id} aria-label={title} className="scroll-mt-4 rounded-lg border border-border bg-white p-4">
      <h2 className="flex items-center gap-2 text-sm font-semibold text-gray-900">
        {icon} {title}
      </h2>
      <p className="mt-2 text-2xl font-semibold text-gray-900 tabular-nums">{count}</p>
      <p className="text-xs text-muted">{received} received</p>
    </section>
  );
}

/** The page opens at #invoice-table or #quotation-requested-table once the sections exist. */
function useScrollToAnchor(ready: boolean) {
  useEffect(() => {
    if (!ready) return;
    const id = window.location.hash.slice(1);
    if (id) document.getElementById(id)?.scrollIntoView({ block: 'start' });
  }, [ready]);
}

function TaskNotFound() {
  return (
    <>
      <div className="mb-4">{back}</div>
      <NoticePanel
        icon={<SearchX size={28} aria-hidden="true" className="text-gray-400" />}
        title={TASK_TOASTS.notFound}
        action={
          <Link to="/workorder/tasks" className={buttonClass('secondary')}>
            Back to tasks
          </Link>
        }
      >
        <span className="text-muted">It may have been removed, or it belongs to someone else.</span>
      </NoticePanel>
    </>
  );
}

function TaskDetailSkeleton() {
  return (
    <div role="status" aria-label="Loading task">
      <div className="mb-4 space-y-2">
        <Skeleton className="h-4 w-16" />
        <Skeleton className="h-7 w-72 max-w-full" />
        <Skeleton className="h-4 w-56 max-w-full" />
      </div>
      <div className="grid gap-4 lg:grid-cols-3">
        <div className="rounded-lg border border-border bg-white p-4 lg:col-span-2">
          <SkeletonForm fields={5} />
        </div>
        <div className="rounded-lg border border-border bg-white p-4">
          <SkeletonForm fields={2} />
        </div>
      </div>
    </div>
  );
}
