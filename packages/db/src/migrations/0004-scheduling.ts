import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../connection.ts';

/**
 * Scheduling: technicians' time off, and on PostgreSQL the invariant "no two active tasks of one assignee
 * overlap" held by an exclusion constraint. Frozen once shipped.
 *
 * A task occupies [start_at, coalesce(expected_end_at, start_at + 2 hours)) — half-open, so a task ending at
 * 10:00 and one starting at 10:00 do not clash. `timestamptz + interval` is only STABLE (a calendar interval
 * depends on the session zone), which an index expression cannot use; fw_task_range is declared IMMUTABLE
 * truthfully because a fixed number of hours is the same span in every zone. SQLite has no such constraint:
 * the server checks and writes in one BEGIN IMMEDIATE transaction (apps/server task-core/schedule-guard.ts).
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const ts = dialect === 'postgres' ? 'timestamptz' : 'text';
  await sql
    .raw(
      `create table time_off (id text primary key, tenant_id text not null references tenants(id),
        user_id text not null references users(id), start_at ${ts} not null, end_at ${ts} not null, reason text,
        created_by text references users(id), created_at ${ts} not null, check (end_at > start_at))`,
    )
    .execute(db);
  await sql.raw(`create index time_off_tenant_user_start on time_off (tenant_id, user_id, start_at)`).execute(db);
  if (dialect !== 'postgres') return;

  await ensureBtreeGist(db);
  await sql
    .raw(
      `create function fw_task_range(start_at timestamptz, expected_end_at timestamptz) returns tstzrange
        language sql immutable parallel safe
        as $$ select tstzrange(start_at, coalesce(expected_end_at, start_at + interval '2 hours'), '[)') $$`,
    )
    .execute(db);
  await sql
    .raw(
      `alter table tasks add constraint tasks_assignee_no_overlap exclude using gist
        (tenant_id with =, assignee_key with =, fw_task_range(start_at, expected_end_at) with &&)
        where (assignee_key is not null and lifecycle <> 'CANCELLED')`,
    )
    .execute(db);
}

/** btree_gist gives gist the "=" on text the constraint needs; creating it may need rights our user lacks. */
async function ensureBtreeGist(db: Kysely<unknown>): Promise<void> {
  const present = await sql<{ n: number }>`select count(*)::int as n from pg_extension where extname = 'btree_gist'`.execute(db);
  if (present.rows[0]?.n) return;
  try {
    await sql`create extension if not exists btree_gist`.execute(db);
  } catch (error) {
    throw new Error(
      'Migration 0004-scheduling needs the PostgreSQL extension btree_gist, and this database user may not create it. ' +
        'Ask the database owner to run "create extension btree_gist;" in this database, then start again. ' +
        `(${(error as Error).message})`,
    );
  }
}
