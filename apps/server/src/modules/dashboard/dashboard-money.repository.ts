import { sql } from 'kysely';
import type { Db } from '@fieldwork/db/connection';

/**
 * Money aggregates of the dashboard, each one index range (migration 0011). Every query takes the tenant first.
 * "Invoiced" = invoices neither DRAFT nor VOID, dated by their invoice date, or by their creation instant when
 * they have none. Sums are integer cents.
 */

/** A period: inclusive calendar days for date-only columns, [start, end) instants for timestamps. */
export type Period = { from: string; to: string; start: string; end: string };

export type DayAmounts = { day: string; total: number; subtotal: number; count: number };

const n = (v: unknown) => Number(v ?? 0);

/**
 * Invoiced per invoice day, from the trigger-kept daily totals (migration 0011); undated invoices come back one
 * by one with their instant (few), dated by the caller in the tenant's zone.
 */
export async function invoicedByDay(
  db: Db,
  tenantId: string,
  p: Period,
): Promise<{ dated: DayAmounts[]; undated: { at: string; total: number; subtotal: number }[] }> {
  const [dated, undated] = await Promise.all([
    sql<{ day: string; total: number; subtotal: number; count: number }>`
      select day, amount as total, amount2 as subtotal, n as count from dashboard_money_days
      where tenant_id = ${tenantId} and metric = 'invoiced' and day >= ${p.from} and day <= ${p.to}`.execute(db),
    sql<{ at: string; total: number; subtotal: number }>`
      select created_at as at, total_cents as total, sub_total_cents as subtotal
      from invoices where tenant_id = ${tenantId} and invoice_date is null and created_at >= ${p.start} and created_at < ${p.end} and status not in ('DRAFT', 'VOID')`.execute(
      db,
    ),
  ]);
  return {
    dated: dated.rows.map((r) => ({ day: r.day, total: n(r.total), subtotal: n(r.subtotal), count: n(r.count) })),
    undated: undated.rows.map((r) => ({ at: r.at, total: n(r.total), subtotal: n(r.subtotal) })),
  };
}

/** A trigger-kept daily total (dashboard_money_days) over the period's days. */
async function dailyTotals(db: Db, tenantId: string, metric: 'collected' | 'job_cost', p: Period): Promise<{ day: string; amount: number }[]> {
  const r = await sql<{ day: string; amount: number }>`
    select day, amount from dashboard_money_days where tenant_id = ${tenantId} and metric = ${metric} and day >= ${p.from} and day <= ${p.to}`.execute(db);
  return r.rows.map((x) => ({ day: x.day, amount: n(x.amount) }));
}

/** Payments per paid-on day. */
export const collectedByDay = (db: Db, tenantId: string, p: Period) => dailyTotals(db, tenantId, 'collected', p);

/** Actual costs (cost_for JOB) per cost day. */
export const jobCostsByDay = (db: Db, tenantId: string, p: Period) => dailyTotals(db, tenantId, 'job_cost', p);

/** Open (SENT) invoices now: their unpaid balance, and those past their due date (before today) with theirs. */
export async function openInvoiceTotals(
  db: Db,
  tenantId: string,
  today: string,
): Promise<{ outstanding: number; overdueCount: number; overdueAmount: number }> {
  const r = await sql<{ outstanding: number; overdue_count: number; overdue_amount: number }>`
    select coalesce(sum(total_cents - paid_cents), 0) as outstanding,
      coalesce(sum(case when due_date < ${today} then 1 else 0 end), 0) as overdue_count,
      coalesce(sum(case when due_date < ${today} then total_cents - paid_cents else 0 end), 0) as overdue_amount
    from invoices where tenant_id = ${tenantId} and status = 'SENT'`.execute(db);
  const row = r.rows[0];
  return { outstanding: n(row?.outstanding), overdueCount: n(row?.overdue_count), overdueAmount: n(row?.overdue_amount) };
}

/**
 * Estimates now: open = stored SENT and not expired (no due date, or due today or later — estimates.rules.ts
 * effectiveEstimateStatus); approved not invoiced = APPROVED or PAID (deposit paid) and never converted.
 */
export async function estimateTotals(db: Db, tenantId: string, today: string): Promise<{ open: number; approvedNotInvoiced: number }> {
  const r = await sql<{ open: number; approved: number }>`
    select coalesce(sum(case when status = 'SENT' and (due_date is null or due_date >= ${today}) then total_cents else 0 end), 0) as open,
      coalesce(sum(case when status in ('APPROVED', 'PAID') and converted_invoice_id is null then total_cents else 0 end), 0) as approved
    from estimates where tenant_id = ${tenantId} and status in ('SENT', 'APPROVED', 'PAID')`.execute(db);
  return { open: n(r.rows[0]?.open), approvedNotInvoiced: n(r.rows[0]?.approved) };
}

/** The invoiced rows of a period (dated or undated), as a subquery of (job_id, customer_id, total_cents). */
function invoicedRows(tenantId: string, p: Period) {
  return sql`
    select job_id, customer_id, total_cents from invoices
      where tenant_id = ${tenantId} and invoice_date >= ${p.from} and invoice_date <= ${p.to} and status not in ('DRAFT', 'VOID')
    union all
    select job_id, customer_id, total_cents from invoices
      where tenant_id = ${tenantId} and invoice_date is null and created_at >= ${p.start} and created_at < ${p.end} and status not in ('DRAFT', 'VOID')`;
}

/** Invoiced per customer in the period (all customers with any), for the top list. */
export async function invoicedByCustomer(db: Db, tenantId: string, p: Period): Promise<{ id: string; revenue: number }[]> {
  const r = await sql<{ id: string; revenue: number }>`
    select i.customer_id as id, sum(i.total_cents) as revenue from (${invoicedRows(tenantId, p)}) i group by i.customer_id`.execute(db);
  return r.rows.map((x) => ({ id: x.id, revenue: n(x.revenue) }));
}

/**
 * Invoiced per zone or job tag in the period, with the number of distinct jobs invoiced. A job in several
 * zones (tags) counts in each. Dated invoices come from the trigger-kept dashboard_invoice_links (migration
 * 0013: one row per invoice and link of its job, one covering-index range for the period), the few undated
 * ones from the records; summed per (link, job) first, so count(*) per link is the number of distinct jobs.
 */
export async function invoicedByJobLink(
  db: Db,
  tenantId: string,
  p: Period,
  link: 'zones' | 'tags',
): Promise<{ id: string; name: string; revenue: number; jobs: number }[]> {
  const [kind, links, column, names] = link === 'zones' ? ['zone', sql`job_zones`, sql`zone_id`, sql`zones`] : ['tag', sql`job_tags`, sql`tag_id`, sql`tags`];
  const query = sql<{ id: string; name: string; revenue: number; jobs: number }>`
    select x.id, x.name, g.revenue, g.jobs from (
      select link_id, sum(revenue) as revenue, count(*) as jobs from (
        select link_id, job_id, sum(amount) as revenue from (
          select link_id, job_id, amount from dashboard_invoice_links
            where tenant_id = ${tenantId} and link_kind = ${kind} and day >= ${p.from} and day <= ${p.to}
          union all
          select l.${column} as link_id, i.job_id, i.total_cents as amount from invoices i join ${links} l on l.job_id = i.job_id
            where i.tenant_id = ${tenantId} and i.invoice_date is null and i.created_at >= ${p.start} and i.created_at < ${p.end} and i.status not in ('DRAFT', 'VOID')
        ) u group by link_id, job_id
      ) per_job group by link_id
    ) g join ${names} x on x.id = g.link_id and x.tenant_id = ${tenantId}`;
  const r = await query.execute(db);
  return r.rows.map((x) => ({ id: x.id, name: x.name, revenue: n(x.revenue), jobs: n(x.jobs) }));
}

/** Customer names by id (the top list). */
export async function customerNames(db: Db, tenantId: string, ids: readonly string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('customers').select(['id', 'name']).where('tenant_id', '=', tenantId).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}
