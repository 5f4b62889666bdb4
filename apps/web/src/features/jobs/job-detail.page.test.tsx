import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeSession, mockApi, renderApp, route } from '../../test-utils';
import { changeText } from '../../components/activity-log';
import { CLOSE_JOB_CHECKLIST } from '@fieldwork/domain/jobs/job-status.rules';
import { JOB_ID, job, note } from '../../shared/jobs/test-fixtures';
import { TASK_ID, taskItem, tasksReply } from '../../shared/tasks/test-fixtures';
import { analysis } from '../../shared/costs/cost-test-fixtures';

const jobReply = (overrides = {}) => route('GET', `/api/jobs/${JOB_ID}`, { body: { data: job(overrides) } });
const notesReply = (items = [note()]) => route('GET', '/api/notes', { body: { items, meta: { total: items.length, totalPages: 1, page: 1, limit: 10 } } });

describe('job detail page', { timeout: 20_000 }, () => {
  it('shows the job, the created banner and the tabs with counts', async () => {
    mockApi(
      jobReply({
        counts: { tasks: 3, estimates: 1, invoices: 0, costs: 0, notes: 3, media: 0 },
        statusInfo: { status: 'OPEN', openTasksCount: 2, overdueTasksCount: 0, totalTasksCount: 2, summary: { state: 'OPEN_TASKS', label: '2 Open Tasks' } },
      }),
      tasksReply([]),
    );
    renderApp(`/workorder/jobs/${JOB_ID}?new=true`, makeSession('Admin', 'fullAccess'));
    expect(await screen.findByText('Job created')).toBeTruthy();
    expect(screen.getByRole('heading', { name: /Job #1042 · Boiler service/ })).toBeTruthy();
    expect(screen.getByText('No description')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Northwind Plumbing' }).getAttribute('href')).toBe(`/customer/${job().customer.id}/view-profile`);
    expect(screen.getByRole('tab', { name: 'Tasks (2)' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Estimates (1)' })).toBeTruthy();
    // Two tasks on the job, none assigned to this user: the tab says so rather than "You have no data yet".
    expect(await screen.findByText('None of this job’s tasks are assigned to you')).toBeTruthy();
    for (const header of ['Task Number', 'Created On', 'Created By', 'Task Name', 'Work Time', 'Assigned To', 'Task Status', 'Actions']) {
      expect(screen.getByRole('columnheader', { name: header })).toBeTruthy();
    }
    for (const name of ['Edit', 'Add Note', 'Notes', 'Activity log']) expect(screen.getByRole(name === 'Edit' ? 'link' : 'button', { name })).toBeTruthy();
    expect(screen.getByText('2 Open Tasks')).toBeTruthy();
  });

  it("says another company's (or a missing) job was not found, not that something went wrong", async () => {
    mockApi(route('GET', `/api/jobs/${JOB_ID}`, { status: 404, body: { statusCode: 404, code: 'NOT_FOUND', message: 'Job not found.' } }));
    renderApp(`/workorder/jobs/${JOB_ID}`, makeSession('Admin', 'fullAccess'));
    expect(await screen.findByText('Job not found.')).toBeTruthy();
    expect(screen.getByText('Not found')).toBeTruthy();
    expect(screen.queryByText('Something went wrong')).toBeNull();
  });

  it('opens the tab named by tf_tab, e.g. the cost summary', async () => {
    mockApi(tasksReply([]), jobReply(), route('GET', `/api/cost/analysis/${JOB_ID}`, { body: { data: analysis() } }));
    renderApp(`/workorder/jobs/${JOB_ID}?tf_tab=costs`, makeSession('Admin', 'fullAccess'));
    expect((await screen.findByRole('tab', { name: 'Costs (0)' })).getAttribute('aria-selected')).toBe('true');
    const table = await screen.findByRole('table', { name: 'Costs by category' });
    for (const category of ['Labor', 'Equipment', 'Material', 'Vehicle', 'Subcontractor', 'Other']) expect(within(table).getByText(category)).toBeTruthy();
    // Labor: estimated $500.00, actual $650.00 (the fixture's analysis).
    const labor = within(table).getByText('Labor').closest('tr')!;
    expect(within(labor).getByText('$650.00')).toBeTruthy();
    expect(within(labor).getByText('$500.00')).toBeTruthy();
  });

  it('disables Edit and Add Note once the job is closed', async () => {
    mockApi(tasksReply([]), jobReply({ status: 'CLOSED', actions: { edit: false, addNote: false } }));
    renderApp(`/workorder/jobs/${JOB_ID}`, makeSession('Admin', 'fullAccess'));
    expect(((await screen.findByRole('button', { name: 'Edit' })) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Add Note' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Closed')).toBeTruthy();
  });

  it('offers the quick-create entries in the header (their dialogs: job-quick-create.test.tsx)', async () => {
    mockApi(tasksReply([]), jobReply());
    renderApp(`/workorder/jobs/${JOB_ID}`, makeSession('Admin', 'fullAccess'));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Quick create/ }));
    for (const name of ['Create New Estimate', 'Create New Invoice', 'Add Cost']) {
      expect((await screen.findByRole('menuitem', { name })).getAttribute('aria-disabled')).toBeNull();
    }
  });

  it('renders activity changes as sentences with dates in the company format', () => {
    expect(changeText({ field: 'name', oldValue: 'Boiler', newValue: 'Boiler service' })).toBe('Changed Name from Boiler to Boiler service.');
    expect(changeText({ field: 'siteContactId', oldValue: null, newValue: 'Bea' })).toBe('Set Site contact to Bea.');
    // No raw ISO timestamps: instants in the company's zone and format.
    expect(changeText({ field: 'startDateTime', oldValue: '2026-11-20T14:00:00.000Z', newValue: null }, 'America/New_York')).toBe(
      'Cleared Start date time (was Nov 20, 2026, 9:00 AM).',
    );
  });

  it('lists activity newest first as the server sends it, with Load more', async () => {
    mockApi(
      jobReply(),
      route('GET', `/api/jobs/${JOB_ID}/activities`, {
        body: {
          data: {
            items: [
              {
                _id: 'a2',
                action: 'JOB_UPDATED',
                message: 'Job updated',
                createdBy: { userId: 'x', username: 'Alex Kim', profileImg: null },
                createdAt: '2025-03-05T10:00:00.000Z',
                meta: [{ field: 'name', oldValue: 'Boiler', newValue: 'Boiler service' }],
              },
              { _id: 'a1', action: 'JOB_CREATED', message: 'Job created', createdBy: null, createdAt: '2025-03-04T10:00:00.000Z', meta: [] },
            ],
            meta: { total: 12, totalPages: 2, page: 1, limit: 10 },
          },
        },
      }),
    );
    renderApp(`/workorder/jobs/${JOB_ID}`, makeSession('Admin', 'fullAccess'));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Activity log' }));
    const sheet = within(await screen.findByRole('dialog', { name: 'Activity log' }));
    expect(await sheet.findByText('Changed Name from Boiler to Boiler service.')).toBeTruthy();
    const entries = sheet.getAllByRole('listitem').filter((li) => li.parentElement?.getAttribute('aria-label') === 'Activity');
    expect(entries[0]?.textContent).toContain('Job updated');
    expect(sheet.getByRole('button', { name: 'Load more' })).toBeTruthy();
  });
});

describe('notes sheet', { timeout: 20_000 }, () => {
  it('keeps Add disabled while the note is empty and posts the note', async () => {
    const fetchMock = mockApi(
      tasksReply([]),
      jobReply(),
      notesReply([]),
      route('POST', '/api/notes', { status: 201, body: { data: note({ note: 'Bring a ladder' }) } }),
    );
    renderApp(`/workorder/jobs/${JOB_ID}`, makeSession('Admin', 'fullAccess'));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add Note' }));
    const sheet = within(await screen.findByRole('dialog', { name: 'Notes' }));
    const box = sheet.getByPlaceholderText('Write Something...');
    const add = sheet.getByRole('button', { name: 'Add' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    await user.type(box, '   ');
    expect(add.disabled).toBe(true);
    await user.type(box, 'Bring a ladder');
    expect(add.disabled).toBe(false);
    await user.click(add);
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ noteType: 'Job', note: 'Bring a ladder', jobId: JOB_ID });
  });

  it('keeps Update disabled while the edit is unchanged or empty', async () => {
    mockApi(tasksReply([]), jobReply(), notesReply(), route('PATCH', `/api/notes/${note().id}`, { body: { data: note({ note: 'Gate code is 4321' }) } }));
    renderApp(`/workorder/jobs/${JOB_ID}`, makeSession('Admin', 'fullAccess'));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Notes' }));
    const sheet = within(await screen.findByRole('dialog', { name: 'Notes' }));
    expect(await sheet.findByText('Gate code is 1234')).toBeTruthy();
    await user.click(sheet.getByRole('button', { name: 'Edit note' }));
    const update = sheet.getByRole('button', { name: 'Update' }) as HTMLButtonElement;
    expect(update.disabled).toBe(true);
    const text = sheet.getByRole('textbox', { name: 'Edit note text' });
    await user.clear(text);
    expect(update.disabled).toBe(true);
    await user.type(text, 'Gate code is 4321');
    expect(update.disabled).toBe(false);
  });

  it('toasts "Failed to delete note" with the server message', async () => {
    mockApi(
      tasksReply([]),
      jobReply(),
      notesReply(),
      route('DELETE', `/api/notes/${note().id}`, {
        status: 403,
        body: { statusCode: 403, code: 'FORBIDDEN', message: 'Only the author or an admin can change this note.' },
      }),
    );
    renderApp(`/workorder/jobs/${JOB_ID}`, makeSession('Admin', 'fullAccess'));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Notes' }));
    const sheet = within(await screen.findByRole('dialog', { name: 'Notes' }));
    await user.click(await sheet.findByRole('button', { name: 'Delete note' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Delete note?' }));
    await user.click(confirm.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete note')).toBeTruthy();
    expect(screen.getByText('Only the author or an admin can change this note.')).toBeTruthy();
  });
});

const statusReply = (status = 200, body: unknown = { data: job({ status: 'CLOSED' }) }) => route('PATCH', `/api/jobs/${JOB_ID}/status`, { status, body });
const patches = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls
    .filter(([u, init]) => String(u) === `/api/jobs/${JOB_ID}/status` && init?.method === 'PATCH')
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);

describe('job tasks tab', { timeout: 20_000 }, () => {
  it('lists the job tasks assigned to me first, then all, with the columns of the spec', async () => {
    const fetchMock = mockApi(jobReply(), tasksReply([taskItem()]));
    renderApp(`/workorder/jobs/${JOB_ID}`, makeSession('Admin', 'fullAccess'));
    const user = userEvent.setup();
    const row = within(await screen.findByRole('row', { name: 'Open task #2001' }));
    expect(row.getByText('Tom Technician')).toBeTruthy();
    expect(row.getByText('Technician')).toBeTruthy();
    expect(row.getByText(/~/)).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Task Number',
      'Created On',
      'Created By',
      'Task Name',
      'Work Time',
      'Assigned To',
      'Task Status',
      'Actions',
    ]);
    const lists = () => fetchMock.mock.calls.map(([u]) => String(u)).filter((u) => u.startsWith('/api/tasks?'));
    expect(lists().at(-1)).toContain(`jobId=${JOB_ID}`);
    expect(lists().at(-1)).toContain('assignedStatus=ASSIGNED_TO_ME');
    expect(screen.getByRole('tab', { name: 'Assigned to Me' }).getAttribute('aria-selected')).toBe('true');
    await user.click(screen.getByRole('tab', { name: 'All' }));
    await waitFor(() => expect(lists().at(-1)).toContain('assignedStatus=ALL'));
    const create = screen.getByRole('link', { name: '+ Create Task' }).getAttribute('href') ?? '';
    expect(create).toContain('/workorder/tasks/create?');
    for (const part of [`jobId=${JOB_ID}`, 'jobNumber=1042', 'jobCustomerId=', 'jobCustomerName=Northwind']) expect(create).toContain(part);
  });

  it('opens a task from its row and hides "+ Create Task" on a closed job', async () => {
    mockApi(jobReply({ status: 'CLOSED', actions: { edit: false, addNote: false } }), tasksReply([taskItem()]));
    renderApp(`/workorder/jobs/${JOB_ID}`, makeSession('Admin', 'fullAccess'));
    await screen.findByRole('row', { name: 'Open task #2001' });
    expect(screen.queryByRole('link', { name: '+ Create Task' })).toBeNull();
    expect(screen.getByRole('link', { name: 'View task #2001' }).getAttribute('href')).toBe(`/workorder/scheduler/view/${TASK_ID}`);
  });
});

describe('job status actions', { timeout: 20_000 }, () => {
  it('closes a job only once the three checklist items are ticked', async () => {
    const fetchMock = mockApi(tasksReply([]), jobReply({ statusActions: { CLOSED: true, REOPENED: false, CANCELLED: false } }), statusReply());
    renderApp(`/workorder/jobs/${JOB_ID}`, makeSession('Admin', 'fullAccess'));
    const user = userEvent.setup();
    expect(screen.queryByRole('button', { name: 'Cancel Job' })).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Close Job' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Close job' }));
    const confirm = dialog.getByRole('button', { name: 'Close Job' }) as HTMLButtonElement;
    for (const item of CLOSE_JOB_CHECKLIST) {
      expect(confirm.disabled).toBe(true);
      await user.click(dialog.getByRole('checkbox', { name: item }));
    }
    expect(confirm.disabled).toBe(false);
    await user.click(confirm);
    expect(await screen.findByText('Job closed successfully!')).toBeTruthy();
    expect(patches(fetchMock)).toEqual([{ action: 'CLOSED' }]);
  });

  it('shows the close failure with the server message', async () => {
    mockApi(
      tasksReply([]),
      jobReply({ statusActions: { CLOSED: true, REOPENED: false, CANCELLED: false } }),
      statusReply(409, { statusCode: 409, code: 'CONFLICT', message: 'A task is still open.' }),
    );
    renderApp(`/workorder/jobs/${JOB_ID}`, makeSession('Admin', 'fullAccess'));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Close Job' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Close job' }));
    for (const item of CLOSE_JOB_CHECKLIST) await user.click(dialog.getByRole('checkbox', { name: item }));
    await user.click(dialog.getByRole('button', { name: 'Close Job' }));
    expect(await screen.findByText('Close job failed')).toBeTruthy();
    expect(screen.getByText('A task is still open.')).toBeTruthy();
  });

  it('cancels a job after the confirmation', async () => {
    const fetchMock = mockApi(tasksReply([]), jobReply({ statusActions: { CLOSED: false, REOPENED: false, CANCELLED: true } }), statusReply());
    renderApp(`/workorder/jobs/${JOB_ID}`, makeSession('Admin', 'fullAccess'));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel Job' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Cancel job?' })).getByRole('button', { name: 'Cancel Job' }));
    expect(await screen.findByText('Job canceled successfully!')).toBeTruthy();
    expect(patches(fetchMock)).toEqual([{ action: 'CANCELLED' }]);
  });

  it('on a phone puts Cancel Job in the overflow menu, not as a red button beside Edit', async () => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 390 });
    try {
      const fetchMock = mockApi(tasksReply([]), jobReply({ statusActions: { CLOSED: true, REOPENED: false, CANCELLED: true } }), statusReply());
      renderApp(`/workorder/jobs/${JOB_ID}`, makeSession('Admin', 'fullAccess'));
      const user = userEvent.setup();
      expect(await screen.findByRole('button', { name: 'Close Job' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Cancel Job' })).toBeNull();
      await user.click(screen.getByRole('button', { name: /^More actions for job/ }));
      await user.click(await screen.findByRole('menuitem', { name: 'Cancel Job' }));
      await user.click(within(await screen.findByRole('dialog', { name: 'Cancel job?' })).getByRole('button', { name: 'Cancel Job' }));
      await waitFor(() => expect(patches(fetchMock)).toEqual([{ action: 'CANCELLED' }]));
    } finally {
      Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1024 });
    }
  });

  it('re-opens a closed job', async () => {
    const fetchMock = mockApi(
      tasksReply([]),
      jobReply({ status: 'CLOSED', statusActions: { CLOSED: false, REOPENED: true, CANCELLED: false } }),
      statusReply(),
    );
    renderApp(`/workorder/jobs/${JOB_ID}`, makeSession('Admin', 'fullAccess'));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Re-open' }));
    expect(await screen.findByText('Job re-opened successfully!')).toBeTruthy();
    expect(patches(fetchMock)).toEqual([{ action: 'REOPENED' }]);
  });

  it('offers no status action to view-only users', async () => {
    mockApi(tasksReply([]), jobReply({ statusActions: { CLOSED: true, REOPENED: false, CANCELLED: true } }));
    renderApp(`/workorder/jobs/${JOB_ID}`, makeSession('Staff', 'onlyViewAccess'));
    await screen.findByRole('heading', { name: /Job #1042/ });
    expect(screen.queryByRole('button', { name: 'Close Job' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel Job' })).toBeNull();
  });
});

describe('job detail page: credit on the job', { timeout: 20_000 }, () => {
  it('flags money received beyond the invoice totals, to refund or apply', async () => {
    mockApi(jobReply({ credit: 40 }), tasksReply([]));
    renderApp(`/workorder/jobs/${JOB_ID}`, makeSession('Admin', 'fullAccess'));
    const heading = await screen.findByRole('heading', { name: /Job #1042 · Boiler service/ });
    expect(within(heading).getByText('Credit $40.00 — refund or apply')).toBeTruthy();
  });

  it('shows no credit flag without a credit', async () => {
    mockApi(jobReply(), tasksReply([]));
    renderApp(`/workorder/jobs/${JOB_ID}`, makeSession('Admin', 'fullAccess'));
    await screen.findByRole('heading', { name: /Job #1042 · Boiler service/ });
    expect(screen.queryByText(/refund or apply/)).toBeNull();
  });
});
