import type { Db } from '@fieldwork/db/connection';
import { nowIso } from '@fieldwork/db/sql-helpers';
import { prepared } from '@fieldwork/db/prepared-statements';

/**
 * One visit (a task) with what its texts and notices are made of: its schedule, its assignee and their notice
 * choice, the job's site contact, the company's name and zone. One query: it runs in every schedule write.
 */
export function findVisitFacts(db: Db, tenantId: string, taskId: string) {
  return (
    db
      .selectFrom('tasks as t')
      .innerJoin('jobs as j', (on) => on.onRef('j.id', '=', 't.job_id').onRef('j.tenant_id', '=', 't.tenant_id'))
      .innerJoin('tenants as co', 'co.id', 't.tenant_id')
      .innerJoin('customers as cu', (on) => on.onRef('cu.id', '=', 't.customer_id').onRef('cu.tenant_id', '=', 't.tenant_id'))
      .leftJoin('users as u', (on) => on.onRef('u.id', '=', 't.assigned_user_id').onRef('u.tenant_id', '=', 't.tenant_id'))
      .leftJoin('subcontractors as s', (on) => on.onRef('s.id', '=', 't.assigned_subcontractor_id').onRef('s.tenant_id', '=', 't.tenant_id'))
      .leftJoin('customer_contacts as c', (on) => on.onRef('c.id', '=', 'j.site_contact_id').onRef('c.tenant_id', '=', 't.tenant_id'))
      // The company's reminder settings ride along (null: the defaults), saving the schedule write a round trip.
      .leftJoin('text_preferences as p', 'p.tenant_id', 't.tenant_id')
      .select([
        'p.reminders_on',
        'p.reminder_hours',
        'p.booking_confirmation',
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
      ])
      .modifyFront(prepared)
      .where('t.tenant_id', '=', tenantId)
      .where('t.id', '=', taskId)
      .executeTakeFirst()
  );
}
export type VisitFacts = NonNullable<Awaited<ReturnType<typeof findVisitFacts>>>;

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
