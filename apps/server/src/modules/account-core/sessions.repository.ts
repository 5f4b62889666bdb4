import { runInScope, sessionScope, withSecret, type DbScope } from '@fieldwork/db/tenant-scope';
import type { Db } from '@fieldwork/db/connection';
import { dialectOf } from '@fieldwork/db/bulk-insert';
import { prepared } from '@fieldwork/db/prepared-statements';
import { compiledOnce } from '@fieldwork/db/compiled-once';

/** The signed-in user's role, access, status and company zone (the session or token names the company). */
const viewerFactsQuery = compiledOnce((db: Db, tenantId: string, userId: string) =>
  db
    .selectFrom('users')
    .innerJoin('tenants', 'tenants.id', 'users.tenant_id')
    .select(['users.role', 'users.access', 'users.status', 'tenants.time_zone'])
    .modifyFront(prepared)
    .where('users.tenant_id', '=', tenantId)
    .where('users.id', '=', userId),
);

/** In `scope`, the one the rest of the request runs in, so that the request's next statement needs no change of scope. */
async function viewerFacts(db: Db, scope: DbScope, tenantId: string, userId: string) {
  return (await runInScope(scope, () => viewerFactsQuery(db, tenantId, userId)))[0];
}

/** SQLite: the session, its user's facts and the company's zone in one read. */
const sessionWithFactsQuery = compiledOnce((db: Db, idHash: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', (join) => join.onRef('users.id', '=', 'sessions.user_id').onRef('users.tenant_id', '=', 'sessions.tenant_id'))
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
    .where('sessions.id', '=', idHash),
);

const sessionQuery = compiledOnce((db: Db, idHash: string) =>
  db.selectFrom('sessions').select(['id', 'tenant_id', 'user_id', 'last_seen_at', 'expires_at', 'idle_seconds']).modifyFront(prepared).where('id', '=', idHash),
);

/**
 * Sessions and API tokens are found by the hash of their secret, before any company is known: the lookup is
 * opened by that secret alone (row-level security on PostgreSQL), the user's facts then read in its company.
 */
export async function findSessionByHash(db: Db, idHash: string) {
  // Every authenticated request starts here. SQLite has no row-level security, so one joined read does it; on
  // PostgreSQL the policies open the session row by its secret and the user's row only inside its company, so the
  // facts are a second statement in that company's scope.
  if (dialectOf(db) === 'sqlite') return (await sessionWithFactsQuery(db, idHash))[0];
  const [session] = await withSecret({ sessionHash: idHash, anyTenant: true }, () => sessionQuery(db, idHash));
  if (!session) return undefined;
  const facts = await viewerFacts(db, sessionScope(session.tenant_id, idHash), session.tenant_id, session.user_id);
  return facts ? { ...session, ...facts } : undefined;
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

export async function findApiTokenByHash(db: Db, tokenHash: string) {
  const token = await withSecret({ tokenHash }, () =>
    db
      .selectFrom('api_tokens')
      .select(['id', 'tenant_id', 'user_id', 'scope', 'expires_at', 'last_used_at'])
      .where('token_hash', '=', tokenHash)
      .where('revoked_at', 'is', null)
      .executeTakeFirst(),
  );
  if (!token) return undefined;
  const facts = await viewerFacts(db, { tenantId: token.tenant_id }, token.tenant_id, token.user_id);
  return facts ? { ...token, ...facts } : undefined;
}

export async function markApiTokenUsed(db: Db, tokenId: string, now: string): Promise<void> {
  await db.updateTable('api_tokens').set({ last_used_at: now }).where('id', '=', tokenId).execute();
}
