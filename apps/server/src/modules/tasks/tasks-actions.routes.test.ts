import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { JobStatus } from '@fieldwork/domain/jobs/jobs.schemas';
import type { TaskForRules } from '@fieldwork/domain/tasks/task-actions.rules';
import type { TaskLifecycle } from '@fieldwork/domain/tasks/task-status.rules';
import { TASK_MESSAGES } from '@fieldwork/domain/tasks/tasks.schemas';
import { buildJob, buildSubcontractor, buildTask, buildUser, type TaskOverrides } from '@fieldwork/testing/factories';
import { createTestApp, ROLE_CASES, testPasswordHash, type Session, type TestApp } from '../../test-support/test-app.ts';
import { ASSIGNEE_MESSAGES } from '../task-core/tasks-assignee.service.ts';
import { addWorkPeriod, expectedActionStatus, subcontractorLogin, taskLog, taskRow, timeline } from '../task-core/tasks.fixture.ts';

let t: TestApp;
let tenantId: string;
let admin: Session;
let tech: Session;
let T: ReturnType<typeof timeline>;
let jobId: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ tenantId, admin } = await t.newCompany());
  tech = await t.signInAs(tenantId, 'Technician');
  jobId = (await buildJob(t.db, tenantId)).id;
  T = timeline();
});
afterAll(async () => t.close());
// One person's active tasks may not overlap (migration 0004): each test seeds its states on a technician of its own.
beforeEach(async () => {
  tech = await t.signInAs(tenantId, 'Technician');
});
const otherTech = async () => (await buildUser(t.db, { tenantId, role: 'Technician', passwordHash: await testPasswordHash() })).id;

const patch = (s: Session | undefined, id: string, payload: object) => t.call('PATCH', `/api/tasks/${id}`, s?.cookie, payload);
const close = (s: Session | undefined, taskId: string, startDateTime: string, endDateTime: string) =>
  t.call('POST', '/api/tasks/close', s?.cookie, { taskId, startDateTime, endDateTime });

/** Tasks assigned to `tech` in each state the rules tell apart (dates chosen hours away from now and midnight). */
function states(): Record<string, TaskOverrides & { jobStatus?: JobStatus; work?: boolean }> {
  const today = T.startOfToday;
  const past = T.shift(T.startOfToday, -2 * T.day);
  return {
    UPCOMING: { startAt: T.shift(T.startOfTomorrow, T.hour) },
    MISSED: { startAt: T.at(-3 * T.day), expectedEndAt: T.at(-3 * T.day + T.hour) },
    OPEN: { startAt: today, expectedEndAt: T.at(T.day) },
    CLOCKED_IN: { startAt: today, lifecycle: 'CLOCKED_IN', work: true },
    'CLOCKED_OUT today': { startAt: today, lifecycle: 'CLOCKED_OUT', work: true },
    'CLOCKED_OUT past': { startAt: past, lifecycle: 'CLOCKED_OUT', work: true },
    'CLOSED today': { startAt: today, lifecycle: 'CLOSED', work: true },
    'CLOSED today, job closed': { startAt: today, lifecycle: 'CLOSED', jobStatus: 'CLOSED' },
    'CLOSED past': { startAt: past, lifecycle: 'CLOSED' },
    CANCELLED: { startAt: T.shift(T.startOfTomorrow, T.hour), lifecycle: 'CANCELLED' },
  };
}

async function seedState(o: ReturnType<typeof states>[string], assigneeId: string) {
  const job = o.jobStatus ? (await buildJob(t.db, tenantId, { status: o.jobStatus })).id : jobId;
  const task = await buildTask(t.db, tenantId, { ...o, jobId: job, technicianId: assigneeId });
  if (o.work) await addWorkPeriod(t.db, tenantId, task, o.startAt!, o.lifecycle === 'CLOCKED_IN' ? null : T.shift(o.startAt!, 60_000), assigneeId);
  return {
    task,
    facts: {
      lifecycle: (o.lifecycle ?? 'OPEN') as TaskLifecycle,
      startDateTime: o.startAt ?? null,
      expectedEndDateTime: o.expectedEndAt ?? null,
      assignedTo: 'TECHNICIAN' as const,
      assignedUserId: assigneeId,
      assignedSubcontractorUserId: null,
      estimateCount: 0,
      invoiceCount: 0,
    } satisfies TaskForRules,
    job: { status: o.jobStatus ?? ('OPEN' as JobStatus) },
  };
}

describe('every action refused where its rule refuses it, for every role', () => {
  const viewers = () => [
    ...ROLE_CASES.map((c) => ({ label: c.label, role: c.role, access: c.access })),
    { label: 'assignee Technician', role: 'Technician' as const, access: 'noAccess' as const, assignee: true },
  ];

  for (const action of ['cancel', 'close', 'reopen'] as const) {
    it(`${action}`, async () => {
      const outcomes: Record<string, Record<string, number>> = {};
      for (const v of viewers()) {
        const viewerSession = await t.signInAs(tenantId, v.role, v.access);
        for (const [label, state] of Object.entries(states())) {
          // The states overlap in time, and one person's active tasks may not: an assignee per state.
          const session = 'assignee' in v ? await t.signInAs(tenantId, v.role, v.access) : viewerSession;
          const assigneeId = 'assignee' in v ? session.user.id : await otherTech();
          const { task, facts, job } = await seedState(state, assigneeId);
          const res =
            action === 'cancel'
              ? await patch(session, task.id, { isCancelled: true })
              : action === 'reopen'
                ? await patch(session, task.id, { isTaskReopen: true })
                : await close(session, task.id, T.shift(T.startOfToday, -4 * T.day), new Date().toISOString());
          const want = expectedActionStatus({ userId: session.user.id, role: v.role, access: v.access }, facts, job, action);
          expect(res.statusCode, `${action} ${label} as ${v.label}: ${res.body}`).toBe(want);
          (outcomes[v.label] ??= {})[label] = res.statusCode;
          if (res.statusCode >= 400) expect((await taskRow(t.db, task.id)).version, 'refusal changed nothing').toBe(1);
        }
      }
      // The rules in words, for the cases the spec names.
      if (action === 'cancel') {
        expect(outcomes.Admin).toMatchObject({ UPCOMING: 200, MISSED: 200, OPEN: 409, CLOCKED_IN: 409, 'CLOSED today': 409, CANCELLED: 409 });
        expect(outcomes['Staff partialAccess']).toMatchObject({ UPCOMING: 403, OPEN: 403, CLOCKED_IN: 403, CANCELLED: 403 });
        expect(outcomes['Staff onlyViewAccess']).toMatchObject({ OPEN: 403, 'CLOSED today': 403 });
        expect(outcomes['assignee Technician']).toMatchObject({ UPCOMING: 200, MISSED: 200 });
        expect(outcomes.Technician).toMatchObject({ UPCOMING: 404 });
      }
      if (action === 'close') {
        expect(outcomes.Admin).toMatchObject({
          OPEN: 200,
          'CLOCKED_OUT today': 200,
          'CLOCKED_OUT past': 200,
          MISSED: 409,
          CLOCKED_IN: 409,
          'CLOSED today': 409,
        });
        expect(outcomes['Staff fullAccess']).toMatchObject({ 'CLOCKED_OUT past': 200 });
        expect(outcomes['Staff partialAccess']).toMatchObject({ 'CLOCKED_OUT past': 403, OPEN: 403 });
        expect(outcomes['assignee Technician']).toMatchObject({ OPEN: 200, 'CLOCKED_OUT past': 200 });
      }
      if (action === 'reopen') {
        expect(outcomes.Admin).toMatchObject({ 'CLOSED today': 200, 'CLOSED past': 409, 'CLOSED today, job closed': 409, OPEN: 409 });
        expect(outcomes['Staff onlyViewAccess']).toMatchObject({ 'CLOSED today': 403 });
        expect(outcomes['Staff noAccess']).toMatchObject({ 'CLOSED today': 403 });
        expect(outcomes['assignee Technician']).toMatchObject({ 'CLOSED today': 200 });
        expect(outcomes.SubContractor).toMatchObject({ 'CLOSED today': 404 });
      }
    }, 120_000);
  }
});

describe('PATCH /api/tasks/:id', () => {
  it('needs a session and exactly one change', async () => {
    const { id } = await buildTask(t.db, tenantId, { jobId });
    expect((await patch(undefined, id, { isCancelled: true })).statusCode).toBe(401);
    for (const body of [{}, { isCancelled: true, isTaskReopen: true }, { isCancelled: true, assignTo: 'LATER' }]) {
      const res = await patch(admin, id, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('Send exactly one of isCancelled, isTaskReopen or assignTo.');
    }
    expect((await patch(admin, id, { isCancelled: false })).json().message).toContain('isCancelled must be true.');
    expect((await patch(admin, randomUUID(), { isCancelled: true })).json().message).toBe(TASK_MESSAGES.notFound);
  });

  it('cancels for good, with the change logged for the task and its job', async () => {
    const { task } = await seedState(states().UPCOMING!, tech.user.id);
    const res = await patch(admin, task.id, { isCancelled: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'CANCELLED', lifecycle: 'CANCELLED', version: 2 });
    expect((await taskLog(t.db, task.id)).at(-1)).toMatchObject({
      action: 'TASK_CANCELLED',
      job_id: jobId,
      meta: JSON.stringify([{ field: 'Status', oldValue: 'Upcoming', newValue: 'Cancelled' }]),
    });
    expect((await patch(admin, task.id, { isCancelled: true })).statusCode).toBe(409);
    expect((await patch(admin, task.id, { isTaskReopen: true })).statusCode).toBe(409);
    expect((await t.call('PUT', `/api/tasks/${task.id}`, admin.cookie, { name: 'x', version: 2 })).statusCode).toBe(409);
  });

  it('reopens a closed task to clocked out when it has work periods, else to open, clearing its end', async () => {
    const worked = await seedState(states()['CLOSED today']!, await otherTech());
    await t.db
      .updateTable('tasks')
      .set({ end_at: T.at(-60_000), closed_at: T.at(-60_000) })
      .where('id', '=', worked.task.id)
      .execute();
    expect((await patch(admin, worked.task.id, { isTaskReopen: true })).json().data).toMatchObject({
      lifecycle: 'CLOCKED_OUT',
      taskScheduler: { endDateTime: null },
    });
    expect(await taskRow(t.db, worked.task.id)).toMatchObject({ end_at: null, closed_at: null, version: 2 });
    const { task } = await seedState({ startAt: T.startOfToday, lifecycle: 'CLOSED', expectedEndAt: T.at(T.day) }, tech.user.id);
    const res = await patch(tech, task.id, { isTaskReopen: true });
    expect(res.json().data).toMatchObject({ lifecycle: 'OPEN', status: 'OPEN' });
    expect((await taskLog(t.db, task.id)).at(-1)).toMatchObject({
      action: 'TASK_REOPENED',
      meta: JSON.stringify([{ field: 'Status', oldValue: 'Closed', newValue: 'Open' }]),
    });
    const closedJob = await seedState(states()['CLOSED today, job closed']!, await otherTech());
    expect((await patch(admin, closedJob.task.id, { isTaskReopen: true })).json().message).toBe('Only tasks of an open job can be reopened.');
  });

  it('assigns (office work on a scheduled task) and unassigns only while nobody clocked in', async () => {
    const tech2 = await t.signInAs(tenantId, 'Technician');
    const { task } = await seedState(states().UPCOMING!, tech.user.id);
    const toTech2 = await patch(admin, task.id, { assignTo: 'TECHNICIAN', assignedTechnicianId: tech2.user.id });
    expect(toTech2.json().data).toMatchObject({ assignedUser: { userId: tech2.user.id }, version: 2 });
    expect((await taskLog(t.db, task.id)).at(-1)).toMatchObject({ action: 'TASK_ASSIGNED' });
    const sub = await buildSubcontractor(t.db, tenantId, { name: 'Roofers Inc' });
    expect((await patch(admin, task.id, { assignTo: 'SUBCONTRACTOR', assignedSubcontractorId: sub.id })).json().data).toMatchObject({
      assignedTo: 'SUBCONTRACTOR',
      assignedSubcontractor: { id: sub.id, name: 'Roofers Inc' },
    });
    expect((await patch(admin, task.id, { assignTo: 'LATER' })).json().data).toMatchObject({ assignedTo: 'NONE', status: 'UNASSIGNED' });
    expect(await taskRow(t.db, task.id)).toMatchObject({ assignee_key: null, assigned_subcontractor_id: null, version: 4 });
    const staff = await buildUser(t.db, { tenantId, role: 'Staff', passwordHash: await testPasswordHash() });
    expect((await patch(admin, task.id, { assignTo: 'TECHNICIAN', assignedTechnicianId: staff.id })).json().message).toEqual([ASSIGNEE_MESSAGES.technician]);
    const unscheduled = await buildTask(t.db, tenantId, { jobId });
    expect((await patch(admin, unscheduled.id, { assignTo: 'TECHNICIAN', assignedTechnicianId: tech.user.id })).json().message).toEqual([
      TASK_MESSAGES.startRequired,
    ]);
    const clockedIn = await seedState(states().CLOCKED_IN!, tech.user.id);
    const later = await patch(admin, clockedIn.task.id, { assignTo: 'LATER' });
    expect(later.statusCode).toBe(409);
    expect(later.json().message).toBe('A task that has been clocked in cannot be unassigned.');
    const mine = await seedState(states().UPCOMING!, tech.user.id);
    expect((await patch(tech, mine.task.id, { assignTo: 'LATER' })).statusCode).toBe(403);
    const viewOnly = await t.signInAs(tenantId, 'Staff', 'onlyViewAccess');
    expect((await patch(viewOnly, mine.task.id, { assignTo: 'LATER' })).statusCode).toBe(403);
    const partial = await t.signInAs(tenantId, 'Staff', 'partialAccess');
    expect((await patch(partial, mine.task.id, { assignTo: 'LATER' })).statusCode).toBe(200);
  });
});

describe('POST /api/tasks/close', () => {
  it('validates the dialog: both times, end not before start, end not in the future', async () => {
    const { task } = await seedState(states().OPEN!, tech.user.id);
    expect((await close(undefined, task.id, T.startOfToday, T.at(0))).statusCode).toBe(401);
    const cases: [object, string][] = [
      [{ taskId: task.id, endDateTime: T.at(0) }, 'Start date-time must be a valid ISO 8601 date-time.'],
      [{ taskId: task.id, startDateTime: T.at(0), endDateTime: T.at(-T.hour) }, TASK_MESSAGES.endBeforeStart],
      [{ taskId: 'x', startDateTime: T.at(-T.hour), endDateTime: T.at(0) }, 'Task must be a valid UUID.'],
    ];
    for (const [body, message] of cases) expect((await t.call('POST', '/api/tasks/close', admin.cookie, body)).json().message).toContain(message);
    const future = await close(admin, task.id, T.startOfToday, new Date(Date.now() + 5 * 60_000).toISOString());
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toEqual([TASK_MESSAGES.endInFuture]);
    expect((await close(admin, task.id, T.startOfToday, new Date(Date.now() + 30_000).toISOString())).statusCode).toBe(200);
    expect((await close(admin, randomUUID(), T.startOfToday, T.at(0))).json().message).toBe(TASK_MESSAGES.notFound);
  });

  it('records the worked period of an open task for its assignee, then closes it', async () => {
    const { task } = await seedState(states().OPEN!, tech.user.id);
    const end = new Date().toISOString();
    const res = await close(tech, task.id, T.startOfToday, end);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'CLOSED', taskScheduler: { endDateTime: end }, version: 2 });
    expect(await taskRow(t.db, task.id)).toMatchObject({ lifecycle: 'CLOSED', end_at: end, closed_at: expect.any(String) });
    const periods = (await t.call('GET', `/api/tasks/${task.id}/activities`, admin.cookie)).json().data;
    expect(periods).toEqual([expect.objectContaining({ startTime: T.startOfToday, endTime: end, user: expect.objectContaining({ userId: tech.user.id }) })]);
    expect((await taskLog(t.db, task.id)).at(-1)).toMatchObject({ action: 'TASK_CLOSED', job_id: jobId });
  });

  it('keeps the work periods of a clocked-out task and takes its start from the earliest one', async () => {
    const start = T.shift(T.startOfToday, -2 * T.day);
    const { task } = await seedState(states()['CLOCKED_OUT past']!, tech.user.id);
    const res = await close(admin, task.id, T.at(-T.hour), T.at(0));
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.call('GET', `/api/tasks/${task.id}/activities`, admin.cookie)).json().data).toHaveLength(1);
    const early = await seedState(states()['CLOCKED_OUT past']!, await otherTech());
    const tooEarly = await close(admin, early.task.id, T.shift(start, -T.day), T.shift(start, -T.hour));
    expect(tooEarly.json().message).toEqual([TASK_MESSAGES.endBeforeStart]);
  });

  it('records a subcontractor task for its login, or for nobody without one', async () => {
    const { session, subcontractorId } = await subcontractorLogin(t, tenantId);
    const withLogin = await buildTask(t.db, tenantId, { jobId, subcontractorId, startAt: T.startOfToday, expectedEndAt: T.at(T.day) });
    expect((await close(session, withLogin.id, T.startOfToday, T.at(0))).statusCode).toBe(200);
    expect((await t.db.selectFrom('task_activities').select('user_id').where('task_id', '=', withLogin.id).executeTakeFirstOrThrow()).user_id).toBe(
      session.user.id,
    );
    const noLogin = await buildTask(t.db, tenantId, {
      jobId,
      subcontractorId: (await buildSubcontractor(t.db, tenantId)).id,
      startAt: T.startOfToday,
      expectedEndAt: T.at(T.day),
    });
    expect((await close(admin, noLogin.id, T.startOfToday, T.at(0))).statusCode).toBe(200);
    expect((await t.db.selectFrom('task_activities').select('user_id').where('task_id', '=', noLogin.id).executeTakeFirstOrThrow()).user_id).toBeNull();
    expect((await close(session, noLogin.id, T.startOfToday, T.at(0))).statusCode).toBe(404);
  });
});

describe('POST /api/tasks/filter-list', () => {
  it("lists a user's tasks in the asked states, newest first; field roles may only ask about themselves", async () => {
    const worker = await t.signInAs(tenantId, 'Technician');
    const clockedIn = await buildTask(t.db, tenantId, {
      jobId,
      technicianId: worker.user.id,
      lifecycle: 'CLOCKED_IN',
      startAt: T.startOfToday,
      createdAt: T.at(-2 * T.hour),
    });
    const closed = await buildTask(t.db, tenantId, {
      jobId,
      technicianId: worker.user.id,
      lifecycle: 'CLOSED',
      startAt: T.shift(T.startOfToday, -T.day),
      createdAt: T.at(-T.hour),
    });
    await buildTask(t.db, tenantId, { jobId, technicianId: worker.user.id, startAt: T.shift(T.startOfTomorrow, 5 * T.hour) });
    const ask = (s: Session, userId: string, status: string[]) => t.call('POST', '/api/tasks/filter-list', s.cookie, { userId, status });
    expect((await ask(admin, worker.user.id, ['Clock-In', 'Clock-out', 'Closed'])).json().data.map((i: { id: string }) => i.id)).toEqual([
      closed.id,
      clockedIn.id,
    ]);
    expect((await ask(worker, worker.user.id, ['Clock-In'])).json().data.map((i: { id: string }) => i.id)).toEqual([clockedIn.id]);
    expect((await ask(tech, worker.user.id, ['Clock-In'])).statusCode).toBe(404);
    expect((await ask(admin, randomUUID(), ['Clock-In'])).statusCode).toBe(404);
    const other = await t.newCompany();
    expect((await ask(admin, other.admin.user.id, ['Clock-In'])).statusCode).toBe(404);
    expect((await ask(admin, worker.user.id, [])).statusCode).toBe(400);
    expect((await ask(admin, worker.user.id, ['Busy'])).json().message).toContain('status must be one of: Clock-In, Clock-out, Closed.');
    const { session, subcontractorId } = await subcontractorLogin(t, tenantId);
    const subTask = await buildTask(t.db, tenantId, { jobId, subcontractorId, lifecycle: 'CLOCKED_OUT', startAt: T.startOfToday });
    expect((await ask(session, session.user.id, ['Clock-out'])).json().data.map((i: { id: string }) => i.id)).toEqual([subTask.id]);
    const noAccess = await t.signInAs(tenantId, 'Staff', 'noAccess');
    expect((await ask(noAccess, worker.user.id, ['Clock-In'])).statusCode).toBe(403);
  });
});
