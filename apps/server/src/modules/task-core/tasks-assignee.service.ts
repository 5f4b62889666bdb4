import type { Db } from '@fieldwork/db/connection';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import { isTechnicianRole } from '@fieldwork/domain/access/roles.rules';
import type { AssignToChoice } from '@fieldwork/domain/tasks/tasks.schemas';
import { findSubcontractorForAssignment, findUserForAssignment, type TaskViewRow } from './tasks.repository.ts';

export type AssigneeColumns = {
  assigned_to: 'TECHNICIAN' | 'SUBCONTRACTOR' | 'NONE';
  assigned_user_id: string | null;
  assigned_subcontractor_id: string | null;
  assignee_key: string | null;
};
/** What the task view shows of the assignee (its joined columns), so a write can answer without reading it back. */
export type AssigneeShown = Pick<TaskViewRow, 'tech_name' | 'tech_photo' | 'sub_name' | 'sub_user_id'>;
export type Assignee = { columns: AssigneeColumns; name: string | null; shown?: AssigneeShown };

type AssignInput = {
  assignTo?: AssignToChoice | undefined;
  assignedTechnicianId?: string | null | undefined;
  assignedSubcontractorId?: string | null | undefined;
};

export const NO_ASSIGNEE: Assignee = {
  columns: { assigned_to: 'NONE', assigned_user_id: null, assigned_subcontractor_id: null, assignee_key: null },
  name: null,
  shown: { tech_name: null, tech_photo: null, sub_name: null, sub_user_id: null },
};

export const ASSIGNEE_MESSAGES = {
  technician: 'Technician must be an active technician of your company.',
  subcontractor: 'Subcontractor must be an active subcontractor of your company.',
} as const;

/** The assignee a task has now, as a name for its change log. */
export function currentAssigneeName(row: Pick<TaskViewRow, 'tech_name' | 'sub_name' | 'assigned_to'>): string | null {
  if (row.assigned_to === 'TECHNICIAN') return row.tech_name;
  if (row.assigned_to === 'SUBCONTRACTOR') return row.sub_name;
  return null;
}

type Candidate =
  | { kind: 'TECHNICIAN'; row: Awaited<ReturnType<typeof findUserForAssignment>> }
  | { kind: 'SUBCONTRACTOR'; row: Awaited<ReturnType<typeof findSubcontractorForAssignment>> }
  | { kind: 'NONE' };

/** The read half of resolveAssignee: the person the form picked, as stored (a write may run it beside its other reads). */
export async function findAssigneeCandidate(db: Db, tenantId: string, input: AssignInput): Promise<Candidate> {
  if (input.assignTo === 'TECHNICIAN' && input.assignedTechnicianId)
    return { kind: 'TECHNICIAN', row: await findUserForAssignment(db, tenantId, input.assignedTechnicianId) };
  if (input.assignTo === 'SUBCONTRACTOR' && input.assignedSubcontractorId)
    return { kind: 'SUBCONTRACTOR', row: await findSubcontractorForAssignment(db, tenantId, input.assignedSubcontractorId) };
  return { kind: 'NONE' };
}

/**
 * The person the form picked, checked against this company: a technician must be an active user with a
 * technician role, a subcontractor an active one of the company (another company's id reads like a missing
 * one: 400 naming the field). Whoever the task already has stays acceptable, so renaming a task never fails
 * because its technician was disabled since. Omitted or LATER means nobody.
 */
export function acceptAssignee(candidate: Candidate, current?: Pick<TaskViewRow, 'assigned_user_id' | 'assigned_subcontractor_id'>): Assignee {
  if (candidate.kind === 'TECHNICIAN') {
    const user = candidate.row;
    if (!user || !isTechnicianRole(user.role) || (user.status !== 'ACTIVE' && current?.assigned_user_id !== user.id))
      throw new AppError('VALIDATION_FAILED', [ASSIGNEE_MESSAGES.technician]);
    return {
      columns: { assigned_to: 'TECHNICIAN', assigned_user_id: user.id, assigned_subcontractor_id: null, assignee_key: user.id },
      name: user.name,
      shown: { tech_name: user.name, tech_photo: user.photo_file_id, sub_name: null, sub_user_id: null },
    };
  }
  if (candidate.kind === 'SUBCONTRACTOR') {
    const sub = candidate.row;
    if (!sub || (!sub.is_active && current?.assigned_subcontractor_id !== sub.id)) throw new AppError('VALIDATION_FAILED', [ASSIGNEE_MESSAGES.subcontractor]);
    return {
      columns: { assigned_to: 'SUBCONTRACTOR', assigned_user_id: null, assigned_subcontractor_id: sub.id, assignee_key: sub.id },
      name: sub.name,
      shown: { tech_name: null, tech_photo: null, sub_name: sub.name, sub_user_id: sub.user_id },
    };
  }
  return NO_ASSIGNEE;
}

export async function resolveAssignee(
  db: Db,
  tenantId: string,
  input: AssignInput,
  current?: Pick<TaskViewRow, 'assigned_user_id' | 'assigned_subcontractor_id'>,
): Promise<Assignee> {
  return acceptAssignee(await findAssigneeCandidate(db, tenantId, input), current);
}
