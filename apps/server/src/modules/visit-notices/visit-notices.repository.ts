import type { Db } from '@fieldwork/db/connection';
import { nowIso } from '@fieldwork/db/sql-helpers';
import { prepared } from '@fieldwork/db/prepared-statements';
import { compiledOnce } from '@fieldwork/db/compiled-once';
import type { Selectable, SelectQueryBuilder } from 'kysely';
import { dialectOf } from '@fieldwork/db/bulk-insert';
import type { TaskScheduleUpdate } from '../task-core/tasks.repository.ts';
import type { Database, TasksTable } from '@fieldwork/db/schema';

/** What a visit's texts and notices are made of beyond the task's own columns (the joins of visitFactsFrom). */
const VISIT_JOINED_COLUMNS = [
  // The company's reminder settings ride along (null: the defaults), saving the schedule write a round trip.
  'p.reminders_on',
  'p.reminder_hours',
  'p.booking_confirmation',
  'u.name as tech_name',
  'u.phone as tech_phone',
  'u.email as tech_email',
  'u.assignment_notice',
  's.name as sub_name',
  'j.job_number',
  'cu.name as customer_name',
  'c.name as contact_name',
  'c.mobile_number as contact_mobile',
  'co.name as company_name',
  'co.time_zone',
] as const;

const VISIT_TASK_COLUMNS = [
  't.id',
  't.job_id',
  't.customer_id',
  't.task_number',
  't.name',
  't.lifecycle',
  't.start_at',
  't.schedule_version',
  't.version',
  't.assigned_user_id',
  't.assignee_key',
] as const;

/** The task `t` (the table, or the schedule update's returned row) joined to its job, company, customer, assignee, site contact and text settings. */
function visitFactsFrom<Q extends SelectQueryBuilder<Database & { t: TasksTable }, 't', object>>(query: Q) {
  return query
    .innerJoin('jobs as j', (on) => on.onRef('j.id', '=', 't.job_id').onRef('j.tenant_id', '=', 't.tenant_id'))
    .innerJoin('tenants as co', 'co.id', 't.tenant_id')
    .innerJoin('customers as cu', (on) => on.onRef('cu.id', '=', 't.customer_id').onRef('cu.tenant_id', '=', 't.tenant_id'))
    .leftJoin('users as u', (on) => on.onRef('u.id', '=', 't.assigned_user_id').onRef('u.tenant_id', '=', 't.tenant_id'))
    .leftJoin('subcontractors as s', (on) => on.onRef('s.id', '=', 't.assigned_subcontractor_id').onRef('s.tenant_id', '=', 't.tenant_id'))
    .leftJoin('customer_contacts as c', (on) => on.onRef('c.id', '=', 'j.site_contact_id').onRef('c.tenant_id', '=', 't.tenant_id'))
    .leftJoin('text_preferences as p', 'p.tenant_id', 't.tenant_id')
    .select(VISIT_JOINED_COLUMNS);
}

/**
 * One visit (a task) with what its texts and notices are made of: its schedule, its assignee and their notice
 * choice, the job's site contact, the company's name and zone. One query: it runs in every schedule write.
 */
const visitFactsQuery = compiledOnce((db: Db, tenantId: string, taskId: string) =>
  visitFactsFrom(db.selectFrom('tasks as t')).select(VISIT_TASK_COLUMNS).modifyFront(prepared).where('t.tenant_id', '=', tenantId).where('t.id', '=', taskId),
);

export async function findVisitFacts(db: Db, tenantId: string, taskId: string) {
  return (await visitFactsQuery(db, tenantId, taskId))[0];
}
export type VisitFacts = NonNullable<Awaited<ReturnType<typeof findVisitFacts>>>;

/** The names the joined columns come back under ('u.name as tech_name' → tech_name, 'p.reminders_on' → reminders_on). */
const JOINED_NAMES = new Set<string>(VISIT_JOINED_COLUMNS.map((column) => column.split(' as ').at(-1)!.split('.').at(-1)!));

/**
 * A task's schedule update and the visit's facts after it. PostgreSQL: one statement, the update's returned row
 * joined in a data-modifying WITH — the joins read the other tables as a statement right after it would, so the
 * facts are the same, for a round trip less in every schedule write. SQLite (no UPDATE inside WITH, and no round
 * trips to save): the update, then findVisitFacts. Undefined when the update's conditions matched no row.
 */
export async function updateTaskWithVisitFacts(
  db: Db,
  tenantId: string,
  taskId: string,
  update: TaskScheduleUpdate,
): Promise<{ written: Selectable<TasksTable>; visit: VisitFacts | undefined } | undefined> {
  if (dialectOf(db) === 'sqlite') {
    const written = await update.returningAll().executeTakeFirst();
    return written && { written, visit: await findVisitFacts(db, tenantId, taskId) };
  }
  const row = await visitFactsFrom(db.with('t', () => update.returningAll()).selectFrom('t'))
    .selectAll('t')
    .modifyFront(prepared)
    .executeTakeFirst();
  if (!row) return undefined;
  const written = Object.fromEntries(Object.entries(row).filter(([name]) => !JOINED_NAMES.has(name))) as Selectable<TasksTable>;
  return { written, visit: row };
}

/** A job's site contact, for the job-completed text. */
export function findClosedJobFacts(db: Db, tenantId: string, jobId: string) {
  return db
    .selectFrom('jobs as j')
    .innerJoin('tenants as co', 'co.id', 'j.tenant_id')
    .leftJoin('customer_contacts as c', (on) => on.onRef('c.id', '=', 'j.site_contact_id').onRef('c.tenant_id', '=', 'j.tenant_id'))
    .select([
      'j.id',
      'j.status',
      'j.job_number',
      'j.customer_id',
      'c.name as contact_name',
      'c.mobile_number as contact_mobile',
      'c.email as contact_email',
      'co.name as company_name',
      'co.time_zone',
      'co.portal_slug',
    ])
    .where('j.tenant_id', '=', tenantId)
    .where('j.id', '=', jobId)
    .executeTakeFirst();
}

/** The job's newest invoice that has left the office (sent or paid): the one a "job completed" text links to. */
export function findJobInvoice(db: Db, tenantId: string, jobId: string) {
  return db
    .selectFrom('invoices')
    .select(['id', 'customer_id', 'due_date'])
    .where('tenant_id', '=', tenantId)
    .where('job_id', '=', jobId)
    .where('status', 'in', ['SENT', 'PAID'])
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Records that the notice `key` went out, in the transaction that queues it: true for the first caller only, so
 * a job run twice (a worker killed before it marked the job done) queues the text or email once.
 */
export async function claimNotice(trx: Db, tenantId: string, key: string): Promise<boolean> {
  const inserted = await trx
    .insertInto('sent_notices')
    .values({ tenant_id: tenantId, notice_key: key, created_at: nowIso() })
    .onConflict((oc) => oc.columns(['tenant_id', 'notice_key']).doNothing())
    .returning('notice_key')
    .executeTakeFirst();
  return !!inserted;
}
