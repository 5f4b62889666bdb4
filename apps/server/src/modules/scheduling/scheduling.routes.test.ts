import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { BID_MESSAGES } from '@fieldwork/domain/tasks/bids.schemas';
import { NOT_SCHEDULABLE_MESSAGE } from '@fieldwork/domain/scheduling/scheduling.rules';
import { SCHEDULE_MESSAGES } from '@fieldwork/domain/scheduling/scheduling.schemas';
import { TASK_MESSAGES } from '@fieldwork/domain/tasks/tasks.schemas';
import { buildJob, buildSubcontractor, buildTask, buildUser } from '@fieldwork/testing/factories';
import { createTestApp, ROLE_CASES, testPasswordHash, type Session, type TestApp } from '../../test-support/test-app.ts';
import { ASSIGNEE_MESSAGES } from '../task-core/tasks-assignee.service.ts';
import { addWorkPeriod, taskLog, taskRow, timeline } from '../task-core/tasks.fixture.ts';

let t: TestApp;
let tenantId: string;
let admin: Session;
let jobId: string;
let T: ReturnType<typeof timeline>;
/** A day well in the future, so derived statuses and "now" never interfere; hh(10) is 10:00 UTC that day. */
let hh: (hours: number) => string;
beforeAll(async () => {
  t = await createTestApp();
  ({ tenantId, admin } = await t.newCompany());
  jobId = (await buildJob(t.db, tenantId)).id;
  T = timeline();
  const day = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  hh = (hours: number) => new Date(Date.parse(`${day}T00:00:00.000Z`) + hours * 3_600_000).toISOString();
});
afterAll(async () => t.close());

const newTech = async (name?: string) => buildUser(t.db, { tenantId, role: 'Technician', passwordHash: await testPasswordHash(), ...(name ? { name } : {}) });
const unscheduled = () => buildTask(t.db, tenantId, { jobId });
const schedule = (s: Session | undefined, body: object) => t.call('POST', '/api/tasks/schedule', s?.cookie, body);
const reschedule = (s: Session | undefined, scheduleId: string, body: object) => t.call('PUT', `/api/tasks/schedule/${scheduleId}`, s?.cookie, body);
const onTech = (taskId: string, techId: string, start: string, end?: string | null) => ({
  taskId,
  startDateTime: start,
  expectedEndDateTime: end ?? null,
  isAssigned: true,
  assignedTo: 'TECHNICIAN',
  assignedTechnicianId: techId,
});

function expectClash(res: { statusCode: number; json: () => any }, taskNumber: number) {
  expect(res.statusCode, JSON.stringify(res.json())).toBe(409);
  const body = res.json();
  expect(body.code).toBe('SCHEDULE_CONFLICT');
  expect(body.message).toBe(SCHEDULE_MESSAGES.conflictWith(taskNumber));
  expect(body.message).toContain('conflicting schedule');
  expect(body.message).toContain(`#${taskNumber}`);
  expect(body.details).toEqual({ taskNumber });
}

describe('POST /api/tasks/schedule', () => {
  it('needs a session and the right to edit tasks', async () => {
    expect((await schedule(undefined, { taskId: randomUUID(), startDateTime: hh(1) })).statusCode).toBe(401);
    for (const c of ROLE_CASES) {
      const s = await t.signInAs(tenantId, c.role, c.access);
      const task = await unscheduled();
      const res = await schedule(s, { taskId: task.id, startDateTime: hh(1) });
      expect(res.statusCode, `${c.label}: ${res.body}`).toBe(['Admin', 'Staff fullAccess', 'Staff partialAccess'].includes(c.label) ? 201 : 403);
    }
  });

  it('answers each validation rule with its message, naming the field', async () => {
    const task = await unscheduled();
    const tech = await newTech();
    const staff = await buildUser(t.db, { tenantId, role: 'Staff', passwordHash: await testPasswordHash() });
    const other = await t.newCompany();
    const foreignTech = await buildUser(t.db, { tenantId: other.tenantId, role: 'Technician', passwordHash: await testPasswordHash() });
    const cases: [object, number, string][] = [
      [{ taskId: task.id, startDateTime: 'tomorrow' }, 400, 'Start date-time must be a valid ISO 8601 date-time.'],
      [{ taskId: task.id, startDateTime: hh(1), expectedEndDateTime: '2026-13-45' }, 400, 'End date-time must be a valid ISO 8601 date-time.'],
      [{ taskId: task.id }, 400, 'Start date-time must be a valid ISO 8601 date-time.'],
      [{ taskId: 'x', startDateTime: hh(1) }, 400, 'Task must be a valid UUID.'],
      [{ taskId: task.id, startDateTime: hh(2), expectedEndDateTime: hh(1) }, 400, 'End date-time must be the same as or after the start date-time.'],
      [{ taskId: task.id, startDateTime: hh(1), assignedTo: 'TECHNICIAN' }, 400, 'Select a technician to assign the task to.'],
      [{ taskId: task.id, startDateTime: hh(1), assignedTo: 'SUBCONTRACTOR' }, 400, 'Select a subcontractor to assign the task to.'],
      [{ taskId: task.id, startDateTime: hh(1), isAssigned: true }, 400, SCHEDULE_MESSAGES.assigneeRequired],
      [{ taskId: task.id, startDateTime: hh(1), assignedTo: 'ROBOT' }, 400, 'assignedTo must be TECHNICIAN or SUBCONTRACTOR.'],
      [{ taskId: task.id, startDateTime: hh(1), bidRequestSentTo: [randomUUID()] }, 400, SCHEDULE_MESSAGES.bidsNeedSubcontractor],
      [{ taskId: task.id, startDateTime: hh(1), assignedTo: 'SUBCONTRACTOR', bidRequestSentTo: [randomUUID()] }, 400, BID_MESSAGES.subcontractors],
      [{ taskId: task.id, startDateTime: hh(1), extra: 1 }, 400, 'Unrecognized key: "extra"'],
      [onTech(task.id, staff.id, hh(1)), 400, ASSIGNEE_MESSAGES.technician],
      [onTech(task.id, foreignTech.id, hh(1)), 400, ASSIGNEE_MESSAGES.technician],
      [onTech(task.id, randomUUID(), hh(1)), 400, ASSIGNEE_MESSAGES.technician],
      [
        { ...onTech(task.id, tech.id, hh(1)), assignedTo: 'SUBCONTRACTOR', assignedTechnicianId: null, assignedSubcontractorId: randomUUID() },
        400,
        ASSIGNEE_MESSAGES.subcontractor,
      ],
      [{ taskId: randomUUID(), startDateTime: hh(1) }, 404, TASK_MESSAGES.notFound],
    ];
    for (const [body, status, message] of cases) {
      const res = await schedule(admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().message, JSON.stringify(body)).toContain(message);
    }
    expect((await taskRow(t.db, task.id)).schedule_id).toBeNull();
  });

  it('creates the schedule (end defaults to start + 2 h), assigns, and logs old → new; a second schedule is refused', async () => {
    const tech = await newTech('Sam Scheduled');
    const task = await unscheduled();
    const res = await schedule(admin, onTech(task.id, tech.id, hh(8)));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      id: task.id,
      assignedTo: 'TECHNICIAN',
      assignedUser: { userId: tech.id },
      status: 'UPCOMING',
      taskScheduler: { id: expect.any(String), startDateTime: hh(8), expectedEndDateTime: hh(10), endDateTime: null, version: 1 },
      version: 2,
    });
    const log = await taskLog(t.db, task.id);
    expect(log.map((e) => e.action)).toEqual(['TASK_UPDATED', 'TASK_ASSIGNED']);
    expect(JSON.parse(log[0]!.meta)).toEqual([
      { field: 'Start Date-Time', oldValue: null, newValue: hh(8) },
      { field: 'Expected End Date-Time', oldValue: null, newValue: hh(10) },
    ]);
    expect(JSON.parse(log[1]!.meta)).toEqual([{ field: 'Assigned To', oldValue: null, newValue: 'Sam Scheduled' }]);
    const again = await schedule(admin, onTech(task.id, tech.id, hh(20)));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(SCHEDULE_MESSAGES.alreadyScheduled);
    const unassigned = await schedule(admin, { taskId: (await unscheduled()).id, startDateTime: hh(8), isAssigned: false });
    expect(unassigned.json().data).toMatchObject({ assignedTo: 'NONE', status: 'UNASSIGNED' });
    const sub = await buildSubcontractor(t.db, tenantId);
    const toSub = await schedule(admin, {
      taskId: (await unscheduled()).id,
      startDateTime: hh(8),
      assignedTo: 'SUBCONTRACTOR',
      assignedSubcontractorId: sub.id,
    });
    expect(toSub.json().data).toMatchObject({ assignedTo: 'SUBCONTRACTOR', assignedSubcontractor: { id: sub.id } });
  });

  it('finds a clash with a task of the longest allowed length, and refuses anything longer', async () => {
    const tech = await newTech();
    const long = await buildTask(t.db, tenantId, { jobId, technicianId: tech.id, startAt: hh(-30 * 24), expectedEndAt: hh(12) }); // 30.5 days
    expectClash(await schedule(admin, onTech((await unscheduled()).id, tech.id, hh(11))), long.taskNumber);
    const tooLong = await schedule(admin, onTech((await unscheduled()).id, (await newTech()).id, hh(0), hh(31 * 24 + 1)));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toEqual([TASK_MESSAGES.tooLong]);
  });

  it('refuses a clash with the clashing task number; touching intervals, cancelled tasks and other people do not clash', async () => {
    const tech = await newTech();
    const booked = await buildTask(t.db, tenantId, { jobId, technicianId: tech.id, startAt: hh(10), expectedEndAt: hh(12) });
    const open = await buildTask(t.db, tenantId, { jobId, technicianId: tech.id, startAt: hh(14) }); // no end: 14:00–16:00
    await buildTask(t.db, tenantId, { jobId, technicianId: tech.id, startAt: hh(18), expectedEndAt: hh(20), lifecycle: 'CANCELLED' });
    expectClash(await schedule(admin, onTech((await unscheduled()).id, tech.id, hh(11))), booked.taskNumber);
    expectClash(await schedule(admin, onTech((await unscheduled()).id, tech.id, hh(9), hh(13))), booked.taskNumber);
    expectClash(await schedule(admin, onTech((await unscheduled()).id, tech.id, hh(15.5))), open.taskNumber);
    expect((await schedule(admin, onTech((await unscheduled()).id, tech.id, hh(12), hh(14)))).statusCode).toBe(201); // touches both
    expect((await schedule(admin, onTech((await unscheduled()).id, tech.id, hh(16)))).statusCode).toBe(201); // starts as the open one's 2 h end
    expect((await schedule(admin, onTech((await unscheduled()).id, tech.id, hh(18.5)))).statusCode).toBe(201); // over a cancelled task
    expect((await schedule(admin, onTech((await unscheduled()).id, (await newTech()).id, hh(11)))).statusCode).toBe(201);
    const sub = await buildSubcontractor(t.db, tenantId);
    const subTask = await buildTask(t.db, tenantId, { jobId, subcontractorId: sub.id, startAt: hh(10), expectedEndAt: hh(12) });
    expectClash(
      await schedule(admin, { taskId: (await unscheduled()).id, startDateTime: hh(11), assignedTo: 'SUBCONTRACTOR', assignedSubcontractorId: sub.id }),
      subTask.taskNumber,
    );
  });

  it("never schedules or assigns a closed or cancelled task, and the scheduler's Unscheduled / Unassigned lists leave them out", async () => {
    const tech = await newTech();
    const list = async (tab: string) => {
      const res = await t.call('GET', `/api/tasks?assignedStatus=${tab}&status=${tab}&limit=100`, admin.cookie);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().items as { id: string }[]).map((i) => i.id);
    };
    const open = await unscheduled();
    const openUnassigned = await buildTask(t.db, tenantId, { jobId, startAt: hh(3) });
    for (const lifecycle of ['CLOSED', 'CANCELLED'] as const) {
      const done = await buildTask(t.db, tenantId, { jobId, lifecycle });
      const res = await schedule(admin, onTech(done.id, tech.id, hh(2)));
      expect(res.statusCode, lifecycle).toBe(409);
      expect(res.json().message).toBe(NOT_SCHEDULABLE_MESSAGE);
      expect((await taskRow(t.db, done.id)).start_at, lifecycle).toBeNull();
      const doneUnassigned = await buildTask(t.db, tenantId, { jobId, lifecycle, startAt: hh(4) });
      const assign = await reschedule(admin, (await taskRow(t.db, doneUnassigned.id)).schedule_id!, {
        startDateTime: hh(4),
        version: 0,
        assignedTo: 'TECHNICIAN',
        assignedTechnicianId: tech.id,
      });
      expect(assign.statusCode, lifecycle).toBe(409);
      expect((await taskRow(t.db, doneUnassigned.id)).assignee_key, lifecycle).toBeNull();
      expect(await list('UNSCHEDULED'), lifecycle).not.toContain(done.id);
      expect(await list('UNASSIGNED'), lifecycle).not.toContain(doneUnassigned.id);
    }
    expect(await list('UNSCHEDULED')).toContain(open.id);
    expect(await list('UNASSIGNED')).toContain(openUnassigned.id);
  });

  it("refuses a slot in the technician's time off", async () => {
    const tech = await newTech();
    expect((await t.call('POST', '/api/time-off', admin.cookie, { userId: tech.id, startDateTime: hh(8), endDateTime: hh(9) })).statusCode).toBe(201);
    const res = await schedule(admin, onTech((await unscheduled()).id, tech.id, hh(7)));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'SCHEDULE_CONFLICT', message: SCHEDULE_MESSAGES.conflictWithTimeOff });
    expect(res.json().message).toContain('conflicting schedule');
    expect((await schedule(admin, onTech((await unscheduled()).id, tech.id, hh(9)))).statusCode).toBe(201); // touches its end
  });
});

describe('PUT /api/tasks/schedule/:scheduleId', () => {
  async function scheduled(techId: string, start: string, end?: string) {
    const res = await schedule(admin, onTech((await unscheduled()).id, techId, start, end));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: string; taskNumber: number; taskScheduler: { id: string; version: number } };
  }

  it('moves a schedule at the version loaded; a stale version gets 409 STALE_VERSION', async () => {
    const tech = await newTech();
    const task = await scheduled(tech.id, hh(8));
    expect((await reschedule(undefined, task.taskScheduler.id, { startDateTime: hh(9), version: 1 })).statusCode).toBe(401);
    const moved = await reschedule(admin, task.taskScheduler.id, { startDateTime: hh(9), expectedEndDateTime: hh(9.5), version: 1 });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({
      taskScheduler: { id: task.taskScheduler.id, startDateTime: hh(9), expectedEndDateTime: hh(9.5), version: 2 },
      assignedUser: { userId: tech.id },
    });
    const stale = await reschedule(admin, task.taskScheduler.id, { startDateTime: hh(11), version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE_VERSION');
    expect((await taskRow(t.db, task.id)).start_at).toBe(hh(9));
    expect((await taskLog(t.db, task.id)).at(-1)).toMatchObject({ action: 'TASK_UPDATED', message: `Re-scheduled task #${task.taskNumber}` });
    const tech2 = await newTech();
    const reassigned = await reschedule(admin, task.taskScheduler.id, {
      startDateTime: hh(9),
      assignedTo: 'TECHNICIAN',
      assignedTechnicianId: tech2.id,
      version: 2,
    });
    expect(reassigned.json().data).toMatchObject({ assignedUser: { userId: tech2.id }, taskScheduler: { version: 3 } });
    expect((await reschedule(admin, task.taskScheduler.id, { startDateTime: hh(9), bidRequestSentTo: [randomUUID()], version: 3 })).json().message).toEqual([
      SCHEDULE_MESSAGES.bidsNeedSubcontractor,
    ]);
    expect((await reschedule(admin, task.taskScheduler.id, { startDateTime: 'soon', version: 3 })).json().message).toContain(
      'Start date-time must be a valid ISO 8601 date-time.',
    );
  });

  it('is office work; unknown and foreign schedules are 404', async () => {
    const task = await scheduled((await newTech()).id, hh(8));
    for (const c of ROLE_CASES.filter((r) => !['Admin', 'Staff fullAccess', 'Staff partialAccess'].includes(r.label))) {
      const s = await t.signInAs(tenantId, c.role, c.access);
      expect((await reschedule(s, task.taskScheduler.id, { startDateTime: hh(9), version: 1 })).statusCode, c.label).toBe(403);
    }
    const missing = await reschedule(admin, randomUUID(), { startDateTime: hh(9), version: 1 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(SCHEDULE_MESSAGES.scheduleNotFound);
    const other = await t.newCompany();
    const foreign = await buildTask(t.db, other.tenantId, { startAt: hh(8) });
    const foreignId = (await taskRow(t.db, foreign.id)).schedule_id!;
    expect((await reschedule(admin, foreignId, { startDateTime: hh(9), version: 0 })).body).toBe(missing.body);
    expect((await reschedule(admin, 'nope', { startDateTime: hh(9), version: 0 })).json().message).toContain('Schedule must be a valid UUID.');
    expect((await reschedule(admin, task.taskScheduler.id, { startDateTime: hh(9), version: -1 })).json().message).toContain('version must not be negative.');
  });

  it('refuses a clash (excluding the task itself), keeps the start of a clocked-in task, refuses closed and cancelled tasks', async () => {
    const tech = await newTech();
    const first = await scheduled(tech.id, hh(8));
    const second = await scheduled(tech.id, hh(12));
    expectClash(await reschedule(admin, second.taskScheduler.id, { startDateTime: hh(9), version: 1 }), first.taskNumber);
    expect((await reschedule(admin, first.taskScheduler.id, { startDateTime: hh(9), version: 1 })).statusCode).toBe(200); // overlaps only itself
    const clockedTech = await newTech();
    const clocked = await buildTask(t.db, tenantId, { jobId, technicianId: clockedTech.id, lifecycle: 'CLOCKED_IN', startAt: T.startOfToday });
    await addWorkPeriod(t.db, tenantId, clocked, T.startOfToday, null, clockedTech.id);
    const clockedSchedule = (await taskRow(t.db, clocked.id)).schedule_id!;
    const kept = await reschedule(admin, clockedSchedule, { startDateTime: T.at(T.hour), expectedEndDateTime: T.at(6 * T.hour), version: 0 });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data.taskScheduler).toMatchObject({ startDateTime: T.startOfToday, expectedEndDateTime: T.at(6 * T.hour) });
    for (const lifecycle of ['CLOSED', 'CANCELLED'] as const) {
      const done = await buildTask(t.db, tenantId, { jobId, technicianId: (await newTech()).id, lifecycle, startAt: hh(8) });
      const res = await reschedule(admin, (await taskRow(t.db, done.id)).schedule_id!, { startDateTime: hh(9), version: 0 });
      expect(res.statusCode, lifecycle).toBe(409);
      expect(res.json().message).toBe(NOT_SCHEDULABLE_MESSAGE);
    }
  });
});

describe('the clash check on the task routes', () => {
  it('POST /api/tasks, PUT /api/tasks/:id and PATCH assignTo refuse a clash with the clashing number', async () => {
    const tech = await newTech();
    const booked = await buildTask(t.db, tenantId, { jobId, technicianId: tech.id, startAt: hh(10), expectedEndAt: hh(12) });
    expectClash(
      await t.call('POST', '/api/tasks', admin.cookie, { jobId, name: 'Clash', startDateTime: hh(11), assignTo: 'TECHNICIAN', assignedTechnicianId: tech.id }),
      booked.taskNumber,
    );
    expect(
      (await t.call('POST', '/api/tasks', admin.cookie, { jobId, name: 'Touch', startDateTime: hh(12), assignTo: 'TECHNICIAN', assignedTechnicianId: tech.id }))
        .statusCode,
    ).toBe(201);
    const free = await buildTask(t.db, tenantId, { jobId, startAt: hh(11) }); // scheduled, unassigned
    expectClash(await t.call('PATCH', `/api/tasks/${free.id}`, admin.cookie, { assignTo: 'TECHNICIAN', assignedTechnicianId: tech.id }), booked.taskNumber);
    expectClash(
      await t.call('PUT', `/api/tasks/${free.id}`, admin.cookie, {
        name: 'x',
        startDateTime: hh(9),
        assignTo: 'TECHNICIAN',
        assignedTechnicianId: tech.id,
        version: 1,
      }),
      booked.taskNumber,
    );
    expect(await taskRow(t.db, free.id)).toMatchObject({ assignee_key: null, version: 1 });
    const renamed = await t.call('PUT', `/api/tasks/${booked.id}`, admin.cookie, {
      name: 'Renamed',
      startDateTime: hh(10),
      expectedEndDateTime: hh(12),
      assignTo: 'TECHNICIAN',
      assignedTechnicianId: tech.id,
      version: 1,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
  });
});

describe('PostgreSQL exclusion constraint', () => {
  it('refuses an overlapping active task written straight to the table, and allows touching and cancelled ones', async () => {
    if (t.dialect !== 'postgres') return;
    const tech = await newTech();
    await buildTask(t.db, tenantId, { jobId, technicianId: tech.id, startAt: hh(10) });
    await expect(buildTask(t.db, tenantId, { jobId, technicianId: tech.id, startAt: hh(11.5), expectedEndAt: hh(13) })).rejects.toMatchObject({
      code: '23P01',
    });
    await buildTask(t.db, tenantId, { jobId, technicianId: tech.id, startAt: hh(12), expectedEndAt: hh(13) });
    await buildTask(t.db, tenantId, { jobId, technicianId: tech.id, startAt: hh(12), expectedEndAt: hh(13), lifecycle: 'CANCELLED' });
  });
});
