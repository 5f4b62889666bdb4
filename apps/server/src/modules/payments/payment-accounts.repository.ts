import type { Db } from '@fieldwork/db/connection';
import type { PaymentAccountsTable } from '@fieldwork/db/schema-payments';

/** A company's Stripe connection (its secrets sealed). */
export function findPaymentAccount(db: Db, tenantId: string) {
  return db.selectFrom('payment_accounts').selectAll().where('tenant_id', '=', tenantId).executeTakeFirst();
}

export async function savePaymentAccount(db: Db, row: PaymentAccountsTable): Promise<void> {
  const { tenant_id: _tenant, connected_at: _connected, ...changes } = row;
  await db
    .insertInto('payment_accounts')
    .values(row)
    .onConflict((oc) => oc.column('tenant_id').doUpdateSet(changes))
    .execute();
}

export async function deletePaymentAccount(db: Db, tenantId: string): Promise<void> {
  await db.deleteFrom('payment_accounts').where('tenant_id', '=', tenantId).execute();
}
