import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@fieldwork/domain/access/users.schemas';
import { makeSession, mockApi, renderApp, route } from '../../../test-utils';

const USER_ID = '00000000-0000-4000-8000-000000000042';

const member = (over: Partial<User> = {}): User => ({
  id: USER_ID,
  email: 'sam@example.com',
  name: 'Sam Rivera',
  phone: null,
  role: 'Technician',
  access: 'noAccess',
  status: 'ACTIVE',
  profileImageUrl: null,
  tags: [],
  zones: [],
  addedBy: null,
  createdAt: '2025-02-01T00:00:00.000Z',
  version: 3,
  costRate: 32.5,
  ...over,
});

const path = `/settings/permission-control/view-user?userId=${USER_ID}`;

describe('team member hourly cost rate', () => {
  it('shows the rate to an admin and sends the edited rate in dollars with the version', async () => {
    const fetchMock = mockApi(
      route('GET', `/api/user/${USER_ID}`, { body: { data: member() } }),
      route('PUT', `/api/user/${USER_ID}`, { body: { data: member({ costRate: 41.25, version: 4 }) } }),
    );
    renderApp(path, makeSession('Admin', 'fullAccess'));
    expect(await screen.findByText('Hourly cost rate')).toBeTruthy();
    expect(screen.getByText('$32.50 / hour')).toBeTruthy();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    const rate = within(dialog).getByLabelText(/Hourly cost rate/);
    expect((rate as HTMLInputElement).value).toBe('32.50');
    await user.clear(rate);
    await user.type(rate, '41.255');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Hourly Cost Rate can have at most 2 decimal places.')).toBeTruthy();
    await user.clear(rate);
    await user.type(rate, '41.25');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const [, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'PUT')!;
    expect(JSON.parse(String(init?.body))).toEqual({ name: 'Sam Rivera', phone: null, tags: [], zones: [], costRate: 41.25, version: 3 });
  });

  it('hides the rate from office readers who are not admins', async () => {
    mockApi(route('GET', `/api/user/${USER_ID}`, { body: { data: member() } }));
    renderApp(path, makeSession('Staff', 'partialAccess'));
    expect(await screen.findByText('sam@example.com')).toBeTruthy();
    expect(screen.queryByText('Hourly cost rate')).toBeNull();
    expect(screen.queryByText('$32.50 / hour')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });
});

describe('team member work-order access', () => {
  it('says what a technician can really reach instead of their stored "No access"', async () => {
    mockApi(route('GET', `/api/user/${USER_ID}`, { body: { data: member() } }));
    renderApp(path, makeSession('Admin', 'fullAccess'));
    expect(await screen.findByText('Field: own tasks')).toBeTruthy();
    expect(screen.queryByText('No access')).toBeNull();
  });
});
