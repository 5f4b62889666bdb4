import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { VISIT_MESSAGES, VISIT_STATUS_TEXT, type VisitStatus } from '@fieldwork/domain/portal/visit-status.rules';
import type { Visit } from '@fieldwork/domain/portal/visit.schemas';
import { mockApi, renderApp } from '../../test-utils';
import { sentBody, TOKEN } from './portal-test-fixtures';
import { VISIT_REFRESH_MS } from './visit.api';

const visit = (status: VisitStatus, o: Partial<Visit> = {}): Visit => ({
  company: { name: 'Harbor Plumbing', logoUrl: null, brandColor: '#0f766e', phone: '555-0100' },
  name: 'Boiler service',
  startAt: '2026-12-01T15:00:00.000Z',
  endAt: '2026-12-01T17:00:00.000Z',
  timeZone: 'America/New_York',
  status,
  statusLabel: VISIT_STATUS_TEXT[status].label,
  explanation: VISIT_STATUS_TEXT[status].explanation,
  arrival: status === 'ON_THE_WAY' ? { from: '2026-12-01T15:20:00.000Z', to: '2026-12-01T15:40:00.000Z', text: 'Arriving between 10:20 and 10:40 AM' } : null,
  technician: { firstName: 'Tom', hasPhoto: false },
  ...o,
});

/** Answers POST /api/portal/visit with whatever `current` holds at the time of each call. */
function visitServer(first: Visit | { status: number; body: unknown }) {
  const state = { current: first, calls: 0 };
  const fetchMock = mockApi((url, init) => {
    if (init?.method !== 'POST' || url.pathname !== '/api/portal/visit') return undefined;
    state.calls += 1;
    return 'body' in state.current && 'status' in state.current && typeof state.current.status === 'number'
      ? (state.current as { status: number; body: unknown })
      : { body: { data: state.current } };
  });
  return { state, fetchMock };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the customer’s visit page (/portal/visit#token)', { timeout: 20_000 }, () => {
  it('shows On the way with the window, the technician and the visit’s time, asking with the token in the body only', async () => {
    const { fetchMock } = visitServer(visit('ON_THE_WAY'));
    const { router } = renderApp(`/portal/visit#${TOKEN}`, null);
    expect(await screen.findByRole('heading', { level: 1, name: 'On the way' })).toBeTruthy();
    expect(screen.getByText('Arriving between 10:20 and 10:40 AM')).toBeTruthy();
    expect(screen.getByText(VISIT_STATUS_TEXT.ON_THE_WAY.explanation)).toBeTruthy();
    expect(screen.getByText('Tom')).toBeTruthy();
    expect(screen.getByText('Tuesday, December 1, 2026')).toBeTruthy();
    expect(screen.getByText('10:00 AM – 12:00 PM')).toBeTruthy();
    expect(screen.getByText('Harbor Plumbing')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Call Harbor Plumbing/ }).getAttribute('href')).toBe('tel:555-0100');
    expect(sentBody(fetchMock, 'POST', '/api/portal/visit')).toEqual({ token: TOKEN });
    // The token never goes into a URL the server sees, and no session of any kind is asked for.
    for (const [input] of fetchMock.mock.calls) expect(String(input)).not.toContain(TOKEN);
    expect(fetchMock.mock.calls.some(([u]) => /\/api\/(auth|portal\/me)/.test(String(u)))).toBe(false);
    // The fragment stays, so a reload or a second tap on the text opens the page again.
    expect(router.history.location.hash).toBe(`#${TOKEN}`);
  });

  it('refreshes itself: the technician clocks in and the page turns In progress without a reload', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { state } = visitServer(visit('ON_THE_WAY'));
    renderApp(`/portal/visit#${TOKEN}`, null);
    expect(await screen.findByRole('heading', { level: 1, name: 'On the way' })).toBeTruthy();
    state.current = visit('IN_PROGRESS');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(VISIT_REFRESH_MS);
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'In progress' })).toBeTruthy();
    expect(screen.getByText(VISIT_STATUS_TEXT.IN_PROGRESS.explanation)).toBeTruthy();
    expect(screen.queryByText(/Arriving between/)).toBeNull();
    expect(state.calls).toBe(2);
  });

  it.each(['SCHEDULED', 'DONE', 'CANCELLED'] as const)('shows %s with its explanation', async (status) => {
    visitServer(visit(status));
    renderApp(`/portal/visit#${TOKEN}`, null);
    expect(await screen.findByRole('heading', { level: 1, name: VISIT_STATUS_TEXT[status].label })).toBeTruthy();
    expect(screen.getByText(VISIT_STATUS_TEXT[status].explanation)).toBeTruthy();
    expect(screen.queryByText(/Arriving between/)).toBeNull();
  });

  it('says the link is not valid or has expired on a 404, and without asking when the fragment is no token', async () => {
    visitServer({ status: 404, body: { statusCode: 404, code: 'NOT_FOUND', message: VISIT_MESSAGES.invalid } });
    const first = renderApp(`/portal/visit#${TOKEN}`, null);
    expect(await screen.findByText(VISIT_MESSAGES.invalid)).toBeTruthy();
    first.unmount();

    const { state } = visitServer(visit('ON_THE_WAY'));
    renderApp('/portal/visit#not a token', null);
    expect(await screen.findByText(VISIT_MESSAGES.invalid)).toBeTruthy();
    expect(state.calls).toBe(0);
  });

  it('shows the technician’s photo, fetched once with the token in the body', async () => {
    const { fetchMock } = visitServer(visit('ON_THE_WAY', { technician: { firstName: 'Tom', hasPhoto: true } }));
    const created = vi.fn(() => 'blob:technician-photo');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    const { container } = renderApp(`/portal/visit#${TOKEN}`, null);
    expect(await screen.findByRole('heading', { level: 1, name: 'On the way' })).toBeTruthy();
    await vi.waitFor(() => expect(container.querySelector('img[src="blob:technician-photo"]')).not.toBeNull());
    expect(sentBody(fetchMock, 'POST', '/api/portal/visit/technician-photo')).toEqual({ token: TOKEN });
    expect(created).toHaveBeenCalledTimes(1);
  });

  it('shows an unscheduled visit as to be arranged, and no technician when none is assigned', async () => {
    visitServer(visit('SCHEDULED', { startAt: null, endAt: null, technician: null }));
    renderApp(`/portal/visit#${TOKEN}`, null);
    expect(await screen.findByRole('heading', { level: 1, name: 'Scheduled' })).toBeTruthy();
    expect(screen.getByText('To be arranged')).toBeTruthy();
    expect(screen.queryByText('Your technician')).toBeNull();
  });
});
