import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeSession, mockApi, renderApp, route } from '../../test-utils';
import { ESTIMATE_NOTICE_TEXT } from '../../shared/billing/estimate-notice-bar';
import { ESTIMATE_ID, documentPage, estimateItem, estimatesReply, listCalls } from '../../shared/billing/list-test-fixtures';
import { JOB_ID } from '../../shared/jobs/test-fixtures';

const PAGE_COLUMNS = ['Account Name', 'Estimate Number', 'Estimate Amount', 'Deposit Amount', 'Created On', 'Job Number', 'Status', 'Actions'];

describe('estimates list page', { timeout: 20_000 }, () => {
  it('renders the rows from the API with money, badges, links and the notice bar', async () => {
    mockApi(estimatesReply([estimateItem(), estimateItem({ id: 'e2', estimateNumber: 2002, status: 'DRAFT', job: null, totalAmount: 99, depositAmount: 0 })]));
    renderApp('/workorder/estimates', makeSession('Admin', 'fullAccess'));
    const table = await screen.findByRole('table', { name: 'Estimates' });
    for (const header of PAGE_COLUMNS) expect(within(table).getByRole('columnheader', { name: header })).toBeTruthy();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const first = within(rows[0]!);
    expect(first.getByText('Northwind Plumbing')).toBeTruthy();
    expect(first.getByText('$1,234.50')).toBeTruthy();
    expect(first.getByText('$200.00')).toBeTruthy();
    expect(first.getByText('Mar 4, 2025')).toBeTruthy();
    expect(first.getByText('Open')).toBeTruthy();
    expect(first.getByRole('link', { name: 'Estimate #2001' }).getAttribute('href')).toBe(`/workorder/estimates/${ESTIMATE_ID}`);
    expect(first.getByRole('link', { name: '#1042' }).getAttribute('href')).toBe(`/workorder/jobs/${JOB_ID}`);
    const second = within(rows[1]!);
    // A draft opens its create page; no job reads "-".
    expect(second.getByRole('link', { name: 'Estimate #2002' }).getAttribute('href')).toBe('/workorder/estimates/e2/create');
    expect(second.getByText('-')).toBeTruthy();
    expect(second.getByText('Draft')).toBeTruthy();
    expect(second.getByText('$99.00')).toBeTruthy();
    expect(screen.getByText(ESTIMATE_NOTICE_TEXT)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create New' }).getAttribute('href')).toBe('/workorder/estimates/new/create');
  });

  it('says "You have no data yet" with no estimates and hides Create New from view-only users', async () => {
    mockApi(estimatesReply([]));
    renderApp('/workorder/estimates', makeSession('Staff', 'onlyViewAccess'));
    expect(await screen.findByText('You have no data yet')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Create New' })).toBeNull();
  });

  it('lets the notice bar be dismissed for the session', async () => {
    mockApi(estimatesReply([]));
    renderApp('/workorder/estimates', makeSession('Admin', 'fullAccess'));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Dismiss notice' }));
    expect(screen.queryByText(ESTIMATE_NOTICE_TEXT)).toBeNull();
    expect(sessionStorage.length).toBeGreaterThan(0);
    sessionStorage.clear();
  });

  it('searches by number after the debounce and sorts by amount from the header', async () => {
    const fetchMock = mockApi(estimatesReply([]));
    renderApp('/workorder/estimates', makeSession('Admin', 'fullAccess'));
    const user = userEvent.setup();
    await screen.findByText('You have no data yet');
    const first = listCalls(fetchMock, '/api/estimates')[0]!;
    expect(first.searchParams.get('orderByKey')).toBe('createdOn');
    expect(first.searchParams.get('orderByValue')).toBe('desc');
    expect(first.searchParams.get('limit')).toBe('10');
    await user.click(screen.getByRole('button', { name: 'Estimate Amount' }));
    await waitFor(() => expect(listCalls(fetchMock, '/api/estimates').some((u) => u.searchParams.get('orderByKey') === 'amount')).toBe(true));
    await user.type(screen.getByRole('searchbox', { name: 'Search by estimate number' }), '2001');
    expect(await screen.findByText('No results found')).toBeTruthy();
    await waitFor(() => expect(listCalls(fetchMock, '/api/estimates').at(-1)?.searchParams.get('searchText')).toBe('2001'));
    const last = listCalls(fetchMock, '/api/estimates').at(-1)!;
    expect(last.searchParams.get('searchBy')).toBe('estimateNumber');
    // Debounced: no request for a partial number.
    expect(listCalls(fetchMock, '/api/estimates').some((u) => u.searchParams.get('searchText') === '2')).toBe(false);
  });

  it('sends the Filter By choices only on Apply; Cancel drops them', async () => {
    const fetchMock = mockApi(estimatesReply());
    renderApp('/workorder/estimates', makeSession('Admin', 'fullAccess'));
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'Estimate #2001' });
    const filtered = () => listCalls(fetchMock, '/api/estimates').filter((u) => u.searchParams.has('createdOn') || u.searchParams.has('status'));

    await user.click(screen.getByRole('button', { name: 'Filter' }));
    let popover = within(await screen.findByRole('dialog', { name: 'Filter By' }));
    await user.selectOptions(popover.getByLabelText('Created On'), 'Last Month');
    await user.click(popover.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Filter By' })).toBeNull());
    expect(filtered()).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Filter' }));
    popover = within(await screen.findByRole('dialog', { name: 'Filter By' }));
    // Cancel discarded the earlier choice.
    expect((popover.getByLabelText('Created On') as HTMLSelectElement).value).toBe('');
    await user.selectOptions(popover.getByLabelText('Created On'), 'This Quarter');
    await user.click(popover.getByRole('button', { name: /Status/ }));
    await user.click(await screen.findByRole('checkbox', { name: 'Open' }));
    await user.click(screen.getByRole('checkbox', { name: 'Approved' }));
    await user.keyboard('{Escape}');
    expect(filtered()).toHaveLength(0);
    await user.click(within(screen.getByRole('dialog', { name: 'Filter By' })).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(filtered().length).toBeGreaterThan(0));
    const sent = filtered().at(-1)!;
    expect(sent.searchParams.get('createdOn')).toBe('this_quarter');
    expect(sent.searchParams.getAll('status')).toEqual(['SENT', 'APPROVED']);
    expect(sent.searchParams.get('page')).toBe('1');
    expect(screen.getByRole('button', { name: 'Filter (3 active)' })).toBeTruthy();
  });

  it('offers the row actions the server allows', async () => {
    mockApi(
      estimatesReply([
        estimateItem(),
        estimateItem({ id: 'e2', estimateNumber: 2002, status: 'APPROVED' }),
        estimateItem({ id: 'e3', estimateNumber: 2003, status: 'APPROVED', isConverted: true }),
      ]),
    );
    renderApp('/workorder/estimates', makeSession('Admin', 'fullAccess'));
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'Estimate #2001' });
    expect(screen.getByRole('button', { name: 'Edit estimate #2001' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'View estimate #2001' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'More actions for estimate #2001' }));
    const sentItems = (await screen.findAllByRole('menuitem')).map((i) => i.textContent?.trim());
    expect(sentItems).toEqual(['Download', 'Preview', 'Onsite Approval', 'Void']);
    await user.keyboard('{Escape}');

    // Approved: the edit icon is "view", and Convert to invoice appears until converted.
    expect(screen.getByRole('link', { name: 'View estimate #2002' }).getAttribute('href')).toBe('/workorder/estimates/e2');
    expect(screen.queryByRole('button', { name: 'Edit estimate #2002' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'More actions for estimate #2002' }));
    expect((await screen.findAllByRole('menuitem')).map((i) => i.textContent?.trim())).toEqual(['Download', 'Preview', 'Convert to invoice', 'Void']);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'More actions for estimate #2003' }));
    expect((await screen.findAllByRole('menuitem')).map((i) => i.textContent?.trim())).toEqual(['Download', 'Preview']);
  });

  it('gives view-only users only download, preview and view', async () => {
    mockApi(estimatesReply([estimateItem({ status: 'DRAFT' }, false)]));
    renderApp('/workorder/estimates', makeSession('Staff', 'onlyViewAccess'));
    const user = userEvent.setup();
    // A draft they cannot edit opens its view page.
    expect((await screen.findByRole('link', { name: 'Estimate #2001' })).getAttribute('href')).toBe(`/workorder/estimates/${ESTIMATE_ID}`);
    expect(screen.queryByRole('button', { name: 'Edit estimate #2001' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'More actions for estimate #2001' }));
    expect((await screen.findAllByRole('menuitem')).map((i) => i.textContent?.trim())).toEqual(['Download', 'Preview']);
  });

  it('deletes after the confirmation and shows the server message', async () => {
    const fetchMock = mockApi(
      estimatesReply([estimateItem({ status: 'DRAFT' })]),
      route('DELETE', `/api/estimates/${ESTIMATE_ID}`, { body: { message: 'Estimate 2001 deleted successfully' } }),
    );
    renderApp('/workorder/estimates', makeSession('Admin', 'fullAccess'));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'More actions for estimate #2001' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete estimate?' }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    await user.click(dialog.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Estimate 2001 deleted successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete estimate?' })).toBeNull());
  });

  it('converts an approved estimate after the confirmation and opens the new invoice', async () => {
    const invoiceId = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
    const fetchMock = mockApi(
      estimatesReply([estimateItem({ status: 'APPROVED' })]),
      route('POST', `/api/estimates/${ESTIMATE_ID}/convert`, { body: { data: { id: invoiceId, invoiceNumber: 3005 }, message: 'ok' } }),
    );
    const { router } = renderApp('/workorder/estimates', makeSession('Admin', 'fullAccess'));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'More actions for estimate #2001' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Convert to invoice' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Convert to invoice?' })).getByRole('button', { name: 'Convert' }));
    expect(await screen.findByText('Estimate converted to invoice successfully')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/workorder/invoices/${invoiceId}/create`));
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1);
  });

  it('shows a failed load under the table with the server message', async () => {
    mockApi(
      route('GET', '/api/estimates', {
        status: 400,
        body: { statusCode: 400, code: 'VALIDATION_FAILED', message: ['searchText must be less than or equal to 50 characters.'] },
      }),
    );
    renderApp('/workorder/estimates', makeSession('Admin', 'fullAccess'));
    expect(await screen.findByText('searchText must be less than or equal to 50 characters.')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Estimate Number' })).toBeTruthy();
    expect(screen.queryByText('You have no data yet')).toBeNull();
  });

  describe('on phones', () => {
    const setWidth = (width: number) => {
      Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
      window.dispatchEvent(new Event('resize'));
    };
    afterEach(() => setWidth(1024));

    it('shows cards with the spec fields, a sort select and Load more', async () => {
      setWidth(375);
      const second = estimateItem({ id: 'e2', estimateNumber: 2002 });
      const fetchMock = mockApi((url) =>
        url.pathname === '/api/estimates'
          ? {
              body:
                url.searchParams.get('page') === '2'
                  ? { ...documentPage([second], 11), pagination: { totalItems: 11, totalPages: 2, currentPage: 2, itemsPerPage: 10 } }
                  : documentPage([estimateItem()], 11),
            }
          : undefined,
      );
      renderApp('/workorder/estimates', makeSession('Admin', 'fullAccess'));
      const user = userEvent.setup();
      expect(await screen.findByRole('link', { name: 'Estimate #2001' })).toBeTruthy();
      expect(screen.queryByRole('table')).toBeNull();
      for (const label of ['Account Name', 'Estimate Amount', 'Deposit Amount', 'Created', 'Job Number']) expect(screen.getByText(label)).toBeTruthy();
      await user.selectOptions(screen.getByRole('combobox', { name: 'Sort estimates' }), 'Deposit (high–low)');
      await waitFor(() => expect(listCalls(fetchMock, '/api/estimates').at(-1)?.searchParams.get('orderByKey')).toBe('deposit'));
      await user.click(await screen.findByRole('button', { name: 'Load more' }));
      expect(await screen.findByRole('link', { name: 'Estimate #2002' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Estimate #2001' })).toBeTruthy();
    });
  });
});
