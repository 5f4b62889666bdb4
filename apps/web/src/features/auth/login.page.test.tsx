import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeSession, mockApi, renderApp, route } from '../../test-utils';

async function signIn(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/email/i), email);
  await user.type(screen.getByLabelText(/password/i), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('login', () => {
  it('shows the server message for wrong credentials', async () => {
    mockApi(route('POST', '/api/auth/login', { status: 401, body: { statusCode: 401, code: 'INVALID_CREDENTIALS', message: 'Invalid email or password.' } }));
    const { router } = renderApp('/login', null);
    await signIn('pat@example.com', 'wrong-password');
    expect(await screen.findByText('Invalid email or password.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows the rate-limit message', async () => {
    mockApi(
      route('POST', '/api/auth/login', { status: 429, body: { statusCode: 429, code: 'RATE_LIMITED', message: 'Too many attempts. Please try again later.' } }),
    );
    renderApp('/login', null);
    await signIn('pat@example.com', 'whatever-password');
    expect(await screen.findByText('Too many attempts. Please try again later.')).toBeTruthy();
  });

  it('validates before calling the server', async () => {
    const fetchMock = mockApi();
    renderApp('/login', null);
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Email must be a valid email address.')).toBeTruthy();
    expect(screen.getByText('Password is mandatory.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/auth/login'))).toBe(false);
  });

  it('signs in and opens the dashboard', async () => {
    mockApi(route('POST', '/api/auth/login', { body: { data: makeSession() } }));
    const { router } = renderApp('/login', null);
    await signIn('pat@example.com', 'correct-password');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
  });

  it('sends a signed-out visitor of an app page to sign in', async () => {
    mockApi();
    const { router } = renderApp('/customers', null);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
  });
});
