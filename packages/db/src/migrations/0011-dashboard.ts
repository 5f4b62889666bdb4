import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../connection.ts';

/**
 * Dashboard metrics (issue 10). Frozen once shipped.
 *
 * Indexes only: every metric is a range over one date column per tenant, so each gets a covering index that
 * starts (tenant_id, <date>) and carries the columns the aggregate reads — the engine sums index entries and
 * never visits the table rows. Measured in bench/README.md ("Dashboard").
 * - invoices by invoice date (the invoiced figures, chart, top customers/zones/tags) and, for the few without
 *   one, by creation instant; open (SENT) invoices by due date for outstanding and overdue;
 * - payments by paid-on day; actual (JOB) costs by cost day; estimates by status for open / approved values;
 * - tasks by lifecycle then scheduled start, with the columns the derived status reads (one count per
 *   lifecycle is one range; jobs use the existing (tenant_id, status, created_at) index the same way);
 *   customers and leads by creation; job status changes in the activity log by action and instant (close times).
 */
export async function up(db: Kysely<unknown>, _dialect: DialectName): Promise<void> {
  const statements = [
    `create index invoices_dash_date on invoices (tenant_id, invoice_date, status, total_cents, sub_total_cents, job_id, customer_id)`,
    `create index invoices_dash_undated on invoices (tenant_id, created_at, status, total_cents, sub_total_cents, job_id, customer_id) where invoice_date is null`,
    `create index invoices_dash_open on invoices (tenant_id, status, due_date, total_cents, paid_cents)`,
    `create index invoice_payments_dash_paid on invoice_payments (tenant_id, paid_on, amount_cents)`,
    `create index costs_dash_date on costs (tenant_id, cost_for, cost_date, amount_cents)`,
    `create index estimates_dash_status on estimates (tenant_id, status, converted_invoice_id, due_date, total_cents)`,
    `create index tasks_dash_lifecycle_start on tasks (tenant_id, lifecycle, start_at, expected_end_at, assignee_key)`,
    `create index customers_dash_created on customers (tenant_id, created_at)`,
    `create index crm_leads_dash_created on crm_leads (tenant_id, created_at, status, source)`,
    `create index activity_log_dash_action on activity_log (tenant_id, action, created_at, entity_id)`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
