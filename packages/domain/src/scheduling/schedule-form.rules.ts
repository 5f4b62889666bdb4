import { toZonedInput } from '../time/schedule-time.rules.ts';
import { dayIn } from '../time/zoned-day.rules.ts';

/**
 * When a schedule may be submitted, shared by the task form and the Assign/Schedule sheet: submit is disabled
 * when a technician is not selected while a start exists (outside re-schedule), when assigning is chosen
 * without a technician or subcontractor selected, or while a request is in flight.
 */
export type ScheduleAssignmentDraft = {
  hasStart: boolean;
  assignTo: 'TECHNICIAN' | 'SUBCONTRACTOR' | 'LATER';
  technicianId: string | null;
  subcontractorId: string | null;
  /** Subcontractor → Request Bids: who gets a request instead of one assignee. */
  bidSubcontractorIds?: readonly string[] | null;
};

export function scheduleSubmitDisabled(draft: ScheduleAssignmentDraft, o: { reschedule: boolean; pending: boolean }): boolean {
  if (o.pending) return true;
  // Technician is an explicit choice (Assign Later is how a schedule goes out unassigned), so choosing it
  // without picking one blocks the submit with or without a start; re-schedule keeps the same rule for it.
  if (draft.assignTo === 'TECHNICIAN' && !draft.technicianId) return true;
  if (draft.assignTo === 'SUBCONTRACTOR') {
    if (draft.bidSubcontractorIds) return draft.bidSubcontractorIds.length === 0;
    return !draft.subcontractorId;
  }
  return false;
}

/**
 * A start on a day before today (in the company's zone) is allowed — work done and recorded afterwards — but
 * never silently: the form asks for a confirmation naming the date. A start earlier today does not ask (work
 * starting now is entered a few minutes late), and neither does an untouched past start of a task being edited.
 */
export function needsPastStartConfirmation(startIso: string | null, previousStartIso: string | null, now: Date, timeZone: string): boolean {
  if (!startIso || Number.isNaN(Date.parse(startIso))) return false;
  if (previousStartIso !== null && Date.parse(previousStartIso) === Date.parse(startIso)) return false;
  return toZonedInput(startIso, timeZone).slice(0, 10) < dayIn(now, timeZone);
}
