import { sql } from 'kysely';
import { dialectOf } from '@fieldwork/db/bulk-insert';
import type { Db } from '@fieldwork/db/connection';
import { statusCondition, type StatusBounds } from '../task-core/tasks-list.repository.ts';
import { JOB_STATUSES, type JobStatus } from '@fieldwork/domain/jobs/jobs.schemas';
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
    db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', tenantId)
      .where('status', '=', status)
      .where('created_at', '>=', p.start)
      .where('created_at', '<', p.end)
      .executeTakeFirstOrThrow()
      .then((r) => [status, n(r.n)] as const);
  return Object.fromEntries(await Promise.all(JOB_STATUSES.map(count))) as Record<JobStatus, number>;
}

const OPEN_LIFECYCLES = ['OPEN', 'CLOCKED_IN', 'CLOCKED_OUT'] as const;
const HOUR_MS = 3_600_000;
/** 'YYYY-MM-DDTHH' of an instant (the dashboard_task_hours key) and that hour's start. */
const hourKey = (ms: number) => new Date(ms).toISOString().slice(0, 13);

/**
 * Tasks scheduled to start in the period, by derived status now: open = lifecycle OPEN, CLOCKED_IN or
 * CLOCKED_OUT (deriveTaskStatus keeps every other lifecycle as it is, and OPEN only splits into not-done
 * statuses), closed = CLOSED, overdue = MISSED as the task list filters it (statusCondition: the range form
 * of deriveTaskStatus, checked against it row by row in the tasks module's tests) — not a second reading of
 * the rule. Open and closed: the whole UTC hours of the period from the trigger-kept dashboard_task_hours,
 * the partial hours at either end (zones with :30 / :45 offsets) from the tasks index. MISSED depends on now,
 * so it is counted from the index (only never-clocked OPEN tasks qualify).
 */
export async function taskCounts(db: Db, tenantId: string, p: Instants, bounds: StatusBounds): Promise<{ open: number; closed: number; missed: number }> {
  const startMs = Date.parse(p.start);
  const endMs = Date.parse(p.end);
  const firstWhole = Math.ceil(startMs / HOUR_MS) * HOUR_MS;
  const lastWhole = Math.floor(endMs / HOUR_MS) * HOUR_MS;
  const edges = [
    [startMs, firstWhole],
    [lastWhole, endMs],
  ]
    .filter(([a, b]) => a! < b!)
    .map(([a, b]) => [new Date(a!).toISOString(), new Date(b!).toISOString()] as const);
  const hours = sql<{ lifecycle: string; n: number }>`
    select lifecycle, sum(n) as n from dashboard_task_hours
    where tenant_id = ${tenantId} and lifecycle in ('OPEN', 'CLOCKED_IN', 'CLOCKED_OUT', 'CLOSED') and hour >= ${hourKey(firstWhole)} and hour < ${hourKey(lastWhole)}
    group by lifecycle`.execute(db);
  const edgeCount = (from: string, to: string) =>
    db
      .selectFrom('tasks')
      .select(['tasks.lifecycle', (eb) => eb.fn.countAll<number>().as('n')])
      .where('tasks.tenant_id', '=', tenantId)
      .where('tasks.lifecycle', 'in', [...OPEN_LIFECYCLES, 'CLOSED'])
      .where('tasks.start_at', '>=', from)
      .where('tasks.start_at', '<', to)
      .groupBy('tasks.lifecycle')
      .execute();
  const missed = db
    .selectFrom('tasks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tasks.tenant_id', '=', tenantId)
    .where('tasks.start_at', '>=', p.start)
    .where('tasks.start_at', '<', p.end)
    .where((eb) => statusCondition(eb, 'MISSED', bounds))
    .executeTakeFirstOrThrow();
  const [whole, missedRow, ...edgeRows] = await Promise.all([hours, missed, ...edges.map(([a, b]) => edgeCount(a, b))]);
  const rows = [...whole.rows, ...edgeRows.flat()];
  const sum = (pred: (l: string) => boolean) => rows.filter((r) => pred(r.lifecycle)).reduce((s, r) => s + n(r.n), 0);
  return { open: sum((l) => (OPEN_LIFECYCLES as readonly string[]).includes(l)), closed: sum((l) => l === 'CLOSED'), missed: n(missedRow.n) };
}

/**
 * Jobs closed in the period and still closed: how many, and the sum of their days from creation to close, from
 * the trigger-kept dashboard_job_closes (migration 0011: the close instant is the updated_at written with the
 * status, the instant of the JOB_STATUS_CHANGED activity row; a re-opened job leaves the table).
 */
export async function jobCloseDays(db: Db, tenantId: string, p: Instants): Promise<{ count: number; days: number }> {
  const days = dialectOf(db) === 'sqlite' ? sql`julianday(closed_at) - julianday(created_at)` : sql`extract(epoch from (closed_at - created_at)) / 86400.0`;
  const r = await sql<{ count: number; days: number }>`
    select count(*) as count, coalesce(sum(${days}), 0) as days from dashboard_job_closes
    where tenant_id = ${tenantId} and closed_at >= ${p.start} and closed_at < ${p.end}`.execute(db);
  return { count: n(r.rows[0]?.count), days: n(r.rows[0]?.days) };
}

/** Customers all time and created in each period; repeat = with ≥ 2 jobs, from the trigger-kept dashboard_customer_jobs. */
export async function customerCounts(
  db: Db,
  tenantId: string,
  p: Instants,
  previous: Instants,
): Promise<{ total: number; newInRange: number; newBefore: number; repeat: number }> {
  const r = await sql<{ total: number; new_in_range: number; new_before: number; repeat: number }>`
    select
      (select count(*) from customers where tenant_id = ${tenantId}) as total,
      (select count(*) from customers where tenant_id = ${tenantId} and created_at >= ${p.start} and created_at < ${p.end}) as new_in_range,
      (select count(*) from customers where tenant_id = ${tenantId} and created_at >= ${previous.start} and created_at < ${previous.end}) as new_before,
      (select count(*) from dashboard_customer_jobs where tenant_id = ${tenantId} and n >= 2) as repeat`.execute(db);
  const row = r.rows[0];
  return { total: n(row?.total), newInRange: n(row?.new_in_range), newBefore: n(row?.new_before), repeat: n(row?.repeat) };
}

/** Leads created in the period by status and source; converted = those a job was created from (jobs.crm_lead_id). */
export async function leadCounts(
  db: Db,
  tenantId: string,
  p: Instants,
): Promise<{ groups: { status: string; source: string; n: number }[]; converted: number; convertedValue: number }> {
  const [groups, converted] = await Promise.all([
    sql<{ status: string; source: string; n: number }>`
      select status, source, count(*) as n from crm_leads
      where tenant_id = ${tenantId} and created_at >= ${p.start} and created_at < ${p.end} group by status, source`.execute(db),
    // Leads with a job, and what those jobs invoiced (each job has one lead, so a row per job). `crm_lead_id is
    // not null` lets the planner start from the few jobs with a lead (jobs_dash_lead) instead of sorting every
    // lead of the period (PostgreSQL chose that and a 200 ms JIT compile at 50k leads).
    sql<{ converted: number; value: number }>`
      select count(distinct j.crm_lead_id) as converted,
        coalesce(sum((select sum(i.total_cents) from invoices i where i.tenant_id = ${tenantId} and i.job_id = j.id and i.status not in ('DRAFT', 'VOID'))), 0) as value
      from jobs j join crm_leads l on l.tenant_id = ${tenantId} and l.id = j.crm_lead_id
      where j.tenant_id = ${tenantId} and j.crm_lead_id is not null and l.created_at >= ${p.start} and l.created_at < ${p.end}`.execute(db),
  ]);
  return {
    groups: groups.rows.map((g) => ({ status: g.status, source: g.source, n: n(g.n) })),
    converted: n(converted.rows[0]?.converted),
    convertedValue: n(converted.rows[0]?.value),
  };
}
