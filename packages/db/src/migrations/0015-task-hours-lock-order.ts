import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../connection.ts';

/**
 * PostgreSQL: the dashboard_task_hours trigger of migration 0011 took its two row locks in the order of the
 * move (the old hour's row, then the new hour's), so two tasks moved the opposite way at the same moment — the
 * dispatcher's everyday swap — locked the same two rows in opposite orders and one was aborted as a deadlock
 * (a 500 to its client; found by the full `npm run bench`, 4 of ~300 moves at 10 connections). The function now
 * writes both shares in one statement, summed per key and sorted, so every transaction locks in the same order
 * and a concurrent one waits instead. SQLite writes one transaction at a time. Frozen once shipped.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  if (dialect !== 'postgres') return;
  const hour = (row: 'old' | 'new') => `to_char(${row}.start_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24')`;
  await sql
    .raw(
      `create or replace function tasks_dashboard() returns trigger language plpgsql as $$
      begin
        insert into dashboard_task_hours (tenant_id, lifecycle, hour, n)
        select tenant_id, lifecycle, hour, sum(n) from (
          select old.tenant_id as tenant_id, old.lifecycle as lifecycle, ${hour('old')} as hour, -1 as n where tg_op in ('UPDATE', 'DELETE') and old.start_at is not null
          union all
          select new.tenant_id, new.lifecycle, ${hour('new')}, 1 where tg_op in ('UPDATE', 'INSERT') and new.start_at is not null
        ) shares group by tenant_id, lifecycle, hour order by tenant_id, lifecycle, hour
        on conflict (tenant_id, lifecycle, hour) do update set n = dashboard_task_hours.n + excluded.n;
        return null;
      end $$`,
    )
    .execute(db);
}
