import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TOKEN_PREFIX } from '@fieldwork/domain/api-tokens.schemas';
import { can } from '@fieldwork/domain/roles';
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
const createFor = async (cookie: string, name: string) => {
  const res = await call('POST', '/api/tokens', cookie, { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { token: { id: string; name: string; prefix: string }; secret: string };
};

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
    const { token, secret } = await createFor(admin.cookie, 'Zapier');
    expect(secret.startsWith(API_TOKEN_PREFIX)).toBe(true);
    expect(secret.length).toBeGreaterThan(API_TOKEN_PREFIX.length + 40);
    expect(token).toEqual({ id: expect.any(String), name: 'Zapier', prefix: secret.slice(API_TOKEN_PREFIX.length, API_TOKEN_PREFIX.length + 8), createdAt: expect.any(String), lastUsedAt: null });
    const row = await t.db.selectFrom('api_tokens').selectAll().where('id', '=', token.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ tenant_id: tenantId, user_id: admin.user.id, token_hash: sha256(secret), prefix: token.prefix, revoked_at: null });
    expect(JSON.stringify(row)).not.toContain(secret);

    const list = await call('GET', '/api/tokens', admin.cookie);
    const listed = list.json().data.items.find((i: { id: string }) => i.id === token.id);
    expect(listed).toEqual(token);
    expect(list.body).not.toContain(secret);
    expect(list.body).not.toContain(row.token_hash);
  });

  it('authenticates as its owner by Bearer until revoked', async () => {
    const { token, secret } = await createFor(admin.cookie, 'Integration');
    const ok = await bearer(secret);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toHaveProperty('pagination');
    const used = (await call('GET', '/api/tokens', admin.cookie)).json().data.items.find((i: { id: string }) => i.id === token.id);
    expect(used.lastUsedAt).not.toBeNull();
    // A token can itself manage tokens; mutating requests by Bearer skip the cookie CSRF check.
    const viaToken = await t.app.inject({ method: 'POST', url: '/api/tokens', headers: { authorization: `Bearer ${secret}` }, payload: { name: 'Child' } });
    expect(viaToken.statusCode).toBe(201);

    expect((await call('DELETE', `/api/tokens/${token.id}`, admin.cookie)).statusCode).toBe(204);
    const refused = await bearer(secret);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('UNAUTHENTICATED');
    expect((await bearer(secret.slice(0, -1) + (secret.endsWith('A') ? 'B' : 'A'))).statusCode).toBe(401);
    const listed = (await call('GET', '/api/tokens', admin.cookie)).json().data.items.map((i: { id: string }) => i.id);
    expect(listed).not.toContain(token.id);
    expect((await call('DELETE', `/api/tokens/${token.id}`, admin.cookie)).statusCode).toBe(404);
  });

  it('carries its owner\'s permissions, not more', async () => {
    const { secret } = await createFor(cookies.get('Technician')!, 'Tech script');
    expect((await bearer(secret)).statusCode).toBe(403);
    expect((await bearer(secret, '/api/zones/get-all-zones')).statusCode).toBe(200);
  });

  it('hides other users\' tokens: revoking one answers 404 like a missing id', async () => {
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

  it('stops working when its owner is disabled', async () => {
    const { secret } = await createFor(colleague.cookie, 'Soon disabled');
    expect((await bearer(secret)).statusCode).toBe(200);
    await t.db.updateTable('users').set({ status: 'DISABLED' }).where('id', '=', colleague.user.id).execute();
    expect((await bearer(secret)).statusCode).toBe(401);
  });
});
