import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeSession, mockApi, renderApp, route } from '../../test-utils';
import { INVOICE_ID, invoice, lookupRoutes } from '../../shared/billing/document-editor.fixtures';
import { ADDRESS_ID, CUSTOMER_ID, JOB_ID } from '../../shared/jobs/test-fixtures';
import { dayIn } from '@fieldwork/domain/time/zoned-day.rules';

const session = makeSession('Admin', 'fullAccess');

describe('invoice editor', { timeout: 30_000 }, () => {
  it('sends a new invoice from a job (mode Send, invoiceInfo) and opens its view page', async () => {
    const created = invoice({ status: 'SENT', job: { id: JOB_ID, jobNumber: 1042 } });
    const fetchMock = mockApi(
      route('POST', '/api/invoices', { status: 201, body: { data: created } }),
      route('GET', `/api/invoices/${INVOICE_ID}`, { body: { data: created } }),
      ...lookupRoutes,
    );
    const { router } = renderApp(`/workorder/invoices/new/create?jobId=${JOB_ID}`, session);
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'New Invoice' })).toBeTruthy();
    await waitFor(() => expect((screen.getByRole('combobox', { name: 'Address' }) as HTMLSelectElement).value).toBe(ADDRESS_ID));
    const date = screen.getByLabelText('Invoice Date') as HTMLInputElement;
    // A new invoice is dated today in the company's zone.
    expect(date.value).toBe(dayIn(new Date(), 'America/New_York'));
    await user.clear(date);
    await user.type(date, '2026-11-20');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/workorder/invoices/${INVOICE_ID}`));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({
      mode: 'Send',
      jobInfo: { type: 'Existing', jobId: JOB_ID, accountId: CUSTOMER_ID, accountAddressId: ADDRESS_ID },
      invoiceInfo: { invoiceDate: '2026-11-20', invoiceCustomerMessage: null },
      productServices: [],
    });
  });

  it('Cancel goes back to the job it was started from', async () => {
    mockApi(...lookupRoutes);
    const { router } = renderApp(`/workorder/invoices/new/create?jobId=${JOB_ID}`, session);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/workorder/jobs/${JOB_ID}`));
    expect(router.state.location.search).toMatchObject({ tf_tab: 'invoices' });
  });

  it('shows a paid invoice with a link to its view page instead of the form', async () => {
    mockApi(route('GET', `/api/invoices/${INVOICE_ID}`, { body: { data: invoice({ status: 'PAID', statusLabel: 'Paid' }) } }), ...lookupRoutes);
    renderApp(`/workorder/invoices/${INVOICE_ID}/create`, session);
    const link = await screen.findByRole('link', { name: 'View invoice #31' });
    expect(link.getAttribute('href')).toBe(`/workorder/invoices/${INVOICE_ID}`);
    expect(screen.getByRole('heading', { name: 'Edit Invoice #31' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
  });
});
