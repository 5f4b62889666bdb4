import type { Updateable } from 'kysely';
import type { Db } from '@fieldwork/db/connection';
import type { Database } from '@fieldwork/db/schema';

/**
 * Estimate writes that only estimates have: status moves, delete, the claim of a conversion. Each is one
 * conditional statement on the state the domain's tables allow, so of two racing changes one lands and the
 * other finds no row (its caller answers 409).
 */
type EstimateUpdate = Omit<Updateable<Database['estimates']>, 'id' | 'tenant_id' | 'version' | 'updated_at'>;

/** Conditions a status move re-checks on the row: its stored status, and where asked, not converted / a deposit due. */
export type EstimateGuard = { from: readonly string[]; unconverted?: boolean; depositDue?: boolean };

export async function setEstimateStatusIf(trx: Db, tenantId: string, id: string, guard: EstimateGuard, set: EstimateUpdate, at: string): Promise<boolean> {
  let query = trx
    .updateTable('estimates')
    .set((eb) => ({ ...set, updated_at: at, version: eb('version', '+', 1) }))
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('status', 'in', guard.from);
  if (guard.unconverted) query = query.where('converted_invoice_id', 'is', null);
  if (guard.depositDue) query = query.where('deposit_required', '=', 1).where('deposit_cents', '>', 0);
  return Number((await query.executeTakeFirst()).numUpdatedRows) === 1;
}

/** Deletes an estimate still in one of the statuses and never converted. */
export async function deleteEstimateIf(trx: Db, tenantId: string, id: string, from: readonly string[]): Promise<boolean> {
  const result = await trx
    .deleteFrom('estimates')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('status', 'in', from)
    .where('converted_invoice_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Estimates of the company in one stored status (the jobs summary's approved count: one index range). */
export async function countEstimatesInStatus(db: Db, tenantId: string, status: string): Promise<number> {
  const row = await db
    .selectFrom('estimates')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('status', '=', status)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
