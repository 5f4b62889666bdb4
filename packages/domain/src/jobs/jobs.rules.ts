import { can, isAdmin, type Viewer } from '../access/roles.rules.ts';
import type { JobStatus } from './jobs.schemas.ts';

/** Spec: creating or editing, and adding notes, are unavailable once the job is closed or cancelled. */
export function jobActions(viewer: Pick<Viewer, 'role' | 'access'>, job: { status: JobStatus }) {
  const open = job.status === 'OPEN';
  return {
    edit: open && can(viewer, 'jobs.write'),
    addNote: open && can(viewer, 'notes.write'),
  };
}

/** Only a note's author, or an admin, may edit or delete it. */
export function canChangeNote(viewer: Pick<Viewer, 'userId' | 'role' | 'access'>, note: { authorId: string | null }): boolean {
  return can(viewer, 'notes.write') && (note.authorId === viewer.userId || isAdmin(viewer));
}

/** Whole dollars and cents for the API: money is integer cents everywhere else. */
export function centsToAmount(cents: number): number {
  return Math.round(cents) / 100;
}

export function formatMoney(amount: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);
}
