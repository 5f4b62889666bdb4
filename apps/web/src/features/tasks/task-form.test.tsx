import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TASK_MESSAGES } from '@fieldwork/domain/tasks/tasks.schemas';
import { makeSession, mockApi, renderApp, route } from '../../test-utils';
import { JOB_ID } from '../../shared/jobs/test-fixtures';
import { toTaskBody, toUpdateTaskBody, emptyTaskValues } from './task-form.schema';
import { TASK_ID, TECH_ID, task, taskPageReplies, taskReply } from '../../shared/tasks/test-fixtures';
import { prefilledTaskValues } from './task-create.page';
import { PAST_START_TITLE } from './task-form';

const NY = 'America/New_York';
const CREATE_URL = `/workorder/tasks/create?jobId=${JOB_ID}&jobNumber=1042&jobCustomerId=c1&jobCustomerName=Northwind%20Plumbing`;

const techs = [
  { userId: TECH_ID, username: 'Tom Technician', profilePictureUrl: null, status: 'AVAILABLE', availability: { startDateTime: null, endDateTime: null } },
  {
    userId: 'soon-1',
    username: 'Sara Soon',
    profilePictureUrl: null,
    status: 'AVAILABLE_SOON',
    availability: { startDateTime: '2036-11-25T13:30:00.000Z', endDateTime: null },
  },
  { userId: 'busy-1', username: 'Bob Busy', profilePictureUrl: null, status: 'BUSY', availability: { startDateTime: null, endDateTime: null } },
];
const techsReply = route('GET', '/api/tasks/technicians', { body: { data: { items: techs, meta: { total: 3, totalPages: 1, page: 1, limit: 100 } } } });
const subsReply = route('GET', '/api/subcontractors', {
  body: { data: [{ id: 'sub-1', name: 'Acme Electric', contactName: null }], pagination: { totalItems: 1, totalPages: 1, currentPage: 1, itemsPerPage: 100 } },
});

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const setDateTime = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
const posts = (fetchMock: ReturnType<typeof mockApi>, path: string, method = 'POST') =>
  fetchMock.mock.calls
    .filter(([u, init]) => String(u) === path && init?.method === method)
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

describe('task form values', () => {
  it('turns wall clocks of the tenant zone into instants, with the end defaulting to start + 2 h', () => {
    const body = toTaskBody({ ...emptyTaskValues(JOB_ID), name: 'Fix', start: '2026-11-25T09:00', assignTo: 'TECHNICIAN', assignedTechnicianId: TECH_ID }, NY);
    expect(body).toMatchObject({
      startDateTime: '2026-11-25T14:00:00.000Z',
      expectedEndDateTime: '2026-11-25T16:00:00.000Z',
      assignedTechnicianId: TECH_ID,
      assignedSubcontractorId: null,
    });
  });

  it('ignores invalid dates and omits assignTo on update when assigning later', () => {
    const body = toTaskBody({ ...emptyTaskValues(JOB_ID), name: 'Fix', start: 'soon', assignTo: 'LATER', assignedTechnicianId: TECH_ID }, NY);
    expect(body.startDateTime).toBeNull();
    expect(body.assignedTechnicianId).toBeNull();
    const update = toUpdateTaskBody(body, 4);
    expect(update).not.toHaveProperty('assignTo');
    expect(update).not.toHaveProperty('jobId');
    expect(update.version).toBe(4);
  });
});

describe('create task page', { timeout: 20_000 }, () => {
  it('comes prefilled with the job and defaults the end to start + 2 hours', async () => {
    mockApi();
    renderApp(CREATE_URL, makeSession('Admin', 'fullAccess'));
    expect(await screen.findByText('For job #1042 · Northwind Plumbing')).toBeTruthy();
    expect(input('Job').value).toBe('#1042 · Northwind Plumbing');
    setDateTime('Start', '2026-11-25T09:00');
    expect(input('End').value).toBe('2026-11-25T11:00');
    expect(input('End').min).toBe('2026-11-25T09:00');
    // An end already set is kept.
    setDateTime('End', '2026-11-25T10:00');
    setDateTime('Start', '2026-11-25T08:00');
    expect(input('End').value).toBe('2026-11-25T10:00');
  });

  it('"All day Task" sets 00:00–23:59 of the start day', async () => {
    mockApi();
    renderApp(CREATE_URL, makeSession('Admin', 'fullAccess'));
    const user = userEvent.setup();
    setDateTime(await screen.findByLabelText('Start').then(() => 'Start'), '2026-11-25T09:30');
    await user.click(screen.getByRole('checkbox', { name: 'All day Task' }));
    expect(input('Start').value).toBe('2026-11-25T00:00');
    expect(input('End').value).toBe('2026-11-25T23:59');
    setDateTime('Start', '2026-11-27T15:00');
    expect(input('Start').value).toBe('2026-11-27T00:00');
    expect(input('End').value).toBe('2026-11-27T23:59');
  });

  it('offers technicians with their availability for the chosen window, never a busy one, and saves only once one is picked', async () => {
    const fetchMock = mockApi(techsReply);
    renderApp(CREATE_URL, makeSession('Admin', 'fullAccess'));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Task Name/), 'Replace valve');
    await user.click(screen.getByRole('radio', { name: 'Technician' }));
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    // Technician chosen, nobody picked: Save is disabled.
    expect(save.disabled).toBe(true);
    expect(screen.getByText('Choose a start date and time to see who is available.')).toBeTruthy();
    setDateTime('Start', '2036-11-25T09:00');
    const busy = await screen.findByRole('radio', { name: /Bob Busy/ });
    expect(within(busy).getByText('Busy')).toBeTruthy();
    expect(within(screen.getByRole('radio', { name: /Tom Technician/ })).getByText('Available')).toBeTruthy();
    expect(within(screen.getByRole('radio', { name: /Sara Soon/ })).getByText('Available Soon')).toBeTruthy();
    await user.click(busy);
    expect(busy.getAttribute('aria-checked')).toBe('false');
    expect(save.disabled).toBe(true);
    await user.click(screen.getByRole('radio', { name: /Tom Technician/ }));
    expect(save.disabled).toBe(false);
    // The availability asked about the form's own window (end defaulted to start + 2 h).
    const call = fetchMock.mock.calls.map(([u]) => new URL(String(u), 'http://x')).find((u) => u.pathname === '/api/tasks/technicians');
    expect(call?.searchParams.get('startDateTime')).toBe('2036-11-25T14:00:00.000Z');
    expect(call?.searchParams.get('expectedEndDateTime')).toBe('2036-11-25T16:00:00.000Z');
    expect(posts(fetchMock, '/api/tasks')).toHaveLength(0);
  });

  it('keeps Save disabled for Subcontractor until one is picked', async () => {
    mockApi(subsReply);
    renderApp(CREATE_URL, makeSession('Admin', 'fullAccess'));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'Subcontractor' }));
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    await user.click(await screen.findByRole('radio', { name: /Acme Electric/ }));
    expect(save.disabled).toBe(false);
  });

  it('needs a name and a job; assigning later needs no start', async () => {
    const fetchMock = mockApi();
    renderApp('/workorder/tasks/create', makeSession('Staff', 'partialAccess'));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Task Name is mandatory.')).toBeTruthy();
    expect(screen.getByText('This field is required')).toBeTruthy();
    expect(screen.queryByText(TASK_MESSAGES.startRequired)).toBeNull();
    expect(posts(fetchMock, '/api/tasks')).toHaveLength(0);
  });

  it('creates the task in the tenant zone and opens it', async () => {
    const fetchMock = mockApi(
      techsReply,
      route('POST', '/api/tasks', { status: 201, body: { data: { id: TASK_ID, taskNumber: 2001 } } }),
      ...taskPageReplies(),
    );
    const { router } = renderApp(CREATE_URL, makeSession('Admin', 'fullAccess'));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Task Name/), 'Replace valve');
    setDateTime('Start', '2036-11-25T09:00');
    await user.click(screen.getByRole('radio', { name: 'Technician' }));
    await user.click(await screen.findByRole('radio', { name: /Tom Technician/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/workorder/scheduler/view/${TASK_ID}`));
    expect(await screen.findByText('Task #2001 created')).toBeTruthy();
    expect(posts(fetchMock, '/api/tasks')[0]).toEqual({
      jobId: JOB_ID,
      name: 'Replace valve',
      description: '',
      startDateTime: '2036-11-25T14:00:00.000Z',
      expectedEndDateTime: '2036-11-25T16:00:00.000Z',
      assignTo: 'TECHNICIAN',
      assignedTechnicianId: TECH_ID,
      assignedSubcontractorId: null,
    });
  });

  it('shows server validation messages under their fields', async () => {
    const messages = ['Task Name must be less than or equal to 100 characters.', TASK_MESSAGES.jobNotOpen, 'Something unexpected.'];
    mockApi(route('POST', '/api/tasks', { status: 400, body: { statusCode: 400, code: 'VALIDATION_FAILED', message: messages } }));
    renderApp(CREATE_URL, makeSession('Admin', 'fullAccess'));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Task Name/), 'Replace valve');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(messages[0] ?? '')).toBeTruthy();
    expect(screen.getByText(TASK_MESSAGES.jobNotOpen)).toBeTruthy();
    expect(within(screen.getAllByRole('alert')[0] as HTMLElement).getByText('Something unexpected.')).toBeTruthy();
  });

  it('starts on the scheduleOn date', async () => {
    mockApi();
    renderApp(`/workorder/tasks/create?scheduleOn=${Date.parse('2026-11-25T14:00:00.000Z')}`, makeSession('Admin', 'fullAccess'));
    await screen.findByLabelText('Start');
    expect(input('Start').value).toBe('2026-11-25T09:00');
    expect(input('End').value).toBe('2026-11-25T11:00');
  });

  it('ends at scheduleEnd when the calendar sends a dragged range, and ignores an end before the start', async () => {
    mockApi();
    const start = Date.parse('2026-11-25T14:00:00.000Z');
    renderApp(`/workorder/tasks/create?scheduleOn=${start}&scheduleEnd=${start + 45 * 60_000}`, makeSession('Admin', 'fullAccess'));
    await screen.findByLabelText('Start');
    expect(input('Start').value).toBe('2026-11-25T09:00');
    expect(input('End').value).toBe('2026-11-25T09:45');
    expect(prefilledTaskValues({ scheduleOn: String(start), scheduleEnd: String(start - 60_000) }, NY).end).toBe('2026-11-25T11:00');
    expect(prefilledTaskValues({ scheduleOn: String(start), scheduleEnd: 'soon' }, NY).end).toBe('2026-11-25T11:00');
  });

  it('toasts "Technician has a conflicting schedule" when the server refuses a clash', async () => {
    const clash = { statusCode: 409, code: 'SCHEDULE_CONFLICT', message: 'This event has clash in time with task #1999.' };
    mockApi(techsReply, route('POST', '/api/tasks', { status: 409, body: clash }));
    renderApp(CREATE_URL, makeSession('Admin', 'fullAccess'));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Task Name/), 'Replace valve');
    setDateTime('Start', '2036-11-25T09:00');
    await user.click(screen.getByRole('radio', { name: 'Technician' }));
    await user.click(await screen.findByRole('radio', { name: /Tom Technician/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Technician has a conflicting schedule')).toBeTruthy();
    expect(screen.getAllByText(clash.message).length).toBeGreaterThan(0);
  });

  it('asks before saving a start in the past, naming the date', async () => {
    const fetchMock = mockApi(route('POST', '/api/tasks', { status: 201, body: { data: { id: TASK_ID, taskNumber: 2001 } } }), ...taskPageReplies());
    renderApp(CREATE_URL, makeSession('Admin', 'fullAccess'));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Task Name/), 'Replace valve');
    setDateTime('Start', '2020-03-10T09:00');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: PAST_START_TITLE });
    expect(within(dialog).getByText(/This task starts on .*Mar.* 10.* 2020.*, which is in the past/)).toBeTruthy();
    expect(posts(fetchMock, '/api/tasks')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(posts(fetchMock, '/api/tasks')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(within(await screen.findByRole('dialog', { name: PAST_START_TITLE })).getByRole('button', { name: 'Save anyway' }));
    await waitFor(() => expect(posts(fetchMock, '/api/tasks')).toHaveLength(1));
  });

  it('is closed to view-only users', async () => {
    mockApi();
    renderApp(CREATE_URL, makeSession('Staff', 'onlyViewAccess'));
    expect(await screen.findByText("You don't have permission to view this. Please contact your admin.")).toBeTruthy();
  });
});

describe('edit task page', { timeout: 20_000 }, () => {
  it('keeps the job fixed and saves with the version', async () => {
    const fetchMock = mockApi(techsReply, ...taskPageReplies({ version: 7 }), route('PUT', `/api/tasks/${TASK_ID}`, { body: { data: task({ version: 8 }) } }));
    const { router } = renderApp(`/workorder/tasks/${TASK_ID}/edit`, makeSession('Admin', 'fullAccess'));
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Edit task #2001 · Replace valve' })).toBeTruthy();
    expect(input('Job').disabled).toBe(true);
    expect(input('Job').value).toBe('#1042 · Boiler service');
    expect(input('Start').value).toBe('2026-11-25T09:00');
    expect((screen.getByRole('radio', { name: 'Technician' }) as HTMLInputElement).checked).toBe(true);
    await user.clear(screen.getByLabelText(/Task Name/));
    await user.type(screen.getByLabelText(/Task Name/), 'Replace both valves');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/workorder/scheduler/view/${TASK_ID}`));
    const put = posts(fetchMock, `/api/tasks/${TASK_ID}`, 'PUT')[0];
    expect(put).toMatchObject({ name: 'Replace both valves', version: 7, assignTo: 'TECHNICIAN', assignedTechnicianId: TECH_ID });
    expect(put).not.toHaveProperty('jobId');
  });

  it('reloads the task when someone else saved first', async () => {
    const stale = 'This record was changed by someone else. Reload and try again.';
    const fetchMock = mockApi(
      techsReply,
      taskReply(),
      route('PUT', `/api/tasks/${TASK_ID}`, { status: 409, body: { statusCode: 409, code: 'STALE_VERSION', message: stale } }),
    );
    renderApp(`/workorder/tasks/${TASK_ID}/edit`, makeSession('Admin', 'fullAccess'));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText(`${stale} The form now shows the latest saved version.`)).toBeTruthy();
    await waitFor(() => expect(fetchMock.mock.calls.filter(([u]) => String(u) === `/api/tasks/${TASK_ID}`).length).toBeGreaterThanOrEqual(3));
  });
});
