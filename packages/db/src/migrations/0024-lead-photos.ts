import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../connection.ts';

/**
 * Photos a customer attached to a request for work. Frozen once shipped.
 *
 * lead_photos links a lead to its image rows in `files` (the bytes live there, as profile photos and logos do);
 * `position` keeps the order the customer chose. Written in the same transaction as the lead, so a lead never
 * lacks a photo it was sent with and no photo exists without its lead.
 *
 * PostgreSQL row-level security as for every tenant table.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const ts = dialect === 'postgres' ? 'timestamptz' : 'text';
  await sql
    .raw(
      `create table lead_photos (tenant_id text not null references tenants(id), lead_id text not null references crm_leads(id),
      file_id text not null references files(id), position integer not null, created_at ${ts} not null,
      primary key (tenant_id, lead_id, file_id))`,
    )
    .execute(db);
  await sql.raw(`create unique index lead_photos_file on lead_photos (file_id)`).execute(db);
  if (dialect !== 'postgres') return;
  const tenant = `NULLIF(current_setting('app.tenant_id', true), '')`;
  await sql.raw(`alter table lead_photos enable row level security`).execute(db);
  await sql.raw(`alter table lead_photos force row level security`).execute(db);
  await sql.raw(`create policy tenant_isolation on lead_photos using (tenant_id = ${tenant}) with check (tenant_id = ${tenant})`).execute(db);
}
