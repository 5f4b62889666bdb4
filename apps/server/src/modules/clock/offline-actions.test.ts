import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { CLOCK_MESSAGES } from '@fieldwork/domain/tasks/clock.schemas';
import { buildJob } from '@fieldwork/testing/factories';
import { createTestApp, type Session, type TestApp } from '../../test-support/test-app.ts';
import { multipart, SAMPLES } from '../media/media-upload.fixture.ts';
import { person, runningTask, todayTask } from './clock.fixture.ts';

/**
 * What the technician's phone sends when the connection returns: each action once (its Idempotency-Key), with
 * the time it was made offline. A clock-in tapped at 9:02 and sent at 11:40 starts at 9:02; a note, a cost and a
 * photo sent twice are kept once.
 */
let t: TestApp;
let tenantId: string;
let job: { id: string };
let tech: Session;
let admin: Session;

beforeAll(async () => {
  t = await createTestApp();
  ({ tenantId, admin } = await t.newCompany());
  job = await buildJob(t.db, tenantId);
  tech = await t.signInAs(tenantId, 'Technician');
});
afterAll(async () => t.close());

const send = (url: string, payload: object, key: string, s = tech) =>
  t.app.inject({ method: 'POST', url, payload, headers: { cookie: s.cookie, 'idempotency-key': key } });
const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const periodsOf = (taskId: string) =>
  t.db.selectFrom('task_activities').select(['start_time', 'end_time']).where('task_id', '=', taskId).orderBy('start_time').execute();

describe('times of actions made offline', () => {
  it('a clock-in starts when it was tapped, not when it arrived; sent twice it is one period', async () => {
    const task = await todayTask(t, tenantId, job.id, tech.user.id);
    const key = randomUUID();
    const tapped = ago(158);
    const first = await send('/api/tasks/clock-in', { taskId: task.id, jobId: job.id, actedAt: tapped }, key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await send('/api/tasks/clock-in', { taskId: task.id, jobId: job.id, actedAt: tapped }, key);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(await periodsOf(task.id)).toEqual([{ start_time: tapped, end_time: null }]);
  });

  it('a clock-out ends when it was tapped; never before the clock-in', async () => {
    const other = await person(t, tenantId, 'Technician', 'Olive Offline');
    const mine = await runningTask(t, tenantId, job.id, other.user.id, ago(120));
    const body = { taskId: mine.id, taskActivityId: mine.activityId, jobId: job.id, description: 'Replaced the valve' };
    const early = await send('/api/tasks/clock-out', { ...body, actedAt: ago(180) }, randomUUID(), other);
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toEqual([CLOCK_MESSAGES.endBeforeStart]);
    const tapped = ago(30);
    const res = await send('/api/tasks/clock-out', { ...body, actedAt: tapped }, randomUUID(), other);
    expect(res.statusCode, res.body).toBe(200);
    expect((await periodsOf(mine.id))[0]!.end_time).toBe(tapped);
  });

  it('a clock-out without its period id (the clock-in was queued too) ends the running period; with none running it is not found', async () => {
    const queued = await person(t, tenantId, 'Technician', 'Quinn Queued');
    const mine = await runningTask(t, tenantId, job.id, queued.user.id, ago(90));
    const body = { taskId: mine.id, jobId: job.id, description: 'Flushed the lines' };
    const tapped = ago(10);
    const res = await send('/api/tasks/clock-out', { ...body, actedAt: tapped }, randomUUID(), queued);
    expect(res.statusCode, res.body).toBe(200);
    const periods = await periodsOf(mine.id);
    expect(periods.map((p) => p.end_time)).toEqual([tapped]);
    const again = await send('/api/tasks/clock-out', { ...body, actedAt: tapped }, randomUUID(), queued);
    expect(again.json()).toMatchObject({ statusCode: 404, message: CLOCK_MESSAGES.activityNotFound });
  });

  it('refuses a time in the future or more than a day old, saying what to do', async () => {
    const idle = await person(t, tenantId, 'Technician', 'Ivan Idle');
    const task = await todayTask(t, tenantId, job.id, idle.user.id);
    const future = await send(
      '/api/tasks/clock-in',
      { taskId: task.id, jobId: job.id, actedAt: new Date(Date.now() + 5 * 60_000).toISOString() },
      randomUUID(),
      idle,
    );
    expect(future.json(), future.body).toMatchObject({ statusCode: 400, message: [CLOCK_MESSAGES.actedInFuture] });
    const old = await send('/api/tasks/clock-in', { taskId: task.id, jobId: job.id, actedAt: ago(25 * 60) }, randomUUID(), idle);
    expect(old.json()).toMatchObject({ statusCode: 400, message: [CLOCK_MESSAGES.actedTooLongAgo] });
    expect(await periodsOf(task.id)).toEqual([]);
  });
});

// Notes and photos are the office's today (technicians do not write them yet); the keys work the same for whoever sends.
describe('notes, costs and photos sent again', () => {
  it('keeps a note once; the same key with another text is refused', async () => {
    const key = randomUUID();
    const note = { noteType: 'Job', note: 'Gate code 4411', jobId: job.id };
    expect((await send('/api/notes', note, key, admin)).statusCode).toBe(201);
    const again = await send('/api/notes', note, key, admin);
    expect([again.statusCode, again.headers['idempotency-replayed']]).toEqual([201, 'true']);
    expect((await send('/api/notes', { ...note, note: 'Gate code 9999' }, key, admin)).statusCode).toBe(422);
    const notes = await t.db.selectFrom('notes').select('note').where('job_id', '=', job.id).where('note', 'like', 'Gate code%').execute();
    expect(notes.map((n) => n.note)).toEqual(['Gate code 4411']);
  });

  it('keeps a cost once', async () => {
    const coster = await person(t, tenantId, 'Technician', 'Cora Cost');
    const task = await todayTask(t, tenantId, job.id, coster.user.id);
    const key = randomUUID();
    const cost = { costType: 'MATERIAL', jobId: job.id, taskId: task.id, item: 'Fittings', quantity: 4, unitCost: 2.5 };
    const first = await send('/api/cost', cost, key, coster);
    expect(first.statusCode, first.body).toBe(201);
    expect((await send('/api/cost', cost, key, coster)).json()).toEqual(first.json());
    const costs = await t.db.selectFrom('costs').select('id').where('task_id', '=', task.id).execute();
    expect(costs).toHaveLength(1);
  });

  it('keeps a photo once', async () => {
    const key = randomUUID();
    const upload = () => {
      const form = multipart('meter.png', 'image/png', SAMPLES.png);
      return t.app.inject({
        method: 'POST',
        url: `/api/jobs/media?jobId=${job.id}`,
        payload: form.payload,
        headers: { ...form.headers, cookie: admin.cookie, 'idempotency-key': key },
      });
    };
    const first = await upload();
    expect(first.statusCode, first.body).toBe(201);
    const again = await upload();
    expect([again.statusCode, again.headers['idempotency-replayed'], again.json().data.id]).toEqual([201, 'true', first.json().data.id]);
    const media = await t.db.selectFrom('media').select('id').where('job_id', '=', job.id).execute();
    expect(media).toHaveLength(1);
  });
});
