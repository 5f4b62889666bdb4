import { CALENDAR_VIEWS, type CalendarView } from '@fieldwork/domain/scheduling/calendar.rules';
import { isDayKey, type DayKey } from '@fieldwork/domain/time/calendar-time.rules';

/** The calendar (month/week/day), the per-person dispatch chart, and the day's agenda grouped by person. */
export const SCHEDULER_BOARDS = ['calendar', 'chart', 'agenda'] as const;
export type SchedulerBoard = (typeof SCHEDULER_BOARDS)[number];

/** The scheduler's URL: the state that survives reload and back. */
export type SchedulerSearch = { taskIdToPreview?: string; view?: CalendarView; date?: DayKey; board?: SchedulerBoard };

const oneOf = <T extends string>(list: readonly T[], v: unknown): T | undefined => (list.includes(v as T) ? (v as T) : undefined);

export function validateSchedulerSearch(s: Record<string, unknown>): SchedulerSearch {
  const id = typeof s.taskIdToPreview === 'string' && s.taskIdToPreview.trim() ? s.taskIdToPreview.trim() : undefined;
  return {
    taskIdToPreview: id,
    view: oneOf(CALENDAR_VIEWS, s.view),
    date: isDayKey(s.date) ? s.date : undefined,
    board: oneOf(SCHEDULER_BOARDS, s.board),
  };
}
