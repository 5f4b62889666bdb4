import { randomUUID } from 'node:crypto';
import type { Db } from '@fieldwork/db/connection';
import { nowIso } from '@fieldwork/db/sql-helpers';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import { isSubcontractorRole, isTechnicianRole } from '@fieldwork/domain/access/roles.rules';
import { SCHEDULE_MESSAGES, type TimeOff, type TimeOffBody } from '@fieldwork/domain/scheduling/scheduling.schemas';
import type { z } from 'zod';
import type { timeOffListQuery } from '@fieldwork/domain/scheduling/scheduling.schemas';
import type { AuthContext } from '../../plugins/auth.plugin.ts';
import { ASSIGNEE_MESSAGES } from '../task-core/tasks-assignee.service.ts';
import { findUserForAssignment } from '../task-core/tasks.repository.ts';
import { writeTimeOff } from '../task-core/schedule-guard.ts';
import { deleteTimeOffRow, findTimeOff, insertTimeOff, listTimeOffRows, type TimeOffRow } from './time-off.repository.ts';

type Auth = Pick<AuthContext, 'viewer'>;
type ListQuery = z.output<typeof timeOffListQuery>;

/** At most this many blocks per list call (a technician's two months of time off is far fewer). */
export const TIME_OFF_LIST_LIMIT = 500;

function toTimeOff(r: TimeOffRow): TimeOff {
  return { id: r.id, userId: r.user_id, username: r.user_name, startDateTime: r.start_at, endDateTime: r.end_at, reason: r.reason, createdAt: r.created_at };
}

/**
 * Time off overlapping the range, in start order. Office readers see everyone's (or one user's); a
 * technician only their own; a subcontractor login has none to see.
 */
export async function listTimeOff(db: Db, auth: Auth, q: ListQuery): Promise<TimeOff[]> {
  const { viewer } = auth;
  if (isSubcontractorRole(viewer.role)) throw new AppError('FORBIDDEN');
  if (isTechnicianRole(viewer.role) && q.userId && q.userId !== viewer.userId) throw new AppError('FORBIDDEN', 'Technicians can see only their own time off.');
  const userId = isTechnicianRole(viewer.role) ? viewer.userId : q.userId;
  const rows = await listTimeOffRows(db, viewer.tenantId, { userId, startDateTime: q.startDateTime, endDateTime: q.endDateTime }, TIME_OFF_LIST_LIMIT);
  return rows.map(toTimeOff);
}

/** A block of time off for an active technician of the company; refused when one of their tasks overlaps it. */
export async function createTimeOff(db: Db, auth: Auth, body: TimeOffBody): Promise<TimeOff> {
  const { viewer } = auth;
  const user = await findUserForAssignment(db, viewer.tenantId, body.userId);
  if (!user || !isTechnicianRole(user.role) || user.status !== 'ACTIVE') throw new AppError('VALIDATION_FAILED', [ASSIGNEE_MESSAGES.technician]);
  const id = randomUUID();
  const row = {
    id,
    user_id: user.id,
    start_at: body.startDateTime,
    end_at: body.endDateTime,
    reason: body.reason || null,
    created_by: viewer.userId,
    created_at: nowIso(),
  };
  await writeTimeOff(db, viewer.tenantId, user.id, { start: body.startDateTime, end: body.endDateTime }, (trx) => insertTimeOff(trx, viewer.tenantId, row));
  return toTimeOff((await findTimeOff(db, viewer.tenantId, id))!);
}

export async function deleteTimeOff(db: Db, auth: Auth, id: string): Promise<void> {
  if (!(await deleteTimeOffRow(db, auth.viewer.tenantId, id))) throw new AppError('NOT_FOUND', SCHEDULE_MESSAGES.timeOffNotFound);
}
