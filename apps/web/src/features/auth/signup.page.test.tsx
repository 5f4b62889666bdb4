import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SIGNUP_ACCEPTED_MESSAGE } from '@fieldwork/domain/access/auth.schemas';
import { makeSession, mockApi, renderApp, route } from '../../test-utils';
import { SIGNUP_EXISTING_ACCOUNT } from './signup.page';

async function fillAndSubmit() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/company name/i), 'Acme Heating');
  await user.type(screen.getByLabelText(/your name/i), 'Ann Owner');
  await user.type(screen.getByLabelText(/email/i), 'ann@acme.test');
  await user.type(screen.getByLabelText(/password/i), 'correct-horse-1');
  await user.click(screen.getByRole('button', { name: 'Create company' }));
}

const accepted = route('POST', '/api/auth/signup', { status: 202, body: { data: { email: 'ann@acme.test', message: SIGNUP_ACCEPTED_MESSAGE } } });

describe('signup', () => {
  it('signs in with the typed email and password after the signup is accepted, and opens the dashboard', async () => {
    const fetchMock = mockApi(accepted, route('POST', '/api/auth/login', { body: { data: makeSession() } }));
    const { router } = renderApp('/signup', null);
    await fillAndSubmit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    const login = fetchMock.mock.calls.find(([url]) => String(url).includes('/auth/login'))!;
    expect(JSON.parse(String((login[1] as RequestInit).body))).toEqual({ email: 'ann@acme.test', password: 'correct-horse-1' });
  });

  it('says the address may already have an account when that sign-in is refused, and stays on the form', async () => {
    mockApi(
      accepted,
      route('POST', '/api/auth/login', { status: 401, body: { statusCode: 401, code: 'INVALID_CREDENTIALS', message: 'Invalid email or password.' } }),
    );
    const { router } = renderApp('/signup', null);
    await fillAndSubmit();
    expect(await screen.findByText(SIGNUP_EXISTING_ACCOUNT)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/signup');
  });

  it('shows the limit message when the network made too many signups', async () => {
    mockApi(
      route('POST', '/api/auth/signup', {
        status: 429,
        body: { statusCode: 429, code: 'RATE_LIMITED', message: 'Too many signups from this network. Please try again later.' },
      }),
    );
    renderApp('/signup', null);
    await fillAndSubmit();
    expect(await screen.findByText('Too many signups from this network. Please try again later.')).toBeTruthy();
  });
});
