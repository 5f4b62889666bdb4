import type { Db } from '@fieldwork/db/connection';
import type { NotificationsTable } from '@fieldwork/db/schema-notifications';

export type NotificationEntryRow = NotificationsTable & { read_at: string | null };
export type StaffRow = { id: string; role: string; access: string };

export function activeStaff(trx: Db, tenantId: string): Promise<StaffRow[]> {
  return trx.selectFrom('users').select(['id', 'role', 'access']).where('tenant_id', '=', tenantId).where('status', '=', 'ACTIVE').execute();
}

export async function insertNotification(trx: Db, tenantId: string, row: Omit<NotificationsTable, 'tenant_id'>, userIds: string[]): Promise<void> {
  await trx
    .insertInto('notifications')
    .values({ ...row, tenant_id: tenantId })
    .execute();
  if (userIds.length === 0) return;
  await trx
    .insertInto('notification_recipients')
    .values(userIds.map((user_id) => ({ tenant_id: tenantId, notification_id: row.id, user_id, kind: row.kind, created_at: row.created_at, read_at: null })))
    .execute();
}

export type Cursor = { createdAt: string; id: string };

/** One user's entries of the given kinds, newest first, older than the cursor when one is given. */
export function listForUser(db: Db, tenantId: string, userId: string, kinds: string[], limit: number, before: Cursor | null): Promise<NotificationEntryRow[]> {
  let q = db
    .selectFrom('notification_recipients as r')
    .innerJoin('notifications as n', 'n.id', 'r.notification_id')
    .selectAll('n')
    .select('r.read_at')
    .where('r.tenant_id', '=', tenantId)
    .where('r.user_id', '=', userId)
    .where('r.kind', 'in', kinds);
  if (before)
    q = q.where((eb) =>
      eb.or([eb('r.created_at', '<', before.createdAt), eb.and([eb('r.created_at', '=', before.createdAt), eb('r.notification_id', '<', before.id)])]),
    );
  return q.orderBy('r.created_at', 'desc').orderBy('r.notification_id', 'desc').limit(limit).execute();
}

export async function countUnread(db: Db, tenantId: string, userId: string, kinds: string[]): Promise<number> {
  const row = await db
    .selectFrom('notification_recipients')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .where('kind', 'in', kinds)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function findForUser(db: Db, tenantId: string, userId: string, id: string, kinds: string[]): Promise<{ read_at: string | null } | undefined> {
  return db
    .selectFrom('notification_recipients')
    .select('read_at')
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('notification_id', '=', id)
    .where('kind', 'in', kinds)
    .executeTakeFirst();
}

/** Marks read what is still unread, so the first reading keeps its time. */
export async function markRead(db: Db, tenantId: string, userId: string, at: string, kinds: string[], id?: string): Promise<void> {
  let q = db
    .updateTable('notification_recipients')
    .set({ read_at: at })
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .where('kind', 'in', kinds);
  if (id) q = q.where('notification_id', '=', id);
  await q.execute();
}
