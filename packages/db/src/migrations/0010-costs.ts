import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../connection.ts';

/**
 * Cost records. Frozen once shipped.
 *
 * - One table for every cost type: the columns a type does not use stay null. Money is integer cents (bigint),
 *   hours, days, miles and quantities are thousandths; amount_cents is computed by the server.
 * - cost_for JOB (actual) needs a job; ESTIMATE (estimated) needs an estimate.
 * - A work period is costed once per person and once per vehicle: partial unique indexes decide when two
 *   confirmations of the same suggestion race (the loser gets a 409).
 * - jobs.total_cost_cents / cost_count (JOB costs) and estimates.estimated_cost_cents (ESTIMATE costs) are
 *   recomputed in the same transaction as each cost change.
 * - users.cost_rate_cents: a person's hourly labor cost, prefilled on labor costs (Settings).
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const ts = dialect === 'postgres' ? 'timestamptz' : 'text';
  const statements = [
    `alter table users add column cost_rate_cents bigint not null default 0`,
    `alter table estimates add column estimated_cost_cents bigint not null default 0`,
    `create table costs (id text primary key, tenant_id text not null references tenants(id),
      cost_type text not null check (cost_type in ('LABOR', 'MATERIAL', 'VEHICLE', 'EQUIPMENT', 'SUBCONTRACTOR', 'OTHER')),
      cost_for text not null check (cost_for in ('JOB', 'ESTIMATE')),
      job_id text references jobs(id), task_id text references tasks(id), estimate_id text references estimates(id) on delete cascade,
      invoice_id text references invoices(id) on delete set null, activity_id text references task_activities(id),
      user_id text references users(id), vehicle_id text references vehicles(id), subcontractor_id text references subcontractors(id),
      bid_id text references bid_requests(id),
      item text, supplier text, description text, unit text,
      quantity_milli bigint, rate_cents bigint, miles_milli bigint, mile_rate_cents bigint,
      amount_cents bigint not null check (amount_cents >= 0),
      cost_date text not null, notes text,
      created_by text references users(id), created_at ${ts} not null, updated_at ${ts} not null, version integer not null default 1,
      check (cost_for <> 'JOB' or job_id is not null),
      check (cost_for <> 'ESTIMATE' or estimate_id is not null))`,
    `create index costs_tenant_job on costs (tenant_id, job_id, cost_date)`,
    `create index costs_tenant_task on costs (tenant_id, task_id) where task_id is not null`,
    `create index costs_tenant_estimate on costs (tenant_id, estimate_id) where estimate_id is not null`,
    `create index costs_tenant_invoice on costs (tenant_id, invoice_id) where invoice_id is not null`,
    `create unique index costs_labor_once on costs (tenant_id, activity_id, user_id) where activity_id is not null and cost_type = 'LABOR'`,
    `create unique index costs_vehicle_once on costs (tenant_id, activity_id, vehicle_id) where activity_id is not null and cost_type = 'VEHICLE'`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
