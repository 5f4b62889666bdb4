import { sql } from 'kysely';
import type { Db } from '@fieldwork/db/connection';
import { containsText, paging } from '@fieldwork/db/sql-helpers';
import { TECHNICIAN_ROLES } from '../scheduling/team.repository.ts';

/** The user's running work period (end_time null), if any: the partial unique index holds at most one. */
export function findRunningActivityOfUser(db: Db, tenantId: string, userId: string) {
  return db
    .selectFrom('task_activities')
    .select(['id', 'task_id'])
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('end_time', 'is', null)
    .executeTakeFirst();
}

/** One work period of a task (another task's or company's reads as missing). */
/** The given period of the task, or with no id its running one (a clock-out queued offline never learnt the id). */
export function findTaskActivity(db: Db, tenantId: string, taskId: string, activityId: string | undefined) {
  const q = db
    .selectFrom('task_activities')
    .leftJoin('users', 'users.id', 'task_activities.user_id')
    .select(['task_activities.id', 'task_activities.user_id', 'task_activities.start_time', 'task_activities.end_time', 'users.name as user_name'])
    .where('task_activities.tenant_id', '=', tenantId)
    .where('task_activities.task_id', '=', taskId);
  return (activityId ? q.where('task_activities.id', '=', activityId) : q.where('task_activities.end_time', 'is', null)).executeTakeFirst();
}

export function findActiveVehicle(db: Db, tenantId: string, vehicleId: string) {
  return db
    .selectFrom('vehicles')
    .select(['id', 'name'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', vehicleId)
    .where('is_active', '=', 1)
    .executeTakeFirst();
}

/** Active technicians of the company among `userIds`, with their names. */
export function findActiveTechnicians(db: Db, tenantId: string, userIds: string[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('users')
    .select(['id', 'name'])
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', userIds)
    .where('status', '=', 'ACTIVE')
    .where('role', 'in', TECHNICIAN_ROLES)
    .execute();
}

export async function userName(db: Db, tenantId: string, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const row = await db.selectFrom('users').select('name').where('tenant_id', '=', tenantId).where('id', '=', userId).executeTakeFirst();
  return row?.name ?? null;
}

export async function insertRunningActivity(
  db: Db,
  tenantId: string,
  row: { id: string; taskId: string; jobId: string; userId: string; start: string; vehicleId: string | null; assistants: string[] },
): Promise<void> {
  await db
    .insertInto('task_activities')
    .values({
      id: row.id,
      tenant_id: tenantId,
      task_id: row.taskId,
      job_id: row.jobId,
      user_id: row.userId,
      start_time: row.start,
      end_time: null,
      description: null,
      vehicle_id: row.vehicleId,
      created_at: row.start,
    })
    .execute();
  if (row.assistants.length) {
    await db
      .insertInto('task_activity_assistants')
      .values(row.assistants.map((user_id) => ({ tenant_id: tenantId, activity_id: row.id, user_id })))
      .execute();
  }
}

/** Ends a running period: false when it had ended already (a second clock-out lost the race). */
export async function endActivity(db: Db, tenantId: string, activityId: string, end: string, description: string): Promise<boolean> {
  const result = await db
    .updateTable('task_activities')
    .set({ end_time: end, description })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', activityId)
    .where('end_time', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Moves the start of a period still running: false when it ended meanwhile. */
export async function moveRunningStart(db: Db, tenantId: string, activityId: string, start: string): Promise<boolean> {
  const result = await db
    .updateTable('task_activities')
    .set({ start_time: start })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', activityId)
    .where('end_time', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export type ClockActivityRow = {
  id: string;
  start_time: string;
  end_time: string | null;
  description: string | null;
  user_id: string | null;
  user_name: string | null;
  vehicle_id: string | null;
  vehicle_name: string | null;
  assistants: { userId: string; name: string }[];
};

/** Work periods of a task in start order, with who worked them, the vehicle and the assistants (two queries). */
export async function listClockActivities(db: Db, tenantId: string, taskId: string, activityId?: string): Promise<ClockActivityRow[]> {
  const rows = await db
    .selectFrom('task_activities')
    .leftJoin('users', 'users.id', 'task_activities.user_id')
    .leftJoin('vehicles', 'vehicles.id', 'task_activities.vehicle_id')
    .select([
      'task_activities.id',
      'task_activities.start_time',
      'task_activities.end_time',
      'task_activities.description',
      'task_activities.user_id',
      'users.name as user_name',
      'task_activities.vehicle_id',
      'vehicles.name as vehicle_name',
    ])
    .where('task_activities.tenant_id', '=', tenantId)
    .where('task_activities.task_id', '=', taskId)
    .$if(activityId !== undefined, (qb) => qb.where('task_activities.id', '=', activityId!))
    .orderBy('task_activities.start_time')
    .orderBy('task_activities.id')
    .execute();
  if (rows.length === 0) return [];
  const helpers = await db
    .selectFrom('task_activity_assistants as a')
    .innerJoin('users', 'users.id', 'a.user_id')
    .select(['a.activity_id', 'a.user_id', 'users.name'])
    .where('a.tenant_id', '=', tenantId)
    .where(
      'a.activity_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy(sql`lower(${sql.ref('users.name')})`)
    .execute();
  const byActivity = new Map<string, { userId: string; name: string }[]>();
  for (const h of helpers) byActivity.set(h.activity_id, [...(byActivity.get(h.activity_id) ?? []), { userId: h.user_id, name: h.name }]);
  return rows.map((r) => ({ ...r, assistants: byActivity.get(r.id) ?? [] }));
}

/** Active technicians of the company other than `excludeUserId`, by name, searchable by name. */
export async function listAssistantCandidates(db: Db, tenantId: string, q: { excludeUserId?: string; search?: string; page: number; limit: number }) {
  const base = db
    .selectFrom('users')
    .where('users.tenant_id', '=', tenantId)
    .where('users.status', '=', 'ACTIVE')
    .where('users.role', 'in', TECHNICIAN_ROLES)
    .$if(Boolean(q.excludeUserId), (qb) => qb.where('users.id', '<>', q.excludeUserId!))
    .$if(Boolean(q.search), (qb) => qb.where(containsText('users.name', q.search!)));
  const { limit, offset } = paging(q.page, q.limit);
  const [rows, count] = await Promise.all([
    base
      .select(['users.id', 'users.name'])
      .orderBy(sql`lower(${sql.ref('users.name')})`)
      .orderBy('users.id')
      .limit(limit)
      .offset(offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
