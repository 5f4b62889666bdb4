import { sql } from 'kysely';
import type { Db } from './connection.ts';

/**
 * The next human number (job, lead, estimate, invoice…) of a tenant, taken in the caller's transaction:
 * one atomic upsert, so parallel creates never share a number; UNIQUE(tenant_id, number) backs it up.
 */
export async function nextNumber(db: Db, tenantId: string, name: string, start = 1001): Promise<number> {
  const row = await db
    .insertInto('tenant_counters')
    .values({ tenant_id: tenantId, name, value: start })
    .onConflict((oc) => oc.columns(['tenant_id', 'name']).doUpdateSet({ value: sql<number>`tenant_counters.value + 1` }))
    .returning('value')
    .executeTakeFirstOrThrow();
  return Number(row.value);
}
