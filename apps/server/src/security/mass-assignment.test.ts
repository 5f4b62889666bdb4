import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { buildCustomer, buildSubcontractor, buildTask, buildUser } from '@fieldwork/testing/factories';
import { estimateBody, invoiceBody, line } from '../modules/billing/billing.fixture.ts';
import { timeline } from '../modules/task-core/tasks.fixture.ts';
import { createTestApp, testPasswordHash, type Session, type TestApp } from '../test-support/test-app.ts';
import type { RouteIds } from './route-request-bodies.ts';
import { planBody, ROUTE_REQUESTS } from './route-requests.ts';
import { jsonBodyOf, mutatingRoutes, tenantSnapshot, writeRequest } from './write-requests.fixture.ts';

/**
 * Mass assignment: every write route with a JSON body is sent, on top of a valid body, each field the server
 * owns. Strict schemas refuse an unknown key with a 400 naming it; where a schema does take the key it is the
 * route's own input (listed below with the reason), and the targeted cases check through the database that the
 * server-owned facts behind it (link, totals, version, assignee, role) did not move.
 */
let t: TestApp;
let a: { tenantId: string; admin: Session };
let b: { tenantId: string; admin: Session };
let other: Session;

const CANARY_CENTS = 98765432;
const PROTECTED = (): Record<string, unknown> => ({
  tenantId: b.tenantId,
  tenant_id: b.tenantId,
  id: randomUUID(),
  createdBy: other.user.id,
  created_by: other.user.id,
  createdAt: '2001-01-01T00:00:00.000Z',
  created_at: '2001-01-01T00:00:00.000Z',
  updatedAt: '2001-01-01T00:00:00.000Z',
  deletedAt: '2001-01-01T00:00:00.000Z',
  status: 'PAID',
  total: CANARY_CENTS / 100,
  subTotal: CANARY_CENTS / 100,
  totalAmount: CANARY_CENTS / 100,
  amount: CANARY_CENTS / 100,
  balance: CANARY_CENTS / 100,
  paid: true,
  paidAmount: CANARY_CENTS / 100,
  amountPaid: CANARY_CENTS / 100,
  number: 987654,
  jobNumber: 987654,
  taskNumber: 987654,
  estimateNumber: 987654,
  invoiceNumber: 987654,
  jobId: randomUUID(),
  role: 'Admin',
  access: 'fullAccess',
  assignedTechnicianId: other.user.id,
  userId: other.user.id,
  version: 987654,
});

/**
 * (route, field) pairs where the field is the route's own input, with the reason. Everything else must be
 * refused; a schema that starts accepting one of these keys elsewhere fails the suite until it is judged here.
 */
const ASSIGNING = "assigning is what the route does, for office writers only (a technician's attempt is checked below)";
const OWN_INPUT: Record<string, Record<string, string>> = {
  'POST /api/user/invitation': { access: "the invitation sets the invitee's role and access level (admins only)" },
  'POST /api/subcontractors': { userId: 'links a SubContractor login of the same company (the service checks it)' },
  'PUT /api/subcontractors/:id': { userId: 'links a SubContractor login of the same company (the service checks it)' },
  'POST /api/leads': { status: "the office chooses a new lead's pipeline stage" },
  'POST /api/tasks': { assignedTechnicianId: ASSIGNING },
  'PUT /api/tasks/:id': { assignedTechnicianId: ASSIGNING },
  'PATCH /api/tasks/:id': { assignedTechnicianId: ASSIGNING },
  'POST /api/tasks/schedule': { assignedTechnicianId: ASSIGNING },
  'PUT /api/tasks/schedule/:scheduleId': { assignedTechnicianId: ASSIGNING },
  'POST /api/receptionist/calls': { jobId: 'the call names the job it booked (same company, checked by the service)' },
  'POST /api/cost': { total: "the spec's payload carries it; ignored, the server computes the amount (checked below)" },
  'PUT /api/cost/:id': { total: "the spec's payload carries it; ignored, the server computes the amount (checked below)" },
  'POST /api/invoices/:id/checkout': {
    amount: 'the part of the balance to charge by card (checked against the balance and the company’s part-payment switch)',
  },
  'POST /api/portal/invoices/:id/pay': { amount: 'the part of the balance the customer pays by card (checked as for the office)' },
};

/** Nested keys a schema takes: references by id, and the client-computed figures of the spec's payload that the server ignores. */
const NESTED_OWN_INPUT: Record<string, string> = {
  'jobInfo.jobId': "the document's job (a linked document keeps its job: checked below)",
  'productServices.total': 'ignored client figure: the server computes line totals (checked below)',
  'estimateInfo.subTotal': 'ignored client figure (checked below)',
  'estimateInfo.totalAmount': 'ignored client figure (checked below)',
  'invoiceInfo.subTotal': 'ignored client figure (checked below)',
  'invoiceInfo.totalAmount': 'ignored client figure (checked below)',
  'customerAddress.id': "names the customer's own address being edited",
  'contacts.id': "names the customer's own contact being edited",
  'tags.id': 'the tag referenced',
  'zones.id': 'the zone referenced',
};

const cases = { topLevel: 0, nested: 0, targeted: 0 };
const unknownKey = (field: string) => [`Unrecognized key: "${field}"`];

beforeAll(async () => {
  t = await createTestApp();
  a = await t.newCompany();
  b = await t.newCompany();
  other = await t.signInAs(a.tenantId, 'Staff', 'fullAccess');
});
afterAll(async () => t.close());

describe('every write route refuses the fields the server owns', () => {
  it("top level: 400 naming the key, or the key is the route's own input; nothing is written", async () => {
    const writes = mutatingRoutes(t.app).filter((r) => !r.startsWith('DELETE ') && jsonBodyOf(r));
    expect(writes.length).toBeGreaterThan(55);
    const beforeA = await tenantSnapshot(t.db, a.tenantId);
    const beforeB = await tenantSnapshot(t.db, b.tenantId);
    const accepted: string[] = [];
    const ownSeen = new Set<string>();
    let refused = 0;
    // One route's fields go in parallel (each request is independent); routes one after another.
    for (const key of writes) {
      const sends = Object.entries(PROTECTED()).map(async ([field, value]) => {
        const req = writeRequest(key)!;
        const body = req.payload as Record<string, unknown>;
        if (field in body) return;
        // A listed input goes without a cookie: validation runs before the guard, so the 401 shows the key was taken and nothing runs.
        const own = !!OWN_INPUT[key]?.[field];
        const res = await t.app.inject({
          method: req.method as 'POST',
          url: req.url,
          headers: { ...req.headers, ...(own ? {} : { cookie: a.admin.cookie }) },
          payload: { ...body, [field]: value },
        });
        if (res.statusCode === 400 && JSON.stringify(res.json().message) === JSON.stringify(unknownKey(field))) refused++;
        else if (own && res.statusCode >= 400 && res.statusCode < 500) ownSeen.add(`${key} ${field}`);
        else accepted.push(`${key} ${field} -> ${res.statusCode} ${res.body.slice(0, 120)}`);
      });
      await Promise.all(sends);
    }
    expect(accepted).toEqual([]);
    // The exceptions are still taken by their schemas (a stale entry would hide nothing, but would mislead).
    expect([...ownSeen].sort()).toEqual(
      Object.entries(OWN_INPUT)
        .flatMap(([k, f]) => Object.keys(f).map((x) => `${k} ${x}`))
        .sort(),
    );
    cases.topLevel = refused + ownSeen.size;
    expect(refused).toBeGreaterThan(writes.length * 25);
    expect(await tenantSnapshot(t.db, a.tenantId)).toBe(beforeA);
    expect(await tenantSnapshot(t.db, b.tenantId)).toBe(beforeB);
  }, 60_000);

  it('nested objects and list items: 400 naming the key, or a listed reference or ignored figure', async () => {
    const writes = mutatingRoutes(t.app).filter((r) => !r.startsWith('DELETE ') && jsonBodyOf(r));
    const beforeA = await tenantSnapshot(t.db, a.tenantId);
    const accepted: string[] = [];
    let refused = 0;
    for (const key of writes) {
      const sample = jsonBodyOf(key)!;
      const nests = Object.keys(sample).filter((k) => {
        const v = sample[k];
        return (v && typeof v === 'object' && !Array.isArray(v)) || (Array.isArray(v) && v[0] && typeof v[0] === 'object');
      });
      for (const nest of nests) {
        for (const [field, value] of Object.entries(PROTECTED())) {
          const req = writeRequest(key)!;
          const body = structuredClone(req.payload) as Record<string, unknown>;
          const holder = (Array.isArray(body[nest]) ? (body[nest] as Record<string, unknown>[])[0] : body[nest]) as Record<string, unknown>;
          if (field in holder) continue;
          holder[field] = value;
          const own = !!NESTED_OWN_INPUT[`${nest}.${field}`];
          const res = await t.app.inject({
            method: req.method as 'POST',
            url: req.url,
            headers: { ...req.headers, ...(own ? {} : { cookie: a.admin.cookie }) },
            payload: body,
          });
          if (res.statusCode === 400 && JSON.stringify(res.json().message) === JSON.stringify(unknownKey(field))) refused++;
          else if (!own || res.statusCode !== 401) accepted.push(`${key} ${nest}.${field} -> ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
    }
    expect(accepted).toEqual([]);
    expect(refused).toBeGreaterThan(100);
    cases.nested = refused;
    expect(await tenantSnapshot(t.db, a.tenantId)).toBe(beforeA);
  }, 60_000);
});

describe('server-owned facts behind the inputs a schema does take', () => {
  let customer: { id: string; addressId: string };
  let job1: string;
  let job2: string;
  let tech: Session;
  let otherTask: { id: string; schedule: string };
  let openTask: string;
  const C = CANARY_CENTS / 100;
  const post = async (url: string, payload: object, cookie = a.admin.cookie) => {
    const res = await t.call('POST', url, cookie, payload);
    if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json().data as Record<string, unknown> & { id: string };
  };
  /** The money figures of a document or cost as the API reports them. */
  const money = (data: Record<string, unknown>) =>
    JSON.stringify(
      Object.entries(data)
        .filter(([k, v]) => typeof v === 'number' && /total|amount|tax|sub|margin|revenue|balance|paid|deposit|freight/i.test(k))
        .sort(),
    );
  const fakeLines = () => [
    { ...line('Pump', 2, 150, 10), total: C },
    { ...line('Labour', 1.5, 80), total: C },
  ];
  const fakeInfo = { subTotal: C, tax: C, totalAmount: C, totalMargin: C, marginPercentage: 99, totalRevenue: C };

  beforeAll(async () => {
    customer = await buildCustomer(t.db, a.tenantId);
    job1 = (await post('/api/jobs', { customerId: customer.id, siteAddressId: customer.addressId, name: 'Linked job' })).id;
    job2 = (await post('/api/jobs', { customerId: customer.id, siteAddressId: customer.addressId, name: 'Other job' })).id;
    tech = await t.signInAs(a.tenantId, 'Technician');
    const tech2 = await buildUser(t.db, { tenantId: a.tenantId, role: 'Technician', passwordHash: await testPasswordHash() });
    const T = timeline();
    const built = await buildTask(t.db, a.tenantId, { jobId: job1, technicianId: tech2.id, startAt: T.startOfToday, expectedEndAt: T.at(T.day) });
    otherTask = {
      id: built.id,
      schedule: (await t.db.selectFrom('tasks').select('schedule_id').where('id', '=', built.id).executeTakeFirstOrThrow()).schedule_id!,
    };
    openTask = (await post('/api/tasks', { jobId: job1, name: 'Unassigned' })).id;
  });

  it('totals: client figures on documents and costs are ignored, the server computes them', async () => {
    for (const [url, info] of [
      ['/api/estimates', 'estimateInfo'],
      ['/api/invoices', 'invoiceInfo'],
    ] as const) {
      const build = url === '/api/estimates' ? estimateBody : invoiceBody;
      const plain = await post(url, build({ accountId: customer.id }));
      const faked = await post(url, { ...build({ accountId: customer.id, info: fakeInfo, lines: fakeLines() }) });
      expect(money(faked), url).toBe(money(plain));
      const put = await t.call('PUT', `${url}/${plain.id}`, a.admin.cookie, {
        ...build({ accountId: customer.id, lines: fakeLines() }),
        [info]: fakeInfo,
        version: 1,
      });
      expect(put.statusCode, put.body).toBe(200);
      expect(money(put.json().data), url).toBe(money(plain));
      cases.targeted += 2;
    }
    const cost = await post('/api/cost', { costType: 'OTHER', jobId: job1, description: 'Skip hire', amount: 12, total: C });
    expect(cost.amount ?? cost.total).toBe(12);
    const put = await t.call('PUT', `/api/cost/${cost.id}`, a.admin.cookie, {
      costType: 'OTHER',
      jobId: job1,
      description: 'Skip hire',
      amount: 12,
      total: C,
      version: 1,
    });
    expect(put.statusCode, put.body).toBe(200);
    cases.targeted += 2;
    const snapshot = await tenantSnapshot(t.db, a.tenantId);
    expect(snapshot).not.toContain(String(CANARY_CENTS));
    expect(snapshot).not.toContain(String(C));
  });

  it('a linked estimate or invoice keeps its job: neither an edit nor a second link moves it', async () => {
    for (const [url, table, key, build] of [
      ['/api/estimates', 'estimates', 'estimateId', estimateBody],
      ['/api/invoices', 'invoices', 'invoiceId', invoiceBody],
    ] as const) {
      const doc = await post(url, build({ jobId: job1 }));
      const loose = await post(url, build({ accountId: customer.id }));
      expect((await t.call('POST', `${url}/link`, a.admin.cookie, { jobId: job1, [key]: loose.id })).statusCode).toBeLessThan(300);
      const before = await tenantSnapshot(t.db, a.tenantId);
      const edit = await t.call('PUT', `${url}/${doc.id}`, a.admin.cookie, { ...build({ jobId: job2 }), version: 1 });
      const relink = await t.call('POST', `${url}/link`, a.admin.cookie, { jobId: job2, [key]: doc.id });
      const relinkLoose = await t.call('POST', `${url}/link`, a.admin.cookie, { jobId: job2, [key]: loose.id });
      for (const res of [relink, relinkLoose]) expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      const jobOf = async (id: string) => (await t.db.selectFrom(table).select('job_id').where('id', '=', id).executeTakeFirstOrThrow()).job_id;
      expect(await jobOf(doc.id), `${url} edit ${edit.statusCode} ${edit.body}`).toBe(job1);
      expect(await jobOf(loose.id)).toBe(job1);
      if (edit.statusCode >= 400) expect(await tenantSnapshot(t.db, a.tenantId)).toBe(before);
      cases.targeted += 3;
    }
  });

  it('version tricks on every update route: ahead of the row is a 409, a non-version is a 400, nothing changes', async () => {
    const vehicle = await post('/api/vehicles', { name: 'Van', vin: '1HGCM82633A004352' });
    const real: Record<string, string> = {
      customer: customer.id,
      address: customer.addressId,
      job: job1,
      task: otherTask.id,
      schedule: otherTask.schedule,
      user: other.user.id,
      vehicle: vehicle.id,
      estimate: (await post('/api/estimates', estimateBody({ accountId: customer.id }))).id,
      invoice: (await post('/api/invoices', invoiceBody({ accountId: customer.id }))).id,
      catalogue: (await post('/api/catalogue', { name: 'Service call', rate: 80 })).id,
      cost: (await post('/api/cost', { costType: 'OTHER', jobId: job1, taskId: otherTask.id, description: 'Skip', amount: 5 })).id,
      asset: (await post('/api/assets', { customerId: customer.id, addressId: customer.addressId, type: 'BOILER' })).id,
      subcontractor: (await buildSubcontractor(t.db, a.tenantId)).id,
      plan: (await post('/api/plans', planBody({ customer: customer.id, address: customer.addressId }))).id,
    };
    const ids = new Proxy(real, { get: (o, k: string) => o[k] ?? randomUUID() }) as unknown as RouteIds;
    const versioned = mutatingRoutes(t.app).filter((r) => jsonBodyOf(r) && 'version' in jsonBodyOf(r)!);
    expect(versioned.length).toBeGreaterThanOrEqual(12);
    const before = await tenantSnapshot(t.db, a.tenantId);
    for (const key of versioned) {
      const req = ROUTE_REQUESTS[key]!(ids);
      for (const version of [999_999, '1', -1, 1.5, null]) {
        const res = await t.app.inject({
          method: key.split(' ')[0] as 'PUT',
          url: req.url,
          headers: { cookie: a.admin.cookie },
          payload: { ...(req.payload as object), version },
        });
        expect(res.statusCode, `${key} version ${String(version)}: ${res.body}`).toBe(version === 999_999 ? 409 : 400);
        cases.targeted++;
      }
    }
    expect(await tenantSnapshot(t.db, a.tenantId)).toBe(before);
  });

  it("a technician cannot assign, reassign or take over a task, nor book work on someone else's", async () => {
    const start = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const self = tech.user.id;
    const tries: [string, string, object][] = [
      ['PUT', `/api/tasks/${openTask}`, { name: 'Mine now', startDateTime: start, assignTo: 'TECHNICIAN', assignedTechnicianId: self, version: 1 }],
      ['PATCH', `/api/tasks/${otherTask.id}`, { assignTo: 'TECHNICIAN', assignedTechnicianId: self }],
      ['POST', '/api/tasks/schedule', { taskId: openTask, startDateTime: start, assignedTo: 'TECHNICIAN', assignedTechnicianId: self }],
      ['PUT', `/api/tasks/schedule/${otherTask.schedule}`, { startDateTime: start, assignedTo: 'TECHNICIAN', assignedTechnicianId: self, version: 0 }],
      ['POST', '/api/tasks/clock-in', { taskId: otherTask.id, jobId: job1 }],
      ['POST', '/api/cost', { costType: 'LABOR', jobId: job1, taskId: otherTask.id, userId: self, hours: 1 }],
    ];
    const before = await tenantSnapshot(t.db, a.tenantId);
    for (const [method, url, payload] of tries) {
      const res = await t.call(method as 'PUT', url, tech.cookie, payload);
      expect([403, 404], `${method} ${url}: ${res.body}`).toContain(res.statusCode);
      cases.targeted++;
    }
    expect(await tenantSnapshot(t.db, a.tenantId)).toBe(before);
  });

  it("role and access level change only through the admin's role route", async () => {
    const staff = await t.signInAs(a.tenantId, 'Staff', 'partialAccess');
    const before = await tenantSnapshot(t.db, a.tenantId);
    const tries: [string, string, object][] = [
      ['PATCH', `/api/user/${staff.user.id}/role`, { role: 'Admin', access: 'fullAccess' }],
      ['PUT', `/api/user/${staff.user.id}`, { name: 'Me', phone: null, tags: [], zones: [], version: 1 }],
      ['PUT', '/api/user/profile', { name: 'Me', phone: null, role: 'Admin', access: 'fullAccess' }],
      ['POST', '/api/user/invitation', { email: 'friend@x.test', role: 'Admin', access: 'fullAccess' }],
    ];
    for (const [method, url, payload] of tries) {
      const res = await t.call(method as 'PUT', url, staff.cookie, payload);
      expect([400, 403], `${method} ${url}: ${res.body}`).toContain(res.statusCode);
      cases.targeted++;
    }
    expect(await tenantSnapshot(t.db, a.tenantId)).toBe(before);
    console.info(`mass assignment (${t.dialect}): ${cases.topLevel} top-level and ${cases.nested} nested route×field cases, ${cases.targeted} targeted`);
  });
});
