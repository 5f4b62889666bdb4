import { randomUUID } from 'node:crypto';
import type { Db } from '@fieldwork/db/connection';
import { afterCommit } from '@fieldwork/db/transactions';
import { can, type AccessLevel, type Viewer } from '@fieldwork/domain/access/roles.rules';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import {
  NOTIFICATION_KINDS,
  NOTIFICATION_RULES,
  notificationText,
  visibleNotificationKinds,
  type NotificationKind,
  type NotificationParams,
} from '@fieldwork/domain/notifications/notifications.rules';
import type { Notification, NotificationList, NotificationListQuery } from '@fieldwork/domain/notifications/notifications.schemas';
import {
  activeStaff,
  countUnread,
  findForUser,
  insertNotification,
  listForUser,
  markRead,
  type Cursor,
  type NotificationEntryRow,
} from './notifications.repository.ts';

export type NewNotification = { kind: NotificationKind; recordId: string; params: NotificationParams };

/**
 * Tells the office about something that happened, inside the transaction `trx` that made it happen: the
 * notification and one unread row for every active office user who may read its record commit (or roll back)
 * with the change itself, and the bell's live event goes out only once they committed.
 */
export async function recordNotification(trx: Db, tenantId: string, input: NewNotification): Promise<string> {
  const id = randomUUID();
  const at = new Date().toISOString();
  const staff = await activeStaff(trx, tenantId);
  const permission = NOTIFICATION_RULES[input.kind].permission;
  const recipients = staff.filter(
    (u) => can({ role: u.role, access: u.access as AccessLevel }, 'notifications.read') && can({ role: u.role, access: u.access as AccessLevel }, permission),
  );
  await insertNotification(
    trx,
    tenantId,
    { id, kind: input.kind, record_id: input.recordId, params: JSON.stringify(input.params), created_at: at },
    recipients.map((u) => u.id),
  );
  await afterCommit(trx, tenantId, { type: 'notification.created', recordId: id, assigneeKeys: [], at });
  return id;
}

const encodeCursor = (c: Cursor) => Buffer.from(`${c.createdAt}|${c.id}`).toString('base64url');

function decodeCursor(value: string): Cursor {
  const [createdAt, id, ...rest] = Buffer.from(value, 'base64url').toString('utf8').split('|');
  if (!createdAt || !id || rest.length > 0 || Number.isNaN(Date.parse(createdAt)))
    throw new AppError('VALIDATION_FAILED', 'before must be a cursor from the previous page.');
  return { createdAt, id };
}

const isKind = (kind: string): kind is NotificationKind => (NOTIFICATION_KINDS as readonly string[]).includes(kind);

function present(row: NotificationEntryRow): Notification | null {
  if (!isKind(row.kind)) return null;
  let params: NotificationParams = {};
  try {
    params = JSON.parse(row.params) as NotificationParams;
  } catch {
    // a row that cannot be read still shows its kind's text without figures
  }
  return {
    id: row.id,
    kind: row.kind,
    recordId: row.record_id,
    text: notificationText(row.kind, params),
    createdAt: new Date(row.created_at).toISOString(),
    read: row.read_at !== null,
  };
}

export async function listNotifications(db: Db, viewer: Viewer, query: NotificationListQuery): Promise<NotificationList> {
  const kinds = visibleNotificationKinds(viewer);
  const before = query.before ? decodeCursor(query.before) : null;
  const rows = await listForUser(db, viewer.tenantId, viewer.userId, kinds, query.limit + 1, before);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    data: page.map(present).filter((n): n is Notification => n !== null),
    unreadCount: await countUnread(db, viewer.tenantId, viewer.userId, kinds),
    nextCursor: rows.length > query.limit && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null,
  };
}

/** Only the caller's own row changes; a notification they were not told about (or another company's) is a 404. */
export async function readNotification(db: Db, viewer: Viewer, id: string): Promise<void> {
  const kinds = visibleNotificationKinds(viewer);
  if (!(await findForUser(db, viewer.tenantId, viewer.userId, id, kinds))) throw new AppError('NOT_FOUND');
  await markRead(db, viewer.tenantId, viewer.userId, new Date().toISOString(), kinds, id);
}

export async function readAllNotifications(db: Db, viewer: Viewer): Promise<void> {
  await markRead(db, viewer.tenantId, viewer.userId, new Date().toISOString(), visibleNotificationKinds(viewer));
}
