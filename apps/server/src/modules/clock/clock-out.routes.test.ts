import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { CLOCK_MESSAGES } from '@fieldwork/domain/tasks/clock.schemas';
import { TASK_MESSAGES } from '@fieldwork/domain/tasks/tasks.schemas';
import { buildJob, buildTenant } from '@fieldwork/testing/factories';
import { createTestApp, type Session, type TestApp } from '../../test-support/test-app.ts';
import { taskLog, taskRow } from '../task-core/tasks.fixture.ts';
import { person, runningTask, todayTask } from './clock.fixture.ts';

let t: TestApp;
let tenantId: string;
let admin: Session;
let staff: Session;
let jobId: string;
beforeAll(async () => {
  t = await createTestApp();
  tenantId = (await buildTenant(t.db)).id;
  admin = await person(t, tenantId, 'Admin', 'Ann Admin', 'fullAccess');
  staff = await person(t, tenantId, 'Staff', 'Pat Partial', 'partialAccess');
  jobId = (await buildJob(t.db, tenantId)).id;
});
afterAll(async () => t.close());

const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const clockOut = (s: Session | undefined, payload: object) => t.call('POST', '/api/tasks/clock-out', s?.cookie, payload);
const adjust = (s: Session | undefined, taskId: string, activityId: string, payload: object) =>
  t.call('PATCH', `/api/tasks/${taskId}/activities/${activityId}`, s?.cookie, payload);
const activity = (id: string) => t.db.selectFrom('task_activities').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

async function clockedIn(name = 'Tom Tech', start?: string) {
  const tech = await person(t, tenantId, 'Technician', name);
  const task = await runningTask(t, tenantId, jobId, tech.user.id, start);
  return { tech, task, body: { taskId: task.id, taskActivityId: task.activityId, jobId, description: 'Replaced the pump seal.' } };
}

describe('POST /api/tasks/clock-out', () => {
  it('ends the running period with its description; the task is clocked out and the period cannot end twice', async () => {
    const { tech, task, body } = await clockedIn();
    const before = Date.now();
    const res = await clockOut(tech, { ...body, description: '  Replaced the pump seal.  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      id: task.id,
      lifecycle: 'CLOCKED_OUT',
      status: 'CLOCKED_OUT',
      actions: { clockIn: { visible: true, allowed: true } },
    });
    const period = await activity(task.activityId);
    expect(period.description).toBe('Replaced the pump seal.');
    expect(Date.parse(period.end_time!)).toBeGreaterThanOrEqual(before - 1000);
    const log = (await taskLog(t.db, task.id)).at(-1)!;
    expect(log).toMatchObject({ action: 'TASK_CLOCKED_OUT', message: `Clocked out of task #${task.taskNumber}` });
    expect(JSON.parse(log.meta)).toContainEqual({ field: 'Status', oldValue: 'Clocked In', newValue: 'Clocked Out' });
    const again = await clockOut(tech, body);
    expect(again.json()).toEqual({ statusCode: 409, code: 'CONFLICT', message: CLOCK_MESSAGES.alreadyClockedOut });
    expect((await taskRow(t.db, task.id)).version).toBe(2);
  });

  it('requires a description', async () => {
    const { tech, task, body } = await clockedIn();
    for (const description of [undefined, '', '   ']) {
      const res = await clockOut(tech, { ...body, description });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(CLOCK_MESSAGES.descriptionRequired);
    }
    expect((await clockOut(tech, { ...body, description: 'x'.repeat(2001) })).statusCode).toBe(400);
    expect((await activity(task.activityId)).end_time).toBeNull();
  });

  it('lets only full access set the end: never in the future, never before the start', async () => {
    const { tech, task, body } = await clockedIn('Tina Tech', ago(3 * HOUR));
    const techEnd = await clockOut(tech, { ...body, endDateTime: ago(HOUR) });
    expect(techEnd.json()).toEqual({ statusCode: 403, code: 'FORBIDDEN', message: CLOCK_MESSAGES.endFullAccessOnly });
    expect((await clockOut(admin, { ...body, endDateTime: new Date(Date.now() + 10 * 60_000).toISOString() })).json()).toEqual({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: [TASK_MESSAGES.endInFuture],
    });
    expect((await clockOut(admin, { ...body, endDateTime: ago(4 * HOUR) })).json().message).toEqual([CLOCK_MESSAGES.endBeforeStart]);
    expect((await clockOut(admin, { ...body, endDateTime: 'yesterday' })).statusCode).toBe(400);
    expect((await activity(task.activityId)).end_time).toBeNull();
    const end = ago(HOUR);
    const res = await clockOut(admin, { ...body, endDateTime: end });
    expect(res.statusCode, res.body).toBe(200);
    expect((await activity(task.activityId)).end_time).toBe(end);
    expect((await taskLog(t.db, task.id)).at(-1)!.message).toBe(`Ann Admin clocked out Tina Tech on task #${task.taskNumber}`);
  });

  it('refuses other people and the wrong period or job; another company sees nothing', async () => {
    const { task, body } = await clockedIn();
    expect((await clockOut(undefined, body)).statusCode).toBe(401);
    expect((await clockOut(staff, body)).statusCode).toBe(403);
    const stranger = await person(t, tenantId, 'Technician', 'Stranger');
    expect((await clockOut(stranger, body)).json()).toMatchObject({ statusCode: 404, message: TASK_MESSAGES.notFound });
    const other = await clockedIn();
    expect((await clockOut(admin, { ...body, taskActivityId: other.task.activityId })).json()).toMatchObject({
      statusCode: 404,
      message: CLOCK_MESSAGES.activityNotFound,
    });
    expect((await clockOut(admin, { ...body, jobId: (await buildJob(t.db, tenantId)).id })).statusCode).toBe(400);
    const foreign = await t.newCompany();
    const res = await clockOut(foreign.admin, body);
    expect(res.statusCode).toBe(404);
    expect(res.body).toBe((await clockOut(foreign.admin, { ...body, taskId: randomUUID() })).body);
    expect((await activity(task.activityId)).end_time).toBeNull();
  });

  it('refuses a task that is not clocked in', async () => {
    const tech = await person(t, tenantId, 'Technician', 'Idle Tech');
    const task = await todayTask(t, tenantId, jobId, tech.user.id, { lifecycle: 'CLOCKED_OUT' });
    const id = randomUUID();
    await t.db
      .insertInto('task_activities')
      .values({
        id,
        tenant_id: tenantId,
        task_id: task.id,
        job_id: jobId,
        user_id: tech.user.id,
        start_time: ago(2 * HOUR),
        end_time: ago(HOUR),
        description: 'done',
        created_at: ago(2 * HOUR),
      })
      .execute();
    expect((await clockOut(tech, { taskId: task.id, taskActivityId: id, jobId, description: 'again' })).statusCode).toBe(409);
  });
});

describe('PATCH /api/tasks/:id/activities/:activityId (adjustment popup)', () => {
  it('lets a full-access non-assignee correct the running start, logged with both names', async () => {
    const { task } = await clockedIn('Tom Tech', ago(HOUR));
    const start = ago(2 * HOUR);
    const res = await adjust(admin, task.id, task.activityId, { startDateTime: start });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: task.activityId, startTime: start, endTime: null, vehicle: null, assistants: [] });
    expect((await activity(task.activityId)).start_time).toBe(start);
    const log = (await taskLog(t.db, task.id)).at(-1)!;
    expect(log).toMatchObject({ action: 'TASK_CLOCK_ADJUSTED', message: `Ann Admin adjusted the clock-in of Tom Tech on task #${task.taskNumber}` });
    expect(JSON.parse(log.meta)).toEqual([{ field: 'Clock-in Time', oldValue: expect.any(String), newValue: start }]);
  });

  it('refuses the assignee, partial access, a future or far-past start, and a period that ended', async () => {
    const { tech, task, body } = await clockedIn('Tom Tech', ago(HOUR));
    expect((await adjust(tech, task.id, task.activityId, { startDateTime: ago(2 * HOUR) })).json()).toMatchObject({
      statusCode: 403,
      message: CLOCK_MESSAGES.adjustNotAllowed,
    });
    expect((await adjust(staff, task.id, task.activityId, { startDateTime: ago(2 * HOUR) })).statusCode).toBe(403);
    expect((await adjust(admin, task.id, task.activityId, { startDateTime: new Date(Date.now() + HOUR).toISOString() })).json().message).toEqual([
      CLOCK_MESSAGES.startInFuture,
    ]);
    expect((await adjust(admin, task.id, task.activityId, { startDateTime: ago(40 * 24 * HOUR) })).json().message).toEqual([CLOCK_MESSAGES.startTooEarly]);
    expect((await adjust(admin, task.id, task.activityId, {})).statusCode).toBe(400);
    expect((await adjust(admin, task.id, randomUUID(), { startDateTime: ago(2 * HOUR) })).statusCode).toBe(404);
    expect((await clockOut(admin, body)).statusCode).toBe(200);
    expect((await adjust(admin, task.id, task.activityId, { startDateTime: ago(2 * HOUR) })).json()).toMatchObject({
      statusCode: 409,
      message: CLOCK_MESSAGES.adjustNotRunning,
    });
  });

  it('clock-in actions carry the adjustment popup for the right viewer only', async () => {
    const { tech, task } = await clockedIn();
    expect((await t.call('GET', `/api/tasks/${task.id}`, admin.cookie)).json().data.actions.adjustmentPopup).toMatchObject({ visible: true, allowed: true });
    expect((await t.call('GET', `/api/tasks/${task.id}`, tech.cookie)).json().data.actions.adjustmentPopup.visible).toBe(false);
  });
});

describe('GET /api/tasks/:id/activities', () => {
  it('lists periods in start order with user, vehicle and assistants', async () => {
    const { tech, task, body } = await clockedIn('Tom Tech', ago(HOUR));
    await clockOut(tech, body);
    const res = await t.call('GET', `/api/tasks/${task.id}/activities`, admin.cookie);
    expect(res.json().data).toEqual([
      {
        id: task.activityId,
        startTime: expect.any(String),
        endTime: expect.any(String),
        description: 'Replaced the pump seal.',
        user: { userId: tech.user.id, username: 'Tom Tech' },
        vehicle: null,
        assistants: [],
      },
    ]);
  });
});
