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
export type Assignee = { columns: AssigneeColumns; name: string | null };

type AssignInput = {
  assignTo?: AssignToChoice | undefined;
  assignedTechnicianId?: string | null | undefined;
  assignedSubcontractorId?: string | null | undefined;
};

export const NO_ASSIGNEE: Assignee = {
  columns: { assigned_to: 'NONE', assigned_user_id: null, assigned_subcontractor_id: null, assignee_key: null },
  name: null,
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

/**
 * The person the form picked, checked against this company: a technician must be an active user with a
 * technician role, a subcontractor an active one of the company (another company's id reads like a missing
 * one: 400 naming the field). Whoever the task already has stays acceptable, so renaming a task never fails
 * because its technician was disabled since. Omitted or LATER means nobody.
 */
export async function resolveAssignee(
  db: Db,
  tenantId: string,
  input: AssignInput,
  current?: Pick<TaskViewRow, 'assigned_user_id' | 'assigned_subcontractor_id'>,
): Promise<Assignee> {
  if (input.assignTo === 'TECHNICIAN' && input.assignedTechnicianId) {
    const id = input.assignedTechnicianId;
    const user = await findUserForAssignment(db, tenantId, id);
    const kept = current?.assigned_user_id === id;
    if (!user || !isTechnicianRole(user.role) || (user.status !== 'ACTIVE' && !kept)) throw new AppError('VALIDATION_FAILED', [ASSIGNEE_MESSAGES.technician]);
    return { columns: { assigned_to: 'TECHNICIAN', assigned_user_id: id, assigned_subcontractor_id: null, assignee_key: id }, name: user.name };
  }
  if (input.assignTo === 'SUBCONTRACTOR' && input.assignedSubcontractorId) {
    const id = input.assignedSubcontractorId;
    const sub = await findSubcontractorForAssignment(db, tenantId, id);
    const kept = current?.assigned_subcontractor_id === id;
    if (!sub || (!sub.is_active && !kept)) throw new AppError('VALIDATION_FAILED', [ASSIGNEE_MESSAGES.subcontractor]);
    return { columns: { assigned_to: 'SUBCONTRACTOR', assigned_user_id: null, assigned_subcontractor_id: id, assignee_key: id }, name: sub.name };
  }
  return NO_ASSIGNEE;
}
