import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PORTAL_MESSAGES, PORTAL_TERMS } from '@fieldwork/domain/portal/portal.rules';
import { mockApi, renderApp, route } from '../../test-utils';
import { estimateReply, meReply, P_ESTIMATE_ID, portalEstimate, sentBody } from './portal-test-fixtures';
import { ANSWER_THANKS } from './portal-estimate.page';

const PATH = `/portal/estimates/${P_ESTIMATE_ID}`;
const approved = portalEstimate({
  status: 'APPROVED',
  statusLabel: 'Approved',
  canAnswer: false,
  answer: { decision: 'APPROVED', signerName: 'Dana Whitfield', at: '2026-11-26T15:30:00.000Z', comment: null, via: 'portal' },
  version: 4,
});

afterEach(() => vi.unstubAllGlobals());

async function openApprove() {
  await userEvent.click(await screen.findByRole('button', { name: 'Approve' }));
  return screen.getByRole('form', { name: 'Approve the estimate' });
}

describe('portal estimate page', { timeout: 20_000 }, () => {
  it('shows the lines, totals, deposit, message and the PDF link', async () => {
    mockApi(meReply(), estimateReply());
    renderApp(PATH, null);
    const doc = await screen.findByRole('article', { name: 'Estimate #2001' });
    expect(within(doc).getByText('Open')).toBeTruthy();
    expect(within(doc).getAllByText('Water heater').length).toBeGreaterThan(0);
    const totals = within(doc).getByLabelText('Totals');
    expect(totals.textContent).toContain('Deposit required$300.00');
    expect(totals.textContent).toContain('Total$1,296.00');
    expect(within(doc).getByText('Thanks for choosing us.')).toBeTruthy();
    expect(within(doc).getByRole('link', { name: 'Download PDF' }).getAttribute('href')).toBe(`/api/portal/estimates/${P_ESTIMATE_ID}/pdf`);
  });

  it('approves with a typed signature once the terms are accepted, then shows who approved and when', async () => {
    const fetchMock = mockApi(meReply(), route('POST', `/api/portal/estimates/${P_ESTIMATE_ID}/approve`, { body: { data: approved } }), estimateReply());
    renderApp(PATH, null);
    const form = await openApprove();
    await userEvent.type(within(form).getByRole('textbox', { name: 'Full name' }), 'Dana Whitfield');
    await userEvent.click(within(form).getByRole('button', { name: 'Type instead' }));
    await userEvent.type(within(form).getByRole('textbox', { name: 'Typed signature' }), 'Dana Whitfield');

    // Terms first: the schema refuses an approval without them, and nothing is sent.
    await userEvent.click(within(form).getByRole('button', { name: 'Approve estimate' }));
    expect(await within(form).findByText(PORTAL_MESSAGES.termsRequired)).toBeTruthy();
    expect(sentBody(fetchMock, 'POST', `/api/portal/estimates/${P_ESTIMATE_ID}/approve`)).toBeUndefined();

    await userEvent.click(within(form).getByRole('checkbox', { name: PORTAL_TERMS }));
    await userEvent.click(within(form).getByRole('button', { name: 'Approve estimate' }));
    expect(await screen.findByText(ANSWER_THANKS)).toBeTruthy();
    expect(sentBody(fetchMock, 'POST', `/api/portal/estimates/${P_ESTIMATE_ID}/approve`)).toEqual({
      signerName: 'Dana Whitfield',
      typedSignature: 'Dana Whitfield',
      acceptTerms: true,
    });
    // A retry after a lost answer must be the same request to the server: it carries a key.
    const [, init] = fetchMock.mock.calls.find(([u, i]) => String(u).endsWith('/approve') && i?.method === 'POST')!;
    expect((init!.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    const answer = screen.getByRole('region', { name: 'Answer' });
    expect(within(answer).getByText('Dana Whitfield')).toBeTruthy();
    expect(within(answer).getAllByText('Approved').length).toBe(2);
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('asks for a signature when none is drawn or typed', async () => {
    const fetchMock = mockApi(meReply(), estimateReply());
    renderApp(PATH, null);
    const form = await openApprove();
    await userEvent.type(within(form).getByRole('textbox', { name: 'Full name' }), 'Dana Whitfield');
    await userEvent.click(within(form).getByRole('checkbox', { name: PORTAL_TERMS }));
    await userEvent.click(within(form).getByRole('button', { name: 'Approve estimate' }));
    expect(await within(form).findByText(PORTAL_MESSAGES.signatureRequired)).toBeTruthy();
    expect(sentBody(fetchMock, 'POST', `/api/portal/estimates/${P_ESTIMATE_ID}/approve`)).toBeUndefined();
  });

  it('requires a comment to request changes, then sends it', async () => {
    const changed = portalEstimate({
      status: 'CHANGE_REQUEST',
      statusLabel: 'Changes requested',
      canAnswer: false,
      answer: { decision: 'CHANGE_REQUEST', signerName: 'Dana Whitfield', at: '2026-11-26T15:30:00.000Z', comment: 'Use a 40 gal heater.', via: 'portal' },
    });
    const fetchMock = mockApi(meReply(), route('POST', `/api/portal/estimates/${P_ESTIMATE_ID}/request-changes`, { body: { data: changed } }), estimateReply());
    renderApp(PATH, null);
    await userEvent.click(await screen.findByRole('button', { name: 'Request changes' }));
    const form = screen.getByRole('form', { name: 'Request changes' });
    await userEvent.click(within(form).getByRole('button', { name: 'Send change request' }));
    expect(await within(form).findByText(PORTAL_MESSAGES.changesRequired)).toBeTruthy();
    expect(sentBody(fetchMock, 'POST', `/api/portal/estimates/${P_ESTIMATE_ID}/request-changes`)).toBeUndefined();

    await userEvent.type(within(form).getByRole('textbox', { name: 'What should change?' }), 'Use a 40 gal heater.');
    await userEvent.click(within(form).getByRole('button', { name: 'Send change request' }));
    expect(await screen.findByText(ANSWER_THANKS)).toBeTruthy();
    expect(sentBody(fetchMock, 'POST', `/api/portal/estimates/${P_ESTIMATE_ID}/request-changes`)).toEqual({ comment: 'Use a 40 gal heater.' });
    expect(within(screen.getByRole('region', { name: 'Answer' })).getByText('Use a 40 gal heater.')).toBeTruthy();
  });

  it('declines with an optional reason', async () => {
    const declined = portalEstimate({ status: 'DECLINED', statusLabel: 'Declined', canAnswer: false });
    const fetchMock = mockApi(meReply(), route('POST', `/api/portal/estimates/${P_ESTIMATE_ID}/decline`, { body: { data: declined } }), estimateReply());
    renderApp(PATH, null);
    await userEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    await userEvent.click(screen.getByRole('button', { name: 'Decline estimate' }));
    expect(await screen.findByText(ANSWER_THANKS)).toBeTruthy();
    expect(sentBody(fetchMock, 'POST', `/api/portal/estimates/${P_ESTIMATE_ID}/decline`)).toEqual({ reason: null });
  });

  it('on 409 shows the server message and the estimate as it now stands', async () => {
    let answered = false;
    mockApi(
      meReply(),
      (url, init) => {
        if (init?.method !== 'POST' || url.pathname !== `/api/portal/estimates/${P_ESTIMATE_ID}/decline`) return undefined;
        answered = true;
        return { status: 409, body: { statusCode: 409, code: 'CONFLICT', message: PORTAL_MESSAGES.alreadyAnswered } };
      },
      (url) => (url.pathname === `/api/portal/estimates/${P_ESTIMATE_ID}` ? { body: { data: answered ? approved : portalEstimate() } } : undefined),
    );
    renderApp(PATH, null);
    await userEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    await userEvent.click(screen.getByRole('button', { name: 'Decline estimate' }));
    expect(await screen.findByText(PORTAL_MESSAGES.alreadyAnswered)).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Answer' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Decline' })).toBeNull();
  });

  it('says the session ended on 401 and stays in the portal', async () => {
    mockApi(route('GET', '/api/portal/me', { status: 401, body: { statusCode: 401, code: 'UNAUTHENTICATED', message: 'x' } }));
    const { router } = renderApp(PATH, null);
    expect(await screen.findByText(PORTAL_MESSAGES.signedOut)).toBeTruthy();
    expect(router.state.location.pathname).toBe(PATH);
  });

  it('says the session ended when an answer is refused with 401', async () => {
    mockApi(
      meReply(),
      estimateReply(),
      route('POST', `/api/portal/estimates/${P_ESTIMATE_ID}/decline`, { status: 401, body: { statusCode: 401, code: 'UNAUTHENTICATED', message: 'x' } }),
    );
    const { router } = renderApp(PATH, null);
    await userEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    await userEvent.click(screen.getByRole('button', { name: 'Decline estimate' }));
    expect(await screen.findByText(PORTAL_MESSAGES.signedOut)).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
    expect(router.state.location.pathname).toBe(PATH);
  });
});
