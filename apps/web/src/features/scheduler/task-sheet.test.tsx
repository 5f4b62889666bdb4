import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import type { TaskListItem } from '@fieldwork/domain/tasks/tasks.schemas';
import { mockApi, route, testQueryClient } from '../../test-utils';
import { JOB_ID } from '../../shared/jobs/test-fixtures';
import { TASK_ID, TECH_ID, actions, taskItem, tasksPage } from '../../shared/tasks/test-fixtures';
import { TASK_DRAG_TYPE, isDragging } from './drag-state';
import { TaskSheet, type TaskSheetProps } from './task-sheet';
import { toDraggedTask } from './task-sheet-card';

const ZONE = 'America/New_York';

/** The sheet inside a bare router (its cards hold Links) and a fresh query client. */
function renderSheet(props: Partial<TaskSheetProps> = {}) {
  const onAssign = vi.fn<(task: TaskListItem) => void>();
  const onClose = vi.fn();
  const root = createRootRoute({
    component: () => (
      <main>
        <h1>Board</h1>
        <TaskSheet kind="unscheduled" open onClose={onClose} timeZone={ZONE} onAssign={onAssign} canDrag {...props} />
      </main>
    ),
  });
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/workorder/scheduler/calendar'] }) });
  render(
    <QueryClientProvider client={testQueryClient()}>
      {/* A bare tree, not the app's registered one: the cards' links only need to build their hrefs. */}
      <RouterProvider router={router as never} />
    </QueryClientProvider>,
  );
  return { onAssign, onClose, user: userEvent.setup() };
}

const listCalls = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls
    .map(([u]) => new URL(String(u), 'http://x'))
    .filter((u) => u.pathname === '/api/tasks')
    .map((u) => u.searchParams);

const unscheduled = taskItem({ assignedTo: 'NONE', assignedUser: null, taskScheduler: null, createdAt: '2026-11-21T16:00:00.000Z' });

describe('TaskSheet', () => {
  it('lists the tab as cards: number, name, Created On, job link, customer, schedule, View Task', async () => {
    const fetchMock = mockApi(route('GET', '/api/tasks', { body: tasksPage([unscheduled], 1, 1, 15) }));
    renderSheet();
    expect(await screen.findByRole('complementary', { name: 'Unscheduled Tasks' })).toBeTruthy();
    const card = within(await screen.findByRole('article', { name: 'Task #2001' }));
    expect(card.getByText('Replace valve')).toBeTruthy();
    expect(card.getByText('Created On 21st Nov')).toBeTruthy();
    expect(card.getByRole('link', { name: 'Job #1042' }).getAttribute('href')).toBe(`/workorder/jobs/${JOB_ID}`);
    expect(card.getByRole('link', { name: 'View Task' }).getAttribute('href')).toBe(`/workorder/scheduler/view/${TASK_ID}`);
    expect(card.getByText('Northwind Plumbing')).toBeTruthy();
    expect(card.getByText('Unscheduled')).toBeTruthy();
    const q = listCalls(fetchMock).at(-1)!;
    expect(Object.fromEntries(q)).toMatchObject({ assignedStatus: 'UNSCHEDULED', page: '1', limit: '15', orderByKey: 'createdAt', orderByValue: 'desc' });
    expect(q.has('search')).toBe(false);
  });

  it('offers no Assign on a task the viewer may not edit (view-only users)', async () => {
    const readOnly = taskItem({ ...unscheduled, actions: actions() });
    mockApi(route('GET', '/api/tasks', { body: tasksPage([readOnly], 1, 1, 15) }));
    renderSheet();
    const card = within(await screen.findByRole('article', { name: 'Task #2001' }));
    expect(card.getByRole('link', { name: 'View Task' })).toBeTruthy();
    expect(card.queryByRole('button', { name: 'Assign' })).toBeNull();
  });

  it('shows an unassigned task with its schedule, under its own title and tab', async () => {
    const fetchMock = mockApi(route('GET', '/api/tasks', { body: tasksPage([taskItem({ assignedTo: 'NONE', assignedUser: null })]) }));
    renderSheet({ kind: 'unassigned' });
    const card = within(await screen.findByRole('article', { name: 'Task #2001' }));
    expect(screen.getByRole('heading', { name: /Unassigned Tasks/ })).toBeTruthy();
    expect(card.getByText('25 Nov, 9:00 AM - 25 Nov, 11:00 AM')).toBeTruthy();
    expect(listCalls(fetchMock).at(-1)!.get('assignedStatus')).toBe('UNASSIGNED');
  });

  it('asks only for open tasks of the tab (closed and cancelled are never offered), and offers no Assign or drag on one that slips through', async () => {
    const cancelled = taskItem({
      id: 'c-1',
      taskNumber: 2002,
      status: 'CANCELLED',
      displayStatus: 'Cancelled',
      assignedTo: 'NONE',
      assignedUser: null,
      taskScheduler: null,
    });
    const fetchMock = mockApi(route('GET', '/api/tasks', { body: tasksPage([unscheduled, cancelled]) }));
    renderSheet();
    const open = within(await screen.findByRole('article', { name: 'Task #2001' }));
    const done = screen.getByRole('article', { name: 'Task #2002' });
    expect(open.getByRole('button', { name: 'Assign' })).toBeTruthy();
    expect(within(done).queryByRole('button', { name: 'Assign' })).toBeNull();
    expect(done.getAttribute('draggable')).toBeNull();
    expect(listCalls(fetchMock).at(-1)!.getAll('status[]')).toEqual(['UNSCHEDULED']);
  });

  it('sends the search once typing pauses, with searchBy any, and says when nothing matches', async () => {
    const fetchMock = mockApi(route('GET', '/api/tasks', { body: tasksPage([]) }));
    const { user } = renderSheet();
    expect(await screen.findByText('You have no data yet')).toBeTruthy();
    await user.type(screen.getByRole('searchbox', { name: 'Search by task number, name or job number' }), 'J-77');
    await waitFor(() => expect(listCalls(fetchMock).at(-1)!.get('search')).toBe('J-77'));
    const searched = listCalls(fetchMock).filter((q) => q.has('search'));
    expect(searched.map((q) => q.get('search'))).toEqual(['J-77']);
    expect(searched[0]!.get('searchBy')).toBe('any');
    expect(await screen.findByText('No results found')).toBeTruthy();
  });

  it('sorts by created date, newest or oldest first', async () => {
    const fetchMock = mockApi(route('GET', '/api/tasks', { body: tasksPage([unscheduled]) }));
    const { user } = renderSheet();
    await screen.findByRole('article', { name: 'Task #2001' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by created date' }), 'Oldest first');
    await waitFor(() => expect(listCalls(fetchMock).at(-1)!.get('orderByValue')).toBe('asc'));
  });

  it('loads the next page on demand', async () => {
    const fetchMock = mockApi((url) =>
      url.pathname === '/api/tasks'
        ? {
            body: tasksPage(
              [taskItem({ id: `id-${url.searchParams.get('page')}`, taskNumber: 3000 + Number(url.searchParams.get('page')) })],
              Number(url.searchParams.get('page')),
              30,
              15,
            ),
          }
        : undefined,
    );
    const { user } = renderSheet();
    await screen.findByRole('article', { name: 'Task #3001' });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('article', { name: 'Task #3002' })).toBeTruthy();
    expect(listCalls(fetchMock).at(-1)!.get('page')).toBe('2');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('shows an error with a retry', async () => {
    let fail = true;
    mockApi((url) =>
      url.pathname === '/api/tasks'
        ? fail
          ? { status: 500, body: { statusCode: 500, code: 'INTERNAL', message: 'Boom' } }
          : { body: tasksPage([unscheduled]) }
        : undefined,
    );
    const { user } = renderSheet();
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Task #2001' })).toBeTruthy();
  });

  it('Assign hands the task to the page; close and Escape close the sheet', async () => {
    mockApi(route('GET', '/api/tasks', { body: tasksPage([unscheduled]) }));
    const { user, onAssign, onClose } = renderSheet();
    const card = within(await screen.findByRole('article', { name: 'Task #2001' }));
    await user.click(card.getByRole('button', { name: 'Assign' }));
    expect(onAssign).toHaveBeenCalledWith(unscheduled);
    await user.click(screen.getByRole('button', { name: 'Close Unscheduled Tasks' }));
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('drags a card as a DraggedTask under TASK_DRAG_TYPE, and marks the drag for the board', async () => {
    const scheduled = taskItem({
      taskScheduler: { id: 's1', startDateTime: '2026-11-25T14:00:00.000Z', expectedEndDateTime: '2026-11-25T15:30:00.000Z', endDateTime: null, version: 4 },
    });
    mockApi(route('GET', '/api/tasks', { body: tasksPage([scheduled]) }));
    renderSheet({ kind: 'unassigned' });
    const card = await screen.findByRole('article', { name: 'Task #2001' });
    expect(card.getAttribute('draggable')).toBe('true');
    expect(card.getAttribute('data-sheet-task-id')).toBe(TASK_ID);
    const dataTransfer = { setData: vi.fn(), effectAllowed: 'all' };
    act(() => void fireEvent.dragStart(card, { dataTransfer }));
    const json = dataTransfer.setData.mock.calls.find(([type]) => type === TASK_DRAG_TYPE)?.[1] as string;
    expect(JSON.parse(json)).toEqual({
      taskId: TASK_ID,
      taskNumber: 2001,
      name: 'Replace valve',
      scheduleId: 's1',
      scheduleVersion: 4,
      durationMinutes: 90,
      assignee: { id: TECH_ID, type: 'TECHNICIAN' },
    });
    expect(dataTransfer.effectAllowed).toBe('move');
    expect(isDragging()).toBe(true);
    act(() => void fireEvent.dragEnd(card));
    expect(isDragging()).toBe(false);
  });

  it('carries nulls for an unscheduled, unassigned task', () => {
    expect(toDraggedTask(unscheduled)).toEqual({
      taskId: TASK_ID,
      taskNumber: 2001,
      name: 'Replace valve',
      scheduleId: null,
      scheduleVersion: null,
      durationMinutes: null,
      assignee: null,
    });
  });

  it('is not draggable without tasks.write', async () => {
    mockApi(route('GET', '/api/tasks', { body: tasksPage([unscheduled]) }));
    renderSheet({ canDrag: false });
    const card = await screen.findByRole('article', { name: 'Task #2001' });
    expect(card.getAttribute('draggable')).toBeNull();
  });

  it('renders nothing when closed', async () => {
    const fetchMock = mockApi();
    renderSheet({ open: false });
    await screen.findByRole('heading', { name: 'Board' });
    expect(screen.queryByRole('complementary')).toBeNull();
    expect(listCalls(fetchMock)).toHaveLength(0);
  });
});
