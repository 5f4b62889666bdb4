import type { Db } from '@fieldwork/db/connection';
import type { Insertable } from 'kysely';
import type { ServicePlansTable } from '@fieldwork/db/schema-plans';
import type { TasksTable } from '@fieldwork/db/schema-tasks';

export async function insertPlan(db: Db, row: Insertable<ServicePlansTable>): Promise<void> {
  await db.insertInto('service_plans').values(row).execute();
}

export function findPlanRow(db: Db, tenantId: string, planId: string) {
  return db
    .selectFrom('service_plans as p')
    .innerJoin('tenants as co', 'co.id', 'p.tenant_id')
    .selectAll('p')
    .select('co.time_zone')
    .where('p.tenant_id', '=', tenantId)
    .where('p.id', '=', planId)
    .executeTakeFirst();
}
export type PlanRow = NonNullable<Awaited<ReturnType<typeof findPlanRow>>>;

/** The occurrences (local dates) of the plan that already have a visit, between two local dates inclusive. */
export async function visitOccurrences(db: Db, tenantId: string, planId: string, fromDate: string, toDate: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('tasks')
    .select('plan_occurrence')
    .where('tenant_id', '=', tenantId)
    .where('plan_id', '=', planId)
    .where('plan_occurrence', '>=', fromDate)
    .where('plan_occurrence', '<=', toDate)
    .execute();
  return new Set(rows.map((r) => r.plan_occurrence!));
}

/** Visits of the plan still to come (not cancelled): what the cap on visits ahead counts. */
export async function countVisitsAhead(db: Db, tenantId: string, planId: string, now: string): Promise<number> {
  const row = await db
    .selectFrom('tasks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('plan_id', '=', planId)
    .where('lifecycle', '<>', 'CANCELLED')
    .where('start_at', '>=', now)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * A generated visit, unless the plan already has one for this occurrence (the unique index decides, also
 * against another process generating at the same moment). True when this call inserted it.
 */
export async function insertPlanVisit(
  db: Db,
  row: Insertable<TasksTable> & { plan_id: string; plan_occurrence: string; plan_attention: string | null },
): Promise<boolean> {
  const inserted = await db
    .insertInto('tasks')
    .values(row)
    .onConflict((oc) => oc.columns(['tenant_id', 'plan_id', 'plan_occurrence']).where('plan_id', 'is not', null).doNothing())
    .returning('id')
    .executeTakeFirst();
  return !!inserted;
}

/** Moves the plan's generated-through day forward only (two generators never move it back). */
export async function advanceGeneratedThrough(db: Db, tenantId: string, planId: string, day: string, at: string): Promise<void> {
  await db
    .updateTable('service_plans')
    .set({ generated_through: day, updated_at: at })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', planId)
    .where((eb) => eb.or([eb('generated_through', 'is', null), eb('generated_through', '<', day)]))
    .execute();
}
