import { sql } from 'kysely';
import type { Db } from './connection.ts';
import { dialectOf } from './bulk-insert.ts';

/**
 * Rebuilds a tenant's maintained dashboard totals (migration 0011: dashboard_money_days, dashboard_task_hours,
 * dashboard_customer_jobs, dashboard_job_closes; 0013: dashboard_invoice_links) from its records, with the same rules as the triggers that keep them: one grouped
 * pass per table. For bulk loads that ran with the triggers off (withoutIndexesAndTriggers); run it inside a
 * transaction.
 */
export const DASHBOARD_TOTAL_TABLES = [
  'dashboard_money_days',
  'dashboard_task_hours',
  'dashboard_customer_jobs',
  'dashboard_job_closes',
  'dashboard_invoice_links',
] as const;

export async function rebuildDashboardTotals(db: Db, tenantId: string): Promise<void> {
  const hour = dialectOf(db) === 'sqlite' ? sql`substr(start_at, 1, 13)` : sql`to_char(start_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24')`;
  for (const table of DASHBOARD_TOTAL_TABLES) await sql`delete from ${sql.table(table)} where tenant_id = ${tenantId}`.execute(db);
  await sql`
    insert into dashboard_money_days (tenant_id, metric, day, n, amount, amount2)
    select tenant_id, 'invoiced', invoice_date, count(*), sum(total_cents), sum(sub_total_cents) from invoices
      where tenant_id = ${tenantId} and invoice_date is not null and status not in ('DRAFT', 'VOID') group by tenant_id, invoice_date
    union all
    select tenant_id, 'collected', paid_on, count(*), sum(amount_cents), 0 from invoice_payments where tenant_id = ${tenantId} group by tenant_id, paid_on
    union all
    select tenant_id, 'job_cost', cost_date, count(*), sum(amount_cents), 0 from costs where tenant_id = ${tenantId} and cost_for = 'JOB' group by tenant_id, cost_date`.execute(
    db,
  );
  await sql`
    insert into dashboard_task_hours (tenant_id, lifecycle, hour, n)
    select tenant_id, lifecycle, ${hour}, count(*) from tasks where tenant_id = ${tenantId} and start_at is not null group by tenant_id, lifecycle, ${hour}`.execute(
    db,
  );
  await sql`
    insert into dashboard_customer_jobs (tenant_id, customer_id, n)
    select tenant_id, customer_id, count(*) from jobs where tenant_id = ${tenantId} group by tenant_id, customer_id`.execute(db);
  // A closed job's close instant: its last JOB_STATUS_CHANGED row to CLOSED (by the activity_log (tenant, entity)
  // index), else the updated_at written with it.
  await sql`
    insert into dashboard_job_closes (tenant_id, job_id, created_at, closed_at)
    select j.tenant_id, j.id, j.created_at, coalesce((select max(a.created_at) from activity_log a where a.tenant_id = ${tenantId} and a.entity_type = 'JOB'
      and a.entity_id = j.id and a.action = 'JOB_STATUS_CHANGED' and a.meta like ${'%"newValue":"CLOSED"%'}), j.updated_at)
    from jobs j where j.tenant_id = ${tenantId} and j.status = 'CLOSED'`.execute(db);
  for (const [kind, table, column] of [
    ['zone', 'job_zones', 'zone_id'],
    ['tag', 'job_tags', 'tag_id'],
  ] as const) {
    await sql`
      insert into dashboard_invoice_links (tenant_id, invoice_id, link_kind, link_id, job_id, day, amount)
      select i.tenant_id, i.id, ${kind}, x.${sql.ref(column)}, i.job_id, i.invoice_date, i.total_cents from invoices i join ${sql.table(table)} x on x.job_id = i.job_id
      where i.tenant_id = ${tenantId} and i.invoice_date is not null and i.job_id is not null and i.status not in ('DRAFT', 'VOID')`.execute(db);
  }
}
