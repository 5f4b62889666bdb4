import { sql } from 'kysely';
import { WORK_QUEUE_EXCLUDED_LIFECYCLES } from '@fieldwork/domain/scheduling/scheduling.rules';
import { dialectOf } from './bulk-insert.ts';
import type { Db } from './connection.ts';

/**
 * Rebuilds a tenant's task_counts rows from its tasks, with the keys the triggers keep ('all', the tab,
 * 'lifecycle:<L>', 'assignee:<key>'): one grouped pass after a bulk load that ran with the triggers off. The
 * tab keys 'unscheduled' and 'unassigned' count work-queue tasks only; a closed or cancelled one counts under
 * 'finished:<tab>' (migration 0022).
 */
export async function recountTaskCounts(db: Db, tenantId: string): Promise<void> {
  const finished = sql.join(WORK_QUEUE_EXCLUDED_LIFECYCLES.map((l) => sql.lit(l)));
  await db.deleteFrom('task_counts').where('tenant_id', '=', tenantId).execute();
  await sql`
    insert into task_counts (tenant_id, key, n)
    select ${tenantId}, key, count(*) from (
      select 'all' as key from tasks where tenant_id = ${tenantId}
      union all
      select case when start_at is not null and assignee_key is not null then 'assigned'
                  else (case when lifecycle in (${finished}) then 'finished:' else '' end) || (case when start_at is null then 'unscheduled' else 'unassigned' end) end
        from tasks where tenant_id = ${tenantId}
      union all
      select 'lifecycle:' || lifecycle from tasks where tenant_id = ${tenantId}
      union all
      select 'assignee:' || assignee_key from tasks where tenant_id = ${tenantId} and assignee_key is not null
    ) keys group by key`.execute(db);
  await recountTaskDueCounts(db, tenantId);
}

/**
 * Rebuilds a tenant's task_due_counts (migration 0032) the way its triggers keep them: open, assigned, scheduled
 * tasks per 'end:<UTC day of expected end>', or 'start:<UTC day of start>' when they have no expected end.
 */
async function recountTaskDueCounts(db: Db, tenantId: string): Promise<void> {
  const day = (column: string) =>
    dialectOf(db) === 'sqlite' ? sql`substr(${sql.ref(column)}, 1, 10)` : sql`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD')`;
  await db.deleteFrom('task_due_counts').where('tenant_id', '=', tenantId).execute();
  await sql`
    insert into task_due_counts (tenant_id, key, n)
    select ${tenantId}, key, count(*) from (
      select case when expected_end_at is null then 'start:' || ${day('start_at')} else 'end:' || ${day('expected_end_at')} end as key
        from tasks where tenant_id = ${tenantId} and lifecycle = 'OPEN' and assignee_key is not null and start_at is not null
    ) keys group by key`.execute(db);
}
