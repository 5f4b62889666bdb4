import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PLAN_MESSAGES } from '@fieldwork/domain/plans/plans.rules';
import { makeSession, mockApi, renderApp, route } from '../../test-utils';
import { PLAN_ID, VISIT_ID, pageOf, pinFixtureDate, planFixture, visitFixture } from '../../shared/plans/test-fixtures';
import { cancelledByEnd } from './plan-action-dialogs';
import { invoiceItem, invoicesReply } from '../../shared/billing/list-test-fixtures';

const VISIT2 = '7c8d9e0f-1a2b-4c3d-8e4f-5a6b7c8d9e0f';
const planRoute = (plan = planFixture()) => route('GET', `/api/plans/${PLAN_ID}`, { body: { data: plan } });
const visitsRoute = (visits = [visitFixture()], total = visits.length) => route('GET', `/api/plans/${PLAN_ID}/visits`, { body: pageOf(visits, total) });
const actionRoute = (reply: { status?: number; body?: unknown } = { body: { data: planFixture({ version: 4 }) } }) =>
  route('POST', `/api/plans/${PLAN_ID}/actions`, reply);
const actionBodies = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.filter(([url, init]) => String(url).endsWith('/actions') && init?.method === 'POST').map(([, init]) => JSON.parse(String(init!.body)));

describe('plan page', { timeout: 20_000 }, () => {
  pinFixtureDate();

  it('shows the plan header: status, customer, site, rule, billing, yearly value and its job', async () => {
    mockApi(invoicesReply([]), planRoute(), visitsRoute());
    renderApp(`/plans/${PLAN_ID}`, makeSession('Admin', 'fullAccess'));
    expect(await screen.findByRole('heading', { name: /Quarterly boiler check/ })).toBeTruthy();
    expect(screen.getByText('Active')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Northwind Plumbing' })).toBeTruthy();
    expect(screen.getByText('12 Harbour St, Boston, MA')).toBeTruthy();
    expect(screen.getAllByText('Every 3 months on the 15th, 8:00–10:00 AM').length).toBeGreaterThan(0);
    expect(screen.getByText('Per visit · $150.00')).toBeTruthy();
    expect(screen.getByText('$600.00')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Job #1042' }).getAttribute('href')).toContain('/workorder/jobs/');
    expect(await screen.findByRole('link', { name: 'Task #301' })).toBeTruthy();
  });

  it('lists the visits that need attention, each linking to its task to assign it', async () => {
    mockApi(
      invoicesReply([]),
      planRoute(planFixture({ needsAttention: 1 })),
      visitsRoute([
        visitFixture(),
        visitFixture({ id: VISIT2, taskNumber: 302, occurrence: '2027-04-15', startAt: '2027-04-15T12:00:00.000Z', needsAttention: true }),
      ]),
    );
    renderApp(`/plans/${PLAN_ID}`, makeSession('Admin', 'fullAccess'));
    const section = await screen.findByRole('region', { name: 'Needs attention' });
    const link = await within(section).findByRole('link', { name: 'Task #302' });
    expect(link.getAttribute('href')).toBe(`/workorder/scheduler/view/${VISIT2}`);
    expect(within(section).queryByRole('link', { name: 'Task #301' })).toBeNull();
  });

  it('pushes every visit back by N days from a date in one action', async () => {
    const fetchMock = mockApi(invoicesReply([]), planRoute(), visitsRoute(), actionRoute());
    renderApp(`/plans/${PLAN_ID}`, makeSession('Admin', 'fullAccess'));
    await userEvent.click(await screen.findByRole('button', { name: 'Push back' }));
    const dialog = await screen.findByRole('dialog', { name: 'Push back visits' });
    const from = within(dialog).getByLabelText('From date', { selector: 'input' });
    await userEvent.clear(from);
    await userEvent.type(from, '2027-01-10');
    const days = within(dialog).getByLabelText('Days', { selector: 'input' });
    await userEvent.clear(days);
    await userEvent.type(days, '3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Push back' }));
    await waitFor(() => expect(actionBodies(fetchMock)).toEqual([{ action: 'push_back', fromDate: '2027-01-10', days: 3, version: 3 }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('refuses a push back of 0 days without sending it', async () => {
    const fetchMock = mockApi(invoicesReply([]), planRoute(), visitsRoute(), actionRoute());
    renderApp(`/plans/${PLAN_ID}`, makeSession('Admin', 'fullAccess'));
    await userEvent.click(await screen.findByRole('button', { name: 'Push back' }));
    const dialog = await screen.findByRole('dialog', { name: 'Push back visits' });
    await userEvent.clear(within(dialog).getByLabelText('Days', { selector: 'input' }));
    await userEvent.type(within(dialog).getByLabelText('Days', { selector: 'input' }), '0');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Push back' }));
    expect(await within(dialog).findByText('Push back by 1 to 365 days.')).toBeTruthy();
    expect(actionBodies(fetchMock)).toEqual([]);
  });

  it('names how many upcoming visits ending the plan cancels, reading every page of them, and sends that count', async () => {
    // 102 upcoming: 100 on page 1 (one of them skipped), 2 on page 2; ending today cancels the 101 still open.
    const pageOne = Array.from({ length: 100 }, (_, i) => visitFixture({ id: `v${i}`, taskNumber: 400 + i, lifecycle: i === 5 ? 'CANCELLED' : 'OPEN' }));
    const pageTwo = [visitFixture({ id: 'v-last', taskNumber: 999 }), visitFixture({ id: 'v-last2', taskNumber: 1000 })];
    const pagedVisits = (url: URL) =>
      url.pathname === `/api/plans/${PLAN_ID}/visits` ? { body: pageOf(url.searchParams.get('page') === '2' ? pageTwo : pageOne, 102) } : undefined;
    const fetchMock = mockApi(invoicesReply([]), planRoute(), pagedVisits, actionRoute());
    renderApp(`/plans/${PLAN_ID}`, makeSession('Admin', 'fullAccess'));
    await userEvent.click(await screen.findByRole('button', { name: 'End plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'End plan' });
    expect(await within(dialog).findByText(PLAN_MESSAGES.endConfirmation(101))).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'End plan' }));
    await waitFor(() => expect(actionBodies(fetchMock)).toHaveLength(1));
    expect(actionBodies(fetchMock)[0]).toMatchObject({ action: 'end', expectedCancelled: 101, version: 3 });
  });

  it('skips one visit from its row', async () => {
    const fetchMock = mockApi(invoicesReply([]), planRoute(), visitsRoute(), actionRoute());
    renderApp(`/plans/${PLAN_ID}`, makeSession('Admin', 'fullAccess'));
    await userEvent.click(await screen.findByRole('button', { name: 'Skip visit 2027-01-15' }));
    const dialog = await screen.findByRole('dialog', { name: 'Skip visit' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Skip visit' }));
    await waitFor(() => expect(actionBodies(fetchMock)).toEqual([{ action: 'skip', visitId: VISIT_ID, version: 3 }]));
  });

  it('offers Resume instead of Pause on a paused plan, and no actions to view-only users', async () => {
    const fetchMock = mockApi(
      invoicesReply([]),
      planRoute(planFixture({ status: 'paused', actions: { edit: true, pause: false, resume: true, end: true, pushBack: true } })),
      visitsRoute(),
      actionRoute(),
    );
    const view = renderApp(`/plans/${PLAN_ID}`, makeSession('Admin', 'fullAccess'));
    await userEvent.click(await screen.findByRole('button', { name: 'Resume' }));
    expect(screen.queryByRole('button', { name: 'Pause' })).toBeNull();
    await waitFor(() => expect(actionBodies(fetchMock)).toEqual([{ action: 'resume', version: 3 }]));
    view.unmount();
    mockApi(invoicesReply([]), planRoute(), visitsRoute());
    renderApp(`/plans/${PLAN_ID}`, makeSession('Staff', 'onlyViewAccess'));
    expect(await screen.findByRole('link', { name: 'Task #301' })).toBeTruthy();
    for (const name of ['Push back', 'Pause', 'End plan', 'Skip visit 2027-01-15']) expect(screen.queryByRole('button', { name })).toBeNull();
  });

  it('says a missing plan is not found, with the server words', async () => {
    mockApi(invoicesReply([]), route('GET', `/api/plans/${PLAN_ID}`, { status: 404, body: { statusCode: 404, code: 'NOT_FOUND', message: 'Plan not found' } }));
    renderApp(`/plans/${PLAN_ID}`, makeSession('Admin', 'fullAccess'));
    expect(await screen.findByText('Not found')).toBeTruthy();
    expect(screen.getByText('Plan not found')).toBeTruthy();
  });

  it('lists the invoices the plan drafted and says when it drafts them', async () => {
    const fetchMock = mockApi(invoicesReply([invoiceItem({ status: 'DRAFT', invoiceNumber: 5120 })]), planRoute(), visitsRoute());
    renderApp(`/plans/${PLAN_ID}`, makeSession('Admin', 'fullAccess'));
    expect(await screen.findByText('An invoice is drafted when each visit is closed. Drafts wait for the office to send them.')).toBeTruthy();
    expect(await screen.findAllByText(/5120/)).not.toHaveLength(0);
    const asked = fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/api/invoices'));
    expect(asked.some((url) => url.includes(`jobId=${planFixture().job.id}`))).toBe(true);
  });
});

describe('cancelledByEnd', () => {
  const tz = 'America/New_York';
  it('counts the un-started visits after the end date, including those past the scanned page', () => {
    const visits = [
      visitFixture({ startAt: '2027-01-15T13:00:00.000Z' }),
      visitFixture({ startAt: '2027-01-16T13:00:00.000Z', lifecycle: 'CLOCKED_IN' }),
      visitFixture({ startAt: '2027-01-17T13:00:00.000Z' }),
    ];
    expect(cancelledByEnd(visits, 3, '2027-01-15', tz)).toBe(1);
    expect(cancelledByEnd(visits, 50, '2027-01-15', tz)).toBe(48);
    expect(cancelledByEnd(visits, 3, '2027-01-14', tz)).toBe(2);
  });
  it('reads the local day: 02:00 UTC on the 16th is still the 15th in New York', () => {
    expect(cancelledByEnd([visitFixture({ startAt: '2027-01-16T02:00:00.000Z' })], 1, '2027-01-15', tz)).toBe(0);
  });
});
