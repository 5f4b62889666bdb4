import { withSecret } from '@fieldwork/db/tenant-scope';
import type { Db } from '@fieldwork/db/connection';
import type { InvitationsTable } from '@fieldwork/db/schema';
import { containsText, paging } from '@fieldwork/db/sql-helpers';
import type { InvitedListQuery } from '@fieldwork/domain/access/users.schemas';

export type InvitationRow = InvitationsTable & { inviter_name: string };

function withInviter(db: Db) {
  return db.selectFrom('invitations').innerJoin('users', 'users.id', 'invitations.invited_by').selectAll('invitations').select('users.name as inviter_name');
}

export function findInvitation(db: Db, tenantId: string, id: string): Promise<InvitationRow | undefined> {
  return withInviter(db).where('invitations.tenant_id', '=', tenantId).where('invitations.id', '=', id).executeTakeFirst();
}

/** Before sign-in: opened by the token's hash alone under row-level security. */
export function findInvitationByTokenHash(db: Db, tokenHash: string) {
  return withSecret({ invitationHash: tokenHash }, () =>
    db
      .selectFrom('invitations')
      .innerJoin('tenants', 'tenants.id', 'invitations.tenant_id')
      .selectAll('invitations')
      .select('tenants.name as company_name')
      .where('invitations.token_hash', '=', tokenHash)
      .executeTakeFirst(),
  );
}

export async function insertInvitation(
  db: Db,
  tenantId: string,
  row: Omit<InvitationsTable, 'tenant_id' | 'accepted_at' | 'accepted_user_id' | 'revoked_at'>,
): Promise<void> {
  await db
    .insertInto('invitations')
    .values({ ...row, tenant_id: tenantId, accepted_at: null, accepted_user_id: null, revoked_at: null })
    .execute();
}

export async function revokePendingFor(db: Db, tenantId: string, email: string, now: string): Promise<void> {
  await db
    .updateTable('invitations')
    .set({ revoked_at: now })
    .where('tenant_id', '=', tenantId)
    .where('email', '=', email)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeInvitationRow(db: Db, tenantId: string, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('invitations')
    .set({ revoked_at: now })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Claims the invitation for one acceptance only: the losing side of a double submit updates nothing. */
export async function markAccepted(db: Db, tenantId: string, id: string, userId: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('invitations')
    .set({ accepted_at: now, accepted_user_id: userId })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function listInvitations(db: Db, tenantId: string, q: InvitedListQuery, now: string) {
  let base = db.selectFrom('invitations').innerJoin('users', 'users.id', 'invitations.invited_by').where('invitations.tenant_id', '=', tenantId);
  if (q.search) base = base.where(containsText('invitations.email', q.search));
  if (q.invitedBy) base = base.where('invitations.invited_by', '=', q.invitedBy);
  if (q.invitedOnStartDate) base = base.where('invitations.created_at', '>=', new Date(q.invitedOnStartDate).toISOString());
  if (q.invitedOnEndDate) base = base.where('invitations.created_at', '<=', new Date(q.invitedOnEndDate).toISOString());
  if (q.status === 'ACCEPTED') base = base.where('invitations.accepted_at', 'is not', null);
  if (q.status === 'REVOKED') base = base.where('invitations.revoked_at', 'is not', null);
  if (q.status === 'PENDING' || q.status === 'EXPIRED') {
    base = base
      .where('invitations.accepted_at', 'is', null)
      .where('invitations.revoked_at', 'is', null)
      .where('invitations.expires_at', q.status === 'PENDING' ? '>' : '<=', now);
  }
  const { limit, offset } = paging(q.page, q.limit);
  const [rows, count] = await Promise.all([
    base
      .selectAll('invitations')
      .select('users.name as inviter_name')
      .orderBy('invitations.created_at', q.orderByValue)
      .orderBy('invitations.id')
      .limit(limit)
      .offset(offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as InvitationRow[], total: Number(count.n) };
}
