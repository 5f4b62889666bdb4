import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildTag } from '@fieldwork/testing/factories';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

type Address = { id?: string; addressLine1: string; buildingUnit?: string | null; fullAddress: string };
type Contact = { id?: string; name: string; email?: string | null; mobileNumber?: string | null; isBilling?: boolean };

let t: TestApp;
let tenantId: string;
let admin: string;
let otherTenantId: string;

const put = (id: string, payload: object) => t.app.inject({ method: 'PUT', url: `/api/customers/${id}`, headers: { cookie: admin }, payload });
const get = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/customers/${id}`, headers: { cookie: admin } })).json().data;

async function create(customerAddress: Address[], contacts: Contact[] = []) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/customers',
    headers: { cookie: admin },
    payload: { name: 'Edit Me', customerAddress, contacts },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

beforeAll(async () => {
  t = await createTestApp();
  const company = await t.newCompany();
  tenantId = company.tenantId;
  admin = company.admin.cookie;
  otherTenantId = (await t.newCompany()).tenantId;
});

afterAll(async () => {
  await t.close();
});

describe('customers: update', () => {
  it('keeps address ids stable, adds new ones and archives removed ones', async () => {
    const c = await create([
      { addressLine1: '1 Keep St', fullAddress: '1 Keep St, Town' },
      { addressLine1: '2 Drop St', fullAddress: '2 Drop St, Town' },
    ]);
    const [keep, drop] = c.customerAddress;
    const res = await put(c.id, {
      name: 'Edited',
      version: 1,
      customerAddress: [
        { addressLine1: '3 New St', fullAddress: '3 New St, Town' },
        { id: keep.id, addressLine1: '1 Keep Street', buildingUnit: 'Suite 9', fullAddress: '1 Keep Street, Suite 9, Town' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json().data;
    expect(updated.version).toBe(2);
    expect(updated.name).toBe('Edited');
    expect(updated.customerAddress).toEqual([
      { id: expect.any(String), addressLine1: '3 New St', buildingUnit: null, fullAddress: '3 New St, Town' },
      { id: keep.id, addressLine1: '1 Keep Street', buildingUnit: 'Suite 9', fullAddress: '1 Keep Street, Suite 9, Town' },
    ]);
    expect([keep.id, drop.id]).not.toContain(updated.customerAddress[0].id);
    expect(await get(c.id)).toEqual(updated);

    const dropped = await t.db.selectFrom('customer_addresses').selectAll().where('id', '=', drop.id).executeTakeFirstOrThrow();
    expect(dropped.archived_at).not.toBeNull();
    expect(dropped.full_address).toBe('2 Drop St, Town');
    const kept = await t.db.selectFrom('customer_addresses').selectAll().where('id', '=', keep.id).executeTakeFirstOrThrow();
    expect(kept).toMatchObject({ archived_at: null, position: 1, address_line1: '1 Keep Street' });

    // Sending an archived address back restores it under its old id.
    const restored = await put(c.id, {
      name: 'Edited',
      version: 2,
      customerAddress: [{ id: drop.id, addressLine1: '2 Drop St', fullAddress: '2 Drop St, Town' }],
    });
    expect(restored.json().data.customerAddress.map((a: { id: string }) => a.id)).toEqual([drop.id]);
  });

  it('keeps contact ids stable and archives removed contacts', async () => {
    const c = await create([{ addressLine1: 'A', fullAddress: 'A, Town' }], [{ name: 'Ann', isBilling: true }, { name: 'Bob' }]);
    const [ann, bob] = c.contacts;
    const res = await put(c.id, {
      name: c.name,
      version: 1,
      customerAddress: [{ id: c.customerAddress[0].id, addressLine1: 'A', fullAddress: 'A, Town' }],
      contacts: [
        { id: bob.id, name: 'Bobby', email: 'bob@example.com', isBilling: true },
        { name: 'Cat', mobileNumber: '555 0000' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.contacts).toEqual([
      { id: bob.id, name: 'Bobby', email: 'bob@example.com', mobileNumber: null, isBilling: true, textsOff: null },
      { id: expect.any(String), name: 'Cat', email: null, mobileNumber: '555 0000', isBilling: false, textsOff: null },
    ]);
    const archived = await t.db.selectFrom('customer_contacts').select(['archived_at', 'name']).where('id', '=', ann.id).executeTakeFirstOrThrow();
    expect(archived.name).toBe('Ann');
    expect(archived.archived_at).not.toBeNull();
    const list = await t.app.inject({ method: 'GET', url: '/api/customers?search=ann', headers: { cookie: admin } });
    expect(list.json().data.map((x: { id: string }) => x.id)).not.toContain(c.id);
  });

  it('answers 409 for a stale version and leaves the row alone', async () => {
    const c = await create([{ addressLine1: 'A', fullAddress: 'A, Town' }]);
    const body = { name: 'First Save', version: 1, customerAddress: [{ id: c.customerAddress[0].id, addressLine1: 'A', fullAddress: 'A, Town' }] };
    expect((await put(c.id, body)).statusCode).toBe(200);
    const stale = await put(c.id, { ...body, name: 'Second Save', customerAddress: [{ addressLine1: 'Z', fullAddress: 'Z, Town' }] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE_VERSION');
    const now = await get(c.id);
    expect(now).toMatchObject({ name: 'First Save', version: 2 });
    expect(now.customerAddress.map((a: { id: string }) => a.id)).toEqual([c.customerAddress[0].id]);
  });

  it('lets exactly one of two concurrent saves of the same version win', async () => {
    const c = await create([{ addressLine1: 'A', fullAddress: 'A, Town' }]);
    const body = (name: string) => ({ name, version: 1, customerAddress: [{ addressLine1: name, fullAddress: name }] });
    const results = await Promise.all([put(c.id, body('One')), put(c.id, body('Two'))]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const now = await get(c.id);
    expect(now.version).toBe(2);
    expect(now.customerAddress).toHaveLength(1);
  });

  it("refuses address and contact ids that are not this customer's own", async () => {
    const c = await create([{ addressLine1: 'A', fullAddress: 'A, Town' }]);
    const sibling = await buildCustomer(t.db, tenantId);
    const foreign = await buildCustomer(t.db, otherTenantId);
    const withAddress = (id: string) => put(c.id, { name: 'X', version: 1, customerAddress: [{ id, addressLine1: 'A', fullAddress: 'A' }] });
    const notOwn = await withAddress(sibling.addressId);
    expect(notOwn.statusCode).toBe(404);
    expect(notOwn.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'Address not found.' });
    expect((await withAddress(foreign.addressId)).json()).toEqual(notOwn.json());
    expect((await withAddress(randomUUID())).json()).toEqual(notOwn.json());

    const contact = await put(c.id, {
      name: 'X',
      version: 1,
      customerAddress: [{ addressLine1: 'A', fullAddress: 'A' }],
      contacts: [{ id: foreign.contactId, name: 'Pat' }],
    });
    expect(contact.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'Contact not found.' });

    const address = c.customerAddress[0];
    const twice = await put(c.id, { name: 'X', version: 1, customerAddress: [{ ...address }, { ...address }] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toContain('Each address may appear only once.');
    expect(await get(c.id)).toMatchObject({ name: 'Edit Me', version: 1 });
    const untouched = await t.db.selectFrom('customer_addresses').select('archived_at').where('id', '=', sibling.addressId).executeTakeFirstOrThrow();
    expect(untouched.archived_at).toBeNull();
  });

  it('replaces tags and accepts the read shape back (round trip)', async () => {
    const vip = await buildTag(t.db, tenantId, { name: 'Round VIP', type: 'ACCOUNT' });
    const net = await buildTag(t.db, tenantId, { name: 'Round Net30', type: 'ACCOUNT' });
    const c = await create([{ addressLine1: 'A', fullAddress: 'A, Town' }]);
    const { id, createdAt: _c, updatedAt: _u, tags: _t, ...rest } = c;
    const first = await put(id, { ...rest, tags: [{ id: vip.id }, { id: net.id }] });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.tags).toEqual([
      { id: net.id, name: 'Round Net30' },
      { id: vip.id, name: 'Round VIP' },
    ]);
    const second = await put(id, { ...rest, version: 2, tags: [{ id: vip.id }], notes: '', email: '' });
    expect(second.json().data).toMatchObject({ tags: [{ id: vip.id, name: 'Round VIP' }], notes: null, email: null, version: 3 });
    const links = await t.db.selectFrom('customer_tags').select('tag_id').where('customer_id', '=', id).execute();
    expect(links).toEqual([{ tag_id: vip.id }]);
  });
});
