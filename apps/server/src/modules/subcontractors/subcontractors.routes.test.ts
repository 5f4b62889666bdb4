import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can } from '@fieldwork/domain/access/roles.rules';
import { buildSubcontractor, buildTag, buildUser, buildZone } from '@fieldwork/testing/factories';
import { createTestApp, ROLE_CASES, type TestApp } from '../../test-support/test-app.ts';

type Method = 'GET' | 'POST' | 'PUT';

let t: TestApp;
let tenantId: string;
let otherTenantId: string;
let admin: string;
let otherSubId: string;
const cookies = new Map<string, string>();

const call = (method: Method, url: string, cookie?: string, payload?: object) => t.call(method, url, cookie, payload);
const post = (payload: object) => call('POST', '/api/subcontractors', admin, payload);
const minimal = (name: string) => ({ name, kind: 'COMPANY' });
const subUser = (tenant: string, role: 'SubContractor' | 'Technician' = 'SubContractor') =>
  buildUser(t.db, { tenantId: tenant, role, passwordHash: 'unused', name: `Login ${role}` });
const listNames = async (query: string): Promise<string[]> => {
  const res = await call('GET', `/api/subcontractors${query}`, admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.map((s: { name: string }) => s.name);
};

beforeAll(async () => {
  t = await createTestApp();
  const company = await t.newCompany();
  tenantId = company.tenantId;
  admin = company.admin.cookie;
  otherTenantId = (await t.newCompany()).tenantId;
  otherSubId = (await buildSubcontractor(t.db, otherTenantId)).id;
  for (const c of ROLE_CASES) cookies.set(c.label, (await t.signInAs(tenantId, c.role, c.access)).cookie);
});

afterAll(async () => {
  await t.close();
});

describe('subcontractors: authentication, validation and roles', () => {
  it('answers 401 when signed out', async () => {
    const id = randomUUID();
    expect((await call('GET', '/api/subcontractors')).statusCode).toBe(401);
    expect((await call('POST', '/api/subcontractors', undefined, minimal('A'))).statusCode).toBe(401);
    expect((await call('GET', `/api/subcontractors/${id}`)).statusCode).toBe(401);
    expect((await call('PUT', `/api/subcontractors/${id}`, undefined, { ...minimal('A'), version: 1 })).statusCode).toBe(401);
  });

  it('answers 400 with the field messages', async () => {
    const bad = await post({ name: '', kind: 'ROBOT', zones: [{ id: 'z' }], userId: 'me' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toEqual(
      expect.arrayContaining([
        'Subcontractor Name is mandatory.',
        'Kind must be COMPANY or PERSON.',
        'Zone ID must be a valid UUID.',
        'Linked user must be a valid UUID.',
      ]),
    );
    expect((await post({ ...minimal('A'), rating: 5 })).statusCode).toBe(400);
    const badId = await call('GET', '/api/subcontractors/xyz', admin);
    expect(badId.json().message).toContain('Id must be a valid UUID.');
    const badQuery = await call('GET', '/api/subcontractors?zoneIds=nope', admin);
    expect(badQuery.json().message).toContain('Zone ID must be a valid UUID.');
  });

  it('lets office readers read and office writers write', async () => {
    const seen = new Map<string, number[]>();
    for (const c of ROLE_CASES) {
      const cookie = cookies.get(c.label);
      const read = can(c, 'subcontractors.read') ? 200 : 403;
      const write = can(c, 'subcontractors.write');
      const existing = await buildSubcontractor(t.db, tenantId);
      const list = await call('GET', '/api/subcontractors', cookie);
      expect(list.statusCode, c.label).toBe(read);
      const one = await call('GET', `/api/subcontractors/${existing.id}`, cookie);
      expect(one.statusCode, c.label).toBe(read);
      const created = await call('POST', '/api/subcontractors', cookie, minimal(`Matrix ${c.label}`));
      expect(created.statusCode, c.label).toBe(write ? 201 : 403);
      const updated = await call('PUT', `/api/subcontractors/${existing.id}`, cookie, { ...minimal(`Edited ${c.label}`), version: 1 });
      expect(updated.statusCode, c.label).toBe(write ? 200 : 403);
      seen.set(c.label, [list.statusCode, one.statusCode, created.statusCode, updated.statusCode]);
    }
    expect(seen.get('Admin')).toEqual([200, 200, 201, 200]);
    expect(seen.get('Staff partialAccess')).toEqual([200, 200, 201, 200]);
    expect(seen.get('Staff onlyViewAccess')).toEqual([200, 200, 403, 403]);
    expect(seen.get('SubContractor')).toEqual([403, 403, 403, 403]);
  });
});

describe('subcontractors: create, read and update', () => {
  it('creates with SERVICE tags, zones and a linked login, and reads it back', async () => {
    const tag = await buildTag(t.db, tenantId, { name: 'HVAC', type: 'SERVICE' });
    const zone = await buildZone(t.db, tenantId, 'East');
    const login = await subUser(tenantId);
    const res = await post({
      name: ' Cool Air LLC ',
      kind: 'COMPANY',
      contactName: 'Dana',
      email: 'Dana@CoolAir.example',
      phone: '555 0101',
      tags: [{ id: tag.id }],
      zones: [{ id: zone.id }, { id: zone.id }],
      userId: login.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().data;
    expect(created).toMatchObject({
      name: 'Cool Air LLC',
      kind: 'COMPANY',
      contactName: 'Dana',
      email: 'dana@coolair.example',
      phone: '555 0101',
      isActive: true,
      version: 1,
      tags: [{ id: tag.id, name: 'HVAC' }],
      zones: [{ id: zone.id, name: 'East' }],
      user: { userId: login.id, name: 'Login SubContractor', email: login.email },
    });
    expect((await call('GET', `/api/subcontractors/${created.id}`, admin)).json()).toEqual({ data: created });
    const row = await t.db.selectFrom('subcontractors').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ tenant_id: tenantId, user_id: login.id, contact_name: 'Dana' });

    const edit = await call('PUT', `/api/subcontractors/${created.id}`, admin, {
      name: 'Cool Air',
      kind: 'PERSON',
      contactName: '',
      email: null,
      tags: [],
      zones: [{ id: zone.id }],
      userId: null,
      isActive: false,
      version: 1,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().data).toMatchObject({
      name: 'Cool Air',
      kind: 'PERSON',
      contactName: null,
      email: null,
      tags: [],
      user: null,
      isActive: false,
      version: 2,
    });
    const stale = await call('PUT', `/api/subcontractors/${created.id}`, admin, { ...minimal('Late'), version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE_VERSION');
    expect((await call('GET', `/api/subcontractors/${created.id}`, admin)).json().data.name).toBe('Cool Air');
  });

  it("answers 404 for another company's subcontractor exactly as for a missing one", async () => {
    const missing = await call('GET', `/api/subcontractors/${randomUUID()}`, admin);
    expect(missing.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'Subcontractor not found.' });
    expect((await call('GET', `/api/subcontractors/${otherSubId}`, admin)).json()).toEqual(missing.json());
    const foreignPut = await call('PUT', `/api/subcontractors/${otherSubId}`, admin, { ...minimal('Hijack'), version: 1 });
    expect(foreignPut.statusCode).toBe(404);
    expect(foreignPut.json()).toEqual((await call('PUT', `/api/subcontractors/${randomUUID()}`, admin, { ...minimal('Hijack'), version: 1 })).json());
  });

  it('refuses foreign or wrong-type tags and foreign zones', async () => {
    const foreignTag = await buildTag(t.db, otherTenantId, { type: 'SERVICE' });
    const foreignZone = await buildZone(t.db, otherTenantId);
    const accountTag = await buildTag(t.db, tenantId, { type: 'ACCOUNT' });
    const tagRes = await post({ ...minimal('Refs'), tags: [{ id: foreignTag.id }] });
    expect(tagRes.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'Tag not found.' });
    expect((await post({ ...minimal('Refs'), tags: [{ id: randomUUID() }] })).json()).toEqual(tagRes.json());
    const zoneRes = await post({ ...minimal('Refs'), zones: [{ id: foreignZone.id }] });
    expect(zoneRes.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'Zone not found.' });
    const typeRes = await post({ ...minimal('Refs'), tags: [{ id: accountTag.id }] });
    expect(typeRes.statusCode).toBe(400);
    expect(typeRes.json().message).toContain('Only SERVICE tags can be added to a subcontractor.');
    expect(await listNames('?search=refs&status=all')).toEqual([]);
  });

  it('links only an unlinked SubContractor login of this company', async () => {
    const tech = await subUser(tenantId, 'Technician');
    const wrongRole = await post({ ...minimal('Link'), userId: tech.id });
    expect(wrongRole.statusCode).toBe(400);
    expect(wrongRole.json().message).toContain('Linked user must be a SubContractor login of this company.');
    const foreign = await post({ ...minimal('Link'), userId: (await subUser(otherTenantId)).id });
    expect(foreign.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'User not found.' });
    expect((await post({ ...minimal('Link'), userId: randomUUID() })).json()).toEqual(foreign.json());

    const login = await subUser(tenantId);
    const first = await post({ ...minimal('Link One'), userId: login.id });
    expect(first.statusCode).toBe(201);
    const taken = await post({ ...minimal('Link Two'), userId: login.id });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ statusCode: 409, code: 'CONFLICT', message: 'This login is already linked to another subcontractor.' });
    const keep = await call('PUT', `/api/subcontractors/${first.json().data.id}`, admin, { ...minimal('Link One'), userId: login.id, version: 1 });
    expect(keep.statusCode).toBe(200);
    expect(await listNames('?search=link&status=all')).toEqual(['Link One']);
  });

  it('lets exactly one of two concurrent links of the same login win', async () => {
    const login = await subUser(tenantId);
    const results = await Promise.all([post({ ...minimal('Race A'), userId: login.id }), post({ ...minimal('Race B'), userId: login.id })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const rows = await t.db.selectFrom('subcontractors').select('id').where('user_id', '=', login.id).execute();
    expect(rows).toHaveLength(1);
  });
});

describe('subcontractors: list', () => {
  it('searches, filters by tags, zones and status, sorts and pages', async () => {
    const roof = await buildTag(t.db, tenantId, { name: 'Roofing', type: 'SERVICE' });
    const north = await buildZone(t.db, tenantId, 'List North');
    const specs = [
      { name: 'List delta', contactName: 'Quinn' },
      { name: 'List Alpha', tags: [{ id: roof.id }] },
      { name: 'List charlie', zones: [{ id: north.id }], email: 'charlie@sub.example' },
      { name: 'List Bravo', tags: [{ id: roof.id }], zones: [{ id: north.id }], phone: '555-777-1212' },
    ];
    const ids: string[] = [];
    for (const spec of specs) ids.push((await post({ kind: 'PERSON', ...spec })).json().data.id);
    for (const [i, id] of ids.entries()) {
      await t.db
        .updateTable('subcontractors')
        .set({ created_at: new Date(Date.UTC(2021, 0, 1 + i)).toISOString() })
        .where('id', '=', id)
        .execute();
    }
    expect(await listNames('?search=list')).toEqual(['List Alpha', 'List Bravo', 'List charlie', 'List delta']);
    expect(await listNames('?search=list&orderByValue=desc')).toEqual(['List delta', 'List charlie', 'List Bravo', 'List Alpha']);
    expect(await listNames('?search=list&orderByKey=createdAt&orderByValue=desc')).toEqual(['List Bravo', 'List charlie', 'List Alpha', 'List delta']);
    expect(await listNames('?search=quinn')).toEqual(['List delta']);
    expect(await listNames('?search=CHARLIE@SUB')).toEqual(['List charlie']);
    expect(await listNames('?search=777-12')).toEqual(['List Bravo']);
    expect(await listNames(`?tagIds=${roof.id}`)).toEqual(['List Alpha', 'List Bravo']);
    expect(await listNames(`?zoneIds=${north.id}`)).toEqual(['List Bravo', 'List charlie']);
    expect(await listNames(`?tagIds=${roof.id}&zoneIds=${north.id}`)).toEqual(['List Bravo']);

    const page = await call('GET', '/api/subcontractors?search=list&page=2&limit=3', admin);
    expect(page.json().pagination).toEqual({ totalItems: 4, totalPages: 2, currentPage: 2, itemsPerPage: 3 });
    expect(page.json().data.map((s: { name: string }) => s.name)).toEqual(['List delta']);

    await t.db.updateTable('subcontractors').set({ is_active: 0 }).where('id', '=', ids[0]!).execute();
    expect(await listNames('?search=list&status=inactive')).toEqual(['List delta']);
    expect(await listNames('?search=list')).not.toContain('List delta');
    expect(await listNames('?search=list&status=all')).toHaveLength(4);
    const all = await call('GET', '/api/subcontractors?status=all&limit=100', admin);
    expect(all.json().data.some((s: { id: string }) => s.id === otherSubId)).toBe(false);
  });
});
