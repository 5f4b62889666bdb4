import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { buildJob, buildTask, buildUser } from '@fieldwork/testing/factories';
import { createTestApp, ROLE_CASES, testPasswordHash, type Session, type TestApp } from '../../test-support/test-app.ts';
import { timeline } from '../task-core/tasks.fixture.ts';

let t: TestApp;
let tenantId: string;
let admin: Session;
let T: ReturnType<typeof timeline>;
beforeAll(async () => {
  t = await createTestApp();
  ({ tenantId, admin } = await t.newCompany());
  T = timeline();
});
afterAll(async () => t.close());

/** A technician per task: these tasks overlap in time, and one person's active tasks may not (migration 0004). */
const anyTech = async (tenant = tenantId) => (await buildUser(t.db, { tenantId: tenant, role: 'Technician', passwordHash: await testPasswordHash() })).id;

const change = (s: Session | undefined, jobId: string, action: string) => t.call('PATCH', `/api/jobs/${jobId}/status`, s?.cookie, { action });
const getJob = async (jobId: string, s: Session = admin) => (await t.call('GET', `/api/jobs/${jobId}`, s.cookie)).json().data;
const jobRow = (jobId: string) => t.db.selectFrom('jobs').select(['status', 'version']).where('id', '=', jobId).executeTakeFirstOrThrow();

describe('PATCH /api/jobs/:id/status', () => {
  it('needs a session, jobs.write, a known action and a job of this company', async () => {
    const job = await buildJob(t.db, tenantId);
    expect((await change(undefined, job.id, 'CLOSED')).statusCode).toBe(401);
    for (const c of ROLE_CASES) {
      if (['Admin', 'Staff fullAccess', 'Staff partialAccess'].includes(c.label)) continue;
      expect((await change(await t.signInAs(tenantId, c.role, c.access), job.id, 'CANCELLED')).statusCode, c.label).toBe(403);
    }
    const bad = await change(admin, job.id, 'DELETED');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('action must be one of: CLOSED, REOPENED, CANCELLED.');
    const missing = await change(admin, randomUUID(), 'CLOSED');
    expect(missing.statusCode).toBe(404);
    const other = await t.newCompany();
    expect((await change(admin, (await buildJob(t.db, other.tenantId)).id, 'CLOSED')).body).toBe(missing.body);
    expect(await jobRow(job.id)).toEqual({ status: 'OPEN', version: 1 });
  });

  it('refuses to close while a task is open, and to cancel once work was recorded', async () => {
    const job = await buildJob(t.db, tenantId);
    await buildTask(t.db, tenantId, { jobId: job.id, technicianId: await anyTech(), startAt: T.shift(T.startOfTomorrow, T.hour) });
    await buildTask(t.db, tenantId, { jobId: job.id, technicianId: await anyTech(), lifecycle: 'CLOSED', startAt: T.startOfToday });
    const close = await change(admin, job.id, 'CLOSED');
    expect(close.statusCode).toBe(409);
    expect(close.json().message).toBe('This job cannot be closed while it has open tasks.');
    for (const lifecycle of ['CLOCKED_IN', 'CLOCKED_OUT', 'CLOSED'] as const) {
      const worked = await buildJob(t.db, tenantId);
      await buildTask(t.db, tenantId, { jobId: worked.id, technicianId: await anyTech(), lifecycle, startAt: T.startOfToday });
      const cancel = await change(admin, worked.id, 'CANCELLED');
      expect(cancel.statusCode, lifecycle).toBe(409);
      expect(cancel.json().message).toBe('This job cannot be cancelled because work has been recorded on its tasks.');
      expect(await jobRow(worked.id)).toEqual({ status: 'OPEN', version: 1 });
    }
    const empty = await buildJob(t.db, tenantId);
    expect((await change(admin, empty.id, 'CLOSED')).json().message).toBe('This job has no work recorded on its tasks; cancel it instead of closing it.');
    expect((await change(admin, empty.id, 'REOPENED')).json().message).toBe('Only a closed job can be re-opened.');
  });

  it('closes a job whose tasks are all closed, re-opens it, and logs both', async () => {
    const job = await buildJob(t.db, tenantId);
    await buildTask(t.db, tenantId, { jobId: job.id, technicianId: await anyTech(), lifecycle: 'CLOSED', startAt: T.startOfToday });
    await buildTask(t.db, tenantId, { jobId: job.id, lifecycle: 'CANCELLED' });
    const closed = await change(admin, job.id, 'CLOSED');
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data).toMatchObject({
      status: 'CLOSED',
      version: 2,
      statusInfo: { status: 'CLOSED', summary: { state: 'CLOSED', label: 'Closed' } },
      statusActions: { CLOSED: false, CANCELLED: false, REOPENED: true },
    });
    expect((await change(admin, job.id, 'CANCELLED')).json().message).toBe('A closed job cannot be cancelled.');
    const reopened = await change(admin, job.id, 'REOPENED');
    expect(reopened.json().data).toMatchObject({
      status: 'OPEN',
      version: 3,
      statusInfo: { summary: { state: 'ALL_TASKS_CLOSED', label: 'All Tasks Closed' } },
    });
    const log = (await t.call('GET', `/api/jobs/${job.id}/activities`, admin.cookie)).json().data.items;
    expect(log.slice(0, 2)).toMatchObject([
      { action: 'JOB_STATUS_CHANGED', meta: [{ field: 'Status', oldValue: 'CLOSED', newValue: 'OPEN' }] },
      { action: 'JOB_STATUS_CHANGED', meta: [{ field: 'Status', oldValue: 'OPEN', newValue: 'CLOSED' }] },
    ]);
  });

  it('cancels the job and its open tasks in one go, and a cancelled job stays cancelled', async () => {
    const job = await buildJob(t.db, tenantId);
    const a = await buildTask(t.db, tenantId, { jobId: job.id });
    const b = await buildTask(t.db, tenantId, { jobId: job.id, technicianId: await anyTech(), startAt: T.shift(T.startOfTomorrow, T.hour) });
    const res = await change(admin, job.id, 'CANCELLED');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'CANCELLED',
      statusActions: { CLOSED: false, CANCELLED: false, REOPENED: false },
      taskCounts: { total: 0 },
    });
    const rows = await t.db.selectFrom('tasks').select(['id', 'lifecycle', 'version']).where('job_id', '=', job.id).orderBy('task_number').execute();
    expect(rows).toEqual([
      { id: a.id, lifecycle: 'CANCELLED', version: 2 },
      { id: b.id, lifecycle: 'CANCELLED', version: 2 },
    ]);
    const log = await t.db.selectFrom('activity_log').select(['action', 'entity_id']).where('job_id', '=', job.id).execute();
    expect(
      log
        .filter((e) => e.action === 'TASK_CANCELLED')
        .map((e) => e.entity_id)
        .sort(),
    ).toEqual([a.id, b.id].sort());
    expect(log.filter((e) => e.action === 'JOB_STATUS_CHANGED')).toHaveLength(1);
    for (const action of ['REOPENED', 'CANCELLED', 'CLOSED']) expect((await change(admin, job.id, action)).statusCode, action).toBe(409);
    expect((await change(admin, job.id, 'REOPENED')).json().message).toBe('A cancelled job cannot be re-opened.');
  });
});

describe('task figures on jobs', () => {
  it('give the detail statusInfo, taskCounts and statusActions, and the list the same from one query', async () => {
    const job = await buildJob(t.db, tenantId, { name: 'Figures job' });
    await buildTask(t.db, tenantId, { jobId: job.id, technicianId: await anyTech(), startAt: T.at(-3 * T.day), expectedEndAt: T.at(-3 * T.day + T.hour) });
    await buildTask(t.db, tenantId, { jobId: job.id, technicianId: await anyTech(), lifecycle: 'CLOCKED_IN', startAt: T.startOfToday });
    await buildTask(t.db, tenantId, { jobId: job.id, technicianId: await anyTech(), lifecycle: 'CLOCKED_OUT', startAt: T.startOfToday });
    await buildTask(t.db, tenantId, { jobId: job.id, technicianId: await anyTech(), lifecycle: 'CLOSED', startAt: T.startOfToday });
    await buildTask(t.db, tenantId, { jobId: job.id, lifecycle: 'CANCELLED' });
    const detail = await getJob(job.id);
    expect(detail).toMatchObject({
      statusInfo: {
        status: 'OPEN',
        openTasksCount: 3,
        overdueTasksCount: 1,
        totalTasksCount: 4,
        summary: { state: 'OVERDUE_TASKS', label: '1 Overdue Tasks' },
      },
      taskCounts: { total: 4, closed: 1, clockedIn: 1, clockedOut: 1 },
      statusActions: { CLOSED: false, CANCELLED: false, REOPENED: false },
      counts: { tasks: 5 },
    });
    const listed = (await t.call('GET', '/api/jobs?limit=100', admin.cookie)).json().data.find((j: { id: string }) => j.id === job.id);
    expect(listed.statusInfo).toEqual(detail.statusInfo);
    expect(listed.statusActions).toEqual(detail.statusActions);
    const fresh = await buildJob(t.db, tenantId);
    await buildTask(t.db, tenantId, { jobId: fresh.id });
    expect((await getJob(fresh.id)).statusActions).toEqual({ CLOSED: false, CANCELLED: true, REOPENED: false });
    const viewOnly = await t.signInAs(tenantId, 'Staff', 'onlyViewAccess');
    expect((await getJob(fresh.id, viewOnly)).statusActions).toEqual({ CLOSED: false, CANCELLED: false, REOPENED: false });
    expect((await getJob(fresh.id)).statusInfo.summary).toEqual({ state: 'OPEN_TASKS', label: '1 Open Tasks' });
  });

  it('summary counts closed tasks from the counters and overdue (missed) tasks by range', async () => {
    const other = await t.newCompany();
    const job = await buildJob(t.db, other.tenantId);
    const z = timeline();
    await buildTask(t.db, other.tenantId, {
      jobId: job.id,
      technicianId: await anyTech(other.tenantId),
      startAt: z.at(-3 * z.day),
      expectedEndAt: z.at(-3 * z.day + z.hour),
    });
    await buildTask(t.db, other.tenantId, { jobId: job.id, technicianId: await anyTech(other.tenantId), startAt: z.at(-3 * z.day) });
    await buildTask(t.db, other.tenantId, { jobId: job.id, startAt: z.at(-3 * z.day), expectedEndAt: z.at(-3 * z.day + z.hour) });
    await buildTask(t.db, other.tenantId, {
      jobId: job.id,
      technicianId: await anyTech(other.tenantId),
      lifecycle: 'CLOSED',
      startAt: z.at(-3 * z.day),
      expectedEndAt: z.at(-3 * z.day + z.hour),
    });
    await buildTask(t.db, other.tenantId, { jobId: job.id, technicianId: await anyTech(other.tenantId), startAt: z.startOfToday, expectedEndAt: z.at(z.day) });
    const summary = (await t.call('GET', '/api/jobs/summary', other.admin.cookie)).json().data;
    expect(summary).toMatchObject({ openJobs: 1, overdueTasks: 2, closedTasks: 1 });
  });
});
