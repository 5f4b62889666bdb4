import { seedNotification } from '../modules/notifications/notifications.fixture.ts';
import type { AccessLevel, RoleName } from '@fieldwork/domain/access/roles.rules';
import { creatableTokenScopes } from '@fieldwork/domain/access/api-tokens.rules';
import { buildCustomer, buildSubcontractor, buildTag, buildTask, buildUser, buildZone } from '@fieldwork/testing/factories';
import { openStream, sleep } from '../modules/events/events.fixture.ts';
import { addWorkPeriod, timeline } from '../modules/task-core/tasks.fixture.ts';
import { approvedEstimate, estimateBody, invoiceBody } from '../modules/billing/billing.fixture.ts';
import { testPasswordHash, type Session, type TestApp } from '../test-support/test-app.ts';
import type { MatrixRole } from './role-matrix.ts';
import type { RouteIds } from './route-request-bodies.ts';
import { planBody, pngUpload, ROUTE_REQUESTS } from './route-requests.ts';
import { addLeadPhoto } from '../modules/leads/lead-photos.fixture.ts';
import { visitTokenFor } from '../modules/visits/visits.fixture.ts';

export type Caller = { label: string; column: MatrixRole; role?: RoleName; access?: AccessLevel };

/** Every caller the matrix names; Admin and Staff fullAccess both answer to the fullAccess column. */
export const CALLERS: Caller[] = [
  { label: 'anonymous', column: 'anonymous' },
  { label: 'Staff noAccess', column: 'noAccess', role: 'Staff', access: 'noAccess' },
  { label: 'Staff onlyViewAccess', column: 'onlyViewAccess', role: 'Staff', access: 'onlyViewAccess' },
  { label: 'Staff partialAccess', column: 'partialAccess', role: 'Staff', access: 'partialAccess' },
  { label: 'Staff fullAccess', column: 'fullAccess', role: 'Staff', access: 'fullAccess' },
  { label: 'Admin', column: 'fullAccess', role: 'Admin', access: 'fullAccess' },
  { label: 'Technician', column: 'Technician', role: 'Technician', access: 'noAccess' },
  { label: 'SubContractor', column: 'SubContractor', role: 'SubContractor', access: 'noAccess' },
];

export type Seeded = {
  tenantId: string;
  caller: Session | undefined;
  /** The caller's own records (for the office: the company's). */
  ids: RouteIds;
  /** The same keys pointing at another field user's records, for 'own' routes. */
  foreign: RouteIds;
  /** Tasks assigned to a field caller. */
  ownTaskIds: string[];
  /** Tasks a field caller may see: its own, and the task of a bid request sent to its subcontractor. */
  visibleTaskIds: Set<string>;
};

/** Canary in the name of every task, so a leak shows by name as well as by id. */
export const TASK_CANARY = 'MatrixTask';

/**
 * A fresh company per caller, so one role's successful writes never change what the next one meets: two
 * technicians and two subcontractor logins each with tasks (one running clock-in per technician), and one
 * record of every kind a route can name.
 */
export async function seedCompany(t: TestApp, c: Caller): Promise<Seeded> {
  const { tenantId, admin } = await t.newCompany();
  const post = async (url: string, payload: object, cookie = admin.cookie) => {
    const res = await t.call('POST', url, cookie, payload);
    if (res.statusCode >= 300) throw new Error(`seed ${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const caller = c.role ? await t.signInAs(tenantId, c.role, c.access) : undefined;
  const hash = await testPasswordHash();
  const tech1 = c.role === 'Technician' ? caller!.user : await buildUser(t.db, { tenantId, role: 'Technician', passwordHash: hash });
  const tech2 = await buildUser(t.db, { tenantId, role: 'Technician', passwordHash: hash });
  const sub1User = c.role === 'SubContractor' ? caller!.user : await buildUser(t.db, { tenantId, role: 'SubContractor', passwordHash: hash });
  const sub2User = await buildUser(t.db, { tenantId, role: 'SubContractor', passwordHash: hash });
  const sub1 = await buildSubcontractor(t.db, tenantId, { userId: sub1User.id });
  const sub2 = await buildSubcontractor(t.db, tenantId, { userId: sub2User.id });
  const customer = await buildCustomer(t.db, tenantId);
  const job = (await post('/api/jobs', { customerId: customer.id, siteAddressId: customer.addressId, name: 'Matrix job' })).data.id as string;

  // Today in the company's zone, so clock-in is allowed by date: a task in the first half hour, a clocked-in one after it.
  const T = timeline();
  const slot = (h: number) => ({ startAt: T.shift(T.startOfToday, h * T.hour), expectedEndAt: T.shift(T.startOfToday, h * T.hour + 1_800_000) });
  type Assignee = { technicianId?: string; subcontractorId?: string; lifecycle?: 'CLOCKED_OUT' };
  const task = (o: Assignee, h: number, n: string) => buildTask(t.db, tenantId, { jobId: job, name: `${TASK_CANARY} ${n}`, ...o, ...slot(h) });
  const t1 = await task({ technicianId: tech1.id }, 0, 'tech1');
  const t1Clock = await task({ technicianId: tech1.id }, 1, 'tech1 clocked');
  const t2 = await task({ technicianId: tech2.id }, 0, 'tech2');
  const t2Clock = await task({ technicianId: tech2.id }, 1, 'tech2 clocked');
  const s1 = await task({ subcontractorId: sub1.id }, 0, 'sub1');
  const s2 = await task({ subcontractorId: sub2.id }, 0, 'sub2');
  const done = {
    t1: await task({ technicianId: tech1.id, lifecycle: 'CLOCKED_OUT' }, 2, 'tech1 done'),
    t2: await task({ technicianId: tech2.id, lifecycle: 'CLOCKED_OUT' }, 2, 'tech2 done'),
  };
  const subDone = {
    s1: await task({ subcontractorId: sub1.id, lifecycle: 'CLOCKED_OUT' }, 2, 'sub1 done'),
    s2: await task({ subcontractorId: sub2.id, lifecycle: 'CLOCKED_OUT' }, 2, 'sub2 done'),
  };
  for (const id of [t1Clock.id, t2Clock.id]) await post('/api/tasks/clock-in', { taskId: id, jobId: job });
  // Subcontractor tasks are never clocked in through the API; a recorded work period makes the adjust route's ids real.
  for (const s of [s1, s2]) await addWorkPeriod(t.db, tenantId, { id: s.id, jobId: job }, T.startOfToday, null);
  const activityOf = async (taskId: string) =>
    (await t.db.selectFrom('task_activities').select('id').where('task_id', '=', taskId).executeTakeFirstOrThrow()).id;
  const scheduleOf = async (taskId: string) =>
    (await t.db.selectFrom('tasks').select('schedule_id').where('id', '=', taskId).executeTakeFirstOrThrow()).schedule_id!;

  const bidTask = (await post('/api/tasks', { jobId: job, name: `${TASK_CANARY} bids` })).data.id as string;
  await post('/api/tasks/schedule', { taskId: bidTask, startDateTime: T.at(5 * T.day), assignedTo: 'SUBCONTRACTOR', bidRequestSentTo: [sub1.id, sub2.id] });
  const bidOf = async (subId: string) =>
    (await t.db.selectFrom('bid_requests').select('id').where('subcontractor_id', '=', subId).executeTakeFirstOrThrow()).id;
  const costOf = async (taskId: string) =>
    (await post('/api/cost', { costType: 'MATERIAL', jobId: job, taskId, item: 'Seed valve', quantity: 1, unitCost: 3 })).data.id as string;

  const spare = await t.signInAs(tenantId, 'Staff', 'noAccess');
  const photo = pngUpload();
  await t.app.inject({ method: 'PUT', url: '/api/user/profile/photo', payload: photo.payload, headers: { ...photo.headers, cookie: spare.cookie } });
  // A visit whose technician has a photo (the spare's), for the visit page's photo route: only its image is answered.
  const photoVisit = await task({ technicianId: tech2.id }, 3, 'tech2 visit');
  const sparePhoto = await t.db.selectFrom('users').select('photo_file_id').where('id', '=', spare.user.id).executeTakeFirstOrThrow();
  await t.db.updateTable('users').set({ photo_file_id: sparePhoto.photo_file_id }).where('id', '=', tech2.id).execute();
  const logo = pngUpload('logo.png');
  await t.app.inject({ method: 'PUT', url: '/api/company/logo', payload: logo.payload, headers: { ...logo.headers, cookie: admin.cookie } });
  const invitation = (await post('/api/user/invitation', { email: `invitee-${tenantId}@matrix.test`, role: 'Technician' })).data;
  const tokenOwner = caller ?? admin;
  // The broadest scope the caller may create, so the call-log route meets the role's own rule.
  const scope = c.role && c.access ? creatableTokenScopes({ role: c.role, access: c.access }).at(-1) : 'full';
  const token = (await post('/api/tokens', { name: 'Matrix caller', scope }, tokenOwner.cookie)).data;
  const adminToken = (await post('/api/tokens', { name: 'Matrix admin', scope: 'receptionist' })).data;
  const vin = `1HGCM82633A${tenantId.replace(/\D/g, '').slice(0, 6).padEnd(6, '0')}`;
  const media = await t.app.inject({
    method: 'POST',
    url: `/api/jobs/media?jobId=${job}`,
    ...pngUpload('seed.png'),
    headers: { ...pngUpload().headers, cookie: admin.cookie },
  });
  const lead = (await post('/api/leads', { customerId: customer.id, source: 'PHONE' })).data.id as string;
  const leadPhoto = await addLeadPhoto(t.db, tenantId, lead);
  const call = await t.app.inject({
    method: 'POST',
    url: '/api/receptionist/calls',
    headers: { authorization: `Bearer ${adminToken.secret}` },
    payload: {
      externalCallId: `seed-${tenantId}`,
      callerNumber: '555-0100',
      startedAt: '2026-11-01T10:00:00Z',
      endedAt: '2026-11-01T10:02:00Z',
      outcome: 'INFORMATION',
    },
  });

  const noteBy = async (cookie: string) => (await post('/api/notes', { noteType: 'Job', note: 'Matrix note', jobId: job }, cookie)).data.id as string;
  const own =
    c.role === 'SubContractor'
      ? {
          task: s1.id,
          closeTask: subDone.s1.id,
          clockTask: s1.id,
          activity: await activityOf(s1.id),
          schedule: await scheduleOf(s1.id),
          bid: await bidOf(sub1.id),
          cost: await costOf(t1.id),
        }
      : {
          task: t1.id,
          closeTask: done.t1.id,
          clockTask: t1Clock.id,
          activity: await activityOf(t1Clock.id),
          schedule: await scheduleOf(t1.id),
          bid: await bidOf(sub1.id),
          cost: await costOf(t1.id),
        };
  const ids: RouteIds = {
    customer: customer.id,
    address: customer.addressId,
    job,
    ...own,
    bidTask,
    timeOff: (await post('/api/time-off', { userId: tech1.id, startDateTime: T.at(3 * T.day), endDateTime: T.at(3 * T.day + T.hour) })).data.id,
    note: await noteBy(c.column === 'partialAccess' ? caller!.cookie : admin.cookie),
    media: media.json().data.id,
    lead,
    leadPhoto,
    user: spare.user.id,
    technician: c.role === 'SubContractor' ? sub1User.id : tech1.id,
    invitation: invitation.invitation.id,
    invitationToken: new URL(invitation.link).searchParams.get('token')!,
    zone: (await buildZone(t.db, tenantId)).id,
    tag: (await buildTag(t.db, tenantId)).id,
    subcontractor: (await buildSubcontractor(t.db, tenantId)).id,
    token: token.token.id,
    bearer: caller ? token.secret : 'not-a-token',
    vehicle: (await post('/api/vehicles', { name: 'Matrix van', vin })).data.id,
    vin,
    estimate: (await post('/api/estimates', estimateBody({ accountId: customer.id }))).data.id,
    sentEstimate: (await post('/api/estimates', estimateBody({ jobId: job, mode: 'Send' }))).data.id,
    approvedEstimate: await approvedEstimate(t, admin, job),
    invoice: (await post('/api/invoices', invoiceBody({ accountId: customer.id }))).data.id,
    sentInvoice: (await post('/api/invoices', invoiceBody({ jobId: job, mode: 'Send' }))).data.id,
    catalogue: (await post('/api/catalogue', { name: 'Matrix catalogue', rate: 5 })).data.id,
    call: call.json().data.id,
    loginEmail: spare.user.email,
    asset: (await post('/api/assets', { customerId: customer.id, addressId: customer.addressId, type: 'BOILER' })).data.id,
    message: (await t.db.selectFrom('messages').select('id').where('tenant_id', '=', tenantId).executeTakeFirstOrThrow()).id,
    backgroundJob: (await t.db.selectFrom('background_jobs').select('id').where('tenant_id', '=', tenantId).executeTakeFirstOrThrow()).id,
    notification: await seedNotification(t.db, tenantId),
    portalSlug: (await t.db.selectFrom('tenants').select('portal_slug').where('id', '=', tenantId).executeTakeFirstOrThrow()).portal_slug!,
    plan: (await post('/api/plans', planBody({ customer: customer.id, address: customer.addressId }))).data.id,
    visitToken: await visitTokenFor(t.db, tenantId, own.task),
    visitPhotoToken: await visitTokenFor(t.db, tenantId, photoVisit.id),
  };
  const foreignOf =
    c.role === 'SubContractor'
      ? {
          task: s2.id,
          closeTask: subDone.s2.id,
          clockTask: s2.id,
          activity: await activityOf(s2.id),
          schedule: await scheduleOf(s2.id),
          bid: await bidOf(sub2.id),
          technician: sub2User.id,
        }
      : {
          task: t2.id,
          closeTask: done.t2.id,
          clockTask: t2Clock.id,
          activity: await activityOf(t2Clock.id),
          schedule: await scheduleOf(t2.id),
          bid: await bidOf(sub2.id),
          technician: tech2.id,
        };
  // A site where the caller has no task: a technician reads no equipment there.
  const elsewhere = await buildCustomer(t.db, tenantId);
  const foreign: RouteIds = {
    ...ids,
    ...foreignOf,
    address: elsewhere.addressId,
    cost: await costOf(t2.id),
    token: adminToken.token.id,
    note: await noteBy(admin.cookie),
  };
  const ownTaskIds = c.role === 'Technician' ? [t1.id, t1Clock.id, done.t1.id] : c.role === 'SubContractor' ? [s1.id, subDone.s1.id] : [];
  return { tenantId, caller, ids, foreign, ownTaskIds, visibleTaskIds: new Set(c.role === 'SubContractor' ? [...ownTaskIds, bidTask] : ownTaskIds) };
}

/**
 * Reads first, then writes, then the writes that end a task's schedule (edit, cancel, close), then deletes; the calls that end
 * the caller's state (job cancel, password, logout) last.
 */
const ENDING = ['POST /api/tasks/close', 'PATCH /api/tasks/:id', 'PUT /api/tasks/:id'];
const LAST = ['PATCH /api/jobs/:id/status', 'PUT /api/user/profile/password', 'POST /api/auth/logout'];
const phase = (key: string) =>
  LAST.includes(key) ? 10 + LAST.indexOf(key) : key.startsWith('GET ') ? 0 : ENDING.includes(key) ? 2 + ENDING.indexOf(key) : key.startsWith('DELETE ') ? 9 : 1;
export const orderedRoutes = (keys: string[]) => [...keys].sort((a, b) => phase(a) - phase(b));

export type Answer = { status: number; body: string; json: unknown };

/** Passed authorization: any answer but 401, 403, 404 or a 5xx (a 400/409 from the service's own rules passes). */
export const passed = (status: number) => status < 500 && ![401, 403, 404].includes(status);

/** One route's request (route-requests.ts) with the caller's credentials; the events stream over real HTTP on port. */
export async function sendRoute(t: TestApp, port: number, key: string, ids: RouteIds, credentials: Record<string, string>): Promise<Answer> {
  const req = ROUTE_REQUESTS[key]!(ids);
  const headers = { ...credentials, ...req.headers };
  if (key === 'GET /api/events') {
    // A stream never ends: read its status and hang up; a refusal is a plain answer, read to its end.
    const stream = await openStream(port, headers);
    for (let waited = 0; stream.status !== 200 && !stream.ended() && waited < 2_000; waited += 10) await sleep(10);
    stream.close();
    const body = stream.status === 200 ? '' : stream.raw();
    return { status: stream.status, body, json: body ? JSON.parse(body) : undefined };
  }
  const method = key.split(' ')[0] as 'GET';
  const res = await t.app.inject({ method, url: req.url, headers, ...(req.payload ? { payload: req.payload } : {}) });
  const json = res.headers['content-type']?.toString().includes('application/json') ? res.json() : undefined;
  return { status: res.statusCode, body: res.body, json };
}

/** Every /api route and method the app serves, as "METHOD /path". */
export const apiRouteKeys = (t: TestApp) => t.app.routeTable.filter((r) => r.url.startsWith('/api')).map((r) => `${r.method} ${r.url}`);

/** Routes a per-route table lacks, and its entries for routes that no longer exist. */
export function tableGaps(live: string[], table: Record<string, unknown>): { missing: string[]; stale: string[] } {
  return { missing: live.filter((k) => !table[k]), stale: Object.keys(table).filter((k) => !live.includes(k)) };
}
