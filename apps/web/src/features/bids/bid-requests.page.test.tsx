import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeSession, mockApi, renderApp, route } from '../../test-utils';
import { NO_BID_REQUESTS } from './bid-requests.page';
import { answerBody, AMOUNT_REQUIRED, submitBidForm } from './submit-bid-dialog';
import { bidOf } from '../../shared/bids/test-fixtures';

const page = (items: unknown[]) => route('GET', '/api/bids', { body: { data: { items, meta: { total: items.length, totalPages: 1, page: 1, limit: 20 } } } });
const sub = () => makeSession('SubContractor', 'noAccess');
const bodies = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
  fetchMock.mock.calls
    .filter(([u, init]) => new URL(String(u), 'http://x').pathname === path && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);

describe('submit-bid form rules', () => {
  it.each([
    ['', AMOUNT_REQUIRED],
    ['abc', 'Amount must be a number.'],
    ['-50', 'Amount must be a positive number.'],
    ['-12.5', 'Amount must be a positive number.'],
    ['0', 'Amount must be greater than 0.'],
    ['12.345', 'Amount can have at most 2 decimal places.'],
    ['20000000', 'Amount must be at most 10,000,000.'],
  ])('amount %j → %s', (amount, message) => {
    const r = submitBidForm.safeParse({ amount, note: '', earliestStart: '' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(message);
  });

  it('sends dollars, the trimmed note and the earliest start as a UTC instant of the company zone', () => {
    expect(submitBidForm.safeParse({ amount: '1250.5', note: '', earliestStart: '' }).success).toBe(true);
    expect(answerBody({ amount: ' 1250.50 ', note: '  Two plumbers ', earliestStart: '2026-11-26T08:30' }, 'America/New_York')).toEqual({
      amount: 1250.5,
      note: 'Two plumbers',
      earliestStartDateTime: '2026-11-26T13:30:00.000Z',
    });
    expect(answerBody({ amount: '10', note: ' ', earliestStart: '' }, 'America/New_York')).toEqual({ amount: 10, earliestStartDateTime: null });
  });
});

describe('Bid Requests page', { timeout: 20_000 }, () => {
  it('is in the sidebar for subcontractor logins only and says when there is nothing yet', async () => {
    mockApi(page([]));
    renderApp('/workorder/bids', sub());
    expect(await screen.findByText(NO_BID_REQUESTS)).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Bid Requests' }).length).toBeGreaterThan(0);
  });

  it('shows a request with its job, customer, site and schedule, validates the amount, and submits the bid', async () => {
    const bid = bidOf({ id: 'b1' });
    const fetchMock = mockApi(page([bid]), route('POST', '/api/bids/b1/answer', { body: { data: { ...bid, status: 'SUBMITTED', amount: 1250 } } }));
    renderApp('/workorder/bids', sub());
    const card = within(await screen.findByRole('listitem', { name: '#2001 · Replace valve' }));
    expect(card.getByText('#1042')).toBeTruthy();
    expect(card.getByText('Harbor Foods')).toBeTruthy();
    expect(card.getByText('12 Pier Rd, Boston, MA')).toBeTruthy();
    expect(card.getByText('Requested')).toBeTruthy();

    const user = userEvent.setup();
    await user.click(card.getByRole('button', { name: 'Submit Bid' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Submit Bid' }));
    await user.click(dialog.getByRole('button', { name: 'Submit Bid' }));
    expect(await dialog.findByText(AMOUNT_REQUIRED)).toBeTruthy();
    await user.type(dialog.getByLabelText(/Amount/), '12.345');
    await user.click(dialog.getByRole('button', { name: 'Submit Bid' }));
    expect(await dialog.findByText('Amount can have at most 2 decimal places.')).toBeTruthy();
    expect(bodies(fetchMock, '/api/bids/b1/answer')).toEqual([]);

    await user.clear(dialog.getByLabelText(/Amount/));
    await user.type(dialog.getByLabelText(/Amount/), '1250');
    await user.type(dialog.getByLabelText('Note'), 'Two plumbers');
    await user.click(dialog.getByRole('button', { name: 'Submit Bid' }));
    expect(await screen.findByText('Bid submitted')).toBeTruthy();
    expect(bodies(fetchMock, '/api/bids/b1/answer')).toEqual([{ amount: 1250, note: 'Two plumbers', earliestStartDateTime: null }]);
  });

  it('declines after confirming and offers no actions on a closed request', async () => {
    const fetchMock = mockApi(
      page([bidOf({ id: 'b1' }), bidOf({ id: 'b2', status: 'CLOSED', task: { ...bidOf({ id: 'x' }).task, taskNumber: 2002 } })]),
      route('POST', '/api/bids/b1/decline', { body: { data: bidOf({ id: 'b1', status: 'DECLINED' }) } }),
    );
    renderApp('/workorder/bids', sub());
    const closed = within(await screen.findByRole('listitem', { name: '#2002 · Replace valve' }));
    expect(closed.queryByRole('button')).toBeNull();
    const user = userEvent.setup();
    await user.click(within(screen.getByRole('listitem', { name: '#2001 · Replace valve' })).getByRole('button', { name: 'Decline' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Decline bid request' })).getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('Bid request declined')).toBeTruthy();
    expect(bodies(fetchMock, '/api/bids/b1/decline')).toEqual([{}]);
  });
});
