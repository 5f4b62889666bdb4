import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { INVOICE_MESSAGES } from '@fieldwork/domain/billing/invoices.rules';
import { makeSession, mockApi, renderApp, route } from '../../test-utils';
import { ESTIMATE_NOTICE_TEXT } from '../../shared/billing/estimate-notice-bar';
import { INVOICE_ID, invoiceItem, invoicesReply, listCalls } from '../../shared/billing/list-test-fixtures';

const PAGE_COLUMNS = ['Created On', 'Created By', 'Customer Name', 'Invoice Number', 'Job Number', 'Invoice Amount', 'Deposit Amount', 'Status', 'Actions'];

describe('invoices list page', { timeout: 20_000 }, () => {
  it('renders the rows from the API with money, badges, links and the notice bar', async () => {
    mockApi(invoicesReply([invoiceItem(), invoiceItem({ id: 'i2', invoiceNumber: 3002, status: 'PAID', job: null })]));
    renderApp('/workorder/invoices', makeSession('Admin', 'fullAccess'));
    const table = await screen.findByRole('table', { name: 'Invoices' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(PAGE_COLUMNS);
    const [first, second] = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r));
    expect(first!.getByText('Alex Kim')).toBeTruthy();
    expect(first!.getByText('Northwind Plumbing')).toBeTruthy();
    expect(first!.getByText('$1,234.50')).toBeTruthy();
    expect(first!.getByText('$200.00')).toBeTruthy();
    expect(first!.getByText('Open')).toBeTruthy();
    expect(first!.getByRole('link', { name: 'Invoice #3001' }).getAttribute('href')).toBe(`/workorder/invoices/${INVOICE_ID}`);
    expect(second!.getByText('Paid')).toBeTruthy();
    expect(second!.getByText('-')).toBeTruthy();
    expect(screen.getByText(ESTIMATE_NOTICE_TEXT)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create New' }).getAttribute('href')).toBe('/workorder/invoices/new/create');
  });

  it('says "You have no data yet", and "No results found" once a search matches nothing', async () => {
    const fetchMock = mockApi(invoicesReply([]));
    renderApp('/workorder/invoices', makeSession('Staff', 'onlyViewAccess'));
    const user = userEvent.setup();
    expect(await screen.findByText('You have no data yet')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Create New' })).toBeNull();
    await user.type(screen.getByRole('searchbox', { name: 'Search by invoice number' }), '77');
    expect(await screen.findByText('No results found')).toBeTruthy();
    await waitFor(() => expect(listCalls(fetchMock, '/api/invoices').at(-1)?.searchParams.get('searchText')).toBe('77'));
    expect(listCalls(fetchMock, '/api/invoices').at(-1)?.searchParams.get('searchBy')).toBe('invoiceNumber');
  });

  it('applies the Filter By status and created-on choices', async () => {
    const fetchMock = mockApi(invoicesReply());
    renderApp('/workorder/invoices', makeSession('Admin', 'fullAccess'));
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'Invoice #3001' });
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    const popover = within(await screen.findByRole('dialog', { name: 'Filter By' }));
    await user.selectOptions(popover.getByLabelText('Created On'), 'Last Year');
    await user.click(popover.getByRole('button', { name: /Status/ }));
    await user.click(await screen.findByRole('checkbox', { name: 'Paid' }));
    await user.keyboard('{Escape}');
    await user.click(within(screen.getByRole('dialog', { name: 'Filter By' })).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(listCalls(fetchMock, '/api/invoices').at(-1)?.searchParams.get('createdOn')).toBe('last_year'));
    expect(listCalls(fetchMock, '/api/invoices').at(-1)?.searchParams.getAll('status')).toEqual(['PAID']);
  });

  it('opened from the dashboard with ?overdue=true lists overdue invoices until the chip is removed', async () => {
    const fetchMock = mockApi(invoicesReply());
    const { router } = renderApp('/workorder/invoices?overdue=true', makeSession('Admin', 'fullAccess'));
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'Invoice #3001' });
    expect(listCalls(fetchMock, '/api/invoices').at(-1)?.searchParams.get('overdue')).toBe('true');
    expect(screen.getByText('Overdue only')).toBeTruthy();
    const calls = listCalls(fetchMock, '/api/invoices').length;
    await user.click(screen.getByRole('link', { name: 'Remove the overdue filter' }));
    await waitFor(() => expect(listCalls(fetchMock, '/api/invoices').length).toBeGreaterThan(calls));
    expect(listCalls(fetchMock, '/api/invoices').at(-1)?.searchParams.has('overdue')).toBe(false);
    expect(router.state.location.search).toEqual({});
    expect(screen.queryByText('Overdue only')).toBeNull();
  });

  it('keeps only overdue=true from the address', async () => {
    const fetchMock = mockApi(invoicesReply());
    renderApp('/workorder/invoices?overdue=maybe', makeSession('Admin', 'fullAccess'));
    await screen.findByRole('link', { name: 'Invoice #3001' });
    expect(listCalls(fetchMock, '/api/invoices').at(-1)?.searchParams.has('overdue')).toBe(false);
    expect(screen.queryByText('Overdue only')).toBeNull();
  });

  it('offers edit for Draft and Sent, view for all, and delete for Draft only', async () => {
    mockApi(
      invoicesReply([
        invoiceItem({ status: 'DRAFT' }),
        invoiceItem({ id: 'i2', invoiceNumber: 3002 }),
        invoiceItem({ id: 'i3', invoiceNumber: 3003, status: 'PAID' }),
      ]),
    );
    renderApp('/workorder/invoices', makeSession('Admin', 'fullAccess'));
    const user = userEvent.setup();
    // A draft's number opens its create page.
    expect((await screen.findByRole('link', { name: 'Invoice #3001' })).getAttribute('href')).toBe(`/workorder/invoices/${INVOICE_ID}/create`);
    expect(screen.getByRole('button', { name: 'Edit invoice #3001' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit invoice #3002' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit invoice #3003' })).toBeNull();
    for (const n of [3001, 3002, 3003]) expect(screen.getByRole('link', { name: `View invoice #${n}` })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'More actions for invoice #3001' }));
    expect((await screen.findAllByRole('menuitem')).map((i) => i.textContent?.trim())).toEqual(['Download', 'Send', 'Void', 'Delete']);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'More actions for invoice #3002' }));
    expect((await screen.findAllByRole('menuitem')).map((i) => i.textContent?.trim())).toEqual(['Download', 'Void']);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'More actions for invoice #3003' }));
    expect((await screen.findAllByRole('menuitem')).map((i) => i.textContent?.trim())).toEqual(['Download']);
  });

  it('deletes a draft after the confirmation with the server toast', async () => {
    mockApi(
      invoicesReply([invoiceItem({ status: 'DRAFT' })]),
      route('DELETE', `/api/invoices/${INVOICE_ID}`, { body: { message: 'Invoice 3001 deleted successfully' } }),
    );
    renderApp('/workorder/invoices', makeSession('Admin', 'fullAccess'));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'More actions for invoice #3001' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete invoice?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Invoice 3001 deleted successfully')).toBeTruthy();
  });

  it('copies a sent invoice into a draft to edit it', async () => {
    const draftId = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
    mockApi(
      invoicesReply(),
      route('POST', `/api/invoices/${INVOICE_ID}/draft`, { body: { data: invoiceItem({ id: draftId, status: 'DRAFT' }), message: 'ok' } }),
    );
    const { router } = renderApp('/workorder/invoices', makeSession('Admin', 'fullAccess'));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit invoice #3001' }));
    // The row's Edit asks first too: the original stays, a new draft is created.
    const dialog = within(await screen.findByRole('dialog', { name: INVOICE_MESSAGES.editCopyTitle }));
    expect(dialog.getByText(INVOICE_MESSAGES.editCopyConfirm(3001, 'SENT'))).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: INVOICE_MESSAGES.editCopyAction }));
    expect(await screen.findByText('Now, You can edit your Invoice.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/workorder/invoices/${draftId}/create`));
  });
});
