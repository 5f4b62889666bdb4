import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Cost } from '@fieldwork/domain/jobs/costs.schemas';
import { COST_MESSAGES } from '@fieldwork/domain/jobs/costs.rules';
import { makeSession, mockApi, renderApp, route } from '../../test-utils';
import { ESTIMATE_ID, estimate, estimateReply } from '../../shared/billing/preview-test-fixtures';

const JOB_ID = '00000000-0000-4000-8000-0000000000b1';
const page = (data: unknown[]) => ({ data, pagination: { totalItems: data.length, totalPages: 1, currentPage: 1, itemsPerPage: 20 } });

const material = (over: Partial<Cost> = {}): Cost => ({
  id: '00000000-0000-4000-8000-0000000000c7',
  costType: 'MATERIAL',
  costFor: 'ESTIMATE',
  jobId: JOB_ID,
  taskId: null,
  estimateId: ESTIMATE_ID,
  invoiceId: null,
  activityId: null,
  date: '2025-03-05',
  notes: null,
  user: null,
  vehicle: null,
  subcontractor: null,
  bidId: null,
  item: 'Copper pipe',
  supplier: 'Ferguson',
  description: null,
  unit: null,
  hours: null,
  hourlyRate: null,
  miles: null,
  mileRate: null,
  quantity: 10,
  unitCost: 26.95,
  rate: null,
  amount: 269.5,
  createdBy: { userId: '00000000-0000-4000-8000-000000000001', username: 'Pat Lee' },
  createdAt: '2025-03-05T10:00:00.000Z',
  updatedAt: '2025-03-05T10:00:00.000Z',
  version: 1,
  ...over,
});

const listCalls = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost')).filter((u) => u.pathname === '/api/cost/list');

const calculator = (query: string) => `/workorder/enter-estimate-details/cost-calculator${query}`;

describe('cost calculator', { timeout: 20_000 }, () => {
  it("lists the estimate's estimated costs of the chosen type with the margin figures", async () => {
    const fetchMock = mockApi(estimateReply(), route('GET', '/api/cost/list', { body: page([material()]) }));
    renderApp(calculator(`?estimateId=${ESTIMATE_ID}&costType=MATERIAL`), makeSession());

    const list = await screen.findByRole('list', { name: 'Material costs' });
    expect(within(list).getByText('Copper pipe · 10 × $26.95 · Ferguson')).toBeTruthy();
    expect(within(list).getByText('$269.50')).toBeTruthy();
    const [url] = listCalls(fetchMock);
    expect(url!.searchParams.get('estimateId')).toBe(ESTIMATE_ID);
    expect(url!.searchParams.get('costType')).toBe('MATERIAL');
    expect(url!.searchParams.get('costFor')).toBe('ESTIMATE');
    expect(url!.searchParams.has('jobId')).toBe(false);

    const margin = screen.getByRole('region', { name: 'Estimate margin' });
    expect(within(margin).getByRole('link', { name: 'Estimate #2001' }).getAttribute('href')).toBe(`/workorder/estimates/${ESTIMATE_ID}`);
    expect(within(margin).getByText('Northwind Plumbing')).toBeTruthy();
    expect(within(margin).getByText('$420.00')).toBeTruthy();
    expect(within(margin).getByText('$269.50')).toBeTruthy();
    expect(within(margin).getByText('$150.50')).toBeTruthy();
    expect(within(margin).getByText('35.83%')).toBeTruthy();
    expect(margin.querySelector('.text-danger')).toBeNull();
  });

  it('switches type through the URL, posts an estimated cost and refetches the margin', async () => {
    let posted = false;
    const fetchMock = mockApi(
      (url, init) => {
        if ((init?.method ?? 'GET') !== 'GET' || url.pathname !== `/api/estimates/${ESTIMATE_ID}`) return undefined;
        // The server recomputes the margin from the new cost.
        return { body: { data: posted ? estimate({ totalMargin: -30, marginPercentage: -7.14 }) : estimate() } };
      },
      (url, init) => {
        if (init?.method !== 'POST' || url.pathname !== '/api/cost') return undefined;
        posted = true;
        return { status: 201, body: { data: material({ costType: 'OTHER', item: null, supplier: null, description: 'Permit', amount: 450 }) } };
      },
      route('GET', '/api/cost/list', { body: page([]) }),
    );
    const { router } = renderApp(calculator(`?estimateId=${ESTIMATE_ID}`), makeSession());
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Other' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ estimateId: ESTIMATE_ID, costType: 'OTHER' }));
    expect(await screen.findByText('No other costs yet')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Add other cost' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add other cost' }));
    await user.type(dialog.getByLabelText(/Description/), 'Permit');
    await user.type(dialog.getByLabelText(/Amount/), '450');
    expect(dialog.getByText('$450.00')).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(posted).toBe(true));
    const [, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'POST')!;
    expect(JSON.parse(String(init?.body))).toEqual({
      costType: 'OTHER',
      costFor: 'ESTIMATE',
      jobId: JOB_ID,
      taskId: null,
      estimateId: ESTIMATE_ID,
      date: null,
      notes: null,
      description: 'Permit',
      amount: 450,
    });
    const margin = screen.getByRole('region', { name: 'Estimate margin' });
    expect(await within(margin).findByText('-$30.00')).toBeTruthy();
    expect(within(margin).getByText('-$30.00').className).toContain('text-danger');
    expect(within(margin).getByText('-7.14%').className).toContain('text-danger');
    expect(within(margin).getByText('$450.00')).toBeTruthy();
    // Labor first (the default type), then Other, then Other again after the save.
    const calls = listCalls(fetchMock);
    expect(calls.map((u) => u.searchParams.get('costType'))).toEqual(['LABOR', 'OTHER', 'OTHER']);
    expect(calls.some((u) => u.searchParams.has('jobId'))).toBe(false);
  });

  it('edits a cost with its version, shows field messages under the inputs and deletes after confirming', async () => {
    const COST_ID = material().id;
    let putCount = 0;
    const fetchMock = mockApi(
      estimateReply(),
      route('GET', '/api/cost/list', { body: page([material()]) }),
      (url, init) => {
        if (init?.method !== 'PUT' || url.pathname !== `/api/cost/${COST_ID}`) return undefined;
        putCount += 1;
        if (putCount === 1)
          return { status: 400, body: { statusCode: 400, code: 'VALIDATION_FAILED', message: ['Unit Cost can have at most 2 decimal places.'] } };
        return { body: { data: material({ unitCost: 30, amount: 300, version: 2 }) } };
      },
      route('DELETE', `/api/cost/${COST_ID}`, { status: 204 }),
    );
    renderApp(calculator(`?estimateId=${ESTIMATE_ID}&costType=MATERIAL`), makeSession());
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Edit Copper pipe/ }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit material cost' }));
    const unitCost = dialog.getByLabelText(/Unit Cost/);
    expect((unitCost as HTMLInputElement).value).toBe('26.95');
    await user.clear(unitCost);
    await user.type(unitCost, '30');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Unit Cost can have at most 2 decimal places.')).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(putCount).toBe(2));
    const put = fetchMock.mock.calls.filter(([, i]) => i?.method === 'PUT').at(-1)!;
    expect(JSON.parse(String(put[1]?.body))).toMatchObject({
      costType: 'MATERIAL',
      costFor: 'ESTIMATE',
      estimateId: ESTIMATE_ID,
      item: 'Copper pipe',
      quantity: 10,
      unitCost: 30,
      version: 1,
    });

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit material cost' })).toBeNull());
    await user.click(screen.getByRole('button', { name: /^Delete Copper pipe/ }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete cost' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => {
      const del = fetchMock.mock.calls.find(([, i]) => i?.method === 'DELETE');
      expect(del && new URL(String(del[0]), 'http://localhost').searchParams.get('costType')).toBe('MATERIAL');
    });
  });

  it("fills a labor line's empty rate with the person's Settings cost rate", async () => {
    const person = { ...makeSession().user, id: '00000000-0000-4000-8000-000000000042', name: 'Sam Rivera', costRate: 35 };
    mockApi(
      estimateReply(),
      route('GET', '/api/user', { body: { items: [person], meta: { total: 1, totalPages: 1, page: 1, limit: 100 } } }),
      route('GET', '/api/cost/list', { body: page([]) }),
    );
    renderApp(calculator(`?estimateId=${ESTIMATE_ID}&costType=LABOR`), makeSession());
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add labor cost' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add labor cost' }));
    await dialog.findByRole('option', { name: 'Sam Rivera' });
    await user.selectOptions(dialog.getByLabelText(/Person/), 'Sam Rivera');
    expect((dialog.getByLabelText(/Hourly Cost Rate/) as HTMLInputElement).value).toBe('35.00');
    await user.type(dialog.getByLabelText(/^Hours/), '2.5');
    expect(dialog.getByText('$87.50')).toBeTruthy();
  });

  it('asks for an estimate when none is given and puts the chosen one in the URL', async () => {
    mockApi(route('GET', '/api/estimates', { body: page([estimate()]) }), estimateReply(), route('GET', '/api/cost/list', { body: page([]) }));
    const { router } = renderApp(calculator(''), makeSession());
    expect(await screen.findByText(COST_MESSAGES.estimateRequired)).toBeTruthy();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Estimate'), '2001');
    await user.click(await screen.findByRole('option', { name: /Estimate #2001/ }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ estimateId: ESTIMATE_ID }));
    expect(await screen.findByRole('region', { name: 'Estimate margin' })).toBeTruthy();
  });

  it("links from the estimate's page for office writers only", async () => {
    mockApi(estimateReply());
    const { unmount } = renderApp(`/workorder/estimates/${ESTIMATE_ID}`, makeSession());
    const link = await screen.findByRole('link', { name: 'Cost Calculator' });
    expect(link.getAttribute('href')).toBe(`/workorder/enter-estimate-details/cost-calculator?estimateId=${ESTIMATE_ID}`);
    unmount();

    mockApi(estimateReply());
    renderApp(`/workorder/estimates/${ESTIMATE_ID}`, makeSession('Staff', 'onlyViewAccess'));
    await screen.findByRole('heading', { level: 1, name: 'Estimate #2001' });
    expect(screen.queryByRole('link', { name: 'Cost Calculator' })).toBeNull();
  });
});
