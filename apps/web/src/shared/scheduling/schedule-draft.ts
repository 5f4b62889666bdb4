import { addHoursLocal, allDayRange, fromZonedInput, isAllDayRange, toZonedInput } from '@fieldwork/domain/time/schedule-time.rules';
import type { RescheduleTaskBody, ScheduleTaskBody } from '@fieldwork/domain/scheduling/scheduling.schemas';
import { DEFAULT_SCHEDULE_HOURS, type TaskListItem } from '@fieldwork/domain/tasks/tasks.schemas';
import { scheduleSubmitDisabled } from '@fieldwork/domain/scheduling/schedule-form.rules';
import { dayIn } from '@fieldwork/domain/time/zoned-day.rules';

export const ASSIGN_MODES = ['TECHNICIAN', 'SUBCONTRACTOR', 'LATER'] as const;
export type AssignMode = (typeof ASSIGN_MODES)[number];
export const ASSIGN_MODE_LABELS = { TECHNICIAN: 'Technician', SUBCONTRACTOR: 'Subcontractor', LATER: 'Assign Later' } as const satisfies Record<
  AssignMode,
  string
>;
export type SubcontractorMode = 'ASSIGN' | 'REQUEST_BIDS';
export const SUBCONTRACTOR_MODE_LABELS = { ASSIGN: 'Assign Task', REQUEST_BIDS: 'Request Bids from Subcontractors' } as const;

/** The sheet's fields; start and end are wall-clock values in the tenant zone ("yyyy-MM-ddTHH:mm"). */
export type ScheduleDraft = {
  start: string;
  end: string;
  allDay: boolean;
  mode: AssignMode;
  subMode: SubcontractorMode;
  technicianId: string | null;
  subcontractorId: string | null;
  /** Request Bids from Subcontractors: who gets a request (no assignee until a bid is awarded). */
  bidSubcontractorIds: string[];
};

export type SchedulableTask = Pick<TaskListItem, 'id' | 'taskScheduler' | 'assignedTo' | 'assignedUser' | 'assignedSubcontractor' | 'version'>;

export const isReschedule = (task: SchedulableTask) => task.taskScheduler !== null;

export function initialDraft(task: SchedulableTask, timeZone: string): ScheduleDraft {
  const s = task.taskScheduler;
  const mode: AssignMode = task.assignedTo === 'SUBCONTRACTOR' ? 'SUBCONTRACTOR' : task.assignedTo === 'TECHNICIAN' || !s ? 'TECHNICIAN' : 'LATER';
  const start = toZonedInput(s?.startDateTime, timeZone);
  const end = toZonedInput(s?.expectedEndDateTime, timeZone);
  return {
    start,
    end,
    // A task scheduled 00:00–23:59 of its day is an all-day task: the checkbox says so when the sheet opens.
    allDay: isAllDayRange(start, end),
    mode,
    subMode: 'ASSIGN',
    technicianId: task.assignedTo === 'TECHNICIAN' ? (task.assignedUser?.userId ?? null) : null,
    subcontractorId: task.assignedTo === 'SUBCONTRACTOR' ? (task.assignedSubcontractor?.id ?? null) : null,
    bidSubcontractorIds: [],
  };
}

/**
 * A new start: all-day keeps 00:00–23:59 of its day; otherwise an empty end (or one before the start, which
 * the end's minimum forbids) becomes start + the default 2 hours in the tenant zone.
 */
export function withStart(draft: ScheduleDraft, start: string, timeZone: string): ScheduleDraft {
  if (draft.allDay) {
    const range = allDayRange(start);
    return range ? { ...draft, start: range.start, end: range.end } : { ...draft, start };
  }
  const endBefore = draft.end !== '' && start !== '' && draft.end < start;
  const end = start && (!draft.end || endBefore) ? addHoursLocal(start, DEFAULT_SCHEDULE_HOURS, timeZone) : draft.end;
  return { ...draft, start, end };
}

/** "All day Task": 00:00–23:59 of the start's day (today's when no start yet), in the tenant zone. */
export function withAllDay(draft: ScheduleDraft, allDay: boolean, timeZone: string, now = new Date()): ScheduleDraft {
  if (!allDay) return { ...draft, allDay };
  const range = allDayRange(draft.start || dayIn(now, timeZone));
  return range ? { ...draft, allDay, start: range.start, end: range.end } : { ...draft, allDay };
}

/** The domain's submit rule over the sheet's fields (shared with the task form). */
export function submitDisabled(draft: ScheduleDraft, o: { reschedule: boolean; pending: boolean }): boolean {
  return scheduleSubmitDisabled(
    {
      hasStart: draft.start !== '',
      assignTo: draft.mode,
      technicianId: draft.technicianId,
      subcontractorId: draft.subcontractorId,
      bidSubcontractorIds: requestsBids(draft) ? draft.bidSubcontractorIds : null,
    },
    o,
  );
}

type Assignment = Pick<ScheduleTaskBody, 'assignedTo' | 'assignedTechnicianId' | 'assignedSubcontractorId' | 'bidRequestSentTo'>;

/** Request Bids: the schedule goes out unassigned, with one bid request per chosen subcontractor. */
export const requestsBids = (draft: ScheduleDraft) => draft.mode === 'SUBCONTRACTOR' && draft.subMode === 'REQUEST_BIDS';

function assignment(draft: ScheduleDraft): Assignment {
  if (draft.mode === 'TECHNICIAN') return { assignedTo: 'TECHNICIAN', assignedTechnicianId: draft.technicianId };
  if (requestsBids(draft)) return { assignedTo: 'SUBCONTRACTOR', bidRequestSentTo: draft.bidSubcontractorIds };
  if (draft.mode === 'SUBCONTRACTOR') return { assignedTo: 'SUBCONTRACTOR', assignedSubcontractorId: draft.subcontractorId };
  return {};
}

/** The request to send: POST for a task without a schedule, PUT (with the loaded version) otherwise; invalid dates are left out. */
export function scheduleRequest(
  task: SchedulableTask,
  draft: ScheduleDraft,
  timeZone: string,
): { kind: 'create'; body: ScheduleTaskBody } | { kind: 'reschedule'; scheduleId: string; body: RescheduleTaskBody } | null {
  const startDateTime = fromZonedInput(draft.start, timeZone);
  if (!startDateTime) return null;
  const expectedEndDateTime = fromZonedInput(draft.end, timeZone);
  const s = task.taskScheduler;
  if (!s)
    return {
      kind: 'create',
      body: { taskId: task.id, startDateTime, expectedEndDateTime, isAssigned: draft.mode !== 'LATER' && !requestsBids(draft), ...assignment(draft) },
    };
  // The schedule's own version (stale → 409); a server without it falls back to the task's.
  const version = s.version ?? task.version;
  return { kind: 'reschedule', scheduleId: s.id, body: { startDateTime, expectedEndDateTime, ...assignment(draft), version } };
}
