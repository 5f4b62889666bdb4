import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEDULE_MESSAGES } from '@fieldwork/domain/scheduling/scheduling.schemas';
import { buildJob, buildTask, buildUser } from '@fieldwork/testing/factories';
import { buildPlan } from '@fieldwork/testing/plan-factories';
import { createTestApp, testPasswordHash, type Session, type TestApp } from '../../test-support/test-app.ts';

/** The scheduler's board read (GET /api/tasks/scheduler) and the scheduling routes' documentation. */
let t: TestApp;
let tenantId: string;
let admin: Session;
/** A day well in the future, so derived statuses and "now" never interfere; hh(10) is 10:00 UTC that day. */
let hh: (hours: number) => string;
beforeAll(async () => {
  t = await createTestApp();
  ({ tenantId, admin } = await t.newCompany());
  const day = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  hh = (hours: number) => new Date(Date.parse(`${day}T00:00:00.000Z`) + hours * 3_600_000).toISOString();
});
afterAll(async () => t.close());

const newTech = async (name?: string) => buildUser(t.db, { tenantId, role: 'Technician', passwordHash: await testPasswordHash(), ...(name ? { name } : {}) });

describe('GET /api/tasks/scheduler', () => {
  it('lists the tasks meeting the range with their chart fields, filtered; a technician sees only their own', async () => {
    const job = await buildJob(t.db, tenantId);
    const techA = await t.signInAs(tenantId, 'Technician');
    const techB = await newTech();
    const on = (o: Parameters<typeof buildTask>[2]) => buildTask(t.db, tenantId, { jobId: job.id, ...o });
    const a1 = await on({ technicianId: techA.user.id, startAt: hh(8), expectedEndAt: hh(10) });
    const a2 = await on({ technicianId: techA.user.id, startAt: hh(14) });
    const cancelled = await on({ technicianId: techA.user.id, startAt: hh(11), expectedEndAt: hh(12), lifecycle: 'CANCELLED' });
    const b1 = await on({ technicianId: techB.id, startAt: hh(9), expectedEndAt: hh(10) });
    const long = await on({ technicianId: techB.id, startAt: hh(-48), expectedEndAt: hh(1) });
    await on({ technicianId: techB.id, startAt: hh(24), expectedEndAt: hh(25) }); // starts as the range ends
    await on({ technicianId: (await newTech()).id, startAt: hh(-3), expectedEndAt: hh(0) }); // ends as the range starts
    await on({}); // unscheduled
    const range = `startDateTime=${hh(0)}&endDateTime=${hh(24)}&jobId=${job.id}`;
    const get = async (s: Session, qs: string) => {
      const res = await t.call('GET', `/api/tasks/scheduler?${qs}`, s.cookie);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.items as { id: string }[];
    };
    const ids = async (s: Session, qs: string) => (await get(s, qs)).map((i) => i.id);
    expect(await ids(admin, range)).toEqual([long.id, a1.id, b1.id, a2.id]);
    const [first] = await get(admin, `${range}&search=${a2.taskNumber}`);
    expect(first).toEqual({
      id: a2.id,
      taskNumber: a2.taskNumber,
      name: expect.any(String),
      startTime: hh(14),
      endTime: hh(16),
      assignedTo: { id: techA.user.id, type: 'TECHNICIAN' },
      status: 'UPCOMING',
      displayStatus: 'Upcoming',
      job: { id: job.id, jobNumber: job.jobNumber },
      customer: { id: job.customerId, name: expect.any(String) },
      scheduleId: expect.any(String),
      scheduleVersion: expect.any(Number),
      plan: null,
    });
    const filterA = encodeURIComponent(JSON.stringify({ type: 'TECHNICIAN', filterId: techA.user.id }));
    const filterB = encodeURIComponent(JSON.stringify({ type: 'TECHNICIAN', filterId: techB.id }));
    expect(await ids(admin, `${range}&assigned_to=${filterA}`)).toEqual([a1.id, a2.id]);
    expect(await ids(admin, `${range}&assigned_to=${filterA}&assigned_to=${filterB}`)).toEqual([long.id, a1.id, b1.id, a2.id]);
    expect(await ids(admin, `${range}&status=CANCELLED`)).toEqual([cancelled.id]);
    expect(await ids(admin, `${range}&status=UPCOMING&status=CANCELLED`)).toEqual([long.id, a1.id, b1.id, cancelled.id, a2.id]);
    expect(await ids(techA, range)).toEqual([a1.id, a2.id]);
    expect(await ids(await t.signInAs(tenantId, 'SubContractor'), range)).toEqual([]);
    const other = await t.newCompany();
    expect(await ids(other.admin, `startDateTime=${hh(0)}&endDateTime=${hh(24)}`)).toEqual([]);
  });

  it("names the service plan of a visit (for the entry's plan mark), and no plan for one-off work", async () => {
    const tech = await newTech();
    const plan = await buildPlan(t.db, tenantId, {
      name: 'Quarterly boiler service',
      recurrence: {
        frequency: 'monthly',
        interval: 3,
        weekdays: [],
        monthDay: { kind: 'day', day: 1 },
        months: [],
        startDate: hh(0).slice(0, 10),
        endDate: null,
        time: '09:00',
        durationMinutes: 60,
        arrivalWindowMinutes: 0,
      },
    });
    const visit = await buildTask(t.db, tenantId, { jobId: plan.jobId, technicianId: tech.id, startAt: hh(9), expectedEndAt: hh(10) });
    await t.db
      .updateTable('tasks')
      .set({ plan_id: plan.id, plan_occurrence: `${hh(9).slice(0, 10)}T09:00` })
      .where('id', '=', visit.id)
      .execute();
    const oneOff = await buildTask(t.db, tenantId, { technicianId: tech.id, startAt: hh(11), expectedEndAt: hh(12) });
    const filter = encodeURIComponent(JSON.stringify({ type: 'TECHNICIAN', filterId: tech.id }));
    const res = await t.call('GET', `/api/tasks/scheduler?startDateTime=${hh(0)}&endDateTime=${hh(24)}&assigned_to=${filter}`, admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().data.items as { id: string; plan: unknown }[];
    expect(items.map((i) => [i.id, i.plan])).toEqual([
      [visit.id, { id: plan.id, name: 'Quarterly boiler service' }],
      [oneOff.id, null],
    ]);
  });

  it('refuses a range wider than 62 days and names each invalid field', async () => {
    const start = hh(0);
    const wide = await t.call('GET', `/api/tasks/scheduler?startDateTime=${start}&endDateTime=${hh(62 * 24 + 1)}`, admin.cookie);
    expect(wide.statusCode).toBe(400);
    expect(wide.json().message).toEqual([SCHEDULE_MESSAGES.rangeTooWide]);
    expect((await t.call('GET', `/api/tasks/scheduler?startDateTime=${start}&endDateTime=${hh(62 * 24)}`, admin.cookie)).statusCode).toBe(200);
    const cases: [string, string][] = [
      [`startDateTime=monday&endDateTime=${hh(1)}`, 'startDateTime must be a valid ISO 8601 date-time.'],
      [`startDateTime=${start}`, 'endDateTime must be a valid ISO 8601 date-time.'],
      [`startDateTime=${hh(2)}&endDateTime=${hh(1)}`, 'endDateTime must be after startDateTime.'],
      [`startDateTime=${start}&endDateTime=${hh(1)}&assigned_to=nope`, 'assigned_to must be a JSON object {"type", "filterId"}.'],
      [
        `startDateTime=${start}&endDateTime=${hh(1)}&assigned_to=${encodeURIComponent('{"type":"BOT","filterId":"x"}')}`,
        'assigned_to type must be TECHNICIAN or SUBCONTRACTOR.',
      ],
      [`startDateTime=${start}&endDateTime=${hh(1)}&status=LATE`, 'status must be one of:'],
      [`startDateTime=${start}&endDateTime=${hh(1)}&searchBy=name`, 'searchBy must be taskNumber.'],
    ];
    for (const [qs, message] of cases) {
      const res = await t.call('GET', `/api/tasks/scheduler?${qs}`, admin.cookie);
      expect(res.statusCode, qs).toBe(400);
      expect(res.json().message.join(' '), qs).toContain(message);
    }
    expect((await t.call('GET', `/api/tasks/scheduler?startDateTime=${start}&endDateTime=${hh(1)}`)).statusCode).toBe(401);
    expect(
      (await t.call('GET', `/api/tasks/scheduler?startDateTime=${start}&endDateTime=${hh(1)}`, (await t.signInAs(tenantId, 'Staff', 'noAccess')).cookie))
        .statusCode,
    ).toBe(403);
  });
});

describe('OpenAPI', () => {
  it('documents every scheduling route with a summary', async () => {
    const doc = (await t.call('GET', '/api/openapi.json')).json();
    const paths = [
      '/api/tasks/schedule',
      '/api/tasks/schedule/{scheduleId}',
      '/api/tasks/technicians',
      '/api/tasks/scheduler',
      '/api/time-off',
      '/api/time-off/{id}',
    ];
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(paths));
    for (const p of paths) for (const op of Object.values(doc.paths[p]) as { summary?: string }[]) expect(op.summary, p).toBeTruthy();
  });
});
