import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Customer } from '@fieldwork/domain/customers/customers.schemas';
import { makeSession, mockApi, renderApp, route } from '../../test-utils';
import { PLAN_CUSTOMER_ID, pageOf, planFixture } from './test-fixtures';

const customer: Customer = {
  id: PLAN_CUSTOMER_ID,
  name: 'Northwind Plumbing',
  email: null,
  phone: null,
  notes: null,
  isActive: true,
  tags: [],
  customerAddress: [{ id: 'a1', addressLine1: '12 Harbour St', buildingUnit: null, fullAddress: '12 Harbour St, Boston, MA' }],
  contacts: [],
  createdAt: '2026-01-02T10:00:00.000Z',
  updatedAt: '2026-01-02T10:00:00.000Z',
  version: 1,
};
const customerRoute = route('GET', `/api/customers/${PLAN_CUSTOMER_ID}`, { body: { data: customer } });
const planCalls = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://localhost')).filter((u) => u.pathname === '/api/plans');

describe('customer page: service plans', { timeout: 20_000 }, () => {
  it("lists the customer's plans, asked for by customerId, with a New plan link for that customer", async () => {
    const fetchMock = mockApi(customerRoute, route('GET', '/api/plans', { body: pageOf([planFixture()]) }));
    renderApp(`/customer/${PLAN_CUSTOMER_ID}/view-profile`, makeSession('Admin', 'fullAccess'));
    const section = await screen.findByRole('region', { name: 'Service plans' });
    expect(await within(section).findByRole('link', { name: 'Quarterly boiler check' })).toBeTruthy();
    expect(within(section).getByText(/Every 3 months on the 15th/)).toBeTruthy();
    expect(planCalls(fetchMock).every((u) => u.searchParams.get('customerId') === PLAN_CUSTOMER_ID)).toBe(true);
    expect(screen.getByRole('link', { name: 'New plan' }).getAttribute('href')).toBe(`/plans/new?customerId=${PLAN_CUSTOMER_ID}`);
  });

  it('says when the customer has no plans', async () => {
    mockApi(customerRoute, route('GET', '/api/plans', { body: pageOf([]) }));
    renderApp(`/customer/${PLAN_CUSTOMER_ID}/view-profile`, makeSession('Admin', 'fullAccess'));
    const section = await screen.findByRole('region', { name: 'Service plans' });
    expect(await within(section).findByText('No service plans yet.')).toBeTruthy();
  });

  it('offers no New plan to view-only office users', async () => {
    mockApi(customerRoute, route('GET', '/api/plans', { body: pageOf([planFixture()]) }));
    renderApp(`/customer/${PLAN_CUSTOMER_ID}/view-profile`, makeSession('Staff', 'onlyViewAccess'));
    const section = await screen.findByRole('region', { name: 'Service plans' });
    expect(await within(section).findByRole('link', { name: 'Quarterly boiler check' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'New plan' })).toBeNull();
  });
});
