import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ESTIMATE_MESSAGES, estimateActions } from '@fieldwork/domain/billing/estimates.rules';
import { INVOICE_MESSAGES, invoiceActions } from '@fieldwork/domain/billing/invoices.rules';
import { makeSession, mockApi, renderApp, route } from '../../test-utils';
import { ESTIMATE_ID, INVOICE_ID, emailDraftReply, estimate, estimateReply, invoice } from './preview-test-fixtures';

const ACTION_NAMES = ['Download PDF', 'Edit', 'Send', 'Onsite Approval', 'Convert to invoice', 'Void', 'Delete', 'Record Payment'];

async function actionsShown(heading: string) {
  await screen.findByRole('heading', { level: 1, name: heading });
  return ACTION_NAMES.filter((name) => screen.queryByRole('button', { name }) ?? screen.queryByRole('link', { name }));
}

describe('preview page actions', { timeout: 20_000 }, () => {
  it("shows an estimate's actions from its `actions` object", async () => {
    mockApi(estimateReply(estimate({ status: 'SENT' })));
    const { unmount } = renderApp(`/workorder/estimates/${ESTIMATE_ID}`, makeSession());
    expect(await actionsShown('Estimate #2001')).toEqual(['Download PDF', 'Edit', 'Send', 'Onsite Approval', 'Void']);
    expect(screen.getByRole('link', { name: 'Onsite Approval' }).getAttribute('href')).toBe(`/workorder/estimates/${ESTIMATE_ID}/approval`);
    unmount();

    mockApi(
      estimateReply(
        estimate({
          status: 'APPROVED',
          actions: estimateActions({ status: 'APPROVED', isConverted: false, isDepositRequired: false, depositCents: 0 }, false),
        }),
      ),
    );
    renderApp(`/workorder/estimates/${ESTIMATE_ID}`, makeSession());
    expect(await actionsShown('Estimate #2001')).toEqual(['Download PDF']);
  });

  it('converts after the confirm dialog and opens the new invoice', async () => {
    const newId = '00000000-0000-4000-8000-0000000000f7';
    const fetchMock = mockApi(
      estimateReply(estimate({ status: 'APPROVED' })),
      route('POST', `/api/estimates/${ESTIMATE_ID}/convert`, { status: 201, body: { data: { id: newId, invoiceNumber: 3008 }, message: 'ok' } }),
    );
    const { router } = renderApp(`/workorder/estimates/${ESTIMATE_ID}`, makeSession());
    expect(await actionsShown('Estimate #2001')).toEqual(['Download PDF', 'Convert to invoice', 'Void']);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Convert to invoice' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Convert to invoice' }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    await user.click(dialog.getByRole('button', { name: 'Convert' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/workorder/invoices/${newId}/create`));
  });

  it('asks before editing a sent (partly paid) invoice — the original stays, a new draft copy opens — and copies nothing when cancelled', async () => {
    const copyId = '00000000-0000-4000-8000-0000000000c1';
    const paid = invoice({ status: 'SENT', paidAmount: 100, balance: 350, actions: invoiceActions({ status: 'SENT', paidCents: 10_000 }, true) });
    const fetchMock = mockApi(
      route('GET', `/api/invoices/${INVOICE_ID}`, { body: { data: paid } }),
      route('POST', `/api/invoices/${INVOICE_ID}/draft`, {
        status: 201,
        body: { data: invoice({ id: copyId, invoiceNumber: 3002, status: 'DRAFT' }), message: INVOICE_MESSAGES.editCopy },
      }),
    );
    const { router } = renderApp(`/workorder/invoices/${INVOICE_ID}`, makeSession());
    await screen.findByRole('heading', { level: 1, name: 'Invoice #3001' });
    const user = userEvent.setup();
    const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').length;

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    let dialog = within(await screen.findByRole('dialog', { name: INVOICE_MESSAGES.editCopyTitle }));
    expect(dialog.getByText('Invoice #3001 is open and stays as it is. Editing creates a new draft invoice copied from it.')).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts()).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    dialog = within(await screen.findByRole('dialog', { name: INVOICE_MESSAGES.editCopyTitle }));
    await user.click(dialog.getByRole('button', { name: INVOICE_MESSAGES.editCopyAction }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/workorder/invoices/${copyId}/create`));
    expect(posts()).toBe(1);
  });

  it('deletes a draft after the confirm dialog and goes back to the list', async () => {
    const fetchMock = mockApi(
      estimateReply(estimate({ status: 'DRAFT' })),
      route('DELETE', `/api/estimates/${ESTIMATE_ID}`, { body: { message: 'Estimate 2001 deleted successfully' } }),
      route('GET', '/api/estimates', { body: { data: [], pagination: { totalItems: 0, totalPages: 1, currentPage: 1, itemsPerPage: 10 } } }),
    );
    const { router } = renderApp(`/workorder/estimates/${ESTIMATE_ID}`, makeSession());
    expect(await actionsShown('Estimate #2001')).toEqual(['Download PDF', 'Edit', 'Send', 'Onsite Approval', 'Void', 'Delete']);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete estimate' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/workorder/estimates'));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true);
  });

  it('records a full payment: the invoice refreshes and becomes Paid', async () => {
    let paid = false;
    const current = () =>
      paid
        ? invoice({
            status: 'PAID',
            paidAmount: 450,
            payments: [{ id: 'p1', amount: 450, paidOn: '2025-03-06', method: 'CASH', reference: null, createdAt: '2025-03-06T10:00:00.000Z' }],
          })
        : invoice();
    mockApi(
      emailDraftReply('invoice', INVOICE_ID),
      (url, init) => ((init?.method ?? 'GET') === 'GET' && url.pathname === `/api/invoices/${INVOICE_ID}` ? { body: { data: current() } } : undefined),
      (url, init) => {
        if (init?.method !== 'POST' || url.pathname !== `/api/invoices/${INVOICE_ID}/payments`) return undefined;
        paid = true;
        return { status: 201, body: { data: current() } };
      },
    );
    renderApp(`/workorder/invoices/${INVOICE_ID}`, makeSession());
    expect(await actionsShown('Invoice #3001')).toEqual(['Download PDF', 'Edit', 'Void', 'Record Payment']);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Record Payment' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Record Payment' }));
    await user.click(dialog.getByRole('button', { name: 'Record Payment' }));
    expect(await screen.findByText(INVOICE_MESSAGES.paymentRecorded)).toBeTruthy();
    const doc = await screen.findByRole('article', { name: 'Invoice #3001' });
    await waitFor(() => expect(within(doc).getByText('Paid', { selector: 'span' })).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Record Payment' })).toBeNull();
  });

  it('records the deposit of a sent estimate: the fixed amount, date, method and reference go to the deposit route', async () => {
    let body: unknown = null;
    const sent = estimate({
      status: 'SENT',
      isDepositRequired: true,
      depositAmount: 100,
      actions: estimateActions({ status: 'SENT', isConverted: false, isDepositRequired: true, depositCents: 10_000 }, true),
    });
    const paid = estimate({
      status: 'PAID',
      isDepositRequired: true,
      depositAmount: 100,
      depositPayment: { amount: 100, paidOn: '2025-03-06', method: 'CHECK', reference: 'Chk 12' },
      actions: estimateActions({ status: 'PAID', isConverted: false, isDepositRequired: true, depositCents: 10_000 }, true),
    });
    mockApi(
      (url, init) =>
        (init?.method ?? 'GET') === 'GET' && url.pathname === `/api/estimates/${ESTIMATE_ID}` ? { body: { data: body ? paid : sent } } : undefined,
      (url, init) => {
        if (init?.method !== 'POST' || url.pathname !== `/api/estimates/${ESTIMATE_ID}/deposit`) return undefined;
        body = JSON.parse(String(init.body));
        return { body: { data: paid, message: ESTIMATE_MESSAGES.depositRecorded } };
      },
    );
    renderApp(`/workorder/estimates/${ESTIMATE_ID}`, makeSession());
    await screen.findByRole('heading', { level: 1, name: 'Estimate #2001' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Record Deposit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Record Deposit' }));
    const amount = dialog.getByLabelText(/Amount/) as HTMLInputElement;
    expect([amount.value, amount.readOnly]).toEqual(['100.00', true]);
    await user.selectOptions(dialog.getByLabelText(/Method/), 'CHECK');
    await user.type(dialog.getByLabelText(/Reference/), 'Chk 12');
    await user.click(dialog.getByRole('button', { name: 'Record Deposit' }));
    expect(await screen.findByText(ESTIMATE_MESSAGES.depositRecorded)).toBeTruthy();
    expect(body).toMatchObject({ method: 'CHECK', reference: 'Chk 12', paidOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect(body).not.toHaveProperty('amount');
    expect(await screen.findByText(/\$100\.00 · Mar 6, 2025 · Check · Chk 12/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Record Deposit' })).toBeNull();
  });

  it('offers Delete and Send on a draft invoice, not Record Payment', async () => {
    mockApi(route('GET', `/api/invoices/${INVOICE_ID}`, { body: { data: invoice({ status: 'DRAFT' }) } }));
    renderApp(`/workorder/invoices/${INVOICE_ID}`, makeSession());
    expect(await actionsShown('Invoice #3001')).toEqual(['Download PDF', 'Edit', 'Send', 'Void', 'Delete']);
  });
});
