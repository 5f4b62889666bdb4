import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../connection.ts';

/**
 * The office's notification bell. Frozen once shipped.
 *
 * - notifications: one row per thing that happened (kind, the record it is about, the figures of its text).
 * - notification_recipients: one row per office user who may see it, fanned out in the same transaction, with
 *   that user's read_at. Read state is per user, and a per-user row keeps the unread count one indexed count
 *   (tenant, user, unread) however many notifications and users a company has: 30 office users and thousands
 *   of notifications stay a range scan of one partial index, where a shared row plus a reads table would need
 *   an anti-join over every notification the company ever had. The kind is copied onto the recipient row so
 *   that count can still leave out kinds a user has since lost the right to read. A user added later starts
 *   with an empty bell rather than the company's history.
 *
 * PostgreSQL row-level security as for every tenant table.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const ts = dialect === 'postgres' ? 'timestamptz' : 'text';
  const statements = [
    `create table notifications (id text primary key, tenant_id text not null references tenants(id), kind text not null,
      record_id text not null, params text not null, created_at ${ts} not null)`,
    `create table notification_recipients (tenant_id text not null references tenants(id),
      notification_id text not null references notifications(id), user_id text not null references users(id), kind text not null,
      created_at ${ts} not null, read_at ${ts}, primary key (notification_id, user_id))`,
    `create index notification_recipients_list on notification_recipients (tenant_id, user_id, created_at, notification_id)`,
    `create index notification_recipients_unread on notification_recipients (tenant_id, user_id, kind) where read_at is null`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
  if (dialect !== 'postgres') return;
  const tenant = `NULLIF(current_setting('app.tenant_id', true), '')`;
  for (const table of ['notifications', 'notification_recipients']) {
    await sql.raw(`alter table ${table} enable row level security`).execute(db);
    await sql.raw(`alter table ${table} force row level security`).execute(db);
    await sql.raw(`create policy tenant_isolation on ${table} using (tenant_id = ${tenant}) with check (tenant_id = ${tenant})`).execute(db);
  }
}
