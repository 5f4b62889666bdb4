import { TASK_STATUS_COLOURS, TASK_STATUS_LABELS, TASK_STATUSES, type TaskStatus } from '@fieldwork/domain/tasks/task-status.rules';
import type { TaskListItem } from '@fieldwork/domain/tasks/tasks.schemas';
import { Badge, type BadgeTone } from '../../components/badge';
import { formatDate, formatTime } from '../../lib/format';

/** Colours: red, black, amber, green and primary, as badge tones. */
const TONES = { red: 'danger', black: 'dark', amber: 'warning', green: 'success', primary: 'primary', neutral: 'neutral' } as const satisfies Record<
  (typeof TASK_STATUS_COLOURS)[TaskStatus],
  BadgeTone
>;

export const TASK_STATUS_OPTIONS = TASK_STATUSES.map((value) => ({ value, label: TASK_STATUS_LABELS[value] }));

export function TaskStatusBadge({ status, label }: { status: TaskStatus; label?: string }) {
  return <Badge tone={TONES[TASK_STATUS_COLOURS[status]]}>{label || TASK_STATUS_LABELS[status]}</Badge>;
}

export function taskNumberText(taskNumber: number): string {
  return `#${taskNumber}`;
}

type Assignee = Pick<TaskListItem, 'assignedTo' | 'assignedUser' | 'assignedSubcontractor'>;

/** The assignee's name and kind ("Technician", "Subcontractor"), or null when nobody is assigned. */
export function assigneeOf(task: Assignee): { name: string; role: string } | null {
  if (task.assignedTo === 'TECHNICIAN' && task.assignedUser) return { name: task.assignedUser.username, role: 'Technician' };
  if (task.assignedTo === 'SUBCONTRACTOR' && task.assignedSubcontractor) return { name: task.assignedSubcontractor.name, role: 'Subcontractor' };
  return null;
}

/**
 * A schedule as two short lines: the day ("Nov 21, 2026", or "Nov 21, 2026 – Nov 22, 2026" across days) and
 * the times ("9:00 AM ~ 11:00 AM"); null while unscheduled. The end is the actual end once there is one.
 */
export function workTimeParts(scheduler: TaskListItem['taskScheduler'], timeZone: string): { day: string; times: string } | null {
  if (!scheduler) return null;
  const endIso = scheduler.endDateTime ?? scheduler.expectedEndDateTime;
  const startDay = formatDate(scheduler.startDateTime, timeZone);
  const endDay = endIso ? formatDate(endIso, timeZone) : startDay;
  const start = formatTime(scheduler.startDateTime, timeZone);
  return {
    day: endDay === startDay ? startDay : `${startDay} – ${endDay}`,
    times: endIso ? `${start} ~ ${formatTime(endIso, timeZone)}` : start,
  };
}
