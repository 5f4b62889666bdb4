import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can } from '@fieldwork/domain/access/roles.rules';
import { buildCustomer, buildTag } from '@fieldwork/testing/factories';
import { createTestApp, ROLE_CASES, type TestApp } from '../../test-support/test-app.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

let t: TestApp;
let tenantId: string;
let admin: string;
let otherTagId: string;
const cookies = new Map<string, string>();

const call = (method: Method, url: string, cookie?: string, payload?: object) => t.call(method, url, cookie, payload);
const names = (res: { json: () => { data: { items: { name: string }[] } } }) => res.json().data.items.map((i) => i.name);

beforeAll(async () => {
  t = await createTestApp();
  const company = await t.newCompany();
  tenantId = company.tenantId;
  admin = company.admin.cookie;
  const other = await t.newCompany();
  otherTagId = (await buildTag(t.db, other.tenantId, { name: 'Plumbing', type: 'SERVICE' })).id;
  for (const c of ROLE_CASES) cookies.set(c.label, (await t.signInAs(tenantId, c.role, c.access)).cookie);
});

afterAll(async () => {
  await t.close();
});

describe('tags: authentication and validation', () => {
  it('answers 401 when signed out', async () => {
    const id = randomUUID();
    const cases = [
      ['GET', '/api/tags/filter-list'],
      ['POST', '/api/tags'],
      ['PUT', `/api/tags/${id}`],
      ['DELETE', `/api/tags/${id}`],
    ] as const;
    for (const [method, url] of cases) {
      const res = await call(method, url, undefined, method === 'POST' ? { name: 'A', type: 'SERVICE' } : method === 'PUT' ? { name: 'A' } : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('answers 400 with the field message', async () => {
    const empty = await call('POST', '/api/tags', admin, { name: '', type: 'SERVICE' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('Tag Name is mandatory.');
    const badType = await call('POST', '/api/tags', admin, { name: 'Roofing', type: 'OTHER' });
    expect(badType.json().message).toContain('Tag type must be SERVICE or ACCOUNT.');
    // The type of a tag is fixed once created.
    const retype = await call('PUT', `/api/tags/${randomUUID()}`, admin, { name: 'Roofing', type: 'ACCOUNT' });
    expect(retype.statusCode).toBe(400);
    const badId = await call('PUT', '/api/tags/abc', admin, { name: 'Roofing' });
    expect(badId.json().message).toContain('Id must be a valid UUID.');
    const badQuery = await call('GET', '/api/tags/filter-list?type=BOTH', admin);
    expect(badQuery.statusCode).toBe(400);
    expect(badQuery.json().message).toContain('type must be SERVICE or ACCOUNT.');
  });
});

describe('tags: role matrix', () => {
  it('lets every role read and only admins manage', async () => {
    const seen = new Map<string, number[]>();
    for (const c of ROLE_CASES) {
      const cookie = cookies.get(c.label);
      const list = await call('GET', '/api/tags/filter-list?type=ACCOUNT', cookie);
      expect(list.statusCode, c.label).toBe(can(c, 'lookups.read') ? 200 : 403);
      const manage = can(c, 'settings.manage');
      const created = await call('POST', '/api/tags', cookie, { name: `Matrix ${c.label}`, type: 'SERVICE' });
      expect(created.statusCode, c.label).toBe(manage ? 201 : 403);
      const tag = await buildTag(t.db, tenantId);
      const renamed = await call('PUT', `/api/tags/${tag.id}`, cookie, { name: `Renamed ${c.label}` });
      expect(renamed.statusCode, c.label).toBe(manage ? 200 : 403);
      const deleted = await call('DELETE', `/api/tags/${tag.id}`, cookie);
      expect(deleted.statusCode, c.label).toBe(manage ? 204 : 403);
      seen.set(c.label, [list.statusCode, created.statusCode, renamed.statusCode, deleted.statusCode]);
    }
    expect(seen.get('Admin')).toEqual([200, 201, 200, 204]);
    expect(seen.get('Staff onlyViewAccess')).toEqual([200, 403, 403, 403]);
    expect(seen.get('SubContractor')).toEqual([200, 403, 403, 403]);
  });
});

describe('tags: behaviour', () => {
  it('creates tags of each type and filters by type and name', async () => {
    for (const [name, type] of [
      ['Pipes', 'SERVICE'],
      ['electrical', 'SERVICE'],
      ['VIP', 'ACCOUNT'],
      ['Pipes', 'ACCOUNT'],
    ] as const) {
      const res = await call('POST', '/api/tags', admin, { name, type });
      expect(res.statusCode, `${name} ${type}`).toBe(201);
      expect(res.json().data).toMatchObject({ name, type });
    }
    const service = await call('GET', '/api/tags/filter-list?type=SERVICE&search=', admin);
    expect(names(service)).toEqual(expect.arrayContaining(['electrical', 'Pipes']));
    expect(names(service)).not.toContain('VIP');
    expect(names(service)).not.toContain('Plumbing');
    const sorted = names(service).filter((n) => n === 'electrical' || n === 'Pipes');
    expect(sorted).toEqual(['electrical', 'Pipes']);

    const byDefault = await call('GET', '/api/tags/filter-list', admin);
    expect(byDefault.json().data.items.every((i: { type: string }) => i.type === 'SERVICE')).toBe(true);

    const account = await call('GET', '/api/tags/filter-list?type=ACCOUNT&search=pIp', admin);
    expect(account.json().data.items).toEqual([expect.objectContaining({ name: 'Pipes', type: 'ACCOUNT' })]);
    const wildcard = await call('GET', '/api/tags/filter-list?type=SERVICE&search=%25', admin);
    expect(names(wildcard)).toEqual([]);
  });

  it('refuses a duplicate name within one type, ignoring case', async () => {
    const first = await call('POST', '/api/tags', admin, { name: 'Gold', type: 'ACCOUNT' });
    expect(first.statusCode).toBe(201);
    const dup = await call('POST', '/api/tags', admin, { name: 'GOLD', type: 'ACCOUNT' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ statusCode: 409, code: 'CONFLICT', message: 'A tag with this name already exists.' });
    expect((await call('POST', '/api/tags', admin, { name: 'Gold', type: 'SERVICE' })).statusCode).toBe(201);
    const silver = await call('POST', '/api/tags', admin, { name: 'Silver', type: 'ACCOUNT' });
    expect((await call('PUT', `/api/tags/${silver.json().data.id}`, admin, { name: 'gold' })).statusCode).toBe(409);
    const renamed = await call('PUT', `/api/tags/${silver.json().data.id}`, admin, { name: 'Platinum' });
    expect(renamed.json().data).toMatchObject({ id: silver.json().data.id, name: 'Platinum', type: 'ACCOUNT' });
    const row = await t.db.selectFrom('tags').select(['name', 'type']).where('id', '=', silver.json().data.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ name: 'Platinum', type: 'ACCOUNT' });
  });

  it("answers 404 for another company's tag exactly as for a missing one", async () => {
    const missing = await call('PUT', `/api/tags/${randomUUID()}`, admin, { name: 'X' });
    const foreign = await call('PUT', `/api/tags/${otherTagId}`, admin, { name: 'X' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'Tag not found.' });
    expect(foreign.json()).toEqual(missing.json());
    const foreignDelete = await call('DELETE', `/api/tags/${otherTagId}`, admin);
    expect(foreignDelete.statusCode).toBe(404);
    expect(foreignDelete.json()).toEqual((await call('DELETE', `/api/tags/${randomUUID()}`, admin)).json());
    expect(await t.db.selectFrom('tags').select('name').where('id', '=', otherTagId).executeTakeFirstOrThrow()).toEqual({ name: 'Plumbing' });
  });

  it('deleting a tag in use removes only the links', async () => {
    const tag = await buildTag(t.db, tenantId, { type: 'ACCOUNT' });
    const customer = await buildCustomer(t.db, tenantId);
    await t.db.insertInto('customer_tags').values({ tenant_id: tenantId, customer_id: customer.id, tag_id: tag.id }).execute();
    expect((await call('DELETE', `/api/tags/${tag.id}`, admin)).statusCode).toBe(204);
    expect(await t.db.selectFrom('customer_tags').selectAll().where('tag_id', '=', tag.id).execute()).toEqual([]);
    expect(await t.db.selectFrom('customers').select('id').where('id', '=', customer.id).executeTakeFirst()).toEqual({ id: customer.id });
  });
});
