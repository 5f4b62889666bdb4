import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { DASHBOARD_FIGURES } from '@fieldwork/domain/dashboard/dashboard-figures.rules';
import { makeSession, mockApi, renderApp, route } from '../../test-utils';
import { dashboardRoutes, PLANS } from './dashboard-fixtures';

const plansCard = async () => within(await screen.findByRole('region', { name: 'Service Plans' }));
const NO_PLANS = { ...PLANS, plans: { total: 0, active: 0 }, recurringRevenue: 0, visitsThisMonth: { due: 0, done: 0 } };

describe('dashboard service plans card', { timeout: 20_000 }, () => {
  it("shows the active plans' recurring revenue in money format and this month's plan visits with how many are done, linking to the plans", async () => {
    const fetchMock = mockApi(...dashboardRoutes());
    renderApp('/dashboard', makeSession('Admin', 'fullAccess'));
    const card = await plansCard();
    const revenue = (await card.findByText('$44,400.00')).closest('dl') as HTMLElement;
    expect(within(revenue).getByText('Recurring revenue')).toBeTruthy();
    expect(within(revenue).getByText('a year, from 2 active plans')).toBeTruthy();
    const visits = card.getByText('Plan visits due this month').closest('dl') as HTMLElement;
    expect(within(visits).getByText('10')).toBeTruthy();
    expect(within(visits).getByText('1 done, 9 to go')).toBeTruthy();
    expect(card.getByRole('link', { name: 'View plans' }).getAttribute('href')).toBe('/plans');
    expect(card.getByRole('link', { name: 'Recurring revenue: View plans' }).getAttribute('href')).toBe('/plans');
    for (const key of ['recurringRevenue', 'planVisitsDue'] as const) {
      const { label, definition } = DASHBOARD_FIGURES[key];
      expect(card.getByRole('img', { name: `About ${label}: ${definition}` })).toBeTruthy();
    }
    // A snapshot of now: asked for without the dashboard's range.
    const asked = fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost')).filter((u) => u.pathname === '/api/dashboard/plan-metrics');
    expect(asked).toHaveLength(1);
    expect(asked[0]!.search).toBe('');
  });

  it('says so when the company has no plans, and offers to create one to those who may', async () => {
    mockApi(route('GET', '/api/dashboard/plan-metrics', { body: NO_PLANS }), ...dashboardRoutes());
    renderApp('/dashboard', makeSession('Admin', 'fullAccess'));
    const card = await plansCard();
    expect(await card.findByText('No service plans yet.', { exact: false })).toBeTruthy();
    expect(card.getByRole('link', { name: 'Create a plan' }).getAttribute('href')).toBe('/plans/new');
    expect(card.queryByText('Recurring revenue')).toBeNull();
  });

  it('offers no "Create a plan" to view-only office users', async () => {
    mockApi(route('GET', '/api/dashboard/plan-metrics', { body: NO_PLANS }), ...dashboardRoutes());
    renderApp('/dashboard', makeSession('Staff', 'onlyViewAccess'));
    const card = await plansCard();
    expect(await card.findByText('No service plans yet.', { exact: false })).toBeTruthy();
    expect(card.queryByRole('link', { name: 'Create a plan' })).toBeNull();
  });

  it('is not asked for by field roles, who do not see company money', async () => {
    const fetchMock = mockApi(...dashboardRoutes());
    renderApp('/dashboard', makeSession('SubContractor'));
    expect(await screen.findByText('Business figures are shown to the office only')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/api/dashboard/plan-metrics'))).toBe(false);
  });
});
