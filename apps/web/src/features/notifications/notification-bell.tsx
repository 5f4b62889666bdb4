import { useState } from 'react';
import { Popover } from 'radix-ui';
import { Bell } from 'lucide-react';
import { useNavigate } from '@tanstack/react-router';
import { bellLabel, hasNotificationBell, NOTIFICATION_MESSAGES, notificationLink, unreadBadge } from '@fieldwork/domain/notifications/notifications.rules';
import type { Notification } from '@fieldwork/domain/notifications/notifications.schemas';
import { useSession } from '../../lib/auth-context';
import { cn } from '../../lib/cn';
import { timeAgo } from './notifications.api';
import { useMarkRead, useNotifications } from './use-notifications';

/**
 * The office's bell in the top bar: the unread count on the button, the newest entries in a popover; opening
 * an entry marks it read and goes to its record. Field roles (and staff without office access) have none.
 */
export function NotificationBell() {
  const { user } = useSession();
  return hasNotificationBell(user) ? <BellControl /> : null;
}

function BellControl() {
  const [open, setOpen] = useState(false);
  const query = useNotifications(true);
  const markRead = useMarkRead();
  const navigate = useNavigate();
  const unread = query.data?.unreadCount ?? 0;

  const openEntry = (n: Notification) => {
    if (!n.read) markRead.mutate(n.id);
    setOpen(false);
    void navigate({ to: notificationLink(n.kind, n.recordId) });
  };

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        aria-label={bellLabel(unread)}
        className="relative rounded-md p-2 text-gray-700 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
      >
        <Bell size={18} aria-hidden="true" />
        {unread > 0 ? (
          <span
            aria-hidden="true"
            className="absolute -top-0.5 -right-0.5 min-w-[1.125rem] rounded-full bg-danger px-1 text-center text-[11px] leading-[1.125rem] font-semibold text-white"
          >
            {unreadBadge(unread)}
          </span>
        ) : null}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={6}
          collisionPadding={8}
          aria-label="Notifications"
          className="z-50 flex max-h-[min(32rem,calc(100vh-5rem))] w-[min(24rem,calc(100vw-1rem))] flex-col rounded-md border border-border bg-white shadow-lg focus:outline-none"
        >
          <div className="flex items-center justify-between gap-2 border-b border-border px-3 py-2">
            <h2 className="text-sm font-semibold text-gray-900">Notifications</h2>
            <button
              type="button"
              disabled={unread === 0 || markRead.isPending}
              onClick={() => markRead.mutate('all')}
              className="rounded px-2 py-1 text-xs font-medium text-primary hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-primary disabled:cursor-not-allowed disabled:text-gray-400 disabled:hover:bg-transparent"
            >
              {NOTIFICATION_MESSAGES.markAll}
            </button>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto">
            <BellBody query={query} onOpen={openEntry} />
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

function BellBody({ query, onOpen }: { query: ReturnType<typeof useNotifications>; onOpen: (n: Notification) => void }) {
  if (query.isPending)
    return (
      <p role="status" className="px-3 py-6 text-center text-sm text-muted">
        Loading notifications…
      </p>
    );
  if (query.isError)
    return (
      <div role="alert" className="flex flex-col items-center gap-2 px-3 py-6 text-center text-sm">
        <p className="text-gray-900">{NOTIFICATION_MESSAGES.loadError}</p>
        <button type="button" onClick={() => void query.refetch()} className="rounded px-2 py-1 font-medium text-primary hover:bg-gray-100">
          Try again
        </button>
      </div>
    );
  if (query.data.data.length === 0) return <p className="px-3 py-8 text-center text-sm text-muted">{NOTIFICATION_MESSAGES.empty}</p>;
  return (
    <ul className="divide-y divide-border">
      {query.data.data.map((n) => (
        <li key={n.id}>
          <button
            type="button"
            onClick={() => onOpen(n)}
            className="flex w-full items-start gap-2 px-3 py-2.5 text-left hover:bg-gray-50 focus-visible:bg-gray-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary"
          >
            <span aria-hidden="true" className={cn('mt-1.5 size-2 shrink-0 rounded-full', n.read ? 'bg-transparent' : 'bg-primary')} />
            <span className="min-w-0 flex-1">
              <span className={cn('block text-sm', n.read ? 'text-gray-700' : 'font-medium text-gray-900')}>{n.text}</span>
              <span className="block text-xs text-muted">
                <time dateTime={n.createdAt} title={new Date(n.createdAt).toLocaleString()}>
                  {timeAgo(n.createdAt)}
                </time>
                {n.read ? null : <span className="sr-only">, unread</span>}
              </span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
