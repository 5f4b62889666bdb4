import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { JOB_COLUMN_KEYS, type JobColumnKey } from '@fieldwork/domain/common/table-config.schemas';
import { formatMoney } from '../../lib/money';
import { makeSession, mockApi, renderApp, route } from '../../test-utils';
import { NO_ACCESS_TEXT } from '../../components/no-access-panel';
import { listItem, pageOf } from '../../shared/jobs/test-fixtures';

const configWith = (enabled: readonly JobColumnKey[]) => ({
  data: { type: 'JOBS', config: JOB_COLUMN_KEYS.map((key) => ({ key, enabled: enabled.includes(key) })) },
});

const jobsReply = (items = [listItem()]) => route('GET', '/api/jobs', { body: pageOf(items) });

describe('job list page', { timeout: 20_000 }, () => {
  it('tells technicians the job list is unavailable', async () => {
    mockApi();
    renderApp('/workorder/jobs', makeSession('Technician', 'noAccess'));
    expect(await screen.findByText('Page unavailable')).toBeTruthy();
    expect(screen.getByText("Technicians have no access to the Job's listing page")).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go back' })).toBeTruthy();
  });

  it('shows the no-access panel to office users without work-order access', async () => {
    const fetchMock = mockApi();
    renderApp('/workorder/jobs', makeSession('Staff', 'noAccess'));
    expect(await screen.findByText(NO_ACCESS_TEXT)).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/jobs'))).toBe(false);
  });

  it('shows every default column and the empty state when there are no jobs', async () => {
    mockApi(jobsReply([]));
    renderApp('/workorder/jobs', makeSession('Staff', 'partialAccess'));
    expect(await screen.findByText('You have no data yet')).toBeTruthy();
    for (const header of [
      'Created On',
      'Customer Name',
      'Job Lead',
      'Sales Manager',
      'Job Number',
      'Job Name',
      'Job Status',
      'Job Service Areas',
      'Job Tags',
      'Open Estimates',
      'Due Invoices',
      'Actions',
    ]) {
      expect(screen.getByRole('columnheader', { name: header })).toBeTruthy();
    }
    expect(screen.getByRole('columnheader', { name: /^Paid Amount/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create New' })).toBeTruthy();
  });

  it('hides Create New without write access', async () => {
    mockApi(jobsReply([]));
    renderApp('/workorder/jobs', makeSession('Staff', 'onlyViewAccess'));
    expect(await screen.findByText('You have no data yet')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Create New' })).toBeNull();
  });

  it('shows only the columns the configuration enables, Job Status always', async () => {
    mockApi(jobsReply(), route('GET', '/api/table-configuration', { body: configWith(['JOB_NUMBER', 'PAID_AMOUNT', 'OPEN_BALANCE']) }));
    renderApp('/workorder/jobs', makeSession('Admin', 'fullAccess'));
    expect(await screen.findByRole('columnheader', { name: 'Job Number' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Job Status' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeTruthy();
    const money = screen.getByRole('columnheader', { name: /^Paid Amount/ });
    expect(within(money).getByRole('button', { name: 'Paid' })).toBeTruthy();
    expect(within(money).getByRole('button', { name: 'Open Balance' })).toBeTruthy();
    expect(within(money).queryByRole('button', { name: 'Total Cost' })).toBeNull();
    for (const hidden of ['Customer Name', 'Created On', 'Job Name', 'Job Lead', 'Open Estimates', 'Due Invoices']) {
      expect(screen.queryByRole('columnheader', { name: hidden })).toBeNull();
    }
    // The configured order is the table's order.
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers[0]).toBe('Job Number');
    expect(headers[1]).toBe('Job Status');
  });

  it('formats money with a dollar sign, thousands separator and two decimals', async () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    mockApi(jobsReply());
    renderApp('/workorder/jobs', makeSession('Admin', 'fullAccess'));
    const row = await screen.findByRole('row', { name: 'Open job #1042' });
    // Open estimates and paid amount are both 1234.5.
    expect(within(row).getAllByText('$1,234.50')).toHaveLength(2);
    expect(within(row).getByText('$99.00')).toBeTruthy();
    expect(within(row).getByText('Northwind Plumbing')).toBeTruthy();
  });

  it('sends sort, search and filters to the server and reads "No results found" when nothing matches', async () => {
    const fetchMock = mockApi(jobsReply([]));
    renderApp('/workorder/jobs', makeSession('Admin', 'fullAccess'));
    const user = userEvent.setup();
    await screen.findByText('You have no data yet');
    await user.click(screen.getByRole('button', { name: 'Job Number' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => String(u).includes('orderByKey=jobNumber&orderByValue=asc'))).toBe(true));
    await user.type(screen.getByRole('searchbox', { name: 'Search by job number' }), '1042');
    expect(await screen.findByText('No results found')).toBeTruthy();
    // The search is debounced: under load the screen can read "No results found" before the last request goes out.
    const lastJobsCall = () => String(fetchMock.mock.calls.filter(([u]) => String(u).startsWith('/api/jobs?')).at(-1)?.[0]);
    await waitFor(() => expect(lastJobsCall()).toContain('search=1042'));
    const last = lastJobsCall();
    expect(last).toContain('searchBy=jobNumber');
    expect(last).toContain('page=1');
  });

  it('shows a failed load under the table with the server message', async () => {
    mockApi(
      route('GET', '/api/jobs', { status: 400, body: { statusCode: 400, code: 'VALIDATION_FAILED', message: ['orderByKey is not a sortable column.'] } }),
    );
    renderApp('/workorder/jobs', makeSession('Admin', 'fullAccess'));
    expect(await screen.findByText('orderByKey is not a sortable column.')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Job Number' })).toBeTruthy();
    expect(screen.queryByText('You have no data yet')).toBeNull();
  });

  it('shows the summary totals', async () => {
    mockApi(
      jobsReply([]),
      route('GET', '/api/jobs/summary', { body: { data: { openJobs: 7, overdueTasks: 2, approvedEstimates: 3, closedTasks: 11, closedJobs: 5 } } }),
    );
    renderApp('/workorder/jobs', makeSession('Admin', 'fullAccess'));
    const totals = within(await screen.findByRole('region', { name: 'Job totals' }));
    expect(await totals.findByText('7')).toBeTruthy();
    for (const label of ['Open Jobs', 'Overdue Tasks', 'Approved Estimates', 'Closed Tasks', 'Closed Jobs']) expect(totals.getByText(label)).toBeTruthy();
    // On a phone the five cards wrap in two columns inside the screen, never a row running past its edge.
    const list = screen.getByRole('region', { name: 'Job totals' }).querySelector('dl')!;
    expect(list.className).toContain('grid-cols-2');
    expect(list.className).not.toMatch(/overflow-x-auto|(^| )flex( |$)/);
  });
});

describe('Customise drawer', { timeout: 20_000 }, () => {
  async function openDrawer() {
    const fetchMock = mockApi(jobsReply([]), route('PUT', '/api/table-configuration', { body: { data: { type: 'JOBS', config: [] } } }));
    renderApp('/workorder/jobs', makeSession('Admin', 'fullAccess'));
    const user = userEvent.setup();
    await screen.findByText('You have no data yet');
    await user.click(screen.getByRole('button', { name: 'Customise' }));
    const drawer = within(await screen.findByRole('dialog', { name: 'Customise' }));
    return { fetchMock, user, drawer };
  }

  it('keeps Apply Changes disabled until something changes, and Job Status locked on', async () => {
    const { user, drawer } = await openDrawer();
    const apply = drawer.getByRole('button', { name: 'Apply Changes' }) as HTMLButtonElement;
    expect(apply.disabled).toBe(true);
    expect(drawer.getByText(/Items can be rearranged/)).toBeTruthy();
    const status = drawer.getByRole('checkbox', { name: 'Job Status' });
    expect(status.getAttribute('aria-checked')).toBe('true');
    expect((status as HTMLButtonElement).disabled).toBe(true);
    const customerName = drawer.getByRole('checkbox', { name: 'Customer Name' });
    await user.click(customerName);
    expect(apply.disabled).toBe(false);
    await user.click(customerName);
    expect(apply.disabled).toBe(true);
  });

  it('reorders from the keyboard and saves the new order', async () => {
    const { fetchMock, user, drawer } = await openDrawer();
    const moveDown = drawer.getByRole('button', { name: 'Move Created On down' });
    moveDown.focus();
    await user.keyboard('{Enter}');
    const items = () =>
      within(drawer.getByRole('list', { name: 'Columns' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    expect(items()[0]).toContain('Customer Name');
    expect(items()[1]).toContain('Created On');
    // Focus follows the moved item, so repeated presses keep moving it.
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Move Created On down');
    await user.keyboard('{Enter}');
    expect(items()[2]).toContain('Created On');
    expect(drawer.getByText('Created On moved to position 3 of 14')).toBeTruthy();
    await user.click(drawer.getByRole('button', { name: 'Apply Changes' }));
    expect(await screen.findByText('Configuration updated')).toBeTruthy();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    const body = JSON.parse(String(put?.[1]?.body)) as { type: string; config: { key: string }[] };
    expect(body.type).toBe('JOBS');
    expect(body.config.slice(0, 3).map((c) => c.key)).toEqual(['CUSTOMER_NAME', 'JOB_LEAD', 'CREATED_ON']);
  });

  it('tells when saving fails', async () => {
    mockApi(
      jobsReply([]),
      route('PUT', '/api/table-configuration', { status: 500, body: { statusCode: 500, code: 'INTERNAL', message: 'Database unavailable' } }),
    );
    renderApp('/workorder/jobs', makeSession('Admin', 'fullAccess'));
    const user = userEvent.setup();
    await screen.findByText('You have no data yet');
    await user.click(screen.getByRole('button', { name: 'Customise' }));
    const drawer = within(await screen.findByRole('dialog', { name: 'Customise' }));
    await user.click(drawer.getByRole('checkbox', { name: 'Job Name' }));
    await user.click(drawer.getByRole('button', { name: 'Apply Changes' }));
    expect(await screen.findByText('Update configuration failed')).toBeTruthy();
  });

  it('tells when the configuration cannot be loaded and falls back to every column', async () => {
    mockApi(
      jobsReply([]),
      route('GET', '/api/table-configuration', { status: 500, body: { statusCode: 500, code: 'INTERNAL', message: 'Database unavailable' } }),
    );
    renderApp('/workorder/jobs', makeSession('Admin', 'fullAccess'));
    expect(await screen.findByText('Configuration loading failed')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Customer Name' })).toBeTruthy();
  });
});

describe('work-order pages', () => {
  it('shows the no-access panel to office users without work-order access', async () => {
    mockApi();
    renderApp('/workorder/estimates', makeSession('Staff', 'noAccess'));
    expect(await screen.findByText(NO_ACCESS_TEXT)).toBeTruthy();
  });

  it('shows the four task tabs to office users and only Assigned to Me to technicians', async () => {
    mockApi();
    renderApp('/workorder/tasks', makeSession('Admin', 'fullAccess'));
    for (const tab of ['Assigned to Me', 'Assigned to Others', 'Unscheduled', 'Unassigned']) {
      expect(await screen.findByRole('tab', { name: tab })).toBeTruthy();
    }
  });

  it('shows technicians only their own tasks tab', async () => {
    mockApi();
    renderApp('/workorder/tasks', makeSession('Technician', 'noAccess'));
    expect(await screen.findByRole('tab', { name: 'Assigned to Me' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Unassigned' })).toBeNull();
  });

  it('shows a 404 page for unknown routes', async () => {
    mockApi();
    renderApp('/no/such/page', makeSession());
    expect(await screen.findByText('Page not found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to dashboard' })).toBeTruthy();
    // Signed in: the 404 keeps the app's navigation.
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
  });
});

describe('job list row menu', { timeout: 20_000 }, () => {
  it('offers only the allowed status actions and cancels after the confirmation', async () => {
    const fetchMock = mockApi(
      jobsReply([
        listItem({
          statusActions: { CLOSED: false, REOPENED: false, CANCELLED: true },
          statusInfo: {
            status: 'OPEN',
            openTasksCount: 1,
            overdueTasksCount: 1,
            totalTasksCount: 1,
            summary: { state: 'OVERDUE_TASKS', label: '1 Overdue Tasks' },
          },
        }),
      ]),
      route('PATCH', `/api/jobs/${listItem().id}/status`, { body: { data: null } }),
    );
    renderApp('/workorder/jobs', makeSession('Admin', 'fullAccess'));
    const user = userEvent.setup();
    const row = within(await screen.findByRole('row', { name: 'Open job #1042' }));
    expect(row.getByText('1 Overdue Tasks')).toBeTruthy();
    await user.click(row.getByRole('button', { name: 'More actions for job #1042' }));
    expect(await screen.findByRole('menuitem', { name: 'Cancel Job' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Close Job' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Re-open' })).toBeNull();
    await user.click(screen.getByRole('menuitem', { name: 'Cancel Job' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Cancel job?' })).getByRole('button', { name: 'Cancel Job' }));
    expect(await screen.findByText('Job canceled successfully!')).toBeTruthy();
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ action: 'CANCELLED' });
  });

  it('has no menu when no status change is allowed', async () => {
    mockApi(jobsReply([listItem()]));
    renderApp('/workorder/jobs', makeSession('Admin', 'fullAccess'));
    const row = within(await screen.findByRole('row', { name: 'Open job #1042' }));
    expect(row.queryByRole('button', { name: /More actions/ })).toBeNull();
  });
});
