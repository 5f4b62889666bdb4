import { memo, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CALENDAR_MESSAGES, previewCards } from '@fieldwork/domain/scheduling/calendar.rules';
import { rangeLabel } from '@fieldwork/domain/time/calendar-time.rules';
import { isSubcontractorRole, isTechnicianRole } from '@fieldwork/domain/access/roles.rules';
import { occupiedInterval } from '@fieldwork/domain/scheduling/scheduling.schemas';
import type { Task } from '@fieldwork/domain/tasks/tasks.schemas';
import { Button, buttonClass } from '../../components/button';
import { ErrorState } from '../../components/error-state';
import { SideSheet } from '../../components/side-sheet';
import { Spinner } from '../../components/spinner';
import { isApiError } from '../../lib/api-client';
import { useCan, useSession } from '../../lib/auth-context';
import { AssignScheduleSheet } from '../../shared/scheduling/assign-schedule-sheet';
import { assigneeOf, TaskStatusBadge } from '../../shared/tasks/task-status-badge';
import { taskKeys, tasksApi } from '../tasks/tasks.api';

/** What the board already knows about the task, so the title shows before the details arrive. */
export type PreviewTarget = {
  id: string;
  taskNumber?: number;
  name?: string;
  /** Open straight on the Re-Schedule sheet (the agenda's action); closing it comes back to the preview. */
  reschedule?: boolean;
};

export type TaskPreviewDrawerProps = {
  target: PreviewTarget | null;
  onClose: () => void;
  timeZone: string;
};

export const TASK_NOT_FOUND = 'Task not found';

/**
 * Is the viewer the task's assignee? A technician by user id; a subcontractor login can only ever read its
 * own company's tasks (the server narrows every task read for field roles), so a subcontractor-assigned
 * task it can load is its own.
 */
function ownTask(task: Task, user: { id: string; role: string }): boolean {
  if (isTechnicianRole(user.role)) return task.assignedTo === 'TECHNICIAN' && task.assignedUser?.userId === user.id;
  if (isSubcontractorRole(user.role)) return task.assignedTo === 'SUBCONTRACTOR';
  return false;
}

/** The calendar's 450 px preview of one task (spec "Scheduler calendar"): who, when, money cards, the way on. */
export const TaskPreviewDrawer = memo(function TaskPreviewDrawer({ target, onClose, timeZone }: TaskPreviewDrawerProps) {
  const [rescheduling, setRescheduling] = useState(!!target?.reschedule);
  // A new target decides afresh whether to open on the schedule sheet (state adjusted while rendering).
  const [shown, setShown] = useState(target);
  if (shown !== target) {
    setShown(target);
    setRescheduling(!!target?.reschedule);
  }
  const id = target?.id ?? '';
  const query = useQuery({ queryKey: taskKeys.detail(id), queryFn: () => tasksApi.get(id), enabled: !!target, retry: false });
  const task = query.data;
  const title = task
    ? `#${task.taskNumber} ${task.name}`
    : target?.taskNumber !== undefined
      ? `#${target.taskNumber} ${target.name ?? ''}`.trim()
      : 'Task preview';

  return (
    <>
      <SideSheet open={!!target && !rescheduling} onOpenChange={(open) => !open && onClose()} title={title}>
        {!target ? null : task ? (
          <PreviewBody task={task} timeZone={timeZone} onReschedule={() => setRescheduling(true)} />
        ) : query.isError ? (
          isApiError(query.error) && query.error.statusCode === 404 ? (
            <p role="alert" className="py-8 text-center text-sm font-medium text-gray-900">
              {TASK_NOT_FOUND}
            </p>
          ) : (
            <ErrorState error={query.error} onRetry={() => void query.refetch()} />
          )
        ) : (
          <p role="status" className="flex items-center justify-center gap-2 py-8 text-sm text-muted">
            <Spinner /> {CALENDAR_MESSAGES.loadingPreview}
          </p>
        )}
      </SideSheet>
      <AssignScheduleSheet
        task={task ?? null}
        open={rescheduling}
        onOpenChange={(open) => {
          // Back to the preview when the schedule sheet closes: the preview shows the new schedule.
          if (!open) setRescheduling(false);
        }}
        timeZone={timeZone}
      />
    </>
  );
});

function PreviewBody({ task, timeZone, onReschedule }: { task: Task; timeZone: string; onReschedule: () => void }) {
  const { user } = useSession();
  const canWrite = useCan('tasks.write');
  const cards = previewCards(user, { assignedTo: task.assignedTo, isOwnTask: ownTask(task, user) });
  const assignee = assigneeOf(task);
  const s = task.taskScheduler;
  const span = s ? occupiedInterval(s.startDateTime, s.expectedEndDateTime) : null;

  return (
    <div className="space-y-4 text-sm">
      <TaskStatusBadge status={task.status} label={task.displayStatus} />
      <dl className="space-y-3">
        <Row label="Assigned to">{assignee ? `${assignee.name} (${assignee.role})` : 'Unassigned'}</Row>
        <Row label="Schedule">{span ? rangeLabel(span.start, span.end, timeZone) : 'This task is unscheduled'}</Row>
        <Row label="Customer">{task.customer.name}</Row>
        <Row label="Job">
          <Link to="/workorder/jobs/$id" params={{ id: task.job.id }} className="text-primary hover:underline">
            #{task.job.jobNumber} {task.job.name}
          </Link>
        </Row>
        {task.siteAddress ? <Row label="Site address">{task.siteAddress.fullAddress}</Row> : null}
      </dl>
      {cards.estimates || cards.invoices ? (
        <div className="grid grid-cols-2 gap-3">
          {cards.estimates ? <CountCard label="Estimates" count={task.estimateCount} received={task.estimateReceivedCount} /> : null}
          {cards.invoices ? <CountCard label="Invoices" count={task.invoiceCount} received={task.invoiceReceivedCount} /> : null}
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2 border-t border-border pt-4">
        {canWrite && task.actions.edit.allowed ? (
          <Button variant="secondary" onClick={onReschedule}>
            Reschedule
          </Button>
        ) : null}
        <Link to="/workorder/scheduler/view/$taskId" params={{ taskId: task.id }} className={buttonClass('primary')}>
          View Task
        </Link>
      </div>
    </div>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[7.5rem_1fr] gap-2">
      <dt className="text-muted">{label}</dt>
      <dd className="min-w-0 font-medium break-words text-gray-900">{children}</dd>
    </div>
  );
}

function CountCard({ label, count, received }: { label: string; count: number; received: number }) {
  return (
    <section aria-label={label} className="rounded-md border border-border p-3">
      <p className="text-xs text-muted">{label}</p>
      <p className="text-lg font-semibold text-gray-900">{count}</p>
      <p className="text-xs text-muted">{received} received</p>
    </section>
  );
}
