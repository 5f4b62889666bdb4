import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../connection.ts';

/**
 * What a company texts its customers and when, and how its people hear of their own work. Frozen once shipped.
 *
 * - text_preferences: one row per company once it saved Settings → Text messages (no row = the product's
 *   defaults): reminders and their lead time, quiet hours (read in the company's zone), booking confirmation
 *   and job-completed texts, and the company's own wording per kind as a JSON object (kinds it kept are absent).
 * - text_messages.dedupe_key: one text per reason — a reminder per schedule version, one booking confirmation per
 *   task, one job-completed text per job — held by a unique index, so a job run twice queues the text once.
 * - users.assignment_notice: 'off', 'email' or 'text' — a team member told when a task is assigned to them or
 *   its time changes.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const ts = dialect === 'postgres' ? 'timestamptz' : 'text';
  const statements = [
    `create table text_preferences (tenant_id text primary key references tenants(id), reminders_on integer not null,
      reminder_hours integer not null, quiet_hours_on integer not null, quiet_start text not null, quiet_end text not null,
      booking_confirmation integer not null, job_completed integer not null, templates text not null, updated_at ${ts} not null)`,
    `alter table text_messages add column dedupe_key text`,
    `create unique index text_messages_dedupe on text_messages (tenant_id, dedupe_key) where dedupe_key is not null`,
    `alter table users add column assignment_notice text not null default 'off'`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
  if (dialect !== 'postgres') return;
  const tenant = `NULLIF(current_setting('app.tenant_id', true), '')`;
  await sql.raw(`alter table text_preferences enable row level security`).execute(db);
  await sql.raw(`alter table text_preferences force row level security`).execute(db);
  await sql.raw(`create policy tenant_isolation on text_preferences using (tenant_id = ${tenant}) with check (tenant_id = ${tenant})`).execute(db);
}
