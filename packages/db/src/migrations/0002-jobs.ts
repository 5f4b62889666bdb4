import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../connection.ts';

/**
 * Jobs, CRM leads, notes, the activity log, media and per-user table configuration. Frozen once shipped.
 * Money on a job is kept as running totals in cents on the job row, moved in the same transaction as the
 * estimate, invoice, payment or cost that changes them, so lists sort and page on indexed columns.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const ts = dialect === 'postgres' ? 'timestamptz' : 'text';
  const money = 'bigint not null default 0';
  const count = 'integer not null default 0';
  const statements = [
    `create table crm_leads (id text primary key, tenant_id text not null references tenants(id), lead_number integer not null,
      customer_id text not null references customers(id), status text not null, source text not null, notes text,
      created_by text references users(id), created_at ${ts} not null, updated_at ${ts} not null,
      unique (tenant_id, lead_number))`,
    `create index crm_leads_tenant_created on crm_leads (tenant_id, created_at)`,
    `create table jobs (id text primary key, tenant_id text not null references tenants(id), job_number integer not null,
      job_number_text text not null, name text not null, description text, status text not null,
      customer_id text not null references customers(id), site_address_id text not null references customer_addresses(id),
      building_unit_id text references customer_addresses(id), site_contact_id text references customer_contacts(id),
      requester_id text references customer_contacts(id), job_lead_id text references users(id),
      sales_manager_id text references users(id), crm_lead_id text references crm_leads(id),
      open_estimates_count ${count}, open_estimates_cents ${money}, due_invoices_count ${count}, due_invoices_cents ${money},
      paid_cents ${money}, total_cost_cents ${money}, open_balance_cents ${money},
      task_count ${count}, estimate_count ${count}, invoice_count ${count}, cost_count ${count}, note_count ${count}, media_count ${count},
      created_by text references users(id), created_at ${ts} not null, updated_at ${ts} not null, version integer not null default 1,
      unique (tenant_id, job_number))`,
    `create index jobs_tenant_created on jobs (tenant_id, created_at, id)`,
    `create index jobs_tenant_status_created on jobs (tenant_id, status, created_at, id)`,
    `create index jobs_tenant_number_text on jobs (tenant_id, job_number_text)`,
    `create index jobs_tenant_customer on jobs (tenant_id, customer_id, created_at)`,
    `create index jobs_tenant_open_estimates on jobs (tenant_id, open_estimates_cents, id)`,
    `create index jobs_tenant_due_invoices on jobs (tenant_id, due_invoices_cents, id)`,
    `create index jobs_tenant_paid on jobs (tenant_id, paid_cents, id)`,
    `create index jobs_tenant_total_cost on jobs (tenant_id, total_cost_cents, id)`,
    `create index jobs_tenant_open_balance on jobs (tenant_id, open_balance_cents, id)`,
    `create index jobs_tenant_lead on jobs (tenant_id, crm_lead_id)`,
    // The job's status is copied onto its tag and zone links (a trigger keeps it in step), so a filtered
    // count is one index range instead of a lookup into the jobs table per matching row.
    `create table job_tags (tenant_id text not null, job_id text not null references jobs(id) on delete cascade,
      tag_id text not null references tags(id) on delete cascade, status text not null, primary key (job_id, tag_id))`,
    `create index job_tags_tenant_tag on job_tags (tenant_id, tag_id, status, job_id)`,
    `create table job_zones (tenant_id text not null, job_id text not null references jobs(id) on delete cascade,
      zone_id text not null references zones(id) on delete cascade, status text not null, primary key (job_id, zone_id))`,
    `create index job_zones_tenant_zone on job_zones (tenant_id, zone_id, status, job_id)`,
    // Jobs per tenant and status, kept by triggers on every insert, delete and status change, so list totals
    // and summary cards never count 200,000 rows.
    `create table job_counts (tenant_id text not null references tenants(id), status text not null, n integer not null,
      primary key (tenant_id, status))`,
    `create table notes (id text primary key, tenant_id text not null references tenants(id),
      job_id text not null references jobs(id) on delete cascade, note_type text not null, note text not null,
      author_id text references users(id), created_at ${ts} not null, updated_at ${ts} not null)`,
    `create index notes_tenant_job on notes (tenant_id, job_id, created_at)`,
    `create table activity_log (id text primary key, tenant_id text not null references tenants(id),
      job_id text references jobs(id) on delete cascade, entity_type text not null, entity_id text not null,
      action text not null, message text not null, actor_id text references users(id), meta text not null,
      created_at ${ts} not null)`,
    `create index activity_log_tenant_job on activity_log (tenant_id, job_id, created_at)`,
    `create table media (id text primary key, tenant_id text not null references tenants(id),
      job_id text references jobs(id) on delete cascade, session_token text, file_name text not null,
      content_type text not null, media_type text not null, size integer not null, storage_key text not null unique,
      created_by text references users(id), created_at ${ts} not null)`,
    `create index media_tenant_job on media (tenant_id, job_id, created_at)`,
    `create index media_tenant_session on media (tenant_id, session_token)`,
    `create index media_orphans on media (created_at) where job_id is null`,
    `create table table_configs (tenant_id text not null references tenants(id), user_id text not null references users(id) on delete cascade,
      type text not null, config text not null, updated_at ${ts} not null, primary key (user_id, type))`,
  ];
  for (const statement of [...statements, ...jobCountTriggers(dialect)]) await sql.raw(statement).execute(db);
}

function jobCountTriggers(dialect: DialectName): string[] {
  const bump = (row: 'new' | 'old', delta: 1 | -1) =>
    `insert into job_counts (tenant_id, status, n) values (${row}.tenant_id, ${row}.status, ${delta})
       on conflict (tenant_id, status) do update set n = job_counts.n + ${delta}`;
  const follow = `update job_zones set status = new.status where job_id = new.id;
      update job_tags set status = new.status where job_id = new.id`;
  if (dialect === 'sqlite') {
    return [
      `create trigger jobs_counts_insert after insert on jobs begin ${bump('new', 1)}; end`,
      `create trigger jobs_counts_delete after delete on jobs begin ${bump('old', -1)}; end`,
      `create trigger jobs_counts_status after update of status on jobs when old.status <> new.status begin
        ${bump('old', -1)}; ${bump('new', 1)}; ${follow}; end`,
    ];
  }
  return [
    `create function jobs_counts() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then ${bump('new', 1)};
      elsif tg_op = 'DELETE' then ${bump('old', -1)};
      elsif old.status <> new.status then ${bump('old', -1)}; ${bump('new', 1)}; ${follow};
      end if;
      return null;
    end $$`,
    `create trigger jobs_counts after insert or delete or update of status on jobs for each row execute function jobs_counts()`,
  ];
}
