import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TASK_COLUMN_KEYS } from '@fieldwork/domain/common/table-config.schemas';
import { makeSession, mockApi, renderApp, route } from '../../test-utils';
import { NO_ACCESS_TEXT } from '../../components/no-access-panel';
import { TASK_ID, allowed, actions, refused, taskItem, taskPageReplies, tasksPage, tasksReply } from '../../shared/tasks/test-fixtures';

const calls = (fetchMock: ReturnType<typeof mockApi>, prefix: string) =>
  fetchMock.mock.calls.map(([u, init]) => ({ url: String(u), init })).filter((c) => c.url.startsWith(prefix));

const lastList = (fetchMock: ReturnType<typeof mockApi>) => new URL(calls(fetchMock, '/api/tasks?').at(-1)?.url ?? '', 'http://x').searchParams;

describe('task list', { timeout: 20_000 }, () => {
  it('shows the four tabs with their columns, "Scheduled Hours" and no assignee on Unassigned', async () => {
    const fetchMock = mockApi(tasksReply([taskItem()]));
    const { router } = renderApp('/workorder/tasks', makeSession('Admin', 'fullAccess'));
    const user = userEvent.setup();
    expect((await screen.findByRole('tab', { name: 'Assigned to Me' })).getAttribute('aria-selected')).toBe('true');
    for (const tab of ['Assigned to Others', 'Unscheduled', 'Unassigned']) expect(screen.getByRole('tab', { name: tab })).toBeTruthy();
    await screen.findByRole('row', { name: 'Open task #2001' });
    const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers()).toEqual([
      'Task Number',
      'Task Name',
      'Status',
      'Work Hours',
      'Assigned To',
      'Customer Name',
      'Job Number',
      'Created By',
      'Created On',
      'Actions',
    ]);
    expect(lastList(fetchMock).get('assignedStatus')).toBe('ASSIGNED_TO_ME');
    expect(lastList(fetchMock).get('limit')).toBe('10');

    await user.click(screen.getByRole('tab', { name: 'Unassigned' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ tf_tab: 'UNASSIGNED' }));
    await waitFor(() => expect(headers()).toContain('Scheduled Hours'));
    expect(headers()).not.toContain('Assigned To');
    expect(headers()).not.toContain('Work Hours');
    expect(lastList(fetchMock).get('assignedStatus')).toBe('UNASSIGNED');
  });

  it('shows a row with its status badge, assignee and job', async () => {
    mockApi(tasksReply([taskItem()]));
    renderApp('/workorder/tasks?tf_tab=ASSIGNED_TO_OTHERS', makeSession('Admin', 'fullAccess'));
    const row = within(await screen.findByRole('row', { name: 'Open task #2001' }));
    expect(row.getByText('Replace valve')).toBeTruthy();
    expect(row.getByText('Northwind Plumbing')).toBeTruthy();
    expect(row.getByText('Tom Technician')).toBeTruthy();
    expect(row.getByText('Technician')).toBeTruthy();
    expect(row.getByText('Upcoming').className).toContain('text-warning');
    expect(row.getByRole('link', { name: '#1042' }).getAttribute('href')).toContain('/workorder/jobs/');
    expect(row.getByText(/9:00 AM ~ 11:00 AM · 2h 0m/)).toBeTruthy();
  });

  it('shows technicians only their own tab', async () => {
    mockApi(tasksReply([]));
    renderApp('/workorder/tasks?tf_tab=UNASSIGNED', makeSession('Technician', 'noAccess'));
    expect((await screen.findByRole('tab', { name: 'Assigned to Me' })).getAttribute('aria-selected')).toBe('true');
    expect(screen.getAllByRole('tab')).toHaveLength(1);
    expect(await screen.findByText('You have no data yet')).toBeTruthy();
    expect(screen.queryByRole('link', { name: '+ Create New Task' })).toBeNull();
  });

  it('shows the no-access panel to office users without work-order access', async () => {
    const fetchMock = mockApi();
    renderApp('/workorder/tasks', makeSession('Staff', 'noAccess'));
    expect(await screen.findByText(NO_ACCESS_TEXT)).toBeTruthy();
    expect(calls(fetchMock, '/api/tasks')).toHaveLength(0);
  });

  it('reads "You have no data yet" with "+ Create New Task", and "No results found" while searching', async () => {
    const fetchMock = mockApi(tasksReply([]));
    renderApp('/workorder/tasks', makeSession('Staff', 'partialAccess'));
    const user = userEvent.setup();
    expect(await screen.findByText('You have no data yet')).toBeTruthy();
    // In the header and in the empty state.
    expect(screen.getAllByRole('link', { name: '+ Create New Task' })).toHaveLength(2);
    await user.type(screen.getByRole('searchbox', { name: 'Search by task number' }), '2001');
    // The search is debounced: on a busy machine an earlier keystroke's list may answer first.
    await waitFor(() => expect(lastList(fetchMock).get('search')).toBe('2001'));
    expect(await screen.findByText('No results found')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: '+ Create New Task' })).toHaveLength(1);
    expect(lastList(fetchMock).get('searchBy')).toBe('taskNumber');
  });

  it('hides "+ Create New Task" from view-only users', async () => {
    mockApi(tasksReply([]));
    renderApp('/workorder/tasks', makeSession('Staff', 'onlyViewAccess'));
    expect(await screen.findByText('You have no data yet')).toBeTruthy();
    expect(screen.queryByRole('link', { name: '+ Create New Task' })).toBeNull();
  });

  it('sorts by a column and goes back to page 1 when the tab changes', async () => {
    const many = Array.from({ length: 10 }, (_, i) => taskItem({ id: `00000000-0000-4000-8000-0000000000${10 + i}`, taskNumber: 3000 + i }));
    const fetchMock = mockApi(route('GET', '/api/tasks', { body: tasksPage(many, 1, 25) }));
    renderApp('/workorder/tasks?tf_tab=ASSIGNED_TO_OTHERS', makeSession('Admin', 'fullAccess'));
    const user = userEvent.setup();
    await screen.findByRole('row', { name: 'Open task #3000' });
    await user.click(screen.getByRole('button', { name: 'Task Number' }));
    await waitFor(() => expect(lastList(fetchMock).get('orderByKey')).toBe('taskNumber'));
    expect(lastList(fetchMock).get('orderByValue')).toBe('asc');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(lastList(fetchMock).get('page')).toBe('2'));
    await user.click(screen.getByRole('tab', { name: 'Unscheduled' }));
    await waitFor(() => expect(lastList(fetchMock).get('assignedStatus')).toBe('UNSCHEDULED'));
    expect(lastList(fetchMock).get('page')).toBe('1');
    // The sort stays with the list.
    expect(lastList(fetchMock).get('orderByKey')).toBe('taskNumber');
  });

  it('opens the task when a row is clicked', async () => {
    mockApi(tasksReply([taskItem()]), ...taskPageReplies());
    const { router } = renderApp('/workorder/tasks', makeSession('Admin', 'fullAccess'));
    const user = userEvent.setup();
    await user.click(within(await screen.findByRole('row', { name: 'Open task #2001' })).getByText('Replace valve'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/workorder/scheduler/view/${TASK_ID}`));
    expect(await screen.findByRole('heading', { name: /Task #2001 · Replace valve/ })).toBeTruthy();
  });

  it('deletes (cancels) a task after the confirmation', async () => {
    const fetchMock = mockApi(tasksReply([taskItem()]), route('PATCH', `/api/tasks/${TASK_ID}`, { body: { data: null } }));
    renderApp('/workorder/tasks', makeSession('Admin', 'fullAccess'));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete task #2001' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete task?' }));
    expect(calls(fetchMock, `/api/tasks/${TASK_ID}`)).toHaveLength(0);
    await user.click(dialog.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Successfully deleted task')).toBeTruthy();
    const patch = calls(fetchMock, `/api/tasks/${TASK_ID}`).find((c) => c.init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.init?.body))).toEqual({ isCancelled: true });
  });

  it('says "Something went wrong! Please try again" when the delete fails', async () => {
    mockApi(
      tasksReply([taskItem()]),
      route('PATCH', `/api/tasks/${TASK_ID}`, { status: 409, body: { statusCode: 409, code: 'CONFLICT', message: 'Moved on' } }),
    );
    renderApp('/workorder/tasks', makeSession('Admin', 'fullAccess'));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete task #2001' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete task?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Something went wrong! Please try again')).toBeTruthy();
  });

  it('offers delete only as the task actions allow', async () => {
    mockApi(
      tasksReply([
        taskItem({ actions: actions() }),
        taskItem({ id: '00000000-0000-4000-8000-000000000099', taskNumber: 2002, actions: actions({ cancel: refused('Not now') }) }),
      ]),
    );
    renderApp('/workorder/tasks', makeSession('Admin', 'fullAccess'));
    await screen.findByRole('row', { name: 'Open task #2001' });
    expect(screen.queryByRole('button', { name: 'Delete task #2001' })).toBeNull();
    expect((screen.getByRole('button', { name: 'Delete task #2002' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('filters by status, job tags and job zones', async () => {
    const fetchMock = mockApi(tasksReply([]));
    renderApp('/workorder/tasks', makeSession('Admin', 'fullAccess'));
    const user = userEvent.setup();
    await screen.findByText('You have no data yet');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    const popover = within(await screen.findByRole('dialog', { name: 'Filter By' }));
    for (const label of ['Status', 'Job Tags', 'Job Zones']) expect(popover.getByText(label)).toBeTruthy();
    await user.click(popover.getByLabelText('Status'));
    await user.click(await screen.findByRole('checkbox', { name: 'Missed' }));
    await waitFor(() => expect(lastList(fetchMock).getAll('status[]')).toEqual(['MISSED']));
    expect(await screen.findByText('No results found')).toBeTruthy();
  });
});

describe('task list columns', { timeout: 20_000 }, () => {
  it('saves the configuration as TASKS_ASSIGNED_TO_ME_FULL for full access', async () => {
    const saved = TASK_COLUMN_KEYS.map((key) => ({ key, enabled: key !== 'CUSTOMER_NAME' }));
    const fetchMock = mockApi(
      tasksReply([]),
      route('PUT', '/api/table-configuration', { body: { data: { type: 'TASKS_ASSIGNED_TO_ME_FULL', config: saved } } }),
    );
    renderApp('/workorder/tasks', makeSession('Admin', 'fullAccess'));
    const user = userEvent.setup();
    await screen.findByText('You have no data yet');
    await user.click(screen.getByRole('button', { name: 'Customise' }));
    const drawer = within(await screen.findByRole('dialog', { name: 'Customise' }));
    expect(drawer.getByText(/Items can be rearranged/)).toBeTruthy();
    const apply = drawer.getByRole('button', { name: 'Apply Changes' }) as HTMLButtonElement;
    expect(apply.disabled).toBe(true);
    expect((drawer.getByRole('checkbox', { name: 'Task Number' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(drawer.getByRole('checkbox', { name: 'Customer Name' }));
    expect(apply.disabled).toBe(false);
    await user.click(apply);
    expect(await screen.findByText('Configuration updated')).toBeTruthy();
    const get = calls(fetchMock, '/api/table-configuration?');
    expect(get[0]?.url).toContain('type=TASKS_ASSIGNED_TO_ME_FULL');
    const put = calls(fetchMock, '/api/table-configuration').find((c) => c.init?.method === 'PUT');
    const body = JSON.parse(String(put?.init?.body)) as { type: string; config: { key: string; enabled: boolean }[] };
    expect(body.type).toBe('TASKS_ASSIGNED_TO_ME_FULL');
    expect(body.config.find((c) => c.key === 'CUSTOMER_NAME')?.enabled).toBe(false);
    await waitFor(() => expect(screen.queryByRole('columnheader', { name: 'Customer Name' })).toBeNull());
  });

  it('uses TASKS_ASSIGNED_TO_ME_PARTIAL otherwise and shows only enabled columns in the saved order', async () => {
    const config = TASK_COLUMN_KEYS.map((key) => ({ key, enabled: ['STATUS', 'TASK_NUMBER'].includes(key) }));
    const fetchMock = mockApi(
      tasksReply([taskItem()]),
      route('GET', '/api/table-configuration', {
        body: { data: { type: 'TASKS_ASSIGNED_TO_ME_PARTIAL', config: [config[2], ...config.filter((c) => c.key !== 'STATUS')] } },
      }),
    );
    renderApp('/workorder/tasks', makeSession('Staff', 'partialAccess'));
    await screen.findByRole('row', { name: 'Open task #2001' });
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Status', 'Task Number', 'Actions']);
    expect(calls(fetchMock, '/api/table-configuration?')[0]?.url).toContain('type=TASKS_ASSIGNED_TO_ME_PARTIAL');
  });

  it('tells when the configuration cannot be loaded', async () => {
    mockApi(
      tasksReply([]),
      route('GET', '/api/table-configuration', { status: 500, body: { statusCode: 500, code: 'INTERNAL', message: 'Database unavailable' } }),
    );
    renderApp('/workorder/tasks', makeSession('Admin', 'fullAccess'));
    expect(await screen.findByText('Configuration loading failed')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Customer Name' })).toBeTruthy();
  });

  it('tells when saving fails', async () => {
    mockApi(
      tasksReply([]),
      route('PUT', '/api/table-configuration', { status: 500, body: { statusCode: 500, code: 'INTERNAL', message: 'Database unavailable' } }),
    );
    renderApp('/workorder/tasks', makeSession('Admin', 'fullAccess'));
    const user = userEvent.setup();
    await screen.findByText('You have no data yet');
    await user.click(screen.getByRole('button', { name: 'Customise' }));
    const drawer = within(await screen.findByRole('dialog', { name: 'Customise' }));
    await user.click(drawer.getByRole('checkbox', { name: 'Task Name' }));
    await user.click(drawer.getByRole('button', { name: 'Apply Changes' }));
    expect(await screen.findByText('Update configuration failed')).toBeTruthy();
  });
});

describe('task cards on phones', { timeout: 20_000 }, () => {
  const width = window.innerWidth;
  afterEach(() => {
    window.innerWidth = width;
  });

  it('loads 15 at a time and folds each card behind Show More / Show Less', async () => {
    window.innerWidth = 375;
    const fetchMock = mockApi(tasksReply([taskItem({ actions: actions({ cancel: allowed }) })]));
    renderApp('/workorder/tasks', makeSession('Admin', 'fullAccess'));
    const user = userEvent.setup();
    const card = within(await screen.findByRole('button', { name: 'Open task #2001' }));
    expect(lastList(fetchMock).get('limit')).toBe('15');
    expect(card.getByText('Work Hours')).toBeTruthy();
    expect(card.getByText('Assigned To')).toBeTruthy();
    expect(card.queryByText('Created By')).toBeNull();
    await user.click(card.getByRole('button', { name: 'Show More' }));
    expect(card.getByText('Created By')).toBeTruthy();
    expect(card.getByRole('button', { name: 'Delete task #2001' })).toBeTruthy();
    await user.click(card.getByRole('button', { name: 'Show Less' }));
    expect(card.queryByText('Created By')).toBeNull();
    await act(async () => {});
  });
});
