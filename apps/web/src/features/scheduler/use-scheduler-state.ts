import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { toast } from 'sonner';
import { CALENDAR_MESSAGES, DEFAULT_PAGE_VIEW, type CalendarView } from '@fieldwork/domain/scheduling/calendar.rules';
import { dayKeyOf, type DayKey } from '@fieldwork/domain/time/calendar-time.rules';
import { taskKeys, tasksApi } from '../tasks/tasks.api';
import { TASK_NOT_FOUND, type PreviewTarget } from './task-preview-drawer';
import type { SchedulerBoard, SchedulerSearch } from './scheduler-search';
import { dayIn } from '@fieldwork/domain/time/zoned-day.rules';

export type SchedulerState = {
  board: SchedulerBoard;
  /** null: the user deselected every view; the board area says so instead of drawing a grid. */
  view: CalendarView | null;
  /** The view to draw data for (the last chosen one while none is selected). */
  dataView: CalendarView;
  anchor: DayKey;
  today: DayKey;
  taskIdToPreview: string | undefined;
  setBoard: (board: SchedulerBoard) => void;
  setView: (view: CalendarView | null) => void;
  setDate: (date: DayKey) => void;
  /** Several changes in one history entry (opening a day: view and date together). */
  update: (patch: Partial<SchedulerSearch>) => void;
};

/**
 * Reads and writes the scheduler's URL state. Navigation clicks replace the history entry, so back leaves
 * the scheduler instead of stepping through every day looked at. Phones open on the agenda (the day's
 * entries grouped by person; no grid fits 390 px readably), and on the day view when they pick the calendar.
 */
export function useSchedulerState(timeZone: string, phone: boolean): SchedulerState {
  const search = useSearch({ strict: false }) as SchedulerSearch;
  const navigate = useNavigate();
  const [cleared, setCleared] = useState(false);
  const today = dayIn(new Date(), timeZone);

  const update = useCallback(
    (patch: Partial<SchedulerSearch>) => {
      void navigate({ to: '/workorder/scheduler/calendar', search: (prev: SchedulerSearch) => ({ ...prev, ...patch }), replace: true });
    },
    [navigate],
  );

  const dataView = search.view ?? (phone ? 'day' : DEFAULT_PAGE_VIEW);
  const setView = useCallback(
    (view: CalendarView | null) => {
      setCleared(view === null);
      if (view) update({ view });
    },
    [update],
  );

  return useMemo(
    () => ({
      board: search.board ?? (phone ? 'agenda' : 'calendar'),
      view: cleared ? null : dataView,
      dataView,
      anchor: search.date ?? today,
      today,
      taskIdToPreview: search.taskIdToPreview,
      setBoard: (board: SchedulerBoard) => update({ board }),
      setView,
      setDate: (date: DayKey) => update({ date }),
      update,
    }),
    [search.board, search.date, search.taskIdToPreview, phone, cleared, dataView, today, update, setView],
  );
}

/**
 * `?taskIdToPreview={id}`: loads the task, moves the board to its day (the view stays as chosen) and opens
 * its preview; then drops the parameter so reload and back do not open it again. The chart cannot draw a
 * task without a schedule, so it says so (and still opens the preview); an unknown id is "Task not found".
 */
export function usePreviewParam(
  state: Pick<SchedulerState, 'taskIdToPreview' | 'board' | 'update'>,
  timeZone: string,
  open: (target: PreviewTarget) => void,
): void {
  const id = state.taskIdToPreview;
  const query = useQuery({ queryKey: taskKeys.detail(id ?? ''), queryFn: () => tasksApi.get(id ?? ''), enabled: !!id, retry: false });
  // Strict mode runs effects twice; a toast must not.
  const handled = useRef<string | null>(null);
  const { board, update } = state;

  useEffect(() => {
    if (!id || handled.current === id) return;
    const task = query.data;
    if (task && task.id === id) {
      handled.current = id;
      const start = task.taskScheduler?.startDateTime;
      if (!start && board === 'chart') toast.error(CALENDAR_MESSAGES.noScheduledTime);
      open({ id, taskNumber: task.taskNumber, name: task.name });
      update({ taskIdToPreview: undefined, ...(start ? { date: dayKeyOf(start, timeZone) } : {}) });
    } else if (query.isError) {
      handled.current = id;
      toast.error(TASK_NOT_FOUND);
      update({ taskIdToPreview: undefined });
    }
  }, [id, query.data, query.isError, board, update, open, timeZone]);
}
