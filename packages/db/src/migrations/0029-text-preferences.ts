import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../connection.ts';

/**
 * What a company texts its customers and when, and how its people hear of their own work. Frozen once shipped.
 *
 * - text_preferences: one row per company once it saved Settings → Text messages (no row = the product's
 *   defaults): reminders and their lead time, quiet hours (read in the company's zone), booking confirmation
 *   and job-completed texts, and the company's own wording per kind as a JSON object (kinds it kept are absent).
 * - sent_notices: one row per notice that went out for a reason — a reminder per schedule version, one booking
 *   confirmation per task, one job-completed text per job, one notice per assignment — written in the same
 *   transaction as the text or email it stands for, so a background job run twice sends it once.
 * - users.assignment_notice: 'off', 'email' or 'text' — a team member told when a task is assigned to them or
 *   its time changes.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const ts = dialect === 'postgres' ? 'timestamptz' : 'text';
  const statements = [
    `create table text_preferences (tenant_id text primary key references tenants(id), reminders_on integer not null,
      reminder_hours integer not null, quiet_hours_on integer not null, quiet_start text not null, quiet_end text not null,
      booking_confirmation integer not null, job_completed integer not null, templates text not null, updated_at ${ts} not null)`,
    `create table sent_notices (tenant_id text not null references tenants(id), notice_key text not null,
      created_at ${ts} not null, primary key (tenant_id, notice_key))`,
    `alter table users add column assignment_notice text not null default 'off'`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
  if (dialect !== 'postgres') return;
  const tenant = `NULLIF(current_setting('app.tenant_id', true), '')`;
  for (const table of ['text_preferences', 'sent_notices']) {
    await sql.raw(`alter table ${table} enable row level security`).execute(db);
    await sql.raw(`alter table ${table} force row level security`).execute(db);
    await sql.raw(`create policy tenant_isolation on ${table} using (tenant_id = ${tenant}) with check (tenant_id = ${tenant})`).execute(db);
  }
}
