import type { Insertable, Selectable, SelectQueryBuilder, Updateable } from 'kysely';
import type { Db } from '@fieldwork/db/connection';
import type { Database, TasksTable } from '@fieldwork/db/schema';
import { prepared } from '@fieldwork/db/prepared-statements';
import { compiledOnce } from '@fieldwork/db/compiled-once';

type IdsQuery = SelectQueryBuilder<Database, any, { id: string }>;

/**
 * Tasks with everything their DTO shows: the job's number, name, status, site, unit and requester, the
 * customer's name, the creator and the assignee. The ids come first (a list page, or one id) and drive the
 * joins, all by primary key: SQLite does not move a table joined after LEFT JOINs to the front, so starting
 * anywhere else walks the whole company.
 */
export function taskViewQuery(db: Db, ids: IdsQuery) {
  return db
    .selectFrom(ids.as('page'))
    .innerJoin('tasks', 'tasks.id', 'page.id')
    .innerJoin('jobs', 'jobs.id', 'tasks.job_id')
    .innerJoin('customers', 'customers.id', 'tasks.customer_id')
    .leftJoin('customer_addresses as site', 'site.id', 'jobs.site_address_id')
    .leftJoin('customer_addresses as unit', 'unit.id', 'jobs.building_unit_id')
    .leftJoin('customer_contacts as requester', 'requester.id', 'jobs.requester_id')
    .leftJoin('users as creator', 'creator.id', 'tasks.created_by')
    .leftJoin('users as tech', 'tech.id', 'tasks.assigned_user_id')
    .leftJoin('subcontractors as sub', 'sub.id', 'tasks.assigned_subcontractor_id')
    .leftJoin('service_plans as plan', 'plan.id', 'tasks.plan_id')
    .selectAll('tasks')
    .select([
      'jobs.job_number',
      'jobs.name as job_name',
      'jobs.status as job_status',
      'jobs.site_address_id',
      'site.full_address as site_address',
      'jobs.building_unit_id',
      'unit.building_unit as building_unit',
      'jobs.requester_id',
      'requester.name as requester_name',
      'customers.name as customer_name',
      'creator.name as creator_name',
      'tech.name as tech_name',
      'tech.photo_file_id as tech_photo',
      'sub.name as sub_name',
      'plan.name as plan_name',
      'sub.user_id as sub_user_id',
    ]);
}

export type TaskViewRow = Awaited<ReturnType<ReturnType<typeof taskViewQuery>['execute']>>[number];

// Built and compiled once: every task action and schedule write reads the view first, and building its eleven
// joins anew was ~4% of a re-schedule's CPU time (bench:scheduling profile).
const taskViewById = compiledOnce((db: Db, tenantId: string, taskId: string) =>
  taskViewQuery(db, db.selectFrom('tasks').select('tasks.id').where('tasks.tenant_id', '=', tenantId).where('tasks.id', '=', taskId)).modifyFront(prepared),
);
const taskViewBySchedule = compiledOnce((db: Db, tenantId: string, scheduleId: string) =>
  taskViewQuery(db, db.selectFrom('tasks').select('tasks.id').where('tasks.tenant_id', '=', tenantId).where('tasks.schedule_id', '=', scheduleId)).modifyFront(
    prepared,
  ),
);

export async function findTaskView(db: Db, tenantId: string, taskId: string): Promise<TaskViewRow | undefined> {
  return (await taskViewById(db, tenantId, taskId))[0];
}

export async function insertTask(db: Db, tenantId: string, row: Omit<Insertable<TasksTable>, 'tenant_id' | 'version'>): Promise<void> {
  await db
    .insertInto('tasks')
    .values({ ...row, tenant_id: tenantId, version: 1 })
    .execute();
}

/** The task with the given schedule id (the schedule sheet addresses a task by it), as findTaskView reads it. */
export async function findTaskViewBySchedule(db: Db, tenantId: string, scheduleId: string): Promise<TaskViewRow | undefined> {
  return (await taskViewBySchedule(db, tenantId, scheduleId))[0];
}

/**
 * This file is the one way a task row changes. Each write is conditional on what its caller read, so of two
 * racing changes exactly one lands and the other gets 0 rows (a 409 for its caller).
 *
 * A change of lifecycle or details: only if the task is still in the lifecycle and at the version read.
 */
export async function updateTaskIf(
  db: Db,
  tenantId: string,
  taskId: string,
  seen: { lifecycle: string; version: number },
  patch: Updateable<TasksTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('tasks')
    .set({ ...patch, version: seen.version + 1 })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', taskId)
    .where('lifecycle', '=', seen.lifecycle)
    .where('version', '=', seen.version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * A schedule or assignee change: only while the task is in the lifecycle read and on the schedule the caller
 * based it on — none yet (`scheduleVersion` null) or that schedule version; both versions move on. Returns the
 * row as written (undefined: nothing matched), so the answer needs no second read of the task.
 */
/** The schedule update, conditional on what was read (a schedule still absent, or the version loaded); not run. */
export function taskScheduleUpdate(
  db: Db,
  tenantId: string,
  taskId: string,
  seen: { lifecycle: string; scheduleVersion: number | null },
  patch: Updateable<TasksTable>,
) {
  const update = db
    .updateTable('tasks')
    .set((eb) => ({ ...patch, schedule_version: eb('schedule_version', '+', 1), version: eb('version', '+', 1) }))
    .where('tenant_id', '=', tenantId)
    .where('id', '=', taskId)
    .where('lifecycle', '=', seen.lifecycle);
  return seen.scheduleVersion === null ? update.where('schedule_id', 'is', null) : update.where('schedule_version', '=', seen.scheduleVersion);
}
export type TaskScheduleUpdate = ReturnType<typeof taskScheduleUpdate>;

export async function updateTaskScheduleIf(
  db: Db,
  tenantId: string,
  taskId: string,
  seen: { lifecycle: string; scheduleVersion: number | null },
  patch: Updateable<TasksTable>,
): Promise<Selectable<TasksTable> | undefined> {
  return taskScheduleUpdate(db, tenantId, taskId, seen, patch).returningAll().executeTakeFirst();
}

/** Cancelling a job cancels its tasks nobody has started; returns them for their log entries. */
export function cancelOpenTasksOfJob(db: Db, tenantId: string, jobId: string, at: string) {
  return db
    .updateTable('tasks')
    .set((eb) => ({ lifecycle: 'CANCELLED', version: eb('version', '+', 1), updated_at: at }))
    .where('tenant_id', '=', tenantId)
    .where('job_id', '=', jobId)
    .where('lifecycle', '=', 'OPEN')
    .returning(['id', 'task_number', 'assignee_key'])
    .execute();
}

export async function insertTaskActivity(
  db: Db,
  tenantId: string,
  row: { id: string; taskId: string; jobId: string; userId: string | null; start: string; end: string; at: string },
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
      end_time: row.end,
      description: null,
      created_at: row.at,
    })
    .execute();
}

/** The first start and how many periods a task has: the close of a clocked-out task and reopen read these. */
export async function taskWorkSpan(db: Db, tenantId: string, taskId: string): Promise<{ firstStart: string | null; periods: number }> {
  const row = await db
    .selectFrom('task_activities')
    .select((eb) => [eb.fn.min('start_time').as('first_start'), eb.fn.countAll<number>().as('n')])
    .where('tenant_id', '=', tenantId)
    .where('task_id', '=', taskId)
    .executeTakeFirstOrThrow();
  return { firstStart: (row.first_start as string | null) ?? null, periods: Number(row.n) };
}

/** A user of the company, with what assigning a task to them needs to check. */
export function findUserForAssignment(db: Db, tenantId: string, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'role', 'status', 'photo_file_id'])
    .modifyFront(prepared)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', userId)
    .executeTakeFirst();
}

export function findSubcontractorForAssignment(db: Db, tenantId: string, subcontractorId: string) {
  return db
    .selectFrom('subcontractors')
    .select(['id', 'name', 'is_active', 'user_id'])
    .modifyFront(prepared)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', subcontractorId)
    .executeTakeFirst();
}

/** The subcontractor a login speaks for (user_id is unique), or none. */
export async function findSubcontractorIdOfUser(db: Db, tenantId: string, userId: string): Promise<string | null> {
  const row = await db.selectFrom('subcontractors').select('id').where('tenant_id', '=', tenantId).where('user_id', '=', userId).executeTakeFirst();
  return row?.id ?? null;
}
