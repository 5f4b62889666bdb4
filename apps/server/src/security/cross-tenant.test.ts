import { seedNotification } from '../modules/notifications/notifications.fixture.ts';
import { planBody } from './route-requests.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { buildCustomer, buildSubcontractor, buildTag, buildTask, buildUser, buildZone } from '@fieldwork/testing/factories';
import { timeline } from '../modules/task-core/tasks.fixture.ts';
import { createTestApp, ROLE_CASES, testPasswordHash, type Session, type TestApp } from '../test-support/test-app.ts';
import { approvedEstimate, estimateBody, invoiceBody } from '../modules/billing/billing.fixture.ts';
import { tenantSnapshot } from './cross-tenant.fixture.ts';
import { addLeadPhoto } from '../modules/leads/lead-photos.fixture.ts';
import { portalSessionOf } from './portal-session.fixture.ts';
import { PROBES, state } from './cross-tenant.probes.ts';
import { pngImage } from '@fieldwork/testing/image-samples';

/**
 * For every route that takes an id in its path, company A's admin sends company B's id: the answer must be
 * a 404 identical to the one for an id that exists nowhere, and nothing of company B may change.
 * A route with an id that this table does not know fails the suite, so new routes cannot skip the probe.
 */
let t: TestApp;
let a: { tenantId: string; admin: Session };
let b: { tenantId: string; admin: Session };
let ids: Record<string, string>;
/** Company A's own records, kept out of `ids` (the leak check looks for every id there). */
let extra: Record<string, string>;

let aSub: Session;
let aPortal: { cookie: string };

beforeAll(async () => {
  t = await createTestApp();
  a = await t.newCompany();
  b = await t.newCompany();
  const inv = await t.app.inject({
    method: 'POST',
    url: '/api/user/invitation',
    headers: { cookie: b.admin.cookie },
    payload: { email: 'probe@b.test', role: 'Staff' },
  });
  const token = await t.app.inject({
    method: 'POST',
    url: '/api/tokens',
    headers: { cookie: b.admin.cookie },
    payload: { name: 'B integration', scope: 'receptionist' },
  });
  const customer = await buildCustomer(t.db, b.tenantId);
  const bCookie = { cookie: b.admin.cookie };
  const lead = await t.app.inject({ method: 'POST', url: '/api/leads', headers: bCookie, payload: { customerId: customer.id, source: 'PHONE' } });
  const job = await t.app.inject({
    method: 'POST',
    url: '/api/jobs',
    headers: bCookie,
    payload: { customerId: customer.id, siteAddressId: customer.addressId, name: 'B secret job' },
  });
  const jobId = job.json().data.id;
  const note = await t.app.inject({ method: 'POST', url: '/api/notes', headers: bCookie, payload: { noteType: 'Job', note: 'B canary note', jobId } });
  const boundary = 'fwprobe';
  const png = pngImage(8, 8);
  const media = await t.app.inject({
    method: 'POST',
    url: `/api/jobs/media?jobId=${jobId}`,
    headers: { ...bCookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="b.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  await t.app.inject({
    method: 'PUT',
    url: '/api/table-configuration',
    headers: bCookie,
    payload: { type: 'JOBS', config: [{ key: 'JOB_NAME', enabled: false }] },
  });
  // An upcoming task of B's subcontractor: cancelling it would be allowed, were it visible.
  const bSub = await buildSubcontractor(t.db, b.tenantId);
  const start = new Date(Date.now() + 3 * 86_400_000).toISOString();
  const task = await t.app.inject({
    method: 'POST',
    url: '/api/tasks',
    headers: bCookie,
    payload: { jobId, name: 'B secret task', startDateTime: start, assignTo: 'SUBCONTRACTOR', assignedSubcontractorId: bSub.id },
  });
  const bTech = await buildUser(t.db, { tenantId: b.tenantId, role: 'Technician', passwordHash: await testPasswordHash() });
  const timeOff = await t.app.inject({
    method: 'POST',
    url: '/api/time-off',
    headers: bCookie,
    payload: { userId: bTech.id, startDateTime: start, endDateTime: new Date(Date.parse(start) + 3_600_000).toISOString() },
  });
  // A task of B's with an open bid request to B's subcontractor, answered so award would be allowed.
  const bSubLogin = await t.signInAs(b.tenantId, 'SubContractor');
  const bBidSub = await buildSubcontractor(t.db, b.tenantId, { userId: bSubLogin.user.id });
  const bidTask = await t.app.inject({ method: 'POST', url: '/api/tasks', headers: bCookie, payload: { jobId, name: 'B bid task' } });
  const bids = await t.app.inject({
    method: 'POST',
    url: '/api/tasks/schedule',
    headers: bCookie,
    payload: {
      taskId: bidTask.json().data.id,
      startDateTime: new Date(Date.now() + 5 * 86_400_000).toISOString(),
      assignedTo: 'SUBCONTRACTOR',
      bidRequestSentTo: [bBidSub.id],
    },
  });
  await t.app.inject({ method: 'POST', url: `/api/bids/${bids.json().bidIds[0]}/answer`, headers: { cookie: bSubLogin.cookie }, payload: { amount: 100 } });
  // B's technician clocked in today with B's vehicle and an assistant: adjusting it would be allowed, were it visible.
  const T = timeline();
  const vehicle = await t.app.inject({ method: 'POST', url: '/api/vehicles', headers: bCookie, payload: { name: 'B secret van', vin: '1HGCM82633A999999' } });
  const clockTask = await buildTask(t.db, b.tenantId, { jobId, technicianId: bTech.id, startAt: T.startOfToday, expectedEndAt: T.at(T.day) });
  const bHelper = await buildUser(t.db, { tenantId: b.tenantId, role: 'Technician', passwordHash: 'x' });
  const clocked = await t.app.inject({
    method: 'POST',
    url: '/api/tasks/clock-in',
    headers: bCookie,
    payload: { taskId: clockTask.id, jobId, vehicleId: vehicle.json().data.id, assistants: [bHelper.id] },
  });
  if (clocked.statusCode !== 200) throw new Error(`B clock-in failed: ${clocked.body}`);
  // B's estimates and invoices in every state a probe could change: a loose draft, sent and approved ones on the job.
  const estimate = await t.app.inject({ method: 'POST', url: '/api/estimates', headers: bCookie, payload: estimateBody({ accountId: customer.id }) });
  const sentEstimate = await t.app.inject({ method: 'POST', url: '/api/estimates', headers: bCookie, payload: estimateBody({ jobId, mode: 'Send' }) });
  const approved = await approvedEstimate(t, b.admin, jobId);
  const invoice = await t.app.inject({ method: 'POST', url: '/api/invoices', headers: bCookie, payload: invoiceBody({ accountId: customer.id }) });
  const catalogue = await t.app.inject({ method: 'POST', url: '/api/catalogue', headers: bCookie, payload: { name: 'B secret service', rate: 99 } });
  const sentInvoice = await t.app.inject({ method: 'POST', url: '/api/invoices', headers: bCookie, payload: invoiceBody({ jobId, mode: 'Send' }) });
  const cost = await t.app.inject({
    method: 'POST',
    url: '/api/cost',
    headers: bCookie,
    payload: { costType: 'OTHER', jobId, description: 'B secret cost', amount: 12 },
  });
  const callToken = token.json().data.secret as string;
  const receptionistCall = await t.app.inject({
    method: 'POST',
    url: '/api/receptionist/calls',
    headers: { authorization: `Bearer ${callToken}` },
    payload: {
      externalCallId: 'b-call-1',
      callerName: 'B secret caller',
      callerNumber: '555-0199',
      startedAt: '2026-11-01T10:00:00Z',
      endedAt: '2026-11-01T10:02:00Z',
      outcome: 'BOOKED',
      jobId,
      leadId: lead.json().data.id,
    },
  });
  const asset = await t.app.inject({
    method: 'POST',
    url: '/api/assets',
    headers: bCookie,
    payload: { customerId: customer.id, addressId: customer.addressId, type: 'BOILER', make: 'B secret boiler' },
  });
  await t.app.inject({ method: 'PUT', url: '/api/dashboard/configuration', headers: bCookie, payload: { cards: [{ key: 'finance', visible: false }] } });
  aSub = await t.signInAs(a.tenantId, 'SubContractor');
  await buildSubcontractor(t.db, a.tenantId, { userId: aSub.user.id });
  ids = {
    task: task.json().data.id,
    bidTask: bidTask.json().data.id,
    bid: bids.json().bidIds[0],
    schedule: (await t.db.selectFrom('tasks').select('schedule_id').where('id', '=', task.json().data.id).executeTakeFirstOrThrow()).schedule_id!,
    timeOff: timeOff.json().data.id,
    taskSubcontractor: bSub.id,
    job: jobId,
    address: customer.addressId,
    note: note.json().data.id,
    media: media.json().data.id,
    lead: lead.json().data.id,
    leadPhoto: await addLeadPhoto(t.db, b.tenantId, lead.json().data.id),
    user: b.admin.user.id,
    invitation: inv.json().data.invitation.id,
    zone: (await buildZone(t.db, b.tenantId)).id,
    tag: (await buildTag(t.db, b.tenantId)).id,
    customer: (await buildCustomer(t.db, b.tenantId)).id,
    subcontractor: (await buildSubcontractor(t.db, b.tenantId)).id,
    token: token.json().data.token.id,
    vehicle: vehicle.json().data.id,
    clockTask: clockTask.id,
    activity: (await t.db.selectFrom('task_activities').select('id').where('task_id', '=', clockTask.id).executeTakeFirstOrThrow()).id,
    helper: bHelper.id,
    estimate: estimate.json().data.id,
    sentEstimate: sentEstimate.json().data.id,
    approvedEstimate: approved,
    invoice: invoice.json().data.id,
    sentInvoice: sentInvoice.json().data.id,
    catalogue: catalogue.json().data.id,
    cost: cost.json().data.id,
    call: receptionistCall.json().data.id,
    asset: asset.json().data.id,
    // B's invitation was emailed: its message and outbox job.
    message: (await t.db.selectFrom('messages').select('id').where('tenant_id', '=', b.tenantId).executeTakeFirstOrThrow()).id,
    backgroundJob: (await t.db.selectFrom('background_jobs').select('id').where('tenant_id', '=', b.tenantId).executeTakeFirstOrThrow()).id,
    notification: await seedNotification(t.db, b.tenantId),
    plan: (
      await t.app.inject({ method: 'POST', url: '/api/plans', headers: bCookie, payload: planBody({ customer: customer.id, address: customer.addressId }) })
    ).json().data.id,
  };
  const aCustomer = await buildCustomer(t.db, a.tenantId);
  extra = { aCustomer: aCustomer.id, aAddress: aCustomer.addressId };
  aPortal = await portalSessionOf(t, a.tenantId, aCustomer.id);
  Object.assign(state, { ids, extra, aSub, aPortal });
});
afterAll(async () => t.close());

describe('cross-tenant probe over the route table', () => {
  it('knows every id-bearing route', () => {
    const idRoutes = t.app.routeTable.filter((r) => /:\w*(id|Id)\b/.test(r.url)).map((r) => `${r.method} ${r.url}`);
    expect(idRoutes.length).toBeGreaterThan(10);
    expect(idRoutes.filter((r) => !PROBES[r])).toEqual([]);
  });

  it("answers 404 with the missing-id body for another company's ids and changes nothing there", async () => {
    const before = await tenantSnapshot(t.db, b.tenantId);
    for (const [key, probe] of Object.entries(PROBES)) {
      const [method, path] = key.split(' ') as [string, string];
      const send = (id: string, more: Record<string, string> = {}) =>
        t.app.inject({
          method: method as 'GET',
          url: path.replace(/:\w+/, id).replace(/:(\w+)/g, (_m, name: string) => more[name] ?? randomUUID()),
          headers: { cookie: (probe.as?.() ?? a.admin).cookie },
          ...(probe.body ? { payload: probe.body() as object } : {}),
        });
      const foreign = await send(probe.id(), probe.more?.());
      const missing = await send(randomUUID());
      expect(foreign.statusCode, `${key}: ${foreign.body}`).toBe(404);
      expect(foreign.body, key).toBe(missing.body);
    }
    expect(await tenantSnapshot(t.db, b.tenantId)).toBe(before);
  });

  it("gives every role of company A the missing-id answer for company B's ids, and changes nothing there", async () => {
    const before = await tenantSnapshot(t.db, b.tenantId);
    let probes = 0;
    for (const role of ROLE_CASES) {
      const session = await t.signInAs(a.tenantId, role.role, role.access);
      for (const [key, probe] of Object.entries(PROBES)) {
        if (probe.as) continue; // sent by its own login above
        const [method, path] = key.split(' ') as [string, string];
        const send = (id: string, more: Record<string, string> = {}) =>
          t.app.inject({
            method: method as 'GET',
            url: path.replace(/:\w+/, id).replace(/:(\w+)/g, (_m, name: string) => more[name] ?? randomUUID()),
            headers: { cookie: session.cookie },
            ...(probe.body ? { payload: probe.body() as object } : {}),
          });
        const foreign = await send(probe.id(), probe.more?.());
        const missing = await send(randomUUID());
        // A role without the right gets its 403 either way; one with it gets the 404 of a missing id: never a hint.
        expect([403, 404], `${role.label} ${key}: ${foreign.statusCode} ${foreign.body}`).toContain(foreign.statusCode);
        expect({ status: foreign.statusCode, body: foreign.body }, `${role.label} ${key}`).toEqual({ status: missing.statusCode, body: missing.body });
        probes += 1;
      }
    }
    expect(probes).toBeGreaterThan(ROLE_CASES.length * 50);
    expect(await tenantSnapshot(t.db, b.tenantId)).toBe(before);
  }, 120_000);

  it("shows no trace of the other company in A's lists and searches", async () => {
    const canary = (await t.db.selectFrom('customers').select('name').where('id', '=', ids.customer!).executeTakeFirstOrThrow()).name;
    const lists = [
      '/api/user?limit=100',
      '/api/user/invited?limit=100',
      '/api/zones/get-all-zones',
      '/api/tags/filter-list?type=SERVICE',
      '/api/tags/filter-list?type=ACCOUNT',
      `/api/customers?limit=100&search=${encodeURIComponent(canary)}`,
      '/api/customers?limit=100&status=all',
      '/api/subcontractors?limit=100&status=all',
      '/api/location',
      '/api/tokens',
      '/api/jobs?limit=100',
      '/api/jobs/summary',
      '/api/leads?limit=100',
      '/api/tasks?limit=100',
      '/api/bids?limit=100',
      '/api/tasks/team?limit=100',
      '/api/tasks?limit=100&assignedStatus=ASSIGNED_TO_OTHERS',
      `/api/tasks?limit=100&jobId=${ids.job}`,
      '/api/table-configuration?type=JOBS',
      '/api/vehicles?limit=100',
      '/api/vehicles/active',
      '/api/estimates?limit=100',
      '/api/estimates?limit=100&unlinked=true',
      '/api/invoices?limit=100',
      '/api/invoices?limit=100&unlinked=true',
      '/api/catalogue?limit=100&status=ALL',
      '/api/cost/list?limit=100',
      '/api/receptionist/calls?limit=100',
      `/api/receptionist/calls?limit=100&search=${encodeURIComponent('B secret')}`,
      '/api/dashboard/asset-distribution',
      '/api/dashboard/configuration',
      '/api/tasks/assistants',
      '/api/tasks/my-day',
      `/api/tasks/scheduler?startDateTime=${new Date(Date.now() - 86_400_000).toISOString()}&endDateTime=${new Date(Date.now() + 30 * 86_400_000).toISOString()}`,
      `/api/time-off?startDateTime=${new Date(Date.now() - 86_400_000).toISOString()}&endDateTime=${new Date(Date.now() + 30 * 86_400_000).toISOString()}`,
      `/api/tasks/technicians?startDateTime=${new Date(Date.now() + 3 * 86_400_000).toISOString()}&limit=100`,
    ];
    for (const url of lists) {
      const res = await t.app.inject({ url, headers: { cookie: a.admin.cookie } });
      expect(res.statusCode, url).toBe(200);
      for (const id of Object.values(ids)) expect(res.body, `${url} leaks ${id}`).not.toContain(id);
      expect(res.body, url).not.toContain(canary);
    }
  });

  it("answers 404 for another company's ids sent in a body (close a task, a user's task list)", async () => {
    const end = new Date().toISOString();
    const send = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { cookie: a.admin.cookie }, payload });
    const foreignClose = await send('/api/tasks/close', { taskId: ids.task!, startDateTime: end, endDateTime: end });
    expect(foreignClose.statusCode).toBe(404);
    expect(foreignClose.body).toBe((await send('/api/tasks/close', { taskId: randomUUID(), startDateTime: end, endDateTime: end })).body);
    const foreignClockIn = await send('/api/tasks/clock-in', { taskId: ids.clockTask!, jobId: ids.job! });
    expect(foreignClockIn.statusCode).toBe(404);
    expect(foreignClockIn.body).toBe((await send('/api/tasks/clock-in', { taskId: randomUUID(), jobId: ids.job! })).body);
    const clockOut = (taskId: string) => send('/api/tasks/clock-out', { taskId, taskActivityId: ids.activity!, jobId: ids.job!, description: 'Planted' });
    const foreignClockOut = await clockOut(ids.clockTask!);
    expect(foreignClockOut.statusCode).toBe(404);
    expect(foreignClockOut.body).toBe((await clockOut(randomUUID())).body);
    expect((await t.app.inject({ url: '/api/vehicles/cost?vin=1HGCM82633A999999', headers: { cookie: a.admin.cookie } })).statusCode).toBe(404);
    // Links: another company's document or job reads as missing; nothing moves.
    const ownEstimate = (await send('/api/estimates', estimateBody({ accountId: extra.aCustomer! }))).json().data.id;
    const ownInvoice = (await send('/api/invoices', invoiceBody({ accountId: extra.aCustomer! }))).json().data.id;
    for (const [url, key, own, foreign] of [
      ['/api/estimates/link', 'estimateId', ownEstimate, ids.estimate!],
      ['/api/invoices/link', 'invoiceId', ownInvoice, ids.invoice!],
    ] as const) {
      const foreignDoc = await send(url, { jobId: ids.job!, [key]: foreign });
      expect(foreignDoc.statusCode).toBe(404);
      expect(foreignDoc.body).toBe((await send(url, { jobId: ids.job!, [key]: randomUUID() })).body);
      const foreignJob = await send(url, { jobId: ids.job!, [key]: own });
      expect(foreignJob.statusCode).toBe(404);
      expect(foreignJob.body).toBe((await send(url, { jobId: randomUUID(), [key]: own })).body);
    }
    const foreignEstimateJob = await send('/api/estimates', estimateBody({ jobId: ids.job! }));
    expect(foreignEstimateJob.statusCode).toBe(404);
    expect(foreignEstimateJob.body).toBe((await send('/api/estimates', estimateBody({ jobId: randomUUID() }))).body);
    const foreignCustomer = await send('/api/invoices', invoiceBody({ accountId: ids.customer! }));
    expect(foreignCustomer.statusCode).toBe(404);
    expect(foreignCustomer.body).toBe((await send('/api/invoices', invoiceBody({ accountId: randomUUID() }))).body);
    const foreignService = await send(
      '/api/estimates',
      estimateBody({ accountId: extra.aCustomer!, lines: [{ name: 'x', qty: 1, rate: 1, serviceId: ids.catalogue! }] }),
    );
    expect(foreignService.statusCode).toBe(404);
    expect(foreignService.body).toBe(
      (await send('/api/estimates', estimateBody({ accountId: extra.aCustomer!, lines: [{ name: 'x', qty: 1, rate: 1, serviceId: randomUUID() }] }))).body,
    );
    const foreignUser = await send('/api/tasks/filter-list', { userId: ids.user!, status: ['Clock-In'] });
    expect(foreignUser.statusCode).toBe(404);
    expect(foreignUser.body).toBe((await send('/api/tasks/filter-list', { userId: randomUUID(), status: ['Clock-In'] })).body);
    const foreignJob = await send('/api/tasks', { jobId: ids.job!, name: 'Planted' });
    expect(foreignJob.statusCode).toBe(404);
    expect(foreignJob.body).toBe((await send('/api/tasks', { jobId: randomUUID(), name: 'Planted' })).body);
    const futureStart = new Date(Date.now() + 86_400_000).toISOString();
    const ownJob = (
      await t.app.inject({
        method: 'POST',
        url: '/api/jobs',
        headers: { cookie: a.admin.cookie },
        payload: { customerId: extra.aCustomer!, siteAddressId: extra.aAddress!, name: 'A job' },
      })
    ).json().data.id;
    const foreignSub = await send('/api/tasks', {
      jobId: ownJob,
      name: 'x',
      startDateTime: futureStart,
      assignTo: 'SUBCONTRACTOR',
      assignedSubcontractorId: ids.taskSubcontractor!,
    });
    expect(foreignSub.statusCode).toBe(400);
  });
});
