import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEDULE_MESSAGES } from '@fieldwork/domain/scheduling/scheduling.schemas';
import { buildJob, buildSubcontractor, buildTask, buildUser } from '@fieldwork/testing/factories';
import { buildPlan } from '@fieldwork/testing/plan-factories';
import { createTestApp, testPasswordHash, type Session, type TestApp } from '../../test-support/test-app.ts';

let t: TestApp;
let tenantId: string;
let admin: Session;
let tech: Session;
let other: { id: string };
let sub: { id: string };
const day = '2031-03-10';
const hh = (hours: number) => new Date(Date.parse(`${day}T00:00:00.000Z`) + hours * 3_600_000).toISOString();
const range = `startDateTime=${hh(0)}&endDateTime=${hh(24)}`;

beforeAll(async () => {
  t = await createTestApp();
  ({ tenantId, admin } = await t.newCompany());
  tech = await t.signInAs(tenantId, 'Technician');
  other = await buildUser(t.db, { tenantId, role: 'Technician', name: 'Zed Other', passwordHash: await testPasswordHash() });
  sub = await buildSubcontractor(t.db, tenantId, { name: 'Feed Subs' });
  const { id: jobId } = await buildJob(t.db, tenantId);
  await buildTask(t.db, tenantId, { jobId, technicianId: tech.user.id, startAt: hh(9), expectedEndAt: hh(11) });
  await buildTask(t.db, tenantId, { jobId, technicianId: tech.user.id, startAt: hh(13), expectedEndAt: hh(14) });
  await buildTask(t.db, tenantId, { jobId, technicianId: tech.user.id, startAt: hh(15), expectedEndAt: hh(16), lifecycle: 'CANCELLED' });
  await buildTask(t.db, tenantId, { jobId, technicianId: other.id, startAt: hh(9), expectedEndAt: hh(10) });
  await buildTask(t.db, tenantId, { jobId, subcontractorId: sub.id, startAt: hh(9), expectedEndAt: hh(12) });
  await buildTask(t.db, tenantId, { jobId, technicianId: other.id, startAt: hh(40), expectedEndAt: hh(41) }); // the next day
  expect(
    (await t.call('POST', '/api/time-off', admin.cookie, { userId: other.id, startDateTime: hh(17), endDateTime: hh(18), reason: 'Dentist' })).statusCode,
  ).toBe(201);
  const foreign = await t.newCompany();
  await buildTask(t.db, foreign.tenantId, {
    technicianId: (await buildUser(t.db, { tenantId: foreign.tenantId, role: 'Technician', passwordHash: await testPasswordHash() })).id,
    startAt: hh(9),
    expectedEndAt: hh(10),
  });
});
afterAll(async () => t.close());

describe('GET /api/schedule', () => {
  it("gives the office the range's active tasks and everyone's time off", async () => {
    const res = await t.call('GET', `/api/schedule?${range}`, admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const { tasks, timeOff } = res.json().data;
    expect(tasks).toHaveLength(4);
    expect(timeOff).toEqual([expect.objectContaining({ userId: other.id, reason: 'Dentist', startDateTime: hh(17), endDateTime: hh(18) })]);
  });

  it("names a plan visit's service plan, and null for one-off tasks", async () => {
    const recurrence = {
      frequency: 'weekly' as const,
      interval: 1,
      weekdays: ['MO' as const],
      monthDay: null,
      months: [],
      startDate: day,
      endDate: null,
      time: '07:00',
      durationMinutes: 60,
      arrivalWindowMinutes: 0,
    };
    const plan = await buildPlan(t.db, tenantId, { name: 'Weekly pool care', recurrence, technicianId: other.id });
    const visit = await buildTask(t.db, tenantId, { jobId: plan.jobId, technicianId: other.id, startAt: hh(7), expectedEndAt: hh(8) });
    await t.db
      .updateTable('tasks')
      .set({ plan_id: plan.id, plan_occurrence: `${day}T07:00` })
      .where('id', '=', visit.id)
      .execute();
    try {
      const { tasks } = (await t.call('GET', `/api/schedule?${range}`, admin.cookie)).json().data;
      const plans = Object.fromEntries(tasks.map((x: { id: string; plan: unknown }) => [x.id, x.plan]));
      expect(plans[visit.id]).toEqual({ id: plan.id, name: 'Weekly pool care' });
      expect(Object.values(plans).filter((p) => p === null)).toHaveLength(4);
    } finally {
      await t.db.deleteFrom('tasks').where('id', '=', visit.id).execute();
    }
  });

  it("carries each entry's schedule id and version, which a calendar drag sends back", async () => {
    const entry = (await t.call('GET', `/api/schedule?${range}`, admin.cookie))
      .json()
      .data.tasks.find((x: { assignedTo: { id: string } | null }) => x.assignedTo?.id === other.id);
    expect(entry).toMatchObject({ scheduleId: expect.any(String), scheduleVersion: expect.any(Number) });
    const moved = await t.call('PUT', `/api/tasks/schedule/${entry.scheduleId}`, admin.cookie, {
      startDateTime: hh(20),
      expectedEndDateTime: hh(21),
      version: entry.scheduleVersion,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = (await t.call('GET', `/api/schedule?${range}`, admin.cookie)).json().data.tasks.find((x: { id: string }) => x.id === entry.id);
    expect(after).toMatchObject({ startTime: hh(20), endTime: hh(21), scheduleId: entry.scheduleId, scheduleVersion: entry.scheduleVersion + 1 });
    const stale = await t.call('PUT', `/api/tasks/schedule/${entry.scheduleId}`, admin.cookie, {
      startDateTime: hh(9),
      expectedEndDateTime: hh(10),
      version: entry.scheduleVersion,
    });
    expect(stale.statusCode).toBe(409);
    await t.call('PUT', `/api/tasks/schedule/${entry.scheduleId}`, admin.cookie, {
      startDateTime: hh(9),
      expectedEndDateTime: hh(10),
      version: entry.scheduleVersion + 1,
    });
  });

  it('gives a technician only their own tasks and time off', async () => {
    const { tasks, timeOff } = (await t.call('GET', `/api/schedule?${range}`, tech.cookie)).json().data;
    expect(tasks.map((x: { assignedTo: { id: string } }) => x.assignedTo.id)).toEqual([tech.user.id, tech.user.id]);
    expect(timeOff).toEqual([]);
  });

  it('refuses a range over 62 days, and anonymous callers', async () => {
    const wide = await t.call('GET', `/api/schedule?startDateTime=${hh(0)}&endDateTime=${hh(24 * 63)}`, admin.cookie);
    expect(wide.statusCode).toBe(400);
    expect(wide.json().message).toEqual([SCHEDULE_MESSAGES.rangeTooWide]);
    expect((await t.call('GET', `/api/schedule?${range}`)).statusCode).toBe(401);
  });
});

describe('GET /api/tasks/scheduler/users', () => {
  it('lists technicians with their active task count in the range', async () => {
    const res = await t.call('GET', `/api/tasks/scheduler/users?${range}&userType=technician`, admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const counts = Object.fromEntries(res.json().data.items.map((u: { id: string; taskCount: number; type: string }) => [u.id, [u.type, u.taskCount]]));
    expect(counts).toEqual({ [tech.user.id]: ['TECHNICIAN', 2], [other.id]: ['TECHNICIAN', 1] });
    expect(res.json().data.meta).toMatchObject({ total: 2, page: 1 });
  });

  it('lists subcontractors the same way', async () => {
    const items = (await t.call('GET', `/api/tasks/scheduler/users?${range}&userType=subcontractor`, admin.cookie)).json().data.items;
    expect(items).toEqual([expect.objectContaining({ id: sub.id, name: 'Feed Subs', type: 'SUBCONTRACTOR', taskCount: 1 })]);
  });

  it('validates userType and is for office readers only', async () => {
    expect((await t.call('GET', `/api/tasks/scheduler/users?${range}&userType=robot`, admin.cookie)).json().message).toEqual([
      'userType must be technician or subcontractor.',
    ]);
    expect((await t.call('GET', `/api/tasks/scheduler/users?${range}&userType=technician`, tech.cookie)).statusCode).toBe(403);
  });
});
