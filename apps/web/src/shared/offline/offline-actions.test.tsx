import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onlineManager } from '@tanstack/react-query';
import { ATTENTION_ADVICE } from '@fieldwork/domain/offline/offline-queue.rules';
import { dayIn } from '@fieldwork/domain/time/zoned-day.rules';
import { KEPT_ZONE, keptDayOf, keptMyDayTask } from './kept-day.fixture';
import { makeSession, renderApp } from '../../test-utils';
import { deleteOfflineStore, offlineActions, offlineStore } from '../../lib/offline-store';
import { clockKeys } from '../../features/clock/clock.api';
import { myDayKeys } from '../../features/my-day/my-day.api';
import { taskKeys } from '../../features/tasks/tasks.api';
import { TASK_ID, actions, allowed } from '../tasks/test-fixtures';

const ZONE = KEPT_ZONE;
const today = dayIn(new Date(), ZONE);
const tech = () => makeSession('Technician', 'noAccess');
const scope = { userId: tech().user.id, companyId: tech().company.id };
const CANCELLED = 'This task is closed or cancelled; it can no longer be changed.';

const keptTask = keptMyDayTask(today);
const keptDay = keptDayOf(today, keptTask);

type Sent = { path: string; key: string | undefined; body: Record<string, unknown> };

/** The network: while down every request fails as the browser's fetch does; up, the server answers POSTs as given. */
function network(answer: (path: string) => { status: number; body: unknown } = () => ({ status: 200, body: { data: keptTask } })) {
  const state = { up: false, sent: [] as Sent[] };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (!state.up) throw new TypeError('Failed to fetch');
      const url = new URL(String(input), 'http://localhost');
      if (init?.method === 'POST') {
        const headers = (init.headers ?? {}) as Record<string, string>;
        const file = init.body instanceof FormData ? (init.body.get('file') as File) : null;
        const sentBody = file ? { file: file.name, size: file.size, type: file.type } : (JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>);
        state.sent.push({ path: url.pathname, key: headers['Idempotency-Key'], body: sentBody });
        const { status, body } = answer(url.pathname);
        return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
      }
      const body =
        url.pathname === '/api/tasks/my-day'
          ? { data: keptDay }
          : url.pathname === '/api/tasks/assistants'
            ? { items: [], meta: { total: 0, totalPages: 1, page: 1, limit: 100 } }
            : url.pathname.endsWith('/activities')
              ? { data: [] }
              : url.pathname === `/api/tasks/${TASK_ID}`
                ? { data: keptTask }
                : { data: { items: [] } };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return state;
}

function setOnline(online: boolean, net: { up: boolean }) {
  net.up = online;
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  act(() => {
    onlineManager.setOnline(online);
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

const pill = () => screen.getByLabelText(/^Sync status:/);
const card = () => within(screen.getByRole('list', { name: 'Tasks in order' })).getAllByRole('listitem')[0]!;

async function openMyDayOffline(net: { up: boolean }) {
  await offlineStore(scope).save(myDayKeys.day(today), keptDay, Date.now());
  await offlineStore(scope).save(clockKeys.assistants(keptTask.assignedUser?.userId ?? null, ''), [], Date.now());
  setOnline(false, net);
  renderApp('/workorder/my-day', tech());
  await screen.findByText('Replace valve');
}

beforeEach(() => Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true }));
afterEach(async () => {
  cleanup();
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
  onlineManager.setOnline(true);
  await deleteOfflineStore(scope);
});

describe('work done without signal', { timeout: 20_000 }, () => {
  it('a note and a photo added offline on the task page wait on the phone, then are sent once each with their keys', async () => {
    const net = network(() => ({ status: 201, body: { data: {} } }));
    await offlineStore(scope).save(taskKeys.detail(TASK_ID), { ...keptTask, actions: actions({ addNote: allowed, addPhoto: allowed }) }, Date.now());
    setOnline(false, net);
    renderApp(`/workorder/scheduler/view/${TASK_ID}`, tech());
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'New note' }), 'Gate code 4411');
    await user.click(screen.getByRole('button', { name: 'Add Note' }));
    const kept = await screen.findByRole('list', { name: 'Kept on this phone' });
    expect(within(kept).getByText('Gate code 4411')).toBeTruthy();
    await user.upload(screen.getByLabelText('Add photo'), new File([new Uint8Array([137, 80, 78, 71])], 'meter.png', { type: 'image/png' }));
    await waitFor(() => expect(within(kept).getByText('meter.png')).toBeTruthy());
    expect(within(kept).getAllByText('Waiting to sync')).toHaveLength(2);
    expect(pill().textContent).toBe('Offline — 2 waiting to sync');

    setOnline(true, net);
    await waitFor(async () => expect(await offlineActions(scope).count()).toBe(0));
    expect(net.sent.map((s) => [s.path, s.body])).toEqual([
      [`/api/tasks/${TASK_ID}/notes`, { note: 'Gate code 4411', actedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) }],
      [`/api/tasks/${TASK_ID}/photos`, { file: 'meter.png', size: 4, type: 'image/png' }],
    ]);
    expect(new Set(net.sent.map((s) => s.key)).size).toBe(2);
  });

  it('clock in, clock out and close offline are kept on the phone, shown at once, and sent in order with their own keys and times', async () => {
    const net = network();
    await openMyDayOffline(net);
    const user = userEvent.setup();

    await user.click(within(card()).getByRole('button', { name: 'Clock in' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Clock in' })).getByRole('button', { name: 'Clock in' }));
    expect(await screen.findByText('Saved on this phone')).toBeTruthy();
    await waitFor(() => expect(within(card()).getByText('Clocked In')).toBeTruthy());
    expect(within(card()).getByText('Waiting to sync')).toBeTruthy();
    expect(pill().textContent).toBe('Offline — 1 waiting to sync');

    await user.click(within(card()).getByRole('button', { name: 'Clock out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Clock out' });
    await user.type(within(dialog).getByRole('textbox'), 'Replaced the valve');
    await user.click(within(dialog).getByRole('button', { name: 'Clock out' }));
    await waitFor(() => expect(within(card()).getByText('Clocked Out')).toBeTruthy());
    await user.click(within(card()).getByRole('button', { name: 'Close' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Close task' })).getByRole('button', { name: 'Close Task' }));
    await waitFor(() => expect(within(card()).getByText('Closed')).toBeTruthy());
    expect(pill().textContent).toBe('Offline — 3 waiting to sync');
    const kept = await offlineActions(scope).toArray();
    expect(kept.map((a) => a.kind).sort()).toEqual(['clockIn', 'clockOut', 'close']);
    expect(net.sent).toEqual([]);

    setOnline(true, net);
    await waitFor(() => expect(net.sent.map((s) => s.path)).toEqual(['/api/tasks/clock-in', '/api/tasks/clock-out', '/api/tasks/close']));
    const clockIn = kept.find((a) => a.kind === 'clockIn')!;
    const clockOut = kept.find((a) => a.kind === 'clockOut')!;
    expect(net.sent[0]).toMatchObject({ key: clockIn.id, body: { taskId: TASK_ID, actedAt: clockIn.actedAt } });
    expect(net.sent[1]).toMatchObject({ key: clockOut.id, body: { taskId: TASK_ID, description: 'Replaced the valve', actedAt: clockOut.actedAt } });
    expect(net.sent[1]!.body).not.toHaveProperty('taskActivityId');
    expect(net.sent[2]).toMatchObject({ key: kept.find((a) => a.kind === 'close')!.id, body: { taskId: TASK_ID } });
    await waitFor(async () => expect(await offlineActions(scope).count()).toBe(0));
    await waitFor(() => expect(pill().textContent).toBe('Online'));
  });

  it('a refusal (the office cancelled the task meanwhile) is kept as "Needs your attention" with the reason, until discarded', async () => {
    const net = network(() => ({ status: 409, body: { statusCode: 409, code: 'CONFLICT', message: CANCELLED } }));
    await openMyDayOffline(net);
    const user = userEvent.setup();
    await user.click(within(card()).getByRole('button', { name: 'Clock in' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Clock in' })).getByRole('button', { name: 'Clock in' }));
    await screen.findByText('Saved on this phone');

    setOnline(true, net);
    await waitFor(() => expect(pill().textContent).toBe('1 needs your attention'));
    expect(within(card()).getByText('Needs your attention')).toBeTruthy();
    await user.click(pill());
    const sheet = await screen.findByRole('dialog', { name: 'Work on this phone' });
    expect(within(sheet).getByText(CANCELLED)).toBeTruthy();
    expect(within(sheet).getByText(ATTENTION_ADVICE.conflict)).toBeTruthy();
    expect(await offlineActions(scope).count()).toBe(1);

    await user.click(within(sheet).getByRole('button', { name: 'Discard' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Discard this action?' })).getByRole('button', { name: 'Discard' }));
    await waitFor(async () => expect(await offlineActions(scope).count()).toBe(0));
    await waitFor(() => expect(pill().textContent).toBe('Online'));
  });
});
