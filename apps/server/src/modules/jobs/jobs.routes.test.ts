import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { can } from '@fieldwork/domain/access/roles.rules';
import { buildCustomer, buildTag, buildZone } from '@fieldwork/testing/factories';
import { createTestApp, ROLE_CASES, type Session, type TestApp } from '../../test-support/test-app.ts';

let t: TestApp;
let tenantId: string;
let admin: Session;
let customer: Awaited<ReturnType<typeof buildCustomer>>;
beforeAll(async () => {
  t = await createTestApp();
  ({ tenantId, admin } = await t.newCompany());
  customer = await buildCustomer(t.db, tenantId, { name: 'Acme Plaza' });
});
afterAll(async () => t.close());

const post = (s: Session, payload: unknown) => t.app.inject({ method: 'POST', url: '/api/jobs', headers: { cookie: s.cookie }, payload: payload as object });
const get = (s: Session, url: string) => t.app.inject({ url, headers: { cookie: s.cookie } });
const validJob = (over: Record<string, unknown> = {}) => ({ customerId: customer.id, siteAddressId: customer.addressId, name: 'Boiler service', ...over });

describe('create job', () => {
  it("answers the spec's messages word for word", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: undefined }, 'Job Name is mandatory.'],
      [{ name: '   ' }, 'Job Name is mandatory.'],
      [{ name: 'x'.repeat(51) }, 'Job Name must be less than or equal to 50 characters.'],
      [{ name: 42 }, 'Job Name must be a string.'],
      [{ customerId: 'nope' }, 'Account Name must be a valid UUID.'],
      [{ siteAddressId: undefined }, 'Site Address must be a valid UUID.'],
      [{ tags: 'HVAC' }, 'Tags must be an array.'],
      [{ tags: [{ id: 'x' }] }, 'Tag ID must be a valid UUID.'],
    ];
    for (const [over, message] of cases) {
      const res = await post(admin, validJob(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().message, JSON.stringify(over)).toContain(message);
    }
  });

  it('refuses references of another company or another customer with 400, never 500', async () => {
    const other = await t.newCompany();
    const foreignCustomer = await buildCustomer(t.db, other.tenantId);
    const otherCustomer = await buildCustomer(t.db, tenantId);
    const foreignTag = await buildTag(t.db, other.tenantId);
    const asMissing = await post(admin, validJob({ customerId: randomUUID(), siteAddressId: randomUUID() }));
    const asForeign = await post(admin, validJob({ customerId: foreignCustomer.id, siteAddressId: foreignCustomer.addressId }));
    expect(asForeign.statusCode).toBe(400);
    expect(asForeign.body).toBe(asMissing.body);
    const wrongAddress = await post(admin, validJob({ siteAddressId: otherCustomer.addressId }));
    expect(wrongAddress.statusCode).toBe(400);
    expect(wrongAddress.json().message).toEqual(['Site Address must be an address of the selected customer.']);
    const refs = await post(admin, validJob({ tags: [{ id: foreignTag.id }], jobLeadId: other.admin.user.id, siteContactId: otherCustomer.contactId }));
    expect(refs.statusCode).toBe(400);
    expect(refs.json().message).toEqual(
      expect.arrayContaining([
        'Tag ID must be a service tag of your company.',
        'Job Lead must be an active user of your company.',
        'Site Contact must be a contact of the selected customer.',
      ]),
    );
    expect(await t.db.selectFrom('jobs').select('id').where('tenant_id', '=', tenantId).where('name', '=', 'Boiler service').execute()).toHaveLength(0);
  });

  it('creates a job with references, tags and zones, numbered per company, with an activity entry', async () => {
    const tag = await buildTag(t.db, tenantId, { name: 'Boilers' });
    const zone = await buildZone(t.db, tenantId, 'Harbor');
    const res = await post(
      admin,
      validJob({
        name: 'Full job',
        description: 'Annual service',
        siteContactId: customer.contactId,
        requesterId: customer.contactId,
        jobLeadId: admin.user.id,
        salesManagerId: admin.user.id,
        tags: [{ id: tag.id }],
        zones: [{ id: zone.id }],
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const { id, jobNumber } = res.json().data;
    expect(jobNumber).toBeGreaterThanOrEqual(1001);
    const job = (await get(admin, `/api/jobs/${id}`)).json().data;
    expect(job).toMatchObject({
      jobNumber,
      name: 'Full job',
      description: 'Annual service',
      status: 'OPEN',
      customer: { id: customer.id, name: 'Acme Plaza' },
      siteAddress: { id: customer.addressId, fullAddress: '1 Main St, Springfield' },
      siteContact: { id: customer.contactId, name: 'Pat Contact' },
      requester: { id: customer.contactId },
      jobLead: { userId: admin.user.id },
      salesManager: { userId: admin.user.id },
      jobTags: [{ id: tag.id, name: 'Boilers' }],
      jobZones: [{ id: zone.id, name: 'Harbor' }],
      paidAmount: 0,
      totalCost: 0,
      openBalance: 0,
      openEstimates: 0,
      dueInvoicesAmount: 0,
      counts: { tasks: 0, estimates: 0, invoices: 0, costs: 0, notes: 0, media: 0 },
      createdBy: { userId: admin.user.id },
      actions: { edit: true, addNote: true },
      version: 1,
    });
    const log = (await get(admin, `/api/jobs/${id}/activities`)).json().data;
    expect(log.items).toHaveLength(1);
    expect(log.items[0]).toMatchObject({ action: 'JOB_CREATED', message: `Created job #${jobNumber}`, createdBy: { userId: admin.user.id } });
    expect(log.items[0].meta).toEqual(expect.arrayContaining([{ field: 'Job Name', oldValue: null, newValue: 'Full job' }]));
  });

  it('gives parallel creates distinct consecutive numbers', async () => {
    const { tenantId: tid, admin: a } = await t.newCompany();
    const c = await buildCustomer(t.db, tid);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => post(a, { customerId: c.id, siteAddressId: c.addressId, name: `Parallel ${i}` })));
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const numbers = results.map((r) => r.json().data.jobNumber).sort((x, y) => x - y);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => 1001 + i));
  });
});

describe('role matrix', () => {
  for (const rc of ROLE_CASES) {
    it(rc.label, async () => {
      const s = await t.signInAs(tenantId, rc.role, rc.access);
      const read = can({ role: rc.role, access: rc.access }, 'jobs.read');
      const write = can({ role: rc.role, access: rc.access }, 'jobs.write');
      expect((await get(s, '/api/jobs')).statusCode).toBe(read ? 200 : 403);
      expect((await get(s, '/api/jobs/summary')).statusCode).toBe(read ? 200 : 403);
      expect((await post(s, validJob({ name: `By ${rc.label}` }))).statusCode).toBe(write ? 201 : 403);
    });
  }
  it('technicians, subcontractors and no-access staff are refused; view-only reads but cannot create', async () => {
    for (const [role, access] of [
      ['Technician', 'noAccess'],
      ['SubContractor', 'noAccess'],
      ['Staff', 'noAccess'],
    ] as const) {
      expect((await get(await t.signInAs(tenantId, role, access), '/api/jobs')).statusCode).toBe(403);
    }
    const viewer = await t.signInAs(tenantId, 'Staff', 'onlyViewAccess');
    expect((await get(viewer, '/api/jobs')).statusCode).toBe(200);
    expect((await post(viewer, validJob())).statusCode).toBe(403);
    expect((await get(viewer, '/api/jobs')).json().data[0].actions).toEqual({ edit: false, addNote: false });
    expect((await t.app.inject({ url: '/api/jobs' })).statusCode).toBe(401);
  });
});

describe('edit job', () => {
  it('saves with the loaded version, logs field-level changes, and refuses a stale version', async () => {
    const { id } = (await post(admin, validJob({ name: 'Before', description: 'Old words' }))).json().data;
    const ok = await t.app.inject({
      method: 'PUT',
      url: `/api/jobs/${id}`,
      headers: { cookie: admin.cookie },
      payload: { siteAddressId: customer.addressId, name: 'After', description: 'New words', version: 1 },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ name: 'After', description: 'New words', version: 2 });
    const stale = await t.app.inject({
      method: 'PUT',
      url: `/api/jobs/${id}`,
      headers: { cookie: admin.cookie },
      payload: { siteAddressId: customer.addressId, name: 'Lost', version: 1 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE_VERSION');
    const log = (await get(admin, `/api/jobs/${id}/activities`)).json().data.items;
    expect(log[0]).toMatchObject({ action: 'JOB_UPDATED' });
    expect(log[0].meta).toEqual([
      { field: 'Job Name', oldValue: 'Before', newValue: 'After' },
      { field: 'Description', oldValue: 'Old words', newValue: 'New words' },
    ]);
  });

  it('refuses to edit a closed or cancelled job', async () => {
    const { id } = (await post(admin, validJob({ name: 'Closing' }))).json().data;
    await t.db.updateTable('jobs').set({ status: 'CLOSED' }).where('id', '=', id).execute();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/jobs/${id}`,
      headers: { cookie: admin.cookie },
      payload: { siteAddressId: customer.addressId, name: 'Nope', version: 1 },
    });
    expect(res.statusCode).toBe(409);
    expect((await get(admin, `/api/jobs/${id}`)).json().data).toMatchObject({ name: 'Closing', actions: { edit: false, addNote: false } });
  });
});

describe('job list', () => {
  it('filters by status, zone and tag, searches job numbers by prefix, sorts and pages', async () => {
    const { tenantId: tid, admin: a } = await t.newCompany();
    const c = await buildCustomer(t.db, tid, { name: 'Listy' });
    const zone = await buildZone(t.db, tid);
    const tag = await buildTag(t.db, tid);
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await post(a, {
        customerId: c.id,
        siteAddressId: c.addressId,
        name: `Job ${i}`,
        ...(i % 3 === 0 ? { zones: [{ id: zone.id }] } : {}),
        ...(i % 4 === 0 ? { tags: [{ id: tag.id }] } : {}),
      });
      ids.push(res.json().data.id);
    }
    // A minute apart, as an office creates them: two posts in one millisecond would tie on created_at, and a tie
    // is ordered by id, not by creation.
    for (const [i, id] of ids.entries())
      await t.db
        .updateTable('jobs')
        .set({ created_at: new Date(Date.UTC(2026, 0, 5, 9, i)).toISOString() })
        .where('id', '=', id)
        .execute();
    await t.db.updateTable('jobs').set({ status: 'CLOSED', paid_cents: 12345 }).where('id', '=', ids[1]!).execute();
    await t.db.updateTable('jobs').set({ paid_cents: 99 }).where('id', '=', ids[2]!).execute();
    const list = async (qs: string) => (await get(a, `/api/jobs?${qs}`)).json();

    const page1 = await list('limit=10');
    expect(page1.pagination).toEqual({ totalItems: 12, totalPages: 2, currentPage: 1, itemsPerPage: 10 });
    expect(page1.data[0].name).toBe('Job 11');
    expect((await list('page=2&limit=10')).data).toHaveLength(2);
    expect((await list('status[]=CLOSED')).data.map((j: { id: string }) => j.id)).toEqual([ids[1]]);
    expect((await list(`jobZoneIds[]=${zone.id}`)).pagination.totalItems).toBe(4);
    expect((await list(`jobTagIds=${tag.id}`)).pagination.totalItems).toBe(3);
    expect((await list('orderByKey=paidAmount&orderByValue=desc')).data.slice(0, 2).map((j: { paidAmount: number }) => j.paidAmount)).toEqual([123.45, 0.99]);
    const byNumber = (await list('orderByKey=jobNumber&orderByValue=asc&limit=100')).data.map((j: { jobNumber: number }) => j.jobNumber);
    expect(byNumber).toEqual([...byNumber].sort((x, y) => x - y));
    expect((await list('search=1003')).data.map((j: { name: string }) => j.name)).toEqual(['Job 2']);
    expect((await list('search=%23101')).pagination.totalItems).toBe(3); // 1010, 1011, 1012
    expect((await list('search=banana')).data).toEqual([]);
    const summary = (await get(a, '/api/jobs/summary')).json().data;
    expect(summary).toMatchObject({ openJobs: 11, closedJobs: 1 });
  });

  it('answers 400 for bad list queries', async () => {
    const res = await get(admin, '/api/jobs?orderByKey=name&status=DONE&limit=1000');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(
      expect.arrayContaining(['orderByKey is not a sortable column.', 'status must be OPEN, CLOSED or CANCELLED.', 'limit must be at most 100.']),
    );
  });
});

describe('list totals', () => {
  it('agree with a full count for every filter shape, also after status changes and deletes made in the database', async () => {
    const { tenantId: tid, admin: a } = await t.newCompany();
    const c = await buildCustomer(t.db, tid);
    const [z1, z2] = [await buildZone(t.db, tid), await buildZone(t.db, tid)];
    const [g1, g2] = [await buildTag(t.db, tid), await buildTag(t.db, tid)];
    const ids: string[] = [];
    for (let i = 0; i < 16; i++) {
      const zones = [z1, z2].filter((_, k) => (i >> k) & 1).map((z) => ({ id: z.id }));
      const tags = [g1, g2].filter((_, k) => (i >> (k + 2)) & 1).map((g) => ({ id: g.id }));
      ids.push((await post(a, { customerId: c.id, siteAddressId: c.addressId, name: `T${i}`, zones, tags })).json().data.id);
    }
    await t.db.updateTable('jobs').set({ status: 'CLOSED' }).where('id', 'in', ids.slice(0, 5)).execute();
    await t.db.updateTable('jobs').set({ status: 'CANCELLED' }).where('id', 'in', ids.slice(5, 7)).execute();
    await t.db.deleteFrom('jobs').where('id', '=', ids[15]!).execute();

    const jobs = await t.db.selectFrom('jobs').select(['id', 'status']).where('tenant_id', '=', tid).execute();
    const zoneLinks = await t.db.selectFrom('job_zones').select(['job_id', 'zone_id', 'status']).where('tenant_id', '=', tid).execute();
    const tagLinks = await t.db.selectFrom('job_tags').select(['job_id', 'tag_id', 'status']).where('tenant_id', '=', tid).execute();
    const statusOf = new Map(jobs.map((j) => [j.id, j.status]));
    for (const link of [...zoneLinks, ...tagLinks]) expect(link.status).toBe(statusOf.get(link.job_id));

    const expected = (f: { status?: string[]; zones?: string[]; tags?: string[] }) =>
      jobs.filter(
        (j) =>
          (!f.status || f.status.includes(j.status)) &&
          (!f.zones || zoneLinks.some((l) => l.job_id === j.id && f.zones!.includes(l.zone_id))) &&
          (!f.tags || tagLinks.some((l) => l.job_id === j.id && f.tags!.includes(l.tag_id))),
      ).length;
    const cases: { status?: string[]; zones?: string[]; tags?: string[] }[] = [
      {},
      { status: ['OPEN'] },
      { status: ['CLOSED', 'CANCELLED'] },
      { zones: [z1.id] },
      { zones: [z1.id, z2.id] },
      { zones: [z2.id], status: ['OPEN'] },
      { tags: [g1.id] },
      { tags: [g1.id, g2.id], status: ['CLOSED'] },
      { zones: [z1.id], tags: [g2.id] },
      { zones: [z1.id, z2.id], tags: [g1.id], status: ['OPEN'] },
    ];
    for (const f of cases) {
      const qs = [
        ...(f.status ?? []).map((s) => `status[]=${s}`),
        ...(f.zones ?? []).map((z) => `jobZoneIds[]=${z}`),
        ...(f.tags ?? []).map((g) => `jobTagIds[]=${g}`),
      ].join('&');
      const res = (await get(a, `/api/jobs?limit=100&${qs}`)).json();
      expect(res.pagination.totalItems, JSON.stringify(f)).toBe(expected(f));
      expect(res.data.length, JSON.stringify(f)).toBe(expected(f));
    }
    const summary = (await get(a, '/api/jobs/summary')).json().data;
    expect(summary).toMatchObject({ openJobs: jobs.filter((j) => j.status === 'OPEN').length, closedJobs: 5 });
  });
});
