import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { buildJob, buildSubcontractor, buildTask, buildUser } from '@fieldwork/testing/factories';
import { createTestApp, testPasswordHash, type Session, type TestApp } from '../../test-support/test-app.ts';
import { approvedEstimate } from '../billing/billing.fixture.ts';
import { subcontractorLogin } from '../task-core/tasks.fixture.ts';
import { person, todayTask, vehicleRow } from '../clock/clock.fixture.ts';
import { addCost, clockedOutTask, other } from './costs.fixture.ts';

let t: TestApp;
let tenantId: string;
let admin: Session;
beforeAll(async () => {
  t = await createTestApp();
  ({ tenantId, admin } = await t.newCompany());
});
afterAll(async () => t.close());

const material = (jobId: string, taskId?: string) => ({
  costType: 'MATERIAL',
  jobId,
  ...(taskId ? { taskId } : {}),
  item: 'Fittings',
  quantity: 4,
  unitCost: 2.5,
});

describe('who may add and see costs (task addCost / viewCost rules)', () => {
  it('a technician adds, edits and reads costs of their own task, nothing job-wide and nothing of others', async () => {
    const f = await clockedOutTask(t, tenantId);
    const mine = await addCost(t, f.tech, material(f.job.id, f.task.id));
    const officeCost = await addCost(t, admin, other(f.job.id));
    expect(
      (await t.call('PUT', `/api/cost/${mine.id}`, f.tech.cookie, { ...material(f.job.id, f.task.id), quantity: 5, version: 1 })).json().data,
    ).toMatchObject({ amount: 12.5 });
    const list = await t.call('GET', `/api/cost/list?taskId=${f.task.id}`, f.tech.cookie);
    expect(list.json().data.map((c: { id: string }) => c.id)).toEqual([mine.id]);
    expect((await t.call('GET', `/api/cost/get?id=${mine.id}`, f.tech.cookie)).statusCode).toBe(200);
    // Job-level and office records read as missing; job-wide lists, summaries and exports are office-only.
    expect((await t.call('GET', `/api/cost/get?id=${officeCost.id}`, f.tech.cookie)).statusCode).toBe(404);
    expect((await t.call('PUT', `/api/cost/${officeCost.id}`, f.tech.cookie, { ...other(f.job.id), version: 1 })).statusCode).toBe(404);
    expect((await t.call('DELETE', `/api/cost/${officeCost.id}`, f.tech.cookie)).statusCode).toBe(404);
    expect((await t.call('GET', `/api/cost/list?jobId=${f.job.id}`, f.tech.cookie)).statusCode).toBe(403);
    expect((await t.call('GET', `/api/cost/analysis/${f.job.id}`, f.tech.cookie)).statusCode).toBe(403);
    expect((await t.call('GET', `/api/cost?jobId=${f.job.id}`, f.tech.cookie)).statusCode).toBe(403);
    expect((await t.call('POST', '/api/cost', f.tech.cookie, other(f.job.id))).statusCode).toBe(403);
    // The helper is not the task's assignee: the task reads as missing to them.
    expect((await t.call('POST', '/api/cost', f.helper.cookie, material(f.job.id, f.task.id))).statusCode).toBe(404);
    expect((await t.call('GET', `/api/cost/suggestions?taskId=${f.task.id}`, f.helper.cookie)).statusCode).toBe(404);
    const est = await approvedEstimate(t, admin, f.job.id);
    expect((await t.call('POST', '/api/cost', f.tech.cookie, { ...other(f.job.id), costFor: 'ESTIMATE', estimateId: est })).statusCode).toBe(403);
    expect((await t.call('DELETE', `/api/cost/${mine.id}`, f.tech.cookie)).statusCode).toBe(204);
  });

  it('refuses adding on unassigned, cancelled and subcontractor tasks, and once the task and job are closed (then only viewing)', async () => {
    const f = await clockedOutTask(t, tenantId);
    const unassigned = await buildTask(t.db, tenantId, { jobId: f.job.id });
    const cancelled = await todayTask(t, tenantId, f.job.id, f.tech.user.id, { lifecycle: 'CANCELLED' });
    const { session: subSession, subcontractorId } = await subcontractorLogin(t, tenantId);
    const subTask = await buildTask(t.db, tenantId, { jobId: f.job.id, subcontractorId });
    for (const task of [unassigned, cancelled, subTask]) {
      const res = await t.call('POST', '/api/cost', admin.cookie, material(f.job.id, task.id));
      expect(res.statusCode, res.body).toBe(409);
    }
    // Subcontractor logins never reach costs, not even on their own task.
    expect((await t.call('POST', '/api/cost', subSession.cookie, material(f.job.id, subTask.id))).statusCode).toBe(403);
    expect((await t.call('GET', `/api/cost/list?taskId=${subTask.id}`, subSession.cookie)).statusCode).toBe(403);
    expect((await t.call('GET', `/api/cost/suggestions?taskId=${subTask.id}`, subSession.cookie)).statusCode).toBe(403);
    // A closed task on a closed job: adding is refused, viewing is allowed.
    // (Another technician: PostgreSQL's no-overlap constraint keeps one person's active tasks apart.)
    const closer = await person(t, tenantId, 'Technician', 'Carl Closer');
    const closedJob = await buildJob(t.db, tenantId, { status: 'CLOSED' });
    const closedTask = await todayTask(t, tenantId, closedJob.id, closer.user.id, { lifecycle: 'CLOSED' });
    expect((await t.call('POST', '/api/cost', closer.cookie, material(closedJob.id, closedTask.id))).statusCode).toBe(409);
    expect((await t.call('GET', `/api/cost/list?taskId=${closedTask.id}`, closer.cookie)).statusCode).toBe(200);
    // The office still records late bills on a closed job without a task.
    expect((await t.call('POST', '/api/cost', admin.cookie, other(closedJob.id))).statusCode).toBe(201);
    // A task of another job does not fit.
    expect((await t.call('POST', '/api/cost', admin.cookie, material(closedJob.id, f.task.id))).statusCode).toBe(400);
  });

  it("office roles: partial writes job costs but not on someone else's task, view-only reads, no-access nothing", async () => {
    const f = await clockedOutTask(t, tenantId);
    const partial = await t.signInAs(tenantId, 'Staff', 'partialAccess');
    const viewOnly = await t.signInAs(tenantId, 'Staff', 'onlyViewAccess');
    const none = await t.signInAs(tenantId, 'Staff', 'noAccess');
    const fullStaff = await t.signInAs(tenantId, 'Staff', 'fullAccess');
    expect((await t.call('POST', '/api/cost', partial.cookie, other(f.job.id))).statusCode).toBe(201);
    expect((await t.call('POST', '/api/cost', partial.cookie, material(f.job.id, f.task.id))).statusCode).toBe(403);
    expect((await t.call('POST', '/api/cost', fullStaff.cookie, material(f.job.id, f.task.id))).statusCode).toBe(201);
    expect((await t.call('GET', `/api/cost/list?jobId=${f.job.id}`, viewOnly.cookie)).json().pagination.totalItems).toBe(2);
    expect((await t.call('GET', `/api/cost/analysis/${f.job.id}`, viewOnly.cookie)).statusCode).toBe(200);
    expect((await t.call('POST', '/api/cost', viewOnly.cookie, other(f.job.id))).statusCode).toBe(403);
    for (const url of [`/api/cost/list?jobId=${f.job.id}`, `/api/cost/analysis/${f.job.id}`, `/api/cost/suggestions?taskId=${f.task.id}`]) {
      expect((await t.call('GET', url, none.cookie)).statusCode, url).toBe(403);
    }
  });
});

describe("another company's ids read as missing", () => {
  it('job, task, estimate, cost, user, vehicle and subcontractor ids of company B: 404 with the missing body', async () => {
    const b = await t.newCompany();
    const bf = await clockedOutTask(t, b.tenantId);
    const bCost = await addCost(t, b.admin, other(bf.job.id));
    const bEst = await approvedEstimate(t, b.admin, bf.job.id);
    const bUser = await buildUser(t.db, { tenantId: b.tenantId, role: 'Technician', passwordHash: await testPasswordHash() });
    const bVan = await vehicleRow(t, b.tenantId, { vin: '1HGCM82633A777777' });
    const job = await buildJob(t.db, tenantId);
    const same = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', foreign: string, missing: string, body?: object, bodyMissing?: object) => {
      const a = await t.call(method, foreign, admin.cookie, body);
      const m = await t.call(method, missing, admin.cookie, bodyMissing ?? body);
      expect(a.statusCode, `${foreign}: ${a.body}`).toBe(404);
      expect(a.body).toBe(m.body);
    };
    const r = randomUUID();
    await same('GET', `/api/cost/get?id=${bCost.id}`, `/api/cost/get?id=${r}`);
    await same('PUT', `/api/cost/${bCost.id}`, `/api/cost/${r}`, { ...other(job.id), version: 1 });
    await same('DELETE', `/api/cost/${bCost.id}`, `/api/cost/${r}`);
    await same('GET', `/api/cost/analysis/${bf.job.id}`, `/api/cost/analysis/${r}`);
    await same('GET', `/api/cost?jobId=${bf.job.id}`, `/api/cost?jobId=${r}`);
    await same('GET', `/api/cost?estimateId=${bEst}`, `/api/cost?estimateId=${r}`);
    await same('GET', `/api/cost/suggestions?taskId=${bf.task.id}`, `/api/cost/suggestions?taskId=${r}`);
    await same('POST', '/api/cost', '/api/cost', other(bf.job.id), other(r));
    await same('POST', '/api/cost', '/api/cost', material(job.id, bf.task.id), material(job.id, r));
    await same(
      'POST',
      '/api/cost',
      '/api/cost',
      { ...other(job.id), costFor: 'ESTIMATE', estimateId: bEst },
      { ...other(job.id), costFor: 'ESTIMATE', estimateId: r },
    );
    await same(
      'POST',
      '/api/cost',
      '/api/cost',
      { costType: 'LABOR', jobId: job.id, userId: bUser.id, hours: 1 },
      { costType: 'LABOR', jobId: job.id, userId: r, hours: 1 },
    );
    await same(
      'POST',
      '/api/cost',
      '/api/cost',
      { costType: 'VEHICLE', jobId: job.id, vehicleId: bVan.id, hours: 1 },
      { costType: 'VEHICLE', jobId: job.id, vehicleId: r, hours: 1 },
    );
    const bSub = (await buildSubcontractor(t.db, b.tenantId)).id;
    await same(
      'POST',
      '/api/cost',
      '/api/cost',
      { costType: 'SUBCONTRACTOR', jobId: job.id, subcontractorId: bSub, amount: 1 },
      { costType: 'SUBCONTRACTOR', jobId: job.id, subcontractorId: r, amount: 1 },
    );
    const list = await t.call('GET', '/api/cost/list?limit=100', admin.cookie);
    expect(list.body).not.toContain(bCost.id);
    expect((await t.db.selectFrom('costs').select('id').where('tenant_id', '=', b.tenantId).execute()).map((c) => c.id)).toEqual([bCost.id]);
  });
});
