import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestSmtpServer, type TestSmtpServer } from '@fieldwork/testing/smtp-test-server';
import { sleep } from '../ops/server-process.fixture.ts';
import { queueTestEmails } from './outbox.fixture.ts';
import { endShared, freshStore, killAllStarted, startServer, takeTurn, type ServerProcess, type SharedStore } from './server-process.ts';

/**
 * The outbox across real server processes: two processes share one store and work through the same queue; every
 * email arrives once. A process killed in the middle leaves its claimed jobs to the other once their lease runs
 * out; the only possible duplicates are the emails it had in flight.
 */
const SECRET_KEY = 'outbox-suite-secret-key-0123456789abcdef';
const COUNT = 500;
type Variant = { name: string; kind: 'sqlite' | 'postgres' };
const VARIANTS: Variant[] = process.env.TEST_DATABASE_URL ? [{ name: 'PostgreSQL', kind: 'postgres' }] : [{ name: 'SQLite file', kind: 'sqlite' }];

afterAll(killAllStarted);

describe.each(VARIANTS)('the outbox on two server processes ($name)', ({ kind }) => {
  let store: SharedStore;
  let smtp: TestSmtpServer;
  const servers: ServerProcess[] = [];
  let release = () => {};
  const env = () => ({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'no-reply@fieldwork.test',
    SECRET_KEY,
    BACKGROUND_POLL_MS: '50',
    BACKGROUND_CONCURRENCY: '8',
    BACKGROUND_LEASE_MS: '3000',
    BACKGROUND_RETRY_BASE_MS: '100',
    BACKGROUND_RETRY_MAX_MS: '500',
  });

  beforeAll(async () => {
    release = await takeTurn();
    store = await freshStore(kind);
    smtp = await startTestSmtpServer();
  }, 120_000);

  afterAll(async () => {
    await endShared(servers, store, release);
    await smtp.close();
  });

  const queue = (label: string) => queueTestEmails(store.handle.db, SECRET_KEY, label, COUNT);

  const arrivedFor = (label: string) => smtp.received.filter((m) => m.subject?.startsWith(`${label} `));

  async function untilAll(label: string, timeoutMs = 90_000): Promise<void> {
    const started = Date.now();
    while (new Set(arrivedFor(label).map((m) => m.subject)).size < COUNT) {
      if (Date.now() - started > timeoutMs) throw new Error(`${new Set(arrivedFor(label).map((m) => m.subject)).size} of ${COUNT} arrived`);
      await sleep(100);
    }
  }

  it(`works through ${COUNT} queued emails with two processes: each arrives exactly once`, async () => {
    for (let i = 0; i < 2; i++) servers.push(await startServer(store.storage, { env: env() }));
    await queue('steady');
    await untilAll('steady');
    await sleep(500);
    const subjects = arrivedFor('steady').map((m) => m.subject);
    expect(subjects).toHaveLength(COUNT);
    expect(new Set(subjects).size).toBe(COUNT);
    const states = await sql<{ state: string; n: number }>`select state, count(*) as n from messages group by state`.execute(store.handle.db);
    expect(states.rows.map((r) => ({ state: r.state, n: Number(r.n) }))).toEqual([{ state: 'sent', n: COUNT }]);
    await Promise.all(servers.splice(0).map((s) => s.stop()));
  }, 180_000);

  it('a process killed (SIGKILL) in the middle of a batch: every email still arrives, duplicates at most its jobs in flight', async () => {
    const [a, b] = [await startServer(store.storage, { env: env() }), await startServer(store.storage, { env: env() })];
    servers.push(b);
    await queue('killed');
    while (arrivedFor('killed').length < COUNT / 5) await sleep(20);
    await a.kill();
    await untilAll('killed');
    await sleep(4000); // past the lease: anything the killed process held has been taken over by now
    const subjects = arrivedFor('killed').map((m) => m.subject);
    const duplicates = subjects.length - new Set(subjects).size;
    console.log(`outbox SIGKILL (${kind}): ${COUNT} emails, ${duplicates} duplicate(s) caused by the kill`);
    // Each process runs at most 8 jobs at once: only those can have been sent and not yet recorded.
    expect(duplicates).toBeLessThanOrEqual(8);
    expect(new Set(subjects).size).toBe(COUNT);
    const open = await sql<{ n: number }>`select count(*) as n from background_jobs where state <> 'done'`.execute(store.handle.db);
    expect(Number(open.rows[0]!.n)).toBe(0);
  }, 180_000);
});
