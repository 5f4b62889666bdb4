import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TEXT_MESSAGES } from '@fieldwork/domain/texts/texts.rules';
import type { TextMessage, TextSettings } from '@fieldwork/domain/texts/texts.schemas';
import type { TextPreferences } from '@fieldwork/domain/texts/text-preferences.schemas';
import { DEFAULT_TEXT_TEMPLATES } from '@fieldwork/domain/texts/text-templates.rules';
import { makeSession, mockApi, renderApp, route } from '../../../test-utils';

const PREFS: TextPreferences = {
  remindersOn: true,
  reminderHours: 24,
  quietHoursOn: true,
  quietStart: '21:00',
  quietEnd: '08:00',
  bookingConfirmation: false,
  jobCompleted: false,
  templates: { ...DEFAULT_TEXT_TEMPLATES },
  customized: [],
  timeZone: 'America/New_York',
};
const SID = `AC${'a1'.repeat(16)}`;
const TOKEN = 'f0'.repeat(16);
const settings = (o: Partial<TextSettings> = {}): TextSettings => ({
  connected: false,
  accountSid: null,
  authTokenLast4: null,
  fromNumber: null,
  messagingServiceSid: null,
  country: 'US',
  inboundUrl: 'https://app.example/api/webhooks/twilio/c1/inbound',
  connectedAt: null,
  ...o,
});
const connected = settings({ connected: true, accountSid: SID, authTokenLast4: 'f0f0', fromNumber: '+12015550100', connectedAt: '2026-11-27T05:00:00.000Z' });
const text = (o: Partial<TextMessage> = {}): TextMessage => ({
  id: 't1',
  kind: 'test',
  to: '+12015550123',
  body: 'Test from Demo Contracting: texts are set up.',
  status: 'delivered',
  error: null,
  createdAt: '2026-11-27T05:10:00.000Z',
  sentAt: '2026-11-27T05:10:01.000Z',
  ...o,
});

type FetchMock = ReturnType<typeof mockApi>;
const sent = (fetchMock: FetchMock, method: string, url: string) => {
  const hit = fetchMock.mock.calls.find(([u, init]) => String(u) === url && init?.method === method);
  return hit?.[1]?.body ? (JSON.parse(String(hit[1].body)) as Record<string, unknown>) : undefined;
};

describe('Settings → Text messages', { timeout: 20_000 }, () => {
  it('connects Twilio with its credentials and number, and shows where replies go', async () => {
    const fetchMock = mockApi(
      route('GET', '/api/company/texts/preferences', { body: { data: PREFS } }),
      route('PUT', '/api/company/texts', { body: { data: connected } }),
      route('GET', '/api/company/texts/messages', { body: { data: [] } }),
      route('GET', '/api/company/texts', { body: { data: settings() } }),
    );
    renderApp('/settings/texts', makeSession('Admin', 'fullAccess'));
    expect(await screen.findByText('Not connected')).toBeTruthy();
    expect(within(screen.getByRole('navigation', { name: 'Settings' })).getByRole('link', { name: 'Text messages' })).toBeTruthy();
    expect((screen.getByLabelText('Incoming messages URL') as HTMLInputElement).value).toBe('https://app.example/api/webhooks/twilio/c1/inbound');
    expect(await screen.findByText('No texts yet.')).toBeTruthy();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Account SID'), SID);
    expect((screen.getByLabelText('Auth Token') as HTMLInputElement).type).toBe('password');
    await user.type(screen.getByLabelText('Auth Token'), TOKEN);
    await user.type(screen.getByLabelText('Sending number'), '+12015550100');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sent(fetchMock, 'PUT', '/api/company/texts')).toEqual({
        provider: 'twilio',
        accountSid: SID,
        authToken: TOKEN,
        fromNumber: '+12015550100',
        messagingServiceSid: null,
        country: 'US',
      }),
    );
    expect(await screen.findByText('Text message settings saved.')).toBeTruthy();
  });

  it('asks for a sender and for the token of a new account before sending anything', async () => {
    const fetchMock = mockApi(
      route('GET', '/api/company/texts/preferences', { body: { data: PREFS } }),
      route('GET', '/api/company/texts/messages', { body: { data: [] } }),
      route('GET', '/api/company/texts', { body: { data: settings() } }),
    );
    renderApp('/settings/texts', makeSession('Admin', 'fullAccess'));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Account SID'), SID);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(TEXT_MESSAGES.senderRequired)).toBeTruthy();
    await user.type(screen.getByLabelText('Sending number'), '+12015550100');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(TEXT_MESSAGES.credentialsRequired)).toBeTruthy();
    expect(sent(fetchMock, 'PUT', '/api/company/texts')).toBeUndefined();
  });

  it('sends a test text and lists the latest texts with their state and error', async () => {
    const fetchMock = mockApi(
      route('GET', '/api/company/texts/preferences', { body: { data: PREFS } }),
      route('POST', '/api/company/texts/test', { status: 201, body: { data: { id: 't3', status: 'queued' } } }),
      route('GET', '/api/company/texts/messages', {
        body: { data: [text(), text({ id: 't2', to: '+12015550177', status: 'failed', error: 'Not a valid number (Twilio error 21211)' })] },
      }),
      route('GET', '/api/company/texts', { body: { data: connected } }),
    );
    renderApp('/settings/texts', makeSession('Admin', 'fullAccess'));
    const list = await screen.findByRole('list', { name: 'Latest texts' });
    expect(within(list).getByText('Delivered')).toBeTruthy();
    expect(within(list).getByText(/Failed — Not a valid number \(Twilio error 21211\)/)).toBeTruthy();
    expect((screen.getByLabelText('Auth Token') as HTMLInputElement).placeholder).toBe('Stored — ends in f0f0');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Send a test text to'), '(201) 555-0123');
    await user.click(screen.getByRole('button', { name: 'Send test' }));
    await waitFor(() => expect(sent(fetchMock, 'POST', '/api/company/texts/test')).toEqual({ to: '(201) 555-0123' }));
    expect(await screen.findByText('Test text on its way.')).toBeTruthy();
  });

  it('is not in the menu, and refuses the page, for staff without settings rights', async () => {
    mockApi(route('GET', '/api/company/texts', { body: { data: settings() } }));
    renderApp('/settings/texts', makeSession('Staff', 'partialAccess'));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Text messages' })).toBeNull());
    expect(screen.queryByLabelText('Account SID')).toBeNull();
  });
});
