import type { Db } from '@fieldwork/db/connection';
import type { PaymentCheckoutsTable } from '@fieldwork/db/schema-payments';

/** The session an idempotency key already made: a double click or a retried request gets the same page. */
export function findCheckoutByKey(db: Db, tenantId: string, key: string) {
  return db.selectFrom('payment_checkouts').selectAll().where('tenant_id', '=', tenantId).where('idempotency_key', '=', key).executeTakeFirst();
}

export function findCheckout(db: Db, tenantId: string, provider: string, providerSessionId: string) {
  return db
    .selectFrom('payment_checkouts')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('provider', '=', provider)
    .where('provider_session_id', '=', providerSessionId)
    .executeTakeFirst();
}

/** Two racing requests with one key: the first row stays, the second changes nothing. */
export async function insertCheckout(db: Db, row: PaymentCheckoutsTable): Promise<void> {
  await db
    .insertInto('payment_checkouts')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function completeCheckout(trx: Db, tenantId: string, provider: string, providerSessionId: string): Promise<void> {
  await trx
    .updateTable('payment_checkouts')
    .set({ status: 'complete' })
    .where('tenant_id', '=', tenantId)
    .where('provider', '=', provider)
    .where('provider_session_id', '=', providerSessionId)
    .execute();
}
