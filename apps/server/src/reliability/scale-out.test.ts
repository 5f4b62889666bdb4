import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenant, buildUser } from '@fieldwork/testing/factories';
import { TEST_PASSWORD, testPasswordHash } from '../test-support/test-app.ts';
import { signIn } from '../ops/ops-database.fixture.ts';
import { endShared, freshStore, killAllStarted, request, startServer, takeTurn, type ServerProcess, type SharedStore } from './server-process.ts';

/**
 * Scale-out without shared memory: two real server processes on one store (a SQLite file both open, or one
 * PostgreSQL database). A session started on one is good on the other and ends on both; the login limits count
 * attempts made on either. (Live events across processes: events.routes.test.ts, PostgreSQL; number allocation
 * across processes: races.test.ts.)
 */
const PER_ACCOUNT = 6;
type Variant = { name: string; kind: 'sqlite' | 'postgres' };
const VARIANTS: Variant[] = process.env.TEST_DATABASE_URL ? [{ name: 'PostgreSQL', kind: 'postgres' }] : [{ name: 'SQLite file', kind: 'sqlite' }];

afterAll(killAllStarted);

describe.each(VARIANTS)('two server processes on one $name', ({ kind }) => {
  let store: SharedStore;
  const servers: ServerProcess[] = [];
  let tenantId: string;
  let release = () => {};

  beforeAll(async () => {
    release = await takeTurn();
    store = await freshStore(kind);
    for (let i = 0; i < 2; i++) servers.push(await startServer(store.storage, { env: { LOGIN_LIMIT_PER_ACCOUNT_HOUR: String(PER_ACCOUNT) } }));
    tenantId = (await buildTenant(store.handle.db)).id;
  }, 120_000);

  afterAll(() => endShared(servers, store, release));

  const newAdmin = async () => buildUser(store.handle.db, { tenantId, role: 'Admin', passwordHash: await testPasswordHash() });
  const login = (base: string, email: string, password: string) =>
    fetch(base + '/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });

  it('keeps a session on both processes and ends it on both', async () => {
    const user = await newAdmin();
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const cookie = await signIn(a.base, user.email);
    expect((await request(b.base, 'GET', '/api/user/profile', cookie)).json().data.user.email).toBe(user.email);
    // A write on one process is read on the other at once.
    const renamed = await request(b.base, 'PUT', '/api/user/profile', cookie, { name: 'Renamed on B' });
    expect(renamed.status).toBe(200);
    expect((await request(a.base, 'GET', '/api/user/profile', cookie)).json().data.user.name).toBe('Renamed on B');
    expect((await request(b.base, 'POST', '/api/auth/logout', cookie)).status).toBe(204);
    expect((await request(a.base, 'GET', '/api/user/profile', cookie)).status).toBe(401);
    expect((await request(b.base, 'GET', '/api/user/profile', cookie)).status).toBe(401);
  });

  it(`counts wrong passwords made on either process against one limit of ${PER_ACCOUNT} an hour`, async () => {
    const user = await newAdmin();
    // Alternating processes, in parallel: each process alone sees only half of the attempts.
    const attempts = await Promise.all(Array.from({ length: PER_ACCOUNT }, (_v, i) => login(servers[i % 2]!.base, user.email, 'not-the-password-2026')));
    expect(attempts.map((r) => r.status)).toEqual(Array(PER_ACCOUNT).fill(401));
    for (const server of servers) {
      const refused = await login(server.base, user.email, TEST_PASSWORD);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // Another account is not held back by this one's limit.
    expect((await login(servers[1]!.base, (await newAdmin()).email, TEST_PASSWORD)).status).toBe(200);
  });
});
