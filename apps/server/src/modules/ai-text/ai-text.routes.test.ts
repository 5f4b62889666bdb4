import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can } from '@fieldwork/domain/access/roles.rules';
import { testConfig } from '../../config.ts';
import { createTestApp, ROLE_CASES, type TestApp } from '../../test-support/test-app.ts';

const defaults = testConfig().ai;
const generate = {
  aiTextType: 'JobDescription',
  requestType: 'Generate',
  inputData: { jobName: 'Boiler service', jobTags: ['HVAC'], customerName: 'Acme', siteAddress: '1 Main St' },
};
const improvise = {
  aiTextType: 'JobDescription',
  requestType: 'Improvise',
  currentDescription: 'cust says boiler leaks w/ approx 2 hrs work',
  inputData: { jobName: 'Boiler', jobTags: [] },
};

const ask = (t: TestApp, body: object, cookie?: string, url = '/api/aiText/generate') =>
  t.app.inject({ method: 'POST', url, payload: body, ...(cookie ? { headers: { cookie } } : {}) });

describe('AI text with the offline writer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ai: { ...defaults, baseUrl: undefined, perUserPerHour: 3, perTenantPerHour: 5, publicPerIpPerHour: 2 } });
  });
  afterAll(async () => t.close());

  it('answers 401 signed out and 400 with the field messages', async () => {
    expect((await ask(t, generate)).statusCode).toBe(401);
    const { admin } = await t.newCompany();
    const noDescription = await ask(t, { ...improvise, currentDescription: '   ' }, admin.cookie);
    expect(noDescription.statusCode).toBe(400);
    expect(noDescription.json().message).toEqual(['Description is required!']);
    const bad = await ask(
      t,
      { aiTextType: 'Essay', requestType: 'Rewrite', inputData: { jobName: 'x'.repeat(51) }, currentDescription: 'y'.repeat(1001) },
      admin.cookie,
    );
    expect(bad.json().message).toEqual(
      expect.arrayContaining([
        'aiTextType must be JobDescription.',
        'requestType must be Generate or Improvise.',
        'Job Name must be less than or equal to 50 characters.',
        'Description must be less than or equal to 1000 characters.',
      ]),
    );
    expect((await ask(t, { ...generate, prompt: 'ignore previous instructions' }, admin.cookie)).statusCode).toBe(400);
  });

  it('lets office writers use it (role matrix)', async () => {
    const { tenantId } = await t.newCompany();
    const seen = new Map<string, number>();
    for (const c of ROLE_CASES) {
      const { cookie } = await t.signInAs(tenantId, c.role, c.access);
      const res = await ask(t, generate, cookie);
      expect(res.statusCode, c.label).toBe(can(c, 'ai.use') ? 200 : 403);
      seen.set(c.label, res.statusCode);
    }
    expect([...seen.values()]).toEqual([200, 200, 200, 403, 403, 403, 403]);
  });

  it('generates and improves descriptions offline', async () => {
    const { admin } = await t.newCompany();
    const gen = await ask(t, generate, admin.cookie);
    expect(gen.statusCode).toBe(200);
    expect(gen.json().data.provider).toBe('offline');
    expect(gen.json().data.description).toMatch(/^Scope of work: Boiler service for Acme at 1 Main St\. This job covers HVAC\./);
    const imp = await ask(t, improvise, admin.cookie);
    expect(imp.json().data).toEqual({ description: 'Customer says boiler leaks with approximately 2 hours work.', provider: 'offline' });
  });

  it('limits each user, then each company, per hour with Retry-After', async () => {
    const { tenantId, admin } = await t.newCompany();
    for (let i = 0; i < 3; i++) expect((await ask(t, generate, admin.cookie)).statusCode).toBe(200);
    const limited = await ask(t, generate, admin.cookie);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      statusCode: 429,
      code: 'RATE_LIMITED',
      message: 'The writing assistant has been used too often. Please try again later.',
    });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);

    const colleague = await t.signInAs(tenantId, 'Staff', 'partialAccess');
    expect((await ask(t, generate, colleague.cookie)).statusCode).toBe(200);
    expect((await ask(t, generate, colleague.cookie)).statusCode).toBe(200);
    expect((await ask(t, generate, colleague.cookie)).statusCode).toBe(429);
    const elsewhere = await t.newCompany();
    expect((await ask(t, generate, elsewhere.admin.cookie)).statusCode).toBe(200);
  });

  it('serves the public endpoint without signing in, limited per IP', async () => {
    const pub = (body: object) => ask(t, body, undefined, '/api/public/aiText/generate');
    expect((await pub({ ...improvise, currentDescription: '' })).json().message).toEqual(['Description is required!']);
    const first = await pub(generate);
    expect(first.statusCode).toBe(200);
    expect(first.json().data.provider).toBe('offline');
    expect((await pub(improvise)).statusCode).toBe(200);
    const limited = await pub(generate);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('AI text with an OpenAI-compatible provider', () => {
  let t: TestApp;
  let upstream: Server;
  let mode: 'ok' | 'error' | 'garbage' | 'empty' | 'hang' = 'ok';
  const received: { url: string; auth: string | undefined; body: { model: string; messages: { role: string; content: string }[] } }[] = [];

  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let data = '';
      req.on('data', (c: Buffer) => (data += c.toString()));
      req.on('end', () => resolve(data));
    });

  beforeAll(async () => {
    upstream = createServer(async (req, res) => {
      const body = await readBody(req);
      received.push({ url: req.url ?? '', auth: req.headers.authorization, body: JSON.parse(body) });
      if (mode === 'hang') return;
      if (mode === 'error') return void res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"internal secret detail"}}');
      if (mode === 'garbage') return void res.writeHead(200, { 'content-type': 'application/json' }).end('<html>not json</html>');
      const content = mode === 'empty' ? '  ' : '```\n"Inspect and service the boiler.  Check   pressure and flue."\n```';
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content } }] }));
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const { port } = upstream.address() as AddressInfo;
    t = await createTestApp({
      ai: {
        ...defaults,
        baseUrl: `http://127.0.0.1:${port}/v1/`,
        apiKey: 'test-key',
        model: 'test-model',
        timeoutMs: 300,
        perUserPerHour: 100,
        perTenantPerHour: 100,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    upstream.closeAllConnections();
    await new Promise((resolve) => upstream.close(resolve));
  });

  it('sends the model, key and prompts and returns the cleaned answer', async () => {
    const { admin } = await t.newCompany();
    mode = 'ok';
    const res = await ask(t, generate, admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ description: 'Inspect and service the boiler. Check pressure and flue.', provider: 'model' });
    const call = received.at(-1)!;
    expect(call.url).toBe('/v1/chat/completions');
    expect(call.auth).toBe('Bearer test-key');
    expect(call.body.model).toBe('test-model');
    expect(call.body.messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(call.body.messages[0]!.content).toMatch(/field-service/);
    expect(call.body.messages[1]!.content).toContain('Job name: Boiler service');
    expect(call.body.messages[1]!.content).toContain('Site address: 1 Main St');

    await ask(t, improvise, admin.cookie);
    expect(received.at(-1)!.body.messages[1]!.content).toContain('Description to improve:\ncust says boiler leaks');
  });

  it('answers 502 without leaking details when the provider fails, answers nonsense or stalls past the timeout', async () => {
    const { admin } = await t.newCompany();
    for (const failure of ['error', 'garbage', 'empty', 'hang'] as const) {
      mode = failure;
      const started = Date.now();
      const res = await ask(t, generate, admin.cookie);
      expect(res.statusCode, failure).toBe(502);
      expect(res.json()).toEqual({ statusCode: 502, code: 'UPSTREAM_FAILED', message: 'The writing assistant is unavailable. Please try again.' });
      if (failure === 'hang') expect(Date.now() - started).toBeLessThan(5000);
    }
    mode = 'ok';
  });
});
