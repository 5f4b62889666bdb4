import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../connection.ts';

/**
 * The task list's Unscheduled and Unassigned tabs are work queues: a closed or cancelled task is finished
 * business and is never offered there. So
 * - their partial indexes hold only tasks still in a queue, and a tab's page reads that index alone, however
 *   much history the company keeps (the predicate is written out as the list query writes it — literals, not
 *   parameters — which SQLite needs to pick the index);
 * - the task_counts keys 'unscheduled' and 'unassigned' count only those tasks (a finished one counts under
 *   'finished:unscheduled' / 'finished:unassigned'), so a tab's total stays one primary-key read and equals
 *   its rows. The triggers of 0003 are re-created with that tab key; 'all', 'lifecycle:<L>', 'assignee:<key>'
 *   and 'assigned' are unchanged. Existing companies' tab counts are rebuilt.
 * Frozen once shipped.
 */
const FINISHED = `('CLOSED', 'CANCELLED')`;

const tab = (row: string) =>
  `case when ${row}.start_at is null then case when ${row}.lifecycle in ${FINISHED} then 'finished:unscheduled' else 'unscheduled' end
        when ${row}.assignee_key is null then case when ${row}.lifecycle in ${FINISHED} then 'finished:unassigned' else 'unassigned' end
        else 'assigned' end`;

const bump = (row: 'new' | 'old', key: string, delta: 1 | -1) =>
  `insert into task_counts (tenant_id, key, n) values (${row}.tenant_id, ${key}, ${delta})
     on conflict (tenant_id, key) do update set n = task_counts.n + ${delta}`;
const keys = (row: 'new' | 'old') => [`'all'`, tab(row), `'lifecycle:' || ${row}.lifecycle`];
const all = (row: 'new' | 'old', delta: 1 | -1) => keys(row).map((k) => bump(row, k, delta));
const assignee = (row: 'new' | 'old', delta: 1 | -1) => bump(row, `'assignee:' || ${row}.assignee_key`, delta);

function triggers(dialect: DialectName): string[] {
  if (dialect === 'sqlite') {
    // Only the three triggers that write the tab key change; the assignee ones stay.
    return [
      `drop trigger tasks_counts_insert`,
      `drop trigger tasks_counts_delete`,
      `drop trigger tasks_counts_update`,
      `create trigger tasks_counts_insert after insert on tasks begin ${all('new', 1).join('; ')}; end`,
      `create trigger tasks_counts_delete after delete on tasks begin ${all('old', -1).join('; ')}; end`,
      `create trigger tasks_counts_update after update of start_at, assignee_key, lifecycle on tasks
        when (old.start_at is null) <> (new.start_at is null) or old.assignee_key is not new.assignee_key or old.lifecycle <> new.lifecycle
        begin ${[...all('old', -1), ...all('new', 1)].join('; ')}; end`,
    ];
  }
  return [
    `create or replace function tasks_counts() returns trigger language plpgsql as $$
    declare
      changed boolean := tg_op <> 'UPDATE' or (old.start_at is null) <> (new.start_at is null)
        or old.assignee_key is distinct from new.assignee_key or old.lifecycle <> new.lifecycle;
      moved boolean := tg_op <> 'UPDATE' or old.assignee_key is distinct from new.assignee_key;
    begin
      if not changed then return null; end if;
      if tg_op <> 'INSERT' then
        ${all('old', -1).join('; ')};
        if moved and old.assignee_key is not null then ${assignee('old', -1)}; end if;
      end if;
      if tg_op <> 'DELETE' then
        ${all('new', 1).join('; ')};
        if moved and new.assignee_key is not null then ${assignee('new', 1)}; end if;
      end if;
      return null;
    end $$`,
  ];
}

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const statements = [
    `drop index tasks_tenant_unscheduled_created`,
    `drop index tasks_tenant_unassigned_created`,
    `create index tasks_tenant_unscheduled_created on tasks (tenant_id, created_at, id)
      where start_at is null and lifecycle not in ${FINISHED}`,
    `create index tasks_tenant_unassigned_created on tasks (tenant_id, created_at, id)
      where start_at is not null and assignee_key is null and lifecycle not in ${FINISHED}`,
    // Statistics for the new indexes alone: without them SQLite's optimize at the next start re-analyzes the
    // whole tasks table from a small sample, and those rougher figures mislead the planner on other lists
    // (a technician's MISSED filter went from 11 to 46 ms p95 at 2M tasks). PostgreSQL plans from the table's.
    ...(dialect === 'sqlite' ? [`analyze tasks_tenant_unscheduled_created`, `analyze tasks_tenant_unassigned_created`] : []),
    ...triggers(dialect),
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
  // Every company's tab counts again, under the new keys: on PostgreSQL the owner lifts row-level security around it.
  const opened = ['tasks', 'task_counts'];
  if (dialect === 'postgres') for (const table of opened) await sql.raw(`alter table ${table} no force row level security`).execute(db);
  await sql.raw(`delete from task_counts where key in ('unscheduled', 'unassigned', 'finished:unscheduled', 'finished:unassigned')`).execute(db);
  await sql
    .raw(
      `insert into task_counts (tenant_id, key, n)
       select tenant_id, tab, count(*) from (select tenant_id, ${tab('tasks')} as tab from tasks) t
       where tab <> 'assigned' group by tenant_id, tab`,
    )
    .execute(db);
  if (dialect === 'postgres') for (const table of opened) await sql.raw(`alter table ${table} force row level security`).execute(db);
}
