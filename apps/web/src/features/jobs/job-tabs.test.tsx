import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeSession, mockApi, renderApp, route } from '../../test-utils';
import { estimateItem, estimatesReply, invoiceItem, invoicesReply, listCalls } from '../../shared/billing/list-test-fixtures';
import { tasksReply } from '../../shared/tasks/test-fixtures';
import { JOB_ID, job } from '../../shared/jobs/test-fixtures';

const jobReply = (overrides = {}) => route('GET', `/api/jobs/${JOB_ID}`, { body: { data: job(overrides) } });

describe('job page Estimates tab', { timeout: 20_000 }, () => {
  it("lists the job's estimates with the spec's columns, asking the API for this job only", async () => {
    const fetchMock = mockApi(jobReply(), tasksReply([]), estimatesReply());
    renderApp(`/workorder/jobs/${JOB_ID}?tf_tab=estimates`, makeSession('Admin', 'fullAccess'));
    const table = await screen.findByRole('table', { name: 'Estimates' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Estimate Number', 'Created By', 'Estimate Amount', 'Deposit Amount', 'Created On', 'Status', 'Actions']);
    expect(await within(table).findByText('$1,234.50')).toBeTruthy();
    expect(within(table).getByText('Alex Kim')).toBeTruthy();
    expect(within(table).getByText('Open')).toBeTruthy();
    const calls = listCalls(fetchMock, '/api/estimates');
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((u) => u.searchParams.get('jobId') === JOB_ID)).toBe(true);
    expect(screen.getByRole('link', { name: 'Create New Estimate' }).getAttribute('href')).toBe(`/workorder/estimates/new/create?jobId=${JOB_ID}`);
    expect(screen.getByRole('button', { name: 'Link Existing' })).toBeTruthy();
    // Sortable by deposit; searchable by number, still for this job.
    const user = userEvent.setup();
    await user.click(within(table).getByRole('button', { name: 'Deposit Amount' }));
    await waitFor(() => expect(listCalls(fetchMock, '/api/estimates').at(-1)?.searchParams.get('orderByKey')).toBe('deposit'));
    await user.type(screen.getByRole('searchbox', { name: 'Search by estimate number' }), '2001');
    await waitFor(() => expect(listCalls(fetchMock, '/api/estimates').at(-1)?.searchParams.get('searchText')).toBe('2001'));
    expect(listCalls(fetchMock, '/api/estimates').at(-1)?.searchParams.get('jobId')).toBe(JOB_ID);
  });

  it('hides Create New Estimate and Link Existing on a closed job', async () => {
    mockApi(jobReply({ status: 'CLOSED', actions: { edit: false, addNote: false } }), tasksReply([]), estimatesReply([]));
    renderApp(`/workorder/jobs/${JOB_ID}?tf_tab=estimates`, makeSession('Admin', 'fullAccess'));
    expect(await screen.findByText('You have no data yet')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Link Existing' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Create New Estimate' })).toBeNull();
  });

  it('hides them from a view-only user', async () => {
    mockApi(jobReply(), tasksReply([]), estimatesReply([estimateItem({}, false)]));
    renderApp(`/workorder/jobs/${JOB_ID}?tf_tab=estimates`, makeSession('Staff', 'onlyViewAccess'));
    expect(await screen.findByRole('link', { name: 'Estimate #2001' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Link Existing' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Create New Estimate' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit estimate #2001' })).toBeNull();
  });
});

describe('job page Invoices tab', { timeout: 20_000 }, () => {
  it("lists the job's invoices with the spec's columns and row actions", async () => {
    const fetchMock = mockApi(jobReply(), tasksReply([]), invoicesReply([invoiceItem({ status: 'DRAFT' })]));
    renderApp(`/workorder/jobs/${JOB_ID}?tf_tab=invoices`, makeSession('Admin', 'fullAccess'));
    const table = await screen.findByRole('table', { name: 'Invoices' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Job Number', 'Invoice Number', 'Created By', 'Invoice Amount', 'Deposit Amount', 'Created On', 'Status', 'Actions']);
    expect(await within(table).findByText('Draft')).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'Edit invoice #3001' })).toBeTruthy();
    expect(listCalls(fetchMock, '/api/invoices').every((u) => u.searchParams.get('jobId') === JOB_ID)).toBe(true);
    expect(screen.getByRole('link', { name: 'Create New Invoice' }).getAttribute('href')).toBe(`/workorder/invoices/new/create?jobId=${JOB_ID}`);
    expect(screen.getByRole('button', { name: 'Link Existing' })).toBeTruthy();
  });

  it('hides Link Existing on a cancelled job', async () => {
    mockApi(jobReply({ status: 'CANCELLED' }), tasksReply([]), invoicesReply([]));
    renderApp(`/workorder/jobs/${JOB_ID}?tf_tab=invoices`, makeSession('Admin', 'fullAccess'));
    expect(await screen.findByText('You have no data yet')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Link Existing' })).toBeNull();
  });

  it('hides Link Existing from view-only users of an open job', async () => {
    mockApi(jobReply(), tasksReply([]), invoicesReply([]));
    renderApp(`/workorder/jobs/${JOB_ID}?tf_tab=invoices`, makeSession('Staff', 'onlyViewAccess'));
    expect(await screen.findByText('You have no data yet')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Link Existing' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Create New Invoice' })).toBeNull();
  });
});

describe('job page Messages tab', { timeout: 20_000 }, () => {
  const sent = {
    id: '00000000-0000-4000-8000-00000000a001',
    kind: 'invoice',
    subject: 'Invoice #3001 from Acme',
    state: 'sent',
    error: null,
    attachment: 'invoice-pdf',
    customerId: null,
    jobId: JOB_ID,
    estimateId: null,
    invoiceId: null,
    createdAt: '2026-11-20T15:00:00.000Z',
    sentAt: '2026-11-20T15:00:02.000Z',
    createdBy: null,
    recipients: [
      { address: 'billing@riverside.test', role: 'to', state: 'sent', error: null },
      { address: 'site@riverside.test', role: 'to', state: 'failed', error: '550 mailbox unavailable' },
    ],
  };

  it("lists what was emailed about the job, each recipient's state, for this job only", async () => {
    const fetchMock = mockApi(jobReply(), tasksReply([]), route('GET', '/api/messages', { body: { data: { items: [sent] } } }));
    renderApp(`/workorder/jobs/${JOB_ID}?tf_tab=messages`, makeSession('Admin', 'fullAccess'));
    const table = await screen.findByRole('table', { name: 'Messages' });
    expect(await within(table).findByText('billing@riverside.test')).toBeTruthy();
    expect(within(table).getByText('site@riverside.test')).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(listCalls(fetchMock, '/api/messages').every((u) => u.searchParams.get('jobId') === JOB_ID)).toBe(true);
  });

  it('shows a view-only user what was sent, without Retry', async () => {
    mockApi(jobReply(), tasksReply([]), route('GET', '/api/messages', { body: { data: { items: [sent] } } }));
    renderApp(`/workorder/jobs/${JOB_ID}?tf_tab=messages`, makeSession('Staff', 'onlyViewAccess'));
    const table = await screen.findByRole('table', { name: 'Messages' });
    expect(await within(table).findByText('site@riverside.test')).toBeTruthy();
    expect(within(table).queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});

describe('job page Tasks tab', { timeout: 20_000 }, () => {
  it('never says "Total tasks: 2" above "You have no data yet": an empty Assigned to Me says why and offers All', async () => {
    const fetchMock = mockApi(
      jobReply({ statusInfo: { status: 'OPEN', openTasksCount: 2, overdueTasksCount: 0, totalTasksCount: 2, summary: null } }),
      tasksReply([]),
    );
    renderApp(`/workorder/jobs/${JOB_ID}?tf_tab=tasks`, makeSession('Admin', 'fullAccess'));
    expect(await screen.findByText('None of this job’s tasks are assigned to you')).toBeTruthy();
    expect(screen.queryByText('You have no data yet')).toBeNull();
    expect(screen.getByText('The job has 2 tasks in all.')).toBeTruthy();
    expect(screen.getByText(/Assigned to me:/).textContent).toBe('Assigned to me: 0 of 2 tasks');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Show all tasks' }));
    await waitFor(() => expect(listCalls(fetchMock, '/api/tasks').at(-1)?.searchParams.get('assignedStatus')).toBe('ALL'));
  });
});
