import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Notification, NotificationList } from '@fieldwork/domain/notifications/notifications.schemas';
import { FakeEventSource, makeSession, mockApi, renderApp, route } from '../../test-utils';
import { timeAgo } from './notifications.api';

const EST = '00000000-0000-4000-8000-0000000000e1';
const entry = (over: Partial<Notification> = {}): Notification => ({
  id: '00000000-0000-4000-8000-0000000000a1',
  kind: 'estimate.approved',
  recordId: EST,
  text: 'Estimate #12 approved by Casey Client',
  createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  read: false,
  ...over,
});
const listOf = (data: Notification[], unreadCount = data.filter((n) => !n.read).length): NotificationList => ({ data, unreadCount, nextCursor: null });

/** Serves GET /api/notifications from `state.list` and records the read calls. */
function serve(state: { list: NotificationList }) {
  const reads: string[] = [];
  const fetchMock = mockApi((url, init) => {
    const method = init?.method ?? 'GET';
    if (method === 'GET' && url.pathname === '/api/notifications') return { body: state.list };
    if (url.pathname === '/api/leads') return { body: { data: [], pagination: { totalItems: 0, totalPages: 0, currentPage: 1, itemsPerPage: 10 } } };
    if (method === 'POST' && url.pathname.startsWith('/api/notifications/')) {
      reads.push(url.pathname);
      return { status: 204 };
    }
    return undefined;
  });
  return { reads, fetchMock };
}

describe('the notification bell', { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    FakeEventSource.all = [];
  });

  it('shows the unread count in its name and badge and lists entries with their time and unread mark', async () => {
    const older = new Date(Date.now() - 3 * 3_600_000).toISOString();
    const paid = entry({
      id: '00000000-0000-4000-8000-0000000000a2',
      text: 'Invoice #7 paid online: $12.34',
      kind: 'invoice.paid',
      read: true,
      createdAt: older,
    });
    const state = { list: listOf([entry(), paid], 3) };
    serve(state);
    renderApp('/leads', makeSession('Admin', 'fullAccess'));
    const bell = await screen.findByRole('button', { name: 'Notifications, 3 unread' });
    expect(bell.textContent).toBe('3');
    fireEvent.click(bell);
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(within(panel).getByText('Estimate #12 approved by Casey Client')).toBeTruthy();
    expect(within(panel).getByText('Invoice #7 paid online: $12.34')).toBeTruthy();
    expect(within(panel).getByText('5 minutes ago')).toBeTruthy();
    expect(within(panel).getByText('3 hours ago')).toBeTruthy();
    expect(within(panel).getAllByText(', unread')).toHaveLength(1);
  });

  it('caps the badge at 99+', async () => {
    serve({ list: listOf([entry()], 250) });
    renderApp('/leads', makeSession('Admin', 'fullAccess'));
    const bell = await screen.findByRole('button', { name: 'Notifications, 99+ unread' });
    expect(bell.textContent).toBe('99+');
  });

  it('clicking an entry marks it read and opens its record', async () => {
    const state = { list: listOf([entry()]) };
    const { reads } = serve(state);
    const { router } = renderApp('/leads', makeSession('Staff', 'onlyViewAccess'));
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    state.list = listOf([entry({ read: true })]);
    fireEvent.click(await screen.findByRole('button', { name: /Estimate #12 approved/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/workorder/estimates/${EST}`));
    expect(reads).toEqual([`/api/notifications/${entry().id}/read`]);
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeTruthy();
  });

  it('"Mark all as read" clears the count and is then disabled', async () => {
    const state = { list: listOf([entry()]) };
    const { reads } = serve(state);
    renderApp('/leads', makeSession('Admin', 'fullAccess'));
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    state.list = listOf([entry({ read: true })]);
    fireEvent.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeTruthy();
    expect(reads).toEqual(['/api/notifications/read-all']);
    expect((screen.getByRole('button', { name: 'Mark all as read' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says when there is nothing', async () => {
    serve({ list: listOf([]) });
    renderApp('/leads', makeSession('Admin', 'fullAccess'));
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('No notifications yet.')).toBeTruthy();
  });

  it('shows an error with a retry when the list fails', async () => {
    mockApi(
      route('GET', '/api/notifications', { status: 500, body: { statusCode: 500, code: 'INTERNAL', message: 'x' } }),
      route('GET', '/api/leads', { body: { data: [], pagination: { totalItems: 0, totalPages: 0, currentPage: 1, itemsPerPage: 10 } } }),
    );
    renderApp('/leads', makeSession('Admin', 'fullAccess'));
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('Notifications could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('refetches the count and list when a notification.created event arrives', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const state = { list: listOf([]) };
    serve(state);
    renderApp('/leads', makeSession('Admin', 'fullAccess'));
    await screen.findByRole('button', { name: 'Notifications' });
    await waitFor(() => expect(FakeEventSource.listening('notification.created')).toBeDefined());
    state.list = listOf([entry()]);
    act(() =>
      FakeEventSource.listening('notification.created')!.emit('notification.created', {
        type: 'notification.created',
        recordId: entry().id,
        taskId: null,
        jobId: null,
        taskNumber: null,
        at: '',
      }),
    );
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeTruthy();
  });

  it('is not there for technicians, subcontractors or staff without access, who neither fetch nor listen', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    for (const [role, access] of [
      ['Technician', 'noAccess'],
      ['SubContractor', 'noAccess'],
      ['Staff', 'noAccess'],
    ] as const) {
      const fetchMock = mockApi();
      const { unmount } = renderApp('/settings/user-profile', makeSession(role, access));
      await screen.findByRole('button', { name: /account menu|user menu/i }).catch(() => undefined);
      expect(screen.queryByRole('button', { name: /^Notifications/ })).toBeNull();
      expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/api/notifications'))).toBe(false);
      expect(FakeEventSource.listening('notification.created')).toBeUndefined();
      unmount();
    }
  });
});

describe('timeAgo', () => {
  it('says how long ago in the largest whole unit', () => {
    const now = Date.parse('2026-11-27T12:00:00Z');
    expect(timeAgo('2026-11-27T11:59:40Z', now)).toBe('just now');
    expect(timeAgo('2026-11-27T11:55:00Z', now)).toBe('5 minutes ago');
    expect(timeAgo('2026-11-27T09:00:00Z', now)).toBe('3 hours ago');
    expect(timeAgo('2026-11-26T12:00:00Z', now)).toBe('yesterday');
  });
});
