import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PortalLink } from '@fieldwork/domain/portal/portal.schemas';
import { FakeEventSource, makeSession, mockApi, renderApp, route } from '../../test-utils';
import { ESTIMATE_ID, estimate, estimateReply, INVOICE_ID, invoiceReply } from './preview-test-fixtures';
import { CUSTOMER_LINKS_TITLE, LINKS_REVOKED, NO_CUSTOMER_LINKS, REVOKE_LINKS } from './customer-links-section';
import { customerAnsweredText } from './use-estimate-answer-live';

const future = new Date(Date.now() + 10 * 86_400_000).toISOString();
const past = new Date(Date.now() - 86_400_000).toISOString();
const link = (o: Partial<PortalLink> = {}): PortalLink => ({
  id: 'l1',
  email: 'dana@example.com',
  createdAt: '2026-11-20T15:00:00.000Z',
  expiresAt: future,
  revokedAt: null,
  lastOpenedAt: '2026-11-21T16:00:00.000Z',
  ...o,
});

afterEach(() => vi.unstubAllGlobals());

describe('customer links on the staff document pages', { timeout: 20_000 }, () => {
  it('lists an estimate’s links and revokes the live ones after confirming', async () => {
    const revoked = [link({ revokedAt: '2026-11-26T10:00:00.000Z' }), link({ id: 'l2', email: 'old@example.com', expiresAt: past, lastOpenedAt: null })];
    const fetchMock = mockApi(
      estimateReply(),
      route('GET', `/api/estimates/${ESTIMATE_ID}/portal-links`, {
        body: { data: [link(), link({ id: 'l2', email: 'old@example.com', expiresAt: past, lastOpenedAt: null })] },
      }),
      route('POST', `/api/estimates/${ESTIMATE_ID}/portal-links/revoke`, { body: { data: revoked } }),
    );
    renderApp(`/workorder/estimates/${ESTIMATE_ID}`, makeSession());
    const list = await screen.findByRole('list', { name: CUSTOMER_LINKS_TITLE });
    const [live, expired] = within(list).getAllByRole('listitem');
    expect(live?.textContent).toContain('dana@example.com');
    expect(live?.textContent).toContain('Live');
    expect(live?.textContent).toContain('Last opened Nov 21, 2026, 11:00 AM');
    expect(expired?.textContent).toContain('Expired');
    expect(expired?.textContent).toContain('Not opened yet');

    await userEvent.click(screen.getByRole('button', { name: REVOKE_LINKS }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke customer links?' });
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: REVOKE_LINKS }));
    expect(await screen.findByText(LINKS_REVOKED)).toBeTruthy();
    await waitFor(() => expect(within(screen.getByRole('list', { name: CUSTOMER_LINKS_TITLE })).getAllByRole('listitem')[0]?.textContent).toContain('Revoked'));
    // Nothing left live: no revoke action.
    expect(screen.queryByRole('button', { name: REVOKE_LINKS })).toBeNull();
  });

  it('says when an invoice has no links, and offers no revoke', async () => {
    mockApi(invoiceReply(), route('GET', `/api/invoices/${INVOICE_ID}/portal-links`, { body: { data: [] } }));
    renderApp(`/workorder/invoices/${INVOICE_ID}`, makeSession());
    expect(await screen.findByText(NO_CUSTOMER_LINKS)).toBeTruthy();
    expect(screen.queryByRole('button', { name: REVOKE_LINKS })).toBeNull();
  });
});

describe('live answer on an open staff estimate', { timeout: 20_000 }, () => {
  it('refetches the estimate and says what the customer answered when its estimate.status event arrives', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    let status: 'SENT' | 'APPROVED' = 'SENT';
    const fetchMock = mockApi((url, init) =>
      (init?.method ?? 'GET') === 'GET' && url.pathname === `/api/estimates/${ESTIMATE_ID}` ? { body: { data: estimate({ status }) } } : undefined,
    );
    renderApp(`/workorder/estimates/${ESTIMATE_ID}`, makeSession());
    await screen.findByRole('article', { name: 'Estimate #2001' });
    const source = FakeEventSource.listening('estimate.status');
    expect(source?.url).toBe('/api/events');
    const gets = () => fetchMock.mock.calls.filter(([u]) => new URL(String(u), 'http://localhost').pathname === `/api/estimates/${ESTIMATE_ID}`).length;
    const before = gets();

    // Another estimate's answer changes nothing here.
    act(() => source?.emit('estimate.status', { type: 'estimate.status', recordId: 'someone-else', taskId: null, jobId: null, taskNumber: null, at: '' }));
    expect(gets()).toBe(before);

    status = 'APPROVED';
    act(() => source?.emit('estimate.status', { type: 'estimate.status', recordId: ESTIMATE_ID, taskId: null, jobId: null, taskNumber: null, at: '' }));
    expect(await screen.findByText(customerAnsweredText('Approved'))).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Estimate #2001' })).getByText('Approved')).toBeTruthy();
  });
});
