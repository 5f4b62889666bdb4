import { seedNotification } from '../modules/notifications/notifications.fixture.ts';
import { planBody } from './route-requests.ts';
import { EMAIL_TEMPLATE_KINDS } from '@fieldwork/domain/messages/messages.rules';
import { buildCustomer, buildSubcontractor, buildTag, buildTask, buildUser, buildZone } from '@fieldwork/testing/factories';
import { timeline } from '../modules/task-core/tasks.fixture.ts';
import { approvedEstimate, estimateBody, invoiceBody } from '../modules/billing/billing.fixture.ts';
import { testPasswordHash, type Session, type TestApp } from '../test-support/test-app.ts';
import { pngImage } from '@fieldwork/testing/image-samples';

/** Ids of one company's own records by kind, so the fuzzer's valid-looking cases get past the lookups into the services. */
export type RecordIds = Record<string, string[]>;

const PNG_BYTES = pngImage(8, 8);

export function multipart(boundary: string, fileName: string, contentType: string, content: Buffer): Buffer {
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]);
}

/** Two of most kinds (one to change, one to delete), in every state a route acts on: draft, sent and approved documents, a clocked-in task, an open bid. */
export async function seedRecords(t: TestApp, tenantId: string, admin: Session, sub: Session): Promise<RecordIds> {
  const cookie = { cookie: admin.cookie };
  const post = async (url: string, payload: object) => {
    const res = await t.app.inject({ method: 'POST', url, headers: cookie, payload });
    if (res.statusCode >= 300) throw new Error(`seeding ${url} failed: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const ids: RecordIds = {};
  const add = (kind: string, id: string) => (ids[kind] ??= []).push(id);
  const hash = await testPasswordHash();
  for (const role of ['Staff', 'Technician', 'Technician'] as const) add('user', (await buildUser(t.db, { tenantId, role, passwordHash: hash })).id);
  add('user', sub.user.id);
  const techId = ids.user![1]!;
  for (let i = 0; i < 2; i++) {
    add('invitation', (await post('/api/user/invitation', { email: `fuzz${i}@a.test`, role: 'Staff' })).data.invitation.id);
    add('zone', (await buildZone(t.db, tenantId)).id);
    add('tag', (await buildTag(t.db, tenantId)).id);
    const customer = await buildCustomer(t.db, tenantId);
    add('customer', customer.id);
    add('address', customer.addressId);
    add('contact', customer.contactId);
    add('subcontractor', (await buildSubcontractor(t.db, tenantId)).id);
    add('token', (await post('/api/tokens', { name: `Fuzz ${i}` })).data.token.id);
    add('catalogue', (await post('/api/catalogue', { name: `Fuzz service ${i}`, rate: 10 })).data.id);
    add('vehicle', (await post('/api/vehicles', { name: `Van ${i}`, vin: `1HGCM82633A00000${i}` })).data.id);
  }
  const customerId = ids.customer![0]!;
  const addressId = ids.address![0]!;
  for (let i = 0; i < 2; i++) {
    const jobId = (await post('/api/jobs', { customerId, siteAddressId: addressId, name: `Fuzz job ${i}` })).data.id;
    add('job', jobId);
    add('lead', (await post('/api/leads', { customerId, source: 'PHONE' })).data.id);
    add('note', (await post('/api/notes', { noteType: 'Job', note: 'Fuzz note', jobId })).data.id);
    const media = await t.app.inject({
      method: 'POST',
      url: `/api/jobs/media?jobId=${jobId}`,
      headers: { ...cookie, 'content-type': 'multipart/form-data; boundary=fz' },
      payload: multipart('fz', 'a.png', 'image/png', PNG_BYTES),
    });
    add('media', media.json().data.id);
    const start = new Date(Date.now() + (3 + i) * 86_400_000).toISOString();
    const task = (await post('/api/tasks', { jobId, name: `Fuzz task ${i}`, startDateTime: start, assignTo: 'TECHNICIAN', assignedTechnicianId: techId })).data
      .id;
    add('task', task);
    const away = Date.now() + (20 + i) * 86_400_000;
    add(
      'timeOff',
      (await post('/api/time-off', { userId: techId, startDateTime: new Date(away).toISOString(), endDateTime: new Date(away + 3_600_000).toISOString() })).data
        .id,
    );
    add('estimate', (await post('/api/estimates', estimateBody({ accountId: customerId }))).data.id);
    add('estimate', (await post('/api/estimates', estimateBody({ jobId, mode: 'Send' }))).data.id);
    add('estimate', await approvedEstimate(t, admin, jobId));
    add('invoice', (await post('/api/invoices', invoiceBody({ accountId: customerId }))).data.id);
    add('invoice', (await post('/api/invoices', invoiceBody({ jobId, mode: 'Send' }))).data.id);
    add('cost', (await post('/api/cost', { costType: 'OTHER', jobId, description: 'Fuzz cost', amount: 12 })).data.id);
    add('asset', (await post('/api/assets', { customerId, addressId, type: 'BOILER' })).data.id);
    add('plan', (await post('/api/plans', planBody({ customer: customerId, address: addressId }))).data.id);
  }
  for (const task of ids.task!)
    add('schedule', (await t.db.selectFrom('tasks').select('schedule_id').where('id', '=', task).executeTakeFirstOrThrow()).schedule_id!);
  // An open bid of the signed-in subcontractor, and a technician clocked in today (for the activity routes).
  const bidSub = await buildSubcontractor(t.db, tenantId, { userId: sub.user.id });
  add('subcontractor', bidSub.id);
  const bidTask = (await post('/api/tasks', { jobId: ids.job![0]!, name: 'Fuzz bid task' })).data.id;
  add('task', bidTask);
  const bids = await post('/api/tasks/schedule', {
    taskId: bidTask,
    startDateTime: new Date(Date.now() + 5 * 86_400_000).toISOString(),
    assignedTo: 'SUBCONTRACTOR',
    bidRequestSentTo: [bidSub.id],
  });
  add('bid', bids.bidIds[0]);
  const T = timeline();
  const clockTask = await buildTask(t.db, tenantId, { jobId: ids.job![0]!, technicianId: techId, startAt: T.startOfToday, expectedEndAt: T.at(T.day) });
  add('task', clockTask.id);
  await post('/api/tasks/clock-in', { taskId: clockTask.id, jobId: ids.job![0]!, vehicleId: ids.vehicle![0]!, assistants: [ids.user![2]!] });
  add('activity', (await t.db.selectFrom('task_activities').select('id').where('task_id', '=', clockTask.id).executeTakeFirstOrThrow()).id);
  const secret = (await post('/api/tokens', { name: 'Fuzz receptionist', scope: 'receptionist' })).data.secret as string;
  ids.bearer = [secret];
  const call = await t.app.inject({
    method: 'POST',
    url: '/api/receptionist/calls',
    headers: { authorization: `Bearer ${secret}` },
    payload: {
      externalCallId: 'fuzz-call-1',
      callerName: 'Caller',
      callerNumber: '555-0100',
      startedAt: '2026-11-01T10:00:00Z',
      endedAt: '2026-11-01T10:02:00Z',
      outcome: 'BOOKED',
      jobId: ids.job![0]!,
      leadId: ids.lead![0]!,
    },
  });
  add('call', call.json().data.id);
  // An invitation's email: a message and its outbox job.
  await post('/api/user/invitation', { email: `fuzz-invitee-${tenantId.slice(0, 8)}@example.com`, role: 'Staff' });
  add('message', (await t.db.selectFrom('messages').select('id').where('tenant_id', '=', tenantId).executeTakeFirstOrThrow()).id);
  add('backgroundJob', (await t.db.selectFrom('background_jobs').select('id').where('tenant_id', '=', tenantId).executeTakeFirstOrThrow()).id);
  add('notification', await seedNotification(t.db, tenantId));
  // Not ids but the template kinds a path names.
  ids.emailKind = [...EMAIL_TEMPLATE_KINDS];
  return ids;
}
