import { z } from 'zod';
import { uuidField } from '../common/common.schemas.ts';
import { NOTIFICATION_KINDS } from './notifications.rules.ts';

export const NOTIFICATION_PAGE_MAX = 50;

export const notificationListQuery = z.strictObject({
  limit: z.coerce
    .number({ error: 'limit must be a number.' })
    .int({ error: 'limit must be a whole number.' })
    .min(1, { error: 'limit must be at least 1.' })
    .max(NOTIFICATION_PAGE_MAX, { error: `limit must be at most ${NOTIFICATION_PAGE_MAX}.` })
    .default(20),
  /** The `nextCursor` of the previous page: entries older than its last one. */
  before: z.string().max(200, { error: 'before must be a cursor from the previous page.' }).optional(),
});
export type NotificationListQuery = z.infer<typeof notificationListQuery>;

export const notificationSchema = z.object({
  id: uuidField('Id'),
  kind: z.enum(NOTIFICATION_KINDS),
  recordId: z.string(),
  text: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({
  data: z.array(notificationSchema),
  unreadCount: z.number().int(),
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;
