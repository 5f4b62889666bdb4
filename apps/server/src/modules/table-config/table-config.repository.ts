import type { Db } from '@fieldwork/db/connection';

export async function findTableConfig(db: Db, tenantId: string, userId: string, type: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('table_configs')
    .select('config')
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('type', '=', type)
    .executeTakeFirst();
  return row?.config;
}

/** One row per (user, table): saving again replaces it. */
export async function upsertTableConfig(db: Db, tenantId: string, userId: string, type: string, config: string, now: string): Promise<void> {
  await db
    .insertInto('table_configs')
    .values({ tenant_id: tenantId, user_id: userId, type, config, updated_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'type']).doUpdateSet({ config, updated_at: now }))
    .execute();
}
