import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../connection.ts';

/**
 * Dashboard metrics. Frozen once shipped.
 *
 * Maintained totals, kept by triggers in the same statement as every write (as job_counts and task_counts are),
 * so no write path in another module has to remember them:
 * - dashboard_money_days: per tenant, metric and calendar day — 'invoiced' (invoices neither DRAFT nor VOID
 *   with an invoice date: n, total, subtotal), 'collected' (payments by paid-on day), 'job_cost' (actual costs by
 *   cost day). Dates are date-only columns, so the day needs no zone. A year is ≤ 366 rows per metric.
 * - dashboard_task_hours: tasks per tenant, lifecycle and UTC hour of their scheduled start. A period in any
 *   zone is whole hours plus at most two partial hours (zones with :30 / :45 offsets), read from the index.
 * - dashboard_customer_jobs: jobs per customer, for "repeat customers" (≥ 2 jobs) as one index range.
 * - dashboard_job_closes: each job now CLOSED with its creation and close instants (the updated_at written with
 *   the status, the same instant as its JOB_STATUS_CHANGED activity row); a re-opened job leaves it. Average
 *   days to close over a period is one index range instead of a join of the activity log with jobs.
 * Bulk loads that turn triggers off rebuild them with packages/db/src/dashboard-totals.ts.
 *
 * Covering indexes for what is still read from the records: undated invoices by creation instant, open
 * invoices by status, invoiced rows per period (top customers, zones, tags), estimates by status, tasks by
 * lifecycle then start (edges and MISSED), customers and leads by creation, jobs by lead, invoices by job.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const statements = [
    `create table dashboard_money_days (tenant_id text not null references tenants(id), metric text not null, day text not null,
      n bigint not null default 0, amount bigint not null default 0, amount2 bigint not null default 0, primary key (tenant_id, metric, day))`,
    `create table dashboard_task_hours (tenant_id text not null references tenants(id), lifecycle text not null, hour text not null,
      n bigint not null default 0, primary key (tenant_id, lifecycle, hour))`,
    `create table dashboard_customer_jobs (tenant_id text not null references tenants(id), customer_id text not null,
      n bigint not null default 0, primary key (tenant_id, customer_id))`,
    `create index dashboard_customer_jobs_n on dashboard_customer_jobs (tenant_id, n)`,
    `create table dashboard_job_closes (tenant_id text not null references tenants(id), job_id text not null,
      created_at ${dialect === 'postgres' ? 'timestamptz' : 'text'} not null, closed_at ${dialect === 'postgres' ? 'timestamptz' : 'text'} not null, primary key (tenant_id, job_id))`,
    `create index dashboard_job_closes_at on dashboard_job_closes (tenant_id, closed_at, created_at)`,
    `create index invoices_dash_date on invoices (tenant_id, invoice_date, status, total_cents, sub_total_cents, job_id, customer_id)`,
    `create index invoices_dash_undated on invoices (tenant_id, created_at, status, total_cents, sub_total_cents, job_id, customer_id) where invoice_date is null`,
    `create index invoices_dash_open on invoices (tenant_id, status, due_date, total_cents, paid_cents)`,
    `create index invoices_dash_job on invoices (tenant_id, job_id, status, total_cents)`,
    `create index estimates_dash_status on estimates (tenant_id, status, converted_invoice_id, due_date, total_cents)`,
    `create index tasks_dash_lifecycle_start on tasks (tenant_id, lifecycle, start_at, expected_end_at, assignee_key)`,
    `create index customers_dash_created on customers (tenant_id, created_at)`,
    `create index crm_leads_dash_created on crm_leads (tenant_id, created_at, status, source)`,
    `create index jobs_dash_lead on jobs (tenant_id, crm_lead_id, id)`,
  ];
  for (const statement of [...statements, ...triggers(dialect)]) await sql.raw(statement).execute(db);
}

export type Row = 'new' | 'old';
/** Adds (sign 1) or removes (−1) one row's share, when `when` holds for it. */
const money = (row: Row, sign: 1 | -1, metric: string, day: string, amount: string, amount2: string, when: string) =>
  `insert into dashboard_money_days (tenant_id, metric, day, n, amount, amount2)
     select ${row}.tenant_id, '${metric}', ${row}.${day}, ${sign}, ${sign} * ${row}.${amount}, ${sign} * ${amount2 === '0' ? '0' : `${row}.${amount2}`} where ${when.replaceAll('$', row)}
     on conflict (tenant_id, metric, day) do update set n = dashboard_money_days.n + excluded.n,
       amount = dashboard_money_days.amount + excluded.amount, amount2 = dashboard_money_days.amount2 + excluded.amount2`;
const hourOf = (dialect: DialectName, row: Row) =>
  dialect === 'sqlite' ? `substr(${row}.start_at, 1, 13)` : `to_char(${row}.start_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24')`;
const task = (dialect: DialectName, row: Row, sign: 1 | -1) =>
  `insert into dashboard_task_hours (tenant_id, lifecycle, hour, n) select ${row}.tenant_id, ${row}.lifecycle, ${hourOf(dialect, row)}, ${sign} where ${row}.start_at is not null
     on conflict (tenant_id, lifecycle, hour) do update set n = dashboard_task_hours.n + excluded.n`;
/** A job's close row: written when it is inserted or moved CLOSED, removed when it moves away or goes. */
const close = (row: Row, sign: 1 | -1) =>
  sign === 1
    ? `insert into dashboard_job_closes (tenant_id, job_id, created_at, closed_at) select ${row}.tenant_id, ${row}.id, ${row}.created_at, ${row}.updated_at where ${row}.status = 'CLOSED'
         on conflict (tenant_id, job_id) do update set created_at = excluded.created_at, closed_at = excluded.closed_at`
    : `delete from dashboard_job_closes where tenant_id = ${row}.tenant_id and job_id = ${row}.id`;
const customer = (row: Row, sign: 1 | -1) =>
  `insert into dashboard_customer_jobs (tenant_id, customer_id, n) values (${row}.tenant_id, ${row}.customer_id, ${sign})
     on conflict (tenant_id, customer_id) do update set n = dashboard_customer_jobs.n + excluded.n`;

/** Per source table: the statements for a row's share (sign ±1), and the columns whose update moves it. */
export type Source = { name: string; table: string; share: (row: Row, sign: 1 | -1) => string; columns: string; changed?: string };
function sources(dialect: DialectName): Source[] {
  return [
    {
      name: 'invoices_dashboard',
      table: 'invoices',
      columns: 'tenant_id, status, invoice_date, total_cents, sub_total_cents',
      share: (r, s) =>
        money(r, s, 'invoiced', 'invoice_date', 'total_cents', 'sub_total_cents', `$.invoice_date is not null and $.status not in ('DRAFT', 'VOID')`),
    },
    {
      name: 'invoice_payments_dashboard',
      table: 'invoice_payments',
      columns: 'tenant_id, paid_on, amount_cents',
      share: (r, s) => money(r, s, 'collected', 'paid_on', 'amount_cents', '0', 'true'),
    },
    {
      name: 'costs_dashboard',
      table: 'costs',
      columns: 'tenant_id, cost_for, cost_date, amount_cents',
      share: (r, s) => money(r, s, 'job_cost', 'cost_date', 'amount_cents', '0', `$.cost_for = 'JOB'`),
    },
    { name: 'tasks_dashboard', table: 'tasks', columns: 'tenant_id, lifecycle, start_at', share: (r, s) => task(dialect, r, s) },
    { name: 'jobs_dashboard', table: 'jobs', columns: 'tenant_id, customer_id', share: (r, s) => customer(r, s) },
    // Only a real status change moves the close instant (a same-status write must not).
    { name: 'jobs_dashboard_close', table: 'jobs', columns: 'status', share: (r, s) => close(r, s), changed: 'old.status <> new.status' },
  ];
}

/** The triggers of each source (exported for later migrations' maintained totals: same shape, same rules). */
export function triggers(dialect: DialectName, list: Source[] = sources(dialect)): string[] {
  return list.flatMap(({ name, table, share, columns, changed }) => {
    if (dialect === 'sqlite') {
      return [
        `create trigger ${name}_insert after insert on ${table} begin ${share('new', 1)}; end`,
        `create trigger ${name}_delete after delete on ${table} begin ${share('old', -1)}; end`,
        `create trigger ${name}_update after update of ${columns} on ${table}${changed ? ` when ${changed}` : ''} begin ${share('old', -1)}; ${share('new', 1)}; end`,
      ];
    }
    return [
      `create function ${name}() returns trigger language plpgsql as $$
      begin
        ${changed ? `if tg_op = 'UPDATE' and not (${changed}) then return null; end if;` : ''}
        if tg_op in ('UPDATE', 'DELETE') then ${share('old', -1)}; end if;
        if tg_op in ('UPDATE', 'INSERT') then ${share('new', 1)}; end if;
        return null;
      end $$`,
      `create trigger ${name} after insert or delete or update of ${columns} on ${table} for each row execute function ${name}()`,
    ];
  });
}
