import type { NotificationList } from '@fieldwork/domain/notifications/notifications.schemas';
import { api } from '../../lib/api-client';

export const notificationKeys = {
  all: ['notifications'] as const,
  list: ['notifications', 'list'] as const,
};

export const BELL_PAGE_SIZE = 20;

export const notificationsApi = {
  list: () => api.get<NotificationList>('/notifications', { query: { limit: BELL_PAGE_SIZE } }),
  read: (id: string) => api.post<void>(`/notifications/${encodeURIComponent(id)}/read`),
  readAll: () => api.post<void>('/notifications/read-all'),
};

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];
const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** "just now", "5 minutes ago", "yesterday": how long ago something happened, in the largest whole unit. */
export function timeAgo(iso: string, now = Date.now()): string {
  const seconds = Math.round((now - Date.parse(iso)) / 1000);
  if (seconds < 45) return 'just now';
  for (const [unit, size] of UNITS) if (seconds >= size) return relative.format(-Math.floor(seconds / size), unit);
  return relative.format(-1, 'minute');
}
