import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can } from '@fieldwork/domain/access/roles.rules';
import { buildCustomer, buildTag } from '@fieldwork/testing/factories';
import { createTestApp, ROLE_CASES, type TestApp } from '../../test-support/test-app.ts';

type Method = 'GET' | 'POST' | 'PUT';

let t: TestApp;
let tenantId: string;
let admin: string;
let adminUserId: string;
let otherCustomerId: string;
let otherTagId: string;
let vipTagId: string;
const cookies = new Map<string, string>();

const call = (method: Method, url: string, cookie?: string, payload?: object) => t.call(method, url, cookie, payload);
const minimal = (name: string) => ({ name, customerAddress: [{ addressLine1: '1 Main St', fullAddress: '1 Main St, Springfield' }] });
const listNames = async (query: string): Promise<string[]> => {
  const res = await call('GET', `/api/customers${query}`, admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.map((c: { name: string }) => c.name);
};

beforeAll(async () => {
  t = await createTestApp();
  const company = await t.newCompany();
  tenantId = company.tenantId;
  admin = company.admin.cookie;
  adminUserId = company.admin.user.id;
  const other = await t.newCompany();
  otherCustomerId = (await buildCustomer(t.db, other.tenantId)).id;
  otherTagId = (await buildTag(t.db, other.tenantId, { type: 'ACCOUNT' })).id;
  vipTagId = (await buildTag(t.db, tenantId, { name: 'VIP', type: 'ACCOUNT' })).id;
  for (const c of ROLE_CASES) cookies.set(c.label, (await t.signInAs(tenantId, c.role, c.access)).cookie);
});

afterAll(async () => {
  await t.close();
});

describe('customers: authentication and validation', () => {
  it('answers 401 when signed out', async () => {
    const id = randomUUID();
    expect((await call('GET', '/api/customers')).statusCode).toBe(401);
    expect((await call('POST', '/api/customers', undefined, minimal('A'))).statusCode).toBe(401);
    expect((await call('GET', `/api/customers/${id}`)).statusCode).toBe(401);
    expect((await call('PUT', `/api/customers/${id}`, undefined, { ...minimal('A'), version: 1 })).statusCode).toBe(401);
  });

  it('answers 400 with the field messages', async () => {
    const empty = await call('POST', '/api/customers', admin, { ...minimal(''), email: 'not-an-email' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toEqual(expect.arrayContaining(['Account Name is mandatory.', 'Email must be a valid email address.']));
    const noAddress = await call('POST', '/api/customers', admin, { name: 'A', customerAddress: [] });
    expect(noAddress.json().message).toContain('At least one address is required.');
    const badAddress = await call('POST', '/api/customers', admin, { name: 'A', customerAddress: [{ addressLine1: '', fullAddress: 'x' }] });
    expect(badAddress.json().message).toContain('Address Line is mandatory.');
    const badTag = await call('POST', '/api/customers', admin, { ...minimal('A'), tags: [{ id: 'nope' }] });
    expect(badTag.json().message).toContain('Tag ID must be a valid UUID.');
    const extra = await call('POST', '/api/customers', admin, { ...minimal('A'), balance: 5 });
    expect(extra.statusCode).toBe(400);
    const noVersion = await call('PUT', `/api/customers/${randomUUID()}`, admin, minimal('A'));
    expect(noVersion.json().message).toContain('version must be a number.');
    const badId = await call('GET', '/api/customers/42', admin);
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toContain('Id must be a valid UUID.');
    const badQuery = await call('GET', '/api/customers?orderByKey=email&limit=101', admin);
    expect(badQuery.json().message).toEqual(expect.arrayContaining(['orderByKey must be name or createdAt.', 'limit must be at most 100.']));
  });
});

describe('customers: role matrix', () => {
  it('lets office readers read and office writers write', async () => {
    const seen = new Map<string, number[]>();
    for (const c of ROLE_CASES) {
      const cookie = cookies.get(c.label);
      const read = can(c, 'customers.read') ? 200 : 403;
      const write = can(c, 'customers.write');
      const existing = await buildCustomer(t.db, tenantId);
      const list = await call('GET', '/api/customers', cookie);
      expect(list.statusCode, c.label).toBe(read);
      const one = await call('GET', `/api/customers/${existing.id}`, cookie);
      expect(one.statusCode, c.label).toBe(read);
      const created = await call('POST', '/api/customers', cookie, minimal(`Matrix ${c.label}`));
      expect(created.statusCode, c.label).toBe(write ? 201 : 403);
      const updated = await call('PUT', `/api/customers/${existing.id}`, cookie, { ...minimal(`Edited ${c.label}`), version: 1 });
      expect(updated.statusCode, c.label).toBe(write ? 200 : 403);
      seen.set(c.label, [list.statusCode, one.statusCode, created.statusCode, updated.statusCode]);
    }
    expect(seen.get('Admin')).toEqual([200, 200, 201, 200]);
    expect(seen.get('Staff partialAccess')).toEqual([200, 200, 201, 200]);
    expect(seen.get('Staff onlyViewAccess')).toEqual([200, 200, 403, 403]);
    expect(seen.get('Staff noAccess')).toEqual([403, 403, 403, 403]);
    expect(seen.get('Technician')).toEqual([403, 403, 403, 403]);
    expect(seen.get('SubContractor')).toEqual([403, 403, 403, 403]);
  });
});

describe('customers: create and read', () => {
  it('creates a customer with addresses, contacts and tags and reads it back', async () => {
    const res = await call('POST', '/api/customers', admin, {
      name: '  Acme Plumbing ',
      email: 'Office@Acme.example',
      phone: '+1 (555) 010-2000',
      notes: 'Gate code 1234',
      tags: [{ id: vipTagId }, { id: vipTagId }],
      customerAddress: [
        { addressLine1: '10 First St', buildingUnit: 'Unit 4', fullAddress: '10 First St, Unit 4, Springfield' },
        { id: randomUUID(), addressLine1: '20 Second St', fullAddress: '20 Second St, Springfield' },
      ],
      contacts: [{ name: 'Jo Bloggs', email: 'jo@acme.example', mobileNumber: '555 1234', isBilling: true }, { name: 'Sam Site' }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().data;
    expect(created).toMatchObject({
      name: 'Acme Plumbing',
      email: 'office@acme.example',
      phone: '+1 (555) 010-2000',
      notes: 'Gate code 1234',
      isActive: true,
      version: 1,
      tags: [{ id: vipTagId, name: 'VIP' }],
      customerAddress: [
        { addressLine1: '10 First St', buildingUnit: 'Unit 4', fullAddress: '10 First St, Unit 4, Springfield' },
        { addressLine1: '20 Second St', buildingUnit: null, fullAddress: '20 Second St, Springfield' },
      ],
      contacts: [
        { name: 'Jo Bloggs', email: 'jo@acme.example', mobileNumber: '555 1234', isBilling: true },
        { name: 'Sam Site', email: null, mobileNumber: null, isBilling: false },
      ],
    });
    const read = await call('GET', `/api/customers/${created.id}`, admin);
    expect(read.json()).toEqual({ data: created });
    const row = await t.db.selectFrom('customers').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ tenant_id: tenantId, created_by: adminUserId, is_active: 1, version: 1 });
    const addresses = await t.db
      .selectFrom('customer_addresses')
      .select(['id', 'tenant_id', 'position'])
      .where('customer_id', '=', created.id)
      .orderBy('position')
      .execute();
    expect(addresses.map((a) => a.id)).toEqual(created.customerAddress.map((a: { id: string }) => a.id));
    expect(addresses.every((a) => a.tenant_id === tenantId)).toBe(true);
  });

  it('refuses tags of another company (404, like missing) and SERVICE tags (400)', async () => {
    const foreign = await call('POST', '/api/customers', admin, { ...minimal('Tagged'), tags: [{ id: otherTagId }] });
    const missing = await call('POST', '/api/customers', admin, { ...minimal('Tagged'), tags: [{ id: randomUUID() }] });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'Tag not found.' });
    expect(missing.json()).toEqual(foreign.json());
    const service = await buildTag(t.db, tenantId, { type: 'SERVICE' });
    const wrongType = await call('POST', '/api/customers', admin, { ...minimal('Tagged'), tags: [{ id: service.id }] });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().message).toContain('Only ACCOUNT tags can be added to a customer.');
    expect(await listNames('?search=Tagged')).toEqual([]);
  });

  it("answers 404 for another company's customer exactly as for a missing one", async () => {
    const missing = await call('GET', `/api/customers/${randomUUID()}`, admin);
    const foreign = await call('GET', `/api/customers/${otherCustomerId}`, admin);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'Customer not found.' });
    expect(foreign.json()).toEqual(missing.json());
    const foreignPut = await call('PUT', `/api/customers/${otherCustomerId}`, admin, { ...minimal('Hijack'), version: 1 });
    const missingPut = await call('PUT', `/api/customers/${randomUUID()}`, admin, { ...minimal('Hijack'), version: 1 });
    expect(foreignPut.statusCode).toBe(404);
    expect(foreignPut.json()).toEqual(missingPut.json());
    const row = await t.db.selectFrom('customers').select(['name', 'version']).where('id', '=', otherCustomerId).executeTakeFirstOrThrow();
    expect(row.version).toBe(1);
    expect(row.name).not.toBe('Hijack');
  });
});

describe('customers: list', () => {
  it('searches name, email, phone, contact names and current addresses', async () => {
    const make = (name: string, extra: object) => call('POST', '/api/customers', admin, { ...minimal(name), ...extra });
    await make('Search Name Zanzibar', {});
    await make('Search Email', { email: 'quokka@example.com' });
    await make('Search Phone', { phone: '555-867-5309' });
    await make('Search Contact', { contacts: [{ name: 'Wilhelmina Marsh' }] });
    await make('Search Address', { customerAddress: [{ addressLine1: '77 Quillfeather Rd', fullAddress: '77 Quillfeather Rd, Shelbyville' }] });
    expect(await listNames('?search=zanzibar')).toEqual(['Search Name Zanzibar']);
    expect(await listNames('?search=QUOKKA')).toEqual(['Search Email']);
    expect(await listNames('?search=867-53')).toEqual(['Search Phone']);
    expect(await listNames('?search=wilhelmina')).toEqual(['Search Contact']);
    expect(await listNames('?search=quillfeather')).toEqual(['Search Address']);
    expect(await listNames('?search=100%25')).toEqual([]);
    // Each answer says what matched when it was not the name the list shows.
    const matched = async (q: string) => (await call('GET', `/api/customers${q}`, admin)).json().data.map((c: { matchedOn: string | null }) => c.matchedOn);
    expect(await matched('?search=wilhelmina')).toEqual(['matches contact Wilhelmina Marsh']);
    expect(await matched('?search=QUOKKA')).toEqual(['matches email quokka@example.com']);
    expect(await matched('?search=quillfeather')).toEqual(['matches address 77 Quillfeather Rd, Shelbyville']);
    expect(await matched('?search=zanzibar')).toEqual([undefined]);
  });

  it('filters by status and tags, sorts and pages', async () => {
    const gold = await buildTag(t.db, tenantId, { name: 'Gold', type: 'ACCOUNT' });
    const ids: string[] = [];
    for (const name of ['Page delta', 'Page Alpha', 'Page charlie', 'Page Bravo', 'Page echo']) {
      const res = await call('POST', '/api/customers', admin, { ...minimal(name), tags: name.endsWith('o') ? [{ id: gold.id }] : [] });
      ids.push(res.json().data.id);
    }
    // Distinct creation instants, oldest first in the order created above.
    for (const [i, id] of ids.entries()) {
      await t.db
        .updateTable('customers')
        .set({ created_at: new Date(Date.UTC(2020, 0, 1 + i)).toISOString() })
        .where('id', '=', id)
        .execute();
    }
    expect(await listNames('?search=page&orderByKey=name&orderByValue=asc')).toEqual(['Page Alpha', 'Page Bravo', 'Page charlie', 'Page delta', 'Page echo']);
    expect(await listNames('?search=page&orderByKey=name&orderByValue=desc')).toEqual(['Page echo', 'Page delta', 'Page charlie', 'Page Bravo', 'Page Alpha']);
    expect(await listNames('?search=page')).toEqual(['Page echo', 'Page Bravo', 'Page charlie', 'Page Alpha', 'Page delta']);
    expect(await listNames('?search=page&orderByKey=createdAt&orderByValue=asc')).toEqual([
      'Page delta',
      'Page Alpha',
      'Page charlie',
      'Page Bravo',
      'Page echo',
    ]);

    const page2 = await call('GET', '/api/customers?search=page&orderByKey=name&orderByValue=asc&page=2&limit=2', admin);
    expect(page2.json().pagination).toEqual({ totalItems: 5, totalPages: 3, currentPage: 2, itemsPerPage: 2 });
    expect(page2.json().data.map((c: { name: string }) => c.name)).toEqual(['Page charlie', 'Page delta']);

    expect(await listNames(`?search=page&orderByKey=name&orderByValue=asc&tags=${gold.id}`)).toEqual(['Page Bravo', 'Page echo']);
    expect(await listNames(`?search=page&tags=${gold.id}&tags=${vipTagId}&orderByKey=name&orderByValue=asc`)).toEqual(['Page Bravo', 'Page echo']);

    const bravo = ids[3]!;
    const read = await call('GET', `/api/customers/${bravo}`, admin);
    const { id: _id, createdAt: _c, updatedAt: _u, version, tags, ...rest } = read.json().data;
    const edit = await call('PUT', `/api/customers/${bravo}`, admin, {
      ...rest,
      tags: tags.map((x: { id: string }) => ({ id: x.id })),
      isActive: false,
      version,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await listNames('?search=page&orderByKey=name&orderByValue=asc')).not.toContain('Page Bravo');
    expect(await listNames('?search=page&status=inactive')).toEqual(['Page Bravo']);
    expect(await listNames('?search=page&status=all')).toHaveLength(5);

    const item = (await call('GET', '/api/customers?search=Page%20echo', admin)).json().data[0];
    expect(item).toEqual({
      id: ids[4],
      name: 'Page echo',
      email: null,
      phone: null,
      isActive: true,
      tags: [{ id: gold.id, name: 'Gold' }],
      createdAt: expect.any(String),
      primaryAddress: '1 Main St, Springfield',
      primaryContact: null,
    });
  });

  it("never lists another company's customers", async () => {
    const res = await call('GET', '/api/customers?status=all&limit=100', admin);
    expect(res.json().data.some((c: { id: string }) => c.id === otherCustomerId)).toBe(false);
  });
});
