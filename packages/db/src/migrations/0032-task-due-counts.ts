import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../connection.ts';

/**
 * The job summary's "overdue tasks" (derived status MISSED: open, assigned, and past its expected end — or,
 * with no expected end, started before today) counted 125,000 index entries on every request at 2M tasks
 * (24 ms of SQL on PostgreSQL). MISSED grows with the clock, so no counter can hold it; but the tasks that
 * become MISSED at a known instant can be counted per UTC day of that instant. task_due_counts keeps, per
 * company, open assigned scheduled tasks by 'end:<UTC day of expected_end_at>', or 'start:<UTC day of
 * start_at>' for those without an expected end; kept by triggers on every insert, delete and change of
 * lifecycle, assignee, start or expected end. The count is then the days before today's from here (about a
 * thousand rows for three years) plus today's part from the tasks index. Frozen once shipped.
 */
function key(dialect: DialectName, row: string): string {
  const day = (column: string) => (dialect === 'sqlite' ? `substr(${row}.${column}, 1, 10)` : `to_char(${row}.${column} at time zone 'UTC', 'YYYY-MM-DD')`);
  return `case when ${row}.expected_end_at is null then 'start:' || ${day('start_at')} else 'end:' || ${day('expected_end_at')} end`;
}
const member = (row: string) => `(${row}.lifecycle = 'OPEN' and ${row}.assignee_key is not null and ${row}.start_at is not null)`;
const increment = (dialect: DialectName, row: string) =>
  `insert into task_due_counts (tenant_id, key, n) select ${row}.tenant_id, ${key(dialect, row)}, 1 where ${member(row)}
     on conflict (tenant_id, key) do update set n = task_due_counts.n + 1`;
const decrement = (dialect: DialectName, row: string) =>
  `update task_due_counts set n = n - 1 where tenant_id = ${row}.tenant_id and key = ${key(dialect, row)} and ${member(row)}`;

function triggers(dialect: DialectName): string[] {
  if (dialect === 'sqlite')
    return [
      `create trigger tasks_due_counts_insert after insert on tasks when ${member('new')} begin ${increment(dialect, 'new')}; end`,
      `create trigger tasks_due_counts_delete after delete on tasks when ${member('old')} begin ${decrement(dialect, 'old')}; end`,
      `create trigger tasks_due_counts_update after update of lifecycle, assignee_key, start_at, expected_end_at on tasks
        when ${member('old')} or ${member('new')} begin ${decrement(dialect, 'old')}; ${increment(dialect, 'new')}; end`,
    ];
  return [
    `create function tasks_due_counts() returns trigger language plpgsql as $$
    declare
      old_key text := case when tg_op <> 'INSERT' and ${member('old')} then ${key(dialect, 'old')} end;
      new_key text := case when tg_op <> 'DELETE' and ${member('new')} then ${key(dialect, 'new')} end;
    begin
      if old_key is not distinct from new_key then return null; end if;
      if old_key is not null then update task_due_counts set n = n - 1 where tenant_id = old.tenant_id and key = old_key; end if;
      if new_key is not null then
        insert into task_due_counts (tenant_id, key, n) values (new.tenant_id, new_key, 1)
          on conflict (tenant_id, key) do update set n = task_due_counts.n + 1;
      end if;
      return null;
    end $$`,
    `create trigger tasks_due_counts after insert or delete or update of lifecycle, assignee_key, start_at, expected_end_at on tasks
      for each row execute function tasks_due_counts()`,
  ];
}

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await sql
    .raw(`create table task_due_counts (tenant_id text not null references tenants(id), key text not null, n integer not null, primary key (tenant_id, key))`)
    .execute(db);
  for (const statement of triggers(dialect)) await sql.raw(statement).execute(db);
  // Every company's counts from its tasks: on PostgreSQL the owner lifts row-level security around it.
  if (dialect === 'postgres') await sql.raw(`alter table tasks no force row level security`).execute(db);
  await sql
    .raw(
      `insert into task_due_counts (tenant_id, key, n)
       select tenant_id, key, count(*) from (select tasks.tenant_id, ${key(dialect, 'tasks')} as key from tasks where ${member('tasks')}) t
       group by tenant_id, key`,
    )
    .execute(db);
  if (dialect !== 'postgres') return;
  await sql.raw(`alter table tasks force row level security`).execute(db);
  const tenant = `NULLIF(current_setting('app.tenant_id', true), '')`;
  await sql.raw(`alter table task_due_counts enable row level security`).execute(db);
  await sql.raw(`alter table task_due_counts force row level security`).execute(db);
  await sql.raw(`create policy tenant_isolation on task_due_counts using (tenant_id = ${tenant}) with check (tenant_id = ${tenant})`).execute(db);
}
