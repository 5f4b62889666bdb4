import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_ERROR_MESSAGE } from '@fieldwork/domain/common/errors.schemas';
import { makeSession, mockApi, renderApp, route } from '../../test-utils';
import { JOB_ID, job } from '../jobs/test-fixtures';
import { TASK_ID, tasksReply } from '../tasks/test-fixtures';
import { COST_ID, cost, costPage } from './cost-test-fixtures';

const page = `/workorder/jobs/${JOB_ID}/all-costs`;
const ACTIVITY_ID = '9b0c1d2e-3f4a-4b5c-8d6e-7f8a9b0c1d2e';
const USER_ID = '0c1d2e3f-4a5b-4c6d-8e7f-8a9b0c1d2e3f';
const labor = cost({
  costType: 'LABOR',
  taskId: TASK_ID,
  activityId: ACTIVITY_ID,
  user: { id: USER_ID, name: 'Tom Technician' },
  item: null,
  supplier: null,
  quantity: null,
  unitCost: null,
  hours: 2,
  hourlyRate: 30,
  amount: 60,
});
const zero = { laborCost: 0, equipmentCost: 0, materialCost: 0, vehicleCost: 0, subcontractorCost: 0, otherCost: 0, total: 0 };
const baseReplies = (c = labor) => [
  route('GET', `/api/jobs/${JOB_ID}`, { body: { data: job() } }),
  tasksReply([]),
  route('GET', '/api/cost', { body: { data: { count: zero, totalCost: zero, items: [] } } }),
  route('GET', '/api/cost/list', { body: costPage([c]) }),
  route('GET', '/api/user', {
    body: { items: [{ id: USER_ID, name: 'Tom Technician', costRate: 30 }], meta: { total: 1, totalPages: 1, page: 1, limit: 100 } },
  }),
];
const puts = (fetchMock: { mock: { calls: unknown[][] } }) => fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'PUT');
const bodyOf = (call: unknown[]) => JSON.parse(String((call[1] as RequestInit).body)) as Record<string, unknown>;

async function openEdit() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Edit Labor cost of Nov 20, 2026' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit Labor cost' });
  return { user, dialog };
}

describe('cost edit dialog', { timeout: 20_000 }, () => {
  it('prefills the fields and saves at the loaded version, keeping the work period it came from', async () => {
    const fetchMock = mockApi(...baseReplies(), route('PUT', `/api/cost/${COST_ID}`, { body: { data: { ...labor, hours: 3, version: 5 } } }));
    renderApp(page, makeSession('Admin', 'fullAccess'));
    const { user, dialog } = await openEdit();
    const hours = within(dialog).getByLabelText(/Hours/) as HTMLInputElement;
    expect(hours.value).toBe('2');
    await waitFor(() => expect((within(dialog).getByLabelText(/Person/) as HTMLSelectElement).value).toBe(USER_ID));
    expect(within(dialog).getByText('$60.00')).toBeTruthy();
    await user.clear(hours);
    await user.type(hours, '3');
    expect(within(dialog).getByText('$90.00')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts(fetchMock)).toHaveLength(1));
    expect(bodyOf(puts(fetchMock)[0]!)).toMatchObject({
      costType: 'LABOR',
      costFor: 'JOB',
      jobId: JOB_ID,
      taskId: TASK_ID,
      activityId: ACTIVITY_ID,
      userId: USER_ID,
      hours: 3,
      hourlyRate: 30,
      version: 4,
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Labor cost' })).toBeNull());
  });

  it('says the cost was changed by someone else on a 409, and Reload brings the latest version to save on', async () => {
    let stale = true;
    const fetchMock = mockApi(...baseReplies(), route('GET', '/api/cost/get', { body: { data: { ...labor, hours: 4, version: 7 } } }), (url, init) => {
      if (init?.method !== 'PUT' || url.pathname !== `/api/cost/${COST_ID}`) return undefined;
      if (stale) return ((stale = false), { status: 409, body: { code: 'STALE_VERSION', message: DEFAULT_ERROR_MESSAGE.STALE_VERSION } });
      return { body: { data: { ...labor, version: 8 } } };
    });
    renderApp(page, makeSession('Admin', 'fullAccess'));
    const { user, dialog } = await openEdit();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(DEFAULT_ERROR_MESSAGE.STALE_VERSION)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect((within(dialog).getByLabelText(/Hours/) as HTMLInputElement).value).toBe('4'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts(fetchMock)).toHaveLength(2));
    expect(bodyOf(puts(fetchMock)[1]!)).toMatchObject({ hours: 4, version: 7 });
  });
});
