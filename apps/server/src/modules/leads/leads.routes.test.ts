import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can } from '@fieldwork/domain/access/roles.rules';
import { buildCustomer } from '@fieldwork/testing/factories';
import { createTestApp, ROLE_CASES, type Session, type TestApp } from '../../test-support/test-app.ts';
import { insertTestJob } from '../notes/test-jobs.fixture.ts';

let t: TestApp;
let tenantId: string;
let admin: Session;

const call = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, ...(cookie ? { headers: { cookie } } : {}), ...(payload ? { payload } : {}) });
const create = (cookie: string, customerId: string, extra: object = {}) => call('POST', '/api/leads', cookie, { customerId, source: 'PHONE', ...extra });

beforeAll(async () => {
  t = await createTestApp();
  ({ tenantId, admin } = await t.newCompany());
});
afterAll(async () => t.close());

describe('leads: authentication and validation', () => {
  it('answers 401 when signed out', async () => {
    expect((await call('GET', '/api/leads')).statusCode).toBe(401);
    expect((await call('POST', '/api/leads', undefined, { customerId: randomUUID(), source: 'PHONE' })).statusCode).toBe(401);
    expect((await call('GET', `/api/leads/${randomUUID()}`)).statusCode).toBe(401);
  });

  it('answers 400 with the field messages', async () => {
    const bad = await call('POST', '/api/leads', admin.cookie, { customerId: 'x', source: 'FAX', status: 'WON', notes: 'n'.repeat(2001) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toEqual(
      expect.arrayContaining([
        'Account Name must be a valid UUID.',
        'Source must be one of: WEBSITE, REFERRAL, PHONE, AI_RECEPTIONIST, WALK_IN, OTHER.',
        'Status must be one of: NEW, CONTACTED, QUALIFIED, CONVERTED, LOST.',
        'Notes must be less than or equal to 2000 characters.',
      ]),
    );
    expect((await call('POST', '/api/leads', admin.cookie, { customerId: randomUUID(), source: 'PHONE', leadNumber: 7 })).statusCode).toBe(400);
    expect((await call('GET', '/api/leads?orderByValue=up&limit=0', admin.cookie)).json().message).toEqual(
      expect.arrayContaining(['orderByValue must be asc or desc.', 'limit must be at least 1.']),
    );
    expect((await call('GET', '/api/leads/7', admin.cookie)).json().message).toEqual(['Id must be a valid UUID.']);
  });
});

describe('leads: role matrix', () => {
  it('lets office readers read and office writers create', async () => {
    const { tenantId: tid } = await t.newCompany();
    const customer = await buildCustomer(t.db, tid);
    const seen: number[][] = [];
    for (const c of ROLE_CASES) {
      const { cookie } = await t.signInAs(tid, c.role, c.access);
      const created = await create(cookie, customer.id);
      expect(created.statusCode, c.label).toBe(can(c, 'leads.write') ? 201 : 403);
      const list = await call('GET', '/api/leads', cookie);
      expect(list.statusCode, c.label).toBe(can(c, 'leads.read') ? 200 : 403);
      seen.push([created.statusCode, list.statusCode]);
    }
    expect(seen).toEqual([
      [201, 200],
      [201, 200],
      [201, 200],
      [403, 200],
      [403, 403],
      [403, 403],
      [403, 403],
    ]);
  });
});

describe('leads: create, read, list', () => {
  it('numbers leads from 1 per company and reads them back with the newest job made from them', async () => {
    const { tenantId: tid, admin: a } = await t.newCompany();
    const customer = await buildCustomer(t.db, tid, { name: 'Harbor Bakery' });
    const res = await create(a.cookie, customer.id, { notes: '  Wants a quote for ovens  ' });
    expect(res.statusCode, res.body).toBe(201);
    const lead = res.json().data;
    expect(lead).toMatchObject({
      leadNumber: 1,
      customer: { id: customer.id, name: 'Harbor Bakery' },
      status: 'NEW',
      source: 'PHONE',
      notes: 'Wants a quote for ovens',
      job: null,
    });
    const row = await t.db.selectFrom('crm_leads').selectAll().where('id', '=', lead.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ tenant_id: tid, lead_number: 1, customer_id: customer.id, created_by: a.user.id });
    expect((await create(a.cookie, customer.id, { status: 'QUALIFIED' })).json().data.leadNumber).toBe(2);

    await insertTestJob(t.db, tid, { customer, crmLeadId: lead.id, createdAt: '2024-01-01T00:00:00.000Z' });
    const newest = await insertTestJob(t.db, tid, { customer, crmLeadId: lead.id, createdAt: '2025-01-01T00:00:00.000Z' });
    const one = await call('GET', `/api/leads/${lead.id}`, a.cookie);
    expect(one.json().data).toEqual({ ...lead, job: { id: newest.id, jobNumber: newest.jobNumber } });
  });

  it('lists with paging, search by number or customer name, status and customer filters, and order', async () => {
    const { tenantId: tid, admin: a } = await t.newCompany();
    const bakery = await buildCustomer(t.db, tid, { name: 'Harbor Bakery' });
    const garage = await buildCustomer(t.db, tid, { name: 'Hilltop Garage' });
    for (let i = 0; i < 12; i++) await create(a.cookie, i % 2 ? garage.id : bakery.id, { status: i === 11 ? 'LOST' : 'NEW' });
    const numbers = async (query: string) => {
      const res = await call('GET', `/api/leads${query}`, a.cookie);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.map((l: { leadNumber: number }) => l.leadNumber);
    };
    const page = await call('GET', '/api/leads?page=2&limit=5', a.cookie);
    expect(page.json().pagination).toEqual({ totalItems: 12, totalPages: 3, currentPage: 2, itemsPerPage: 5 });
    expect(page.json().data.map((l: { leadNumber: number }) => l.leadNumber)).toEqual([7, 6, 5, 4, 3]);
    expect(await numbers('?orderByValue=asc&limit=3')).toEqual([1, 2, 3]);
    expect(await numbers('?search=11')).toEqual([11]);
    expect(await numbers('?search=%231')).toEqual([12, 11, 10, 1]);
    expect(await numbers('?search=garage&limit=100')).toEqual([12, 10, 8, 6, 4, 2]);
    expect(await numbers('?search=HARBOR&status=LOST')).toEqual([]);
    expect(await numbers('?status=LOST')).toEqual([12]);
    expect(await numbers(`?customerId=${bakery.id}&limit=100`)).toEqual([11, 9, 7, 5, 3, 1]);
    expect(await numbers('?search=100%25')).toEqual([]);
  });

  it('gives parallel creates distinct numbers', async () => {
    const { tenantId: tid, admin: a } = await t.newCompany();
    const customer = await buildCustomer(t.db, tid);
    const results = await Promise.all(Array.from({ length: 10 }, () => create(a.cookie, customer.id)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    expect(results.map((r) => r.json().data.leadNumber).sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
});

describe('leads: another company', () => {
  it('answers 404 like a missing id for its customers and leads, and creates nothing', async () => {
    const other = await t.newCompany();
    const theirCustomer = await buildCustomer(t.db, other.tenantId);
    const theirLead = (await create(other.admin.cookie, theirCustomer.id)).json().data;
    const foreign = await create(admin.cookie, theirCustomer.id);
    const missing = await create(admin.cookie, randomUUID());
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'Customer not found.' });
    expect(foreign.body).toBe(missing.body);
    const read = await call('GET', `/api/leads/${theirLead.id}`, admin.cookie);
    expect(read.statusCode).toBe(404);
    expect(read.body).toBe((await call('GET', `/api/leads/${randomUUID()}`, admin.cookie)).body);
    expect((await call('GET', `/api/leads?customerId=${theirCustomer.id}`, admin.cookie)).json().data).toEqual([]);
    expect(await t.db.selectFrom('crm_leads').select('id').where('tenant_id', '=', tenantId).execute()).toEqual([]);
    expect(await t.db.selectFrom('crm_leads').select('id').where('tenant_id', '=', other.tenantId).execute()).toEqual([{ id: theirLead.id }]);
  });
});
