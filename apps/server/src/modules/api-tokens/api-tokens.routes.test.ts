import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creatableTokenScopes, TOKEN_SCOPES, type TokenScope } from '@fieldwork/domain/access/api-tokens.rules';
import { API_TOKEN_PREFIX, type ApiToken } from '@fieldwork/domain/access/api-tokens.schemas';
import { can } from '@fieldwork/domain/access/roles.rules';
import { sha256 } from '../../lib/crypto.ts';
import { createTestApp, ROLE_CASES, type Session, type TestApp } from '../../test-support/test-app.ts';

type Method = 'GET' | 'POST' | 'DELETE';

let t: TestApp;
let tenantId: string;
let admin: Session;
let colleague: Session;
let stranger: Session;
const cookies = new Map<string, string>();

const call = (method: Method, url: string, cookie?: string, payload?: object) => t.call(method, url, cookie, payload);
const bearer = (secret: string, url = '/api/customers') => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${secret}` } });
const createFor = async (cookie: string, name: string, more: { scope?: TokenScope; expiresAt?: string | null } = {}) => {
  const res = await call('POST', '/api/tokens', cookie, { name, ...more });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { token: ApiToken; secret: string };
};
const listed = async (cookie: string, id: string) =>
  (await call('GET', '/api/tokens', cookie)).json().data.items.find((i: { id: string }) => i.id === id) as ApiToken | undefined;
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

beforeAll(async () => {
  t = await createTestApp();
  const company = await t.newCompany();
  tenantId = company.tenantId;
  admin = company.admin;
  colleague = await t.signInAs(tenantId, 'Admin', 'fullAccess');
  stranger = (await t.newCompany()).admin;
  for (const c of ROLE_CASES) cookies.set(c.label, (await t.signInAs(tenantId, c.role, c.access)).cookie);
});

afterAll(async () => {
  await t.close();
});

describe('api tokens: authentication, validation and roles', () => {
  it('answers 401 when signed out', async () => {
    expect((await call('GET', '/api/tokens')).statusCode).toBe(401);
    expect((await call('POST', '/api/tokens', undefined, { name: 'CI' })).statusCode).toBe(401);
    expect((await call('DELETE', `/api/tokens/${randomUUID()}`)).statusCode).toBe(401);
  });

  it('answers 400 with the field message', async () => {
    const empty = await call('POST', '/api/tokens', admin.cookie, { name: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('Token Name is mandatory.');
    expect((await call('POST', '/api/tokens', admin.cookie, { name: 'CI', scopes: ['all'] })).statusCode).toBe(400);
    const badId = await call('DELETE', '/api/tokens/12', admin.cookie);
    expect(badId.json().message).toContain('Id must be a valid UUID.');
    const messages = async (body: object) => (await call('POST', '/api/tokens', admin.cookie, { name: 'CI', ...body })).json().message;
    expect(await messages({ scope: 'admin' })).toContain('Scope must be one of: read, receptionist, full.');
    expect(await messages({ expiresAt: new Date(Date.now() - 60_000).toISOString() })).toContain('Expiry must be in the future.');
    expect(await messages({ expiresAt: inDays(367) })).toContain('Expiry must be at most one year ahead.');
    expect(await messages({ expiresAt: 'next week' })).toContain('Expiry must be a valid ISO 8601 date-time.');
  });

  it('lets each role create only the scopes it may: read for all, receptionist for call-log writers, full for those who change data', async () => {
    const seen = new Map<string, string[]>();
    for (const c of ROLE_CASES) {
      const allowed = creatableTokenScopes(c);
      const got: string[] = [];
      for (const scope of TOKEN_SCOPES) {
        const res = await call('POST', '/api/tokens', cookies.get(c.label), { name: `${c.label} ${scope}`, scope });
        expect(res.statusCode, `${c.label} ${scope}: ${res.body}`).toBe(allowed.includes(scope) ? 201 : 403);
        if (res.statusCode === 201) got.push(res.json().data.token.scope);
        else expect(res.json().message).toMatch(/tokens/);
      }
      seen.set(c.label, got);
    }
    expect(seen.get('Admin')).toEqual(['read', 'receptionist', 'full']);
    expect(seen.get('Staff partialAccess')).toEqual(['read', 'receptionist', 'full']);
    expect(seen.get('Staff onlyViewAccess')).toEqual(['read']);
    expect(seen.get('Staff noAccess')).toEqual(['read']);
    expect(seen.get('Technician')).toEqual(['read', 'full']);
    expect(seen.get('SubContractor')).toEqual(['read', 'full']);
    const viewOnly = await call('POST', '/api/tokens', cookies.get('Staff onlyViewAccess'), { name: 'Sneaky', scope: 'full' });
    expect(viewOnly.json()).toEqual({ statusCode: 403, code: 'FORBIDDEN', message: 'View-only and no-access users can create read-only tokens only.' });
    const tech = await call('POST', '/api/tokens', cookies.get('Technician'), { name: 'Phone', scope: 'receptionist' });
    expect(tech.json().message).toBe('Only staff who may record receptionist calls can create receptionist tokens.');
  });

  it('lets every role manage its own tokens', async () => {
    const seen = new Map<string, number[]>();
    for (const c of ROLE_CASES) {
      const cookie = cookies.get(c.label);
      const ok = can(c, 'tokens.self');
      const created = await call('POST', '/api/tokens', cookie, { name: `Matrix ${c.label}` });
      expect(created.statusCode, c.label).toBe(ok ? 201 : 403);
      const list = await call('GET', '/api/tokens', cookie);
      expect(list.statusCode, c.label).toBe(ok ? 200 : 403);
      const id = created.statusCode === 201 ? created.json().data.token.id : randomUUID();
      const revoked = await call('DELETE', `/api/tokens/${id}`, cookie);
      expect(revoked.statusCode, c.label).toBe(ok ? 204 : 403);
      seen.set(c.label, [created.statusCode, list.statusCode, revoked.statusCode]);
    }
    expect(seen.get('Admin')).toEqual([201, 200, 204]);
    expect(seen.get('Technician')).toEqual([201, 200, 204]);
    expect(seen.get('SubContractor')).toEqual([201, 200, 204]);
  });
});

describe('api tokens: behaviour', () => {
  it('shows the secret once and stores only its hash', async () => {
    const expiresAt = inDays(30);
    const { token, secret } = await createFor(admin.cookie, 'Zapier', { scope: 'full', expiresAt });
    expect(secret.startsWith(API_TOKEN_PREFIX)).toBe(true);
    expect(secret.length).toBeGreaterThan(API_TOKEN_PREFIX.length + 40);
    const prefix = secret.slice(API_TOKEN_PREFIX.length, API_TOKEN_PREFIX.length + 8);
    expect(token).toEqual({ id: expect.any(String), name: 'Zapier', prefix, scope: 'full', expiresAt, createdAt: expect.any(String), lastUsedAt: null });
    const row = await t.db.selectFrom('api_tokens').selectAll().where('id', '=', token.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      tenant_id: tenantId,
      user_id: admin.user.id,
      token_hash: sha256(secret),
      prefix: token.prefix,
      scope: 'full',
      expires_at: expiresAt,
      revoked_at: null,
    });
    expect(JSON.stringify(row)).not.toContain(secret);

    const list = await call('GET', '/api/tokens', admin.cookie);
    expect(await listed(admin.cookie, token.id)).toEqual(token);
    expect(list.body).not.toContain(secret);
    expect(list.body).not.toContain(row.token_hash);
  });

  it('is read-only and never expires unless asked', async () => {
    const { token } = await createFor(admin.cookie, 'Defaults');
    expect(token).toMatchObject({ scope: 'read', expiresAt: null });
  });

  it('answers 401 from its expiry on, like a revoked token, and is still listed so its owner sees why', async () => {
    const { token, secret } = await createFor(admin.cookie, 'Short-lived', { expiresAt: inDays(1) });
    expect((await bearer(secret)).statusCode).toBe(200);
    const past = new Date(Date.now() - 1_000).toISOString();
    await t.db.updateTable('api_tokens').set({ expires_at: past }).where('id', '=', token.id).execute();
    const refused = await bearer(secret);
    expect(refused.json()).toEqual({ statusCode: 401, code: 'UNAUTHENTICATED', message: 'The API token is invalid, revoked or expired.' });
    expect(await listed(admin.cookie, token.id)).toMatchObject({ expiresAt: past });
  });

  it('authenticates as its owner by Bearer until revoked', async () => {
    const { token, secret } = await createFor(admin.cookie, 'Integration', { scope: 'full' });
    const before = Date.now();
    const ok = await bearer(secret);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toHaveProperty('pagination');
    expect(Date.parse((await listed(admin.cookie, token.id))!.lastUsedAt!)).toBeGreaterThanOrEqual(before - 1_000);
    // A full token writes what its owner may; mutating requests by Bearer skip the cookie CSRF check.
    const customer = await t.app.inject({
      method: 'POST',
      url: '/api/customers',
      headers: { authorization: `Bearer ${secret}`, origin: 'https://elsewhere.example' },
      payload: { name: 'By token', customerAddress: [{ addressLine1: '1 Main St', fullAddress: '1 Main St' }], contacts: [] },
    });
    expect(customer.statusCode, customer.body).toBe(201);

    expect((await call('DELETE', `/api/tokens/${token.id}`, admin.cookie)).statusCode).toBe(204);
    const refused = await bearer(secret);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('UNAUTHENTICATED');
    expect((await bearer(secret.slice(0, -1) + (secret.endsWith('A') ? 'B' : 'A'))).statusCode).toBe(401);
    expect(await listed(admin.cookie, token.id)).toBeUndefined();
    expect((await call('DELETE', `/api/tokens/${token.id}`, admin.cookie)).statusCode).toBe(404);
  });

  it("carries its owner's permissions, not more", async () => {
    const { secret } = await createFor(cookies.get('Technician')!, 'Tech script');
    expect((await bearer(secret)).statusCode).toBe(403);
    expect((await bearer(secret, '/api/zones/get-all-zones')).statusCode).toBe(200);
  });

  it("hides other users' tokens: revoking one answers 404 like a missing id", async () => {
    const mine = await createFor(colleague.cookie, 'Colleague token');
    const foreign = await createFor(stranger.cookie, 'Stranger token');
    const missing = await call('DELETE', `/api/tokens/${randomUUID()}`, admin.cookie);
    expect(missing.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'API token not found.' });
    const sameCompany = await call('DELETE', `/api/tokens/${mine.token.id}`, admin.cookie);
    expect(sameCompany.statusCode).toBe(404);
    expect(sameCompany.json()).toEqual(missing.json());
    expect((await call('DELETE', `/api/tokens/${foreign.token.id}`, admin.cookie)).json()).toEqual(missing.json());
    const ids = (await call('GET', '/api/tokens', admin.cookie)).json().data.items.map((i: { id: string }) => i.id);
    expect(ids).not.toContain(mine.token.id);
    expect(ids).not.toContain(foreign.token.id);
    expect((await bearer(mine.secret)).statusCode).toBe(200);
    expect((await bearer(foreign.secret)).statusCode).toBe(200);
  });

  it("never manages tokens, users or the company, nor its owner's login, whatever its scope", async () => {
    const as = (secret: string, method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: { authorization: `Bearer ${secret}` }, ...(payload ? { payload } : {}) });
    const { secret } = await createFor(admin.cookie, 'Everything', { scope: 'full' });
    const { token: victim } = await createFor(admin.cookie, 'Victim');
    const management = 'API tokens cannot manage tokens, users or company settings.';
    const refusals = [
      await as(secret, 'GET', '/api/tokens'),
      await as(secret, 'POST', '/api/tokens', { name: 'Child', scope: 'read' }),
      await as(secret, 'DELETE', `/api/tokens/${victim.id}`),
      await as(secret, 'POST', '/api/user/invitation', { email: 'new-admin@example.com', role: 'Admin' }),
      await as(secret, 'PATCH', `/api/user/${colleague.user.id}/role`, { role: 'Staff', access: 'noAccess' }),
      await as(secret, 'PUT', '/api/company', { name: 'Renamed', timeZone: 'America/New_York', version: 1 }),
    ];
    expect(refusals.map((r) => [r.statusCode, r.json().message])).toEqual(refusals.map(() => [403, management]));
    // The HEAD twin of a GET route is refused like it.
    expect((await as(secret, 'HEAD', '/api/user/invited')).statusCode).toBe(403);
    const password = await as(secret, 'PUT', '/api/user/profile/password', { currentPassword: 'test-password-2026', newPassword: 'taken-over-2026' });
    expect(password.json()).toEqual({ statusCode: 403, code: 'FORBIDDEN', message: "API tokens cannot change their owner's profile, password or photo." });
    expect(await listed(admin.cookie, victim.id)).toBeDefined();
    expect((await as(secret, 'GET', '/api/user/profile')).statusCode).toBe(200);
  });

  it("keeps a token made before scopes existed working with its owner's power, without management", async () => {
    const id = randomUUID();
    const secret = `${API_TOKEN_PREFIX}older-token-${id}`;
    // As migration 0017 found the tokens of the time: no scope or expiry written.
    await sql`insert into api_tokens (id, tenant_id, user_id, name, token_hash, prefix, created_at) values (${id}, ${tenantId}, ${admin.user.id}, ${'Old'}, ${sha256(secret)}, ${'older-to'}, ${new Date().toISOString()})`.execute(
      t.db,
    );
    expect(await listed(admin.cookie, id)).toMatchObject({ scope: 'full', expiresAt: null });
    const zone = await t.app.inject({ method: 'GET', url: '/api/zones/get-all-zones', headers: { authorization: `Bearer ${secret}` } });
    expect(zone.statusCode).toBe(200);
    // A write reaches validation (400), so the scope let it through.
    const lead = await t.app.inject({ method: 'POST', url: '/api/leads', headers: { authorization: `Bearer ${secret}` }, payload: {} });
    expect(lead.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/tokens', headers: { authorization: `Bearer ${secret}` } })).statusCode).toBe(403);
  });

  it('stops working when its owner is disabled', async () => {
    const { secret } = await createFor(colleague.cookie, 'Soon disabled');
    expect((await bearer(secret)).statusCode).toBe(200);
    await t.db.updateTable('users').set({ status: 'DISABLED' }).where('id', '=', colleague.user.id).execute();
    expect((await bearer(secret)).statusCode).toBe(401);
  });
});
