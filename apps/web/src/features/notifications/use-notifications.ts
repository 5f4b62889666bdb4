import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationList } from '@fieldwork/domain/notifications/notifications.schemas';
import { useLiveRecordEvent } from '../../lib/use-live-event';
import { notificationKeys, notificationsApi } from './notifications.api';

/**
 * The caller's bell: the newest entries and the unread count, refetched when a `notification.created` event
 * arrives (the event names only the notification; what this user may see comes from the list itself).
 */
export function useNotifications(enabled: boolean) {
  const qc = useQueryClient();
  const query = useQuery({ queryKey: notificationKeys.list, queryFn: notificationsApi.list, enabled });
  useLiveRecordEvent('notification.created', () => void qc.invalidateQueries({ queryKey: notificationKeys.all }), enabled);
  return query;
}

/** Marks one entry (or all) read, showing it at once and settling on what the server says. */
export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string | 'all') => (id === 'all' ? notificationsApi.readAll() : notificationsApi.read(id)),
    onMutate: async (id) => {
      await qc.cancelQueries({ queryKey: notificationKeys.list });
      const before = qc.getQueryData<NotificationList>(notificationKeys.list);
      if (before) {
        const data = before.data.map((n) => (id === 'all' || n.id === id ? { ...n, read: true } : n));
        const newlyRead = before.data.filter((n) => !n.read && (id === 'all' || n.id === id)).length;
        qc.setQueryData<NotificationList>(notificationKeys.list, {
          ...before,
          data,
          unreadCount: id === 'all' ? 0 : Math.max(0, before.unreadCount - newlyRead),
        });
      }
      return { before };
    },
    onError: (_error, _id, context) => {
      if (context?.before) qc.setQueryData(notificationKeys.list, context.before);
    },
    onSettled: () => void qc.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
