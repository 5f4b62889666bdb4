import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COST_MESSAGES } from '@fieldwork/domain/jobs/costs.rules';
import { createTestApp, type Session, type TestApp } from '../../test-support/test-app.ts';
import { person, runningTask } from '../clock/clock.fixture.ts';
import { clockedOutTask, jobCosts } from './costs.fixture.ts';

let t: TestApp;
let tenantId: string;
let admin: Session;
beforeAll(async () => {
  t = await createTestApp();
  ({ tenantId, admin } = await t.newCompany());
});
afterAll(async () => t.close());

const suggestions = (s: Session, taskId: string) => t.call('GET', `/api/cost/suggestions?taskId=${taskId}`, s.cookie);

describe('labor and vehicle suggestions from the clock', () => {
  it('prefills the worker and each assistant at their cost rate and the van at its hourly rate', async () => {
    const f = await clockedOutTask(t, tenantId);
    const res = await suggestions(f.tech, f.task.id);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ taskId: f.task.id, jobId: f.job.id });
    expect(data.labor).toEqual([
      expect.objectContaining({
        costType: 'LABOR',
        activityId: f.activityId,
        user: { id: f.tech.user.id, name: 'Tina Tech' },
        role: 'ASSIGNEE',
        hours: 2.5,
        hourlyRate: 30,
        amount: 75,
      }),
      expect.objectContaining({
        costType: 'LABOR',
        activityId: f.activityId,
        user: { id: f.helper.user.id, name: 'Hank Helper' },
        role: 'ASSISTANT',
        hours: 2.5,
        hourlyRate: 20,
        amount: 50,
      }),
    ]);
    expect(data.vehicle).toEqual([
      expect.objectContaining({
        costType: 'VEHICLE',
        activityId: f.activityId,
        vehicle: { id: f.van.id, name: 'Van' },
        hours: 2.5,
        hourlyRate: 25,
        amount: 62.5,
        miles: 0,
        mileRate: 0.65,
      }),
    ]);
  });

  it('confirming a line removes it from the suggestions; confirming it again is a 409, never a second cost', async () => {
    const f = await clockedOutTask(t, tenantId);
    const labor = { costType: 'LABOR', jobId: f.job.id, taskId: f.task.id, activityId: f.activityId, userId: f.helper.user.id, hours: 2.5 };
    const first = await t.call('POST', '/api/cost', f.tech.cookie, labor);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data).toMatchObject({ amount: 50, activityId: f.activityId, taskId: f.task.id });
    const left = (await suggestions(f.tech, f.task.id)).json().data;
    expect(left.labor.map((l: { user: { id: string } }) => l.user.id)).toEqual([f.tech.user.id]);
    expect(left.vehicle).toHaveLength(1);
    expect((await t.call('POST', '/api/cost', f.tech.cookie, { ...labor, hours: 1 })).json()).toEqual({
      statusCode: 409,
      code: 'CONFLICT',
      message: COST_MESSAGES.alreadyCosted,
    });
    const van = await t.call('POST', '/api/cost', admin.cookie, {
      costType: 'VEHICLE',
      jobId: f.job.id,
      taskId: f.task.id,
      activityId: f.activityId,
      vehicleId: f.van.id,
      hours: 2.5,
    });
    expect(van.json().data).toMatchObject({ amount: 62.5 });
    expect((await suggestions(admin, f.task.id)).json().data.vehicle).toEqual([]);
    expect(await jobCosts(t, f.job.id)).toMatchObject({ total_cost_cents: 11250, cost_count: 2 });
  });

  it('20 parallel confirmations of one line: exactly one cost lands', async () => {
    const f = await clockedOutTask(t, tenantId);
    const body = { costType: 'LABOR', jobId: f.job.id, taskId: f.task.id, activityId: f.activityId, userId: f.tech.user.id, hours: 2.5 };
    const results = await Promise.all(Array.from({ length: 20 }, () => t.call('POST', '/api/cost', admin.cookie, body)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, ...Array<number>(19).fill(409)]);
    expect(await jobCosts(t, f.job.id)).toMatchObject({ total_cost_cents: 7500, cost_count: 1 });
    const vehicleBody = { costType: 'VEHICLE', jobId: f.job.id, taskId: f.task.id, activityId: f.activityId, vehicleId: f.van.id, hours: 2.5 };
    const vans = await Promise.all(Array.from({ length: 20 }, () => t.call('POST', '/api/cost', admin.cookie, vehicleBody)));
    expect(vans.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(await jobCosts(t, f.job.id)).toMatchObject({ total_cost_cents: 7500 + 6250, cost_count: 2 });
  });

  it('checks a confirmed line against its work period: task, person, vehicle, finished', async () => {
    const f = await clockedOutTask(t, tenantId);
    const g = await clockedOutTask(t, tenantId);
    const labor = (o: object) =>
      t.call('POST', '/api/cost', admin.cookie, {
        costType: 'LABOR',
        jobId: f.job.id,
        taskId: f.task.id,
        activityId: f.activityId,
        userId: f.tech.user.id,
        hours: 1,
        ...o,
      });
    expect((await labor({ userId: g.tech.user.id })).json().message).toEqual([COST_MESSAGES.activityOtherPerson]);
    expect((await labor({ activityId: g.activityId })).json().message).toEqual([COST_MESSAGES.activityOtherTask]);
    expect((await labor({ taskId: null })).json().message).toEqual([COST_MESSAGES.activityNeedsTask]);
    const vehicle = await t.call('POST', '/api/cost', admin.cookie, {
      costType: 'VEHICLE',
      jobId: f.job.id,
      taskId: f.task.id,
      activityId: f.activityId,
      vehicleId: g.van.id,
      hours: 1,
    });
    expect(vehicle.json().message).toEqual([COST_MESSAGES.activityOtherVehicle]);
    // A third technician: PostgreSQL's no-overlap constraint keeps one person's active tasks apart.
    const runner = await person(t, tenantId, 'Technician', 'Rita Runner');
    const running = await runningTask(t, tenantId, f.job.id, runner.user.id);
    const open = await t.call('POST', '/api/cost', runner.cookie, {
      costType: 'LABOR',
      jobId: f.job.id,
      taskId: running.id,
      activityId: running.activityId,
      userId: runner.user.id,
      hours: 1,
    });
    expect(open.json()).toMatchObject({ statusCode: 409, message: COST_MESSAGES.activityNotFinished });
    expect((await suggestions(runner, running.id)).json().data).toMatchObject({ labor: [], vehicle: [] });
  });
});
