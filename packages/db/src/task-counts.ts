import { sql } from 'kysely';
import type { Db } from './connection.ts';

/**
 * Rebuilds a tenant's task_counts rows from its tasks, with the keys the 0003 triggers keep ('all', the tab,
 * 'lifecycle:<L>', 'assignee:<key>'): one grouped pass after a bulk load that ran with the triggers off.
 */
export async function recountTaskCounts(db: Db, tenantId: string): Promise<void> {
  await db.deleteFrom('task_counts').where('tenant_id', '=', tenantId).execute();
  await sql`
    insert into task_counts (tenant_id, key, n)
    select ${tenantId}, key, count(*) from (
      select 'all' as key from tasks where tenant_id = ${tenantId}
      union all
      select case when start_at is null then 'unscheduled' when assignee_key is null then 'unassigned' else 'assigned' end from tasks where tenant_id = ${tenantId}
      union all
      select 'lifecycle:' || lifecycle from tasks where tenant_id = ${tenantId}
      union all
      select 'assignee:' || assignee_key from tasks where tenant_id = ${tenantId} and assignee_key is not null
    ) keys group by key`.execute(db);
}
