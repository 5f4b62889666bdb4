import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNT_LINK_MESSAGES, FORGOT_PASSWORD_ACCEPTED } from '@fieldwork/domain/access/auth.schemas';
import { makeSession, mockApi, renderApp, route } from '../../test-utils';

describe('forgot and reset password', { timeout: 20_000 }, () => {
  it('the sign-in page links to "Forgot password?", which answers with the same words for any address', async () => {
    const fetchMock = mockApi(route('POST', '/api/auth/forgot-password', { status: 202, body: { data: { message: FORGOT_PASSWORD_ACCEPTED } } }));
    const { router } = renderApp('/login', null);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'));
    await user.type(await screen.findByLabelText(/email/i), 'pat@example.com');
    await user.click(screen.getByRole('button', { name: 'Email me a link' }));
    expect(await screen.findByText(FORGOT_PASSWORD_ACCEPTED)).toBeTruthy();
    const sent = fetchMock.mock.calls.find(([url]) => String(url).includes('/auth/forgot-password'))!;
    expect(JSON.parse(String((sent[1] as RequestInit).body))).toEqual({ email: 'pat@example.com' });
  });

  it('the emailed link sets a new password and signs in', async () => {
    const fetchMock = mockApi(route('POST', '/api/auth/reset-password', { body: { data: makeSession() } }));
    const { router } = renderApp('/reset-password?token=tok-1234567890123456789012', null);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/new password/i), 'brand-new-pass-1');
    await user.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    const sent = fetchMock.mock.calls.find(([url]) => String(url).includes('/auth/reset-password'))!;
    expect(JSON.parse(String((sent[1] as RequestInit).body))).toEqual({ token: 'tok-1234567890123456789012', password: 'brand-new-pass-1' });
  });

  it('a used or expired link says so and offers a new one', async () => {
    mockApi(
      route('POST', '/api/auth/reset-password', {
        status: 400,
        body: { statusCode: 400, code: 'VALIDATION_FAILED', message: [ACCOUNT_LINK_MESSAGES.resetInvalid] },
      }),
    );
    renderApp('/reset-password?token=tok-1234567890123456789012', null);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/new password/i), 'brand-new-pass-1');
    await user.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    expect(await screen.findByText(ACCOUNT_LINK_MESSAGES.resetInvalid)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toBeTruthy();
  });
});

describe('confirming the company address', { timeout: 20_000 }, () => {
  it('confirms as the link opens and says so', async () => {
    const fetchMock = mockApi(route('POST', '/api/auth/verify-email', { body: { data: { message: ACCOUNT_LINK_MESSAGES.verified } } }));
    renderApp('/verify-email?token=tok-1234567890123456789012', null);
    expect(await screen.findByText(ACCOUNT_LINK_MESSAGES.verified)).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/auth/verify-email'))).toHaveLength(1);
  });

  it('an invalid link says what to do', async () => {
    mockApi(
      route('POST', '/api/auth/verify-email', {
        status: 400,
        body: { statusCode: 400, code: 'VALIDATION_FAILED', message: [ACCOUNT_LINK_MESSAGES.verifyInvalid] },
      }),
    );
    renderApp('/verify-email?token=tok-1234567890123456789012', null);
    expect(await screen.findByText(ACCOUNT_LINK_MESSAGES.verifyInvalid)).toBeTruthy();
  });
});
