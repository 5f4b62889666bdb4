import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TASK_MESSAGES } from '@fieldwork/domain/tasks/tasks.schemas';
import { makeSession, mockApi, renderApp, route } from '../../test-utils';
import { CLOSE_TASK_CHECK, closeDefaults, validateClose } from '../../shared/tasks/close-task-dialog';
import { TASK_ID, actions, allowed, refused, task, taskPageReplies } from '../../shared/tasks/test-fixtures';

const URL_ = `/workorder/scheduler/view/${TASK_ID}`;
const bar = async () => within(await screen.findByRole('toolbar', { name: 'Task actions' }));
const sent = (fetchMock: ReturnType<typeof mockApi>, path: string, method: string) =>
  fetchMock.mock.calls.filter(([u, init]) => String(u) === path && init?.method === method).map(([, init]) => JSON.parse(String(init?.body)) as unknown);

const work = [
  {
    id: 'w1',
    startTime: '2026-11-20T14:00:00.000Z',
    endTime: '2026-11-20T15:30:05.000Z',
    description: 'Replaced the valve',
    user: { userId: 'u', username: 'Tom Technician' },
    vehicle: { id: 'v1', name: 'Van 3' },
    assistants: [{ userId: 'a1', name: 'Ann Assistant' }],
  },
];

describe('task page', { timeout: 20_000 }, () => {
  it('shows the header, the Customer & Location panel, the schedule and the count sections', async () => {
    mockApi(...taskPageReplies({ requester: { id: 'r', name: 'Rita Requester' }, buildingUnit: { id: 'b', buildingUnit: 'Unit 5' }, invoiceCount: 2 }));
    renderApp(URL_, makeSession('Admin', 'fullAccess'));
    expect(await screen.findByRole('heading', { name: /Task #2001 · Replace valve/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Job #1042 · Boiler service' })).toBeTruthy();
    expect(screen.getByText('Customer & Location')).toBeTruthy();
    for (const text of ['Northwind Plumbing', '12 Harbor St, Boston, MA 02110', 'Unit 5', 'Rita Requester', 'Swap the leaking valve.', '2h 0m'])
      expect(screen.getAllByText(text).length).toBeGreaterThan(0);
    expect(document.getElementById('invoice-table')?.textContent).toContain('2');
    expect(document.getElementById('quotation-requested-table')).toBeTruthy();
    expect(screen.queryByText('This task is unscheduled')).toBeNull();
  });

  it('says "This task is unscheduled" for a task with no schedule', async () => {
    mockApi(...taskPageReplies({ status: 'UNSCHEDULED', taskScheduler: null, assignedTo: 'NONE', assignedUser: null }));
    renderApp(URL_, makeSession('Admin', 'fullAccess'));
    expect(await screen.findByText('This task is unscheduled')).toBeTruthy();
  });

  it('shows "Task not found" for a missing task', async () => {
    mockApi(route('GET', `/api/tasks/${TASK_ID}`, { status: 404, body: { statusCode: 404, code: 'NOT_FOUND', message: 'Task not found' } }));
    renderApp(URL_, makeSession('Technician', 'noAccess'));
    expect(await screen.findByText('Task not found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to tasks' })).toBeTruthy();
  });

  it('shows exactly the actions the API allows, disabled with the reason when refused', async () => {
    mockApi(...taskPageReplies({ actions: actions({ close: allowed, reopen: refused('Only a task that starts today can be reopened.'), edit: allowed }) }));
    renderApp(URL_, makeSession('Admin', 'fullAccess'));
    const b = await bar();
    expect(b.getByRole('button', { name: 'Close' })).toBeTruthy();
    const reopen = b.getByRole('button', { name: 'Reopen' }) as HTMLButtonElement;
    expect(reopen.disabled).toBe(true);
    expect(reopen.title).toBe('Only a task that starts today can be reopened.');
    expect(b.getByRole('link', { name: 'Edit' })).toBeTruthy();
    expect(b.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('has no action bar when the viewer may do nothing', async () => {
    mockApi(...taskPageReplies({ actions: actions() }));
    renderApp(URL_, makeSession('Staff', 'onlyViewAccess'));
    await screen.findByRole('heading', { name: /Task #2001/ });
    expect(screen.queryByRole('toolbar', { name: 'Task actions' })).toBeNull();
  });

  it('shows the total time spent and the work time entries', async () => {
    mockApi(...taskPageReplies({ status: 'CLOCKED_OUT', actions: actions({ elapsedTime: allowed }) }, work));
    renderApp(URL_, makeSession('Admin', 'fullAccess'));
    expect(await (await bar()).findByText('1h 30m 5s')).toBeTruthy();
    expect(screen.getByText(/Total Time Spent/)).toBeTruthy();
    const log = within(await screen.findByRole('list', { name: 'Work time entries' }));
    for (const text of ['Replaced the valve', 'Van 3', 'Ann Assistant', /Tom Technician/, '1h 30m']) expect(log.getByText(text)).toBeTruthy();
  });

  it('says so in the time box when a work period has invalid dates', async () => {
    mockApi(...taskPageReplies({ status: 'CLOCKED_OUT', actions: actions({ elapsedTime: allowed }) }, [{ ...work[0]!, startTime: 'not a date' }]));
    renderApp(URL_, makeSession('Admin', 'fullAccess'));
    expect(await (await bar()).findByText('Error: Invalid date strings')).toBeTruthy();
  });

  it('deletes after the confirmation', async () => {
    const fetchMock = mockApi(...taskPageReplies({ actions: actions({ cancel: allowed }) }), route('PATCH', `/api/tasks/${TASK_ID}`, { body: { data: null } }));
    renderApp(URL_, makeSession('Admin', 'fullAccess'));
    const user = userEvent.setup();
    await user.click((await bar()).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete task?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Successfully deleted task')).toBeTruthy();
    expect(sent(fetchMock, `/api/tasks/${TASK_ID}`, 'PATCH')).toEqual([{ isCancelled: true }]);
  });

  it('reopens after the confirmation, and says so when it fails', async () => {
    const fetchMock = mockApi(
      ...taskPageReplies({ status: 'CLOSED', actions: actions({ reopen: allowed }) }),
      route('PATCH', `/api/tasks/${TASK_ID}`, { status: 500, body: { statusCode: 500, code: 'INTERNAL', message: 'x' } }),
    );
    renderApp(URL_, makeSession('Admin', 'fullAccess'));
    const user = userEvent.setup();
    await user.click((await bar()).getByRole('button', { name: 'Reopen' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Reopen task?' })).getByRole('button', { name: 'Reopen' }));
    expect(await screen.findByText('Something went wrong! Please try again')).toBeTruthy();
    expect(sent(fetchMock, `/api/tasks/${TASK_ID}`, 'PATCH')).toEqual([{ isTaskReopen: true }]);
  });

  it('toasts "Successfully re-opened task"', async () => {
    mockApi(...taskPageReplies({ status: 'CLOSED', actions: actions({ reopen: allowed }) }), route('PATCH', `/api/tasks/${TASK_ID}`, { body: { data: null } }));
    renderApp(URL_, makeSession('Admin', 'fullAccess'));
    const user = userEvent.setup();
    await user.click((await bar()).getByRole('button', { name: 'Reopen' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Reopen task?' })).getByRole('button', { name: 'Reopen' }));
    expect(await screen.findByText('Successfully re-opened task')).toBeTruthy();
  });
});

describe('close-task dialog', { timeout: 20_000 }, () => {
  const openDialog = async (
    overrides: Parameters<typeof task>[0],
    reply = route('POST', '/api/tasks/close', { body: { data: task({ status: 'CLOSED' }) } }),
  ) => {
    const fetchMock = mockApi(
      ...taskPageReplies({ actions: actions({ close: allowed }), ...overrides }, overrides?.status === 'CLOCKED_OUT' ? work : []),
      reply,
    );
    renderApp(URL_, makeSession('Admin', 'fullAccess'));
    const user = userEvent.setup();
    await user.click((await bar()).getByRole('button', { name: 'Close' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Close task' }));
    return { fetchMock, user, dialog };
  };

  it('lets an OPEN task edit its start, shows the checked read-only checkbox and closes', async () => {
    const { fetchMock, user, dialog } = await openDialog({
      status: 'OPEN',
      taskScheduler: { id: 's', startDateTime: '2026-11-20T14:00:00.000Z', expectedEndDateTime: '2026-11-20T16:00:00.000Z', endDateTime: null },
    });
    const start = dialog.getByLabelText(/Start/) as HTMLInputElement;
    expect(start.disabled).toBe(false);
    expect(start.value).toBe('2026-11-20T09:00');
    expect((dialog.getByLabelText(/End/) as HTMLInputElement).value).toBe('2026-11-20T11:00');
    const check = dialog.getByRole('checkbox', { name: CLOSE_TASK_CHECK });
    expect(check.getAttribute('aria-checked')).toBe('true');
    expect((check as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(start, { target: { value: '2026-11-20T08:30' } });
    await user.click(dialog.getByRole('button', { name: 'Close Task' }));
    expect(await screen.findByText('Closed task successfully')).toBeTruthy();
    expect(sent(fetchMock, '/api/tasks/close', 'POST')).toEqual([
      { taskId: TASK_ID, startDateTime: '2026-11-20T13:30:00.000Z', endDateTime: '2026-11-20T16:00:00.000Z' },
    ]);
  });

  it('keeps the start fixed once work began, from the recorded time', async () => {
    const { dialog } = await openDialog({ status: 'CLOCKED_OUT', lifecycle: 'CLOCKED_OUT' });
    const start = dialog.getByLabelText(/Start/) as HTMLInputElement;
    expect(start.disabled).toBe(true);
    expect(start.value).toBe('2026-11-20T09:00');
    expect((dialog.getByLabelText(/End/) as HTMLInputElement).value).toBe('2026-11-20T10:30');
  });

  it('requires both times', async () => {
    const { fetchMock, user, dialog } = await openDialog({ status: 'OPEN' });
    fireEvent.change(dialog.getByLabelText(/End/), { target: { value: '' } });
    fireEvent.change(dialog.getByLabelText(/Start/), { target: { value: '' } });
    await user.click(dialog.getByRole('button', { name: 'Close Task' }));
    expect(await dialog.findByText(TASK_MESSAGES.startRequired)).toBeTruthy();
    expect(dialog.getByText('End date-time is required.')).toBeTruthy();
    expect(sent(fetchMock, '/api/tasks/close', 'POST')).toHaveLength(0);
  });

  it('shows the server message when closing fails', async () => {
    const { user, dialog } = await openDialog(
      {
        status: 'OPEN',
        taskScheduler: { id: 's', startDateTime: '2026-11-20T14:00:00.000Z', expectedEndDateTime: '2026-11-20T16:00:00.000Z', endDateTime: null },
      },
      route('POST', '/api/tasks/close', { status: 409, body: { statusCode: 409, code: 'CONFLICT', message: 'The task was clocked in meanwhile.' } }),
    );
    await user.click(dialog.getByRole('button', { name: 'Close Task' }));
    expect(await screen.findByText('The task was clocked in meanwhile.')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Close task' })).toBeTruthy();
  });
});

describe('close and time helpers', () => {
  const now = new Date('2026-11-21T15:00:00.000Z');
  it('defaults to the recorded work, else the schedule, never past now', () => {
    expect(closeDefaults(task(), work, now)).toEqual({ start: work[0]?.startTime, end: work[0]?.endTime });
    expect(closeDefaults(task(), [], now)).toEqual({ start: '2026-11-25T14:00:00.000Z', end: now.toISOString() });
  });

  it('refuses an end before the start or in the future', () => {
    expect(validateClose(task(), '2026-11-21T10:00:00.000Z', '2026-11-21T09:00:00.000Z', now)).toEqual({ errors: { end: TASK_MESSAGES.endBeforeStart } });
    expect(validateClose(task(), '2026-11-21T10:00:00.000Z', '2026-11-21T16:00:00.000Z', now)).toEqual({ errors: { end: TASK_MESSAGES.endInFuture } });
  });
});

describe('task page waits', { timeout: 20_000 }, () => {
  it('shows a skeleton while loading', async () => {
    mockApi(route('GET', `/api/tasks/${TASK_ID}`, { body: { data: task() } }));
    renderApp(URL_, makeSession('Admin', 'fullAccess'));
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Loading task' }) ?? screen.queryByRole('heading', { name: /Task #2001/ })).toBeTruthy());
  });
});
