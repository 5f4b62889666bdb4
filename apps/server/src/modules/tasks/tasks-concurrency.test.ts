import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildJob, buildTask } from '@fieldwork/testing/factories';
import { createTestApp, type Session, type TestApp } from '../../test-support/test-app.ts';
import { taskLog, taskRow, timeline } from '../task-core/tasks.fixture.ts';

/** N parallel requests through the real routes and database: exactly one wins, the rest get 409, none a 5xx. */
let t: TestApp;
let tenantId: string;
let admin: Session;
let tech: Session;
beforeAll(async () => {
  t = await createTestApp();
  ({ tenantId, admin } = await t.newCompany());
  tech = await t.signInAs(tenantId, 'Technician');
});
afterAll(async () => t.close());

const codes = (responses: { statusCode: number }[]) => responses.map((r) => r.statusCode).sort();

describe('parallel requests', () => {
  it('20 creates get 20 distinct consecutive task numbers', async () => {
    const job = await buildJob(t.db, tenantId);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => t.call('POST', '/api/tasks', admin.cookie, { jobId: job.id, name: `Parallel ${i}` })),
    );
    expect(codes(responses)).toEqual(Array(20).fill(201));
    const numbers = responses.map((r) => r.json().data.taskNumber as number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => numbers[0]! + i));
    expect((await t.db.selectFrom('jobs').select('task_count').where('id', '=', job.id).executeTakeFirstOrThrow()).task_count).toBe(20);
  });

  it('20 closes of one task: one 200, nineteen 409, one work period', async () => {
    const T = timeline();
    const task = await buildTask(t.db, tenantId, { technicianId: tech.user.id, startAt: T.startOfToday, expectedEndAt: T.at(T.day) });
    const end = new Date().toISOString();
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => t.call('POST', '/api/tasks/close', tech.cookie, { taskId: task.id, startDateTime: T.startOfToday, endDateTime: end })),
    );
    expect(codes(responses)).toEqual([200, ...Array(19).fill(409)]);
    expect(await t.db.selectFrom('task_activities').select('id').where('task_id', '=', task.id).execute()).toHaveLength(1);
    expect((await taskLog(t.db, task.id)).filter((e) => e.action === 'TASK_CLOSED')).toHaveLength(1);
  });

  it('20 cancels of one task: one 200, nineteen 409', async () => {
    const T = timeline();
    const worker = await t.signInAs(tenantId, 'Technician'); // tech's task of the closes above overlaps this slot
    const task = await buildTask(t.db, tenantId, { technicianId: worker.user.id, startAt: T.shift(T.startOfTomorrow, T.hour) });
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => t.call('PATCH', `/api/tasks/${task.id}`, i % 2 ? admin.cookie : worker.cookie, { isCancelled: true })),
    );
    expect(codes(responses)).toEqual([200, ...Array(19).fill(409)]);
    expect(await taskRow(t.db, task.id)).toMatchObject({ lifecycle: 'CANCELLED', version: 2 });
  });

  it('10 job status changes: one wins', async () => {
    const job = await buildJob(t.db, tenantId);
    await buildTask(t.db, tenantId, { jobId: job.id });
    const responses = await Promise.all(Array.from({ length: 10 }, () => t.call('PATCH', `/api/jobs/${job.id}/status`, admin.cookie, { action: 'CANCELLED' })));
    expect(codes(responses)).toEqual([200, ...Array(9).fill(409)]);
    const log = await t.db.selectFrom('activity_log').select('action').where('job_id', '=', job.id).where('action', '=', 'TASK_CANCELLED').execute();
    expect(log).toHaveLength(1);
  });

  it('a task created while its job is cancelled either lands before (and is cancelled with it) or is refused', async () => {
    const job = await buildJob(t.db, tenantId);
    const [cancel, ...creates] = await Promise.all([
      t.call('PATCH', `/api/jobs/${job.id}/status`, admin.cookie, { action: 'CANCELLED' }),
      ...Array.from({ length: 5 }, (_, i) => t.call('POST', '/api/tasks', admin.cookie, { jobId: job.id, name: `Race ${i}` })),
    ]);
    expect(cancel!.statusCode).toBe(200);
    for (const r of creates) expect([201, 409]).toContain(r.statusCode);
    const open = await t.db.selectFrom('tasks').select('id').where('job_id', '=', job.id).where('lifecycle', '<>', 'CANCELLED').execute();
    expect(open).toEqual([]);
  });
});
