import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PORTAL_MESSAGES } from '@fieldwork/domain/portal/portal.rules';
import { mockApi, renderApp, route } from '../../test-utils';
import { HUB_EMPTY } from './portal-hub.page';
import { emptyHub, hubReply, me, meReply, P_ESTIMATE_ID, P_INVOICE_ID, sentBody, SITE_ID, SLUG } from './portal-test-fixtures';

afterEach(() => vi.unstubAllGlobals());

describe('portal hub', { timeout: 20_000 }, () => {
  it('says so for each empty list, with the company header and Sign out', async () => {
    mockApi(meReply(), hubReply(emptyHub()));
    renderApp('/portal', null);
    expect(await screen.findByRole('heading', { name: 'Hello, Dana Whitfield' })).toBeTruthy();
    for (const [title, text] of [
      ['Estimates', HUB_EMPTY.estimates],
      ['Invoices', HUB_EMPTY.invoices],
      ['Upcoming visits', HUB_EMPTY.visits],
      ['Past jobs', HUB_EMPTY.pastJobs],
    ] as const) {
      expect(within(screen.getByRole('region', { name: title })).getByText(text)).toBeTruthy();
    }
    expect(screen.getByRole('banner').textContent).toContain('Harbor Plumbing');
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
  });

  it('lists estimates, invoices with their balance, visits with the technician and past jobs', async () => {
    mockApi(
      meReply(),
      hubReply({
        estimates: [{ id: P_ESTIMATE_ID, estimateNumber: 2001, status: 'SENT', statusLabel: 'Open', totalAmount: 1296, dueDate: '2026-12-20' }],
        invoices: [{ id: P_INVOICE_ID, invoiceNumber: 3001, status: 'SENT', statusLabel: 'Due', totalAmount: 1321, balance: 500, dueDate: '2026-12-21' }],
        visits: [
          {
            id: 'v1',
            name: 'Water heater install',
            startAt: '2026-12-01T14:00:00.000Z',
            endAt: '2026-12-01T16:00:00.000Z',
            address: '12 Harbor Rd',
            technician: { firstName: 'Sam', photoUrl: null },
          },
        ],
        pastJobs: [{ id: 'j1', jobNumber: 1042, name: 'Leak repair', closedOn: '2026-10-02' }],
      }),
    );
    renderApp('/portal', null);
    const estimates = await screen.findByRole('region', { name: 'Estimates' });
    expect(within(estimates).getByRole('link').getAttribute('href')).toBe(`/portal/estimates/${P_ESTIMATE_ID}`);
    const invoices = screen.getByRole('region', { name: 'Invoices' });
    expect(within(invoices).getByRole('link').textContent).toContain('Balance$500.00');
    const visits = screen.getByRole('region', { name: 'Upcoming visits' });
    expect(within(visits).getByText(/December 1, 2026/)).toBeTruthy();
    // In the company's zone (New York), whatever the browser's: 14:00–16:00 UTC.
    expect(await within(visits).findByText('9:00 AM – 11:00 AM')).toBeTruthy();
    expect(within(visits).getByText('Sam')).toBeTruthy();
    expect(within(visits).getByText('S')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Past jobs' })).getByText(/Leak repair/)).toBeTruthy();
  });

  it('requests work at one of the customer’s addresses, or asks for an address when "Another address" is chosen', async () => {
    const fetchMock = mockApi(
      meReply(me()),
      hubReply(),
      route('POST', '/api/portal/work-requests', { status: 201, body: { data: { message: PORTAL_MESSAGES.workRequested } } }),
    );
    renderApp('/portal', null);
    const form = await screen.findByRole('form', { name: 'Request work' });
    await userEvent.click(within(form).getByRole('radio', { name: 'Another address' }));
    await userEvent.type(within(form).getByRole('textbox', { name: 'What do you need?' }), 'Dripping tap');
    await userEvent.click(within(form).getByRole('button', { name: 'Send request' }));
    expect(await within(form).findByText(PORTAL_MESSAGES.siteOrAddress)).toBeTruthy();
    expect(sentBody(fetchMock, 'POST', '/api/portal/work-requests')).toBeUndefined();

    await userEvent.click(within(form).getByRole('radio', { name: '12 Harbor Rd, Boston, MA' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText(PORTAL_MESSAGES.workRequested)).toBeTruthy();
    expect(sentBody(fetchMock, 'POST', '/api/portal/work-requests')).toEqual({ description: 'Dripping tap', preferredTimes: null, siteId: SITE_ID });
  });

  it('signs out through the portal session and offers a new link from the company page, never the staff sign-in', async () => {
    const fetchMock = mockApi(meReply(), hubReply(), route('DELETE', '/api/portal/session', { status: 204 }));
    const { router } = renderApp('/portal', null);
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText(PORTAL_MESSAGES.signedOut)).toBeTruthy();
    expect(fetchMock.mock.calls.some(([u, init]) => init?.method === 'DELETE' && String(u) === '/api/portal/session')).toBe(true);
    expect(screen.getByRole('link', { name: 'Get a new link' }).getAttribute('href')).toBe(`/portal/${SLUG}`);
    expect(router.state.location.pathname).toBe('/portal');
  });
});
