import Fastify from 'fastify';
import { createDb } from '@fieldwork/db/connection';
import { migrateToLatest } from '@fieldwork/db/migrate';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { testConfig } from '../config.ts';
import { markShuttingDown } from '../modules/health/readiness.ts';
import { errorsPlugin } from '../plugins/errors.plugin.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { emptyDatabase } from './ops-database.fixture.ts';
import { requestIdPlugin } from './request-id.ts';

const GENERIC_500 = { statusCode: 500, code: 'INTERNAL', message: 'Something went wrong! Please try again' };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('health, readiness and request ids on the real app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('answers liveness and readiness without a session', async () => {
    const health = await t.app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok', database: t.dialect });
    const ready = await t.app.inject({ url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('documents both in the OpenAPI document as public routes', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json() as { paths: Record<string, { get?: { security?: unknown[] } }> };
    for (const path of ['/api/health', '/api/ready']) expect(doc.paths[path]?.get?.security).toEqual([]);
  });

  it('echoes a plain incoming x-request-id and replaces an unsafe or over-long one with a UUID', async () => {
    const kept = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'lb-7f3a:42.x_y-z' } });
    expect(kept.headers['x-request-id']).toBe('lb-7f3a:42.x_y-z');
    for (const bad of ['a b', 'x'.repeat(129), 'id"}{', 'é', '']) {
      const res = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': bad } });
      expect(res.headers['x-request-id']).toMatch(UUID);
    }
    const none = await t.app.inject({ url: '/api/nope' });
    expect(none.statusCode).toBe(404);
    expect(none.headers['x-request-id']).toMatch(UUID);
    const a = await t.app.inject({ url: '/api/health' });
    const b = await t.app.inject({ url: '/api/health' });
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });

  it('a database failure inside a route is a generic 500 with no internal text', async () => {
    await sql`drop table rate_limits`.execute(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@b.test', password: 'whatever-1234' },
      headers: { 'x-request-id': 'db-failure-1' },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual(GENERIC_500);
    expect(res.body).not.toMatch(/rate_limits|stack|at .*\.ts/);
    expect(res.headers['x-request-id']).toBe('db-failure-1');
    // Readiness only asks whether the database answers; the process is still fine.
    expect((await t.app.inject({ url: '/api/ready' })).statusCode).toBe(200);
  });

  it('turns readiness off once shutdown starts, liveness stays on', async () => {
    markShuttingDown(t.app);
    const ready = await t.app.inject({ url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'shutting-down' });
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });
});

describe('readiness follows the database', () => {
  it('is 503 before migrations, 200 after, 503 once the database is gone', async () => {
    const target = await emptyDatabase();
    const handle = createDb({ databaseUrl: target.databaseUrl, sqliteFile: target.sqliteFile });
    const app = await buildApp(testConfig({ databaseUrl: target.databaseUrl }), { dbHandle: handle, migrate: false });
    try {
      await app.ready();
      const before = await app.inject({ url: '/api/ready' });
      expect(before.statusCode).toBe(503);
      expect(before.json()).toEqual({ status: 'not-ready', reason: 'migrations pending' });
      await migrateToLatest(handle.db, handle.dialect);
      expect((await app.inject({ url: '/api/ready' })).json()).toEqual({ status: 'ready' });
      await handle.close();
      const gone = await app.inject({ url: '/api/ready' });
      expect(gone.statusCode).toBe(503);
      expect(gone.json()).toEqual({ status: 'not-ready', reason: 'database unreachable' });
      expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await target.drop();
    }
  });
});

describe('an unexpected error in a test-only app with the server plugins', () => {
  it('answers the generic 500 while the log line has the stack and the request id', async () => {
    const lines: Record<string, unknown>[] = [];
    const app = Fastify({ logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) } } });
    await requestIdPlugin(app);
    await errorsPlugin(app);
    app.get('/boom', async () => {
      throw new Error('secret detail: connection to 10.0.0.5 refused');
    });
    try {
      const res = await app.inject({ url: '/boom', headers: { 'x-request-id': 'boom-1' } });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual(GENERIC_500);
      expect(res.body).not.toContain('secret detail');
      expect(res.headers['x-request-id']).toBe('boom-1');

      const failed = lines.find((l) => l.msg === 'request failed');
      expect(failed?.reqId).toBe('boom-1');
      expect((failed?.err as { stack?: string }).stack).toMatch(/secret detail[\s\S]*health-and-errors\.test\.ts/);
      // Every line of the request carries its id: incoming, failure, completed.
      const ofRequest = lines.filter((l) => l.req !== undefined || l.res !== undefined || l.err !== undefined);
      expect(ofRequest.length).toBeGreaterThanOrEqual(3);
      for (const line of ofRequest) expect(line.reqId).toBe('boom-1');
    } finally {
      await app.close();
    }
  });
});
