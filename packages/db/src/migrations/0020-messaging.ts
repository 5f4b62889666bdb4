import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../connection.ts';

/**
 * Messages that leave the product, and the background work that sends them. Frozen once shipped.
 *
 * - background_jobs: the outbox. A business write inserts its job in the same transaction, so a job exists if
 *   and only if the change committed; every server process claims due jobs under a lease (run_at, state,
 *   lease_until), retries with backoff, and marks them failed for an admin to retry. dedupe_key makes a second
 *   enqueue of the same work a no-op (unique per company and kind where given).
 * - messages / message_recipients: each email as rendered when it was queued (subject, text and HTML) with its
 *   links to a customer, job, estimate or invoice, and each recipient's delivery state. A message already
 *   accepted by the mail server is never sent again by a re-run of its job.
 * - email_templates: a company's own subject and message for each kind of email (defaults live in the domain).
 * - password_resets / email_verifications: one-time links, stored only as the hash of their token, with an
 *   expiry and the time they were used.
 * - tenants.email_verified_at: a company emails its customers only once its admin confirmed their address.
 *
 * PostgreSQL row-level security as for every tenant table (migration 0014), plus: background_jobs are claimed
 * across companies by the worker, which opens them with app.worker = 'on' (and nothing else); the two link
 * tables are found by their token's hash (app.token_hash) before any company is known.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const ts = dialect === 'postgres' ? 'timestamptz' : 'text';
  const statements = [
    `create table background_jobs (id text primary key, tenant_id text not null references tenants(id), kind text not null,
      payload text not null, dedupe_key text,
      state text not null default 'queued' check (state in ('queued', 'running', 'done', 'failed')),
      run_at ${ts} not null, attempts integer not null default 0, max_attempts integer not null,
      lease_until ${ts}, locked_by text, last_error text,
      created_at ${ts} not null, updated_at ${ts} not null, finished_at ${ts})`,
    `create unique index background_jobs_dedupe on background_jobs (tenant_id, kind, dedupe_key) where dedupe_key is not null`,
    `create index background_jobs_due on background_jobs (run_at) where state = 'queued'`,
    `create index background_jobs_leased on background_jobs (lease_until) where state = 'running'`,
    `create index background_jobs_tenant on background_jobs (tenant_id, state, updated_at)`,
    `create table messages (id text primary key, tenant_id text not null references tenants(id), kind text not null,
      subject text not null, body_text text not null, body_html text not null, reply_to text,
      customer_id text references customers(id), job_id text references jobs(id),
      estimate_id text references estimates(id) on delete set null, invoice_id text references invoices(id) on delete set null,
      user_id text references users(id),
      attachment text, state text not null check (state in ('queued', 'sent', 'partly_sent', 'failed', 'not_sent')),
      error text, provider_id text, sent_at ${ts}, created_by text references users(id), created_at ${ts} not null, updated_at ${ts} not null)`,
    `create index messages_customer on messages (tenant_id, customer_id, created_at)`,
    `create index messages_job on messages (tenant_id, job_id, created_at)`,
    `create index messages_estimate on messages (tenant_id, estimate_id, created_at)`,
    `create index messages_invoice on messages (tenant_id, invoice_id, created_at)`,
    `create index messages_recent on messages (tenant_id, created_at)`,
    `create table message_recipients (id text primary key, tenant_id text not null references tenants(id),
      message_id text not null references messages(id) on delete cascade, address text not null,
      role text not null check (role in ('to', 'cc')), state text not null check (state in ('queued', 'sent', 'failed', 'not_sent')),
      error text, updated_at ${ts} not null)`,
    `create index message_recipients_message on message_recipients (tenant_id, message_id)`,
    `create table email_templates (tenant_id text not null references tenants(id), kind text not null,
      subject text not null, message text not null, updated_by text references users(id), updated_at ${ts} not null,
      primary key (tenant_id, kind))`,
    `create table password_resets (id text primary key, tenant_id text not null references tenants(id),
      user_id text not null references users(id), token_hash text not null unique,
      expires_at ${ts} not null, used_at ${ts}, created_at ${ts} not null)`,
    `create index password_resets_user on password_resets (tenant_id, user_id)`,
    `create table email_verifications (id text primary key, tenant_id text not null references tenants(id),
      user_id text not null references users(id), token_hash text not null unique,
      expires_at ${ts} not null, used_at ${ts}, created_at ${ts} not null)`,
    `alter table tenants add column email_verified_at ${ts}`,
    // Companies that exist already were set up before verification existed: they count as verified.
    `update tenants set email_verified_at = created_at`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
  if (dialect !== 'postgres') return;
  const tenant = `NULLIF(current_setting('app.tenant_id', true), '')`;
  for (const table of ['background_jobs', 'messages', 'message_recipients', 'email_templates', 'password_resets', 'email_verifications']) {
    await sql.raw(`alter table ${table} enable row level security`).execute(db);
    await sql.raw(`alter table ${table} force row level security`).execute(db);
    await sql.raw(`create policy tenant_isolation on ${table} using (tenant_id = ${tenant}) with check (tenant_id = ${tenant})`).execute(db);
  }
  await sql
    .raw(
      `create policy worker_claim on background_jobs using (current_setting('app.worker', true) = 'on') with check (current_setting('app.worker', true) = 'on')`,
    )
    .execute(db);
  for (const table of ['password_resets', 'email_verifications']) {
    await sql.raw(`create policy secret_lookup on ${table} for select using (token_hash = NULLIF(current_setting('app.token_hash', true), ''))`).execute(db);
  }
}
