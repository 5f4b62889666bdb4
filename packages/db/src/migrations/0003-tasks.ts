import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../connection.ts';

/**
 * Tasks and their work time. Frozen once shipped.
 *
 * The schedule lives on the task row (schedule_id is its stable public id, null while unscheduled), so a
 * task list never joins a schedule table. `assignee_key` is the technician's user id or the subcontractor's
 * id — one column the scheduling migration's exclusion constraint and the "assigned to me" index share.
 * An assignee needs a start, so the task list's tabs partition the rows: no start (unscheduled), a start but
 * no assignee (unassigned), both (assigned). Job and customer ids are copied onto the task so every list
 * filter is one index range.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const ts = dialect === 'postgres' ? 'timestamptz' : 'text';
  const count = 'integer not null default 0';
  const statements = [
    `create table tasks (id text primary key, tenant_id text not null references tenants(id), task_number integer not null,
      task_number_text text not null, name text not null, description text,
      job_id text not null references jobs(id), customer_id text not null references customers(id),
      lifecycle text not null check (lifecycle in ('OPEN', 'CLOCKED_IN', 'CLOCKED_OUT', 'CLOSED', 'CANCELLED')),
      assigned_to text not null check (assigned_to in ('TECHNICIAN', 'SUBCONTRACTOR', 'NONE')),
      assigned_user_id text references users(id), assigned_subcontractor_id text references subcontractors(id),
      assignee_key text,
      schedule_id text unique, start_at ${ts}, expected_end_at ${ts}, end_at ${ts}, schedule_version integer not null default 0,
      estimate_count ${count}, estimate_received_count ${count}, invoice_count ${count}, invoice_received_count ${count},
      created_by text references users(id), created_at ${ts} not null, updated_at ${ts} not null, closed_at ${ts},
      version integer not null default 1,
      unique (tenant_id, task_number),
      check ((assigned_to = 'TECHNICIAN') = (assigned_user_id is not null)),
      check ((assigned_to = 'SUBCONTRACTOR') = (assigned_subcontractor_id is not null)),
      check ((assigned_to = 'NONE') = (assignee_key is null)),
      check (assignee_key is null or start_at is not null),
      check ((schedule_id is null) = (start_at is null)),
      check (expected_end_at is null or (start_at is not null and expected_end_at >= start_at)))`,
    `create index tasks_tenant_created on tasks (tenant_id, created_at, id)`,
    // Assignee indexes hold assigned rows only: with the NULLs in, SQLite estimates "assignee_key IS NULL" as
    // one assignee's share of rows and walks every unassigned and unscheduled task for the Unassigned tab
    // instead of taking its partial index.
    `create index tasks_tenant_assignee_created on tasks (tenant_id, assignee_key, created_at, id) where assignee_key is not null`,
    `create index tasks_tenant_assigned_created on tasks (tenant_id, created_at, id, assignee_key) where assignee_key is not null`,
    `create index tasks_tenant_unscheduled_created on tasks (tenant_id, created_at, id) where start_at is null`,
    `create index tasks_tenant_unassigned_created on tasks (tenant_id, created_at, id) where start_at is not null and assignee_key is null`,
    `create index tasks_tenant_number_text on tasks (tenant_id, task_number_text)`,
    `create index tasks_tenant_name on tasks (tenant_id, name, id)`,
    `create index tasks_tenant_start on tasks (tenant_id, start_at, id)`,
    // One assignee's schedule by time (the scheduler, clash checks) and, with the end and lifecycle carried, a
    // technician's derived-status counts without a row lookup.
    `create index tasks_tenant_assignee_start on tasks (tenant_id, assignee_key, start_at, expected_end_at, lifecycle) where assignee_key is not null`,
    `create index tasks_tenant_job on tasks (tenant_id, job_id, created_at)`,
    `create index tasks_tenant_customer on tasks (tenant_id, customer_id, created_at)`,
    // Covers the derived-status ranges (MISSED: open, assigned, started, expected end passed) so the overdue
    // count of the job summary reads index entries only.
    `create index tasks_tenant_lifecycle_end on tasks (tenant_id, lifecycle, expected_end_at, start_at, assignee_key)`,
    // A status-filtered list in creation order (the list's default) walks this index and tests the status
    // range on its own columns, then looks up only the page's rows.
    `create index tasks_tenant_lifecycle_created on tasks (tenant_id, lifecycle, created_at, id, expected_end_at, start_at, assignee_key)`,
    // Time actually worked on a task: clock-in/out periods, and the period recorded when an unclocked task is
    // closed. user_id is null for a subcontractor without a login.
    `create table task_activities (id text primary key, tenant_id text not null references tenants(id),
      task_id text not null references tasks(id) on delete cascade, job_id text not null references jobs(id),
      user_id text references users(id), start_time ${ts} not null, end_time ${ts}, description text,
      created_at ${ts} not null, check (end_time is null or end_time >= start_time))`,
    `create index task_activities_tenant_task on task_activities (tenant_id, task_id, start_time)`,
    `create index task_activities_tenant_user on task_activities (tenant_id, user_id, start_time)`,
    `create index activity_log_tenant_entity on activity_log (tenant_id, entity_type, entity_id, created_at)`,
    // Task totals per tenant and key, kept by triggers, so the list's meta.total for a whole tab never counts
    // millions of rows: 'all', the tab ('unscheduled' | 'unassigned' | 'assigned'), 'lifecycle:<L>' and
    // 'assignee:<key>'.
    `create table task_counts (tenant_id text not null references tenants(id), key text not null, n integer not null,
      primary key (tenant_id, key))`,
  ];
  for (const statement of [...statements, ...taskCountTriggers(dialect)]) await sql.raw(statement).execute(db);
}

function taskCountTriggers(dialect: DialectName): string[] {
  const tab = (row: 'new' | 'old') =>
    `case when ${row}.start_at is null then 'unscheduled' when ${row}.assignee_key is null then 'unassigned' else 'assigned' end`;
  const bump = (row: 'new' | 'old', key: string, delta: 1 | -1) =>
    `insert into task_counts (tenant_id, key, n) values (${row}.tenant_id, ${key}, ${delta})
       on conflict (tenant_id, key) do update set n = task_counts.n + ${delta}`;
  const keys = (row: 'new' | 'old') => [`'all'`, tab(row), `'lifecycle:' || ${row}.lifecycle`];
  const all = (row: 'new' | 'old', delta: 1 | -1) => keys(row).map((k) => bump(row, k, delta));
  const assignee = (row: 'new' | 'old', delta: 1 | -1) => bump(row, `'assignee:' || ${row}.assignee_key`, delta);
  if (dialect === 'sqlite') {
    return [
      `create trigger tasks_counts_insert after insert on tasks begin ${all('new', 1).join('; ')}; end`,
      `create trigger tasks_counts_insert_assignee after insert on tasks when new.assignee_key is not null begin ${assignee('new', 1)}; end`,
      `create trigger tasks_counts_delete after delete on tasks begin ${all('old', -1).join('; ')}; end`,
      `create trigger tasks_counts_delete_assignee after delete on tasks when old.assignee_key is not null begin ${assignee('old', -1)}; end`,
      `create trigger tasks_counts_update after update of start_at, assignee_key, lifecycle on tasks
        when (old.start_at is null) <> (new.start_at is null) or old.assignee_key is not new.assignee_key or old.lifecycle <> new.lifecycle
        begin ${[...all('old', -1), ...all('new', 1)].join('; ')}; end`,
      `create trigger tasks_counts_update_old_assignee after update of assignee_key on tasks
        when old.assignee_key is not new.assignee_key and old.assignee_key is not null begin ${assignee('old', -1)}; end`,
      `create trigger tasks_counts_update_new_assignee after update of assignee_key on tasks
        when old.assignee_key is not new.assignee_key and new.assignee_key is not null begin ${assignee('new', 1)}; end`,
    ];
  }
  return [
    `create function tasks_counts() returns trigger language plpgsql as $$
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
    `create trigger tasks_counts after insert or delete or update of start_at, assignee_key, lifecycle on tasks for each row execute function tasks_counts()`,
  ];
}
