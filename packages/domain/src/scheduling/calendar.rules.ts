import { isSubcontractorRole, isTechnicianRole, type Viewer } from '../access/roles.rules.ts';
import { overlaps, type TaskStatus } from '../tasks/task-status.rules.ts';

/** Calendar and chart constants. */
export const CALENDAR = {
  /** Saturday. */
  weekStartsOn: 6,
  visibleHours: { from: 9, to: 17 },
  stepMinutes: 60,
  height: 600,
  slotMinutes: { month: 1440, week: 60, day: 15 },
  monthMaxRows: 6,
  monthStack: 5,
  drawerWidth: 450,
  sidebarWidth: 295,
  newRangeMinutes: 60,
  searchDebounceMs: 300,
  chart: { heightUnitMinutes: 60, base: 136, slots: 24 },
} as const;

export const CALENDAR_VIEWS = ['month', 'week', 'day'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];
/** The page opens on month; the calendar component's own default is week (spec). */
export const DEFAULT_PAGE_VIEW: CalendarView = 'month';

/** The spec's texts for the scheduler, verbatim. */
export const CALENDAR_MESSAGES = {
  searchPlaceholder: 'Search Tasks...',
  noViews: 'No views were selected',
  loadingPreview: 'Loading task details...',
  clashTitle: 'Cannot update schedule',
  clash: (taskNumber: number) => `This event has clash in time with task #${taskNumber}.`,
  failedPrefix: 'Failed to update task schedule:',
  updated: (taskNumber: number) => `Task Schedule for #${taskNumber} has updated!`,
  noScheduledTime: 'The target task does not have a scheduled time, so it cannot be displayed on the scheduler chart',
  unscheduledTitle: 'Unscheduled Tasks',
  unassignedTitle: 'Unassigned Tasks',
  allTechnicians: 'All Technicians',
  allSubcontractors: 'All Subcontractors',
} as const;

export type CalendarEdit = { move: boolean; resize: boolean };

/**
 * Spec "Calendar editing": a CLOSED task cannot be resized; CLOCKED_IN, CLOCKED_OUT and CLOSED tasks cannot
 * be dragged. Cancelled tasks cannot be re-scheduled at all (the server refuses them), so neither.
 */
export const CALENDAR_EDIT = {
  OPEN: { move: true, resize: true },
  UNSCHEDULED: { move: true, resize: true },
  UNASSIGNED: { move: true, resize: true },
  UPCOMING: { move: true, resize: true },
  AWAITING_START: { move: true, resize: true },
  MISSED: { move: true, resize: true },
  CLOCKED_IN: { move: false, resize: true },
  CLOCKED_OUT: { move: false, resize: true },
  CLOSED: { move: false, resize: false },
  CANCELLED: { move: false, resize: false },
} as const satisfies Record<TaskStatus, CalendarEdit>;

/** What a viewer may do to an entry on the calendar: nothing without tasks.write, else the status table. */
export function calendarEdit(status: TaskStatus, canWrite: boolean): CalendarEdit {
  return canWrite ? CALENDAR_EDIT[status] : { move: false, resize: false };
}

/** The fields of a scheduler entry the clash check needs. */
export type ClashEntry = { id: string; taskNumber: number; startTime: string; endTime: string; status: TaskStatus; assignedTo: { id: string } | null };
export type ClashTimeOff = { userId: string; startDateTime: string; endDateTime: string };

/**
 * The client's copy of the server's clash guard over what it has loaded: the first other non-cancelled
 * entry of the same assignee whose interval overlaps the new one (half-open, as on the server), else a time
 * off block of that person. Unassigned entries clash with nothing. The server stays the judge; this only
 * spares a request the client can already see failing.
 */
export function findClash(
  entries: readonly ClashEntry[],
  moved: { id: string; assigneeId: string | null; start: string; end: string },
  timeOff: readonly ClashTimeOff[] = [],
): { kind: 'task'; taskNumber: number } | { kind: 'timeOff' } | null {
  if (!moved.assigneeId) return null;
  const span = { start: new Date(moved.start), end: new Date(moved.end) };
  if (span.end.getTime() <= span.start.getTime()) return null;
  for (const e of entries) {
    if (e.id === moved.id || e.status === 'CANCELLED' || e.assignedTo?.id !== moved.assigneeId) continue;
    if (overlaps(span, { start: new Date(e.startTime), end: new Date(e.endTime) })) return { kind: 'task', taskNumber: e.taskNumber };
  }
  for (const t of timeOff) {
    if (t.userId === moved.assigneeId && overlaps(span, { start: new Date(t.startDateTime), end: new Date(t.endDateTime) })) return { kind: 'timeOff' };
  }
  return null;
}

/**
 * isViewEstimates / isViewInvoices of the preview drawer (the spec leaves the rule out; this is the rule):
 * office readers see both cards; a technician sees neither (no money on a technician's screen); a
 * subcontractor login sees them on tasks assigned to its own company, where it sends its estimates and
 * invoices.
 */
export function previewCards(
  viewer: Pick<Viewer, 'role' | 'access'>,
  task: { assignedTo: string; isOwnTask: boolean },
): { estimates: boolean; invoices: boolean } {
  if (isTechnicianRole(viewer.role)) return { estimates: false, invoices: false };
  if (isSubcontractorRole(viewer.role)) {
    const own = task.assignedTo === 'SUBCONTRACTOR' && task.isOwnTask;
    return { estimates: own, invoices: own };
  }
  const office = viewer.access !== 'noAccess';
  return { estimates: office, invoices: office };
}
