import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { CLOCK_MESSAGES } from '@fieldwork/domain/tasks/clock.schemas';
import type { TaskForRules } from '@fieldwork/domain/tasks/task-actions.rules';
import type { TaskLifecycle } from '@fieldwork/domain/tasks/task-status.rules';
import { buildJob, buildSubcontractor, buildTask, buildTenant, buildUser, type TaskOverrides } from '@fieldwork/testing/factories';
import { createTestApp, ROLE_CASES, testPasswordHash, type Session, type TestApp } from '../../test-support/test-app.ts';
import { addWorkPeriod, expectedActionStatus, subcontractorLogin, taskLog, taskRow, timeline } from '../task-core/tasks.fixture.ts';
import { person, runningTask, todayTask, vehicleRow, vin } from './clock.fixture.ts';

let t: TestApp;
let tenantId: string;
let admin: Session;
let jobId: string;
let T: ReturnType<typeof timeline>;
beforeAll(async () => {
  t = await createTestApp();
  tenantId = (await buildTenant(t.db)).id;
  admin = await person(t, tenantId, 'Admin', 'Ann Admin', 'fullAccess');
  jobId = (await buildJob(t.db, tenantId)).id;
  T = timeline();
});
afterAll(async () => t.close());

const clockIn = (s: Session | undefined, payload: object) => t.call('POST', '/api/tasks/clock-in', s?.cookie, payload);
const newTech = (name = 'Tom Tech') => person(t, tenantId, 'Technician', name);
const running = (userId: string) => t.db.selectFrom('task_activities').selectAll().where('user_id', '=', userId).where('end_time', 'is', null).execute();

/** Tasks in each state the clock-in rule tells apart (dates hours away from now and midnight). */
function states(): Record<string, TaskOverrides & { work?: boolean }> {
  const past = T.shift(T.startOfToday, -2 * T.day);
  return {
    UPCOMING: { startAt: T.shift(T.startOfTomorrow, T.hour) },
    'CLOCKED_OUT future': { startAt: T.shift(T.startOfTomorrow, T.hour), lifecycle: 'CLOCKED_OUT' },
    MISSED: { startAt: T.at(-3 * T.day), expectedEndAt: T.at(-3 * T.day + T.hour) },
    'OPEN today': { startAt: T.startOfToday, expectedEndAt: T.at(T.day) },
    'OPEN since yesterday': { startAt: T.shift(T.startOfToday, -T.day + T.hour), expectedEndAt: T.at(T.day) },
    CLOCKED_IN: { startAt: T.startOfToday, lifecycle: 'CLOCKED_IN', work: true },
    'CLOCKED_OUT today': { startAt: T.startOfToday, lifecycle: 'CLOCKED_OUT', work: true },
    'CLOCKED_OUT past': { startAt: past, lifecycle: 'CLOCKED_OUT', work: true },
    CLOSED: { startAt: T.startOfToday, lifecycle: 'CLOSED', work: true },
    CANCELLED: { startAt: T.shift(T.startOfTomorrow, T.hour), lifecycle: 'CANCELLED' },
  };
}

describe('POST /api/tasks/clock-in: exactly where the domain rule allows it', () => {
  it('for every role × state', async () => {
    const viewers = [...ROLE_CASES, { label: 'assignee Technician', role: 'Technician' as const, access: 'noAccess' as const, assignee: true }];
    const outcomes: Record<string, Record<string, number>> = {};
    for (const v of viewers) {
      const viewerSession = await t.signInAs(tenantId, v.role, v.access);
      for (const [label, state] of Object.entries(states())) {
        const session = 'assignee' in v ? await t.signInAs(tenantId, v.role, v.access) : viewerSession;
        const assigneeId =
          'assignee' in v ? session.user.id : (await buildUser(t.db, { tenantId, role: 'Technician', passwordHash: await testPasswordHash() })).id;
        const task = await buildTask(t.db, tenantId, { ...state, jobId, technicianId: assigneeId });
        if (state.work)
          await addWorkPeriod(t.db, tenantId, task, state.startAt!, state.lifecycle === 'CLOCKED_IN' ? null : T.shift(state.startAt!, 60_000), assigneeId);
        const facts: TaskForRules = {
          lifecycle: (state.lifecycle ?? 'OPEN') as TaskLifecycle,
          startDateTime: state.startAt ?? null,
          expectedEndDateTime: state.expectedEndAt ?? null,
          assignedTo: 'TECHNICIAN',
          assignedUserId: assigneeId,
          assignedSubcontractorUserId: null,
          estimateCount: 0,
          invoiceCount: 0,
        };
        const res = await clockIn(session, { taskId: task.id, jobId });
        expect(res.statusCode, `${label} as ${v.label}: ${res.body}`).toBe(
          expectedActionStatus({ userId: session.user.id, role: v.role, access: v.access }, facts, { status: 'OPEN' }, 'clockIn'),
        );
        (outcomes[v.label] ??= {})[label] = res.statusCode;
        if (res.statusCode >= 400) expect((await taskRow(t.db, task.id)).version, 'a refusal changes nothing').toBe(1);
        else expect(res.json().data).toMatchObject({ id: task.id, lifecycle: 'CLOCKED_IN', status: 'CLOCKED_IN', version: 2 });
      }
    }
    expect(outcomes.Admin).toMatchObject({
      'OPEN today': 200,
      'CLOCKED_OUT today': 200,
      'OPEN since yesterday': 200,
      UPCOMING: 409,
      'CLOCKED_OUT future': 409,
      MISSED: 409,
      'CLOCKED_OUT past': 409,
      CLOCKED_IN: 409,
      CLOSED: 409,
    });
    expect(outcomes['assignee Technician']).toMatchObject({ 'OPEN today': 200, 'OPEN since yesterday': 200, UPCOMING: 409, 'CLOCKED_OUT future': 409 });
    expect(outcomes['Staff partialAccess']).toMatchObject({ 'OPEN today': 403 });
    expect(outcomes.Technician).toMatchObject({ 'OPEN today': 404 });
  }, 120_000);

  it("refuses with the rule's reason: future, upcoming, unscheduled, subcontractor tasks and viewers", async () => {
    const tech = await newTech();
    const future = await buildTask(t.db, tenantId, {
      jobId,
      technicianId: tech.user.id,
      startAt: T.shift(T.startOfTomorrow, T.hour),
      lifecycle: 'CLOCKED_OUT',
    });
    expect((await clockIn(tech, { taskId: future.id, jobId })).json()).toMatchObject({
      statusCode: 409,
      code: 'CONFLICT',
      message: 'This task starts on a later day.',
    });
    const upcoming = await buildTask(t.db, tenantId, { jobId, technicianId: tech.user.id, startAt: T.shift(T.startOfTomorrow, 3 * T.hour) });
    const refusedUpcoming = await clockIn(tech, { taskId: upcoming.id, jobId });
    expect(refusedUpcoming.statusCode).toBe(409);
    expect(refusedUpcoming.json().message).toMatch(/can be clocked in/);
    const unscheduled = await buildTask(t.db, tenantId, { jobId });
    expect((await clockIn(admin, { taskId: unscheduled.id, jobId })).statusCode).toBe(409);
    const sub = await buildSubcontractor(t.db, tenantId);
    const subTask = await buildTask(t.db, tenantId, { jobId, subcontractorId: sub.id, startAt: T.startOfToday, expectedEndAt: T.at(T.day) });
    expect((await clockIn(admin, { taskId: subTask.id, jobId })).statusCode).toBe(409);
    const login = await subcontractorLogin(t, tenantId);
    const ownSubTask = await buildTask(t.db, tenantId, { jobId, subcontractorId: login.subcontractorId, startAt: T.startOfToday, expectedEndAt: T.at(T.day) });
    expect((await clockIn(login.session, { taskId: ownSubTask.id, jobId })).statusCode).toBe(409);
    expect(
      await t.db
        .selectFrom('task_activities')
        .select('id')
        .where('task_id', 'in', [future.id, upcoming.id, unscheduled.id, subTask.id, ownSubTask.id])
        .execute(),
    ).toEqual([]);
  });

  it("needs a session, a valid body, the task's own job; another company's task is not found", async () => {
    const tech = await newTech();
    const task = await todayTask(t, tenantId, jobId, tech.user.id);
    expect((await clockIn(undefined, { taskId: task.id, jobId })).statusCode).toBe(401);
    const bad = await clockIn(tech, { taskId: 'x', jobId, assistants: [tech.user.id, tech.user.id], extra: 1 });
    expect(bad.statusCode).toBe(400);
    expect((await clockIn(tech, { taskId: task.id, jobId, assistants: [tech.user.id, tech.user.id] })).json().message).toContain(
      CLOCK_MESSAGES.duplicateAssistants,
    );
    expect((await clockIn(tech, { taskId: task.id, jobId: (await buildJob(t.db, tenantId)).id })).json()).toMatchObject({
      statusCode: 400,
      message: [CLOCK_MESSAGES.jobMismatch],
    });
    const other = await t.newCompany();
    const foreign = await clockIn(other.admin, { taskId: task.id, jobId });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe((await clockIn(other.admin, { taskId: randomUUID(), jobId })).body);
  });

  it('allows one running clock-in per person: a second task answers with the spec text', async () => {
    const tech = await newTech();
    const a = await todayTask(t, tenantId, jobId, tech.user.id, { startAt: T.startOfToday, expectedEndAt: T.shift(T.startOfToday, 60_000) });
    const b = await todayTask(t, tenantId, jobId, tech.user.id, { startAt: T.shift(T.startOfToday, 120_000), expectedEndAt: T.at(T.day) });
    expect((await clockIn(tech, { taskId: a.id, jobId })).statusCode).toBe(200);
    const second = await clockIn(tech, { taskId: b.id, jobId });
    expect(second.json()).toEqual({ statusCode: 409, code: 'CONFLICT', message: CLOCK_MESSAGES.finishCurrent });
    expect((await clockIn(admin, { taskId: b.id, jobId })).json().message).toBe(CLOCK_MESSAGES.finishCurrent);
    expect(await running(tech.user.id)).toHaveLength(1);
    expect((await taskRow(t.db, b.id)).lifecycle).toBe('OPEN');
  });

  it('records the clock-in with vehicle and assistants, logs it and answers with the task', async () => {
    const tech = await newTech('Tom Tech');
    const helpers = [await newTech('Bea Helper'), await newTech('Al Helper')];
    const van = await vehicleRow(t, tenantId, { name: 'Ford Transit', vin: vin(1) });
    const task = await todayTask(t, tenantId, jobId, tech.user.id);
    const res = await clockIn(tech, { taskId: task.id, jobId, vehicleId: van.id, assistants: helpers.map((h) => h.user.id) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      id: task.id,
      taskNumber: task.taskNumber,
      lifecycle: 'CLOCKED_IN',
      actions: { clockOut: { allowed: true }, clockIn: { visible: false } },
    });
    const [period] = await running(tech.user.id);
    expect(period).toMatchObject({ task_id: task.id, vehicle_id: van.id, description: null });
    const assisted = await t.db.selectFrom('task_activity_assistants').select('user_id').where('activity_id', '=', period!.id).execute();
    expect(assisted.map((a) => a.user_id).sort()).toEqual(helpers.map((h) => h.user.id).sort());
    const log = (await taskLog(t.db, task.id)).at(-1)!;
    expect(log).toMatchObject({ action: 'TASK_CLOCKED_IN', message: `Clocked in on task #${task.taskNumber}`, job_id: jobId });
    expect(JSON.parse(log.meta)).toEqual([
      { field: 'Status', oldValue: 'Open', newValue: 'Clocked In' },
      { field: 'Vehicle', oldValue: null, newValue: 'Ford Transit' },
      { field: 'Assistants', oldValue: null, newValue: 'Al Helper, Bea Helper' },
    ]);
    const list = await t.call('GET', `/api/tasks/${task.id}/activities`, tech.cookie);
    expect(list.json().data).toEqual([
      expect.objectContaining({
        id: period!.id,
        endTime: null,
        user: { userId: tech.user.id, username: 'Tom Tech' },
        vehicle: { id: van.id, name: 'Ford Transit' },
        assistants: [
          { userId: helpers[1]!.user.id, name: 'Al Helper' },
          { userId: helpers[0]!.user.id, name: 'Bea Helper' },
        ],
      }),
    ]);
  });

  it('clocks in a technician on their behalf for a full-access office user, naming both', async () => {
    const tech = await newTech('Tina Tech');
    const task = await todayTask(t, tenantId, jobId, tech.user.id);
    expect((await clockIn(admin, { taskId: task.id, jobId })).statusCode).toBe(200);
    expect(await running(tech.user.id)).toHaveLength(1);
    expect(await running(admin.user.id)).toHaveLength(0);
    expect((await taskLog(t.db, task.id)).at(-1)!.message).toBe(`Ann Admin clocked in Tina Tech on task #${task.taskNumber}`);
  });

  it('refuses an inactive, missing or foreign vehicle and assistants that are the assignee, not technicians, disabled or foreign', async () => {
    const tech = await newTech();
    const task = await todayTask(t, tenantId, jobId, tech.user.id);
    const parked = await vehicleRow(t, tenantId, { vin: vin(2), isActive: false });
    const otherTenant = (await buildTenant(t.db)).id;
    const foreignVan = await vehicleRow(t, otherTenant, { vin: vin(3) });
    for (const vehicleId of [parked.id, foreignVan.id, randomUUID()]) {
      expect((await clockIn(tech, { taskId: task.id, jobId, vehicleId })).json()).toEqual({
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        message: [CLOCK_MESSAGES.vehicleInvalid],
      });
    }
    expect((await clockIn(tech, { taskId: task.id, jobId, assistants: [tech.user.id] })).json().message).toEqual([CLOCK_MESSAGES.assistantIsAssignee]);
    const staff = await buildUser(t.db, { tenantId, role: 'Staff', passwordHash: 'x' });
    const disabled = await buildUser(t.db, { tenantId, role: 'Technician', status: 'DISABLED', passwordHash: 'x' });
    const foreignTech = await buildUser(t.db, { tenantId: otherTenant, role: 'Technician', passwordHash: 'x' });
    for (const id of [staff.id, disabled.id, foreignTech.id, randomUUID()]) {
      expect((await clockIn(tech, { taskId: task.id, jobId, assistants: [id] })).json().message).toEqual([CLOCK_MESSAGES.assistantsInvalid]);
    }
    expect(await running(tech.user.id)).toEqual([]);
    expect((await taskRow(t.db, task.id)).version).toBe(1);
  });
});

describe('GET /api/tasks/assistants', () => {
  it('lists active technicians but the assignee, by name, searchable; never to subcontractors', async () => {
    const company = (await buildTenant(t.db)).id;
    const boss = await person(t, company, 'Admin', 'Boss', 'fullAccess');
    const names = ['Zed Tech', 'Amy Tech', 'Mo Access'];
    const techs = [];
    for (const name of names)
      techs.push(await buildUser(t.db, { tenantId: company, role: name === 'Mo Access' ? 'Tech Access' : 'Technician', name, passwordHash: 'x' }));
    await buildUser(t.db, { tenantId: company, role: 'Technician', name: 'Dis Abled', status: 'DISABLED', passwordHash: 'x' });
    await buildUser(t.db, { tenantId: company, role: 'Staff', name: 'Sam Staff', passwordHash: 'x' });
    await buildUser(t.db, { tenantId, role: 'Technician', name: 'Other Company Tech', passwordHash: 'x' });
    const all = await t.call('GET', '/api/tasks/assistants?limit=100', boss.cookie);
    expect(all.json()).toEqual({
      items: [
        { userId: techs[1]!.id, name: 'Amy Tech' },
        { userId: techs[2]!.id, name: 'Mo Access' },
        { userId: techs[0]!.id, name: 'Zed Tech' },
      ],
      meta: { total: 3, totalPages: 1, page: 1, limit: 100 },
    });
    const without = await t.call('GET', `/api/tasks/assistants?assignedTechnicianId=${techs[1]!.id}&limit=100`, boss.cookie);
    expect(without.json().items.map((i: { name: string }) => i.name)).toEqual(['Mo Access', 'Zed Tech']);
    const search = await t.call('GET', `/api/tasks/assistants?assignedTechnicianId=${techs[1]!.id}&search=zed`, boss.cookie);
    expect(search.json().items.map((i: { name: string }) => i.name)).toEqual(['Zed Tech']);
    expect((await t.call('GET', '/api/tasks/assistants?search=nobody', boss.cookie)).json().items).toEqual([]);
    const tech = await person(t, company, 'Technician', 'Field Tech');
    expect((await t.call('GET', `/api/tasks/assistants?assignedTechnicianId=${tech.user.id}`, tech.cookie)).json().items).toHaveLength(3);
    const sub = await subcontractorLogin(t, company);
    expect((await t.call('GET', '/api/tasks/assistants', sub.session.cookie)).statusCode).toBe(403);
    expect((await t.call('GET', '/api/tasks/assistants')).statusCode).toBe(401);
    expect((await t.call('GET', '/api/tasks/assistants?limit=101', boss.cookie)).statusCode).toBe(400);
    expect((await t.call('GET', '/api/tasks/assistants?assignedTechnicianId=nope', boss.cookie)).statusCode).toBe(400);
  });
});

describe('a task already clocked in', () => {
  it('is not clocked in again', async () => {
    const tech = await newTech();
    const task = await runningTask(t, tenantId, jobId, tech.user.id);
    expect((await clockIn(tech, { taskId: task.id, jobId })).statusCode).toBe(409);
  });
});
