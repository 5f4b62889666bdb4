import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../connection.ts';

/**
 * The customer's visit page. Frozen once shipped.
 *
 * - visit_links: a personal link to one visit (a task) that opens without signing in — sent in an "on my way"
 *   text, and later in reminders and booking texts. Stored only as the hash of its token, with an expiry; the
 *   window of the "on my way" it was sent with (arrival_from/arrival_to), so the page can say when to expect the
 *   technician (the latest window of a task is that of its newest link that has one).
 *
 * PostgreSQL row-level security as for every tenant table, plus: a link is found by its token's hash
 * (app.token_hash) before any company is known.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const ts = dialect === 'postgres' ? 'timestamptz' : 'text';
  const statements = [
    `create table visit_links (id text primary key, tenant_id text not null references tenants(id),
      task_id text not null references tasks(id), token_hash text not null unique,
      arrival_from ${ts}, arrival_to ${ts}, expires_at ${ts} not null, created_at ${ts} not null,
      check ((arrival_from is null) = (arrival_to is null)))`,
    `create index visit_links_task on visit_links (tenant_id, task_id, created_at)`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
  if (dialect !== 'postgres') return;
  const tenant = `NULLIF(current_setting('app.tenant_id', true), '')`;
  for (const table of ['visit_links']) {
    await sql.raw(`alter table ${table} enable row level security`).execute(db);
    await sql.raw(`alter table ${table} force row level security`).execute(db);
    await sql.raw(`create policy tenant_isolation on ${table} using (tenant_id = ${tenant}) with check (tenant_id = ${tenant})`).execute(db);
  }
  await sql.raw(`create policy secret_lookup on visit_links for select using (token_hash = NULLIF(current_setting('app.token_hash', true), ''))`).execute(db);
}
