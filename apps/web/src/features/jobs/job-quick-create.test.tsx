import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeSession, mockApi, renderApp, route } from '../../test-utils';
import { tasksReply } from '../../shared/tasks/test-fixtures';
import { ADDRESS2_ID, ADDRESS_ID, CUSTOMER_ID, JOB_ID, customer, job } from '../../shared/jobs/test-fixtures';

const NEW_ID = 'd0c00000-0000-4000-8000-000000000001';
const jobReply = (overrides = {}) => route('GET', `/api/jobs/${JOB_ID}`, { body: { data: job(overrides) } });
const customerReply = route('GET', `/api/customers/${CUSTOMER_ID}`, { body: { data: customer() } });
const posts = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
  fetchMock.mock.calls
    .filter(([u, init]) => new URL(String(u), 'http://localhost').pathname === path && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);

async function openMenu() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: /Quick create/ }));
  return user;
}

describe('job quick-create menu', { timeout: 20_000 }, () => {
  it('offers Create New Estimate, Create New Invoice and Add Cost on an open job', async () => {
    mockApi(tasksReply([]), jobReply(), customerReply);
    renderApp(`/workorder/jobs/${JOB_ID}`, makeSession('Admin', 'fullAccess'));
    await openMenu();
    expect(await screen.findByRole('menuitem', { name: 'Create New Estimate' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Create New Invoice' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Add Cost' }).getAttribute('href')).toBe(`/workorder/task-details/actual-costs?jobId=${JOB_ID}`);
  });

  it('is hidden on a closed job and for a view-only user', async () => {
    mockApi(tasksReply([]), jobReply({ status: 'CLOSED', actions: { edit: false, addNote: false } }));
    const closed = renderApp(`/workorder/jobs/${JOB_ID}`, makeSession('Admin', 'fullAccess'));
    await screen.findByRole('heading', { name: /Job #1042/ });
    expect(screen.queryByRole('button', { name: /Quick create/ })).toBeNull();
    closed.unmount();

    mockApi(tasksReply([]), jobReply());
    renderApp(`/workorder/jobs/${JOB_ID}`, makeSession('Staff', 'onlyViewAccess'));
    await screen.findByRole('heading', { name: /Job #1042/ });
    expect(screen.queryByRole('button', { name: /Quick create/ })).toBeNull();
  });

  it('refuses an empty description and creates nothing', async () => {
    const fetchMock = mockApi(tasksReply([]), jobReply(), customerReply);
    renderApp(`/workorder/jobs/${JOB_ID}`, makeSession('Admin', 'fullAccess'));
    const user = await openMenu();
    await user.click(await screen.findByRole('menuitem', { name: 'Create New Estimate' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create New Estimate' }));
    expect((dialog.getByLabelText(/Site Address/) as HTMLSelectElement).value).toBe(ADDRESS_ID);
    await user.type(dialog.getByLabelText(/Description/), '   ');
    await user.click(dialog.getByRole('button', { name: 'Create Estimate' }));
    expect(await dialog.findByText('This field is required')).toBeTruthy();
    expect(posts(fetchMock, '/api/estimates')).toEqual([]);
  });

  it('creates a draft estimate on the job with the site address and description, then opens its create page', async () => {
    const fetchMock = mockApi(tasksReply([]), jobReply(), customerReply, route('POST', '/api/estimates', { status: 201, body: { data: { id: NEW_ID } } }));
    const { router } = renderApp(`/workorder/jobs/${JOB_ID}`, makeSession('Admin', 'fullAccess'));
    const user = await openMenu();
    await user.click(await screen.findByRole('menuitem', { name: 'Create New Estimate' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create New Estimate' }));
    await dialog.findByRole('option', { name: /40 Pier Rd/ });
    await user.selectOptions(dialog.getByLabelText(/Site Address/), ADDRESS2_ID);
    await user.type(dialog.getByLabelText(/Description/), 'Replace the boiler pump');
    await user.click(dialog.getByRole('button', { name: 'Create Estimate' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/workorder/estimates/${NEW_ID}/create`));
    expect(posts(fetchMock, '/api/estimates')).toEqual([
      {
        mode: 'Draft',
        jobInfo: { type: 'Existing', jobId: JOB_ID, accountAddressId: ADDRESS2_ID },
        estimateInfo: { depositAmount: 0, isDepositRequired: false, freight: 0, estimateCustomerMessage: 'Replace the boiler pump' },
        productServices: [],
      },
    ]);
  });

  it('creates a draft invoice the same way and shows a refusal in the dialog', async () => {
    const fetchMock = mockApi(
      tasksReply([]),
      jobReply(),
      customerReply,
      route('POST', '/api/invoices', {
        status: 409,
        body: { statusCode: 409, code: 'CONFLICT', message: 'Only an open job can take new estimates or invoices.' },
      }),
    );
    renderApp(`/workorder/jobs/${JOB_ID}`, makeSession('Admin', 'fullAccess'));
    const user = await openMenu();
    await user.click(await screen.findByRole('menuitem', { name: 'Create New Invoice' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create New Invoice' }));
    await user.type(dialog.getByLabelText(/Description/), 'Call-out fee');
    await user.click(dialog.getByRole('button', { name: 'Create Invoice' }));
    expect(await dialog.findByText('Only an open job can take new estimates or invoices.')).toBeTruthy();
    expect(posts(fetchMock, '/api/invoices')).toEqual([
      {
        mode: 'Draft',
        jobInfo: { type: 'Existing', jobId: JOB_ID, accountAddressId: ADDRESS_ID },
        invoiceInfo: { depositAmount: 0, isDepositRequired: false, freight: 0, invoiceCustomerMessage: 'Call-out fee' },
        productServices: [],
      },
    ]);
  });
});
