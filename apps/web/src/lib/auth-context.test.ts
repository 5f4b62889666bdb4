import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, sessionQuery, setupStatusQuery } from './auth-context';
import { makeSession, mockApi, route, testQueryClient } from '../test-utils';

/** The network is gone: fetch rejects, as the browser's does with no signal. */
function goOffline() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }),
  );
}

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('the session with no signal', () => {
  it('is the one the server last confirmed, and the company needs no setup', async () => {
    const session = makeSession('Technician');
    mockApi(route('GET', '/api/user/profile', { body: { data: session } }));
    expect(await testQueryClient().fetchQuery(sessionQuery)).toEqual(session);

    goOffline();
    const offline = testQueryClient();
    expect(await offline.fetchQuery(sessionQuery)).toEqual(session);
    expect(await offline.fetchQuery(setupStatusQuery)).toEqual({ needsSetup: false });
  });

  it('is none once the server said the session ended (401): the app cannot open offline as that user', async () => {
    mockApi(route('GET', '/api/user/profile', { body: { data: makeSession() } }));
    await testQueryClient().fetchQuery(sessionQuery);
    mockApi(route('GET', '/api/user/profile', { status: 401, body: { statusCode: 401, code: 'UNAUTHENTICATED', message: 'Please sign in to continue.' } }));
    expect(await testQueryClient().fetchQuery(sessionQuery)).toBeNull();

    goOffline();
    await expect(testQueryClient().fetchQuery(sessionQuery)).rejects.toMatchObject({ code: 'NETWORK' });
    await expect(testQueryClient().fetchQuery(setupStatusQuery)).rejects.toMatchObject({ code: 'NETWORK' });
  });

  it('is none after signing out on this browser', async () => {
    mockApi(route('GET', '/api/user/profile', { body: { data: makeSession() } }));
    const client = testQueryClient();
    await client.fetchQuery(sessionQuery);
    clearSession(client);

    goOffline();
    await expect(testQueryClient().fetchQuery(sessionQuery)).rejects.toMatchObject({ code: 'NETWORK' });
  });

  it('a server error is still an error, never the remembered session', async () => {
    mockApi(route('GET', '/api/user/profile', { body: { data: makeSession() } }));
    await testQueryClient().fetchQuery(sessionQuery);
    mockApi(route('GET', '/api/user/profile', { status: 500, body: { statusCode: 500, code: 'INTERNAL', message: 'Something went wrong.' } }));
    await expect(testQueryClient().fetchQuery(sessionQuery)).rejects.toMatchObject({ statusCode: 500 });
  });
});
