import type { TaskStatus } from './task-status.ts';

/**
 * Scheduling rules the server enforces and the scheduler mirrors.
 *
 * A closed or cancelled task is finished business: it is never offered for scheduling or assignment (no
 * Unscheduled / Unassigned card, no Assign button, no drop on the board) and a schedule or assign write for
 * it is refused. Every other state may be (re-)scheduled; a clocked-in task keeps its start (schedule.service).
 * Takes the stored lifecycle or the derived status alike: CLOSED and CANCELLED are the same in both.
 */
export function isSchedulable(status: TaskStatus): boolean {
  return status !== 'CLOSED' && status !== 'CANCELLED';
}

export const NOT_SCHEDULABLE_MESSAGE = 'A closed or cancelled task cannot be scheduled or assigned.';

/**
 * One colour per person everywhere they appear (team sidebar, calendar entries, chart rows and bars), taken
 * from their id alone: it does not move when the team list is filtered, sorted, paged or the selection
 * changes, and every screen computes the same one. FNV-1a over the id, then the palette slot.
 */
export function personColourIndex(personId: string, paletteSize: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < personId.length; i++) {
    hash ^= personId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return paletteSize > 0 ? hash % paletteSize : 0;
}
