import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VEHICLE_MESSAGES, type Vehicle } from '@fieldwork/domain/company/vehicles.schemas';
import { makeSession, mockApi, renderApp, route } from '../../test-utils';

const vehicle = (over: Partial<Vehicle> = {}): Vehicle => ({
  id: '00000000-0000-4000-8000-0000000000a1',
  name: 'Van 1 - Ford Transit 250',
  vin: '1FTBW2CM6LKA43817',
  state: 'NY',
  plate: 'KJV-4821',
  isActive: true,
  hourlyCost: 18.5,
  mileCost: 0.67,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  version: 3,
  ...over,
});
const pageOf = (items: Vehicle[]) => ({ data: items, pagination: { totalItems: items.length, totalPages: 1, currentPage: 1, itemsPerPage: 5 } });

/** GET /api/vehicles answering by the query: what matched the search and status the screen asked for. */
function vehiclesApi(all: Vehicle[], calls: URLSearchParams[] = []) {
  return (url: URL, init?: RequestInit) => {
    if ((init?.method ?? 'GET') !== 'GET' || url.pathname !== '/api/vehicles') return undefined;
    calls.push(url.searchParams);
    const q = url.searchParams;
    const by = (q.get('searchBy') ?? 'name') as 'name' | 'vin' | 'plate';
    const text = (q.get('searchText') ?? '').toLowerCase();
    const status = q.get('status');
    const rows = all.filter((v) => (!text || (v[by] ?? '').toLowerCase().includes(text)) && (!status || v.isActive === (status === 'ACTIVE')));
    return { body: pageOf(rows) };
  };
}

describe('vehicles list page', { timeout: 20_000 }, () => {
  it('shows the columns, the first page of 5 and "+ Add Vehicle" under the empty state', async () => {
    const calls: URLSearchParams[] = [];
    mockApi(vehiclesApi([], calls));
    renderApp('/vehicles', makeSession());
    expect(await screen.findByText('You have no data yet')).toBeTruthy();
    for (const header of ['Name', 'VIN', 'State', 'Plate', 'Status', 'Actions']) expect(screen.getByRole('columnheader', { name: header })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add Vehicle' }).getAttribute('href')).toBe('/vehicles/create');
    expect(screen.getByRole('link', { name: 'Create New' })).toBeTruthy();
    expect(calls[0]!.get('limit')).toBe('5');
    expect(calls[0]!.get('page')).toBe('1');
    expect(calls[0]!.get('searchBy')).toBe('name');
    expect(calls[0]!.has('status')).toBe(false);
  });

  it('searches by the chosen field once typing pauses, filters by status and says when nothing matches', async () => {
    const calls: URLSearchParams[] = [];
    mockApi(
      vehiclesApi(
        [
          vehicle(),
          vehicle({
            id: '00000000-0000-4000-8000-0000000000a2',
            name: 'Old Pickup - Toyota Tacoma',
            vin: '5TFRX5GN4FX041376',
            plate: 'GHT-7710',
            isActive: false,
          }),
        ],
        calls,
      ),
    );
    renderApp('/vehicles', makeSession());
    const user = userEvent.setup();
    expect(await screen.findByText('Van 1 - Ford Transit 250')).toBeTruthy();
    expect(screen.getByText('Old Pickup - Toyota Tacoma')).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Search by'), 'vin');
    await user.type(screen.getByRole('searchbox', { name: 'Search vehicles' }), '5tfr');
    await waitFor(() => expect(screen.queryByText('Van 1 - Ford Transit 250')).toBeNull());
    expect(screen.getByText('Old Pickup - Toyota Tacoma')).toBeTruthy();
    const searched = calls.filter((q) => q.get('searchText'));
    // One request after the pause, not one per keystroke.
    expect(searched.map((q) => q.get('searchText'))).toEqual(['5tfr']);
    expect(searched[0]!.get('searchBy')).toBe('vin');

    await user.selectOptions(screen.getByLabelText('Filter by status'), 'active');
    expect(await screen.findByText('No results found')).toBeTruthy();
    expect(calls.at(-1)!.get('status')).toBe('ACTIVE');
    expect(screen.queryByRole('link', { name: 'Add Vehicle' })).toBeNull();
  });

  it('sorts from the column header', async () => {
    const calls: URLSearchParams[] = [];
    mockApi(vehiclesApi([vehicle()], calls));
    renderApp('/vehicles', makeSession());
    const user = userEvent.setup();
    await screen.findByText('Van 1 - Ford Transit 250');
    await user.click(within(screen.getByRole('columnheader', { name: 'Plate' })).getByRole('button'));
    await waitFor(() => expect(calls.at(-1)!.get('orderByKey')).toBe('plate'));
    expect(calls.at(-1)!.get('orderByValue')).toBe('asc');
  });

  it('deletes after a confirmation; a vehicle used on tasks shows the server message and offers to deactivate it', async () => {
    const puts: unknown[] = [];
    mockApi(
      route('DELETE', `/api/vehicles/${vehicle().id}`, { status: 409, body: { statusCode: 409, code: 'CONFLICT', message: VEHICLE_MESSAGES.inUse } }),
      (url, init) => {
        if (init?.method === 'PUT' && url.pathname === `/api/vehicles/${vehicle().id}`) {
          puts.push(JSON.parse(String(init.body)));
          return { body: { data: vehicle({ isActive: false, version: 4 }) } };
        }
        return undefined;
      },
      vehiclesApi([vehicle()]),
    );
    renderApp('/vehicles', makeSession());
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Van 1 - Ford Transit 250' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(VEHICLE_MESSAGES.deleteConfirm, { exact: false })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText(VEHICLE_MESSAGES.inUse)).toBeTruthy();
    // A plain click: the toast's own pointer handling needs setPointerCapture, which jsdom lacks.
    fireEvent.click(screen.getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({
      name: 'Van 1 - Ford Transit 250',
      vin: '1FTBW2CM6LKA43817',
      state: 'NY',
      plate: 'KJV-4821',
      hourlyCost: 18.5,
      mileCost: 0.67,
      isActive: false,
      version: 3,
    });
    expect(await screen.findByText('Van 1 - Ford Transit 250 deactivated')).toBeTruthy();
  });

  it('hides the write actions from people who only read vehicles', async () => {
    mockApi(vehiclesApi([vehicle()]));
    renderApp('/vehicles', makeSession('Staff', 'onlyViewAccess'));
    expect(await screen.findByText('Van 1 - Ford Transit 250')).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Create New' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
  });
});
