import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Delivery, MessageDto } from '@fieldwork/domain/messages/messages.schemas';
import { makeSession, mockApi, renderApp, route } from '../../../test-utils';

const message = (over: Partial<MessageDto> = {}): MessageDto => ({
  id: '00000000-0000-4000-8000-00000000m001'.replace('m', 'a'),
  kind: 'invitation',
  subject: 'You are invited to join Acme on Fieldwork',
  state: 'not_sent',
  error: null,
  recipients: [{ address: 'new.tech@example.com', role: 'to', state: 'not_sent', error: null }],
  customerId: null,
  jobId: null,
  estimateId: null,
  invoiceId: null,
  attachment: null,
  createdAt: '2026-11-26T15:00:00.000Z',
  sentAt: null,
  createdBy: null,
  ...over,
});
const delivery = (over: Partial<Delivery> = {}): Delivery => ({
  mailConfigured: false,
  from: 'no-reply@localhost',
  companyVerified: true,
  queued: 0,
  failedJobs: [],
  recentMessages: [message()],
  ...over,
});

describe('Settings → Delivery', { timeout: 20_000 }, () => {
  it('without a mail server says so and lists what would have gone out as "Not sent"', async () => {
    mockApi(route('GET', '/api/delivery', { body: { data: delivery() } }));
    renderApp('/settings/delivery', makeSession('Admin', 'fullAccess'));
    expect(await screen.findByText('No mail server configured')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Latest emails' });
    expect(within(table).getByText('new.tech@example.com')).toBeTruthy();
    expect(within(table).getByText('Not sent — no mail server configured')).toBeTruthy();
  });

  it('lists failed work with its error and retries it', async () => {
    const failed = {
      id: '00000000-0000-4000-8000-0000000000f1',
      kind: 'email.send',
      label: 'Send an email',
      attempts: 8,
      lastError: 'connect ECONNREFUSED 127.0.0.1:25',
      failedAt: '2026-11-26T15:00:00.000Z',
      messageId: null,
    };
    const fetchMock = mockApi(
      route('GET', '/api/delivery', { body: { data: delivery({ mailConfigured: true, failedJobs: [failed] }) } }),
      route('POST', `/api/delivery/jobs/${failed.id}/retry`, { status: 204, body: undefined }),
    );
    renderApp('/settings/delivery', makeSession('Admin', 'fullAccess'));
    expect(await screen.findByText('connect ECONNREFUSED 127.0.0.1:25')).toBeTruthy();
    expect(screen.getByText('Email is on')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url, init]) => String(url).endsWith(`/api/delivery/jobs/${failed.id}/retry`) && init?.method === 'POST')).toBe(true),
    );
    expect(await screen.findByText('Queued to run again')).toBeTruthy();
  });
});
