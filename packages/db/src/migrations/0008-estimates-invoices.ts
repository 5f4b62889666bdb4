import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../connection.ts';

/**
 * Estimates, invoices, their lines, payments and the products & services catalogue. Frozen once shipped.
 *
 * - Money is integer cents (bigint); quantities are thousandths of a unit, tax percents thousandths of a percent.
 * - Numbers come from tenant_counters ('estimate', 'invoice') in the creating transaction; UNIQUE(tenant_id, number).
 * - Convert once: estimates.converted_invoice_id is set by `UPDATE … WHERE converted_invoice_id IS NULL`, and an
 *   invoice's converted_from_estimate_id is unique, so two conversions can never both land.
 * - Link once: job_id is set by `UPDATE … WHERE job_id IS NULL` and never changed afterwards.
 * - Payments never pass the total: invoices.paid_cents moves by a conditional update and a CHECK backs it.
 * - Job money columns (jobs.open_estimates_*, due_invoices_*, paid_cents, open_balance_cents, estimate_count,
 *   invoice_count) are recomputed from these tables in the same transaction as each change.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const ts = dialect === 'postgres' ? 'timestamptz' : 'text';
  const money = 'bigint not null default 0';
  const docColumns = `tenant_id text not null references tenants(id),
      customer_id text not null references customers(id), job_id text references jobs(id),
      building_unit_id text references customer_addresses(id), address_id text references customer_addresses(id),
      billing_contact_id text references customer_contacts(id), site_contact_id text references customer_contacts(id),
      payment_term text, due_date text, customer_message text,
      sub_total_cents ${money}, taxable_sub_total_cents ${money}, tax_cents ${money}, freight_cents ${money},
      deposit_required integer not null default 0, deposit_cents ${money}, total_cents ${money} check (total_cents >= 0),
      created_by text references users(id), created_at ${ts} not null, updated_at ${ts} not null, version integer not null default 1`;
  const lineColumns = `tenant_id text not null references tenants(id), position integer not null, name text not null, description text,
      qty_milli bigint not null, rate_cents bigint not null, service_id text references catalogue_items(id) on delete set null,
      is_taxable integer not null default 0, tax_percent_milli integer not null default 0, tax_cents ${money}, total_cents ${money}`;
  const statements = [
    `create table catalogue_items (id text primary key, tenant_id text not null references tenants(id),
      name text not null, description text, rate_cents bigint not null default 0 check (rate_cents >= 0),
      is_taxable integer not null default 0, tax_percent_milli integer not null default 0 check (tax_percent_milli between 0 and 100000),
      is_active integer not null default 1, created_at ${ts} not null, updated_at ${ts} not null, version integer not null default 1)`,
    `create index catalogue_items_tenant_name on catalogue_items (tenant_id, name)`,
    `create table estimates (id text primary key, estimate_number integer not null, status text not null, estimate_date text,
      ${docColumns},
      previous_estimate_number integer, converted_invoice_id text,
      approval_decision text, approval_name text, approval_at ${ts}, approval_ip text, approval_comment text, approval_signature text,
      unique (tenant_id, estimate_number))`,
    `create index estimates_tenant_created on estimates (tenant_id, created_at, id)`,
    `create index estimates_tenant_job on estimates (tenant_id, job_id, created_at)`,
    `create index estimates_tenant_status on estimates (tenant_id, status, created_at)`,
    `create index estimates_tenant_unlinked on estimates (tenant_id, created_at) where job_id is null`,
    `create table estimate_lines (id text primary key, estimate_id text not null references estimates(id) on delete cascade, ${lineColumns})`,
    `create index estimate_lines_estimate on estimate_lines (estimate_id, position)`,
    `create table invoices (id text primary key, invoice_number integer not null, status text not null, invoice_date text,
      ${docColumns},
      paid_cents ${money}, previous_invoice_number integer, converted_from_estimate_id text references estimates(id),
      check (paid_cents >= 0 and paid_cents <= total_cents),
      unique (tenant_id, invoice_number))`,
    `create unique index invoices_one_per_estimate on invoices (converted_from_estimate_id) where converted_from_estimate_id is not null`,
    `create index invoices_tenant_created on invoices (tenant_id, created_at, id)`,
    `create index invoices_tenant_job on invoices (tenant_id, job_id, created_at)`,
    `create index invoices_tenant_status on invoices (tenant_id, status, created_at)`,
    `create index invoices_tenant_unlinked on invoices (tenant_id, created_at) where job_id is null`,
    `create table invoice_lines (id text primary key, invoice_id text not null references invoices(id) on delete cascade, ${lineColumns})`,
    `create index invoice_lines_invoice on invoice_lines (invoice_id, position)`,
    `create table invoice_payments (id text primary key, tenant_id text not null references tenants(id),
      invoice_id text not null references invoices(id) on delete cascade, amount_cents bigint not null check (amount_cents > 0),
      paid_on text not null, method text not null, reference text, created_by text references users(id), created_at ${ts} not null)`,
    `create index invoice_payments_invoice on invoice_payments (invoice_id, created_at)`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
