import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../connection.ts';

/**
 * Time on the job: vehicles, the vehicle and assistants of a work period, and "one running
 * clock-in per user". Frozen once shipped.
 *
 * - vehicles: a VIN is unique per company (stored upper case, 17 characters); cost rates in integer cents.
 *   A vehicle used on a work period cannot be deleted (task_activities.vehicle_id references it without
 *   cascade): it is deactivated instead.
 * - task_activity_assistants: the people who worked a period with its user, so labor cost counts each.
 * - task_activities_one_running: at most one period with no end per (company, user), held by a partial
 *   unique index on both dialects, so parallel clock-ins of one person leave exactly one running.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const ts = dialect === 'postgres' ? 'timestamptz' : 'text';
  const statements = [
    `create table vehicles (id text primary key, tenant_id text not null references tenants(id),
      name text not null, vin text not null check (length(vin) = 17), state text, plate text,
      is_active integer not null default 1,
      hourly_cost_cents bigint not null default 0 check (hourly_cost_cents >= 0),
      mile_cost_cents bigint not null default 0 check (mile_cost_cents >= 0),
      created_by text references users(id), created_at ${ts} not null, updated_at ${ts} not null,
      version integer not null default 1,
      unique (tenant_id, vin))`,
    // The list (all or by status) in name or creation order; the clock-in dropdown reads active by name.
    `create index vehicles_tenant_active_name on vehicles (tenant_id, is_active, name)`,
    `create index vehicles_tenant_created on vehicles (tenant_id, created_at)`,
    `alter table task_activities add column vehicle_id text references vehicles(id)`,
    // "Was this vehicle ever used?" (delete refusal) without reading every period of the company.
    `create index task_activities_tenant_vehicle on task_activities (tenant_id, vehicle_id) where vehicle_id is not null`,
    `create unique index task_activities_one_running on task_activities (tenant_id, user_id) where end_time is null`,
    `create table task_activity_assistants (tenant_id text not null references tenants(id),
      activity_id text not null references task_activities(id) on delete cascade,
      user_id text not null references users(id),
      primary key (activity_id, user_id))`,
    // A person's assisted periods (labor cost per person).
    `create index task_activity_assistants_tenant_user on task_activity_assistants (tenant_id, user_id)`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
