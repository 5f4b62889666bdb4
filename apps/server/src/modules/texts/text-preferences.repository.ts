import type { Db } from '@fieldwork/db/connection';
import type { TextPreferencesTable } from '@fieldwork/db/schema-texts';

export function findTextPreferencesRow(db: Db, tenantId: string) {
  return db.selectFrom('text_preferences').selectAll().where('tenant_id', '=', tenantId).executeTakeFirst();
}

export async function saveTextPreferencesRow(db: Db, row: TextPreferencesTable): Promise<void> {
  const { tenant_id: _tenant, ...changes } = row;
  await db
    .insertInto('text_preferences')
    .values(row)
    .onConflict((oc) => oc.column('tenant_id').doUpdateSet(changes))
    .execute();
}
