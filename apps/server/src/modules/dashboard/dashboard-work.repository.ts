import { sql } from 'kysely';
import type { Db } from '@fieldwork/db/connection';
import { statusCondition, type StatusBounds } from '../tasks/tasks-list.repository.ts';
import { JOB_STATUSES, type JobStatus } from '@fieldwork/domain/jobs.schemas';
import type { Period } from './dashboard-money.repository.ts';

/** Job, task, customer and lead aggregates of the dashboard; each one index range (migration 0011), tenant first. */

const n = (v: unknown) => Number(v ?? 0);
type Instants = Pick<Period, 'start' | 'end'>;

/**
 * Jobs created in the period, by their current status: one count per status, each a range of the
 * (tenant_id, status, created_at) index — a GROUP BY would walk the tenant's whole index instead.
 */
export async function jobsByStatus(db: Db, tenantId: string, p: Instants): Promise<Record<JobStatus, number>> {
  const count = (status: JobStatus) =>
    db.selectFrom('jobs').select((eb) => eb.fn.countAll<number>().as('n')).where('tenant_id', '=', tenantId).where('status', '=', status)
      .where('created_at', '>=', p.start).where('created_at', '<', p.end).executeTakeFirstOrThrow().then((r) => [status, n(r.n)] as const);
  return Object.fromEntries(await Promise.all(JOB_STATUSES.map(count))) as Record<JobStatus, number>;
}

/**
 * Tasks scheduled to start in the period, by derived status now: open = lifecycle OPEN, CLOCKED_IN or
 * CLOCKED_OUT (deriveTaskStatus keeps every other lifecycle as it is, and OPEN only splits into not-done
 * statuses), closed = CLOSED, overdue = MISSED as the task list filters it (statusCondition: the range form
 * of deriveTaskStatus, checked against it row by row in the tasks module's tests) — not a second reading of
 * the rule. Each count is one range of the (tenant_id, lifecycle, start_at, …) index.
 */
export async function taskCounts(db: Db, tenantId: string, p: Instants, bounds: StatusBounds): Promise<{ open: number; closed: number; missed: number }> {
  const inPeriod = () => db.selectFrom('tasks').select((eb) => eb.fn.countAll<number>().as('n')).where('tasks.tenant_id', '=', tenantId).where('tasks.start_at', '>=', p.start).where('tasks.start_at', '<', p.end);
  const [open, closed, missed] = await Promise.all([
    inPeriod().where('tasks.lifecycle', 'in', ['OPEN', 'CLOCKED_IN', 'CLOCKED_OUT']).executeTakeFirstOrThrow(),
    inPeriod().where('tasks.lifecycle', '=', 'CLOSED').executeTakeFirstOrThrow(),
    inPeriod().where((eb) => statusCondition(eb, 'MISSED', bounds)).executeTakeFirstOrThrow(),
  ]);
  return { open: n(open.n), closed: n(closed.n), missed: n(missed.n) };
}

/**
 * Jobs closed in the period and still closed: creation instant and the last close instant in the period. A
 * job has no closed-at column; its close is the JOB_STATUS_CHANGED activity row written with the change
 * (jobs-status.service.ts), whose changes carry Status → CLOSED.
 */
export async function jobCloseTimes(db: Db, tenantId: string, p: Instants): Promise<{ createdAt: string; closedAt: string }[]> {
  const r = await sql<{ created_at: string; closed_at: string }>`
    select j.created_at, max(a.created_at) as closed_at
    from activity_log a join jobs j on j.id = a.entity_id and j.tenant_id = ${tenantId}
    where a.tenant_id = ${tenantId} and a.action = 'JOB_STATUS_CHANGED' and a.created_at >= ${p.start} and a.created_at < ${p.end}
      and a.entity_type = 'JOB' and a.meta like ${'%"newValue":"CLOSED"%'} and j.status = 'CLOSED'
    group by j.id, j.created_at`.execute(db);
  return r.rows.map((x) => ({ createdAt: new Date(x.created_at).toISOString(), closedAt: new Date(x.closed_at).toISOString() }));
}

export async function customerCounts(db: Db, tenantId: string, p: Instants, previous: Instants): Promise<{ total: number; newInRange: number; newBefore: number; repeat: number }> {
  const r = await sql<{ total: number; new_in_range: number; new_before: number; repeat: number }>`
    select
      (select count(*) from customers where tenant_id = ${tenantId}) as total,
      (select count(*) from customers where tenant_id = ${tenantId} and created_at >= ${p.start} and created_at < ${p.end}) as new_in_range,
      (select count(*) from customers where tenant_id = ${tenantId} and created_at >= ${previous.start} and created_at < ${previous.end}) as new_before,
      (select count(*) from (select customer_id from jobs where tenant_id = ${tenantId} group by customer_id having count(*) >= 2) r) as repeat`.execute(db);
  const row = r.rows[0];
  return { total: n(row?.total), newInRange: n(row?.new_in_range), newBefore: n(row?.new_before), repeat: n(row?.repeat) };
}

/** Leads created in the period joined with the jobs created from them. */
const convertedJobs = (tenantId: string, p: Instants) => sql`crm_leads l join jobs j on j.tenant_id = ${tenantId} and j.crm_lead_id = l.id
  where l.tenant_id = ${tenantId} and l.created_at >= ${p.start} and l.created_at < ${p.end}`;

/** Leads created in the period by status and source; converted = those a job was created from (jobs.crm_lead_id). */
export async function leadCounts(db: Db, tenantId: string, p: Instants): Promise<{ groups: { status: string; source: string; n: number }[]; converted: number; convertedValue: number }> {
  const [groups, converted] = await Promise.all([
    sql<{ status: string; source: string; n: number }>`
      select status, source, count(*) as n from crm_leads
      where tenant_id = ${tenantId} and created_at >= ${p.start} and created_at < ${p.end} group by status, source`.execute(db),
    sql<{ converted: number; value: number }>`
      select (select count(distinct l.id) from ${convertedJobs(tenantId, p)}) as converted,
        (select coalesce(sum(i.total_cents), 0) from invoices i where i.tenant_id = ${tenantId} and i.status not in ('DRAFT', 'VOID')
          and i.job_id in (select j.id from ${convertedJobs(tenantId, p)})) as value`.execute(db),
  ]);
  return {
    groups: groups.rows.map((g) => ({ status: g.status, source: g.source, n: n(g.n) })),
    converted: n(converted.rows[0]?.converted),
    convertedValue: n(converted.rows[0]?.value),
  };
}
