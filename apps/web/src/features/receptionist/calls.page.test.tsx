import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Call } from '@fieldwork/domain/ai/receptionist.schemas';
import { makeSession, mockApi, renderApp, route } from '../../test-utils';
import { JOB_ID, pageOf } from '../../shared/jobs/test-fixtures';

const call = (overrides: Partial<Call> = {}): Call => ({
  id: 'c0000000-0000-4000-8000-000000000001',
  externalCallId: 'ext-1',
  callerName: 'Dana Whitfield',
  callerNumber: '+1 555 0100',
  startedAt: '2026-11-20T15:00:00.000Z',
  endedAt: '2026-11-20T15:03:05.000Z',
  durationSeconds: 185,
  outcome: 'BOOKED',
  summary: 'Boiler making noise; booked a visit.',
  lead: null,
  job: { id: JOB_ID, jobNumber: 1042, name: 'Boiler service' },
  createdAt: '2026-11-20T15:03:06.000Z',
  ...overrides,
});

const listCalls = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost')).filter((u) => u.pathname === '/api/receptionist/calls');

describe('calls page', { timeout: 20_000 }, () => {
  it('is in the sidebar for office roles only', async () => {
    mockApi();
    renderApp('/dashboard', makeSession('Staff', 'onlyViewAccess'));
    const nav = within(await screen.findByRole('navigation', { name: 'Main' }));
    expect(nav.getByRole('link', { name: 'Calls' }).getAttribute('href')).toBe('/receptionist/calls');
  });

  it('lists calls with their outcome, duration and links to the job and lead', async () => {
    mockApi(
      route('GET', '/api/receptionist/calls', {
        body: pageOf([call(), call({ id: 'c2', outcome: 'LEAD_CREATED', callerName: null, job: null, lead: { id: 'l1', leadNumber: 31, name: 'Sam Ortiz' } })]),
      }),
    );
    renderApp('/receptionist/calls', makeSession('Admin', 'fullAccess'));
    expect(await screen.findByText('Dana Whitfield')).toBeTruthy();
    const table = within(screen.getByRole('table'));
    expect(table.getByText('Booked')).toBeTruthy();
    expect(table.getAllByText('3m 05s')).toHaveLength(2);
    expect(table.getByRole('link', { name: 'Job #1042' }).getAttribute('href')).toBe(`/workorder/jobs/${JOB_ID}`);
    expect(table.getByRole('link', { name: 'Lead #31' }).getAttribute('href')).toBe('/leads');
    expect(table.getByText('Unknown caller')).toBeTruthy();
  });

  it('sends the outcome, date and search filters', async () => {
    const fetchMock = mockApi(route('GET', '/api/receptionist/calls', { body: pageOf([call()]) }));
    renderApp('/receptionist/calls', makeSession('Admin', 'fullAccess'));
    await screen.findByText('Dana Whitfield');
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Outcome'), 'MISSED');
    await waitFor(() => expect(listCalls(fetchMock).at(-1)?.searchParams.get('outcome')).toBe('MISSED'));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-30' } });
    await user.type(screen.getByRole('searchbox', { name: 'Search calls' }), '555');
    await waitFor(() => {
      const last = listCalls(fetchMock).at(-1);
      expect([last?.searchParams.get('outcome'), last?.searchParams.get('from'), last?.searchParams.get('to'), last?.searchParams.get('search')]).toEqual([
        'MISSED',
        '2026-11-01',
        '2026-11-30',
        '555',
      ]);
    });
    expect(listCalls(fetchMock).at(-1)?.searchParams.get('page')).toBe('1');
  });

  it('is closed to technicians', async () => {
    const fetchMock = mockApi();
    renderApp('/receptionist/calls', makeSession('Technician', 'noAccess'));
    expect(await screen.findByText(/You don't have permission/)).toBeTruthy();
    expect(listCalls(fetchMock)).toHaveLength(0);
  });
});
