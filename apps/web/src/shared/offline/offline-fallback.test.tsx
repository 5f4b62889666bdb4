import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, onlineManager } from '@tanstack/react-query';
import { shiftDay } from '@fieldwork/domain/tasks/my-day.schemas';
import { dayIn } from '@fieldwork/domain/time/zoned-day.rules';
import { KEPT_ZONE, keptDayOf, keptMyDayTask } from './kept-day.fixture';
import { makeSession, mockApi, renderApp, route } from '../../test-utils';
import { deleteOfflineStore, offlineStore } from '../../lib/offline-store';
import { SESSION_KEY } from '../../lib/auth-context';
import { keepQueriesOffline } from './kept-queries';
import { formatTime } from '../../lib/format';
import { myDayKeys } from '../../features/my-day/my-day.api';
import { taskKeys } from '../../features/tasks/tasks.api';
import { TASK_ID, task, taskPageReplies } from '../tasks/test-fixtures';

const ZONE = KEPT_ZONE;
const today = dayIn(new Date(), ZONE);
const tech = () => makeSession('Technician', 'noAccess');
const scope = { userId: tech().user.id, companyId: tech().company.id };
const SAVED_AT = Date.parse(`${today}T15:42:00.000Z`);

const keptTask = keptMyDayTask(today);
const keptDay = keptDayOf(today, keptTask);

/** The browser's own idea of the network, as navigator.onLine reports it. */
function setNavigatorOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
}

/** A fetch that never reaches a server, as the browser's fetch fails without a network. */
const unreachable = () =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
  );

const banner = () => screen.findByText(`Offline — last updated ${formatTime(SAVED_AT, ZONE)}`);

beforeEach(() => setNavigatorOnline(true));
afterEach(async () => {
  // The app goes first, so no request of this test resumes (and writes) once the network is back.
  cleanup();
  setNavigatorOnline(true);
  onlineManager.setOnline(true);
  await deleteOfflineStore(scope);
});

describe('reading My day and a task without signal', { timeout: 20_000 }, () => {
  it('shows the kept My day with the banner when the request fails for want of a network', async () => {
    await offlineStore(scope).save(myDayKeys.day(today), keptDay, SAVED_AT);
    setNavigatorOnline(false);
    unreachable();
    renderApp('/workorder/my-day', tech());

    const list = await screen.findByRole('list', { name: 'Tasks in order' });
    expect(within(list).getByText('Replace valve')).toBeTruthy();
    expect(await banner()).toBeTruthy();
    expect(screen.queryByText('Your tasks could not be loaded')).toBeNull();
  });

  it('says Offline in the top bar while it shows kept answers, even when the browser claims to be online', async () => {
    await offlineStore(scope).save(myDayKeys.day(today), keptDay, SAVED_AT);
    unreachable();
    renderApp('/workorder/my-day', tech());
    expect(await banner()).toBeTruthy();
    expect(await screen.findByRole('status', { name: 'Sync status: Offline' })).toBeTruthy();
  });

  it('shows the kept answer when the browser reports offline and the request is never sent', async () => {
    await offlineStore(scope).save(myDayKeys.day(today), keptDay, SAVED_AT);
    const fetchMock = mockApi();
    setNavigatorOnline(false);
    onlineManager.setOnline(false);
    renderApp('/workorder/my-day', tech());

    expect(await screen.findByText('Replace valve')).toBeTruthy();
    expect(await banner()).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([u]) => String(u).includes('/api/tasks/my-day'))).toHaveLength(0);
  });

  it('shows the kept task page with the banner', async () => {
    await offlineStore(scope).save(taskKeys.detail(TASK_ID), task({ name: 'Replace valve' }), SAVED_AT);
    setNavigatorOnline(false);
    unreachable();
    renderApp(`/workorder/scheduler/view/${TASK_ID}`, tech());

    expect(await screen.findByRole('heading', { name: /Task #2001 · Replace valve/ })).toBeTruthy();
    expect(await banner()).toBeTruthy();
  });

  it('keeps what loads online, and its banner goes once the network is back', async () => {
    mockApi(route('GET', '/api/tasks/my-day', { body: { data: keptDay } }));
    renderApp('/workorder/my-day', tech());
    await screen.findByText('Replace valve');
    await waitFor(async () => expect((await offlineStore(scope).read(myDayKeys.day(today)))?.data).toEqual(keptDay));
    expect(screen.queryByText(/^Offline — last updated/)).toBeNull();

    // Offline: the answer on screen is what was kept, and says when it was saved.
    act(() => {
      setNavigatorOnline(false);
      window.dispatchEvent(new Event('offline'));
    });
    expect(await screen.findByText(/^Offline — last updated/)).toBeTruthy();
    act(() => {
      setNavigatorOnline(true);
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(screen.queryByText(/^Offline — last updated/)).toBeNull());
  });

  it('shows the server’s 404 online, not the kept task', async () => {
    await offlineStore(scope).save(taskKeys.detail(TASK_ID), task({ name: 'Kept valve' }), SAVED_AT);
    mockApi(route('GET', `/api/tasks/${TASK_ID}`, { status: 404, body: { statusCode: 404, code: 'NOT_FOUND', message: 'Task not found' } }));
    renderApp(`/workorder/scheduler/view/${TASK_ID}`, tech());

    expect(await screen.findByText('It may have been removed, or it belongs to someone else.')).toBeTruthy();
    expect(screen.queryByText(/Kept valve/)).toBeNull();
    expect(screen.queryByText(/^Offline — last updated/)).toBeNull();
  });

  it('shows the server’s 500 on My day, not the kept day', async () => {
    await offlineStore(scope).save(myDayKeys.day(today), keptDay, SAVED_AT);
    mockApi(route('GET', '/api/tasks/my-day', { status: 500, body: { statusCode: 500, code: 'INTERNAL', message: 'Something went wrong! Please try again' } }));
    renderApp('/workorder/my-day', tech());

    expect(await screen.findByText('Your tasks could not be loaded')).toBeTruthy();
    expect(screen.queryByText('Replace valve')).toBeNull();
  });

  it('says the server cannot be reached, not "No tasks today", when the browser is offline and nothing was kept', async () => {
    mockApi();
    setNavigatorOnline(false);
    onlineManager.setOnline(false);
    renderApp('/workorder/my-day', tech());
    expect(await screen.findByText('Your tasks could not be loaded')).toBeTruthy();
    expect(screen.queryByText('No tasks today')).toBeNull();
  });

  it('shows the usual error when nothing was kept', async () => {
    setNavigatorOnline(false);
    unreachable();
    renderApp('/workorder/my-day', tech());
    expect(await screen.findByText('Your tasks could not be loaded')).toBeTruthy();
    expect(screen.queryByText(/^Offline — last updated/)).toBeNull();
  });

  it('keeps the task page of every task on My day, opened or not', async () => {
    mockApi(route('GET', '/api/tasks/my-day', { body: { data: keptDay } }), ...taskPageReplies({ name: 'Replace valve' }));
    renderApp('/workorder/my-day', tech());
    await waitFor(async () => expect((await offlineStore(scope).read(taskKeys.detail(TASK_ID)))?.data).toMatchObject({ name: 'Replace valve' }));
    await waitFor(async () => expect(await offlineStore(scope).read(taskKeys.activities(TASK_ID))).toBeDefined());
    expect(await offlineStore(scope).read(myDayKeys.day(shiftDay(today, 1)))).toBeDefined();
  });

  it('shows the kept answer from the first failed try, not after the retry (the browser may think it is online)', async () => {
    await offlineStore(scope).save(myDayKeys.day(today), keptDay, SAVED_AT);
    unreachable();
    // As the app's client: one retry of a network failure, here a minute away.
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1, retryDelay: 60_000 } } });
    queryClient.setQueryData(SESSION_KEY, tech());
    const stop = keepQueriesOffline(queryClient);
    void queryClient.prefetchQuery({ queryKey: myDayKeys.day(today), queryFn: () => Promise.reject(new TypeError('Failed to fetch')) });
    await waitFor(() => expect(queryClient.getQueryData(myDayKeys.day(today))).toEqual(keptDay));
    expect(queryClient.getQueryState(myDayKeys.day(today))?.fetchStatus).toBe('fetching');
    stop();
    queryClient.clear();
  });
});
