import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { buildCustomer, buildSubcontractor, buildTag, buildZone } from '@fieldwork/testing/factories';
import { createTestApp, type Session, type TestApp } from '../test-support/test-app.ts';

/**
 * For every route that takes an id in its path, company A's admin sends company B's id: the answer must be
 * a 404 identical to the one for an id that exists nowhere, and nothing of company B may change.
 * A route with an id that this table does not know fails the suite, so new routes cannot skip the probe.
 */
let t: TestApp;
let a: { tenantId: string; admin: Session };
let b: { tenantId: string; admin: Session };
let ids: Record<string, string>;

type Probe = { id: () => string; body?: () => unknown };
const PROBES: Record<string, Probe> = {
  'GET /api/user/:id': { id: () => ids.user! },
  'PUT /api/user/:id': { id: () => ids.user!, body: () => ({ name: 'Hijacked', tags: [], zones: [], version: 1 }) },
  'GET /api/user/:id/photo': { id: () => ids.user! },
  'PATCH /api/user/:id/role': { id: () => ids.user!, body: () => ({ role: 'Staff', access: 'noAccess' }) },
  'PATCH /api/user/:id/status': { id: () => ids.user!, body: () => ({ status: 'DISABLED' }) },
  'GET /api/user/invitation/:id': { id: () => ids.invitation! },
  'DELETE /api/user/invitation/:id': { id: () => ids.invitation! },
  'PUT /api/zones/:id': { id: () => ids.zone!, body: () => ({ name: 'Hijacked zone' }) },
  'DELETE /api/zones/:id': { id: () => ids.zone! },
  'PUT /api/tags/:id': { id: () => ids.tag!, body: () => ({ name: 'Hijacked tag' }) },
  'DELETE /api/tags/:id': { id: () => ids.tag! },
  'GET /api/customers/:id': { id: () => ids.customer! },
  'PUT /api/customers/:id': {
    id: () => ids.customer!,
    body: () => ({ name: 'Hijacked', customerAddress: [{ addressLine1: 'x', fullAddress: 'x' }], contacts: [], tags: [], version: 1 }),
  },
  'GET /api/subcontractors/:id': { id: () => ids.subcontractor! },
  'PUT /api/subcontractors/:id': { id: () => ids.subcontractor!, body: () => ({ name: 'Hijacked', kind: 'COMPANY', tags: [], zones: [], version: 1 }) },
  'DELETE /api/tokens/:id': { id: () => ids.token! },
};

async function snapshotOf(tenantId: string): Promise<string> {
  const tables = ['users', 'zones', 'tags', 'customers', 'customer_addresses', 'subcontractors', 'invitations', 'api_tokens'] as const;
  const parts: unknown[] = [];
  for (const table of tables) {
    parts.push(await t.db.selectFrom(table).selectAll().where('tenant_id', '=', tenantId).orderBy('id').execute());
  }
  return JSON.stringify(parts, (_k, v) => (v instanceof Uint8Array ? v.length : v));
}

beforeAll(async () => {
  t = await createTestApp();
  a = await t.newCompany();
  b = await t.newCompany();
  const inv = await t.app.inject({ method: 'POST', url: '/api/user/invitation', headers: { cookie: b.admin.cookie }, payload: { email: 'probe@b.test', role: 'Staff' } });
  const token = await t.app.inject({ method: 'POST', url: '/api/tokens', headers: { cookie: b.admin.cookie }, payload: { name: 'B integration' } });
  ids = {
    user: b.admin.user.id,
    invitation: inv.json().data.invitation.id,
    zone: (await buildZone(t.db, b.tenantId)).id,
    tag: (await buildTag(t.db, b.tenantId)).id,
    customer: (await buildCustomer(t.db, b.tenantId)).id,
    subcontractor: (await buildSubcontractor(t.db, b.tenantId)).id,
    token: token.json().data.token.id,
  };
});
afterAll(async () => t.close());

describe('cross-tenant probe over the route table', () => {
  it('knows every id-bearing route', () => {
    const idRoutes = t.app.routeTable.filter((r) => r.url.includes(':id')).map((r) => `${r.method} ${r.url}`);
    expect(idRoutes.length).toBeGreaterThan(10);
    expect(idRoutes.filter((r) => !PROBES[r])).toEqual([]);
  });

  it('answers 404 with the missing-id body for another company\'s ids and changes nothing there', async () => {
    const before = await snapshotOf(b.tenantId);
    for (const [key, probe] of Object.entries(PROBES)) {
      const [method, path] = key.split(' ') as [string, string];
      const send = (id: string) =>
        t.app.inject({ method: method as 'GET', url: path.replace(':id', id), headers: { cookie: a.admin.cookie }, ...(probe.body ? { payload: probe.body() as object } : {}) });
      const foreign = await send(probe.id());
      const missing = await send(randomUUID());
      expect(foreign.statusCode, `${key}: ${foreign.body}`).toBe(404);
      expect(foreign.body, key).toBe(missing.body);
    }
    expect(await snapshotOf(b.tenantId)).toBe(before);
  });

  it('shows no trace of the other company in A\'s lists and searches', async () => {
    const canary = (await t.db.selectFrom('customers').select('name').where('id', '=', ids.customer!).executeTakeFirstOrThrow()).name;
    const lists = [
      '/api/user?limit=100',
      '/api/user/invited?limit=100',
      '/api/zones/get-all-zones',
      '/api/tags/filter-list?type=SERVICE',
      '/api/tags/filter-list?type=ACCOUNT',
      `/api/customers?limit=100&search=${encodeURIComponent(canary)}`,
      '/api/customers?limit=100&status=all',
      '/api/subcontractors?limit=100&status=all',
      '/api/location',
      '/api/tokens',
    ];
    for (const url of lists) {
      const res = await t.app.inject({ url, headers: { cookie: a.admin.cookie } });
      expect(res.statusCode, url).toBe(200);
      for (const id of Object.values(ids)) expect(res.body, `${url} leaks ${id}`).not.toContain(id);
      expect(res.body, url).not.toContain(canary);
    }
  });
});
