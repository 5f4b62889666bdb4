import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../connection.ts';

/**
 * The dashboard's supporting records (receptionist calls, assets). Frozen once shipped.
 *
 * - receptionist_calls: the AI receptionist's call log. UNIQUE (tenant_id, external_call_id) makes a caller
 *   system's repeat post land on the stored row however many race; (tenant_id, started_at) serves the Calls
 *   page and the metrics range. duration_seconds is stored so the average is a plain aggregate.
 * - customer_assets: equipment at a customer's site address (addresses are archived, never deleted).
 * - dashboard_user_settings: per user — card order and visibility (JSON text), onboarding and financing
 *   banner dismissals.
 * - tenants.financing_url: the lender's apply page the Customer Financing banner opens.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const ts = dialect === 'postgres' ? 'timestamptz' : 'text';
  const statements = [
    `alter table tenants add column financing_url text`,
    `create table receptionist_calls (id text primary key, tenant_id text not null references tenants(id),
      external_call_id text not null, caller_name text, caller_number text not null,
      started_at ${ts} not null, ended_at ${ts} not null, duration_seconds integer not null check (duration_seconds >= 0),
      outcome text not null check (outcome in ('BOOKED', 'LEAD_CREATED', 'INFORMATION', 'MISSED', 'SPAM')),
      summary text, lead_id text references crm_leads(id), job_id text references jobs(id),
      created_by text references users(id), created_at ${ts} not null)`,
    `create unique index receptionist_calls_external on receptionist_calls (tenant_id, external_call_id)`,
    `create index receptionist_calls_started on receptionist_calls (tenant_id, started_at, outcome, duration_seconds)`,
    `create table customer_assets (id text primary key, tenant_id text not null references tenants(id),
      customer_id text not null references customers(id), address_id text not null references customer_addresses(id),
      asset_type text not null check (asset_type in ('HVAC', 'WATER_HEATER', 'BOILER', 'ELECTRICAL_PANEL', 'PLUMBING', 'APPLIANCE', 'OTHER')),
      make text, model text, serial text, install_date text, notes text,
      created_by text references users(id), created_at ${ts} not null, updated_at ${ts} not null, version integer not null default 1)`,
    `create index customer_assets_customer on customer_assets (tenant_id, customer_id)`,
    `create index customer_assets_address on customer_assets (tenant_id, address_id)`,
    `create table dashboard_user_settings (user_id text primary key references users(id), tenant_id text not null references tenants(id),
      cards text, onboarding_dismissed integer not null default 0, financing_dismissed integer not null default 0,
      updated_at ${ts} not null)`,
    `create index dashboard_user_settings_tenant on dashboard_user_settings (tenant_id)`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
