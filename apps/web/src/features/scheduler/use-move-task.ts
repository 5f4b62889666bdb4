import { useCallback } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { calendarEdit, CALENDAR_MESSAGES, findClash } from '@fieldwork/domain/scheduling/calendar.rules';
import { occupiedInterval, SCHEDULE_MESSAGES, type SchedulerItem } from '@fieldwork/domain/scheduling/scheduling.schemas';
import type { Task } from '@fieldwork/domain/tasks/tasks.schemas';
import { useCan } from '../../lib/auth-context';
import { isApiError } from '../../lib/api-client';
import { taskKeys } from '../tasks/tasks.api';
import { schedulingApi } from '../scheduling/scheduling.api';
import { schedulerKeys, type ScheduleFeed } from './scheduler.api';
import { markOwnChange, type DraggedTask } from './drag-state';

export type Assignee = { id: string; type: 'TECHNICIAN' | 'SUBCONTRACTOR' };

/** A change made on the calendar or chart: new instants, and a new assignee when dropped on a person's row. */
export type MoveRequest = { item: SchedulerItem; start: string; end: string; assignee?: Assignee };
/** A sheet card dropped on the board: schedule it (or re-schedule it) at the slot, assigning when on a row. */
export type DropRequest = { task: DraggedTask; start: string; end: string; assignee?: Assignee };

type Feeds = [readonly unknown[], ScheduleFeed | undefined][];

function feedsOf(qc: QueryClient): Feeds {
  return qc.getQueriesData<ScheduleFeed>({ queryKey: schedulerKeys.feeds });
}

function loaded(qc: QueryClient): ScheduleFeed {
  const byId = new Map<string, SchedulerItem>();
  const timeOff = new Map<string, ScheduleFeed['timeOff'][number]>();
  for (const [, feed] of feedsOf(qc)) {
    feed?.tasks.forEach((t) => byId.set(t.id, t));
    feed?.timeOff.forEach((t) => timeOff.set(t.id, t));
  }
  return { tasks: [...byId.values()], timeOff: [...timeOff.values()] };
}

function patchFeeds(qc: QueryClient, id: string, patch: (item: SchedulerItem) => SchedulerItem): void {
  for (const [key, feed] of feedsOf(qc)) {
    if (!feed?.tasks.some((t) => t.id === id)) continue;
    qc.setQueryData<ScheduleFeed>(key, { ...feed, tasks: feed.tasks.map((t) => (t.id === id ? patch(t) : t)) });
  }
}

/** The server's answer as a scheduler entry's fields. */
function entryFields(task: Task): Partial<SchedulerItem> {
  const s = task.taskScheduler;
  if (!s) return {};
  const span = occupiedInterval(s.startDateTime, s.expectedEndDateTime);
  const assignee =
    task.assignedTo === 'TECHNICIAN' && task.assignedUser
      ? { id: task.assignedUser.userId, type: 'TECHNICIAN' as const }
      : task.assignedTo === 'SUBCONTRACTOR' && task.assignedSubcontractor
        ? { id: task.assignedSubcontractor.id, type: 'SUBCONTRACTOR' as const }
        : null;
  return {
    startTime: span.start,
    endTime: span.end,
    status: task.status,
    displayStatus: task.displayStatus,
    assignedTo: assignee,
    scheduleId: s.id,
    scheduleVersion: s.version ?? 0,
  };
}

function assigneeBody(a: Assignee | undefined) {
  if (!a) return {};
  return a.type === 'TECHNICIAN' ? { assignedTo: a.type, assignedTechnicianId: a.id } : { assignedTo: a.type, assignedSubcontractorId: a.id };
}

/** A clash names the task; anything else is "Failed to update task schedule:" and the server's words. */
function toastFailure(error: unknown): void {
  if (isApiError(error) && error.code === 'SCHEDULE_CONFLICT') {
    const n = (error.body as { details?: { taskNumber?: unknown } } | null)?.details?.taskNumber;
    toast.error(CALENDAR_MESSAGES.clashTitle, { description: typeof n === 'number' ? CALENDAR_MESSAGES.clash(n) : error.message });
    return;
  }
  toast.error(CALENDAR_MESSAGES.failedPrefix, { description: isApiError(error) ? error.messages.join(', ') : SCHEDULE_MESSAGES.conflictFallback });
}

function refusedLocally(tasks: SchedulerItem[], timeOff: ScheduleFeed['timeOff'], id: string, assigneeId: string | null, start: string, end: string): boolean {
  const clash = findClash(tasks, { id, assigneeId, start, end }, timeOff);
  if (!clash) return false;
  toast.error(CALENDAR_MESSAGES.clashTitle, {
    description: clash.kind === 'task' ? CALENDAR_MESSAGES.clash(clash.taskNumber) : SCHEDULE_MESSAGES.conflictWithTimeOff,
  });
  return true;
}

/**
 * Moves, resizes and re-assigns from the board. The rules of the domain first (what may be dragged or
 * resized, a clash the loaded entries already show — refused without a request); then the change is drawn at
 * once in every loaded range, sent with the schedule version, and settled on the answer: the server's entry
 * on success, the previous one back on a refusal, then a refetch. Resolves true when the server saved it.
 */
export function useMoveTask() {
  const qc = useQueryClient();
  const canWrite = useCan('tasks.write');

  const move = useCallback(
    async ({ item, start, end, assignee }: MoveRequest): Promise<boolean> => {
      const rule = calendarEdit(item.status, canWrite);
      const moved = start !== item.startTime || (assignee !== undefined && assignee.id !== item.assignedTo?.id);
      if (moved ? !rule.move : !rule.resize) return false;
      const { tasks, timeOff } = loaded(qc);
      if (refusedLocally(tasks, timeOff, item.id, assignee?.id ?? item.assignedTo?.id ?? null, start, end)) return false;

      // Not awaited: the patch must land in the same render as the end of the drag, and cancelling stops an
      // in-flight refetch from overwriting it at once.
      void qc.cancelQueries({ queryKey: schedulerKeys.feeds });
      // Marked before sending: the live echo can arrive before the answer does.
      markOwnChange(item.id);
      const before = item;
      patchFeeds(qc, item.id, (t) => ({ ...t, startTime: start, endTime: end, assignedTo: assignee ?? t.assignedTo }));
      try {
        const { data: task } = await schedulingApi.reschedule(item.scheduleId, {
          startDateTime: start,
          expectedEndDateTime: end,
          version: item.scheduleVersion,
          ...assigneeBody(assignee),
        });
        // The server's entry is the settled state: no refetch of the range (its live echo is skipped).
        patchFeeds(qc, item.id, (t) => ({ ...t, ...entryFields(task) }));
        qc.setQueryData(taskKeys.detail(task.id), task);
        toast.success(CALENDAR_MESSAGES.updated(item.taskNumber));
        return true;
      } catch (error) {
        patchFeeds(qc, item.id, () => before);
        toastFailure(error);
        // A refusal may mean the page's picture is out of date (someone else's change): reload the range.
        void qc.invalidateQueries({ queryKey: schedulerKeys.feeds });
        return false;
      } finally {
        void qc.invalidateQueries({ queryKey: taskKeys.all, refetchType: 'none' });
      }
    },
    [qc, canWrite],
  );

  /** A sheet card dropped on the board: its first schedule, or a re-schedule of the one it has. */
  const drop = useCallback(
    async ({ task, start, end, assignee }: DropRequest): Promise<boolean> => {
      if (!canWrite) return false;
      const { tasks, timeOff } = loaded(qc);
      if (refusedLocally(tasks, timeOff, task.taskId, assignee?.id ?? task.assignee?.id ?? null, start, end)) return false;
      try {
        if (task.scheduleId !== null && task.scheduleVersion !== null) {
          await schedulingApi.reschedule(task.scheduleId, {
            startDateTime: start,
            expectedEndDateTime: end,
            version: task.scheduleVersion,
            ...assigneeBody(assignee),
          });
        } else {
          await schedulingApi.create({
            taskId: task.taskId,
            startDateTime: start,
            expectedEndDateTime: end,
            ...(assignee ? { isAssigned: true, ...assigneeBody(assignee) } : {}),
          });
        }
        toast.success(CALENDAR_MESSAGES.updated(task.taskNumber));
        return true;
      } catch (error) {
        toastFailure(error);
        return false;
      } finally {
        void qc.invalidateQueries({ queryKey: schedulerKeys.feeds });
        void qc.invalidateQueries({ queryKey: taskKeys.all });
      }
    },
    [qc, canWrite],
  );

  return { move, drop, canWrite };
}
