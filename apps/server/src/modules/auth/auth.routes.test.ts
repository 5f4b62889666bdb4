import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNUP_ACCEPTED_MESSAGE } from '@fieldwork/domain/access/auth.schemas';
import { sha256 } from '../../lib/crypto.ts';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../test-support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ loginLimits: { perAccountPerHour: 5, perIpPer15Min: 1000 } });
});
afterAll(async () => t.close());

const signup = (over: Record<string, unknown> = {}) => ({
  companyName: 'Acme Heating',
  timeZone: 'America/Chicago',
  name: 'Ann Owner',
  email: `owner-${Math.random().toString(36).slice(2)}@acme.test`,
  password: 'correct-horse-1',
  ...over,
});

describe('first-run setup', () => {
  it('reports needsSetup on an empty database, then creates exactly one first company under a race', async () => {
    const before = await t.app.inject({ url: '/api/auth/setup-status' });
    expect(before.json()).toEqual({ data: { needsSetup: true } });

    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => t.app.inject({ method: 'POST', url: '/api/auth/setup', payload: signup({ email: `first${i}@acme.test` }) })),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(7);
    const winner = results.find((r) => r.statusCode === 201)!;
    const body = winner.json();
    expect(body.data.user.role).toBe('Admin');
    expect(body.data.user.access).toBe('fullAccess');
    expect(body.data.company).toMatchObject({ name: 'Acme Heating', timeZone: 'America/Chicago' });
    expect(body.data.capabilities).toContain('users.manage');

    const tenants = await t.db.selectFrom('tenants').select('id').execute();
    expect(tenants).toHaveLength(1);
    expect((await t.app.inject({ url: '/api/auth/setup-status' })).json()).toEqual({ data: { needsSetup: false } });
  });

  it('answers 400 naming each bad field', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: signup({ companyName: '', timeZone: 'Not/AZone', email: 'bad' }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(res.json().message).toEqual(
      expect.arrayContaining([
        'Company Name is mandatory.',
        'Time zone must be a valid IANA time zone, like America/New_York.',
        'Email must be a valid email address.',
      ]),
    );
  });
});

describe('signup and login', () => {
  it('signs up a second company without signing in; signing in afterwards gives an HttpOnly, SameSite=Lax cookie, not Secure over http', async () => {
    const body = signup({ companyName: 'Second Co' });
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: body });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ data: { email: body.email, message: SIGNUP_ACCEPTED_MESSAGE } });
    expect(res.cookies).toEqual([]);
    const company = await t.db.selectFrom('tenants').select(['id', 'name', 'time_zone']).where('name', '=', 'Second Co').executeTakeFirstOrThrow();
    expect(company.time_zone).toBe('America/Chicago');
    const login = await t.login(body.email, body.password);
    expect(login.statusCode).toBe(200);
    expect(login.json().data.user).toMatchObject({ role: 'Admin', access: 'fullAccess' });
    const cookie = login.cookies.find((c) => c.name === 'fw_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.secure).toBeFalsy();
    expect(cookie.value.length).toBeGreaterThanOrEqual(43); // 256 bits base64url
    const stored = await t.db.selectFrom('sessions').select('id').where('id', '=', sha256(cookie.value)).executeTakeFirst();
    expect(stored).toBeDefined();
    const raw = await t.db.selectFrom('sessions').select('id').where('id', '=', cookie.value).executeTakeFirst();
    expect(raw).toBeUndefined();
  });

  it('answers a taken email exactly as a new one, writes nothing and leaves the account as it was', async () => {
    const body = signup();
    const first = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: body });
    const tenantsBefore = await t.db.selectFrom('tenants').select('id').execute();
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { ...body, companyName: 'Squatter Co', email: body.email.toUpperCase(), password: 'another-pass-99' },
    });
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.json()).toEqual({ data: { email: body.email, message: first.json().data.message } });
    expect(again.cookies).toEqual(first.cookies);
    expect(await t.db.selectFrom('tenants').select('id').execute()).toHaveLength(tenantsBefore.length);
    expect((await t.login(body.email, 'another-pass-99')).statusCode).toBe(401);
    expect((await t.login(body.email, body.password)).statusCode).toBe(200);
  });

  it('creates one company when the same new address signs up many times at once', async () => {
    const body = signup();
    const answers = await Promise.all(Array.from({ length: 8 }, () => t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: body })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(202));
    const users = await t.db.selectFrom('users').select('tenant_id').where('email', '=', body.email).execute();
    expect(users).toHaveLength(1);
  });

  it('gives the same answer for an unknown email, a wrong password and a disabled account', async () => {
    const { tenantId } = await t.newCompany();
    const active = await t.signInAs(tenantId, 'Staff', 'partialAccess');
    const disabled = await t.signInAs(tenantId, 'Staff', 'partialAccess');
    await t.db.updateTable('users').set({ status: 'DISABLED' }).where('id', '=', disabled.user.id).execute();
    const a = await t.login('nobody@nowhere.test', 'whatever-pass');
    const b = await t.login(active.user.email, 'wrong-password!');
    const c = await t.login(disabled.user.email);
    for (const r of [a, b, c]) {
      expect(r.statusCode).toBe(401);
      expect(r.json()).toEqual({ statusCode: 401, code: 'INVALID_CREDENTIALS', message: 'Invalid email or password.' });
      expect(r.cookies.find((k) => k.name === 'fw_session')).toBeUndefined();
    }
  });

  it('issues a new session id at every login', async () => {
    const { tenantId } = await t.newCompany();
    const s = await t.signInAs(tenantId, 'Staff', 'partialAccess');
    const again = t.cookieFrom(await t.login(s.user.email));
    expect(again).not.toBe(s.cookie);
    expect((await t.app.inject({ url: '/api/user/profile', headers: { cookie: s.cookie } })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/user/profile', headers: { cookie: again } })).statusCode).toBe(200);
  });

  it('logout ends the session at once', async () => {
    const { admin } = await t.newCompany();
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: admin.cookie } });
    expect(out.statusCode).toBe(204);
    const after = await t.app.inject({ url: '/api/user/profile', headers: { cookie: admin.cookie } });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('UNAUTHENTICATED');
  });

  it('ends a session after the idle timeout and after the absolute limit', async () => {
    const { tenantId } = await t.newCompany();
    const idle = await t.signInAs(tenantId, 'Staff', 'partialAccess');
    const old = new Date(Date.now() - 31 * 60_000).toISOString();
    await t.db.updateTable('sessions').set({ last_seen_at: old }).where('user_id', '=', idle.user.id).execute();
    expect((await t.app.inject({ url: '/api/user/profile', headers: { cookie: idle.cookie } })).statusCode).toBe(401);
    expect(await t.db.selectFrom('sessions').select('id').where('user_id', '=', idle.user.id).execute()).toHaveLength(0);

    const abs = await t.signInAs(tenantId, 'Staff', 'partialAccess');
    await t.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', abs.user.id)
      .execute();
    expect((await t.app.inject({ url: '/api/user/profile', headers: { cookie: abs.cookie } })).statusCode).toBe(401);
  });

  it('gives office roles the 30 minute idle timeout and field roles a longer one', async () => {
    const { tenantId } = await t.newCompany();
    const office = await t.signInAs(tenantId, 'Staff', 'partialAccess');
    const tech = await t.signInAs(tenantId, 'Technician');
    const rows = await t.db
      .selectFrom('sessions')
      .select(['user_id', 'idle_seconds', 'created_at', 'expires_at'])
      .where('user_id', 'in', [office.user.id, tech.user.id])
      .execute();
    const officeRow = rows.find((r) => r.user_id === office.user.id)!;
    const techRow = rows.find((r) => r.user_id === tech.user.id)!;
    expect(officeRow.idle_seconds).toBe(30 * 60);
    expect(Date.parse(officeRow.expires_at) - Date.parse(officeRow.created_at)).toBe(12 * 3600 * 1000);
    expect(techRow.idle_seconds).toBeGreaterThan(officeRow.idle_seconds);
  });
});

describe('login rate limits', () => {
  it('limits failures per account with 429 and Retry-After, even for the right password', async () => {
    const { tenantId } = await t.newCompany();
    const s = await t.signInAs(tenantId, 'Staff', 'partialAccess');
    for (let i = 0; i < 5; i++) expect((await t.login(s.user.email, 'wrong-password!')).statusCode).toBe(401);
    const blocked = await t.login(s.user.email, TEST_PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('RATE_LIMITED');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts parallel attempts atomically: no more than the limit get through', async () => {
    const email = 'parallel-target@nowhere.test';
    const results = await Promise.all(Array.from({ length: 20 }, () => t.login(email, 'wrong-password!')));
    expect(results.filter((r) => r.statusCode === 401)).toHaveLength(5);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(15);
  });

  it('limits per IP with 429 and Retry-After', async () => {
    const limited = await createTestApp({ loginLimits: { perAccountPerHour: 100, perIpPer15Min: 3 } });
    try {
      for (let i = 0; i < 3; i++) expect((await limited.login(`x${i}@nowhere.test`, 'wrong-password!')).statusCode).toBe(401);
      const res = await limited.login('another@nowhere.test', 'wrong-password!');
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    } finally {
      await limited.close();
    }
  });
});

describe('CSRF and transport', () => {
  it('refuses mutating requests from another site and allows same-origin ones', async () => {
    const { admin } = await t.newCompany();
    const payload = { name: 'Renamed' };
    const cross = [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }, { origin: 'null' }];
    for (const headers of cross) {
      const res = await t.app.inject({ method: 'PUT', url: '/api/user/profile', payload, headers: { cookie: admin.cookie, host: 'app.test', ...headers } });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('CSRF_REJECTED');
    }
    const profile = await t.app.inject({ url: '/api/user/profile', headers: { cookie: admin.cookie } });
    expect(profile.json().data.user.name).not.toBe('Renamed');
    const same = await t.app.inject({
      method: 'PUT',
      url: '/api/user/profile',
      payload,
      headers: { cookie: admin.cookie, host: 'app.test', origin: 'http://app.test', 'sec-fetch-site': 'same-origin' },
    });
    expect(same.statusCode).toBe(200);
    expect(same.json().data.user.name).toBe('Renamed');
  });

  it('refuses a cross-site login too (login CSRF)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@b.test', password: 'x' },
      headers: { origin: 'https://evil.example', host: 'app.test' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(String(res.headers['content-security-policy'])).toContain("default-src 'self'");
  });

  it('answers JSON errors, never 500, for malformed and oversized bodies and unknown routes', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(bad.statusCode).toBe(400);
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.test', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('PAYLOAD_TOO_LARGE');
    const missing = await t.app.inject({ url: '/api/nothing-here' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'Not found.' });
  });

  it('serves the OpenAPI document generated from the routes', async () => {
    const res = await t.app.inject({ url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/auth/login', '/api/user', '/api/user/{id}', '/api/company']));
    expect((await t.app.inject({ url: '/api/docs' })).statusCode).toBeLessThan(400);
  });
});

describe('signup limit per client IP', () => {
  it('answers 429 with Retry-After past the limit, for new and taken addresses alike, and counts per IP', async () => {
    const limited = await createTestApp({ signupLimitPerIpPerHour: 3 });
    try {
      const from = (ip: string, body: object) => limited.app.inject({ method: 'POST', url: '/api/auth/signup', payload: body, remoteAddress: ip });
      const taken = signup();
      for (const body of [taken, taken, signup()]) expect((await from('203.0.113.7', body)).statusCode).toBe(202);
      for (const body of [signup(), taken]) {
        const refused = await from('203.0.113.7', body);
        expect(refused.statusCode).toBe(429);
        expect(refused.json()).toEqual({ statusCode: 429, code: 'RATE_LIMITED', message: 'Too many signups from this network. Please try again later.' });
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      }
      expect((await from('198.51.100.2', signup())).statusCode).toBe(202);
      expect(await limited.db.selectFrom('tenants').select('id').execute()).toHaveLength(3);
    } finally {
      await limited.close();
    }
  });
});
