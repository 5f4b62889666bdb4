import type { Db } from '@fieldwork/db/connection';
import type { OneTimeLinksTable } from '@fieldwork/db/schema-messaging';

export type OneTimeLinkRow = OneTimeLinksTable;

export async function insertPasswordReset(trx: Db, tenantId: string, row: Omit<OneTimeLinkRow, 'tenant_id'>): Promise<void> {
  await trx
    .insertInto('password_resets')
    .values({ ...row, tenant_id: tenantId })
    .execute();
}

/** Found by the hash of the token the user holds, before any company is known (row-level security opens it by that hash). */
export function findResetByHash(db: Db, tokenHash: string): Promise<OneTimeLinkRow | undefined> {
  return db.selectFrom('password_resets').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/**
 * Uses this link once: of two requests with it, one updates the row. Every other open link of the same user is
 * used up with it, so an older reset email stops working too.
 */
export async function useReset(trx: Db, tenantId: string, userId: string, id: string, now: string): Promise<boolean> {
  const result = await trx
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  await trx
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
  return true;
}

export async function insertVerification(trx: Db, tenantId: string, row: Omit<OneTimeLinkRow, 'tenant_id'>): Promise<void> {
  await trx
    .insertInto('email_verifications')
    .values({ ...row, tenant_id: tenantId })
    .execute();
}

export function findVerificationByHash(db: Db, tokenHash: string): Promise<OneTimeLinkRow | undefined> {
  return db.selectFrom('email_verifications').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Marks the company verified with this link, once; answers whether this request did it. */
export async function useVerification(trx: Db, tenantId: string, id: string, now: string): Promise<boolean> {
  const result = await trx
    .updateTable('email_verifications')
    .set({ used_at: now })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  await trx.updateTable('tenants').set({ email_verified_at: now }).where('id', '=', tenantId).where('email_verified_at', 'is', null).execute();
  return true;
}
