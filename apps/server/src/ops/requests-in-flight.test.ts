import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { QUIET_AFTER_REQUEST_MS, trackRequestsInFlight } from './requests-in-flight.ts';

/** A server with a route held open until the test releases it, and a live-update stream that never ends. */
async function serverWithTracker() {
  const app = Fastify({ forceCloseConnections: true });
  let clock = 0;
  const busy = trackRequestsInFlight(app, () => clock);
  let release: () => void = () => {};
  let closed = false;
  app.get('/api/slow', async (_request, reply) => {
    closed = false;
    // Listeners run in the order added: once this one has run, the tracker's (added on the request) has too.
    reply.raw.once('close', () => (closed = true));
    await new Promise<void>((r) => (release = r));
    return { ok: true };
  });
  app.get('/api/events', { config: { stream: true } }, (_request, reply) => {
    reply.hijack();
    reply.raw.writeHead(200, { 'content-type': 'text/event-stream' });
    reply.raw.write(': open\n\n');
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return { app, busy, base, release: () => release(), advance: (ms: number) => (clock += ms), closed: () => closed };
}

let close: (() => Promise<void>) | null = null;
afterEach(async () => {
  await close?.();
  close = null;
});

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
};

describe('requests in flight (what the background worker yields to)', () => {
  it('busy while a request is answered and for a short while after, not while idle or with a stream open', async () => {
    const s = await serverWithTracker();
    close = () => s.app.close();
    expect(s.busy()).toBe(false);

    const controller = new AbortController();
    const stream = await fetch(`${s.base}/api/events`, { signal: controller.signal });
    expect(stream.status).toBe(200);
    expect(s.busy()).toBe(false);

    const answer = fetch(`${s.base}/api/slow`);
    await until(() => s.busy());
    expect(s.busy()).toBe(true);
    s.advance(10 * QUIET_AFTER_REQUEST_MS); // however long it runs
    expect(s.busy()).toBe(true);
    s.release();
    expect((await answer).status).toBe(200);
    await until(() => s.closed());
    expect(s.closed()).toBe(true);
    expect(s.busy()).toBe(true); // just answered
    s.advance(QUIET_AFTER_REQUEST_MS - 1);
    expect(s.busy()).toBe(true);
    s.advance(1);
    expect(s.busy()).toBe(false);
    controller.abort();
  });

  it('a client that goes away before its answer does not leave the process busy', async () => {
    const s = await serverWithTracker();
    close = async () => {
      s.release();
      await s.app.close();
    };
    const controller = new AbortController();
    const answer = fetch(`${s.base}/api/slow`, { signal: controller.signal }).catch(() => 'aborted');
    await until(() => s.busy());
    controller.abort();
    expect(await answer).toBe('aborted');
    await until(() => s.closed());
    expect(s.closed()).toBe(true);
    s.advance(QUIET_AFTER_REQUEST_MS);
    expect(s.busy()).toBe(false);
  });
});
