import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../connection.ts';

/**
 * service_plans.yearly_value_cents: the plan's yearly value as of its last save or daily run (the domain's
 * yearlyValue), so the dashboard's recurring revenue is one sum in SQL — worked out per plan on every request it
 * took 540 ms at 10,000 active plans. Null for plans saved before this column: they are worked out on the fly until
 * their next daily run.
 *
 * A plan's visits by time. Every plan query that asks "its visits from this instant on" (visits ahead of the cap,
 * the next visit of each plan on the list, un-started visits to push back or release) had only
 * tasks_tenant_start (tenant_id, start_at) to go by on SQLite, which walks every future task of the company per
 * plan: generating 1,000 plans ran at 745 visits/s and 3,000 at 474/s, falling as the company's tasks grew. With the
 * plan in the index the walk is the plan's own visits. Frozen once shipped.
 */
export async function up(db: Kysely<unknown>, _dialect: DialectName): Promise<void> {
  await sql`create index tasks_plan_start on tasks (tenant_id, plan_id, start_at) where plan_id is not null`.execute(db);
  await sql`alter table service_plans add column yearly_value_cents integer`.execute(db);
}
