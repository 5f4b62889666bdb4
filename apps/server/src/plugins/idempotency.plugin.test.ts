import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { buildJob } from '@fieldwork/testing/factories';
import { createTestApp, type Session, type TestApp } from '../test-support/test-app.ts';
import { runningTask, todayTask } from '../modules/clock/clock.fixture.ts';
import { timeline } from '../modules/task-core/tasks.fixture.ts';
import { IDEMPOTENCY_MESSAGES } from '@fieldwork/domain/offline/offline-queue.rules';

/**
 * Idempotency-Key on the field actions (clock-in, clock-out, close): a repeat replays the stored answer and
 * runs nothing; a key reused for another request is 422; of parallel requests with one key exactly one
 * runs. On whichever dialect the run uses.
 */
let t: TestApp;
let tenantId: string;
let job: { id: string };
beforeAll(async () => {
  t = await createTestApp();
  ({ tenantId } = await t.newCompany());
  job = await buildJob(t.db, tenantId);
});
afterAll(async () => t.close());

const post = (s: Session, url: string, payload: object, key?: string): Promise<LightMyRequestResponse> =>
  t.app.inject({ method: 'POST', url, payload, headers: { cookie: s.cookie, ...(key ? { 'idempotency-key': key } : {}) } });

const logCount = async (taskId: string, action: string) =>
  Number(
    (
      await t.db
        .selectFrom('activity_log')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('entity_id', '=', taskId)
        .where('action', '=', action)
        .executeTakeFirstOrThrow()
    ).n,
  );
const periodCount = async (taskId: string) =>
  Number(
    (
      await t.db
        .selectFrom('task_activities')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('task_id', '=', taskId)
        .executeTakeFirstOrThrow()
    ).n,
  );
const keyRow = (userId: string, key: string) =>
  t.db.selectFrom('idempotency_keys').selectAll().where('tenant_id', '=', tenantId).where('user_id', '=', userId).where('key', '=', key).executeTakeFirst();

describe('Idempotency-Key on clock-in, clock-out and close', () => {
  it('replays a clock-in: same status and body, no second period or log entry', async () => {
    const tech = await t.signInAs(tenantId, 'Technician');
    const task = await todayTask(t, tenantId, job.id, tech.user.id);
    const key = randomUUID();
    const first = await post(tech, '/api/tasks/clock-in', { taskId: task.id, jobId: job.id }, key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await post(tech, '/api/tasks/clock-in', { jobId: job.id, taskId: task.id }, key); // keys in another order: the same request
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(first.headers['idempotency-replayed']).toBeUndefined();
    expect(await periodCount(task.id)).toBe(1);
    expect(await logCount(task.id, 'TASK_CLOCKED_IN')).toBe(1);
    expect(await keyRow(tech.user.id, key)).toMatchObject({ state: 'done', response_status: 200, route: 'POST /api/tasks/clock-in' });

    // Clock-out with its own key, replayed: one end, one log entry.
    const activityId = (await t.db.selectFrom('task_activities').select('id').where('task_id', '=', task.id).executeTakeFirstOrThrow()).id;
    const outKey = randomUUID();
    const body = { taskId: task.id, taskActivityId: activityId, jobId: job.id, description: 'Fixed the valve' };
    const out = await post(tech, '/api/tasks/clock-out', body, outKey);
    expect(out.statusCode, out.body).toBe(200);
    const outAgain = await post(tech, '/api/tasks/clock-out', body, outKey);
    expect(outAgain.statusCode).toBe(200);
    expect(outAgain.body).toBe(out.body);
    expect(await logCount(task.id, 'TASK_CLOCKED_OUT')).toBe(1);
    // Without a key the same clock-out runs and is refused by the task's state.
    expect((await post(tech, '/api/tasks/clock-out', body)).statusCode).toBe(409);
  });

  it('keeps a 4xx answer too: the repeat gets the same refusal without running', async () => {
    const tech = await t.signInAs(tenantId, 'Technician');
    const T = timeline();
    const future = await todayTask(t, tenantId, job.id, tech.user.id, {
      startAt: T.shift(T.startOfTomorrow, 2 * T.hour),
      expectedEndAt: T.shift(T.startOfTomorrow, 3 * T.hour),
    });
    const key = randomUUID();
    const refused = await post(tech, '/api/tasks/clock-in', { taskId: future.id, jobId: job.id }, key);
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
    const again = await post(tech, '/api/tasks/clock-in', { taskId: future.id, jobId: job.id }, key);
    expect([again.statusCode, again.body, again.headers['idempotency-replayed']]).toEqual([refused.statusCode, refused.body, 'true']);
  });

  it('refuses a key reused with another body or on another route with 422', async () => {
    const tech = await t.signInAs(tenantId, 'Technician');
    const a = await todayTask(t, tenantId, job.id, tech.user.id);
    const key = randomUUID();
    expect((await post(tech, '/api/tasks/clock-in', { taskId: a.id, jobId: job.id }, key)).statusCode).toBe(200);
    const otherBody = await post(tech, '/api/tasks/clock-in', { taskId: a.id, jobId: job.id, assistants: [randomUUID()] }, key);
    expect(otherBody.statusCode).toBe(422);
    expect(otherBody.json()).toMatchObject({ statusCode: 422, code: 'IDEMPOTENCY_MISMATCH', message: IDEMPOTENCY_MESSAGES.mismatch });
    const otherRoute = await post(
      tech,
      '/api/tasks/close',
      { taskId: a.id, startDateTime: new Date(Date.now() - 60_000).toISOString(), endDateTime: new Date().toISOString() },
      key,
    );
    expect(otherRoute.statusCode).toBe(422);
    expect(await logCount(a.id, 'TASK_CLOSED')).toBe(0);
  });

  it('refuses a key that is not a UUID, and keys are per user', async () => {
    const tech = await t.signInAs(tenantId, 'Technician');
    const other = await t.signInAs(tenantId, 'Technician');
    const mine = await todayTask(t, tenantId, job.id, tech.user.id);
    const theirs = await todayTask(t, tenantId, job.id, other.user.id);
    const bad = await post(tech, '/api/tasks/clock-in', { taskId: mine.id, jobId: job.id }, 'not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toEqual([IDEMPOTENCY_MESSAGES.invalidKey]);
    expect(await periodCount(mine.id)).toBe(0);
    const key = randomUUID();
    expect((await post(tech, '/api/tasks/clock-in', { taskId: mine.id, jobId: job.id }, key)).statusCode).toBe(200);
    const res = await post(other, '/api/tasks/clock-in', { taskId: theirs.id, jobId: job.id }, key);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['idempotency-replayed']).toBeUndefined();
    expect(await periodCount(theirs.id)).toBe(1);
  });

  it('answers 409 while the first request with the key is still running; a stale pending key or an expired one runs again', async () => {
    const admin = await t.signInAs(tenantId, 'Admin', 'fullAccess');
    const tech = await t.signInAs(tenantId, 'Technician');
    const task = await todayTask(t, tenantId, job.id, tech.user.id);
    const key = randomUUID();
    const body = { taskId: task.id, startDateTime: new Date(Date.now() - 60_000).toISOString(), endDateTime: new Date().toISOString() };
    const running = await post(admin, '/api/tasks/close', body, key);
    expect(running.statusCode, running.body).toBe(200);
    const row = (await keyRow(admin.user.id, key))!;
    await t.db.updateTable('idempotency_keys').set({ state: 'pending', response_status: null, response_body: null }).where('key', '=', key).execute();
    const busy = await post(admin, '/api/tasks/close', body, key);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toBe(IDEMPOTENCY_MESSAGES.inProgress);

    // Pending for longer than a request can run: the process died; the next request takes the key over.
    await t.db
      .updateTable('idempotency_keys')
      .set({ created_at: new Date(Date.now() - 10 * 60_000).toISOString() })
      .where('key', '=', key)
      .execute();
    const takeover = await post(admin, '/api/tasks/close', body, key);
    expect(takeover.statusCode).toBe(409); // it ran: the task is closed already, and that answer is kept
    expect(await keyRow(admin.user.id, key)).toMatchObject({ state: 'done', response_status: 409, request_hash: row.request_hash });

    // After 24 hours a key is forgotten.
    await t.db
      .updateTable('idempotency_keys')
      .set({ created_at: new Date(Date.now() - 25 * 3_600_000).toISOString() })
      .where('key', '=', key)
      .execute();
    const fresh = await post(admin, '/api/tasks/close', { ...body, taskId: randomUUID() }, key);
    expect(fresh.statusCode).toBe(404);
    expect(await logCount(task.id, 'TASK_CLOSED')).toBe(1);
  });

  it('20 parallel identical requests with one key: exactly one runs', async () => {
    for (const route of ['clock-in', 'close', 'clock-out'] as const) {
      const tech = await t.signInAs(tenantId, 'Technician');
      const task: { id: string; activityId?: string } =
        route === 'clock-out' ? await runningTask(t, tenantId, job.id, tech.user.id) : await todayTask(t, tenantId, job.id, tech.user.id);
      const body =
        route === 'clock-in'
          ? { taskId: task.id, jobId: job.id }
          : route === 'close'
            ? { taskId: task.id, startDateTime: new Date(Date.now() - 60_000).toISOString(), endDateTime: new Date().toISOString() }
            : { taskId: task.id, taskActivityId: task.activityId!, jobId: job.id, description: 'Done' };
      const key = randomUUID();
      const responses = await Promise.all(Array.from({ length: 20 }, () => post(tech, `/api/tasks/${route}`, body, key)));
      const codes = responses.map((r) => r.statusCode);
      expect(
        codes.filter((c) => c !== 200 && c !== 409),
        route,
      ).toEqual([]);
      const ok = responses.filter((r) => r.statusCode === 200);
      expect(ok.length, route).toBeGreaterThanOrEqual(1);
      expect(new Set(ok.map((r) => r.body)).size, route).toBe(1);
      for (const r of responses.filter((x) => x.statusCode === 409)) expect(r.json().message).toBe(IDEMPOTENCY_MESSAGES.inProgress);
      const action = { 'clock-in': 'TASK_CLOCKED_IN', close: 'TASK_CLOSED', 'clock-out': 'TASK_CLOCKED_OUT' }[route];
      expect(await logCount(task.id, action), route).toBe(1);
      expect(await periodCount(task.id), route).toBe(1);
      // Once the first has answered, a repeat replays it.
      const later = await post(tech, `/api/tasks/${route}`, body, key);
      expect([later.statusCode, later.body]).toEqual([200, ok[0]!.body]);
    }
  });
});
