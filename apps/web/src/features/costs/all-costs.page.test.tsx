import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeSession, mockApi, renderApp, route } from '../../test-utils';
import { listCalls } from '../../shared/billing/list-test-fixtures';
import { JOB_ID, job } from '../../shared/jobs/test-fixtures';
import { TASK_ID, taskItem, tasksReply } from '../../shared/tasks/test-fixtures';
import { COST_ID, cost, costPage } from '../../shared/costs/cost-test-fixtures';

const page = `/workorder/jobs/${JOB_ID}/all-costs`;
const jobReply = route('GET', `/api/jobs/${JOB_ID}`, { body: { data: job() } });
const totals = { laborCost: 650, equipmentCost: 0, materialCost: 37.5, vehicleCost: 0, subcontractorCost: 0, otherCost: 0, total: 687.5 };
const allReply = route('GET', '/api/cost', { body: { data: { count: { ...totals, laborCost: 2, materialCost: 1, total: 3 }, totalCost: totals, items: [] } } });
const listReply = (items = [cost({ taskId: TASK_ID })], total = items.length) => route('GET', '/api/cost/list', { body: costPage(items, total) });

describe('All costs page', { timeout: 20_000 }, () => {
  it("lists the job's costs (jobId, costFor JOB, 20 a page) with totals per category and the CSV export", async () => {
    const fetchMock = mockApi(jobReply, tasksReply([taskItem()]), allReply, listReply());
    renderApp(page, makeSession('Admin', 'fullAccess'));
    const table = await screen.findByRole('table', { name: 'Actual costs' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Date', 'Type', 'Details', 'Quantity/Hours', 'Rate', 'Amount', 'Task #', 'Created by', 'Actions']);
    const row = (await within(table).findByText('Copper pipe from Ferguson')).closest('tr')!;
    expect(within(row).getByText('$37.50')).toBeTruthy();
    expect(within(row).getByText('$12.50')).toBeTruthy();
    expect(within(row).getByText('Nov 20, 2026')).toBeTruthy();
    expect(await within(row).findByText('#2001')).toBeTruthy();
    expect(within(row).getByText('Alex Kim')).toBeTruthy();

    const call = listCalls(fetchMock, '/api/cost/list').at(-1)!;
    expect(call.searchParams.get('jobId')).toBe(JOB_ID);
    expect(call.searchParams.get('costFor')).toBe('JOB');
    expect(call.searchParams.get('limit')).toBe('20');
    expect(call.searchParams.get('page')).toBe('1');

    const totalsBox = screen.getByLabelText('Totals by category');
    expect(await within(totalsBox).findByText('$650.00')).toBeTruthy();
    expect(within(totalsBox).getByText('$687.50')).toBeTruthy();
    expect(listCalls(fetchMock, '/api/cost').at(-1)?.searchParams.get('jobId')).toBe(JOB_ID);

    const csv = screen.getByRole('link', { name: 'Export CSV' });
    const href = new URL(csv.getAttribute('href')!, 'http://localhost');
    expect(href.pathname).toBe('/api/cost');
    expect(href.searchParams.get('format')).toBe('csv');
    expect(href.searchParams.get('jobId')).toBe(JOB_ID);
    expect(csv.hasAttribute('download')).toBe(true);
    expect(screen.getByRole('link', { name: 'Job #1042' }).getAttribute('href')).toBe(`/workorder/jobs/${JOB_ID}`);
  });

  it('shows actual or estimated costs, never both: the cards, the table and the CSV export follow the same filters', async () => {
    const fetchMock = mockApi(jobReply, tasksReply([taskItem()]), allReply, listReply());
    const { router } = renderApp(page, makeSession('Admin', 'fullAccess'));
    await screen.findByRole('table', { name: 'Actual costs' });
    expect(screen.getByRole('region', { name: 'Actual costs by category' })).toBeTruthy();
    await waitFor(() => expect(listCalls(fetchMock, '/api/cost').at(-1)?.searchParams.get('costFor')).toBe('JOB'));
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Show'), 'ESTIMATE');
    await screen.findByRole('table', { name: 'Estimated costs' });
    expect(screen.getByRole('region', { name: 'Estimated costs by category' })).toBeTruthy();
    await waitFor(() => expect(listCalls(fetchMock, '/api/cost/list').at(-1)!.searchParams.get('costFor')).toBe('ESTIMATE'));
    await waitFor(() => expect(listCalls(fetchMock, '/api/cost').at(-1)!.searchParams.get('costFor')).toBe('ESTIMATE'));
    await user.selectOptions(screen.getByLabelText('Type'), 'MATERIAL');
    await waitFor(() => expect(listCalls(fetchMock, '/api/cost').at(-1)!.searchParams.get('costType')).toBe('MATERIAL'));
    const href = new URL(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')!, 'http://localhost');
    expect([href.searchParams.get('costFor'), href.searchParams.get('costType')]).toEqual(['ESTIMATE', 'MATERIAL']);
    await waitFor(() => expect(router.state.location.search).toMatchObject({ costFor: 'ESTIMATE', costType: 'MATERIAL' }));
  });

  it('filters by type, task and dates, and pages', async () => {
    const fetchMock = mockApi(jobReply, tasksReply([taskItem()]), allReply, listReply([cost()], 45));
    const { router } = renderApp(page, makeSession('Admin', 'fullAccess'));
    await screen.findByText('Copper pipe from Ferguson');
    const user = userEvent.setup();
    const last = () => listCalls(fetchMock, '/api/cost/list').at(-1)!.searchParams;

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(last().get('page')).toBe('2'));

    await user.selectOptions(screen.getByLabelText('Type'), 'LABOR');
    await waitFor(() => expect(last().get('costType')).toBe('LABOR'));
    expect(last().get('page')).toBe('1');
    await waitFor(() => expect(screen.getByRole('option', { name: '#2001 Replace valve' })).toBeTruthy());
    await user.selectOptions(screen.getByLabelText('Task'), TASK_ID);
    await waitFor(() => expect(last().get('taskId')).toBe(TASK_ID));
    await user.type(screen.getByLabelText('From'), '2026-11-01');
    await waitFor(() => expect(last().get('from')).toBe('2026-11-01'));
    await user.type(screen.getByLabelText('To'), '2026-11-30');
    await waitFor(() => expect(last().get('to')).toBe('2026-11-30'));
    expect(last().get('jobId')).toBe(JOB_ID);
    expect(last().get('costType')).toBe('LABOR');
    await waitFor(() => expect(router.state.location.search).toMatchObject({ costType: 'LABOR', taskId: TASK_ID, from: '2026-11-01', to: '2026-11-30' }));
  });

  it('starts from the filters in the address', async () => {
    const fetchMock = mockApi(jobReply, tasksReply([]), allReply, listReply([]));
    renderApp(`${page}?costType=VEHICLE&from=2026-11-01`, makeSession('Admin', 'fullAccess'));
    expect(await screen.findByText('No results found')).toBeTruthy();
    const q = listCalls(fetchMock, '/api/cost/list').at(-1)!.searchParams;
    expect(q.get('costType')).toBe('VEHICLE');
    expect(q.get('from')).toBe('2026-11-01');
  });

  it('deletes a cost after confirmation, sending its costType', async () => {
    const fetchMock = mockApi(jobReply, tasksReply([]), allReply, listReply(), route('DELETE', `/api/cost/${COST_ID}`, { status: 204 }));
    renderApp(page, makeSession('Admin', 'fullAccess'));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Material cost of Nov 20, 2026' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete cost?' });
    const deletes = () => fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'DELETE');
    expect(deletes()).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deletes()).toHaveLength(1));
    const url = new URL(String(deletes()[0]![0]), 'http://localhost');
    expect(url.pathname).toBe(`/api/cost/${COST_ID}`);
    expect(url.searchParams.get('costType')).toBe('MATERIAL');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete cost?' })).toBeNull());
  });

  it('shows no Edit or Delete to view-only users', async () => {
    mockApi(jobReply, tasksReply([]), allReply, listReply());
    renderApp(page, makeSession('Staff', 'onlyViewAccess'));
    const table = await screen.findByRole('table', { name: 'Actual costs' });
    await within(table).findByText('Copper pipe from Ferguson');
    expect(within(table).queryByRole('columnheader', { name: 'Actions' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete / })).toBeNull();
  });
});
