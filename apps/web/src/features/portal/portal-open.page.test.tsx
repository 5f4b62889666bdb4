import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_ERROR_MESSAGE } from '@fieldwork/domain/common/errors.schemas';
import { PORTAL_MESSAGES } from '@fieldwork/domain/portal/portal.rules';
import { mockApi, renderApp, route } from '../../test-utils';
import { estimateReply, hubReply, invoiceReply, meReply, P_ESTIMATE_ID, P_INVOICE_ID, SLUG, sentBody, TOKEN } from './portal-test-fixtures';

const sessionAnswer = (document: { kind: 'estimate' | 'invoice'; id: string } | null) => route('POST', '/api/portal/session', { body: { data: { document } } });

afterEach(() => vi.unstubAllGlobals());

describe('portal open page (/portal/open#token)', { timeout: 20_000 }, () => {
  it('takes the token out of the address before asking for the session, then opens the estimate in its place', async () => {
    const seen: { href?: string } = {};
    const holder: { router?: ReturnType<typeof renderApp>['router'] } = {};
    const fetchMock = mockApi(
      (url, init) => {
        if (init?.method === 'POST' && url.pathname === '/api/portal/session') seen.href = holder.router?.history.location.href;
        return undefined;
      },
      sessionAnswer({ kind: 'estimate', id: P_ESTIMATE_ID }),
      meReply(),
      estimateReply(),
    );
    const { router } = renderApp(`/portal/open#${TOKEN}`, null);
    holder.router = router;

    expect(await screen.findByRole('article', { name: 'Estimate #2001' })).toBeTruthy();
    expect(sentBody(fetchMock, 'POST', '/api/portal/session')).toEqual({ token: TOKEN });
    expect(seen.href).toBe('/portal/open');
    expect(router.state.location.pathname).toBe(`/portal/estimates/${P_ESTIMATE_ID}`);
    // Replaced, not pushed: going back cannot reach an address that held the token.
    expect(router.history.location.hash).toBe('');
    expect(router.history.length).toBe(1);
    // The portal's 401 never sends anyone to the staff sign-in, and the staff session is never asked for.
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/api/auth'))).toBe(false);
  });

  it('opens the invoice for an invoice link, and the hub for a sign-in link', async () => {
    mockApi(sessionAnswer({ kind: 'invoice', id: P_INVOICE_ID }), meReply(), invoiceReply());
    const first = renderApp(`/portal/open#${TOKEN}`, null);
    expect(await screen.findByRole('article', { name: 'Invoice #3001' })).toBeTruthy();
    expect(first.router.state.location.pathname).toBe(`/portal/invoices/${P_INVOICE_ID}`);
    first.unmount();

    mockApi(sessionAnswer(null), meReply(), hubReply());
    const second = renderApp(`/portal/open#${TOKEN}`, null);
    expect(await screen.findByRole('heading', { name: 'Hello, Dana Whitfield' })).toBeTruthy();
    expect(second.router.state.location.pathname).toBe('/portal');
  });

  it('on 410 says only that the link is unusable and emails a fresh one for that company', async () => {
    const fetchMock = mockApi(
      route('POST', '/api/portal/session', {
        status: 410,
        body: { statusCode: 410, code: 'LINK_UNUSABLE', message: DEFAULT_ERROR_MESSAGE.LINK_UNUSABLE, details: { companySlug: SLUG } },
      }),
      route('POST', `/api/portal/companies/${SLUG}/sign-in-link`, { status: 202, body: { data: { message: PORTAL_MESSAGES.signInSent } } }),
    );
    const { router } = renderApp(`/portal/open#${TOKEN}`, null);
    expect(await screen.findByText(DEFAULT_ERROR_MESSAGE.LINK_UNUSABLE)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/portal/open');
    expect(router.history.location.hash).toBe('');

    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'Dana@Example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    expect(await screen.findByText(PORTAL_MESSAGES.signInSent)).toBeTruthy();
    expect(sentBody(fetchMock, 'POST', `/api/portal/companies/${SLUG}/sign-in-link`)).toEqual({ email: 'dana@example.com' });
    // Nothing about the company or a customer was fetched for an unusable link.
    const paths = fetchMock.mock.calls.map(([u]) => new URL(String(u), 'http://localhost').pathname);
    expect(paths.filter((p) => p.startsWith('/api/portal')).sort()).toEqual(['/api/portal/companies/' + SLUG + '/sign-in-link', '/api/portal/session']);
  });

  it('handles a second link opened in the same tab, where only the fragment changes', async () => {
    let calls = 0;
    const fetchMock = mockApi(
      (url, init) => {
        if (init?.method !== 'POST' || url.pathname !== '/api/portal/session') return undefined;
        calls += 1;
        return calls === 1
          ? { status: 410, body: { statusCode: 410, code: 'LINK_UNUSABLE', message: DEFAULT_ERROR_MESSAGE.LINK_UNUSABLE, details: { companySlug: SLUG } } }
          : { body: { data: { document: null } } };
      },
      meReply(),
      hubReply(),
    );
    const { router } = renderApp(`/portal/open#${TOKEN}`, null);
    expect(await screen.findByText(DEFAULT_ERROR_MESSAGE.LINK_UNUSABLE)).toBeTruthy();
    const fresh = 'Fresh_token-0123456789abcdefghijkl';
    await act(async () => {
      router.history.push(`/portal/open#${fresh}`);
    });
    expect(await screen.findByRole('heading', { name: 'Hello, Dana Whitfield' })).toBeTruthy();
    const bodies = fetchMock.mock.calls
      .filter(([u, init]) => init?.method === 'POST' && String(u) === '/api/portal/session')
      .map(([, init]) => JSON.parse(String(init?.body)) as unknown);
    expect(bodies).toEqual([{ token: TOKEN }, { token: fresh }]);
  });

  it('without a well-formed token asks for nothing and says the link is not valid', async () => {
    const fetchMock = mockApi();
    renderApp('/portal/open', null);
    expect(await screen.findByText('This link is not valid.')).toBeTruthy();
    await waitFor(() => expect(sentBody(fetchMock, 'POST', '/api/portal/session')).toBeUndefined());
  });
});
