import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../connection.ts';

/**
 * Service plans: recurring work that schedules itself. Frozen once shipped.
 *
 * - service_plans: a customer's plan at one of their sites. Its recurrence is kept as the structure the office
 *   edits (JSON, the domain's Recurrence) and as the RFC 5545 RRULE it stands for; the visit template (task name,
 *   description, duration, default assignee, lines) and the billing as JSON; `generated_through` is the local date
 *   up to which visits exist, so the daily extension starts where the last one stopped. A plan owns one job
 *   (`job_id`): its visits are that job's tasks, so everything that works on tasks works on visits.
 * - tasks.plan_id / plan_occurrence: a visit and the occurrence it stands for (the local start, YYYY-MM-DDTHH:MM).
 *   The unique index is what makes generating again — or two processes generating at once — create nothing twice.
 *   tasks.plan_attention: why a generated visit needs the office (e.g. 'clash': created unassigned because its
 *   technician was busy at that time), listed under "Needs attention".
 * - plan_invoices: one invoice drafted per plan and billing period (or visit), held by its key.
 *
 * PostgreSQL row-level security as for every tenant table.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const ts = dialect === 'postgres' ? 'timestamptz' : 'text';
  const statements = [
    `create table service_plans (id text primary key, tenant_id text not null references tenants(id),
      customer_id text not null references customers(id), site_address_id text not null references customer_addresses(id),
      job_id text not null references jobs(id), plan_number integer not null, name text not null, status text not null,
      recurrence text not null, rrule text not null, starts_on text not null, ends_on text,
      visit_template text not null, billing text not null, price_cents integer not null, auto_send integer not null,
      renewal_days integer, renewal_to_customer integer not null, generated_through text, paused_at ${ts}, ended_at ${ts},
      created_by text references users(id), created_at ${ts} not null, updated_at ${ts} not null, version integer not null,
      check (status in ('active', 'paused', 'ended')))`,
    `create unique index service_plans_number on service_plans (tenant_id, plan_number)`,
    `create index service_plans_tenant_status on service_plans (tenant_id, status, created_at)`,
    `create index service_plans_customer on service_plans (tenant_id, customer_id)`,
    `alter table tasks add column plan_id text references service_plans(id)`,
    `alter table tasks add column plan_occurrence text`,
    `alter table tasks add column plan_attention text`,
    `create unique index tasks_plan_occurrence on tasks (tenant_id, plan_id, plan_occurrence) where plan_id is not null`,
    `create index tasks_plan_attention on tasks (tenant_id, plan_id) where plan_attention is not null`,
    `create table plan_invoices (tenant_id text not null references tenants(id), plan_id text not null references service_plans(id),
      period_key text not null, invoice_id text not null references invoices(id), created_at ${ts} not null,
      primary key (tenant_id, plan_id, period_key))`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
  if (dialect !== 'postgres') return;
  const tenant = `NULLIF(current_setting('app.tenant_id', true), '')`;
  for (const table of ['service_plans', 'plan_invoices']) {
    await sql.raw(`alter table ${table} enable row level security`).execute(db);
    await sql.raw(`alter table ${table} force row level security`).execute(db);
    await sql.raw(`create policy tenant_isolation on ${table} using (tenant_id = ${tenant}) with check (tenant_id = ${tenant})`).execute(db);
  }
}
