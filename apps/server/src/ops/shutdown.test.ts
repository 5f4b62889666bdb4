import { request } from 'node:http';
import { createDb } from '@fieldwork/db/connection';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connected, openStream } from '../modules/events/events.fixture.ts';
import { emptyDatabase, newCustomerBody, seedAdmin, signIn, type OpsDatabase } from './ops-database.fixture.ts';
import { jsonLines, sleep, startServer } from './server-process.fixture.ts';

/** A request whose body arrives in two parts, so it is still running when the signal comes. */
function slowPost(port: number, path: string, headers: Record<string, string>, body: string) {
  const half = Math.floor(body.length / 2);
  let finish!: () => void;
  const response = new Promise<{ status: number; body: string; requestId: string | undefined }>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, requestId: res.headers['x-request-id'] as string | undefined }));
      },
    );
    req.on('error', reject);
    req.write(body.slice(0, half));
    finish = () => req.end(body.slice(half));
  });
  return { response, finish: () => finish() };
}

describe('graceful shutdown of a real server process', () => {
  let target: OpsDatabase;
  let email: string;
  beforeAll(async () => {
    target = await emptyDatabase();
    ({ email } = await seedAdmin(target));
  });
  afterAll(async () => target.drop());

  it('turns readiness off, finishes the running request, ends the event streams, closes the database and exits 0', async () => {
    const server = await startServer({
      dataDir: target.dataDir,
      databaseUrl: target.databaseUrl,
      env: { SHUTDOWN_DRAIN_DELAY_MS: '700', SHUTDOWN_TIMEOUT_MS: '8000' },
    });
    try {
      const cookie = await signIn(server.base, email);
      expect((await fetch(server.base + '/api/ready')).status).toBe(200);
      const stream = await openStream(server.port, { cookie });
      expect(stream.status).toBe(200);
      await connected(stream);

      const slow = slowPost(
        server.port,
        '/api/customers',
        { cookie, 'x-request-id': 'slow-request-1' },
        JSON.stringify(newCustomerBody('Started before SIGTERM')),
      );
      await sleep(150);
      server.child.kill('SIGTERM');
      await sleep(100);

      // Draining: still listening, but the balancer is told to go elsewhere; liveness stays up.
      const ready = await fetch(server.base + '/api/ready');
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ status: 'shutting-down' });
      expect((await fetch(server.base + '/api/health')).status).toBe(200);

      // After the drain delay the listener is closed and the event stream ended, with the request still open.
      await sleep(900);
      expect(stream.ended()).toBe(true);
      await expect(fetch(server.base + '/api/health')).rejects.toThrow();
      expect(server.child.exitCode).toBeNull();

      slow.finish();
      const done = await slow.response;
      expect(done.status).toBe(201);
      expect(done.requestId).toBe('slow-request-1');
      const created = (JSON.parse(done.body) as { data: { id: string; name: string } }).data;
      expect(created.name).toBe('Started before SIGTERM');

      // Exit 0 is the proof it finished in time: at drain delay + timeout the server exits 1 whatever is running.
      expect(await server.exited).toBe(0);

      const logs = jsonLines(server.stdout());
      expect(logs.some((l) => l.msg === 'shutdown: done')).toBe(true);
      const slowLines = logs.filter((l) => l.reqId === 'slow-request-1');
      // One line per request, when it ends, naming the request and its answer.
      expect(slowLines.filter((l) => l.msg === 'request completed')).toEqual([
        expect.objectContaining({
          req: expect.objectContaining({ method: 'POST', url: '/api/customers' }),
          res: { statusCode: 201 },
          responseTime: expect.any(Number),
        }),
      ]);
      expect(slowLines.filter((l) => l.msg === 'incoming request')).toEqual([]);
      // Every line about a request carries its id.
      for (const line of logs.filter((l) => l.req !== undefined || l.res !== undefined)) expect(typeof line.reqId).toBe('string');

      // The write acknowledged during shutdown was committed before the database closed.
      const handle = createDb({ databaseUrl: target.setupUrl, sqliteFile: target.sqliteFile });
      try {
        const row = await handle.db.selectFrom('customers').select('name').where('id', '=', created.id).executeTakeFirst();
        expect(row?.name).toBe('Started before SIGTERM');
      } finally {
        await handle.close();
      }
    } finally {
      await server.stop('SIGKILL');
    }
  }, 60_000);
});
