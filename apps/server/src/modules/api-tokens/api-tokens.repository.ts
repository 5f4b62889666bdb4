import type { Db } from '@fieldwork/db/connection';
import type { ApiTokensTable } from '@fieldwork/db/schema';

export type ApiTokenRow = ApiTokensTable;

export function listActiveTokens(db: Db, tenantId: string, userId: string): Promise<ApiTokenRow[]> {
  return db
    .selectFrom('api_tokens')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

export async function insertApiToken(db: Db, tenantId: string, row: Omit<ApiTokenRow, 'tenant_id'>): Promise<void> {
  await db
    .insertInto('api_tokens')
    .values({ ...row, tenant_id: tenantId })
    .execute();
}

/** Only the owner's own, still-active token; false otherwise, so a stranger's id reads as missing. */
export async function revokeApiToken(db: Db, tenantId: string, userId: string, tokenId: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('api_tokens')
    .set({ revoked_at: now })
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('id', '=', tokenId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
