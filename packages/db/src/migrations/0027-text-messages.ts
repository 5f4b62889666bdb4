import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../connection.ts';

/**
 * Text messages through each company's own Twilio account. Frozen once shipped.
 *
 * - text_accounts: one per company; the auth token sealed under the server key, the rest is not secret.
 * - text_messages: every text the product sends or would have sent, with Twilio's message SID once accepted and
 *   its delivery state from the status callbacks; `send_after` holds a text back (quiet hours, reminders).
 * - text_opt_outs: numbers (E.164) that replied STOP to this company's number, until they reply START; a text to
 *   one of them is never queued.
 *
 * PostgreSQL row-level security as for every tenant table; Twilio's webhooks name the company in the URL.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const ts = dialect === 'postgres' ? 'timestamptz' : 'text';
  const statements = [
    `create table text_accounts (tenant_id text primary key references tenants(id), provider text not null,
      account_sid text not null, auth_token_sealed text not null, auth_token_last4 text not null, from_number text,
      messaging_service_sid text, country text not null, connected_at ${ts} not null, updated_at ${ts} not null)`,
    `create table text_messages (id text primary key, tenant_id text not null references tenants(id), kind text not null,
      to_e164 text not null, body text not null, status text not null, provider_sid text, error text,
      customer_id text references customers(id), job_id text references jobs(id), task_id text references tasks(id),
      created_by text references users(id), send_after ${ts}, created_at ${ts} not null, sent_at ${ts}, updated_at ${ts} not null)`,
    `create index text_messages_tenant_created on text_messages (tenant_id, created_at)`,
    `create unique index text_messages_provider_sid on text_messages (tenant_id, provider_sid) where provider_sid is not null`,
    `create index text_messages_task on text_messages (tenant_id, task_id) where task_id is not null`,
    `create table text_opt_outs (tenant_id text not null references tenants(id), phone_e164 text not null,
      opted_out_at ${ts} not null, primary key (tenant_id, phone_e164))`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
  if (dialect !== 'postgres') return;
  const tenant = `NULLIF(current_setting('app.tenant_id', true), '')`;
  for (const table of ['text_accounts', 'text_messages', 'text_opt_outs']) {
    await sql.raw(`alter table ${table} enable row level security`).execute(db);
    await sql.raw(`alter table ${table} force row level security`).execute(db);
    await sql.raw(`create policy tenant_isolation on ${table} using (tenant_id = ${tenant}) with check (tenant_id = ${tenant})`).execute(db);
  }
}
