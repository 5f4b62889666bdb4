import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { COST_MESSAGES } from '@fieldwork/domain/jobs/costs.rules';
import type { CostSuggestions } from '@fieldwork/domain/jobs/costs.schemas';
import { makeSession, mockApi, renderApp, route } from '../../test-utils';
import { deleteOfflineStore, offlineActions } from '../../lib/offline-store';
import { JOB_ID } from '../../shared/jobs/test-fixtures';
import { TASK_ID, actions, allowed, refused, taskPageReplies, taskReply } from '../../shared/tasks/test-fixtures';

const ASSIGNEE = '11111111-1111-4111-8111-111111111111';
const HELPER = '22222222-2222-4222-8222-222222222222';
const VAN = '33333333-3333-4333-8333-333333333333';
const period = { date: '2026-11-20', startTime: '2026-11-20T14:00:00.000Z', endTime: '2026-11-20T16:00:00.000Z' };
const suggestions: CostSuggestions = {
  taskId: TASK_ID,
  jobId: JOB_ID,
  labor: [
    {
      ...period,
      activityId: 'act-1',
      costType: 'LABOR',
      user: { id: ASSIGNEE, name: 'Tom Technician' },
      role: 'ASSIGNEE',
      hours: 2,
      hourlyRate: 40,
      amount: 80,
    },
    { ...period, activityId: 'act-1', costType: 'LABOR', user: { id: HELPER, name: 'Ann Assistant' }, role: 'ASSISTANT', hours: 2, hourlyRate: 25, amount: 50 },
  ],
  vehicle: [
    { ...period, activityId: 'act-1', costType: 'VEHICLE', vehicle: { id: VAN, name: 'Van 3' }, hours: 2, hourlyRate: 10, miles: 0, mileRate: 0.5, amount: 20 },
  ],
};
const URL_ = `/workorder/task-details/actual-costs?taskId=${TASK_ID}&jobId=${JOB_ID}`;
const page = (data: unknown[]) => ({ data, pagination: { totalItems: data.length, totalPages: 1, currentPage: 1, itemsPerPage: 100 } });
const pickers = [
  route('GET', '/api/vehicles/active', { body: page([{ id: VAN, name: 'Van 3' }]) }),
  route('GET', '/api/subcontractors', { body: page([]) }),
  route('GET', '/api/user', { body: { items: [{ id: ASSIGNEE, name: 'Tom Technician' }], meta: { total: 1, totalPages: 1, page: 1, limit: 100 } } }),
  route('GET', '/api/cost/list', { body: page([]) }),
];
const withTask = (overrides = {}) => [
  ...pickers,
  taskReply({ actions: actions({ addCost: allowed }), ...overrides }),
  route('GET', '/api/cost/suggestions', { body: { data: suggestions } }),
];
const section = async (name: string) => within(await screen.findByRole('region', { name }));
const posts = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls
    .filter(([u, init]) => String(u) === '/api/cost' && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
/** A manual material line: 3 × $12.50 of copper fittings. */
async function addFittings() {
  const material = await section('Material');
  await userEvent.click(material.getByRole('button', { name: 'Add line' }));
  const line = within(material.getByRole('listitem', { name: 'Material line 1' }));
  await userEvent.type(line.getByLabelText('Item'), 'Copper fittings');
  await userEvent.type(line.getByLabelText('Quantity'), '3');
  await userEvent.type(line.getByLabelText('Unit Cost'), '12.50');
  return { material, line };
}
const saveBar = () => within(screen.getByRole('region', { name: 'Save costs' }));

const admin = makeSession('Admin', 'fullAccess');
const adminScope = { userId: admin.user.id, companyId: admin.company.id };
const setNavigatorOnline = (online: boolean) => Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
afterEach(async () => {
  // The app goes first, so nothing of it writes to the device once its database is deleted.
  cleanup();
  setNavigatorOnline(true);
  await deleteOfflineStore(adminScope);
});

describe('actual costs page', { timeout: 20_000 }, () => {
  it('without signal keeps a task’s cost lines on the phone, each with its own key, instead of posting them', async () => {
    const fetchMock = mockApi(...withTask());
    renderApp(URL_, admin);
    await section('Labor');
    const labor = await section('Labor');
    for (const name of ['Tom Technician (Assignee)', 'Ann Assistant (Assistant)'])
      await userEvent.click(within(await labor.findByRole('listitem', { name })).getByRole('checkbox', { name: 'Include' }));
    await userEvent.click(within((await section('Vehicle')).getByRole('listitem', { name: 'Van 3' })).getByRole('checkbox', { name: 'Include' }));
    await addFittings();
    setNavigatorOnline(false);
    await userEvent.click(saveBar().getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved on this phone')).toBeTruthy();
    const kept = await offlineActions(adminScope).toArray();
    expect(kept).toMatchObject([
      { kind: 'cost', taskId: TASK_ID, state: 'waiting', payload: { costType: 'MATERIAL', item: 'Copper fittings', jobId: JOB_ID, taskId: TASK_ID } },
    ]);
    expect(kept[0]!.summary).toBe('Cost · task #2001 Replace valve: Material');
    expect(posts(fetchMock)).toEqual([]);
    // The line leaves the form: it is on its way, not waiting for another Save.
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Material line 1' })).toBeNull());
  });

  it('prefills labor and vehicle lines from the work periods; unticking one leaves it out of the totals', async () => {
    mockApi(...withTask());
    renderApp(URL_, makeSession('Admin', 'fullAccess'));
    expect(await screen.findByText(/Task #2001 · Replace valve/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Job #1042' })).toBeTruthy();
    const labor = await section('Labor');
    expect(await labor.findByRole('listitem', { name: 'Tom Technician (Assignee)' })).toBeTruthy();
    expect(labor.getByRole('listitem', { name: 'Ann Assistant (Assistant)' })).toBeTruthy();
    expect(labor.getByText(/Labor total/).textContent).toBe('Labor total: $130.00');
    expect((await section('Vehicle')).getByRole('listitem', { name: 'Van 3' })).toBeTruthy();
    expect(saveBar().getByText('$150.00')).toBeTruthy();

    const ann = within(labor.getByRole('listitem', { name: 'Ann Assistant (Assistant)' }));
    await userEvent.click(ann.getByRole('checkbox', { name: 'Include' }));
    expect(labor.getByText(/Labor total/).textContent).toBe('Labor total: $80.00');
    expect(saveBar().getByText('$100.00')).toBeTruthy();
    expect(saveBar().getByText(/2 of 3 lines/)).toBeTruthy();
  });

  it('recomputes amounts and totals live as hours, rates and manual lines change', async () => {
    mockApi(...withTask());
    renderApp(URL_, makeSession('Admin', 'fullAccess'));
    const labor = await section('Labor');
    const tom = within(await labor.findByRole('listitem', { name: 'Tom Technician (Assignee)' }));
    await userEvent.clear(tom.getByLabelText('Hours'));
    await userEvent.type(tom.getByLabelText('Hours'), '1.5');
    expect(tom.getByText('$60.00')).toBeTruthy();
    expect(labor.getByText(/Labor total/).textContent).toBe('Labor total: $110.00');

    const { line } = await addFittings();
    expect(line.getByText('$37.50')).toBeTruthy();
    expect(saveBar().getByText('$167.50')).toBeTruthy();
  });

  it('posts each included line in dollars, suggestion lines with their activityId; a refused line stays with the message', async () => {
    const fetchMock = mockApi(
      ...withTask(),
      (url, init) =>
        url.pathname === '/api/cost' && init?.method === 'POST' && String(init.body).includes(HELPER)
          ? { status: 409, body: { statusCode: 409, code: 'CONFLICT', message: COST_MESSAGES.alreadyCosted } }
          : undefined,
      route('POST', '/api/cost', { status: 201, body: { data: { id: 'c' } } }),
    );
    renderApp(URL_, makeSession('Admin', 'fullAccess'));
    const labor = await section('Labor');
    await labor.findByRole('listitem', { name: 'Ann Assistant (Assistant)' });
    const { material } = await addFittings();
    await userEvent.click(saveBar().getByRole('button', { name: 'Save' }));

    expect((await screen.findAllByText('3 costs saved.')).length).toBeGreaterThan(0);
    const bodies = posts(fetchMock);
    expect(bodies).toHaveLength(4);
    const links = { costFor: 'JOB', jobId: JOB_ID, taskId: TASK_ID };
    expect(bodies[0]).toMatchObject({ ...links, costType: 'LABOR', userId: ASSIGNEE, hours: 2, hourlyRate: 40, activityId: 'act-1', date: '2026-11-20' });
    expect(bodies[1]).toMatchObject({ ...links, costType: 'LABOR', userId: HELPER, activityId: 'act-1' });
    expect(bodies[2]).toMatchObject({ ...links, costType: 'VEHICLE', vehicleId: VAN, hours: 2, hourlyRate: 10, miles: 0, mileRate: 0.5, activityId: 'act-1' });
    expect(bodies[3]).toMatchObject({ ...links, costType: 'MATERIAL', item: 'Copper fittings', quantity: 3, unitCost: 12.5 });
    expect(bodies[3]).not.toHaveProperty('activityId');

    const ann = within(labor.getByRole('listitem', { name: 'Ann Assistant (Assistant)' }));
    expect(ann.getByText(COST_MESSAGES.alreadyCosted)).toBeTruthy();
    expect(labor.queryByRole('listitem', { name: 'Tom Technician (Assignee)' })).toBeNull();
    expect(material.queryByRole('listitem', { name: 'Material line 1' })).toBeNull();
    expect(screen.getByRole('link', { name: 'View job costs' }).getAttribute('href')).toBe(`/workorder/jobs/${JOB_ID}?tf_tab=costs`);
  });

  it('with a job only: no suggestions are asked for and lines are job costs without a task', async () => {
    const fetchMock = mockApi(
      ...pickers,
      route('GET', `/api/jobs/${JOB_ID}`, { body: { data: { id: JOB_ID, jobNumber: 1042, name: 'Boiler service' } } }),
      route('POST', '/api/cost', { status: 201, body: { data: { id: 'c' } } }),
    );
    renderApp(`/workorder/task-details/actual-costs?jobId=${JOB_ID}`, makeSession('Admin', 'fullAccess'));
    expect(await screen.findByRole('link', { name: 'Job #1042' })).toBeTruthy();
    const other = await section('Other');
    expect(screen.queryByRole('listitem', { name: /Tom Technician/ })).toBeNull();
    await userEvent.click(other.getByRole('button', { name: 'Add line' }));
    const line = within(other.getByRole('listitem', { name: 'Other line 1' }));
    await userEvent.type(line.getByLabelText('Description'), 'Permit');
    await userEvent.type(line.getByLabelText('Amount'), '40');
    await userEvent.click(saveBar().getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(1));
    expect(posts(fetchMock)[0]).toMatchObject({ costType: 'OTHER', costFor: 'JOB', jobId: JOB_ID, taskId: null, description: 'Permit', amount: 40 });
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/api/cost/suggestions'))).toBe(false);
  });

  it('shows why costs cannot be added and offers no Save when the task refuses it', async () => {
    const fetchMock = mockApi(...pickers, taskReply({ actions: actions() }));
    renderApp(URL_, makeSession('Admin', 'fullAccess'));
    expect((await screen.findByRole('alert')).textContent).toMatch(/Costs can be added only/);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/api/cost/suggestions'))).toBe(false);
  });

  it("the task page's Add Cost and View Cost lead here and to the job's costs of the task", async () => {
    mockApi(...taskPageReplies({ actions: actions({ addCost: allowed, viewCost: allowed }) }));
    renderApp(`/workorder/scheduler/view/${TASK_ID}`, makeSession('Admin', 'fullAccess'));
    const bar = within(await screen.findByRole('toolbar', { name: 'Task actions' }));
    expect(bar.getByRole('link', { name: 'Add Cost' }).getAttribute('href')).toBe(`/workorder/task-details/actual-costs?taskId=${TASK_ID}&jobId=${JOB_ID}`);
    expect(bar.getByRole('link', { name: 'View Cost' }).getAttribute('href')).toBe(`/workorder/jobs/${JOB_ID}/all-costs?taskId=${TASK_ID}`);
  });

  it('a refused Add Cost is a disabled button with the reason', async () => {
    mockApi(...taskPageReplies({ actions: actions({ addCost: refused('Not now.') }) }));
    renderApp(`/workorder/scheduler/view/${TASK_ID}`, makeSession('Admin', 'fullAccess'));
    const bar = within(await screen.findByRole('toolbar', { name: 'Task actions' }));
    const button = bar.getByRole('button', { name: 'Add Cost' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.title).toBe('Not now.');
  });
});
