import { useSyncExternalStore } from 'react';

/**
 * Whether a drag is in progress anywhere on the scheduler. The live board holds incoming refreshes while it
 * is, so a card under the pointer is never replaced by a refetch; they run when the drag ends.
 */
let active = 0;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

export function beginDrag(): void {
  active += 1;
  if (active === 1) notify();
}

export function endDrag(): void {
  if (active === 0) return;
  active -= 1;
  if (active === 0) notify();
}

export function isDragging(): boolean {
  return active > 0;
}

export function subscribeDrag(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useIsDragging(): boolean {
  return useSyncExternalStore(subscribeDrag, isDragging, isDragging);
}

/**
 * Changes this screen made itself: the server's answer is already in the cache, so the live event that
 * echoes it back need not refetch the whole range (a week of a big team is a megabyte).
 */
const OWN_CHANGE_MS = 5_000;
const ownChanges = new Map<string, number>();

export function markOwnChange(taskId: string, now = Date.now()): void {
  ownChanges.set(taskId, now + OWN_CHANGE_MS);
}

/** True once per own change: the first echo within the window is skipped, later events refetch. */
export function takeOwnChange(taskId: string, now = Date.now()): boolean {
  const until = ownChanges.get(taskId);
  if (until === undefined) return false;
  ownChanges.delete(taskId);
  return until >= now;
}

/** The HTML drag-and-drop type of a task card dragged from the Unscheduled / Unassigned sheets. */
export const TASK_DRAG_TYPE = 'application/x-fieldwork-task';

/** What a sheet card carries: enough to schedule (no schedule yet) or re-schedule (a schedule and its version). */
export type DraggedTask = {
  taskId: string;
  taskNumber: number;
  name: string;
  scheduleId: string | null;
  scheduleVersion: number | null;
  /** Its current length in minutes, kept when dropped; null → the default new range. */
  durationMinutes: number | null;
  assignee: { id: string; type: 'TECHNICIAN' | 'SUBCONTRACTOR' } | null;
};

export function readDraggedTask(data: DataTransfer | null): DraggedTask | null {
  const raw = data?.getData(TASK_DRAG_TYPE);
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as DraggedTask;
    return typeof v.taskId === 'string' && typeof v.taskNumber === 'number' ? v : null;
  } catch {
    return null;
  }
}
