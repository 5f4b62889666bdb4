import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, TEST_PASSWORD, type Session, type TestApp } from '../test-support/test-app.ts';
import { ROUTE_REQUESTS } from './route-requests.ts';
import { BODYLESS_WRITES, jsonBodyOf, mutatingRoutes, PUBLIC_WRITES, tenantSnapshot, writeRequest } from './write-requests.fixture.ts';

/**
 * Sessions, CSRF and security headers over every mutating route of the route table, one request per route
 * per case: a cross-site request with a good cookie is refused before anything runs, a request without a
 * usable session (none, logged out, disabled user) is a 401, and every answer carries the security headers.
 */
const PER_ACCOUNT = 3;
const PER_IP = 30;
let t: TestApp;
let a: { tenantId: string; admin: Session };
let webDir: string;
let routes: string[];

/** helmet's headers as security.plugin.ts configures them. */
const SECURITY_HEADERS: Record<string, RegExp> = {
  'content-security-policy': /default-src 'self'.*object-src 'none'.*frame-ancestors 'none'/,
  'x-content-type-options': /^nosniff$/,
  'x-frame-options': /^SAMEORIGIN$/,
  'referrer-policy': /^no-referrer$/,
  'cross-origin-opener-policy': /^same-origin$/,
  'cross-origin-resource-policy': /^same-origin$/,
  'x-dns-prefetch-control': /^off$/,
  'x-download-options': /^noopen$/,
  'x-permitted-cross-domain-policies': /^none$/,
  'x-xss-protection': /^0$/,
};
let headerChecks = 0;
function expectSecurityHeaders(res: LightMyRequestResponse, label: string) {
  for (const [name, pattern] of Object.entries(SECURITY_HEADERS)) expect(String(res.headers[name] ?? ''), `${label}: ${name}`).toMatch(pattern);
  expect(res.headers['x-powered-by'], label).toBeUndefined();
  headerChecks++;
}

function send(key: string, headers: Record<string, string>) {
  const req = writeRequest(key)!;
  return t.app.inject({
    method: req.method as 'POST',
    url: req.url,
    headers: { ...req.headers, ...headers },
    ...(req.payload ? { payload: req.payload } : {}),
  });
}

beforeAll(async () => {
  webDir = mkdtempSync(join(tmpdir(), 'fw-web-'));
  mkdirSync(join(webDir, 'assets'));
  writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>Fieldwork</title>');
  writeFileSync(join(webDir, 'assets', 'app.js'), 'console.log(1);');
  t = await createTestApp({ webDistDir: webDir, loginLimits: { perAccountPerHour: PER_ACCOUNT, perIpPer15Min: PER_IP } });
  a = await t.newCompany();
  routes = mutatingRoutes(t.app);
});
afterAll(async () => {
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});

describe('every mutating route', () => {
  it('has a request in route-requests.ts, and a reason where it sends no JSON body', () => {
    expect(routes.length).toBeGreaterThan(80);
    expect(routes.filter((r) => !ROUTE_REQUESTS[r])).toEqual([]);
    const bodyless = routes.filter((r) => !r.startsWith('DELETE ') && !jsonBodyOf(r)).sort();
    expect(bodyless).toEqual(Object.keys(BODYLESS_WRITES).sort());
    const known = new Set(routes);
    expect(Object.keys(PUBLIC_WRITES).filter((r) => !known.has(r))).toEqual([]);
  });

  it('refuses a cross-site Origin or Sec-Fetch-Site with a valid session cookie (403) and changes nothing', async () => {
    const before = await tenantSnapshot(t.db, a.tenantId);
    const crossSite: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
    ];
    for (const key of routes) {
      for (const headers of crossSite) {
        const res = await send(key, { cookie: a.admin.cookie, ...headers });
        expect(res.statusCode, `${key} ${JSON.stringify(headers)}: ${res.body}`).toBe(403);
        expect(res.json().code, key).toBe('CSRF_REJECTED');
        expectSecurityHeaders(res, key);
      }
    }
    expect(await tenantSnapshot(t.db, a.tenantId)).toBe(before);
    // The same cookie from the app's own origin still works, so the 403s above came from the origin alone.
    const own = await t.app.inject({
      method: 'PUT',
      url: '/api/user/profile',
      headers: { cookie: a.admin.cookie, origin: 'https://app.example', host: 'app.example', 'sec-fetch-site': 'same-origin' },
      payload: { name: 'Own origin', phone: null },
    });
    expect(own.statusCode, own.body).toBe(200);
  });

  it('answers 401 without a cookie, except the public routes', async () => {
    const before = await tenantSnapshot(t.db, a.tenantId);
    const open: string[] = [];
    for (const key of routes) {
      const res = await send(key, {});
      expectSecurityHeaders(res, key);
      expect(res.statusCode, `${key}: ${res.body}`).toBeLessThan(500);
      if (res.statusCode === 401 && res.json().code === 'UNAUTHENTICATED') continue;
      open.push(key);
    }
    expect(open.sort()).toEqual(Object.keys(PUBLIC_WRITES).sort());
    expect(await tenantSnapshot(t.db, a.tenantId)).toBe(before);
  });

  it('answers 401 to the cookie of a logged-out session and of a disabled user, on every non-public route', async () => {
    const loggedOut = await t.signInAs(a.tenantId, 'Admin', 'fullAccess');
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: loggedOut.cookie } });
    expect(out.statusCode).toBe(204);
    const disabled = await t.signInAs(a.tenantId, 'Admin', 'fullAccess');
    const disable = await t.call('PATCH', `/api/user/${disabled.user.id}/status`, a.admin.cookie, { status: 'DISABLED' });
    expect(disable.statusCode, disable.body).toBe(200);
    const before = await tenantSnapshot(t.db, a.tenantId);
    let cases = 0;
    for (const session of [loggedOut, disabled]) {
      for (const key of routes.filter((r) => !PUBLIC_WRITES[r])) {
        const res = await send(key, { cookie: session.cookie });
        expect(res.statusCode, `${key}: ${res.body}`).toBe(401);
        expect(res.json().code, key).toBe('UNAUTHENTICATED');
        expectSecurityHeaders(res, key);
        cases++;
      }
    }
    expect(cases).toBeGreaterThan(150);
    expect(await tenantSnapshot(t.db, a.tenantId)).toBe(before);
    // Signing in again as the disabled user is refused like a wrong password.
    expect((await t.login(disabled.user.email)).statusCode).toBe(401);
  });
});

describe('security headers on every class of response', () => {
  it('2xx JSON, 4xx error, unknown API route, SPA page, static file and the OpenAPI document', async () => {
    const cases: [string, Promise<LightMyRequestResponse>, number][] = [
      ['2xx JSON', t.app.inject({ url: '/api/company', headers: { cookie: a.admin.cookie } }), 200],
      ['4xx validation', t.app.inject({ method: 'POST', url: '/api/zones', headers: { cookie: a.admin.cookie }, payload: { name: '' } }), 400],
      ['401', t.app.inject({ url: '/api/jobs' }), 401],
      ['404 unknown API route', t.app.inject({ url: '/api/no-such-route' }), 404],
      ['404 unknown method', t.app.inject({ method: 'PATCH', url: '/api/zones' }), 404],
      ['SPA page', t.app.inject({ url: '/workorder/jobs' }), 200],
      ['static file', t.app.inject({ url: '/assets/app.js' }), 200],
      ['OpenAPI', t.app.inject({ url: '/api/openapi.json' }), 200],
    ];
    for (const [label, pending, status] of cases) {
      const res = await pending;
      expect(res.statusCode, `${label}: ${res.body.slice(0, 200)}`).toBe(status);
      expectSecurityHeaders(res, label);
    }
    // Every refusal above was checked too: four cross-site cases, the anonymous and two dead-session cases per route.
    expect(headerChecks).toBeGreaterThan(routes.length * 6);
  });
});

describe('login limits (as the foundation set them)', () => {
  it("per account: failures lock the account for the right password too, whatever the e-mail's case; other accounts are unaffected", async () => {
    const victim = await t.signInAs(a.tenantId, 'Staff', 'partialAccess');
    const other = await t.signInAs(a.tenantId, 'Staff', 'partialAccess');
    const from = (remoteAddress: string, email: string, password: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, payload: { email, password } });
    for (let i = 0; i < PER_ACCOUNT; i++) expect((await from(`10.1.0.${i + 1}`, victim.user.email, 'wrong-password')).statusCode).toBe(401);
    const locked = await from('10.1.0.50', victim.user.email, TEST_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await from('10.1.0.51', victim.user.email.toUpperCase(), TEST_PASSWORD)).statusCode).toBe(429);
    expect((await from('10.1.0.52', other.user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('per IP: spread over many accounts, then 429 for that address only; X-Forwarded-For does not reset it', async () => {
    const ip = '10.2.0.9';
    for (let i = 0; i < PER_IP; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: ip,
        payload: { email: `guess-${i}@nowhere.test`, password: 'wrong-password' },
      });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: ip,
      headers: { 'x-forwarded-for': '203.0.113.7' },
      payload: { email: 'fresh@nowhere.test', password: 'wrong-password' },
    });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    expectSecurityHeaders(blocked, '429');
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '10.2.0.10',
      payload: { email: 'fresh@nowhere.test', password: 'wrong-password' },
    });
    expect(elsewhere.statusCode).toBe(401);
  });
});
