import type { ReactNode } from 'react';
import { isSchedulable } from '@fieldwork/domain/scheduling/scheduling.rules';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CalendarClock, Eye, Pencil, Trash2 } from 'lucide-react';
import { formatDuration } from '@fieldwork/domain/time/schedule-time.rules';
import type { ColumnConfig, TaskColumnKey } from '@fieldwork/domain/common/table-config.schemas';
import type { AssignedStatus, TaskListItem, TaskOrderKey } from '@fieldwork/domain/tasks/tasks.schemas';
import type { CardField } from '../../components/card-list';
import { columnLabel } from '../../components/customise-columns-sheet';
import type { Column } from '../../components/data-table';
import { dash, formatDate } from '../../lib/format';
import { clockApi } from '../../features/clock/clock.api';
import { ElapsedTime } from '../clock/elapsed-time';
import { assigneeOf, TaskStatusBadge, taskNumberText, workTimeParts } from './task-status-badge';
import { taskKeys } from '../../features/tasks/tasks.api';
import { PlanBadge, planOfTask, type TaskPlanField } from '../plans/plan-badge';

type Row = TaskListItem;

export type TaskColumnOptions = {
  tab: AssignedStatus;
  timeZone: string;
  /** Job numbers link to the job page for people who may open it. */
  canOpenJob: boolean;
  onDelete: (task: Row) => void;
  /** Opens the Assign/Schedule sheet for an unscheduled or unassigned row. */
  onAssign: (task: Row) => void;
};

const iconLink = 'rounded p-1.5 text-gray-600 hover:bg-gray-100 hover:text-gray-900';

/** Spec: the work hours column reads "Scheduled Hours" on the Unassigned tab. */
export const hoursHeader = (tab: AssignedStatus) => (tab === 'UNASSIGNED' ? 'Scheduled Hours' : 'Work Hours');

/** Nobody is assigned on the Unassigned tab, so it has no Assigned To column. */
const shownOn = (key: TaskColumnKey, tab: AssignedStatus) => !(key === 'ASSIGNED_TO' && tab === 'UNASSIGNED');

type Def = { sortKey?: TaskOrderKey; cell: (r: Row, o: TaskColumnOptions) => ReactNode; className?: string };

/**
 * The live compact timer of a clocked-in row ("2h 05m"). List rows carry no work periods, so a clocked-in row
 * (at most one per technician) reads its own; viewers who may not see time (subcontractors) never get it.
 */
export function RowElapsedTime({ row }: { row: Pick<Row, 'id' | 'status' | 'actions'> }) {
  const shown = row.status === 'CLOCKED_IN' && row.actions.elapsedTime.visible;
  const periods = useQuery({ queryKey: taskKeys.activities(row.id), queryFn: () => clockApi.activities(row.id), enabled: shown });
  if (!shown || !periods.data) return null;
  return <ElapsedTime periods={periods.data} running={periods.data.some((p) => p.endTime === null)} compact />;
}

export function WorkHours({ row, timeZone }: { row: Row; timeZone: string }) {
  const parts = workTimeParts(row.taskScheduler, timeZone);
  if (!parts) return <span className="text-muted">Unscheduled</span>;
  const s = row.taskScheduler;
  return (
    <span className="flex flex-col leading-tight whitespace-nowrap">
      <span>{parts.day}</span>
      <span className="text-xs text-muted">
        {parts.times} · {formatDuration(s?.startDateTime, s?.endDateTime ?? s?.expectedEndDateTime)}
      </span>
      {row.status === 'CLOCKED_IN' ? (
        <span className="text-xs">
          <RowElapsedTime row={row} />
        </span>
      ) : null}
    </span>
  );
}

export function AssigneeCell({ row }: { row: Pick<Row, 'assignedTo' | 'assignedUser' | 'assignedSubcontractor'> }) {
  const a = assigneeOf(row);
  if (!a) return <span className="text-muted">Unassigned</span>;
  return (
    <span className="flex flex-col leading-tight">
      <span className="whitespace-nowrap text-gray-900">{a.name}</span>
      <span className="text-xs text-muted">{a.role}</span>
    </span>
  );
}

function JobNumber({ row, canOpenJob }: { row: Row; canOpenJob: boolean }) {
  const text = `#${row.job.jobNumber}`;
  if (!canOpenJob) return <span className="tabular-nums">{text}</span>;
  return (
    <Link
      to="/workorder/jobs/$id"
      params={{ id: row.job.id }}
      className="text-primary tabular-nums hover:underline"
      onClick={(e) => e.stopPropagation()}
      onKeyDown={(e) => e.stopPropagation()}
    >
      {text}
    </Link>
  );
}

const DEFS: Record<TaskColumnKey, Def> = {
  TASK_NUMBER: { sortKey: 'taskNumber', cell: (r) => <span className="font-medium text-gray-900 tabular-nums">{taskNumberText(r.taskNumber)}</span> },
  TASK_NAME: {
    sortKey: 'name',
    cell: (r) => <TaskNameCell row={r} />,
  },
  CUSTOMER_NAME: {
    cell: (r) => (
      <span className="block max-w-48 truncate" title={r.customer.name}>
        {r.customer.name}
      </span>
    ),
  },
  CREATED_BY: { cell: (r) => dash(r.createdBy?.name ?? r.createdBy?.username), className: 'whitespace-nowrap' },
  CREATED_ON: { sortKey: 'createdAt', cell: (r, o) => formatDate(r.createdAt, o.timeZone), className: 'whitespace-nowrap' },
  JOB_NUMBER: { cell: (r, o) => <JobNumber row={r} canOpenJob={o.canOpenJob} /> },
  WORK_HOURS: { sortKey: 'startDateTime', cell: (r, o) => <WorkHours row={r} timeZone={o.timeZone} /> },
  ASSIGNED_TO: { cell: (r) => <AssigneeCell row={r} /> },
  STATUS: { cell: (r) => <TaskStatusBadge status={r.status} label={r.displayStatus} /> },
};

const headerOf = (key: TaskColumnKey, tab: AssignedStatus) => (key === 'WORK_HOURS' ? hoursHeader(tab) : columnLabel('TASKS_ASSIGNED_TO_ME_FULL', key));

type RowActionsProps = { row: Row; onDelete: (task: Row) => void; onAssign?: (task: Row) => void };

/**
 * Spec: "Assign" is offered on rows that have no schedule or no assignee, to whoever may edit the task —
 * never on a closed or cancelled one (domain isSchedulable).
 */
export const canAssignRow = (row: Row) => row.actions.edit.allowed && isSchedulable(row.status) && (row.taskScheduler === null || row.assignedTo === 'NONE');

export function TaskRowActions({ row, onDelete, onAssign }: RowActionsProps) {
  const label = taskNumberText(row.taskNumber);
  const cancel = row.actions.cancel;
  return (
    // The row itself opens the task: the actions must not also trigger it.
    <span className="flex items-center gap-1" onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
      <Link to="/workorder/scheduler/view/$taskId" params={{ taskId: row.id }} aria-label={`View task ${label}`} className={iconLink}>
        <Eye size={16} aria-hidden="true" />
      </Link>
      {row.actions.edit.visible && row.actions.edit.allowed ? (
        <Link to="/workorder/tasks/$taskId/edit" params={{ taskId: row.id }} aria-label={`Edit task ${label}`} className={iconLink}>
          <Pencil size={16} aria-hidden="true" />
        </Link>
      ) : null}
      {onAssign && canAssignRow(row) ? (
        <button type="button" aria-label={`Assign task ${label}`} title="Assign" onClick={() => onAssign(row)} className={iconLink}>
          <CalendarClock size={16} aria-hidden="true" />
        </button>
      ) : null}
      {cancel.visible ? (
        <button
          type="button"
          aria-label={`Delete task ${label}`}
          title={cancel.reason ?? undefined}
          disabled={!cancel.allowed}
          onClick={() => onDelete(row)}
          className="rounded p-1.5 text-danger hover:bg-danger-soft disabled:cursor-not-allowed disabled:opacity-40"
        >
          <Trash2 size={16} aria-hidden="true" />
        </button>
      ) : null}
    </span>
  );
}

const enabledKeys = (config: readonly ColumnConfig[], tab: AssignedStatus) =>
  config
    .filter((c) => (c.enabled || c.key === 'TASK_NUMBER') && c.key in DEFS)
    .map((c) => c.key as TaskColumnKey)
    .filter((k) => shownOn(k, tab));

/** The table's columns in the viewer's configured order (enabled ones only), Actions always last. */
export function taskTableColumns(config: readonly ColumnConfig[], o: TaskColumnOptions): Column<Row>[] {
  const columns: Column<Row>[] = enabledKeys(config, o.tab).map((key) => {
    const def = DEFS[key];
    return { key: def.sortKey ?? key, header: headerOf(key, o.tab), sortable: Boolean(def.sortKey), cell: (r) => def.cell(r, o), className: def.className };
  });
  columns.push({
    key: 'actions',
    header: 'Actions',
    cell: (r) => <TaskRowActions row={r} onDelete={o.onDelete} onAssign={o.onAssign} />,
    className: 'w-32',
    stickyEnd: true,
  });
  return columns;
}

/** On a phone the schedule, assignee and customer matter most: they lead the card, before "Show More". */
const CARD_FIRST: readonly TaskColumnKey[] = ['WORK_HOURS', 'ASSIGNED_TO', 'CUSTOMER_NAME'];
const cardRank = (key: TaskColumnKey) => (CARD_FIRST.includes(key) ? CARD_FIRST.indexOf(key) : CARD_FIRST.length);

/** Phone cards: number, name and status form the title; the other enabled fields follow, then the actions. */
export function taskCardFields(config: readonly ColumnConfig[], o: TaskColumnOptions): CardField<Row>[] {
  const inTitle = new Set<TaskColumnKey>(['TASK_NUMBER', 'TASK_NAME', 'STATUS']);
  return [
    ...enabledKeys(config, o.tab)
      .filter((k) => !inTitle.has(k))
      .sort((a, b) => cardRank(a) - cardRank(b))
      .map((key) => ({ label: headerOf(key, o.tab), value: (r: Row) => DEFS[key].cell(r, o) })),
    { label: 'Actions', value: (r: Row) => <TaskRowActions row={r} onDelete={o.onDelete} onAssign={o.onAssign} /> },
  ];
}

/** The task's name, with the badge of the service plan it is a visit of (if any). */
export function TaskNameCell({ row }: { row: Pick<Row, 'id' | 'name'> & TaskPlanField }) {
  return (
    <span className="flex max-w-72 items-center gap-1.5">
      <span className="min-w-0 truncate" title={row.name}>
        {row.name}
      </span>
      <PlanBadge plan={planOfTask(row)} />
    </span>
  );
}

export function taskCardTitle(r: Row): ReactNode {
  return (
    <span className="flex items-center justify-between gap-2">
      <span className="min-w-0 truncate">
        {taskNumberText(r.taskNumber)} · {r.name}
      </span>
      <PlanBadge plan={planOfTask(r)} />
      <TaskStatusBadge status={r.status} label={r.displayStatus} />
    </span>
  );
}
