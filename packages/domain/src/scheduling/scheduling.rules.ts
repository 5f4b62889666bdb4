import type { TaskLifecycle, TaskStatus } from '../tasks/task-status.rules.ts';

/**
 * The lifecycles a work queue never holds: a closed or cancelled task is finished business. The task list's
 * Unscheduled and Unassigned tabs (and the scheduler's sheets built on them) leave these out, rows and count.
 */
export const WORK_QUEUE_EXCLUDED_LIFECYCLES = ['CLOSED', 'CANCELLED'] as const satisfies readonly TaskLifecycle[];

/**
 * Scheduling rules the server enforces and the scheduler mirrors.
 *
 * A closed or cancelled task is finished business: it is never offered for scheduling or assignment (no
 * Unscheduled / Unassigned card, no Assign button, no drop on the board) and a schedule or assign write for
 * it is refused. Every other state may be (re-)scheduled; a clocked-in task keeps its start (schedule.service).
 * Takes the stored lifecycle or the derived status alike: CLOSED and CANCELLED are the same in both.
 */
export function isSchedulable(status: TaskStatus): boolean {
  return !(WORK_QUEUE_EXCLUDED_LIFECYCLES as readonly string[]).includes(status);
}

export const NOT_SCHEDULABLE_MESSAGE = 'A closed or cancelled task cannot be scheduled or assigned.';

/** A person's own palette slot, from their id alone (FNV-1a over the id). */
export function personColourIndex(personId: string, paletteSize: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < personId.length; i++) {
    hash ^= personId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return paletteSize > 0 ? hash % paletteSize : 0;
}

/**
 * One colour per person everywhere they appear (team sidebar, calendar entries, chart rows and bars): each
 * person of the roster gets their own slot (personColourIndex) unless someone before them (in id order, not
 * display order, so sorting or selecting never changes it) already holds it; then the next free slot. So up
 * to paletteSize people never share a colour; beyond that slots are reused round by round. Someone not on the
 * roster (a field viewer's feed) keeps their own slot.
 */
export function personColourSlots(roster: readonly string[], paletteSize: number): Map<string, number> {
  const out = new Map<string, number>();
  if (paletteSize <= 0) return out;
  let used = new Set<number>();
  for (const id of [...new Set(roster)].sort()) {
    if (used.size === paletteSize) used = new Set();
    let slot = personColourIndex(id, paletteSize);
    while (used.has(slot)) slot = (slot + 1) % paletteSize;
    used.add(slot);
    out.set(id, slot);
  }
  return out;
}
