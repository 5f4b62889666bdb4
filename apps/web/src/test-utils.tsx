import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { vi } from 'vitest';
import type { SessionInfo } from '@fieldwork/domain/access/auth.schemas';
import { capabilitiesOf, type AccessLevel } from '@fieldwork/domain/access/roles.rules';
import { Providers } from './app/providers';
import { createAppRouter } from './app/router';
import { SESSION_KEY, SETUP_STATUS_KEY } from './lib/auth-context';
import { appMutationCache } from './lib/query-client';

export function makeSession(role = 'Admin', access: AccessLevel = 'fullAccess'): SessionInfo {
  return {
    user: {
      id: '00000000-0000-4000-8000-000000000001',
      email: 'pat@example.com',
      name: 'Pat Lee',
      phone: null,
      role,
      access,
      status: 'ACTIVE',
      profileImageUrl: null,
      tags: [],
      zones: [],
      addedBy: null,
      createdAt: '2025-01-01T00:00:00.000Z',
      version: 1,
    },
    company: { id: '00000000-0000-4000-8000-0000000000c1', name: 'Acme Field Services', timeZone: 'America/New_York', version: 1 },
    // Tests use the server's own rule to build the capability list it would send.
    capabilities: capabilitiesOf({ role, access }),
  };
}

export function testQueryClient(): QueryClient {
  return new QueryClient({
    mutationCache: appMutationCache(),
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false, networkMode: 'always' } },
  });
}

type Reply = { status?: number; body?: unknown };
type Handler = (url: URL, init: RequestInit | undefined) => Reply | undefined;

/** Stubs fetch: each handler may answer; unanswered calls get an empty list so screens still render. */
export function mockApi(...handlers: Handler[]) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    for (const handler of handlers) {
      const reply = handler(url, init);
      if (reply) return jsonResponse(reply.status ?? 200, reply.body);
    }
    return jsonResponse(200, { data: { items: [] } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export function route(method: string, path: string, reply: Reply): Handler {
  return (url, init) => ((init?.method ?? 'GET') === method && url.pathname === path ? reply : undefined);
}

function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Renders the whole app at a path, with the session (or none) already known. */
export function renderApp(path: string, session: SessionInfo | null) {
  const queryClient = testQueryClient();
  queryClient.setQueryData(SETUP_STATUS_KEY, { needsSetup: false });
  queryClient.setQueryData(SESSION_KEY, session);
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [path] }), Infinity);
  const utils = render(<Providers queryClient={queryClient} router={router} />);
  return { ...utils, router, queryClient };
}

export function renderWithQuery(ui: ReactNode) {
  const queryClient = testQueryClient();
  return { ...render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>), queryClient };
}

type EventListenerFn = (e: MessageEvent<string>) => void;

/** A stand-in for EventSource (jsdom has none): tests find the stream listening for a type and emit on it. */
export class FakeEventSource {
  static all: FakeEventSource[] = [];
  readonly listeners = new Map<string, EventListenerFn[]>();
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.all.push(this);
  }
  /** The newest open stream with a listener for this event type. */
  static listening(type: string): FakeEventSource | undefined {
    return FakeEventSource.all.filter((s) => !s.closed && s.listeners.has(type)).at(-1);
  }
  addEventListener(type: string, fn: EventListenerFn) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: unknown) {
    for (const fn of this.listeners.get(type) ?? []) fn(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
}
