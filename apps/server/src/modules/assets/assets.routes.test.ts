import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildJob, buildTask } from '@fieldwork/testing/factories';
import { createTestApp, type Session, type TestApp } from '../../test-support/test-app.ts';

let t: TestApp;
let tenantId: string;
let admin: Session;
let customer: { id: string; name: string; addressId: string };
/** A second site of the same customer. */
let cabinId: string;
const ZONE = 'Pacific/Auckland';

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
const shiftDay = (day: string, years: number, days = 0) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y + years, m - 1, d + days)).toISOString().slice(0, 10);
};
const create = (cookie: string, o: object = {}) =>
  t.call('POST', '/api/assets', cookie, { customerId: customer.id, addressId: customer.addressId, type: 'HVAC', ...o });

beforeAll(async () => {
  t = await createTestApp();
  ({ tenantId, admin } = await t.newCompany());
  await t.db.updateTable('tenants').set({ time_zone: ZONE }).where('id', '=', tenantId).execute();
  customer = await buildCustomer(t.db, tenantId, { name: 'Harbour Dental' });
  cabinId = randomUUID();
  await t.db
    .insertInto('customer_addresses')
    .values({
      id: cabinId,
      tenant_id: tenantId,
      customer_id: customer.id,
      address_line1: '9 Lake Rd',
      building_unit: 'Cabin',
      full_address: '9 Lake Rd, Taupo',
      position: 1,
      archived_at: null,
    })
    .execute();
});
afterAll(async () => t.close());

describe('assets: create, edit, delete', () => {
  it('answers 401 signed out and 400 with the field messages', async () => {
    expect((await t.call('GET', `/api/assets?customerId=${customer.id}`)).statusCode).toBe(401);
    expect((await t.call('POST', '/api/assets', undefined, { customerId: customer.id, addressId: customer.addressId, type: 'HVAC' })).statusCode).toBe(401);
    const res = await t.call('POST', '/api/assets', admin.cookie, {
      customerId: 'x',
      addressId: '',
      type: 'ROBOT',
      installDate: '2020-02-30',
      make: 'm'.repeat(101),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(
      expect.arrayContaining([
        'Customer must be a valid UUID.',
        'Site Address must be a valid UUID.',
        'Type must be one of: HVAC, WATER_HEATER, BOILER, ELECTRICAL_PANEL, PLUMBING, APPLIANCE, OTHER.',
        'Install Date must be a date (YYYY-MM-DD).',
        'Make must be less than or equal to 100 characters.',
      ]),
    );
    const future = await create(admin.cookie, { installDate: shiftDay(today(), 0, 1) });
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toEqual(['Install Date cannot be in the future.']);
    expect((await create(admin.cookie, { installDate: today() })).statusCode).toBe(201);
    const other = await buildCustomer(t.db, tenantId);
    const wrongSite = await create(admin.cookie, { addressId: other.addressId });
    expect(wrongSite.statusCode).toBe(400);
    expect(wrongSite.json().message).toEqual(['Site Address must be one of the customer’s addresses.']);
  });

  it('creates, lists by customer, site and job, edits with the version and deletes', async () => {
    const res = await create(admin.cookie, {
      type: 'WATER_HEATER',
      make: 'Rheem',
      model: 'Pro 50',
      serial: 'RH-123',
      installDate: shiftDay(today(), -7),
      notes: 'Garage',
    });
    expect(res.statusCode, res.body).toBe(201);
    const asset = res.json().data;
    expect(asset).toMatchObject({
      customerId: customer.id,
      customerName: 'Harbour Dental',
      addressId: customer.addressId,
      siteAddress: '1 Main St, Springfield',
      type: 'WATER_HEATER',
      make: 'Rheem',
      ageYears: 7,
      ageBand: 'FROM_5_TO_10',
      version: 1,
    });
    const cabin = (await create(admin.cookie, { addressId: cabinId, type: 'BOILER' })).json().data;
    expect(cabin).toMatchObject({ siteAddress: 'Cabin, 9 Lake Rd, Taupo', installDate: null, ageYears: null, ageBand: 'UNKNOWN' });
    const ids = async (q: string) => (await t.call('GET', `/api/assets?${q}`, admin.cookie)).json().data.map((a: { id: string }) => a.id);
    expect(await ids(`customerId=${customer.id}`)).toEqual(expect.arrayContaining([asset.id, cabin.id]));
    expect(await ids(`addressId=${cabinId}`)).toEqual([cabin.id]);
    const job = await buildJob(t.db, tenantId, { customer: { id: customer.id, addressId: cabinId } });
    expect(await ids(`jobId=${job.id}`)).toEqual([cabin.id]);
    expect(await ids(`customerId=${customer.id}&type=BOILER`)).toEqual([cabin.id]);

    const edit = (version: number) =>
      t.call('PUT', `/api/assets/${asset.id}`, admin.cookie, {
        customerId: customer.id,
        addressId: customer.addressId,
        type: 'WATER_HEATER',
        make: 'Rheem',
        model: 'Pro 60',
        installDate: null,
        version,
      });
    const saved = await edit(1);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ model: 'Pro 60', serial: null, installDate: null, version: 2 });
    const stale = await edit(1);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE_VERSION');
    expect((await t.call('DELETE', `/api/assets/${asset.id}`, admin.cookie)).statusCode).toBe(204);
    expect((await t.call('DELETE', `/api/assets/${asset.id}`, admin.cookie)).statusCode).toBe(404);
  });

  it("treats another company's customer, site, job and asset as missing", async () => {
    const other = await t.newCompany();
    const theirs = await buildCustomer(t.db, other.tenantId);
    const foreign = await t.call('POST', '/api/assets', admin.cookie, { customerId: theirs.id, addressId: theirs.addressId, type: 'HVAC' });
    const missing = await t.call('POST', '/api/assets', admin.cookie, { customerId: randomUUID(), addressId: theirs.addressId, type: 'HVAC' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(missing.body);
    const mineWithTheirSite = await create(admin.cookie, { addressId: theirs.addressId });
    expect(mineWithTheirSite.statusCode).toBe(404);
    const theirAsset = (await t.call('POST', '/api/assets', other.admin.cookie, { customerId: theirs.id, addressId: theirs.addressId, type: 'HVAC' })).json()
      .data.id;
    const put = (id: string) =>
      t.call('PUT', `/api/assets/${id}`, admin.cookie, { customerId: customer.id, addressId: customer.addressId, type: 'OTHER', version: 1 });
    expect((await put(theirAsset)).body).toBe((await put(randomUUID())).body);
    expect((await put(theirAsset)).statusCode).toBe(404);
    const theirJob = await buildJob(t.db, other.tenantId, { customer: theirs });
    const byJob = await t.call('GET', `/api/assets?jobId=${theirJob.id}`, admin.cookie);
    expect(byJob.statusCode).toBe(404);
    expect(byJob.body).toBe((await t.call('GET', `/api/assets?jobId=${randomUUID()}`, admin.cookie)).body);
    expect((await t.call('GET', `/api/assets?customerId=${theirs.id}`, admin.cookie)).json().data).toEqual([]);
  });
});

describe('assets: who reads them', () => {
  it('lets a technician read the equipment at the sites of their own tasks, nothing else', async () => {
    const tech = await t.signInAs(tenantId, 'Technician');
    const site = await buildCustomer(t.db, tenantId);
    const job = await buildJob(t.db, tenantId, { customer: site });
    const asset = (await t.call('POST', '/api/assets', admin.cookie, { customerId: site.id, addressId: site.addressId, type: 'ELECTRICAL_PANEL' })).json().data;
    const elsewhere = await buildJob(t.db, tenantId);
    // No task yet: the site is not theirs.
    expect((await t.call('GET', `/api/assets?jobId=${job.id}`, tech.cookie)).statusCode).toBe(404);
    await buildTask(t.db, tenantId, { jobId: job.id, technicianId: tech.user.id });
    const byJob = await t.call('GET', `/api/assets?jobId=${job.id}`, tech.cookie);
    expect(byJob.statusCode, byJob.body).toBe(200);
    expect(byJob.json().data.map((a: { id: string }) => a.id)).toEqual([asset.id]);
    expect((await t.call('GET', `/api/assets?addressId=${site.addressId}`, tech.cookie)).statusCode).toBe(200);
    expect((await t.call('GET', `/api/assets?jobId=${elsewhere.id}`, tech.cookie)).statusCode).toBe(404);
    expect((await t.call('GET', `/api/assets?customerId=${site.id}`, tech.cookie)).statusCode).toBe(403);
    expect((await t.call('GET', '/api/assets', tech.cookie)).statusCode).toBe(403);
    expect((await t.call('POST', '/api/assets', tech.cookie, { customerId: site.id, addressId: site.addressId, type: 'HVAC' })).statusCode).toBe(403);
    expect((await t.call('DELETE', `/api/assets/${asset.id}`, tech.cookie)).statusCode).toBe(403);
    // A cancelled task no longer opens the site.
    const other = await t.signInAs(tenantId, 'Technician');
    await buildTask(t.db, tenantId, { jobId: job.id, technicianId: other.user.id, lifecycle: 'CANCELLED' });
    expect((await t.call('GET', `/api/assets?jobId=${job.id}`, other.cookie)).statusCode).toBe(404);
  });

  it('refuses subcontractor logins and no-access staff; view-only staff read but do not write', async () => {
    for (const [role, access] of [
      ['SubContractor', 'noAccess'],
      ['Staff', 'noAccess'],
    ] as const) {
      const s = await t.signInAs(tenantId, role, access);
      expect((await t.call('GET', `/api/assets?customerId=${customer.id}`, s.cookie)).statusCode, role).toBe(403);
    }
    const viewer = await t.signInAs(tenantId, 'Staff', 'onlyViewAccess');
    expect((await t.call('GET', `/api/assets?customerId=${customer.id}`, viewer.cookie)).statusCode).toBe(200);
    expect((await create(viewer.cookie)).statusCode).toBe(403);
  });
});

describe('GET /api/dashboard/asset-distribution', () => {
  it('bands ages around each boundary in the company today', async () => {
    const company = await t.newCompany();
    await t.db.updateTable('tenants').set({ time_zone: ZONE }).where('id', '=', company.tenantId).execute();
    const c = await buildCustomer(t.db, company.tenantId);
    const d = today();
    const installs: [string, string | null][] = [
      ['HVAC', shiftDay(d, -5)], // exactly 5 years: 5–10y
      ['HVAC', shiftDay(d, -5, 1)], // a day short of 5: <5y
      ['BOILER', shiftDay(d, -10)], // 10–15y
      ['BOILER', shiftDay(d, -10, 1)], // 5–10y
      ['WATER_HEATER', shiftDay(d, -15)], // 15y+
      ['WATER_HEATER', shiftDay(d, -15, 1)], // 10–15y
      ['APPLIANCE', d], // <5y
      ['OTHER', null], // unknown
    ];
    for (const [type, installDate] of installs) {
      const res = await t.call('POST', '/api/assets', company.admin.cookie, { customerId: c.id, addressId: c.addressId, type, installDate });
      expect(res.statusCode, res.body).toBe(201);
    }
    const res = await t.call('GET', '/api/dashboard/asset-distribution', company.admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.today).toBe(d);
    expect(body.total).toBe(8);
    expect(body.byAgeBand).toEqual({ UNDER_5: 2, FROM_5_TO_10: 2, FROM_10_TO_15: 2, OVER_15: 1, UNKNOWN: 1 });
    const row = (type: string) => body.byType.find((r: { type: string }) => r.type === type);
    expect(row('HVAC')).toEqual({ type: 'HVAC', total: 2, bands: { UNDER_5: 1, FROM_5_TO_10: 1, FROM_10_TO_15: 0, OVER_15: 0, UNKNOWN: 0 } });
    expect(row('BOILER').bands).toMatchObject({ FROM_5_TO_10: 1, FROM_10_TO_15: 1 });
    expect(row('WATER_HEATER').bands).toMatchObject({ FROM_10_TO_15: 1, OVER_15: 1 });
    expect(row('PLUMBING')).toEqual({ type: 'PLUMBING', total: 0, bands: { UNDER_5: 0, FROM_5_TO_10: 0, FROM_10_TO_15: 0, OVER_15: 0, UNKNOWN: 0 } });
    expect(body.byType.map((r: { type: string }) => r.type)).toEqual(['HVAC', 'WATER_HEATER', 'BOILER', 'ELECTRICAL_PANEL', 'PLUMBING', 'APPLIANCE', 'OTHER']);
  });
});
