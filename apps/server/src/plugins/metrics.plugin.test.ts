import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../test-support/test-app.ts';

const TOKEN = 'metrics-test-token-0123456789';

/** The value of one series in a Prometheus text answer, or undefined when the series is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('metrics off (no METRICS_TOKEN)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('GET /metrics answers 404 like an unknown path, with or without a token', async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
      const res = await t.app.inject({ url: '/metrics', headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    expect(t.app.metrics).toBeNull();
  });
});

describe('metrics on (METRICS_TOKEN set)', () => {
  let t: TestApp;
  let admin: Session;
  beforeAll(async () => {
    t = await createTestApp({ metricsToken: TOKEN });
    ({ admin } = await t.newCompany());
  });
  afterAll(async () => t.close());

  const scrape = () => t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });

  it('needs the bearer token: none or a wrong one is 401 with a Bearer challenge, and says nothing', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token', `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}`, `Bearer ${TOKEN}x`]) {
      const res = await t.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.body).not.toContain('fieldwork_');
    }
    const ok = await scrape();
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it('counts requests by route pattern and status, never by raw path', async () => {
    const before = await scrape();
    const health = 'fieldwork_http_requests_total{method="GET",route="/api/health",status="200"}';
    const healthBefore = sample(before.body, health) ?? 0;
    await t.app.inject({ url: '/api/health' });
    await t.app.inject({ url: '/api/health' });
    const id = '6f1d0c7e-8d1a-4a8b-9a55-0b7f4d0f3e21';
    expect((await t.app.inject({ url: `/api/jobs/${id}` })).statusCode).toBe(401);
    expect((await t.app.inject({ url: `/api/jobs/${id}`, headers: { cookie: admin.cookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/no-such-route' })).statusCode).toBe(404);

    const text = (await scrape()).body;
    expect(sample(text, health)).toBe(healthBefore + 2);
    expect(sample(text, 'fieldwork_http_requests_total{method="GET",route="/api/jobs/:id",status="401"}')).toBe(1);
    expect(sample(text, 'fieldwork_http_requests_total{method="GET",route="/api/jobs/:id",status="404"}')).toBe(1);
    expect(sample(text, 'fieldwork_http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(1);
    expect(sample(text, 'fieldwork_http_request_duration_seconds_count{method="GET",route="/api/jobs/:id",status="401"}')).toBe(1);
    expect(text).not.toContain(id);
  });

  it('reports background jobs by state and each job run by kind and outcome', async () => {
    const invite = await t.app.inject({
      method: 'POST',
      url: '/api/user/invitation',
      headers: { cookie: admin.cookie, host: 'fieldwork.test' },
      payload: { email: 'metrics.new@example.com', role: 'Technician' },
    });
    expect(invite.statusCode, invite.body).toBe(201);
    const queued = (await scrape()).body;
    expect(sample(queued, 'fieldwork_background_jobs{state="queued"}')).toBe(1);
    expect(sample(queued, 'fieldwork_background_job_duration_seconds_count{kind="email.send",outcome="done"}')).toBeUndefined();

    expect(await t.app.worker.drain()).toBe(1);
    const ran = (await scrape()).body;
    expect(sample(ran, 'fieldwork_background_jobs{state="queued"}')).toBe(0);
    expect(sample(ran, 'fieldwork_background_jobs{state="failed"}')).toBe(0);
    expect(sample(ran, 'fieldwork_background_job_duration_seconds_count{kind="email.send",outcome="done"}')).toBe(1);
  });

  it('reports event streams, process memory, event-loop lag and, on PostgreSQL, the pool', async () => {
    const text = (await scrape()).body;
    expect(sample(text, 'fieldwork_event_streams_open')).toBe(t.app.events.size);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    const poolTotal = sample(text, 'fieldwork_db_pool_connections{state="total"}');
    if (t.dialect === 'postgres') expect(poolTotal).toBeGreaterThan(0);
    else expect(poolTotal).toBeUndefined();
  });
});
