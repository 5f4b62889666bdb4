import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeSession, mockApi, renderApp, route } from '../test-utils';

describe('session', () => {
  it('signs out from the user menu', async () => {
    const fetchMock = mockApi(route('POST', '/api/auth/logout', { status: 204 }));
    const { router } = renderApp('/dashboard', makeSession());
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'User menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(fetchMock.mock.calls.some(([url, init]) => String(url) === '/api/auth/logout' && init?.method === 'POST')).toBe(true);
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('leaves for the sign-in page when a call answers 401', async () => {
    mockApi(route('GET', '/api/customers', { status: 401, body: { statusCode: 401, code: 'UNAUTHENTICATED', message: 'Please sign in to continue.' } }));
    const { router } = renderApp('/customers', makeSession());
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toEqual({ redirect: '/customers' });
  });

  it('returns to the requested page after signing in', async () => {
    mockApi(route('POST', '/api/auth/login', { body: { data: makeSession() } }), route('GET', '/api/company', { body: { data: makeSession().company } }));
    const { router } = renderApp('/login?redirect=%2Fsettings%2Fcompany', null);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'pat@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/company'));
  });

  it('never follows a redirect to another site', async () => {
    mockApi(route('POST', '/api/auth/login', { body: { data: makeSession() } }));
    const { router } = renderApp('/login?redirect=%2F%2Fevil.example.com', null);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'pat@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});
