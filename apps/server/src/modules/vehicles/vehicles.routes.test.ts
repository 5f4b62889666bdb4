import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { VEHICLE_MESSAGES } from '@fieldwork/domain/company/vehicles.schemas';
import { buildJob } from '@fieldwork/testing/factories';
import { createTestApp, type Session, type TestApp } from '../../test-support/test-app.ts';
import { person, todayTask, vin } from '../clock/clock.fixture.ts';

let t: TestApp;
let tenantId: string;
let admin: Session;
beforeAll(async () => {
  t = await createTestApp();
  ({ tenantId, admin } = await t.newCompany());
});
afterAll(async () => t.close());

const create = (s: Session | undefined, payload: object) => t.call('POST', '/api/vehicles', s?.cookie, payload);
const van = (n: number, o: object = {}) => ({ name: `Van ${n}`, vin: vin(n), state: 'NY', plate: `FW-${n}`, hourlyCost: 25.5, mileCost: 0.65, ...o });

describe('vehicles CRUD', () => {
  it('creates with the VIN upper-cased, reads, edits at the version loaded and refuses a stale one', async () => {
    const res = await create(admin, van(1, { vin: vin(1).toLowerCase() }));
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().data;
    expect(created).toMatchObject({ name: 'Van 1', vin: vin(1), state: 'NY', plate: 'FW-1', isActive: true, hourlyCost: 25.5, mileCost: 0.65, version: 1 });
    expect(await t.db.selectFrom('vehicles').select(['hourly_cost_cents', 'mile_cost_cents']).where('id', '=', created.id).executeTakeFirstOrThrow()).toEqual({
      hourly_cost_cents: 2550,
      mile_cost_cents: 65,
    });
    expect((await t.call('GET', `/api/vehicles/${created.id}`, admin.cookie)).json().data).toEqual(created);
    const put = await t.call('PUT', `/api/vehicles/${created.id}`, admin.cookie, { ...van(1), name: 'Van One', isActive: false, version: 1 });
    expect(put.json().data).toMatchObject({ name: 'Van One', isActive: false, version: 2 });
    const stale = await t.call('PUT', `/api/vehicles/${created.id}`, admin.cookie, { ...van(1), version: 1 });
    expect(stale.json()).toMatchObject({ statusCode: 409, code: 'STALE_VERSION' });
  });

  it('validates the VIN (17 characters, no I, O or Q), the name and the rates; a VIN is unique in the company', async () => {
    for (const bad of ['1HGCM82633A00000', '1HGCM82633A0000001', '1HGCM82633A00000I', '1HGCM82633A00000O', '1HGCM82633A00000Q', '1HGCM82633A0000-1', '']) {
      const res = await create(admin, van(2, { vin: bad }));
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toContain(VEHICLE_MESSAGES.vinInvalid);
    }
    expect((await create(admin, van(2, { name: ' ' }))).json().message).toContain('Vehicle Name is mandatory.');
    expect((await create(admin, van(2, { hourlyCost: -1 }))).statusCode).toBe(400);
    expect((await create(admin, van(2, { mileCost: 0.001 }))).statusCode).toBe(400);
    expect((await create(admin, van(2, { hourlyCost: 1e9 }))).statusCode).toBe(400);
    expect((await create(admin, { ...van(2), extra: true })).statusCode).toBe(400);
    expect((await create(admin, van(2))).statusCode).toBe(201);
    expect((await create(admin, van(2, { vin: ` ${vin(2).toLowerCase()} ` }))).json()).toEqual({
      statusCode: 409,
      code: 'CONFLICT',
      message: VEHICLE_MESSAGES.vinTaken,
    });
    const other = await t.newCompany();
    expect((await create(other.admin, van(2))).statusCode).toBe(201);
  });

  it('deletes an unused vehicle; one used on a work period is kept with a clear message', async () => {
    const unused = (await create(admin, van(3))).json().data;
    expect((await t.call('DELETE', `/api/vehicles/${unused.id}`, admin.cookie)).statusCode).toBe(204);
    expect((await t.call('GET', `/api/vehicles/${unused.id}`, admin.cookie)).statusCode).toBe(404);
    const used = (await create(admin, van(4))).json().data;
    const tech = await person(t, tenantId, 'Technician', 'Tom Tech');
    const job = await buildJob(t.db, tenantId);
    const task = await todayTask(t, tenantId, job.id, tech.user.id);
    expect((await t.call('POST', '/api/tasks/clock-in', tech.cookie, { taskId: task.id, jobId: job.id, vehicleId: used.id })).statusCode).toBe(200);
    const refused = await t.call('DELETE', `/api/vehicles/${used.id}`, admin.cookie);
    expect(refused.json()).toEqual({ statusCode: 409, code: 'CONFLICT', message: VEHICLE_MESSAGES.inUse });
    expect((await t.call('GET', `/api/vehicles/${used.id}`, admin.cookie)).statusCode).toBe(200);
  });

  it('reads for office and technicians, writes for office writers only; other companies see 404', async () => {
    const v = (await create(admin, van(5))).json().data;
    const tech = await t.signInAs(tenantId, 'Technician');
    const viewOnly = await t.signInAs(tenantId, 'Staff', 'onlyViewAccess');
    const partial = await t.signInAs(tenantId, 'Staff', 'partialAccess');
    const sub = await t.signInAs(tenantId, 'SubContractor');
    expect((await t.call('GET', '/api/vehicles/active', tech.cookie)).statusCode).toBe(200);
    expect((await t.call('GET', `/api/vehicles/${v.id}`, viewOnly.cookie)).statusCode).toBe(200);
    expect((await t.call('GET', '/api/vehicles', sub.cookie)).statusCode).toBe(403);
    expect((await t.call('GET', '/api/vehicles')).statusCode).toBe(401);
    expect((await create(tech, van(6))).statusCode).toBe(403);
    expect((await create(viewOnly, van(6))).statusCode).toBe(403);
    expect((await create(partial, van(6))).statusCode).toBe(201);
    expect((await t.call('DELETE', `/api/vehicles/${v.id}`, tech.cookie)).statusCode).toBe(403);
    const other = await t.newCompany();
    const foreign = await t.call('GET', `/api/vehicles/${v.id}`, other.admin.cookie);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe((await t.call('GET', `/api/vehicles/${randomUUID()}`, other.admin.cookie)).body);
    expect((await t.call('GET', `/api/vehicles/cost?vin=${v.vin}`, other.admin.cookie)).statusCode).toBe(404);
  });
});

describe('vehicle lists and cost', () => {
  it('pages 5 by default, searches by name, VIN or plate, filters by status, orders; the active list is for the dropdown', async () => {
    const company = await t.newCompany();
    const names = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot', 'Golf'];
    for (const [i, name] of names.entries()) {
      await create(company.admin, { name, vin: vin(100 + i), plate: `PL-${i}`, isActive: name !== 'Golf' });
    }
    const list = (q: string) => t.call('GET', `/api/vehicles${q}`, company.admin.cookie).then((r) => r.json());
    const first = await list('');
    expect(first.pagination).toEqual({ totalItems: 7, totalPages: 2, currentPage: 1, itemsPerPage: 5 });
    expect(first.data).toHaveLength(5);
    expect((await list('?orderByKey=name&orderByValue=asc&page=2')).data.map((v: { name: string }) => v.name)).toEqual(['Foxtrot', 'Golf']);
    expect((await list('?searchText=ALP')).data.map((v: { name: string }) => v.name)).toEqual(['Alpha']);
    expect((await list(`?searchBy=vin&searchText=${vin(103).slice(-4)}`)).data.map((v: { name: string }) => v.name)).toEqual(['Delta']);
    expect((await list('?searchBy=plate&searchText=pl-4')).data.map((v: { name: string }) => v.name)).toEqual(['Echo']);
    expect((await list('?status=INACTIVE')).data.map((v: { name: string }) => v.name)).toEqual(['Golf']);
    expect((await list('?isActive=ACTIVE&limit=100')).pagination.totalItems).toBe(6);
    const active = await t.call('GET', '/api/vehicles/active', company.admin.cookie);
    expect(active.json().data.map((v: { name: string }) => v.name)).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot']);
    expect(active.json().pagination).toMatchObject({ currentPage: 1, itemsPerPage: 100 });
    for (const bad of ['?status=active', '?searchBy=owner', '?limit=101', '?orderByKey=x'])
      expect((await t.call('GET', `/api/vehicles${bad}`, company.admin.cookie)).statusCode, bad).toBe(400);
  });

  it('answers the rates by VIN and state', async () => {
    const v = (await create(admin, van(7, { state: 'NJ', hourlyCost: 30, mileCost: 0.7 }))).json().data;
    const cost = await t.call('GET', `/api/vehicles/cost?vin=${v.vin.toLowerCase()}&state=nj`, admin.cookie);
    expect(cost.json()).toEqual({ data: { vehicleId: v.id, vin: v.vin, state: 'NJ', hourlyCost: 30, mileCost: 0.7 } });
    expect((await t.call('GET', `/api/vehicles/cost?vin=${v.vin}&state=NY`, admin.cookie)).json()).toMatchObject({
      statusCode: 404,
      message: VEHICLE_MESSAGES.notFound,
    });
    expect((await t.call('GET', '/api/vehicles/cost?vin=short', admin.cookie)).statusCode).toBe(400);
  });
});
