import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { TASK_MESSAGES } from '@fieldwork/domain/tasks/tasks.schemas';
import { buildCustomer, buildJob, buildSubcontractor, buildTask, buildUser } from '@fieldwork/testing/factories';
import { createTestApp, ROLE_CASES, testPasswordHash, type Session, type TestApp } from '../../test-support/test-app.ts';
import { ASSIGNEE_MESSAGES } from '../task-core/tasks-assignee.service.ts';
import { addWorkPeriod, subcontractorLogin, taskLog, taskRow, timeline } from '../task-core/tasks.fixture.ts';

let t: TestApp;
let tenantId: string;
let admin: Session;
let tech: Session;
let job: Awaited<ReturnType<typeof buildJob>>;
beforeAll(async () => {
  t = await createTestApp();
  ({ tenantId, admin } = await t.newCompany());
  tech = await t.signInAs(tenantId, 'Technician');
  job = await buildJob(t.db, tenantId, { customer: await buildCustomer(t.db, tenantId, { name: 'Harbor Hotel' }) });
  T = timeline();
});
afterAll(async () => t.close());
// One person's active tasks may not overlap (migration 0004): each test works with a technician of its own.
beforeEach(async () => {
  tech = await t.signInAs(tenantId, 'Technician');
});

const create = (s: Session | undefined, payload: object) => t.call('POST', '/api/tasks', s?.cookie, payload);
let T: ReturnType<typeof timeline>;

describe('POST /api/tasks', () => {
  it('needs a session and tasks.write', async () => {
    expect((await create(undefined, { jobId: job.id, name: 'x' })).statusCode).toBe(401);
    for (const c of ROLE_CASES) {
      const s = await t.signInAs(tenantId, c.role, c.access);
      const res = await create(s, { jobId: job.id, name: `By ${c.label}` });
      expect(res.statusCode, c.label).toBe(['Admin', 'Staff fullAccess', 'Staff partialAccess'].includes(c.label) ? 201 : 403);
    }
  });

  it("answers the contract's messages", async () => {
    const start = T.at(T.day);
    const cases: [object, string][] = [
      [{ jobId: job.id }, 'Task Name is mandatory.'],
      [{ jobId: job.id, name: '  ' }, 'Task Name is mandatory.'],
      [{ jobId: job.id, name: 'x'.repeat(101) }, 'Task Name must be less than or equal to 100 characters.'],
      [{ jobId: 'nope', name: 'x' }, 'Job must be a valid UUID.'],
      [{ jobId: job.id, name: 'x', assignTo: 'TECHNICIAN', assignedTechnicianId: tech.user.id }, TASK_MESSAGES.startRequired],
      [{ jobId: job.id, name: 'x', startDateTime: start, assignTo: 'TECHNICIAN' }, TASK_MESSAGES.technicianRequired],
      [{ jobId: job.id, name: 'x', startDateTime: start, assignTo: 'SUBCONTRACTOR' }, TASK_MESSAGES.subcontractorRequired],
      [{ jobId: job.id, name: 'x', startDateTime: start, expectedEndDateTime: T.at(0) }, TASK_MESSAGES.endBeforeStart],
      [{ jobId: job.id, name: 'x', startDateTime: 'tomorrow' }, 'Start date-time must be a valid ISO 8601 date-time.'],
    ];
    for (const [payload, message] of cases) {
      const res = await create(admin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message, JSON.stringify(payload)).toContain(message);
    }
  });

  it('refuses a missing or foreign job (same 404) and a job that is not open (409)', async () => {
    const other = await t.newCompany();
    const foreign = await buildJob(t.db, other.tenantId);
    const missing = await create(admin, { jobId: randomUUID(), name: 'x' });
    const asForeign = await create(admin, { jobId: foreign.id, name: 'x' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Job not found.');
    expect(asForeign.body).toBe(missing.body);
    for (const status of ['CLOSED', 'CANCELLED'] as const) {
      const closed = await buildJob(t.db, tenantId, { status });
      const res = await create(admin, { jobId: closed.id, name: 'x' });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(TASK_MESSAGES.jobNotOpen);
    }
  });

  it('accepts only active technicians and subcontractors of the company (400 naming the field)', async () => {
    const other = await t.newCompany();
    const hash = await testPasswordHash();
    const staff = await buildUser(t.db, { tenantId, role: 'Staff', passwordHash: hash });
    const disabled = await buildUser(t.db, { tenantId, role: 'Technician', status: 'DISABLED', passwordHash: hash });
    const foreignTech = await buildUser(t.db, { tenantId: other.tenantId, role: 'Technician', passwordHash: hash });
    const foreignSub = await buildSubcontractor(t.db, other.tenantId);
    const start = T.at(T.day);
    for (const id of [staff.id, disabled.id, foreignTech.id, randomUUID()]) {
      const res = await create(admin, { jobId: job.id, name: 'x', startDateTime: start, assignTo: 'TECHNICIAN', assignedTechnicianId: id });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toEqual([ASSIGNEE_MESSAGES.technician]);
    }
    const res = await create(admin, { jobId: job.id, name: 'x', startDateTime: start, assignTo: 'SUBCONTRACTOR', assignedSubcontractorId: foreignSub.id });
    expect(res.json().message).toEqual([ASSIGNEE_MESSAGES.subcontractor]);
  });

  it('creates an unscheduled task: numbered, counted on the job, logged for task and job', async () => {
    const before = await t.db.selectFrom('jobs').select('task_count').where('id', '=', job.id).executeTakeFirstOrThrow();
    const res = await create(admin, { jobId: job.id, name: ' Inspect boiler ', description: 'Bring the long ladder' });
    expect(res.statusCode, res.body).toBe(201);
    const { id, taskNumber } = res.json().data;
    const row = await taskRow(t.db, id);
    expect(row).toMatchObject({
      tenant_id: tenantId,
      task_number: taskNumber,
      task_number_text: String(taskNumber),
      name: 'Inspect boiler',
      description: 'Bring the long ladder',
      job_id: job.id,
      customer_id: job.customerId,
      lifecycle: 'OPEN',
      assigned_to: 'NONE',
      assignee_key: null,
      schedule_id: null,
      start_at: null,
      expected_end_at: null,
      created_by: admin.user.id,
      version: 1,
    });
    const after = await t.db.selectFrom('jobs').select('task_count').where('id', '=', job.id).executeTakeFirstOrThrow();
    expect(Number(after.task_count)).toBe(Number(before.task_count) + 1);
    const log = await taskLog(t.db, id);
    expect(log).toEqual([expect.objectContaining({ action: 'TASK_CREATED', job_id: job.id, message: `Created task #${taskNumber}` })]);
    const jobLog = (await t.call('GET', `/api/jobs/${job.id}/activities`, admin.cookie)).json().data.items;
    expect(jobLog.map((e: { action: string }) => e.action)).toContain('TASK_CREATED');
  });

  it('schedules with the default two hours and assigns a technician or a subcontractor', async () => {
    const start = T.at(T.day);
    const res = await create(admin, { jobId: job.id, name: 'Scheduled', startDateTime: start, assignTo: 'TECHNICIAN', assignedTechnicianId: tech.user.id });
    const row = await taskRow(t.db, res.json().data.id);
    expect(row).toMatchObject({
      start_at: start,
      expected_end_at: T.shift(start, 2 * T.hour),
      assigned_to: 'TECHNICIAN',
      assigned_user_id: tech.user.id,
      assignee_key: tech.user.id,
    });
    expect(row.schedule_id).toMatch(/^[0-9a-f-]{36}$/);
    const sub = await buildSubcontractor(t.db, tenantId);
    const bySub = await create(admin, {
      jobId: job.id,
      name: 'Sub',
      startDateTime: start,
      expectedEndDateTime: T.shift(start, T.hour),
      assignTo: 'SUBCONTRACTOR',
      assignedSubcontractorId: sub.id,
    });
    expect(await taskRow(t.db, bySub.json().data.id)).toMatchObject({
      assigned_to: 'SUBCONTRACTOR',
      assigned_subcontractor_id: sub.id,
      assignee_key: sub.id,
      assigned_user_id: null,
    });
    const later = await create(admin, { jobId: job.id, name: 'Later', startDateTime: start, assignTo: 'LATER', assignedTechnicianId: tech.user.id });
    expect(await taskRow(t.db, later.json().data.id)).toMatchObject({ assigned_to: 'NONE', assignee_key: null, start_at: start });
  });

  it('numbers tasks per company', async () => {
    const other = await t.newCompany();
    const otherJob = await buildJob(t.db, other.tenantId);
    const res = await create(other.admin, { jobId: otherJob.id, name: 'First' });
    expect(res.json().data.taskNumber).toBe(1001);
  });
});

describe('GET /api/tasks/:id', () => {
  it('shows the task with its job, customer, site, schedule, assignee, derived status and actions', async () => {
    const start = T.startOfToday;
    const id = (
      await create(admin, {
        jobId: job.id,
        name: 'Detail',
        description: 'd',
        startDateTime: start,
        expectedEndDateTime: T.at(2 * T.hour),
        assignTo: 'TECHNICIAN',
        assignedTechnicianId: tech.user.id,
      })
    ).json().data.id;
    const res = await t.call('GET', `/api/tasks/${id}`, admin.cookie);
    expect(res.statusCode).toBe(200);
    const task = res.json().data;
    expect(task).toMatchObject({
      id,
      name: 'Detail',
      description: 'd',
      status: 'OPEN',
      displayStatus: 'Open',
      lifecycle: 'OPEN',
      dateCategory: 'today',
      jobId: job.id,
      job: { id: job.id, jobNumber: job.jobNumber, status: 'OPEN' },
      customer: { id: job.customerId, name: 'Harbor Hotel' },
      siteAddress: { fullAddress: '1 Main St, Springfield' },
      buildingUnit: null,
      requester: null,
      createdBy: { userId: admin.user.id },
      assignedTo: 'TECHNICIAN',
      assignedUser: { userId: tech.user.id },
      assignedSubcontractor: null,
      taskScheduler: { startDateTime: start, endDateTime: null },
      estimateCount: 0,
      invoiceCount: 0,
      version: 1,
    });
    expect(task.actions.close).toEqual({ visible: true, allowed: true, reason: null });
    expect(task.actions.edit).toEqual({ visible: true, allowed: true, reason: null });
    expect(task.actions.cancel.visible).toBe(false);
  });

  it("reads another company's task, and another assignee's for field roles, exactly like a missing one", async () => {
    const other = await t.newCompany();
    const foreign = await buildTask(t.db, other.tenantId);
    const missing = await t.call('GET', `/api/tasks/${randomUUID()}`, admin.cookie);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(TASK_MESSAGES.notFound);
    expect((await t.call('GET', `/api/tasks/${foreign.id}`, admin.cookie)).body).toBe(missing.body);
    const tech2 = await t.signInAs(tenantId, 'Technician');
    const mine = await buildTask(t.db, tenantId, { jobId: job.id, technicianId: tech.user.id });
    const unassigned = await buildTask(t.db, tenantId, { jobId: job.id });
    expect((await t.call('GET', `/api/tasks/${mine.id}`, tech.cookie)).statusCode).toBe(200);
    for (const id of [mine.id, unassigned.id]) expect((await t.call('GET', `/api/tasks/${id}`, tech2.cookie)).body).toBe(missing.body);
    const { session: subUser, subcontractorId } = await subcontractorLogin(t, tenantId);
    const forSub = await buildTask(t.db, tenantId, { jobId: job.id, subcontractorId });
    const forOtherSub = await buildTask(t.db, tenantId, { jobId: job.id, subcontractorId: (await buildSubcontractor(t.db, tenantId)).id });
    expect((await t.call('GET', `/api/tasks/${forSub.id}`, subUser.cookie)).json().data.assignedSubcontractor.id).toBe(subcontractorId);
    expect((await t.call('GET', `/api/tasks/${forOtherSub.id}`, subUser.cookie)).body).toBe(missing.body);
    expect((await t.call('GET', `/api/tasks/${mine.id}`, subUser.cookie)).body).toBe(missing.body);
    const noAccess = await t.signInAs(tenantId, 'Staff', 'noAccess');
    expect((await t.call('GET', `/api/tasks/${mine.id}`, noAccess.cookie)).statusCode).toBe(403);
    expect((await t.call('GET', `/api/tasks/${mine.id}`)).statusCode).toBe(401);
  });

  it('lists work periods in start order and the change log newest first', async () => {
    const task = await buildTask(t.db, tenantId, { jobId: job.id, technicianId: tech.user.id, lifecycle: 'CLOCKED_OUT', startAt: T.at(-5 * T.hour) });
    await addWorkPeriod(t.db, tenantId, task, T.at(-2 * T.hour), T.at(-T.hour), tech.user.id);
    await addWorkPeriod(t.db, tenantId, task, T.at(-4 * T.hour), T.at(-3 * T.hour), tech.user.id);
    const periods = (await t.call('GET', `/api/tasks/${task.id}/activities`, tech.cookie)).json().data;
    expect(periods.map((p: { startTime: string }) => p.startTime)).toEqual([T.at(-4 * T.hour), T.at(-2 * T.hour)]);
    expect(periods[0].user).toEqual({ userId: tech.user.id, username: 'User Technician' });
    const id = (await create(admin, { jobId: job.id, name: 'Logged' })).json().data.id;
    await t.call('PUT', `/api/tasks/${id}`, admin.cookie, { name: 'Logged twice', version: 1 });
    const log = (await t.call('GET', `/api/tasks/${id}/activity-log?limit=1`, admin.cookie)).json().data;
    expect(log.meta).toEqual({ total: 2, totalPages: 2, page: 1, limit: 1 });
    expect(log.items[0]).toMatchObject({
      action: 'TASK_UPDATED',
      meta: [{ field: 'Task Name', oldValue: 'Logged', newValue: 'Logged twice' }],
      createdBy: { userId: admin.user.id },
    });
    expect((await t.call('GET', `/api/tasks/${randomUUID()}/activity-log`, admin.cookie)).statusCode).toBe(404);
  });
});

describe('PUT /api/tasks/:id', () => {
  const put = (s: Session, id: string, payload: object) => t.call('PUT', `/api/tasks/${id}`, s.cookie, payload);

  it('is office work (tasks.write) on a task in progress of an open job, at the version loaded', async () => {
    const task = await buildTask(t.db, tenantId, { jobId: job.id });
    for (const c of ROLE_CASES.filter((r) => !['Admin', 'Staff fullAccess', 'Staff partialAccess'].includes(r.label))) {
      const s = await t.signInAs(tenantId, c.role, c.access);
      expect((await put(s, task.id, { name: 'x', version: 1 })).statusCode, c.label).toBe(403);
    }
    const partial = await t.signInAs(tenantId, 'Staff', 'partialAccess');
    expect((await put(partial, task.id, { name: 'Renamed', version: 1 })).statusCode).toBe(200);
    const stale = await put(admin, task.id, { name: 'Again', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE_VERSION');
    expect((await put(admin, task.id, { version: 2 })).json().message).toContain('Task Name is mandatory.');
    expect((await put(admin, randomUUID(), { name: 'x', version: 1 })).statusCode).toBe(404);
    const closed = await buildTask(t.db, tenantId, { jobId: job.id, lifecycle: 'CLOSED', technicianId: tech.user.id });
    const res = await put(admin, closed.id, { name: 'x', version: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(TASK_MESSAGES.finished);
    const closedJob = await buildJob(t.db, tenantId, { status: 'CLOSED' });
    const onClosedJob = await buildTask(t.db, tenantId, { jobId: closedJob.id });
    expect((await put(admin, onClosedJob.id, { name: 'x', version: 1 })).json().message).toBe('The job is closed or cancelled.');
  });

  it('saves name, description, schedule and assignee with a field-level log and a schedule version', async () => {
    const id = (await create(admin, { jobId: job.id, name: 'Old name' })).json().data.id;
    const start = T.at(2 * T.day);
    const res = await put(admin, id, {
      name: 'New name',
      description: 'Now with notes',
      startDateTime: start,
      assignTo: 'TECHNICIAN',
      assignedTechnicianId: tech.user.id,
      version: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      name: 'New name',
      description: 'Now with notes',
      status: 'UPCOMING',
      version: 2,
      assignedUser: { userId: tech.user.id },
    });
    const row = await taskRow(t.db, id);
    expect(row).toMatchObject({ start_at: start, expected_end_at: T.shift(start, 2 * T.hour), schedule_version: 1, assignee_key: tech.user.id });
    const [, updated] = await taskLog(t.db, id);
    expect(JSON.parse(updated!.meta)).toEqual(
      expect.arrayContaining([
        { field: 'Task Name', oldValue: 'Old name', newValue: 'New name' },
        { field: 'Start Date-Time', oldValue: null, newValue: start },
        { field: 'Assigned To', oldValue: null, newValue: 'User Technician' },
      ]),
    );
    const unscheduled = await put(admin, id, { name: 'New name', version: 2 });
    expect(unscheduled.json().data).toMatchObject({ status: 'UNSCHEDULED', taskScheduler: null, assignedTo: 'NONE' });
    expect(await taskRow(t.db, id)).toMatchObject({ schedule_id: null, schedule_version: 2, assignee_key: null });
  });

  it('keeps the start of a clocked-in task and never unschedules or unassigns a task with work on it', async () => {
    const start = T.startOfToday;
    const task = await buildTask(t.db, tenantId, { jobId: job.id, technicianId: tech.user.id, lifecycle: 'CLOCKED_IN', startAt: start });
    const end = T.at(5 * T.hour);
    const res = await put(admin, task.id, {
      name: 'Moved',
      startDateTime: T.at(T.hour),
      expectedEndDateTime: end,
      assignTo: 'TECHNICIAN',
      assignedTechnicianId: tech.user.id,
      version: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await taskRow(t.db, task.id)).toMatchObject({ start_at: start, expected_end_at: end });
    for (const lifecycle of ['CLOCKED_IN', 'CLOCKED_OUT'] as const) {
      const worker = await buildUser(t.db, { tenantId, role: 'Technician', passwordHash: await testPasswordHash() });
      const worked = await buildTask(t.db, tenantId, { jobId: job.id, technicianId: worker.id, lifecycle, startAt: start });
      const unassign = await put(admin, worked.id, { name: 'x', startDateTime: start, version: 1 });
      expect(unassign.statusCode, lifecycle).toBe(409);
      expect(unassign.json().message).toBe('A task that has been clocked in cannot be unscheduled or unassigned.');
    }
  });
});

describe('anonymous requests', () => {
  it('get 401 on every task route', async () => {
    const id = randomUUID();
    const calls: [Parameters<TestApp['call']>[0], string, object?][] = [
      ['GET', '/api/tasks'],
      ['POST', '/api/tasks', { jobId: id, name: 'x' }],
      ['GET', `/api/tasks/${id}`],
      ['PUT', `/api/tasks/${id}`, { name: 'x', version: 1 }],
      ['PATCH', `/api/tasks/${id}`, { isCancelled: true }],
      ['GET', `/api/tasks/${id}/activities`],
      ['GET', `/api/tasks/${id}/activity-log`],
      ['POST', '/api/tasks/close', { taskId: id, startDateTime: T.at(0), endDateTime: T.at(0) }],
      ['POST', '/api/tasks/filter-list', { userId: id, status: ['Closed'] }],
      ['PATCH', `/api/jobs/${id}/status`, { action: 'CLOSED' }],
    ];
    for (const [method, url, body] of calls) expect((await t.call(method, url, undefined, body)).statusCode, `${method} ${url}`).toBe(401);
  });
});

describe('OpenAPI', () => {
  it('documents every task route and the job status change, with summaries', async () => {
    const doc = (await t.call('GET', '/api/openapi.json')).json();
    const paths = [
      '/api/tasks',
      '/api/tasks/{id}',
      '/api/tasks/close',
      '/api/tasks/filter-list',
      '/api/tasks/{id}/activities',
      '/api/tasks/{id}/activity-log',
      '/api/jobs/{id}/status',
    ];
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(paths));
    for (const p of paths) for (const op of Object.values(doc.paths[p]) as { summary?: string }[]) expect(op.summary, p).toBeTruthy();
  });
});
