import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildJob, buildTask, buildTenant, buildUser } from '@fieldwork/testing/factories';
import { startTestSmtpServer, type TestSmtpServer } from '@fieldwork/testing/smtp-test-server';
import { TEST_PASSWORD, testPasswordHash } from '../test-support/test-app.ts';
import { connected, openStream, type Stream } from '../modules/events/events.fixture.ts';
import { queueTestEmails } from '../reliability/outbox.fixture.ts';
import { alive, freshStore, killAllStarted, takeTurn, type SharedStore } from '../reliability/server-process.ts';
import { restartDelayMs, webConcurrency } from './cluster-primary.ts';
import { signIn } from './ops-database.fixture.ts';
import { freePort, jsonLines, sleep, spawnServer, waitFor200, type ServerProcess } from './server-process.fixture.ts';

/**
 * WEB_CONCURRENCY=2: one primary and two server processes on one port, over one SQLite file or one PostgreSQL
 * database. Which process answered is read from its request log line (pino writes the pid, the request carries its
 * own X-Request-Id), so nothing about the processes is exposed over HTTP. Every request here opens a new
 * connection: the primary hands connections, not requests, to the workers in turn.
 */
const PER_ACCOUNT = 6;
const METRICS_TOKEN = 'cluster-suite-metrics-token';
const SECRET_KEY = 'cluster-suite-secret-key-0123456789abcdef';
const EMAILS = 200;
const PARALLEL = 20;
type Variant = { name: string; kind: 'sqlite' | 'postgres' };
const VARIANTS: Variant[] = process.env.TEST_DATABASE_URL ? [{ name: 'PostgreSQL', kind: 'postgres' }] : [{ name: 'SQLite file', kind: 'sqlite' }];

type Answer = { status: number; body: string; reqId: string };

/** One request on a connection of its own, tagged with a fresh request id. */
function call(
  base: string,
  method: string,
  path: string,
  options: { cookie?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const reqId = randomUUID();
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: Record<string, string> = { 'x-request-id': reqId, connection: 'close', ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  if (payload !== undefined) headers['content-type'] = 'application/json';
  return new Promise((resolve, reject) => {
    const req = httpRequest(base + path, { method, headers, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, reqId }));
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/** Polls until `read` gives a value (bounded: the server's output arrives through a pipe, a moment later). */
async function until<T>(what: string, read: () => T | undefined, timeoutMs = 20_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

afterAll(killAllStarted);

describe.each(VARIANTS)('WEB_CONCURRENCY=2 on $name', ({ kind }) => {
  let store: SharedStore;
  let server: ServerProcess;
  let tenantId: string;
  let smtp: TestSmtpServer;
  let release = () => {};
  const workerPids = new Set<number>();

  beforeAll(async () => {
    release = await takeTurn();
    store = await freshStore(kind);
    smtp = await startTestSmtpServer();
    server = spawnServer(
      {
        dataDir: store.storage.dataDir,
        ...(store.storage.kind === 'postgres' ? { databaseUrl: store.storage.databaseUrl } : {}),
        env: {
          WEB_CONCURRENCY: '2',
          LOGIN_LIMIT_PER_ACCOUNT_HOUR: String(PER_ACCOUNT),
          LOGIN_LIMIT_PER_IP_15MIN: '100000',
          METRICS_TOKEN,
          SMTP_URL: smtp.url,
          MAIL_FROM: 'no-reply@fieldwork.test',
          SECRET_KEY,
          BACKGROUND_POLL_MS: '50',
        },
      },
      await freePort(),
    );
    await waitFor200(server, '/api/ready', 60_000);
    await until('both server processes listening', () => (server.stdout().join('\n').includes('2 processes') ? true : undefined));
    tenantId = (await buildTenant(store.handle.db)).id;
  }, 120_000);

  afterAll(async () => {
    await server?.stop('SIGKILL');
    await store?.handle.close();
    await store?.drop();
    await smtp?.close();
    release();
  });

  /** The pid of the process that logged the request with this id. */
  const pidOf = (reqId: string) =>
    until(`the log line of request ${reqId}`, () => {
      const line = jsonLines(server.stdout()).find((l) => l.reqId === reqId);
      return line ? (line.pid as number) : undefined;
    });
  const newAdmin = async () => buildUser(store.handle.db, { tenantId, role: 'Admin', passwordHash: await testPasswordHash() });
  const login = (email: string, password: string) => call(server.base, 'POST', '/api/auth/login', { body: { email, password } });

  it('serves requests from two worker processes, none from the primary', async () => {
    for (let i = 0; i < 8; i++) {
      const answer = await call(server.base, 'GET', '/api/health');
      expect(answer.status).toBe(200);
      workerPids.add(await pidOf(answer.reqId));
    }
    expect(workerPids.size).toBe(2);
    expect(workerPids.has(server.child.pid!)).toBe(false);
  });

  it('reports one set of metrics for the whole server, whichever process is scraped', async () => {
    const scrape = async () => {
      const answer = await call(server.base, 'GET', '/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(answer.status).toBe(200);
      const line = answer.body.split('\n').find((l) => l.startsWith('fieldwork_http_requests_total{method="GET",route="/api/health",status="200"}'));
      return Number(line?.split(' ').at(-1) ?? 0);
    };
    const before = await scrape();
    const pids = new Set<number>();
    for (let i = 0; i < 6; i++) pids.add(await pidOf((await call(server.base, 'GET', '/api/health')).reqId));
    expect(pids.size).toBe(2);
    // Each process alone counted about half of them.
    expect((await scrape()) - before).toBe(6);
  });

  it('delivers a change committed through one process to live-update streams on both, once each', async () => {
    const admin = await newAdmin();
    const cookie = await signIn(server.base, admin.email);
    const job = await buildJob(store.handle.db, tenantId);
    // New streams until one is held by each process.
    const streams = new Map<number, Stream>();
    const opened: Stream[] = [];
    try {
      for (let i = 0; i < 8 && streams.size < 2; i++) {
        const reqId = randomUUID();
        const stream = await openStream(server.port, { cookie, 'x-request-id': reqId });
        opened.push(stream);
        expect(stream.status).toBe(200);
        await connected(stream);
        const pid = await pidOf(reqId);
        if (!streams.has(pid)) streams.set(pid, stream);
      }
      expect(streams.size).toBe(2);

      const writers = new Set<number>();
      const taskIds: string[] = [];
      for (let i = 0; i < 4; i++) {
        const created = await call(server.base, 'POST', '/api/tasks', { cookie, body: { jobId: job.id, name: `Cluster task ${i}` } });
        expect(created.status, created.body).toBe(201);
        taskIds.push((JSON.parse(created.body) as { data: { id: string } }).data.id);
        writers.add(await pidOf(created.reqId));
      }
      for (const stream of streams.values()) {
        for (const id of taskIds) await stream.waitFor((e) => e.data.taskId === id, 10_000);
        for (const id of taskIds) expect(stream.events.filter((e) => e.data.taskId === id)).toHaveLength(1);
      }
      // Whichever process took a write, the stream on the other one heard it.
      expect(writers.size).toBeGreaterThan(0);
    } finally {
      for (const stream of opened) stream.close();
    }
  });

  it(`counts wrong passwords taken by either process against one limit of ${PER_ACCOUNT} an hour`, async () => {
    const user = await newAdmin();
    const pids = new Set<number>();
    for (let i = 0; i < PER_ACCOUNT; i++) {
      const attempt = await login(user.email, 'not-the-password-2026');
      expect(attempt.status).toBe(401);
      pids.add(await pidOf(attempt.reqId));
    }
    // Each process alone saw about half of the attempts.
    expect(pids.size).toBe(2);
    const refusedBy = new Set<number>();
    for (let i = 0; i < 4; i++) {
      const refused = await login(user.email, TEST_PASSWORD);
      expect(refused.status).toBe(429);
      refusedBy.add(await pidOf(refused.reqId));
    }
    expect(refusedBy.size).toBe(2);
  });

  it(`lets one of ${PARALLEL} parallel overlapping bookings of a technician through, over both processes`, async () => {
    const admin = await newAdmin();
    const cookie = await signIn(server.base, admin.email);
    const tech = await buildUser(store.handle.db, { tenantId, role: 'Technician', passwordHash: await testPasswordHash() });
    const job = await buildJob(store.handle.db, tenantId);
    const taskIds: string[] = [];
    for (let i = 0; i < PARALLEL; i++) taskIds.push((await buildTask(store.handle.db, tenantId, { jobId: job.id })).id);
    const start = Date.parse('2031-03-03T09:00:00.000Z');
    // Every slot overlaps every other: starts a minute apart, two hours long.
    const replies = await Promise.all(
      taskIds.map((taskId, i) =>
        call(server.base, 'POST', '/api/tasks/schedule', {
          cookie,
          body: {
            taskId,
            startDateTime: new Date(start + i * 60_000).toISOString(),
            expectedEndDateTime: new Date(start + i * 60_000 + 7_200_000).toISOString(),
            isAssigned: true,
            assignedTo: 'TECHNICIAN',
            assignedTechnicianId: tech.id,
          },
        }),
      ),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([201, ...Array(PARALLEL - 1).fill(409)]);
    expect(new Set(await Promise.all(replies.map((r) => pidOf(r.reqId)))).size).toBe(2);
    expect(await store.handle.db.selectFrom('tasks').select('id').where('assignee_key', '=', tech.id).execute()).toHaveLength(1);
  });

  it(`sends each of ${EMAILS} queued emails once, the job workers of both processes taking part`, async () => {
    const ids = await queueTestEmails(store.handle.db, SECRET_KEY, 'cluster', EMAILS);
    const arrived = () => smtp.received.filter((m) => m.subject?.startsWith('cluster ')).map((m) => m.subject);
    await until(`${EMAILS} emails`, () => (new Set(arrived()).size === EMAILS ? true : undefined), 60_000);
    const jobs = await store.handle.db.selectFrom('background_jobs').select(['state', 'locked_by']).where('kind', '=', 'email.send').execute();
    expect(jobs.filter((j) => j.state === 'done')).toHaveLength(ids.length);
    expect(arrived()).toHaveLength(EMAILS);
    // locked_by is the worker's host:pid:random.
    expect(new Set(jobs.map((j) => Number(j.locked_by?.split(':')[1])))).toEqual(workerPids);
  });

  it('replaces a worker killed with SIGKILL and keeps answering meanwhile', async () => {
    const [victim, survivor] = [...workerPids] as [number, number];
    process.kill(victim, 'SIGKILL');
    await until('the primary to see the worker exit', () => (server.stdout().some((l) => l.includes(`server process ${victim} exited`)) ? true : undefined));
    const served = new Set<number>();
    const started = Date.now();
    // Requests keep being answered (by the survivor) until the replacement takes its share.
    while ([...served].every((pid) => pid === survivor)) {
      if (Date.now() - started > 30_000) throw new Error(`no replacement worker; answered by ${[...served].join(', ')}`);
      const answer = await call(server.base, 'GET', '/api/health');
      expect(answer.status).toBe(200);
      served.add(await pidOf(answer.reqId));
    }
    expect(served.has(victim)).toBe(false);
    for (const pid of served) workerPids.add(pid);
  });

  it('stops the primary and every worker on SIGTERM, exit code 0', async () => {
    expect(await server.stop('SIGTERM')).toBe(0);
    for (const pid of workerPids) await until(`worker ${pid} to exit`, () => (alive(pid) ? undefined : true));
  });
});

describe('WEB_CONCURRENCY and restarts', () => {
  it('reads unset or empty as one process and refuses anything but a positive whole number', () => {
    expect(webConcurrency(undefined)).toBe(1);
    expect(webConcurrency('')).toBe(1);
    expect(webConcurrency(' 4 ')).toBe(4);
    for (const bad of ['0', '-1', '1.5', 'two', '2x', '1e3']) expect(() => webConcurrency(bad), bad).toThrow(/WEB_CONCURRENCY/);
  });

  it('waits longer before each restart of a worker that keeps dying, up to 30 s', () => {
    expect([1, 2, 3, 4, 8, 50].map(restartDelayMs)).toEqual([250, 500, 1000, 2000, 30_000, 30_000]);
  });

  it('refuses to start with a message naming the variable', async () => {
    const server = spawnServer({ dataDir: '/nonexistent-cluster-suite', env: { WEB_CONCURRENCY: 'two' } }, await freePort());
    expect(await server.exited).toBe(1);
    expect(server.stderr()).toContain('WEB_CONCURRENCY must be a positive whole number');
  });

  it('stops with exit code 1 instead of restarting when the workers cannot start (port taken)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'fw-cluster-'));
    const taken = createServer();
    const port = await freePort();
    await new Promise<void>((resolve) => taken.listen(port, '127.0.0.1', resolve));
    try {
      const server = spawnServer({ dataDir, env: { WEB_CONCURRENCY: '2' } }, port);
      expect(await server.exited).toBe(1);
      expect(server.stderr()).toContain('before the server was up: stopping');
    } finally {
      taken.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
