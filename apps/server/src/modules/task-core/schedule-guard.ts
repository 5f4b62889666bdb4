import { SqliteAdapter, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Db } from '@fieldwork/db/connection';
import type { Database } from '@fieldwork/db/schema';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import { occupiedInterval, SCHEDULE_MESSAGES, type Interval } from '@fieldwork/domain/scheduling/scheduling.schemas';
import { DEFAULT_SCHEDULE_HOURS, MAX_TASK_MS } from '@fieldwork/domain/tasks/tasks.schemas';
import { runTransaction } from '@fieldwork/db/transactions';
import { prepared } from '@fieldwork/db/prepared-statements';

/**
 * The one place that keeps "no two active tasks of one assignee overlap, and none overlaps their time off".
 * Every write that schedules or assigns a task goes through writeSchedule; every
 * time-off write through writeTimeOff.
 *
 * SQLite: the check and the write run in one BEGIN IMMEDIATE transaction on the one connection Kysely holds
 * under its mutex, so no other writer (in this process or another) gets in between them.
 * PostgreSQL: the exclusion constraint of migration 0004 holds task against task whatever the timing; the
 * assignee's row (users / subcontractors) is locked first so time off, which no constraint covers, is
 * checked and written one writer at a time per person, and the usual refusal names the clashing task.
 */

/** A task's schedule as it will be after the write: who, when, and which task (null for a new one). */
export type Slot = {
  tenantId: string;
  assigneeKey: string;
  assignedTo: 'TECHNICIAN' | 'SUBCONTRACTOR';
  start: string;
  expectedEnd: string | null;
  taskId: string | null;
};

type AssigneeOf = { assigned_to: string; assignee_key: string | null };

/** The slot a task will occupy, or null when it has no assignee or no start (nothing to clash). */
export function slotOf(tenantId: string, taskId: string | null, who: AssigneeOf, start: string | null, expectedEnd: string | null): Slot | null {
  if (!who.assignee_key || !start || (who.assigned_to !== 'TECHNICIAN' && who.assigned_to !== 'SUBCONTRACTOR')) return null;
  return { tenantId, assigneeKey: who.assignee_key, assignedTo: who.assigned_to, start, expectedEnd, taskId };
}

export function isSqlite(db: Db): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}

/**
 * One transaction no other writer can enter between its reads and its writes (see above); its live-update
 * events go out after commit (runTransaction).
 */
export async function serializedTransaction<T>(db: Db, fn: (trx: Db) => Promise<T>): Promise<T> {
  return runTransaction(db, fn, { immediate: true });
}

/** PostgreSQL: the assignee's row lock, taken before any read of their schedule. SQLite is serialized already. */
async function lockPerson(trx: Db, tenantId: string, kind: 'TECHNICIAN' | 'SUBCONTRACTOR', id: string): Promise<void> {
  if (isSqlite(trx)) return;
  const table = kind === 'TECHNICIAN' ? 'users' : 'subcontractors';
  await trx.selectFrom(table).select('id').modifyFront(prepared).where('tenant_id', '=', tenantId).where('id', '=', id).forNoKeyUpdate().execute();
}

const DEFAULT_MS = DEFAULT_SCHEDULE_HOURS * 3_600_000;

/**
 * "The task's occupied interval meets [start, end)", half-open, written as a start range the
 * assignee/start and start indexes serve: "occupied end > start" becomes "expected end > start, or no
 * expected end and start_at > start - 2 h". No task runs longer than MAX_TASK_DAYS, so its start lies
 * after window start − that: the bound keeps the read to a short index range instead of an assignee's
 * whole history (at 2M tasks the week × 80 technicians query went from 184 ms to 9 ms of SQL).
 */
export function occupiedDuring(eb: ExpressionBuilder<Database, 'tasks'>, window: Interval): Expression<SqlBool> {
  const defaultFrom = new Date(Date.parse(window.start) - DEFAULT_MS).toISOString();
  const earliestStart = new Date(Date.parse(window.start) - MAX_TASK_MS).toISOString();
  return eb.and([
    eb('tasks.start_at', '<', window.end),
    eb('tasks.start_at', '>', earliestStart),
    eb.or([eb('tasks.expected_end_at', '>', window.start), eb.and([eb('tasks.expected_end_at', 'is', null), eb('tasks.start_at', '>', defaultFrom)])]),
  ]);
}

/** The first non-cancelled task of the assignee meeting the window, other than `excludeTaskId` (a query, not run). */
function taskClashQuery(db: Db, tenantId: string, assigneeKey: string, window: Interval, excludeTaskId: string | null) {
  return db
    .selectFrom('tasks')
    .select('task_number')
    .where('tenant_id', '=', tenantId)
    .where('assignee_key', '=', assigneeKey)
    .where('lifecycle', '<>', 'CANCELLED')
    .where((eb) => occupiedDuring(eb, window))
    .where((eb) => eb.or([eb('expected_end_at', 'is', null), eb('expected_end_at', '>', eb.ref('start_at'))]))
    .$if(excludeTaskId !== null, (qb) => qb.where('id', '<>', excludeTaskId!))
    .orderBy('start_at')
    .limit(1);
}

/** The first time off of the user overlapping [start, end), half-open (a query, not run). */
function timeOffClashQuery(db: Db, tenantId: string, userId: string, window: Interval) {
  return db
    .selectFrom('time_off')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('start_at', '<', window.end)
    .where('end_at', '>', window.start)
    .limit(1);
}

/**
 * The first non-cancelled task of the assignee whose occupied interval overlaps [start, end). An empty
 * interval (a task whose expected end is its start, or an empty window) clashes with nothing, as an empty
 * tstzrange does on PostgreSQL.
 */
export async function findTaskClash(
  db: Db,
  tenantId: string,
  assigneeKey: string,
  window: Interval,
  excludeTaskId: string | null,
): Promise<{ taskNumber: number } | null> {
  if (window.end <= window.start) return null;
  const row = await taskClashQuery(db, tenantId, assigneeKey, window, excludeTaskId).modifyFront(prepared).executeTakeFirst();
  return row ? { taskNumber: row.task_number } : null;
}

/** The first time off of the user overlapping [start, end), half-open. */
export async function findTimeOffClash(db: Db, tenantId: string, userId: string, window: Interval): Promise<{ id: string } | null> {
  if (window.end <= window.start) return null;
  const row = await timeOffClashQuery(db, tenantId, userId, window).modifyFront(prepared).executeTakeFirst();
  return row ?? null;
}

/**
 * Both checks of a technician's slot in one statement (two scalar subqueries): on PostgreSQL each statement is
 * a round trip, and this one runs in every schedule write, after the person's lock.
 */
async function findSlotClashes(db: Db, slot: Slot, window: Interval): Promise<{ taskNumber: number | null; timeOffId: string | null }> {
  if (window.end <= window.start) return { taskNumber: null, timeOffId: null };
  const row = await db
    .selectNoFrom([
      taskClashQuery(db, slot.tenantId, slot.assigneeKey, window, slot.taskId).as('task_number'),
      timeOffClashQuery(db, slot.tenantId, slot.assigneeKey, window).as('time_off_id'),
    ])
    .modifyFront(prepared)
    .executeTakeFirstOrThrow();
  return { taskNumber: row.task_number, timeOffId: row.time_off_id };
}

export function taskConflict(taskNumber: number): AppError {
  return new AppError('SCHEDULE_CONFLICT', SCHEDULE_MESSAGES.conflictWith(taskNumber), { details: { taskNumber } });
}

function timeOffConflict(timeOffId: string): AppError {
  return new AppError('SCHEDULE_CONFLICT', SCHEDULE_MESSAGES.conflictWithTimeOff, { details: { taskNumber: null, timeOffId } });
}

async function assertSlotFree(db: Db, slot: Slot): Promise<void> {
  const window = occupiedInterval(slot.start, slot.expectedEnd);
  if (slot.assignedTo !== 'TECHNICIAN') {
    const task = await findTaskClash(db, slot.tenantId, slot.assigneeKey, window, slot.taskId);
    if (task) throw taskConflict(task.taskNumber);
    return;
  }
  const clash = await findSlotClashes(db, slot, window);
  if (clash.taskNumber !== null) throw taskConflict(clash.taskNumber);
  if (clash.timeOffId !== null) throw timeOffConflict(clash.timeOffId);
}

/** SQLSTATE 23P01: the exclusion constraint refused an overlapping task. */
export function isExclusionViolation(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === '23P01';
}

/**
 * A write that schedules or assigns a task: the slot checked and the write done in one serialized
 * transaction (no slot: a plain transaction). When PostgreSQL's constraint refuses anyway, the clashing
 * task is looked up after the failure to name it.
 */
export async function writeSchedule<T>(db: Db, slot: Slot | null, write: (trx: Db) => Promise<T>): Promise<T> {
  if (!slot) return runTransaction(db, write);
  try {
    return await serializedTransaction(db, async (trx) => {
      await lockPerson(trx, slot.tenantId, slot.assignedTo, slot.assigneeKey);
      await assertSlotFree(trx, slot);
      return write(trx);
    });
  } catch (error) {
    if (!isExclusionViolation(error)) throw error;
    const clash = await findTaskClash(db, slot.tenantId, slot.assigneeKey, occupiedInterval(slot.start, slot.expectedEnd), slot.taskId);
    throw clash ? taskConflict(clash.taskNumber) : new AppError('SCHEDULE_CONFLICT', SCHEDULE_MESSAGES.conflictFallback);
  }
}

/** A time-off write for a technician: refused when one of their active tasks overlaps it. */
export async function writeTimeOff<T>(db: Db, tenantId: string, userId: string, window: Interval, write: (trx: Db) => Promise<T>): Promise<T> {
  return serializedTransaction(db, async (trx) => {
    await lockPerson(trx, tenantId, 'TECHNICIAN', userId);
    const task = await findTaskClash(trx, tenantId, userId, window, null);
    if (task) throw taskConflict(task.taskNumber);
    return write(trx);
  });
}
