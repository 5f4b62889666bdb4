import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from 'sonner';
import type { EstimateListItem } from '@fieldwork/domain/billing/estimates.schemas';
import { LINK_MESSAGES } from '@fieldwork/domain/billing/estimates.rules';
import type { InvoiceListItem } from '@fieldwork/domain/billing/invoices.schemas';
import { AuthProvider, SESSION_KEY } from '../../lib/auth-context';
import { makeSession, mockApi, route, testQueryClient } from '../../test-utils';
import { LinkToJobPanel, type LinkToJobPanelProps } from './link-to-job-panel';

const JOB = { id: '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b', jobNumber: 1042, customerId: '7d1f3d2e-8a53-4c57-9b1a-2f0d4c6b9a10' };
const OTHER_CUSTOMER = 'aaaaaaaa-8a53-4c57-9b1a-2f0d4c6b9a10';
const ids = [
  'e0000000-0000-4000-8000-000000000001',
  'e0000000-0000-4000-8000-000000000002',
  'e0000000-0000-4000-8000-000000000003',
  'e0000000-0000-4000-8000-000000000004',
];

/** The list fields the panel reads; the rest of the DTO does not matter here. */
const estimate = (n: number, overrides: Partial<EstimateListItem> = {}) =>
  ({
    id: ids[n - 1],
    estimateNumber: 500 + n,
    status: 'SENT',
    totalAmount: 100 * n,
    createdAt: '2026-11-02T15:00:00.000Z',
    account: { id: JOB.customerId, name: 'Northwind Plumbing' },
    job: null,
    ...overrides,
  }) as EstimateListItem;

const page = <T,>(data: T[]) => ({ data, pagination: { totalItems: data.length, totalPages: data.length ? 1 : 0, currentPage: 1, itemsPerPage: 10 } });
const listReply = (items: unknown[] = [estimate(1), estimate(2)]) => route('GET', '/api/estimates', { body: page(items) });

function renderPanel(props: Partial<LinkToJobPanelProps> = {}) {
  const queryClient = testQueryClient();
  queryClient.setQueryData(SESSION_KEY, makeSession('Admin', 'fullAccess'));
  const onOpenChange = vi.fn();
  render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <LinkToJobPanel kind="estimate" job={JOB} open onOpenChange={onOpenChange} {...props} />
      </AuthProvider>
      <Toaster />
    </QueryClientProvider>,
  );
  return { onOpenChange, user: userEvent.setup() };
}

const listCalls = (fetchMock: ReturnType<typeof mockApi>, path = '/api/estimates') =>
  fetchMock.mock.calls.map(([u]) => new URL(String(u), 'http://localhost')).filter((u) => u.pathname === path);
const row = (name: RegExp) => screen.getByRole('row', { name });
const linkButton = () => screen.getByRole('button', { name: 'Link to this Job' }) as HTMLButtonElement;

describe('link-to-job panel', { timeout: 20_000 }, () => {
  it('lists documents without a job (unlinked=true, 10 a page) under "Linking is permanent"', async () => {
    const fetchMock = mockApi(listReply());
    renderPanel();
    const sheet = within(await screen.findByRole('dialog', { name: 'Linking is permanent' }));
    expect(sheet.getByText('Once linked, an item cannot be unlinked.')).toBeTruthy();
    await screen.findByRole('row', { name: /#501/ });
    const query = listCalls(fetchMock)[0]?.searchParams;
    expect(query?.get('unlinked')).toBe('true');
    expect(query?.get('limit')).toBe('10');
    expect(sheet.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Select', 'Number', 'Customer', 'Amount', 'Created On', 'Status']);
    expect(within(row(/#502/)).getByText('$200.00')).toBeTruthy();
  });

  it('selects a row, replaces it with another, and deselects the same row; the button waits for a selection', async () => {
    mockApi(listReply());
    const { user } = renderPanel();
    await screen.findByRole('row', { name: /#501/ });
    expect(linkButton().disabled).toBe(true);
    await user.click(row(/#501/));
    expect(row(/#501/).getAttribute('aria-selected')).toBe('true');
    expect(linkButton().disabled).toBe(false);
    await user.click(row(/#502/));
    expect(row(/#501/).getAttribute('aria-selected')).toBe('false');
    expect(row(/#502/).getAttribute('aria-selected')).toBe('true');
    await user.click(row(/#502/));
    expect(row(/#502/).getAttribute('aria-selected')).toBe('false');
    expect(linkButton().disabled).toBe(true);
    row(/#501/).focus();
    await user.keyboard(' ');
    expect(row(/#501/).getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{Enter}');
    expect(row(/#501/).getAttribute('aria-selected')).toBe('false');
  });

  it('never selects a void item without a job ("-") or another customer\'s item', async () => {
    mockApi(listReply([estimate(1, { status: 'VOID' }), estimate(2, { account: { id: OTHER_CUSTOMER, name: 'Contoso' } })]));
    const { user } = renderPanel();
    await screen.findByRole('row', { name: /#501/ });
    const voidRow = row(/#501/);
    expect(voidRow.getAttribute('title')).toBe('A void item without a job cannot be linked.');
    expect(within(voidRow).getByText('-')).toBeTruthy();
    await user.click(voidRow);
    expect(voidRow.getAttribute('aria-selected')).toBe('false');
    const other = row(/#502/);
    expect(other.getAttribute('aria-disabled')).toBe('true');
    expect(other.getAttribute('title')).toBe("Belongs to Contoso, not this job's customer.");
    // The reason is on the row, not only in a hover title.
    expect(within(other).getByText("Belongs to Contoso, not this job's customer.")).toBeTruthy();
    await user.click(other);
    expect(other.getAttribute('aria-selected')).toBe('false');
    expect(linkButton().disabled).toBe(true);
  });

  it("asks for the job's customer's documents first and, when it has none, says so above the others", async () => {
    const fetchMock = mockApi(
      listReply([estimate(1, { account: { id: OTHER_CUSTOMER, name: 'Contoso' } }), estimate(2, { account: { id: OTHER_CUSTOMER, name: 'Contoso' } })]),
    );
    renderPanel();
    await screen.findByRole('row', { name: /#501/ });
    expect(listCalls(fetchMock)[0]?.searchParams.get('customerFirst')).toBe(JOB.customerId);
    expect(screen.getByRole('note').textContent).toBe(LINK_MESSAGES.noneOfCustomer('estimates'));
    expect(within(row(/#502/)).getByText("Belongs to Contoso, not this job's customer.")).toBeTruthy();
  });

  it('links the selection, toasts "Success" / "Linking to Job: 1042" and closes', async () => {
    const fetchMock = mockApi(
      listReply(),
      route('POST', '/api/estimates/link', { body: { data: { id: ids[0], jobId: JOB.id, jobNumber: 1042 }, message: 'ok' } }),
    );
    const { user, onOpenChange } = renderPanel();
    await user.click(await screen.findByRole('row', { name: /#501/ }));
    await user.click(linkButton());
    expect(await screen.findByText('Success')).toBeTruthy();
    expect(screen.getByText('Linking to Job: 1042')).toBeTruthy();
    expect(onOpenChange).toHaveBeenCalledWith(false);
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ estimateId: ids[0], jobId: JOB.id });
  });

  it('on a 409 toasts "Linking failed!" with the server message, stays open and refetches the list', async () => {
    const conflict = { statusCode: 409, code: 'CONFLICT', message: 'This item is already linked to a job. Linking is permanent.' };
    const fetchMock = mockApi(listReply(), route('POST', '/api/estimates/link', { status: 409, body: conflict }));
    const { user, onOpenChange } = renderPanel();
    await user.click(await screen.findByRole('row', { name: /#501/ }));
    const before = listCalls(fetchMock).length;
    await user.click(linkButton());
    expect(await screen.findByText('Linking failed!')).toBeTruthy();
    expect(screen.getByText(conflict.message)).toBeTruthy();
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
    expect(screen.getByRole('dialog', { name: 'Linking is permanent' })).toBeTruthy();
    await waitFor(() => expect(listCalls(fetchMock).length).toBeGreaterThan(before));
  });

  it('searches by number after the debounce and shows "No items found" when nothing matches', async () => {
    const fetchMock = mockApi((url) =>
      url.pathname === '/api/estimates' ? { body: page(url.searchParams.get('searchText') ? [] : [estimate(1)]) } : undefined,
    );
    const { user } = renderPanel();
    await screen.findByRole('row', { name: /#501/ });
    await user.type(screen.getByRole('searchbox', { name: 'Search estimates by number' }), '999');
    expect(await screen.findByText('No items found')).toBeTruthy();
    const last = listCalls(fetchMock).at(-1)?.searchParams;
    expect(last?.get('searchText')).toBe('999');
    expect(last?.get('searchBy')).toBe('estimateNumber');
    expect(last?.get('unlinked')).toBe('true');
  });

  it('lists and links invoices for kind "invoice"', async () => {
    const invoice = { ...estimate(1), invoiceNumber: 901, estimateNumber: undefined } as unknown as InvoiceListItem;
    const fetchMock = mockApi(
      route('GET', '/api/invoices', { body: page([invoice]) }),
      route('POST', '/api/invoices/link', { body: { data: { id: ids[0], jobId: JOB.id, jobNumber: 1042 }, message: 'ok' } }),
    );
    const { user } = renderPanel({ kind: 'invoice' });
    await user.click(await screen.findByRole('row', { name: /#901/ }));
    expect(listCalls(fetchMock, '/api/invoices')[0]?.searchParams.get('unlinked')).toBe('true');
    await user.click(linkButton());
    // Toasts of earlier tests may still be on screen (sonner keeps one store per module).
    expect((await screen.findAllByText('Linking to Job: 1042')).length).toBeGreaterThan(0);
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ invoiceId: ids[0], jobId: JOB.id });
  });
});
