import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeSession, mockApi, renderApp, route } from '../../test-utils';
import { NO_ACCESS_TEXT } from '../../components/no-access-panel';
import { pageOf, planFixture } from '../../shared/plans/test-fixtures';
import { NO_PLANS_TEXT } from './plans-list.page';

const plansCalls = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://localhost')).filter((u) => u.pathname === '/api/plans');

describe('plans list page', { timeout: 20_000 }, () => {
  it('shows each plan with its customer, site, rule, next visit, visits this year, yearly value, status and attention count', async () => {
    mockApi(route('GET', '/api/plans', { body: pageOf([planFixture({ needsAttention: 2 })]) }));
    renderApp('/plans', makeSession('Admin', 'fullAccess'));
    const row = (await screen.findByRole('link', { name: 'Quarterly boiler check' })).closest('tr')!;
    const cells = within(row);
    expect(cells.getByText('Northwind Plumbing')).toBeTruthy();
    expect(cells.getByText('12 Harbour St, Boston, MA')).toBeTruthy();
    expect(cells.getByText('Every 3 months on the 15th, 8:00–10:00 AM')).toBeTruthy();
    expect(cells.getByText('3 / 4')).toBeTruthy();
    expect(cells.getByText('$600.00')).toBeTruthy();
    expect(cells.getByText('Active')).toBeTruthy();
    expect(cells.getByText('2 need attention')).toBeTruthy();
    // The next visit in the company's zone (New York): 13:00 UTC is 8:00 AM there.
    expect(row.textContent).toMatch(/Jan 15, 2027/);
    expect(row.textContent).toMatch(/8:00/);
  });

  it('sends the search, the status filter and the needs-attention filter to the API', async () => {
    const fetchMock = mockApi(route('GET', '/api/plans', { body: pageOf([planFixture()]) }));
    renderApp('/plans', makeSession('Admin', 'fullAccess'));
    await screen.findByRole('link', { name: 'Quarterly boiler check' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'paused');
    await waitFor(() => expect(plansCalls(fetchMock).some((u) => u.searchParams.getAll('status').join() === 'paused')).toBe(true));
    await userEvent.click(screen.getByRole('switch', { name: 'Needs attention' }));
    await waitFor(() =>
      expect(plansCalls(fetchMock).some((u) => u.searchParams.get('needsAttention') === 'true' && u.searchParams.get('status') === 'paused')).toBe(true),
    );
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search plans' }), 'boiler');
    await waitFor(() => expect(plansCalls(fetchMock).some((u) => u.searchParams.get('search') === 'boiler')).toBe(true), { timeout: 3000 });
  });

  it('says there are no plans yet and offers to create one', async () => {
    mockApi(route('GET', '/api/plans', { body: pageOf([]) }));
    renderApp('/plans', makeSession('Admin', 'fullAccess'));
    expect(await screen.findByText(NO_PLANS_TEXT)).toBeTruthy();
    const links = screen.getAllByRole('link', { name: 'New plan' });
    expect(links.length).toBe(2);
    expect(links[0]!.getAttribute('href')).toBe('/plans/new');
  });

  it('shows the server message when the list fails to load', async () => {
    mockApi(route('GET', '/api/plans', { status: 500, body: { statusCode: 500, code: 'INTERNAL', message: 'Plans are unavailable' } }));
    renderApp('/plans', makeSession('Admin', 'fullAccess'));
    expect(await screen.findByText('Something went wrong')).toBeTruthy();
  });

  it('hides New plan from view-only office users and shows the no-access panel to office users without work-order access', async () => {
    mockApi(route('GET', '/api/plans', { body: pageOf([]) }));
    const view = renderApp('/plans', makeSession('Staff', 'onlyViewAccess'));
    expect(await screen.findByText(NO_PLANS_TEXT)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'New plan' })).toBeNull();
    view.unmount();
    const fetchMock = mockApi();
    renderApp('/plans', makeSession('Staff', 'noAccess'));
    expect(await screen.findByText(NO_ACCESS_TEXT)).toBeTruthy();
    expect(plansCalls(fetchMock)).toHaveLength(0);
  });
});
