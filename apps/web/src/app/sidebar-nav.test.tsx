import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { makeSession, mockApi, renderApp } from '../test-utils';
import { NO_ACCESS_HOME_TEXT } from '../features/dashboard/dashboard.page';

async function mainNav() {
  return within(await screen.findByRole('navigation', { name: 'Main' }));
}

describe('sidebar', () => {
  it('shows every section to an admin', async () => {
    mockApi();
    renderApp('/dashboard', makeSession('Admin', 'fullAccess'));
    const nav = await mainNav();
    for (const label of ['Dashboard', 'Jobs', 'Tasks', 'Scheduler', 'Estimates', 'Invoices', 'Customers', 'Vehicles', 'Settings']) {
      expect(nav.getByRole('link', { name: label })).toBeTruthy();
    }
    expect(nav.queryByRole('link', { name: 'Bid Requests' })).toBeNull();
  });

  it('gives subcontractor logins their Bid Requests', async () => {
    mockApi();
    renderApp('/dashboard', makeSession('SubContractor', 'noAccess'));
    expect((await mainNav()).getByRole('link', { name: 'Bid Requests' }).getAttribute('href')).toBe('/workorder/bids');
  });

  it('hides Settings and Customers from a technician', async () => {
    mockApi();
    renderApp('/dashboard', makeSession('Technician', 'noAccess'));
    const nav = await mainNav();
    expect(nav.getByRole('link', { name: 'Tasks' })).toBeTruthy();
    expect(nav.queryByRole('link', { name: 'Settings' })).toBeNull();
    expect(nav.queryByRole('link', { name: 'Customers' })).toBeNull();
    expect(nav.queryByRole('link', { name: 'Bid Requests' })).toBeNull();
  });

  it('links a no-access user only to pages they can open', async () => {
    mockApi();
    renderApp('/dashboard', makeSession('Staff', 'noAccess'));
    const nav = await mainNav();
    expect(nav.getAllByRole('link').map((l) => l.textContent)).toEqual(['Dashboard']);
    // Their home says why there is nothing else, rather than pointing at the menu.
    expect(screen.getByText(NO_ACCESS_HOME_TEXT)).toBeTruthy();
  });

  it('gives a technician no office work-order pages', async () => {
    mockApi();
    renderApp('/workorder/my-day', makeSession('Technician', 'noAccess'));
    const nav = await mainNav();
    for (const label of ['My day', 'Tasks', 'Scheduler']) expect(nav.getByRole('link', { name: label })).toBeTruthy();
    for (const label of ['Dashboard', 'Jobs', 'Estimates', 'Invoices']) expect(nav.queryByRole('link', { name: label })).toBeNull();
  });

  it('hides admin-only settings entries from staff', async () => {
    mockApi();
    renderApp('/settings/api-tokens', makeSession('Staff', 'partialAccess'));
    const settings = within(await screen.findByRole('navigation', { name: 'Settings' }));
    expect(settings.getByRole('link', { name: 'Users' })).toBeTruthy();
    expect(settings.getByRole('link', { name: 'Subcontractors' })).toBeTruthy();
    expect(settings.getByRole('link', { name: 'My profile' })).toBeTruthy();
    for (const hidden of ['Invitations', 'Zones', 'Tags', 'Company']) {
      expect(settings.queryByRole('link', { name: hidden })).toBeNull();
    }
  });

  it('shows the company name and the user menu', async () => {
    mockApi();
    renderApp('/dashboard', makeSession());
    expect(await screen.findByText('Acme Field Services')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'User menu' })).toBeTruthy();
  });
});
