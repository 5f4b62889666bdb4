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
 * A start before now is allowed (work done and recorded afterwards) but never silently: the form asks for a
 * confirmation naming the date. Only a start the user set or changed asks; an untouched past start does not.
 */
export function needsPastStartConfirmation(startIso: string | null, previousStartIso: string | null, now: Date): boolean {
  if (!startIso) return false;
  const start = Date.parse(startIso);
  if (Number.isNaN(start) || start >= now.getTime()) return false;
  return previousStartIso === null || Date.parse(previousStartIso) !== start;
}
