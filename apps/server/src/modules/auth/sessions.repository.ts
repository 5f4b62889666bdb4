import type { Db } from '@fieldwork/db/connection';

/** Sessions and API tokens are found by the hash of their secret, before any tenant is known. */
export function findSessionByHash(db: Db, idHash: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .innerJoin('tenants', 'tenants.id', 'sessions.tenant_id')
    .select([
      'sessions.id',
      'sessions.tenant_id',
      'sessions.user_id',
      'sessions.last_seen_at',
      'sessions.expires_at',
      'sessions.idle_seconds',
      'users.role',
      'users.access',
      'users.status',
      'tenants.time_zone',
    ])
    .where('sessions.id', '=', idHash)
    .executeTakeFirst();
}

export async function insertSession(
  db: Db,
  tenantId: string,
  row: { id: string; userId: string; now: string; expiresAt: string; idleSeconds: number; userAgent: string | null; ip: string | null },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      id: row.id,
      tenant_id: tenantId,
      user_id: row.userId,
      created_at: row.now,
      last_seen_at: row.now,
      expires_at: row.expiresAt,
      idle_seconds: row.idleSeconds,
      user_agent: row.userAgent,
      ip: row.ip,
    })
    .execute();
}

export async function touchSession(db: Db, idHash: string, now: string): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', idHash).execute();
}

export async function deleteSession(db: Db, idHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', idHash).execute();
}

export async function deleteUserSessions(db: Db, tenantId: string, userId: string, exceptIdHash?: string): Promise<number> {
  let query = db.deleteFrom('sessions').where('tenant_id', '=', tenantId).where('user_id', '=', userId);
  if (exceptIdHash) query = query.where('id', '!=', exceptIdHash);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

export function findApiTokenByHash(db: Db, tokenHash: string) {
  return db
    .selectFrom('api_tokens')
    .innerJoin('users', 'users.id', 'api_tokens.user_id')
    .innerJoin('tenants', 'tenants.id', 'api_tokens.tenant_id')
    .select([
      'api_tokens.id',
      'api_tokens.tenant_id',
      'api_tokens.user_id',
      'api_tokens.last_used_at',
      'users.role',
      'users.access',
      'users.status',
      'tenants.time_zone',
    ])
    .where('api_tokens.token_hash', '=', tokenHash)
    .where('api_tokens.revoked_at', 'is', null)
    .executeTakeFirst();
}

export async function markApiTokenUsed(db: Db, tokenId: string, now: string): Promise<void> {
  await db.updateTable('api_tokens').set({ last_used_at: now }).where('id', '=', tokenId).execute();
}
