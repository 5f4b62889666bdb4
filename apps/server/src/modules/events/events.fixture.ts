import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';

export type ReceivedEvent = {
  event: string;
  id: string;
  data: { type: string; taskId: string | null; jobId: string | null; taskNumber: number | null; recordId?: string | null; at: string };
};

/** A listening app's base URL on loopback (inject cannot read a stream that never ends). */
export async function listenLocal(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

export type Stream = {
  status: number;
  headers: IncomingMessage['headers'];
  raw: () => string;
  /** The server ended the stream. */
  ended: () => boolean;
  events: ReceivedEvent[];
  /** Resolves with the first event matching pred (already received or arriving within timeoutMs). */
  waitFor: (pred: (e: ReceivedEvent) => boolean, timeoutMs?: number) => Promise<ReceivedEvent>;
  close: () => void;
};

/** Opens GET /api/events with a real HTTP client and parses the event frames as they come. */
export function openStream(port: number, headers: Record<string, string>): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/api/events', headers: { accept: 'text/event-stream', ...headers } }, (res) => {
      let text = '';
      let buffer = '';
      const events: ReceivedEvent[] = [];
      const waiters = new Set<() => void>();
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields = new Map<string, string>();
          for (const line of frame.split('\n')) {
            if (line.startsWith(':')) continue;
            const colon = line.indexOf(':');
            if (colon > 0) fields.set(line.slice(0, colon), line.slice(colon + 1).trimStart());
          }
          if (fields.has('data')) events.push({ event: fields.get('event') ?? 'message', id: fields.get('id') ?? '', data: JSON.parse(fields.get('data')!) });
        }
        for (const w of waiters) w();
      });
      let ended = false;
      res.on('end', () => (ended = true));
      res.on('error', () => undefined);
      const waitFor: Stream['waitFor'] = (pred, timeoutMs = 5_000) =>
        new Promise((ok, fail) => {
          const check = () => {
            const hit = events.find(pred);
            if (!hit) return;
            waiters.delete(check);
            clearTimeout(timer);
            ok(hit);
          };
          const timer = setTimeout(() => {
            waiters.delete(check);
            fail(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events)}`));
          }, timeoutMs);
          waiters.add(check);
          check();
        });
      resolve({ status: res.statusCode ?? 0, headers: res.headers, raw: () => text, ended: () => ended, events, waitFor, close: () => req.destroy() });
    });
    req.on('error', reject);
    req.end();
  });
}

/** Waits until a frame starting the stream arrived (the subscription is in place once it did). */
export async function connected(stream: Stream, timeoutMs = 5_000): Promise<void> {
  const started = Date.now();
  while (!stream.raw().includes(': connected')) {
    if (Date.now() - started > timeoutMs) throw new Error('stream did not start');
    await new Promise((r) => setTimeout(r, 10));
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A second server as its own OS process (`src/server.ts`, as `npm start` runs it) on the given PostgreSQL
 * database, listening on a free loopback port; stop() ends it with SIGTERM and waits.
 */
export async function startServerProcess(databaseUrl: string): Promise<{ port: number; stop: () => Promise<void> }> {
  const port = await new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
  const dataDir = mkdtempSync(join(tmpdir(), 'fieldwork-events-'));
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('../../server.ts', import.meta.url))], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: join(dataDir, 'no-web'),
      DEMO: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (let i = 0; i < 300; i += 1) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return { port, stop };
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  await stop();
  throw new Error('the second server process did not start');
}
