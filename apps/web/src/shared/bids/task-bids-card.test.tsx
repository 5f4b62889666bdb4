import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeSession, mockApi, renderApp, route } from '../../test-utils';
import { TASK_ID, taskPageReplies } from '../tasks/test-fixtures';
import { bidOf } from './test-fixtures';

const URL_ = `/workorder/scheduler/view/${TASK_ID}`;
const submitted = bidOf({ id: 'b1', status: 'SUBMITTED', amount: 1234.5, note: 'Two plumbers', earliestStartDateTime: '2026-11-26T13:30:00.000Z' });
const requested = bidOf({ id: 'b2', subName: 'Bright Spark Electric' });
const awardCalls = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.filter(([u, init]) => String(u).includes('/api/bids/b1/award') && init?.method === 'POST');

async function bidsList() {
  return within(await screen.findByRole('list', { name: 'Bids' }));
}

describe('task bids card', { timeout: 20_000 }, () => {
  it('lists each bid (status, $ amount, earliest start in the company zone, note) and awards a submitted one after confirming', async () => {
    const fetchMock = mockApi(
      ...taskPageReplies({}, [], [submitted, requested]),
      route('POST', '/api/bids/b1/award', { body: { data: { ...submitted, status: 'AWARDED' } } }),
    );
    renderApp(URL_, makeSession('Admin', 'fullAccess'));
    const list = await bidsList();
    const ace = list.getByText('Ace Plumbing Subs').closest('li')!;
    expect(ace.textContent).toContain('Submitted');
    expect(ace.textContent).toContain('$1,234.50');
    expect(ace.textContent).toContain('Two plumbers');
    expect(ace.textContent).toMatch(/Earliest start .*8:30\s?AM/);
    // Only a submitted bid can be awarded.
    expect(within(list.getByText('Bright Spark Electric').closest('li')!).queryByRole('button', { name: /Award/ })).toBeNull();

    const user = userEvent.setup();
    await user.click(within(ace).getByRole('button', { name: 'Award bid of Ace Plumbing Subs' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Award bid' }));
    expect(awardCalls(fetchMock)).toHaveLength(0);
    await user.click(dialog.getByRole('button', { name: 'Award' }));
    expect(await screen.findByText('Bid awarded')).toBeTruthy();
    expect(awardCalls(fetchMock)).toHaveLength(1);
  });

  it('shows the clash title and the server text when the award meets a conflicting schedule', async () => {
    const clash = { statusCode: 409, code: 'SCHEDULE_CONFLICT', message: 'Unable to update schedule. This user has a conflicting schedule with task #2002.' };
    mockApi(...taskPageReplies({}, [], [submitted]), route('POST', '/api/bids/b1/award', { status: 409, body: clash }));
    renderApp(URL_, makeSession('Admin', 'fullAccess'));
    const user = userEvent.setup();
    await user.click((await bidsList()).getByRole('button', { name: 'Award bid of Ace Plumbing Subs' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Award bid' })).getByRole('button', { name: 'Award' }));
    expect(await screen.findByText('Technician has a conflicting schedule')).toBeTruthy();
    expect(screen.getByText(clash.message)).toBeTruthy();
  });

  it('stops collecting bids after confirming; read-only office users see bids without actions', async () => {
    const fetchMock = mockApi(...taskPageReplies({}, [], [submitted, requested]), route('POST', `/api/tasks/${TASK_ID}/bids/close`, { body: { data: [] } }));
    const view = renderApp(URL_, makeSession('Admin', 'fullAccess'));
    const user = userEvent.setup();
    await bidsList();
    await user.click(screen.getByRole('button', { name: 'Stop collecting bids' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Stop collecting bids' })).getByRole('button', { name: 'Stop collecting bids' }));
    expect(await screen.findByText('Bid requests closed')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([u, init]) => String(u).includes(`/api/tasks/${TASK_ID}/bids/close`) && init?.method === 'POST')).toBe(true);
    view.unmount();

    mockApi(...taskPageReplies({}, [], [submitted, requested]));
    renderApp(URL_, makeSession('Office Viewer', 'onlyViewAccess'));
    const list = await bidsList();
    expect(list.getByText('$1,234.50')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Award/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Stop collecting bids' })).toBeNull();
  });
});
