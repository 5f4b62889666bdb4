import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PAYMENT_MESSAGES } from '@fieldwork/domain/payments/payments.rules';
import type { PaymentSettings } from '@fieldwork/domain/payments/payments.schemas';
import { makeSession, mockApi, renderApp, route } from '../../../test-utils';

const settings = (o: Partial<PaymentSettings> = {}): PaymentSettings => ({
  provider: null,
  connected: false,
  secretKeyLast4: null,
  webhookSecretLast4: null,
  publishableKey: null,
  allowPartial: false,
  testMode: false,
  webhookUrl: 'https://app.example/api/webhooks/stripe/c1',
  webhookEvents: ['checkout.session.completed', 'charge.refunded'],
  demoProvider: false,
  connectedAt: null,
  ...o,
});
const connected = (o: Partial<PaymentSettings> = {}) =>
  settings({
    provider: 'stripe',
    connected: true,
    secretKeyLast4: '1234',
    webhookSecretLast4: 'abcd',
    publishableKey: 'pk_test_abc',
    testMode: true,
    connectedAt: '2026-11-26T15:00:00.000Z',
    ...o,
  });

type FetchMock = ReturnType<typeof mockApi>;
const sent = (fetchMock: FetchMock, method: string) => {
  const hit = fetchMock.mock.calls.find(([u, init]) => String(u) === '/api/company/payments' && init?.method === method);
  return hit ? (hit[1]?.body ? (JSON.parse(String(hit[1].body)) as Record<string, unknown>) : {}) : undefined;
};

describe('Settings → Payments', { timeout: 20_000 }, () => {
  it('is in the settings menu for admins and says when the demo test checkout takes payments', async () => {
    mockApi(route('GET', '/api/company/payments', { body: { data: settings({ demoProvider: true }) } }));
    renderApp('/settings/payments', makeSession('Admin', 'fullAccess'));
    expect(await screen.findByText('Not connected')).toBeTruthy();
    expect(screen.getByText(/built-in test checkout/)).toBeTruthy();
    expect(screen.getByText(/no money moves/)).toBeTruthy();
    expect(within(screen.getByRole('navigation', { name: 'Settings' })).getByRole('link', { name: 'Payments' })).toBeTruthy();
    expect((screen.getByLabelText('Webhook URL') as HTMLInputElement).value).toBe('https://app.example/api/webhooks/stripe/c1');
    expect(within(screen.getByRole('list', { name: 'Webhook events' })).getByText('charge.refunded')).toBeTruthy();
  });

  it('connects: sends both secrets, then says saved', async () => {
    const fetchMock = mockApi(
      route('PUT', '/api/company/payments', { body: { data: connected({ allowPartial: true }) } }),
      route('GET', '/api/company/payments', { body: { data: settings() } }),
    );
    renderApp('/settings/payments', makeSession('Admin', 'fullAccess'));
    const user = userEvent.setup();
    const secret = await screen.findByLabelText('Secret Key');
    expect((secret as HTMLInputElement).type).toBe('password');
    await user.type(secret, 'sk_test_123');
    await user.type(screen.getByLabelText('Publishable Key'), 'pk_test_abc');
    await user.type(screen.getByLabelText('Webhook Signing Secret'), 'whsec_xyz');
    await user.click(screen.getByLabelText('Let customers pay part of a balance'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sent(fetchMock, 'PUT')).toEqual({
        provider: 'stripe',
        secretKey: 'sk_test_123',
        publishableKey: 'pk_test_abc',
        webhookSecret: 'whsec_xyz',
        allowPartial: true,
      }),
    );
    expect(await screen.findByText('Payment settings saved.')).toBeTruthy();
    expect(await screen.findByText('Connected · test mode')).toBeTruthy();
  });

  it('keeps stored secrets when their inputs stay empty', async () => {
    const fetchMock = mockApi(
      route('PUT', '/api/company/payments', { body: { data: connected({ testMode: false }) } }),
      route('GET', '/api/company/payments', { body: { data: connected() } }),
    );
    renderApp('/settings/payments', makeSession('Admin', 'fullAccess'));
    const user = userEvent.setup();
    expect(((await screen.findByLabelText('Secret Key')) as HTMLInputElement).placeholder).toBe('Stored — ends in 1234');
    expect((screen.getByLabelText('Webhook Signing Secret') as HTMLInputElement).placeholder).toBe('Stored — ends in abcd');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent(fetchMock, 'PUT')).toEqual({ provider: 'stripe', publishableKey: 'pk_test_abc', allowPartial: false }));
  });

  it('refuses a key of the wrong shape before sending, and shows what the server refuses', async () => {
    const fetchMock = mockApi(
      route('PUT', '/api/company/payments', { status: 400, body: { statusCode: 400, code: 'PAYMENT_KEY_REFUSED', message: PAYMENT_MESSAGES.keyRefused } }),
      route('GET', '/api/company/payments', { body: { data: connected() } }),
    );
    renderApp('/settings/payments', makeSession('Admin', 'fullAccess'));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Secret Key'), 'pk_live_wrong');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(PAYMENT_MESSAGES.secretKeyShape)).toBeTruthy();
    expect(sent(fetchMock, 'PUT')).toBeUndefined();
    await user.clear(screen.getByLabelText('Secret Key'));
    await user.type(screen.getByLabelText('Secret Key'), 'sk_live_revoked');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(PAYMENT_MESSAGES.keyRefused)).toBeTruthy();
  });

  it("lists the server's field messages under the form", async () => {
    const messages = [PAYMENT_MESSAGES.publishableKeyShape, PAYMENT_MESSAGES.webhookSecretShape];
    mockApi(
      route('PUT', '/api/company/payments', { status: 400, body: { statusCode: 400, code: 'VALIDATION', message: messages } }),
      route('GET', '/api/company/payments', { body: { data: connected() } }),
    );
    renderApp('/settings/payments', makeSession('Admin', 'fullAccess'));
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(messages);
  });

  it('asks for both secrets on a first connection', async () => {
    const fetchMock = mockApi(route('GET', '/api/company/payments', { body: { data: settings() } }));
    renderApp('/settings/payments', makeSession('Admin', 'fullAccess'));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Publishable Key'), 'pk_test_abc');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(PAYMENT_MESSAGES.secretsRequired)).toBeTruthy();
    expect(sent(fetchMock, 'PUT')).toBeUndefined();
  });

  it('disconnects after confirming', async () => {
    let current = connected();
    const fetchMock = mockApi(
      (url, init) => {
        if (url.pathname !== '/api/company/payments' || init?.method !== 'DELETE') return undefined;
        current = settings();
        return { status: 204, body: undefined };
      },
      (url, init) => (url.pathname === '/api/company/payments' && (init?.method ?? 'GET') === 'GET' ? { body: { data: current } } : undefined),
    );
    renderApp('/settings/payments', makeSession('Admin', 'fullAccess'));
    const user = userEvent.setup();
    expect(await screen.findByText('Connected · test mode')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText('Stripe disconnected.')).toBeTruthy();
    expect(sent(fetchMock, 'DELETE')).toEqual({});
    expect(await screen.findByText('Not connected')).toBeTruthy();
  });

  it('is not offered to someone without settings rights', async () => {
    mockApi();
    renderApp('/settings/payments', makeSession('Office Manager', 'partialAccess'));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Payments' })).toBeNull());
    expect(screen.queryByLabelText('Secret Key')).toBeNull();
  });
});
