import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can } from '@fieldwork/domain/access/roles.rules';
import { buildCustomer } from '@fieldwork/testing/factories';
import { createTestApp, ROLE_CASES, type TestApp } from '../../test-support/test-app.ts';

type Method = 'GET' | 'POST';
type Item = { id: string; name: string; fullAddress: string; kind: string };

let t: TestApp;
let tenantId: string;
let admin: string;
let otherTenantId: string;
const cookies = new Map<string, string>();

const call = (method: Method, url: string, cookie?: string, payload?: object) => t.call(method, url, cookie, payload);
const items = async (query: string): Promise<Item[]> => {
  const res = await call('GET', `/api/location${query}`, admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.items;
};
const insertLocation = (tenant: string, name: string, fullAddress: string, kind: string) =>
  t.db
    .insertInto('locations')
    .values({ id: randomUUID(), tenant_id: tenant, name, full_address: fullAddress, kind, created_at: new Date().toISOString() })
    .execute();

beforeAll(async () => {
  t = await createTestApp();
  const company = await t.newCompany();
  tenantId = company.tenantId;
  admin = company.admin.cookie;
  otherTenantId = (await t.newCompany()).tenantId;
  for (const c of ROLE_CASES) cookies.set(c.label, (await t.signInAs(tenantId, c.role, c.access)).cookie);
});

afterAll(async () => {
  await t.close();
});

describe('locations: authentication and validation', () => {
  it('answers 401 when signed out', async () => {
    expect((await call('GET', '/api/location')).statusCode).toBe(401);
    expect((await call('POST', '/api/location', undefined, { name: 'Depot', fullAddress: '1 Road', kind: 'SUPPLIER' })).statusCode).toBe(401);
  });

  it('answers 400 with the field message', async () => {
    const empty = await call('POST', '/api/location', admin, { name: '', fullAddress: '1 Road', kind: 'SUPPLIER' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('Location Name is mandatory.');
    const noAddress = await call('POST', '/api/location', admin, { name: 'Depot', fullAddress: ' ', kind: 'USER' });
    expect(noAddress.json().message).toContain('Full Address is mandatory.');
    const site = await call('POST', '/api/location', admin, { name: 'Depot', fullAddress: '1 Road', kind: 'SITE' });
    expect(site.json().message).toContain('Location kind must be SUPPLIER or USER.');
    const flag = await call('GET', '/api/location?isSupplierLocation=yes', admin);
    expect(flag.statusCode).toBe(400);
    const unknown = await call('GET', '/api/location?kind=SUPPLIER', admin);
    expect(unknown.statusCode).toBe(400);
  });
});

describe('locations: role matrix', () => {
  it('lets every role search and only admins save', async () => {
    const seen = new Map<string, number[]>();
    for (const c of ROLE_CASES) {
      const read = await call('GET', '/api/location?search=x', cookies.get(c.label));
      expect(read.statusCode, c.label).toBe(can(c, 'lookups.read') ? 200 : 403);
      const created = await call('POST', '/api/location', cookies.get(c.label), { name: `Matrix ${c.label}`, fullAddress: '9 Matrix Way', kind: 'USER' });
      expect(created.statusCode, c.label).toBe(can(c, 'settings.manage') ? 201 : 403);
      seen.set(c.label, [read.statusCode, created.statusCode]);
    }
    expect(seen.get('Admin')).toEqual([200, 201]);
    expect(seen.get('Staff partialAccess')).toEqual([200, 403]);
    expect(seen.get('Technician')).toEqual([200, 403]);
  });
});

describe('locations: behaviour', () => {
  it('saves a location and reads it back', async () => {
    const res = await call('POST', '/api/location', admin, { name: 'Supply Depot', fullAddress: '12 Depot Rd, Springfield', kind: 'SUPPLIER' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toEqual({ id: expect.any(String), name: 'Supply Depot', fullAddress: '12 Depot Rd, Springfield', kind: 'SUPPLIER' });
    const row = await t.db.selectFrom('locations').selectAll().where('id', '=', res.json().data.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ tenant_id: tenantId, name: 'Supply Depot', full_address: '12 Depot Rd, Springfield', kind: 'SUPPLIER' });
  });

  it('picks by kind flag, or offers customer sites and all locations without one', async () => {
    const active = await buildCustomer(t.db, tenantId, { name: 'Kind Acme' });
    const archivedId = randomUUID();
    await t.db
      .insertInto('customer_addresses')
      .values({
        id: archivedId,
        tenant_id: tenantId,
        customer_id: active.id,
        address_line1: 'Old',
        building_unit: null,
        full_address: 'Kind Old Address',
        position: 1,
        archived_at: new Date().toISOString(),
      })
      .execute();
    const inactive = await buildCustomer(t.db, tenantId, { name: 'Kind Dormant' });
    await t.db.updateTable('customers').set({ is_active: 0 }).where('id', '=', inactive.id).execute();
    await buildCustomer(t.db, otherTenantId, { name: 'Kind Foreign' });
    await insertLocation(tenantId, 'Kind Supplier', '5 Supply St', 'SUPPLIER');
    await insertLocation(tenantId, 'kind user home', '7 Home Ave', 'USER');
    await insertLocation(otherTenantId, 'Kind Other Supplier', '1 Elsewhere', 'SUPPLIER');

    const supplier = await items('?search=kind&isSupplierLocation=true');
    expect(supplier.map((i) => [i.name, i.kind])).toEqual([['Kind Supplier', 'SUPPLIER']]);
    const user = await items('?search=kind&isUserLocation=true&isSupplierLocation=false');
    expect(user.map((i) => [i.name, i.kind])).toEqual([['kind user home', 'USER']]);
    const both = await items('?search=kind&isUserLocation=true&isSupplierLocation=true');
    expect(both.map((i) => i.kind).sort()).toEqual(['SUPPLIER', 'USER']);

    const all = await items('?search=kind');
    expect(all.map((i) => [i.name, i.kind])).toEqual([
      ['Kind Acme', 'SITE'],
      ['Kind Supplier', 'SUPPLIER'],
      ['kind user home', 'USER'],
    ]);
    expect(all[0]).toEqual({ id: active.addressId, name: 'Kind Acme', fullAddress: '1 Main St, Springfield', kind: 'SITE' });
  });

  it('searches name or address, ignoring case', async () => {
    await insertLocation(tenantId, 'Lumber Yard', '88 Birchwood Lane', 'SUPPLIER');
    expect((await items('?search=BIRCHWOOD')).map((i) => i.name)).toEqual(['Lumber Yard']);
    expect((await items('?search=lumber%20y')).map((i) => i.name)).toEqual(['Lumber Yard']);
    expect(await items('?search=no-such-place')).toEqual([]);
  });

  it('answers at most 50 items', async () => {
    await t.db
      .insertInto('locations')
      .values(
        Array.from({ length: 60 }, (_, i) => ({
          id: randomUUID(),
          tenant_id: tenantId,
          name: `Bulk ${String(i).padStart(2, '0')}`,
          full_address: `${i} Bulk Rd`,
          kind: 'USER',
          created_at: new Date().toISOString(),
        })),
      )
      .execute();
    const bulk = await items('?search=bulk&isUserLocation=true');
    expect(bulk).toHaveLength(50);
    expect(bulk[0]!.name).toBe('Bulk 00');
    expect(bulk[49]!.name).toBe('Bulk 49');
    expect(await items('')).toHaveLength(50);
  });
});
