import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { COST_MESSAGES } from '@fieldwork/domain/jobs/costs.rules';
import { makeSession, mockApi, renderApp, route } from '../../test-utils';
import { ESTIMATE_ID, estimatesReply, estimateItem } from '../billing/list-test-fixtures';
import { JOB_ID, job } from '../jobs/test-fixtures';
import { tasksReply } from '../tasks/test-fixtures';
import { analysis, cost } from './cost-test-fixtures';

const jobReply = (overrides = {}) => route('GET', `/api/jobs/${JOB_ID}`, { body: { data: job(overrides) } });
const analysisReply = (a = analysis()) => route('GET', `/api/cost/analysis/${JOB_ID}`, { body: { data: a } });
const costsTab = `/workorder/jobs/${JOB_ID}?tf_tab=costs`;

describe('job page Costs tab', { timeout: 20_000 }, () => {
  it('shows margin, count, total cost and revenue, and estimated against actual per category with red negatives', async () => {
    mockApi(jobReply(), tasksReply([]), analysisReply());
    renderApp(costsTab, makeSession('Admin', 'fullAccess'));
    const table = await screen.findByRole('table', { name: 'Costs by category' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Category', 'Count', 'Estimated', 'Actual', 'Variance', 'Actual vs Estimated']);

    const labor = within(table).getByText('Labor').closest('tr')!;
    expect(within(labor).getByText('$500.00')).toBeTruthy();
    expect(within(labor).getByText('$650.00')).toBeTruthy();
    const over = within(labor).getByText('-$150.00');
    expect(over.closest('span')!.className).toContain('text-danger');
    expect(within(labor).getByText('(over estimate)')).toBeTruthy();
    expect(within(labor).getByRole('img', { name: 'Labor: 130% of estimate' })).toBeTruthy();

    const material = within(table).getByText('Material').closest('tr')!;
    expect(within(material).getByText('$62.50').closest('span')!.className).not.toContain('text-danger');
    const total = within(table).getByText('Total').closest('tr')!;
    expect(within(total).getByText('-$87.50')).toBeTruthy();
    expect(within(total).getByText('3')).toBeTruthy();

    const margin = screen.getByText('Margin').parentElement!;
    expect(within(margin).getByText('-$87.50').className).toContain('text-danger');
    expect(within(margin).getByText('-14.58%')).toBeTruthy();
    expect(within(screen.getByText('Actual costs').parentElement!).getByText('$687.50')).toBeTruthy();
    expect(within(screen.getByText('Estimated costs').parentElement!).getByText('$600.00')).toBeTruthy();
    expect(within(screen.getByText('Revenue').parentElement!).getByText('From approved estimates')).toBeTruthy();

    expect(screen.getByRole('link', { name: 'Add Cost' }).getAttribute('href')).toBe(`/workorder/task-details/actual-costs?jobId=${JOB_ID}`);
    expect(screen.getByRole('link', { name: 'View all costs' }).getAttribute('href')).toBe(`/workorder/jobs/${JOB_ID}/all-costs`);
    expect(screen.getByRole('button', { name: 'Add Estimated Cost' })).toBeTruthy();
  });

  it('says "You have no data yet" when the job has no costs', async () => {
    const none = analysis({ count: analysis().count, totalCost: analysis().totalCost });
    for (const k of ['count', 'totalCost', 'estimated', 'variance'] as const)
      none[k] = { laborCost: 0, equipmentCost: 0, materialCost: 0, vehicleCost: 0, subcontractorCost: 0, otherCost: 0, total: 0 };
    mockApi(jobReply(), tasksReply([]), analysisReply(none));
    renderApp(costsTab, makeSession('Admin', 'fullAccess'));
    expect(await screen.findByText('You have no data yet')).toBeTruthy();
  });

  it('offers a retry when the analysis fails', async () => {
    mockApi(jobReply(), tasksReply([]), route('GET', `/api/cost/analysis/${JOB_ID}`, { status: 500, body: { code: 'INTERNAL', message: 'Boom' } }));
    renderApp(costsTab, makeSession('Admin', 'fullAccess'));
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('is read-only for view-only users', async () => {
    mockApi(jobReply(), tasksReply([]), analysisReply());
    renderApp(costsTab, makeSession('Staff', 'onlyViewAccess'));
    await screen.findByRole('table', { name: 'Costs by category' });
    expect(screen.getByRole('link', { name: 'View all costs' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Add Cost' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add Estimated Cost' })).toBeNull();
  });

  it('hides the add buttons on a closed job', async () => {
    mockApi(jobReply({ status: 'CLOSED' }), tasksReply([]), analysisReply());
    renderApp(costsTab, makeSession('Admin', 'fullAccess'));
    await screen.findByRole('table', { name: 'Costs by category' });
    expect(screen.queryByRole('link', { name: 'Add Cost' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add Estimated Cost' })).toBeNull();
  });

  it('Add Estimated Cost refuses to save without an estimate, then posts costFor ESTIMATE with the estimateId', async () => {
    const fetchMock = mockApi(
      jobReply(),
      tasksReply([]),
      analysisReply(),
      estimatesReply([estimateItem({ status: 'APPROVED' })]),
      route('POST', '/api/cost', { status: 201, body: { data: cost({ costType: 'OTHER', costFor: 'ESTIMATE', estimateId: ESTIMATE_ID }) } }),
    );
    renderApp(costsTab, makeSession('Admin', 'fullAccess'));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add Estimated Cost' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Estimated Cost' });
    await user.selectOptions(within(dialog).getByLabelText(/Cost Type/), 'OTHER');
    await user.type(within(dialog).getByLabelText(/Description/), 'Permit');
    await user.type(within(dialog).getByLabelText(/Amount/), '40');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(COST_MESSAGES.estimateRequired)).toBeTruthy();
    const posts = () => fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST');
    expect(posts()).toHaveLength(0);

    await waitFor(() => expect(within(dialog).getByRole('option', { name: 'Estimate #2001 (Approved)' })).toBeTruthy());
    await user.selectOptions(within(dialog).getByLabelText(/Estimate/), ESTIMATE_ID);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    const body = JSON.parse(String((posts()[0]![1] as RequestInit).body)) as Record<string, unknown>;
    expect(body).toMatchObject({
      costType: 'OTHER',
      costFor: 'ESTIMATE',
      estimateId: ESTIMATE_ID,
      jobId: JOB_ID,
      taskId: null,
      description: 'Permit',
      amount: 40,
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Estimated Cost' })).toBeNull());
  });
});
