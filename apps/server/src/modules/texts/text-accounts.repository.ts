import type { Db } from '@fieldwork/db/connection';
import type { TextAccountsTable } from '@fieldwork/db/schema-texts';

export function findTextAccount(db: Db, tenantId: string) {
  return db.selectFrom('text_accounts').selectAll().where('tenant_id', '=', tenantId).executeTakeFirst();
}

export async function saveTextAccount(db: Db, row: TextAccountsTable): Promise<void> {
  const { tenant_id: _tenant, connected_at: _connected, ...changes } = row;
  await db
    .insertInto('text_accounts')
    .values(row)
    .onConflict((oc) => oc.column('tenant_id').doUpdateSet(changes))
    .execute();
}

export async function deleteTextAccount(db: Db, tenantId: string): Promise<void> {
  await db.deleteFrom('text_accounts').where('tenant_id', '=', tenantId).execute();
}
