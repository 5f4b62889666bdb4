import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeSession, mockApi, renderApp } from '../test-utils';
import { NO_ACCESS_TEXT } from './no-access-panel';

function setReferrer(value: string) {
  Object.defineProperty(document, 'referrer', { configurable: true, value });
}

describe('no-access panel', () => {
  it('replaces a page the viewer may not see', async () => {
    const fetchMock = mockApi();
    renderApp('/customers', makeSession('Technician', 'noAccess'));
    expect(await screen.findByText(NO_ACCESS_TEXT)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Customers' })).toBeNull();
    // The hidden page must not even ask the server for its data.
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/customers'))).toBe(false);
  });

  it('goes back in history when the referrer is this app', async () => {
    mockApi();
    setReferrer(`${window.location.protocol}//${window.location.host}/workorder/jobs`);
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => {});
    renderApp('/settings/company', makeSession('Staff', 'partialAccess'));
    await userEvent.click(await screen.findByRole('button', { name: 'Go back' }));
    expect(back).toHaveBeenCalledTimes(1);
  });

  it('goes to the dashboard when the referrer is another site', async () => {
    mockApi();
    setReferrer('https://elsewhere.example.com/page');
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => {});
    const { router } = renderApp('/settings/company', makeSession('Staff', 'partialAccess'));
    await userEvent.click(await screen.findByRole('button', { name: 'Go back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(back).not.toHaveBeenCalled();
  });

  it('goes to the dashboard when there is no referrer', async () => {
    mockApi();
    setReferrer('');
    const { router } = renderApp('/settings/zones', makeSession('Staff', 'partialAccess'));
    await userEvent.click(await screen.findByRole('button', { name: 'Go back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});
