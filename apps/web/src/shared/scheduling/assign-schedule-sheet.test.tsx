import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AvailableTechnician } from '@fieldwork/domain/scheduling/scheduling.schemas';
import { makeSession, mockApi, renderApp, route } from '../../test-utils';
import { actions, allowed, TASK_ID, TECH_ID, taskItem, taskPageReplies, tasksReply } from '../tasks/test-fixtures';

const URL_ = `/workorder/scheduler/view/${TASK_ID}`;
const unscheduled = { status: 'UNSCHEDULED', taskScheduler: null, assignedTo: 'NONE', assignedUser: null, actions: actions({ edit: allowed }) } as const;
const BUSY_ID = '7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d';
const SOON_ID = '8b9c0d1e-2f3a-4b4c-9d5e-6f7a8b9c0d1e';

const techs: AvailableTechnician[] = [
  {
    userId: TECH_ID,
    username: 'Tom Technician',
    profilePictureUrl: null,
    status: 'AVAILABLE',
    availability: { startDateTime: null, endDateTime: '2026-11-25T19:00:00.000Z' },
  },
  {
    userId: SOON_ID,
    username: 'Sara Soon',
    profilePictureUrl: null,
    status: 'AVAILABLE_SOON',
    availability: { startDateTime: '2026-11-25T13:30:00.000Z', endDateTime: null },
  },
  {
    userId: BUSY_ID,
    username: 'Bob Busy',
    profilePictureUrl: null,
    status: 'BUSY',
    availability: { startDateTime: '2026-11-25T18:00:00.000Z', endDateTime: null },
  },
];
const techsReply = route('GET', '/api/tasks/technicians', { body: { data: { items: techs, meta: { total: 3, totalPages: 1, page: 1, limit: 100 } } } });
const subsReply = route('GET', '/api/subcontractors', {
  body: {
    data: [{ id: 'c1', name: 'Coastal HVAC', contactName: 'Cora', tags: [], zones: [] }],
    pagination: { totalItems: 1, totalPages: 1, currentPage: 1, itemsPerPage: 100 },
  },
});
const sent = (fetchMock: ReturnType<typeof mockApi>, path: string, method: string) =>
  fetchMock.mock.calls
    .filter(([u, init]) => new URL(String(u), 'http://x').pathname === path && init?.method === method)
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

async function openSheet(button: 'Assign & Schedule' | 'Re-Schedule' | 'Request Bids') {
  const bar = within(await screen.findByRole('toolbar', { name: 'Task actions' }));
  await userEvent.setup().click(bar.getByRole('button', { name: button }));
  return within(await screen.findByRole('dialog'));
}
const submit = (sheet: ReturnType<typeof within>, name: string) => sheet.getByRole('button', { name }) as HTMLButtonElement;

describe('Assign/Schedule sheet', { timeout: 20_000 }, () => {
  it('creates a schedule (POST) for an unscheduled task, with end = start + 2 h, once a free technician is picked', async () => {
    const fetchMock = mockApi(...taskPageReplies(unscheduled), techsReply, route('POST', '/api/tasks/schedule', { body: { data: { id: TASK_ID } } }));
    renderApp(URL_, makeSession('Admin', 'fullAccess'));
    const sheet = await openSheet('Assign & Schedule');
    expect(sheet.getByText('#2001 · Replace valve')).toBeTruthy();
    expect(sheet.getByRole('link', { name: 'Job #1042' })).toBeTruthy();
    expect(sheet.getByRole('link', { name: 'View Task' })).toBeTruthy();
    expect(submit(sheet, 'Assign & Schedule').disabled).toBe(true);

    fireEvent.change(sheet.getByLabelText('Start date'), { target: { value: '2026-11-25' } });
    expect((sheet.getByLabelText('End date') as HTMLInputElement).value).toBe('2026-11-25');
    expect((sheet.getByRole('textbox', { name: 'End time hours' }) as HTMLInputElement).value).toBe('11');

    // Availability badges and windows in the tenant zone (America/New_York).
    const tom = await sheet.findByRole('radio', { name: /Tom Technician/ });
    expect(tom.textContent).toContain('Available');
    expect(tom.textContent).toContain('Until 2:00 PM');
    expect(sheet.getByRole('radio', { name: /Sara Soon/ }).textContent).toContain('After 8:30 AM');
    const bob = sheet.getByRole('radio', { name: /Bob Busy/ });
    expect(bob.textContent).toContain('Busy');

    const user = userEvent.setup();
    await user.click(bob);
    expect(bob.getAttribute('aria-checked')).toBe('false');
    expect(submit(sheet, 'Assign & Schedule').disabled).toBe(true);

    await user.click(tom);
    expect(tom.getAttribute('aria-checked')).toBe('true');
    await user.click(submit(sheet, 'Assign & Schedule'));
    expect(await screen.findByText('Schedule created')).toBeTruthy();
    expect(sent(fetchMock, '/api/tasks/schedule', 'POST')).toEqual([
      {
        taskId: TASK_ID,
        startDateTime: '2026-11-25T14:00:00.000Z',
        expectedEndDateTime: '2026-11-25T16:00:00.000Z',
        isAssigned: true,
        assignedTo: 'TECHNICIAN',
        assignedTechnicianId: TECH_ID,
      },
    ]);
    const techCall = fetchMock.mock.calls.map(([u]) => new URL(String(u), 'http://x')).find((u) => u.pathname === '/api/tasks/technicians');
    expect(techCall?.searchParams.get('startDateTime')).toBe('2026-11-25T14:00:00.000Z');
    expect(techCall?.searchParams.get('expectedEndDateTime')).toBe('2026-11-25T16:00:00.000Z');
  });

  it('disables submit for Subcontractor without one picked, and allows Assign Later', async () => {
    mockApi(...taskPageReplies(unscheduled), techsReply, subsReply);
    renderApp(URL_, makeSession('Admin', 'fullAccess'));
    const sheet = await openSheet('Assign & Schedule');
    const user = userEvent.setup();
    await user.click(sheet.getByRole('radio', { name: 'Subcontractor' }));
    expect(submit(sheet, 'Assign & Schedule').disabled).toBe(true);
    const coastal = await sheet.findByRole('radio', { name: /Coastal HVAC/ });
    await user.click(coastal);
    expect(submit(sheet, 'Assign & Schedule').disabled).toBe(false);
    await user.click(sheet.getByRole('radio', { name: 'Technician' }));
    expect(submit(sheet, 'Assign & Schedule').disabled).toBe(true);
    await user.click(sheet.getByRole('radio', { name: 'Assign Later' }));
    expect(submit(sheet, 'Assign & Schedule').disabled).toBe(false);
  });

  it('requests bids from two subcontractors (unassigned, bidRequestSentTo), then shows their status and closes on Done', async () => {
    const subs = [
      { id: 'c1', name: 'Coastal HVAC', contactName: 'Cora', tags: [], zones: [] },
      { id: 'c2', name: 'Ace Plumbing Subs', contactName: null, tags: [], zones: [] },
      { id: 'c3', name: 'Bright Electric', contactName: null, tags: [], zones: [] },
    ];
    const bid = (id: string, name: string) => ({ id: `b-${id}`, status: 'REQUESTED', amount: null, subcontractor: { id, name } });
    const fetchMock = mockApi(
      ...taskPageReplies(unscheduled, [], [bid('c1', 'Coastal HVAC'), bid('c2', 'Ace Plumbing Subs')]),
      techsReply,
      route('GET', '/api/subcontractors', { body: { data: subs, pagination: { totalItems: 3, totalPages: 1, currentPage: 1, itemsPerPage: 100 } } }),
      route('POST', '/api/tasks/schedule', { status: 201, body: { data: { id: TASK_ID }, bidIds: ['b-c1', 'b-c2'] } }),
    );
    renderApp(URL_, makeSession('Admin', 'fullAccess'));
    const sheet = await openSheet('Assign & Schedule');
    const user = userEvent.setup();
    fireEvent.change(sheet.getByLabelText('Start date'), { target: { value: '2026-11-25' } });
    await user.click(sheet.getByRole('radio', { name: 'Subcontractor' }));
    await user.click(sheet.getByRole('radio', { name: 'Request Bids from Subcontractors' }));
    expect(submit(sheet, 'Request Bids').disabled).toBe(true);
    await user.click(await sheet.findByRole('checkbox', { name: /Coastal HVAC/ }));
    await user.click(sheet.getByRole('checkbox', { name: /Ace Plumbing Subs/ }));
    await user.click(sheet.getByRole('checkbox', { name: /Bright Electric/ }));
    await user.click(sheet.getByRole('checkbox', { name: /Bright Electric/ }));
    expect(sheet.getByRole('checkbox', { name: /Bright Electric/ }).getAttribute('aria-checked')).toBe('false');
    await user.click(submit(sheet, 'Request Bids'));

    expect(await screen.findByText('Bid requests sent')).toBeTruthy();
    expect(sent(fetchMock, '/api/tasks/schedule', 'POST')).toEqual([
      {
        taskId: TASK_ID,
        startDateTime: '2026-11-25T14:00:00.000Z',
        expectedEndDateTime: '2026-11-25T16:00:00.000Z',
        isAssigned: false,
        assignedTo: 'SUBCONTRACTOR',
        bidRequestSentTo: ['c1', 'c2'],
      },
    ]);
    const requested = within(await sheet.findByRole('region', { name: 'Requested bids' }));
    expect((await requested.findByText('Ace Plumbing Subs')).closest('li')?.textContent).toContain('Requested');
    expect(sheet.queryByRole('button', { name: 'Request Bids' })).toBeNull();
    await user.click(submit(sheet, 'Done'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent(fetchMock, '/api/tasks/schedule', 'POST')).toHaveLength(1);
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/bids/close'))).toBe(false);
  });

  it("opens on Request Bids from Subcontractors from the footer's Request Bids button", async () => {
    mockApi(...taskPageReplies(unscheduled), techsReply, subsReply);
    renderApp(URL_, makeSession('Admin', 'fullAccess'));
    const sheet = await openSheet('Request Bids');
    expect((sheet.getByRole('radio', { name: 'Subcontractor' }) as HTMLElement).getAttribute('aria-checked')).toBe('true');
    expect((sheet.getByRole('radio', { name: 'Request Bids from Subcontractors' }) as HTMLElement).getAttribute('aria-checked')).toBe('true');
  });

  it('all day on the DST-change day (1 Nov 2026, New York) sends 00:00 EDT – 23:59 EST, unassigned with Assign Later', async () => {
    const fetchMock = mockApi(...taskPageReplies(unscheduled), techsReply, route('POST', '/api/tasks/schedule', { body: { data: { id: TASK_ID } } }));
    renderApp(URL_, makeSession('Admin', 'fullAccess'));
    const sheet = await openSheet('Assign & Schedule');
    const user = userEvent.setup();
    fireEvent.change(sheet.getByLabelText('Start date'), { target: { value: '2026-11-01' } });
    await user.click(sheet.getByRole('checkbox', { name: 'All day Task' }));
    expect((sheet.getByRole('textbox', { name: 'Start time hours' }) as HTMLInputElement).value).toBe('12');
    expect((sheet.getByRole('textbox', { name: 'End time hours' }) as HTMLInputElement).value).toBe('11');
    expect((sheet.getByRole('textbox', { name: 'End time minutes' }) as HTMLInputElement).value).toBe('59');
    await user.click(sheet.getByRole('radio', { name: 'Assign Later' }));
    await user.click(submit(sheet, 'Assign & Schedule'));
    expect((await screen.findAllByText('Schedule created')).length).toBeGreaterThan(0);
    expect(sent(fetchMock, '/api/tasks/schedule', 'POST')[0]).toEqual({
      taskId: TASK_ID,
      startDateTime: '2026-11-01T04:00:00.000Z',
      expectedEndDateTime: '2026-11-02T04:59:00.000Z',
      isAssigned: false,
    });
  });

  it('re-schedules a scheduled task (PUT with the version) and says "Schedule updated"', async () => {
    const fetchMock = mockApi(
      ...taskPageReplies({ actions: actions({ edit: allowed }) }),
      techsReply,
      route('PUT', '/api/tasks/schedule/s1', { body: { data: { id: TASK_ID } } }),
    );
    renderApp(URL_, makeSession('Admin', 'fullAccess'));
    const sheet = await openSheet('Re-Schedule');
    await sheet.findByRole('radio', { name: /Tom Technician/ });
    await userEvent.setup().click(submit(sheet, 'Re-Schedule'));
    expect(await screen.findByText('Schedule updated')).toBeTruthy();
    expect(sent(fetchMock, '/api/tasks/schedule/s1', 'PUT')).toEqual([
      {
        startDateTime: '2026-11-25T14:00:00.000Z',
        expectedEndDateTime: '2026-11-25T16:00:00.000Z',
        assignedTo: 'TECHNICIAN',
        assignedTechnicianId: TECH_ID,
        version: 1,
      },
    ]);
    expect(sent(fetchMock, '/api/tasks/schedule', 'POST')).toEqual([]);
  });

  it('offers "Assign" on an unscheduled list row, opening the sheet', async () => {
    mockApi(tasksReply([taskItem(unscheduled)]), techsReply);
    renderApp('/workorder/tasks', makeSession('Admin', 'fullAccess'));
    const assign = await screen.findAllByRole('button', { name: 'Assign task #2001' });
    await userEvent.setup().click(assign[0]!);
    const sheet = within(await screen.findByRole('dialog', { name: 'Assign/Schedule Task' }));
    expect(sheet.getByRole('button', { name: 'Assign & Schedule' })).toBeTruthy();
  });

  it('titles a 409 clash "Technician has a conflicting schedule" with the server text, and keeps the sheet open', async () => {
    const clash = {
      statusCode: 409,
      code: 'SCHEDULE_CONFLICT',
      message: 'Unable to update schedule. This user has a conflicting schedule with task #2002.',
      details: { taskNumber: 2002 },
    };
    mockApi(...taskPageReplies({ actions: actions({ edit: allowed }) }), techsReply, route('PUT', '/api/tasks/schedule/s1', { status: 409, body: clash }));
    renderApp(URL_, makeSession('Admin', 'fullAccess'));
    const sheet = await openSheet('Re-Schedule');
    await userEvent.setup().click(submit(sheet, 'Re-Schedule'));
    expect(await screen.findByText('Technician has a conflicting schedule')).toBeTruthy();
    expect(screen.getByText(clash.message)).toBeTruthy();
    await waitFor(() => expect(submit(sheet, 'Re-Schedule').disabled).toBe(false));
  });
});
