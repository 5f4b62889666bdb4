import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TimeOff } from '@fieldwork/domain/scheduling/scheduling.schemas';
import { makeSession, mockApi, renderApp, route } from '../../test-utils';
import { timeOffWindow } from './time-off-section';

const TECH_ID = '6f7a8b9c-0d1e-4f2a-9b3c-4d5e6f7a8b9c';
const OFF_ID = '7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d';
const URL_ = `/settings/permission-control/view-user?userId=${TECH_ID}`;
const CLASH = 'Unable to update schedule. This user has a conflicting schedule with task #1234.';

const userReply = (role = 'Technician') =>
  route('GET', `/api/user/${TECH_ID}`, {
    body: { data: { ...makeSession(role, 'noAccess').user, id: TECH_ID, name: 'Tom Technician', email: 'tom@example.com' } },
  });
const timeOff: TimeOff = {
  id: OFF_ID,
  userId: TECH_ID,
  username: 'Tom Technician',
  startDateTime: '2026-12-01T14:00:00.000Z',
  endDateTime: '2026-12-01T22:00:00.000Z',
  reason: 'Dentist',
  createdAt: '2026-11-20T10:00:00.000Z',
};
const listReply = (items: TimeOff[]) => route('GET', '/api/time-off', { body: { data: items } });
const calls = (fetchMock: ReturnType<typeof mockApi>, method: string, path: string) =>
  fetchMock.mock.calls.filter(([u, init]) => (init?.method ?? 'GET') === method && new URL(String(u), 'http://x').pathname === path);
const bodies = (fetchMock: ReturnType<typeof mockApi>) =>
  calls(fetchMock, 'POST', '/api/time-off').map(([, init]) => JSON.parse(String(init?.body)) as unknown);

async function openAdd() {
  await userEvent.setup().click(await screen.findByRole('button', { name: 'Add time off' }));
  return within(await screen.findByRole('dialog'));
}

describe('Time off section', { timeout: 20_000 }, () => {
  it('asks for today to 90 days ahead in the company zone', () => {
    expect(timeOffWindow(TECH_ID, 'America/New_York', new Date('2026-11-21T03:00:00Z'))).toEqual({
      userId: TECH_ID,
      startDateTime: '2026-11-20T05:00:00.000Z',
      endDateTime: '2027-02-19T04:59:00.000Z',
    });
  });

  it('lists the technician time off in the company zone, with the reason', async () => {
    const fetchMock = mockApi(userReply(), listReply([timeOff]));
    renderApp(URL_, makeSession('Admin', 'fullAccess'));
    expect(await screen.findByText('Dec 1, 2026, 9:00 AM – 5:00 PM')).toBeTruthy();
    expect(screen.getByText('Dentist')).toBeTruthy();
    const query = new URL(String(calls(fetchMock, 'GET', '/api/time-off')[0]?.[0]), 'http://x').searchParams;
    expect(query.get('userId')).toBe(TECH_ID);
    expect(query.get('startDateTime')).toMatch(/T0[45]:00:00\.000Z$/);
  });

  it('shows the empty state', async () => {
    mockApi(userReply('Tech Access'), listReply([]));
    renderApp(URL_, makeSession('Admin', 'fullAccess'));
    expect(await screen.findByText('No time off planned')).toBeTruthy();
  });

  it('adds time off with instants of the New York wall clock, then refreshes the list and availability', async () => {
    const fetchMock = mockApi(userReply(), listReply([]), route('POST', '/api/time-off', { status: 201, body: { data: timeOff } }));
    const { queryClient } = renderApp(URL_, makeSession('Staff', 'partialAccess'));
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const dialog = await openAdd();
    fireEvent.change(dialog.getByLabelText('Start date'), { target: { value: '2026-12-01' } });
    fireEvent.change(dialog.getByLabelText('End date'), { target: { value: '2026-12-01' } });
    await userEvent.setup().type(dialog.getByLabelText('Reason'), 'Dentist');
    await userEvent.setup().click(dialog.getByRole('button', { name: 'Add time off' }));
    expect(await screen.findByText('Time off added')).toBeTruthy();
    expect(bodies(fetchMock)).toEqual([
      { userId: TECH_ID, startDateTime: '2026-12-01T14:00:00.000Z', endDateTime: '2026-12-01T22:00:00.000Z', reason: 'Dentist' },
    ]);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['scheduling'] });
    await waitFor(() => expect(calls(fetchMock, 'GET', '/api/time-off').length).toBeGreaterThan(1));
  });

  it('all day blocks 00:00–23:59 of the start day; a missing end is refused before sending', async () => {
    const fetchMock = mockApi(userReply(), listReply([]), route('POST', '/api/time-off', { status: 201, body: { data: timeOff } }));
    renderApp(URL_, makeSession('Admin', 'fullAccess'));
    const dialog = await openAdd();
    fireEvent.change(dialog.getByLabelText('Start date'), { target: { value: '2026-12-01' } });
    await userEvent.setup().click(dialog.getByRole('button', { name: 'Add time off' }));
    expect(await dialog.findByText('End date-time is required.')).toBeTruthy();
    expect(bodies(fetchMock)).toEqual([]);

    await userEvent.setup().click(dialog.getByRole('checkbox', { name: 'All day' }));
    expect((dialog.getByLabelText('End date') as HTMLInputElement).value).toBe('2026-12-01');
    await userEvent.setup().click(dialog.getByRole('button', { name: 'Add time off' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodies(fetchMock)).toEqual([{ userId: TECH_ID, startDateTime: '2026-12-01T05:00:00.000Z', endDateTime: '2026-12-02T04:59:00.000Z' }]);
  });

  it('shows the server clash message in the dialog on 409', async () => {
    mockApi(userReply(), listReply([]), route('POST', '/api/time-off', { status: 409, body: { statusCode: 409, code: 'SCHEDULE_CONFLICT', message: CLASH } }));
    renderApp(URL_, makeSession('Admin', 'fullAccess'));
    const dialog = await openAdd();
    fireEvent.change(dialog.getByLabelText('Start date'), { target: { value: '2026-12-01' } });
    fireEvent.change(dialog.getByLabelText('End date'), { target: { value: '2026-12-01' } });
    await userEvent.setup().click(dialog.getByRole('button', { name: 'Add time off' }));
    expect(await dialog.findByText(CLASH)).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('deletes after confirming', async () => {
    const fetchMock = mockApi(userReply(), listReply([timeOff]), route('DELETE', `/api/time-off/${OFF_ID}`, { status: 204 }));
    renderApp(URL_, makeSession('Admin', 'fullAccess'));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Delete time off/ }));
    const confirm = within(await screen.findByRole('dialog'));
    expect(calls(fetchMock, 'DELETE', `/api/time-off/${OFF_ID}`)).toHaveLength(0);
    await user.click(confirm.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Time off removed')).toBeTruthy();
    expect(calls(fetchMock, 'DELETE', `/api/time-off/${OFF_ID}`)).toHaveLength(1);
  });

  it('is hidden for non-technicians', async () => {
    mockApi(userReply('Staff'), listReply([timeOff]));
    renderApp(URL_, makeSession('Admin', 'fullAccess'));
    expect(await screen.findByText('tom@example.com')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Time off' })).toBeNull();
  });

  it('hides Add and Delete from view-only viewers', async () => {
    mockApi(userReply(), listReply([timeOff]));
    renderApp(URL_, makeSession('Staff', 'onlyViewAccess'));
    expect(await screen.findByText('Dec 1, 2026, 9:00 AM – 5:00 PM')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Time off' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add time off' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
  });
});
