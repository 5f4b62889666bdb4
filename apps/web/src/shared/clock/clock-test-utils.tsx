import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { toast, Toaster } from 'sonner';
import type { SessionInfo } from '@fieldwork/domain/access/auth.schemas';
import type { ClockActivity } from '@fieldwork/domain/tasks/clock.schemas';
import { AuthProvider, SESSION_KEY } from '../../lib/auth-context';
import { makeSession, route, testQueryClient } from '../../test-utils';
import { TASK_ID } from '../tasks/test-fixtures';

/** Renders a clock dialog with a signed-in viewer (default: a full-access admin), a query client and the toaster. */
export function renderWithSession(ui: ReactNode, session: SessionInfo = makeSession('Admin', 'fullAccess')) {
  // sonner keeps its toasts in module state: start each render without the previous test's.
  toast.dismiss();
  const queryClient = testQueryClient();
  queryClient.setQueryData(SESSION_KEY, session);
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>{ui}</AuthProvider>
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...utils, queryClient };
}

export const RUNNING_ID = '7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d';

export const runningPeriod = (overrides: Partial<ClockActivity> = {}): ClockActivity => ({
  id: RUNNING_ID,
  startTime: '2026-11-21T13:00:00.000Z',
  endTime: null,
  description: null,
  user: { userId: 'u1', username: 'Tom Technician' },
  vehicle: null,
  assistants: [],
  ...overrides,
});

export const clockActivitiesReply = (items: ClockActivity[]) => route('GET', `/api/tasks/${TASK_ID}/activities`, { body: { data: items } });

/** The JSON bodies sent to a path with a method. */
export const bodiesSent = (fetchMock: { mock: { calls: unknown[][] } }, path: string, method: string) =>
  fetchMock.mock.calls
    .filter(([u, init]) => new URL(String(u), 'http://localhost').pathname === path && (init as RequestInit | undefined)?.method === method)
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)) as unknown);

/** Lets a test hold a request in flight: `release()` lets it through. */
export function gate() {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { held, release };
}
