import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CLOCK_MESSAGES } from '@fieldwork/domain/tasks/clock.schemas';
import { makeSession, mockApi, route } from '../../test-utils';
import { JOB_ID } from '../jobs/test-fixtures';
import { TASK_ID, TECH_ID, task, taskItem } from '../tasks/test-fixtures';
import { ClockInDialog, VEHICLE_REQUIRED } from './clock-in-dialog';
import { bodiesSent, gate, renderWithSession } from './clock-test-utils';

const VAN = 'b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d5e';
const ANN = 'c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f';
const vehicle = {
  id: VAN,
  name: 'Van 3',
  vin: '1HGCM82633A004352',
  state: 'MA',
  plate: 'FW-3',
  isActive: true,
  hourlyCost: 10,
  mileCost: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const replies = (running: unknown[] = [], clockIn = route('POST', '/api/tasks/clock-in', { body: { data: task({ status: 'CLOCKED_IN' }) } })) => [
  route('POST', '/api/tasks/filter-list', { body: { data: running } }),
  route('GET', '/api/vehicles/active', { body: { data: [vehicle], pagination: { totalItems: 1, totalPages: 1, currentPage: 1, itemsPerPage: 100 } } }),
  (url: URL) =>
    url.pathname === '/api/tasks/assistants'
      ? {
          body: {
            items: url.searchParams.get('search') === 'zz' ? [] : [{ userId: ANN, name: 'Ann Assistant' }],
            meta: { total: 1, totalPages: 1, page: 1, limit: 100 },
          },
        }
      : undefined,
  clockIn,
];

function open(onDone = vi.fn(), onOpenChange = vi.fn()) {
  renderWithSession(<ClockInDialog task={task()} open onOpenChange={onOpenChange} onDone={onDone} />, makeSession('Technician', 'noAccess'));
  return { dialog: within(screen.getByRole('dialog', { name: 'Clock in' })), user: userEvent.setup(), onDone, onOpenChange };
}

describe('ClockInDialog', { timeout: 20_000 }, () => {
  it('renders nothing while closed or without a task', () => {
    mockApi();
    renderWithSession(<ClockInDialog task={null} open onOpenChange={() => {}} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks about the vehicle (default No, focused) and shows the required dropdown only on Yes', async () => {
    const fetchMock = mockApi(...replies());
    const { dialog, user } = open();
    expect(dialog.getByRole('group', { name: CLOCK_MESSAGES.vehicleQuestion })).toBeTruthy();
    const no = dialog.getByRole('radio', { name: 'No' }) as HTMLInputElement;
    expect(no.checked).toBe(true);
    expect(document.activeElement).toBe(no);
    expect(dialog.queryByLabelText(/Vehicle/)).toBeNull();
    await user.click(dialog.getByRole('radio', { name: 'Yes' }));
    const select = (await dialog.findByLabelText(/Vehicle/)) as HTMLSelectElement;
    await within(select).findByRole('option', { name: 'Van 3 (FW-3)' });
    await user.click(dialog.getByRole('button', { name: 'Clock in' }));
    expect(await dialog.findByText(VEHICLE_REQUIRED)).toBeTruthy();
    expect(bodiesSent(fetchMock, '/api/tasks/clock-in', 'POST')).toHaveLength(0);
    await user.click(dialog.getByRole('radio', { name: 'No' }));
    expect(dialog.queryByLabelText(/Vehicle/)).toBeNull();
  });

  it('lists assistants without the assignee, searches on the server and says when none match', async () => {
    const fetchMock = mockApi(...replies());
    const { dialog, user } = open();
    expect(await dialog.findByRole('checkbox', { name: 'Ann Assistant' })).toBeTruthy();
    const asked = fetchMock.mock.calls.map(([u]) => new URL(String(u), 'http://localhost')).find((u) => u.pathname === '/api/tasks/assistants');
    expect(asked?.searchParams.get('assignedTechnicianId')).toBe(TECH_ID);
    expect(asked?.searchParams.get('limit')).toBe('100');
    await user.type(dialog.getByRole('searchbox', { name: 'Assistants' }), 'zz');
    expect(await dialog.findByText(CLOCK_MESSAGES.noAssistants)).toBeTruthy();
  });

  it('refuses with the spec toast and sends nothing when the worker already runs a task', async () => {
    const fetchMock = mockApi(...replies([taskItem({ id: 'other', status: 'CLOCKED_IN' })]));
    const { dialog, user, onDone } = open();
    await user.click(dialog.getByRole('button', { name: 'Clock in' }));
    expect(await screen.findByText(CLOCK_MESSAGES.clockInFailedTitle)).toBeTruthy();
    expect(screen.getByText(CLOCK_MESSAGES.finishCurrent)).toBeTruthy();
    expect(bodiesSent(fetchMock, '/api/tasks/filter-list', 'POST')).toEqual([{ userId: TECH_ID, status: ['Clock-In'] }]);
    expect(bodiesSent(fetchMock, '/api/tasks/clock-in', 'POST')).toHaveLength(0);
    expect(onDone).not.toHaveBeenCalled();
  });

  it("gives the server's 409 the same toast", async () => {
    mockApi(
      ...replies([], route('POST', '/api/tasks/clock-in', { status: 409, body: { statusCode: 409, code: 'CONFLICT', message: CLOCK_MESSAGES.finishCurrent } })),
    );
    const { dialog, user } = open();
    await user.click(dialog.getByRole('button', { name: 'Clock in' }));
    expect(await screen.findByText(CLOCK_MESSAGES.clockInFailedTitle)).toBeTruthy();
    expect(screen.getByText(CLOCK_MESSAGES.finishCurrent)).toBeTruthy();
  });

  it('clocks in with the vehicle and assistants and toasts "Clock-in started"', async () => {
    const fetchMock = mockApi(...replies());
    const { dialog, user, onDone, onOpenChange } = open();
    await user.click(dialog.getByRole('radio', { name: 'Yes' }));
    const select = (await dialog.findByLabelText(/Vehicle/)) as HTMLSelectElement;
    await within(select).findByRole('option', { name: 'Van 3 (FW-3)' });
    await user.selectOptions(select, VAN);
    await user.click(await dialog.findByRole('checkbox', { name: 'Ann Assistant' }));
    expect(dialog.getByRole('list', { name: 'Chosen assistants' }).textContent).toContain('Ann Assistant');
    await user.click(dialog.getByRole('button', { name: 'Clock in' }));
    expect(await screen.findByText(CLOCK_MESSAGES.clockInStartedTitle)).toBeTruthy();
    expect(screen.getByText('You’re now working on task #2001: Replace valve')).toBeTruthy();
    expect(bodiesSent(fetchMock, '/api/tasks/clock-in', 'POST')).toEqual([{ taskId: TASK_ID, jobId: JOB_ID, vehicleId: VAN, assistants: [ANN] }]);
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('sends one request however often Enter or the button is pressed while it is in flight', async () => {
    const base = mockApi(...replies());
    const { held, release } = gate();
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) === '/api/tasks/clock-in') await held;
      return base(input, init);
    });
    vi.stubGlobal('fetch', fetchMock);
    const { dialog, user } = open();
    const submit = dialog.getByRole('button', { name: 'Clock in' });
    await user.click(submit);
    await waitFor(() => expect((submit as HTMLButtonElement).disabled).toBe(true));
    await user.keyboard('{Enter}');
    (submit as HTMLButtonElement).form?.requestSubmit();
    release();
    expect(await screen.findByText(CLOCK_MESSAGES.clockInStartedTitle)).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([u]) => String(u) === '/api/tasks/clock-in')).toHaveLength(1);
  });
});
