import { useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import type { Job } from '@fieldwork/domain/jobs/jobs.schemas';
import { TASK_ORDER_KEYS, type AssignedStatus, type TaskListItem, type TaskOrderKey } from '@fieldwork/domain/tasks/tasks.schemas';
import { Button, buttonClass } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import type { CardField } from '../../components/card-list';
import type { Column, SortState } from '../../components/data-table';
import { ListView } from '../../components/list-view';
import { Tabs } from '../../components/tabs';
import { useAuth } from '../../lib/auth-context';
import { formatDate } from '../../lib/format';
import { usePagedList } from '../../lib/use-paged-list';
import { DeleteTaskDialog } from '../../shared/tasks/task-confirm-dialogs';
import { AssigneeCell, TaskNameCell, TaskRowActions, WorkHours, taskCardTitle } from '../../shared/tasks/task-columns';
import { TaskStatusBadge, taskNumberText } from '../../shared/tasks/task-status-badge';
import { taskKeys, tasksApi } from '../tasks/tasks.api';

/** Spec: the job's tasks by assignment filter, "assigned to me" first. */
export const JOB_TASK_FILTERS = [
  { value: 'ASSIGNED_TO_ME', label: 'Assigned to Me' },
  { value: 'ALL', label: 'All' },
] as const satisfies readonly { value: AssignedStatus; label: string }[];
type JobTaskFilter = (typeof JOB_TASK_FILTERS)[number]['value'];

export const CREATE_JOB_TASK_TEXT = '+ Create Task';
export const JOB_TASKS_TEXT = {
  noneMine: 'None of this job’s tasks are assigned to you',
  inAll: (n: number) => `The job has ${n} ${n === 1 ? 'task' : 'tasks'} in all.`,
  showAll: 'Show all tasks',
} as const;

type Row = TaskListItem;
type Filters = { assignedStatus: JobTaskFilter; jobId: string; sort: SortState };

const isOrderKey = (key: string): key is TaskOrderKey => (TASK_ORDER_KEYS as readonly string[]).includes(key);

function columns(timeZone: string, onDelete: (r: Row) => void): Column<Row>[] {
  return [
    {
      key: 'taskNumber',
      header: 'Task Number',
      sortable: true,
      cell: (r) => <span className="font-medium text-gray-900 tabular-nums">{taskNumberText(r.taskNumber)}</span>,
    },
    { key: 'createdAt', header: 'Created On', sortable: true, cell: (r) => formatDate(r.createdAt, timeZone), className: 'whitespace-nowrap' },
    { key: 'createdBy', header: 'Created By', cell: (r) => r.createdBy?.name || r.createdBy?.username || '—', className: 'whitespace-nowrap' },
    {
      key: 'name',
      header: 'Task Name',
      sortable: true,
      cell: (r) => <TaskNameCell row={r} />,
    },
    { key: 'startDateTime', header: 'Work Time', sortable: true, cell: (r) => <WorkHours row={r} timeZone={timeZone} /> },
    { key: 'assignedTo', header: 'Assigned To', cell: (r) => <AssigneeCell row={r} /> },
    { key: 'status', header: 'Task Status', cell: (r) => <TaskStatusBadge status={r.status} label={r.displayStatus} /> },
    { key: 'actions', header: 'Actions', cell: (r) => <TaskRowActions row={r} onDelete={onDelete} />, className: 'w-24', stickyEnd: true },
  ];
}

function cardFields(timeZone: string, onDelete: (r: Row) => void): CardField<Row>[] {
  return [
    { label: 'Work Time', value: (r) => <WorkHours row={r} timeZone={timeZone} /> },
    { label: 'Assigned To', value: (r) => <AssigneeCell row={r} /> },
    { label: 'Created On', value: (r) => formatDate(r.createdAt, timeZone) },
    { label: 'Created By', value: (r) => r.createdBy?.name || r.createdBy?.username || '—' },
    { label: 'Actions', value: (r) => <TaskRowActions row={r} onDelete={onDelete} /> },
  ];
}

/** The "+ Create Task" link: the task form opens with this job filled in. */
function CreateTaskLink({ job }: { job: Job }) {
  return (
    <Link
      to="/workorder/tasks/create"
      search={{ jobId: job.id, jobNumber: job.jobNumber, jobCustomerId: job.customer.id, jobCustomerName: job.customer.name }}
      className={buttonClass('primary', 'sm')}
    >
      {CREATE_JOB_TASK_TEXT}
    </Link>
  );
}

export function JobTasksTab({ job }: { job: Job }) {
  const auth = useAuth();
  const navigate = useNavigate();
  const tz = auth.session.company.timeZone;
  const [deleting, setDeleting] = useState<Row | null>(null);
  const canCreate = auth.can('tasks.write') && job.status === 'OPEN';
  const list = usePagedList<Row, Filters>({
    queryKey: [...taskKeys.list, 'job'],
    fetchPage: ({ sort, ...params }) => tasksApi.list({ ...params, orderByKey: isOrderKey(sort.key) ? sort.key : 'createdAt', orderByValue: sort.direction }),
    initialFilters: { assignedStatus: 'ASSIGNED_TO_ME', jobId: job.id, sort: { key: 'createdAt', direction: 'desc' } },
  });

  // The count above and the list below answer the same question: how many of the job's tasks this tab shows.
  const total = job.statusInfo.totalTasksCount;
  const shown = list.pagination?.totalItems;
  const mine = list.filters.assignedStatus === 'ASSIGNED_TO_ME';
  const showAll = () => list.setFilters({ assignedStatus: 'ALL' });
  const emptyMine =
    mine && total > 0 ? (
      <EmptyState
        title={JOB_TASKS_TEXT.noneMine}
        description={JOB_TASKS_TEXT.inAll(total)}
        action={
          <Button size="sm" variant="secondary" onClick={showAll}>
            {JOB_TASKS_TEXT.showAll}
          </Button>
        }
      />
    ) : undefined;

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted" aria-live="polite">
          {mine && shown !== undefined ? (
            <>
              Assigned to me: <span className="font-medium text-gray-900 tabular-nums">{shown}</span> of{' '}
              <span className="font-medium text-gray-900 tabular-nums">{total}</span> {total === 1 ? 'task' : 'tasks'}
            </>
          ) : (
            <>
              Total tasks: <span className="font-medium text-gray-900 tabular-nums">{total}</span>
            </>
          )}
        </p>
        {canCreate ? <CreateTaskLink job={job} /> : null}
      </div>
      <Tabs
        variant="pills"
        aria-label="Task filter"
        value={list.filters.assignedStatus}
        items={JOB_TASK_FILTERS}
        onValueChange={(v) => list.setFilters({ assignedStatus: v === 'ALL' ? 'ALL' : 'ASSIGNED_TO_ME' })}
      />
      <ListView
        list={list}
        caption="Tasks"
        rowKey={(r) => r.id}
        onOpen={(r) => void navigate({ to: '/workorder/scheduler/view/$taskId', params: { taskId: r.id } })}
        openLabel={(r) => `Open task ${taskNumberText(r.taskNumber)}`}
        sort={list.filters.sort}
        onSortChange={(sort) => list.setFilters({ sort })}
        columns={columns(tz, setDeleting)}
        cardTitle={taskCardTitle}
        cardFields={cardFields(tz, setDeleting)}
        emptyAction={canCreate ? <CreateTaskLink job={job} /> : undefined}
        emptyState={emptyMine}
      />
      <DeleteTaskDialog task={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
