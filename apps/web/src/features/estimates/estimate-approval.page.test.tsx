import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ESTIMATE_MESSAGES } from '@fieldwork/domain/billing/estimates.rules';
import { makeSession, mockApi, renderApp, route } from '../../test-utils';
import { drawStroke, ESTIMATE_ID, estimate, estimateReply, PNG_DATA_URL, stubCanvas } from '../../shared/billing/preview-test-fixtures';

const PATH = `/workorder/estimates/${ESTIMATE_ID}/approval`;
const approvalReply = (status: 'APPROVED' | 'DECLINED' | 'CHANGE_REQUEST') =>
  route('POST', `/api/estimates/${ESTIMATE_ID}/approval`, { body: { data: estimate({ status }) } });

async function openPage() {
  const canvas = await screen.findByRole('img', { name: 'Signature pad' });
  const buttons = ['Approve', 'Decline', 'Request change'].map((name) => screen.getByRole('button', { name }) as HTMLButtonElement);
  return { canvas, buttons, user: userEvent.setup() };
}

describe('onsite approval page', { timeout: 20_000 }, () => {
  it('shows the compact estimate and enables the decisions only once a signature is drawn', async () => {
    stubCanvas();
    mockApi(estimateReply());
    renderApp(PATH, makeSession());
    const { canvas, buttons } = await openPage();
    const doc = screen.getByRole('article', { name: 'Estimate #2001' });
    expect(within(doc).getByText('Pump')).toBeTruthy();
    expect(within(doc).getByText('$450.00')).toBeTruthy();
    expect(within(doc).queryByRole('region', { name: 'Margin' })).toBeNull();
    // One page, one main landmark: the overlay sits inside the shell's <main>, it does not open another.
    expect(document.querySelectorAll('main')).toHaveLength(1);
    expect(buttons.every((b) => b.disabled)).toBe(true);
    drawStroke(canvas);
    expect(buttons.every((b) => !b.disabled)).toBe(true);
  });

  it('sends the decision, the name and the PNG signature, then thanks the customer', async () => {
    stubCanvas();
    const fetchMock = mockApi(estimateReply(), approvalReply('APPROVED'));
    renderApp(PATH, makeSession());
    const { canvas, user } = await openPage();
    drawStroke(canvas);
    await user.type(screen.getByLabelText('Your name'), '  Carla Customer ');
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(ESTIMATE_MESSAGES.approvalSaved)).toBeTruthy();
    expect(screen.getByText('Approved')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to estimate #2001' }).getAttribute('href')).toBe(`/workorder/estimates/${ESTIMATE_ID}`);
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ decision: 'APPROVED', signerName: 'Carla Customer', signature: PNG_DATA_URL, comment: null });
  });

  it("refuses a missing name and a change request without a comment, with the schema's messages", async () => {
    stubCanvas();
    const fetchMock = mockApi(estimateReply(), approvalReply('CHANGE_REQUEST'));
    renderApp(PATH, makeSession());
    const { canvas, user } = await openPage();
    drawStroke(canvas);
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('Name is mandatory.')).toBeTruthy();
    await user.type(screen.getByLabelText('Your name'), 'Carla Customer');
    await user.click(screen.getByRole('button', { name: 'Request change' }));
    expect(await screen.findByText('Please describe the change you need.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    await user.type(screen.getByLabelText('Comment'), 'Add a second pump');
    await user.click(screen.getByRole('button', { name: 'Request change' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({ decision: 'CHANGE_REQUEST', comment: 'Add a second pump' });
    expect(await screen.findByText('Change Request')).toBeTruthy();
  });

  it('shows the status and the way back instead of the pad when onsite approval is not allowed', async () => {
    mockApi(estimateReply(estimate({ status: 'APPROVED' })));
    renderApp(PATH, makeSession());
    expect(await screen.findByText('Onsite approval is not available')).toBeTruthy();
    expect(screen.getByText('Approved')).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'Signature pad' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to estimate #2001' })).toBeTruthy();
  });
});
