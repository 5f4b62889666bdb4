import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can } from '@fieldwork/domain/access/roles.rules';
import { buildSubcontractor, buildZone } from '@fieldwork/testing/factories';
import { createTestApp, ROLE_CASES, type TestApp } from '../../test-support/test-app.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

let t: TestApp;
let tenantId: string;
let admin: string;
let otherZoneId: string;
const cookies = new Map<string, string>();

const call = (method: Method, url: string, cookie?: string, payload?: object) => t.call(method, url, cookie, payload);

beforeAll(async () => {
  t = await createTestApp();
  const company = await t.newCompany();
  tenantId = company.tenantId;
  admin = company.admin.cookie;
  const other = await t.newCompany();
  otherZoneId = (await buildZone(t.db, other.tenantId, 'Other North')).id;
  for (const c of ROLE_CASES) cookies.set(c.label, (await t.signInAs(tenantId, c.role, c.access)).cookie);
});

afterAll(async () => {
  await t.close();
});

describe('zones: authentication and validation', () => {
  it('answers 401 when signed out', async () => {
    const id = randomUUID();
    for (const [method, url] of [
      ['GET', '/api/zones/get-all-zones'],
      ['POST', '/api/zones'],
      ['PUT', `/api/zones/${id}`],
      ['DELETE', `/api/zones/${id}`],
    ] as const) {
      const res = await call(method, url, undefined, method === 'POST' || method === 'PUT' ? { name: 'North' } : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().code).toBe('UNAUTHENTICATED');
    }
  });

  it('answers 400 with the field message for a bad name, unknown fields or a bad id', async () => {
    const empty = await call('POST', '/api/zones', admin, { name: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('Zone Name is mandatory.');
    const long = await call('POST', '/api/zones', admin, { name: 'x'.repeat(61) });
    expect(long.json().message).toContain('Zone Name must be less than or equal to 60 characters.');
    const extra = await call('POST', '/api/zones', admin, { name: 'North', color: 'red' });
    expect(extra.statusCode).toBe(400);
    const badId = await call('PUT', '/api/zones/not-a-uuid', admin, { name: 'North' });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toContain('Id must be a valid UUID.');
    const badDelete = await call('DELETE', '/api/zones/123', admin);
    expect(badDelete.json().message).toContain('Id must be a valid UUID.');
  });
});

describe('zones: role matrix', () => {
  it('lets every role read zones', async () => {
    for (const c of ROLE_CASES) {
      const res = await call('GET', '/api/zones/get-all-zones', cookies.get(c.label));
      expect(res.statusCode, c.label).toBe(can(c, 'lookups.read') ? 200 : 403);
    }
    expect((await call('GET', '/api/zones/get-all-zones', cookies.get('SubContractor'))).statusCode).toBe(200);
  });

  it('lets only admins create, rename and delete zones', async () => {
    const seen = new Map<string, number[]>();
    for (const c of ROLE_CASES) {
      const ok = can(c, 'settings.manage');
      const created = await call('POST', '/api/zones', cookies.get(c.label), { name: `Matrix ${c.label}` });
      expect(created.statusCode, c.label).toBe(ok ? 201 : 403);
      const zone = await buildZone(t.db, tenantId);
      const renamed = await call('PUT', `/api/zones/${zone.id}`, cookies.get(c.label), { name: `Renamed ${c.label}` });
      expect(renamed.statusCode, c.label).toBe(ok ? 200 : 403);
      const deleted = await call('DELETE', `/api/zones/${zone.id}`, cookies.get(c.label));
      expect(deleted.statusCode, c.label).toBe(ok ? 204 : 403);
      seen.set(c.label, [created.statusCode, renamed.statusCode, deleted.statusCode]);
    }
    expect(seen.get('Admin')).toEqual([201, 200, 204]);
    expect(seen.get('Staff fullAccess')).toEqual([201, 200, 204]);
    expect(seen.get('Staff partialAccess')).toEqual([403, 403, 403]);
    expect(seen.get('Technician')).toEqual([403, 403, 403]);
  });
});

describe('zones: behaviour', () => {
  it('creates, lists by name ignoring case, renames and deletes', async () => {
    const names = ['zeta', 'Alpha', 'beta'];
    const ids: string[] = [];
    for (const name of names) {
      const res = await call('POST', '/api/zones', admin, { name: `  Sort ${name} ` });
      expect(res.statusCode).toBe(201);
      expect(res.json().data).toMatchObject({ name: `Sort ${name}` });
      expect(Object.keys(res.json().data).sort()).toEqual(['createdAt', 'id', 'name']);
      ids.push(res.json().data.id);
    }
    const list = await call('GET', '/api/zones/get-all-zones', admin);
    const sorted = list
      .json()
      .data.items.map((z: { name: string }) => z.name)
      .filter((n: string) => n.startsWith('Sort '));
    expect(sorted).toEqual(['Sort Alpha', 'Sort beta', 'Sort zeta']);
    expect(list.json().data.items.some((z: { id: string }) => z.id === otherZoneId)).toBe(false);

    const renamed = await call('PUT', `/api/zones/${ids[0]}`, admin, { name: 'Sort Omega' });
    expect(renamed.json().data).toMatchObject({ id: ids[0], name: 'Sort Omega' });
    const row = await t.db.selectFrom('zones').selectAll().where('id', '=', ids[0]!).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ tenant_id: tenantId, name: 'Sort Omega' });

    const deleted = await call('DELETE', `/api/zones/${ids[0]}`, admin);
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect(await t.db.selectFrom('zones').select('id').where('id', '=', ids[0]!).executeTakeFirst()).toBeUndefined();
    expect((await call('DELETE', `/api/zones/${ids[0]}`, admin)).statusCode).toBe(404);
  });

  it('refuses a duplicate name, ignoring case, with 409', async () => {
    const first = await call('POST', '/api/zones', admin, { name: 'Harbour' });
    expect(first.statusCode).toBe(201);
    const again = await call('POST', '/api/zones', admin, { name: 'harbour' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ statusCode: 409, code: 'CONFLICT', message: 'A zone with this name already exists.' });
    const second = await call('POST', '/api/zones', admin, { name: 'Downtown' });
    const clash = await call('PUT', `/api/zones/${second.json().data.id}`, admin, { name: 'HARBOUR' });
    expect(clash.statusCode).toBe(409);
    const recase = await call('PUT', `/api/zones/${first.json().data.id}`, admin, { name: 'HARBOUR' });
    expect(recase.statusCode).toBe(200);
    // Names are per company: another company's "Other North" does not block ours.
    expect((await call('POST', '/api/zones', admin, { name: 'Other North' })).statusCode).toBe(201);
  });

  it("answers 404 for another company's zone exactly as for a missing one", async () => {
    const missing = await call('PUT', `/api/zones/${randomUUID()}`, admin, { name: 'Nope' });
    const foreign = await call('PUT', `/api/zones/${otherZoneId}`, admin, { name: 'Nope' });
    expect(missing.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    expect(missing.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'Zone not found.' });
    const missingDelete = await call('DELETE', `/api/zones/${randomUUID()}`, admin);
    const foreignDelete = await call('DELETE', `/api/zones/${otherZoneId}`, admin);
    expect(foreignDelete.statusCode).toBe(404);
    expect(foreignDelete.json()).toEqual(missingDelete.json());
    expect(await t.db.selectFrom('zones').select('name').where('id', '=', otherZoneId).executeTakeFirstOrThrow()).toEqual({ name: 'Other North' });
  });

  it('deleting a zone in use removes only the links', async () => {
    const zone = await buildZone(t.db, tenantId);
    const sub = await buildSubcontractor(t.db, tenantId);
    const user = await t.db.selectFrom('users').select('id').where('tenant_id', '=', tenantId).executeTakeFirstOrThrow();
    await t.db.insertInto('subcontractor_zones').values({ tenant_id: tenantId, subcontractor_id: sub.id, zone_id: zone.id }).execute();
    await t.db.insertInto('user_zones').values({ tenant_id: tenantId, user_id: user.id, zone_id: zone.id }).execute();
    expect((await call('DELETE', `/api/zones/${zone.id}`, admin)).statusCode).toBe(204);
    expect(await t.db.selectFrom('subcontractor_zones').selectAll().where('zone_id', '=', zone.id).execute()).toEqual([]);
    expect(await t.db.selectFrom('user_zones').selectAll().where('zone_id', '=', zone.id).execute()).toEqual([]);
    expect(await t.db.selectFrom('subcontractors').select('id').where('id', '=', sub.id).executeTakeFirst()).toEqual({ id: sub.id });
  });
});
