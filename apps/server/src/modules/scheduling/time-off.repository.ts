import type { Db } from '@fieldwork/db/connection';

/** Technicians' time off, with the user's name its DTO shows; tenantId first. */
export type TimeOffRow = { id: string; user_id: string; user_name: string; start_at: string; end_at: string; reason: string | null; created_at: string };

function timeOffQuery(db: Db, tenantId: string) {
  return db
    .selectFrom('time_off')
    .innerJoin('users', 'users.id', 'time_off.user_id')
    .select(['time_off.id', 'time_off.user_id', 'users.name as user_name', 'time_off.start_at', 'time_off.end_at', 'time_off.reason', 'time_off.created_at'])
    .where('time_off.tenant_id', '=', tenantId);
}

/** Time off overlapping [start, end), of one user or everyone, in start order, at most `limit` blocks. */
export function listTimeOffRows(
  db: Db,
  tenantId: string,
  q: { userId?: string | undefined; startDateTime: string; endDateTime: string },
  limit: number,
): Promise<TimeOffRow[]> {
  return timeOffQuery(db, tenantId)
    .$if(!!q.userId, (qb) => qb.where('time_off.user_id', '=', q.userId!))
    .where('time_off.start_at', '<', q.endDateTime)
    .where('time_off.end_at', '>', q.startDateTime)
    .orderBy('time_off.start_at')
    .orderBy('time_off.id')
    .limit(limit)
    .execute();
}

export function findTimeOff(db: Db, tenantId: string, id: string): Promise<TimeOffRow | undefined> {
  return timeOffQuery(db, tenantId).where('time_off.id', '=', id).executeTakeFirst();
}

export async function insertTimeOff(
  db: Db,
  tenantId: string,
  row: { id: string; user_id: string; start_at: string; end_at: string; reason: string | null; created_by: string; created_at: string },
): Promise<void> {
  await db
    .insertInto('time_off')
    .values({ ...row, tenant_id: tenantId })
    .execute();
}

export async function deleteTimeOffRow(db: Db, tenantId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('time_off').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** The users' time off overlapping [from, to), half-open: one user/start index range for the whole list. */
export function timeOffOverlapping(db: Db, tenantId: string, userIds: string[], from: string, to: string) {
  return db
    .selectFrom('time_off')
    .select(['user_id', 'start_at', 'end_at'])
    .where('tenant_id', '=', tenantId)
    .where('user_id', 'in', userIds)
    .where('start_at', '<', to)
    .where('end_at', '>', from)
    .execute();
}
