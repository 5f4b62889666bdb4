import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Asset } from '@fieldwork/domain/customers/assets.schemas';
import { makeSession, mockApi, renderApp, route } from '../../test-utils';
import { ADDRESS2_ID, ADDRESS_ID, CUSTOMER_ID, customer, job, JOB_ID, pageOf } from '../jobs/test-fixtures';
import { TASK_ID, taskPageReplies } from '../tasks/test-fixtures';

const ASSET_ID = 'a5500000-0000-4000-8000-000000000001';
const asset = (overrides: Partial<Asset> = {}): Asset => ({
  id: ASSET_ID,
  customerId: CUSTOMER_ID,
  customerName: 'Northwind Plumbing',
  addressId: ADDRESS_ID,
  siteAddress: '12 Harbor St, Boston, MA 02110',
  type: 'BOILER',
  make: 'Viessmann',
  model: 'Vitodens 200',
  serial: 'VX-1',
  installDate: '2018-05-01',
  ageYears: 8,
  ageBand: 'FROM_5_TO_10',
  notes: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  version: 3,
  ...overrides,
});

type Calls = ReturnType<typeof mockApi>['mock']['calls'];
const bodyOf = (calls: Calls, method: string, path: string) => {
  const hit = calls.find(([input, init]) => init?.method === method && new URL(String(input), 'http://localhost').pathname === path);
  return hit ? (JSON.parse(String(hit[1]?.body ?? 'null')) as unknown) : undefined;
};

describe('site equipment', { timeout: 20_000 }, () => {
  const customerRoutes = () => [
    route('GET', `/api/customers/${CUSTOMER_ID}`, { body: { data: customer() } }),
    // The customer page also lists the customer's service plans.
    route('GET', '/api/plans', { body: { data: [], pagination: { totalItems: 0, totalPages: 0, currentPage: 1, itemsPerPage: 10 } } }),
  ];

  it('lists the customer’s equipment and adds one with the chosen site', async () => {
    const fetchMock = mockApi(
      route('POST', '/api/assets', { status: 201, body: { data: asset({ id: 'new' }) } }),
      route('GET', '/api/assets', { body: pageOf([asset()]) }),
      ...customerRoutes(),
    );
    renderApp(`/customer/${CUSTOMER_ID}/view-profile`, makeSession('Admin', 'fullAccess'));
    const card = within(await screen.findByRole('list', { name: 'Equipment' }));
    expect(card.getByText('Boiler · Viessmann Vitodens 200')).toBeTruthy();
    expect(card.getByText(/8 years old/)).toBeTruthy();
    const listCall = fetchMock.mock.calls.map(([i]) => new URL(String(i), 'http://localhost')).find((u) => u.pathname === '/api/assets');
    expect(listCall?.searchParams.get('customerId')).toBe(CUSTOMER_ID);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add equipment' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add equipment' }));
    await user.click(dialog.getByRole('button', { name: 'Add' }));
    expect(await dialog.findByText('Type is mandatory.')).toBeTruthy();
    expect(dialog.getByText('Site Address is mandatory.')).toBeTruthy();
    await user.selectOptions(dialog.getByLabelText(/^Type/), 'HVAC');
    await user.selectOptions(dialog.getByLabelText(/^Site Address/), ADDRESS2_ID);
    await user.type(dialog.getByLabelText('Make'), 'Carrier');
    await user.type(dialog.getByLabelText('Serial'), 'C-77');
    await user.click(dialog.getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(bodyOf(fetchMock.mock.calls, 'POST', '/api/assets')).toEqual({
        customerId: CUSTOMER_ID,
        addressId: ADDRESS2_ID,
        type: 'HVAC',
        make: 'Carrier',
        model: null,
        serial: 'C-77',
        installDate: null,
        notes: null,
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add equipment' })).toBeNull());
  });

  it('edits with the version and deletes after confirming', async () => {
    const fetchMock = mockApi(
      route('PUT', `/api/assets/${ASSET_ID}`, { body: { data: asset({ version: 4 }) } }),
      route('DELETE', `/api/assets/${ASSET_ID}`, { status: 204 }),
      route('GET', '/api/assets', { body: pageOf([asset()]) }),
      ...customerRoutes(),
    );
    renderApp(`/customer/${CUSTOMER_ID}/view-profile`, makeSession('Admin', 'fullAccess'));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Boiler · Viessmann Vitodens 200' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit equipment' }));
    const notes = dialog.getByLabelText('Notes');
    await user.type(notes, 'Annual service due in May');
    await user.clear(dialog.getByLabelText('Serial'));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bodyOf(fetchMock.mock.calls, 'PUT', `/api/assets/${ASSET_ID}`)).toEqual({
        customerId: CUSTOMER_ID,
        addressId: ADDRESS_ID,
        type: 'BOILER',
        make: 'Viessmann',
        model: 'Vitodens 200',
        serial: null,
        installDate: '2018-05-01',
        notes: 'Annual service due in May',
        version: 3,
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit equipment' })).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Delete Boiler · Viessmann Vitodens 200' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Delete equipment' }));
    await user.click(confirm.getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([i, init]) => init?.method === 'DELETE' && String(i).endsWith(`/api/assets/${ASSET_ID}`))).toBe(true),
    );
  });

  it('refuses an install date in the future before sending', async () => {
    const fetchMock = mockApi(route('GET', '/api/assets', { body: pageOf([]) }), ...customerRoutes());
    renderApp(`/customer/${CUSTOMER_ID}/view-profile`, makeSession('Admin', 'fullAccess'));
    const user = userEvent.setup();
    expect(await screen.findByText('No equipment recorded at this site yet')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add equipment' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add equipment' }));
    await user.selectOptions(dialog.getByLabelText(/^Type/), 'HVAC');
    await user.selectOptions(dialog.getByLabelText(/^Site Address/), ADDRESS_ID);
    await user.type(dialog.getByLabelText('Install Date'), '2999-01-01');
    await user.click(dialog.getByRole('button', { name: 'Add' }));
    expect(await dialog.findByText('Install Date cannot be in the future.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('shows the job site’s equipment on the job, by job id', async () => {
    const fetchMock = mockApi(route('GET', '/api/assets', { body: pageOf([asset()]) }), route('GET', `/api/jobs/${JOB_ID}`, { body: { data: job() } }));
    renderApp(`/workorder/jobs/${JOB_ID}`, makeSession('Admin', 'fullAccess'));
    expect(await screen.findByText('Boiler · Viessmann Vitodens 200')).toBeTruthy();
    const listCall = fetchMock.mock.calls.map(([i]) => new URL(String(i), 'http://localhost')).find((u) => u.pathname === '/api/assets');
    expect(listCall?.searchParams.get('jobId')).toBe(JOB_ID);
    expect(listCall?.searchParams.get('customerId')).toBeNull();
    expect(screen.getByRole('button', { name: 'Add equipment' })).toBeTruthy();
  });

  it('is read-only for view-only staff', async () => {
    mockApi(route('GET', '/api/assets', { body: pageOf([asset()]) }), ...customerRoutes());
    renderApp(`/customer/${CUSTOMER_ID}/view-profile`, makeSession('Staff', 'onlyViewAccess'));
    expect(await screen.findByText('Boiler · Viessmann Vitodens 200')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add equipment' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Edit Boiler/ })).toBeNull();
  });

  it('shows a technician the site’s equipment on their task, read-only', async () => {
    const fetchMock = mockApi(route('GET', '/api/assets', { body: pageOf([asset()]) }), ...taskPageReplies());
    renderApp(`/workorder/scheduler/view/${TASK_ID}`, makeSession('Technician', 'noAccess'));
    expect(await screen.findByText('Boiler · Viessmann Vitodens 200')).toBeTruthy();
    const listCall = fetchMock.mock.calls.map(([i]) => new URL(String(i), 'http://localhost')).find((u) => u.pathname === '/api/assets');
    expect(listCall?.searchParams.get('jobId')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add equipment' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete Boiler/ })).toBeNull();
  });
});
