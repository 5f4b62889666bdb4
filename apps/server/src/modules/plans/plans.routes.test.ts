import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildTask } from '@fieldwork/testing/factories';
import { PLAN_MESSAGES } from '@fieldwork/domain/plans/plans.rules';
import { addDays, todayKey } from '@fieldwork/domain/time/calendar-time.rules';
import { createTestApp, type Session, type TestApp } from '../../test-support/test-app.ts';

/** The plans API from the office's side: create, see the visits appear, push them back, skip, pause, end. */
let t: TestApp;
let tenantId: string;
let admin: Session;

const ZONE = 'America/Chicago';

beforeAll(async () => {
  t = await createTestApp();
  ({ tenantId, admin } = await t.newCompany());
  await t.db.updateTable('tenants').set({ time_zone: ZONE }).where('id', '=', tenantId).execute();
});
afterAll(async () => {
  await t?.close();
});

/** A date n days from today on the company's calendar (in the evening UTC is already on tomorrow's). */
const inDays = (n: number) => addDays(todayKey(ZONE), n);

async function newPlan(o: { technicianId?: string; name?: string; cookie?: string } = {}) {
  const customer = await buildCustomer(t.db, tenantId, { name: 'Harbor Dental' });
  return t.call('POST', '/api/plans', o.cookie ?? admin.cookie, {
    customerId: customer.id,
    siteAddressId: customer.addressId,
    name: o.name ?? 'HVAC maintenance',
    recurrence: {
      frequency: 'weekly',
      interval: 2,
      weekdays: ['TU'],
      monthDay: null,
      months: [],
      startDate: inDays(1),
      endDate: null,
      time: '09:00',
      durationMinutes: 90,
      arrivalWindowMinutes: 60,
    },
    visitTemplate: {
      taskName: 'Filter change',
      description: 'Replace filters, check refrigerant.',
      assignTo: o.technicianId ? 'TECHNICIAN' : 'LATER',
      assignedTechnicianId: o.technicianId ?? null,
      assignedSubcontractorId: null,
      productServices: [{ name: 'Filter', description: null, qty: 2, rate: 15, isTaxable: false, taxPercent: 0 }],
    },
    billing: 'per_visit',
    price: 120,
  });
}

const visits = async (planId: string, when = 'upcoming') => (await t.call('GET', `/api/plans/${planId}/visits?when=${when}&limit=100`, admin.cookie)).json();

describe('service plans', () => {
  it('creates a plan with its job; its visits appear through the worker, every two weeks, in words', async () => {
    const tech = await t.signInAs(tenantId, 'Technician');
    const res = await newPlan({ technicianId: tech.user.id });
    expect(res.statusCode, res.body).toBe(201);
    const plan = res.json().data;
    expect(plan).toMatchObject({
      name: 'HVAC maintenance',
      status: 'active',
      customer: { name: 'Harbor Dental' },
      ruleText: expect.stringMatching(/^Every 2 weeks on Tuesday, 9:00/),
      visitTemplate: { taskName: 'Filter change', assignedTechnician: { id: tech.user.id } },
      billing: 'per_visit',
      price: 120,
      yearlyValue: expect.any(Number),
      actions: { pause: true, resume: false, end: true },
    });
    expect(plan.rrule).toContain('FREQ=WEEKLY;INTERVAL=2');
    expect(plan.yearlyValue).toBeGreaterThanOrEqual(120 * 26);
    for (let i = 0; i < 5; i++) await t.app.worker.drain();
    const upcoming = await visits(plan.id);
    expect(upcoming.pagination.totalItems).toBeGreaterThanOrEqual(26);
    expect(upcoming.data[0]).toMatchObject({ lifecycle: 'OPEN', assignee: { kind: 'TECHNICIAN', id: tech.user.id }, needsAttention: false });
    const gaps = upcoming.data
      .slice(0, 5)
      .map((v: { startAt: string }, i: number, all: { startAt: string }[]) => (i ? Date.parse(v.startAt) - Date.parse(all[i - 1]!.startAt) : 0));
    expect(gaps.slice(1).every((ms: number) => Math.abs(ms - 14 * 86_400_000) <= 3_600_000)).toBe(true);
    // Each visit is a task of the plan's job, and says whose plan it is (the plan badge).
    const task = (await t.call('GET', `/api/tasks/${upcoming.data[0].id}`, admin.cookie)).json().data;
    expect(task).toMatchObject({ plan: { id: plan.id, name: 'HVAC maintenance' }, job: { id: plan.job.id }, name: 'Filter change' });
    const again = (await t.call('GET', `/api/plans/${plan.id}`, admin.cookie)).json().data;
    expect(again.nextVisitAt).toBe(upcoming.data[0].startAt);
    // "This year" is the calendar year in the company's zone (Chicago: UTC−6 in winter).
    const yearEnd = Date.parse(`${Number(todayKey(ZONE).slice(0, 4)) + 1}-01-01T06:00:00Z`);
    expect(again.visitsDueThisYear).toBe(upcoming.data.filter((v: { startAt: string }) => Date.parse(v.startAt) < yearEnd).length);
    expect(again.visitsDoneThisYear).toBe(0);
  });

  it('push back moves every un-started visit from a date by N days, at the same time of day', async () => {
    const plan = (await newPlan()).json().data;
    for (let i = 0; i < 5; i++) await t.app.worker.drain();
    const before = (await visits(plan.id)).data as { id: string; startAt: string; occurrence: string }[];
    const res = await t.call('POST', `/api/plans/${plan.id}/actions`, admin.cookie, {
      action: 'push_back',
      fromDate: inDays(0),
      days: 3,
      version: plan.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = new Map(((await visits(plan.id)).data as { id: string; startAt: string; occurrence: string }[]).map((v) => [v.id, v]));
    for (const v of before) {
      const moved = after.get(v.id)!;
      expect(Math.abs(Date.parse(moved.startAt) - Date.parse(v.startAt) - 3 * 86_400_000)).toBeLessThanOrEqual(3_600_000);
      expect(moved.occurrence).toBe(v.occurrence);
    }
    const stale = await t.call('POST', `/api/plans/${plan.id}/actions`, admin.cookie, { action: 'pause', version: plan.version });
    expect(stale.statusCode).toBe(409);
  });

  it('an edit of the rule applies to the visits not started: they are made again at the new time; the rest stays', async () => {
    const created = (await newPlan()).json().data;
    for (let i = 0; i < 5; i++) await t.app.worker.drain();
    const before = (await visits(created.id)).data as { id: string; startAt: string; lifecycle: string }[];
    const body = {
      name: 'HVAC maintenance (mornings)',
      recurrence: { ...created.recurrence, time: '10:30' },
      visitTemplate: {
        taskName: 'Filter change',
        description: null,
        assignTo: 'LATER',
        assignedTechnicianId: null,
        assignedSubcontractorId: null,
        productServices: [],
      },
      billing: 'per_visit',
      price: 130,
      version: created.version,
    };
    const res = await t.call('PUT', `/api/plans/${created.id}`, admin.cookie, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'HVAC maintenance (mornings)', price: 130, ruleText: expect.stringContaining('10:30') });
    for (let i = 0; i < 5; i++) await t.app.worker.drain();
    const after = (await visits(created.id)).data as { id: string; startAt: string; lifecycle: string }[];
    const open = after.filter((v) => v.lifecycle === 'OPEN');
    expect(open).toHaveLength(before.length);
    // 10:30 in Chicago is 16:30 UTC in winter, 15:30 in summer.
    expect(open.every((v) => ['16:30', '15:30'].includes(v.startAt.slice(11, 16)))).toBe(true);
    expect(
      after
        .filter((v) => v.lifecycle === 'CANCELLED')
        .map((v) => v.id)
        .sort(),
    ).toEqual(before.map((v) => v.id).sort());
    expect((await t.call('PUT', `/api/plans/${created.id}`, admin.cookie, body)).statusCode).toBe(409);
  });

  it('skip cancels one visit for good; pause and resume; end cancels what the confirmation named', async () => {
    let plan = (await newPlan()).json().data;
    for (let i = 0; i < 5; i++) await t.app.worker.drain();
    const [first] = (await visits(plan.id)).data;
    plan = (await t.call('POST', `/api/plans/${plan.id}/actions`, admin.cookie, { action: 'skip', visitId: first.id, version: plan.version })).json().data;
    const skipped = (await visits(plan.id)).data.find((v: { id: string }) => v.id === first.id);
    expect(skipped.lifecycle).toBe('CANCELLED');
    plan = (await t.call('POST', `/api/plans/${plan.id}/actions`, admin.cookie, { action: 'pause', version: plan.version })).json().data;
    expect(plan).toMatchObject({ status: 'paused', actions: { pause: false, resume: true } });
    plan = (await t.call('POST', `/api/plans/${plan.id}/actions`, admin.cookie, { action: 'resume', version: plan.version })).json().data;
    expect(plan.status).toBe('active');
    const open = (await visits(plan.id)).data.filter((v: { lifecycle: string }) => v.lifecycle === 'OPEN').length;
    const wrong = await t.call('POST', `/api/plans/${plan.id}/actions`, admin.cookie, { action: 'end', expectedCancelled: open + 1, version: plan.version });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().message).toBe(PLAN_MESSAGES.endConfirmation(open));
    const ended = await t.call('POST', `/api/plans/${plan.id}/actions`, admin.cookie, { action: 'end', expectedCancelled: open, version: plan.version });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json().data).toMatchObject({ status: 'ended', actions: { pause: false, resume: false, end: false } });
    expect((await visits(plan.id)).data.every((v: { lifecycle: string }) => v.lifecycle === 'CANCELLED')).toBe(true);
    const after = await t.call('POST', `/api/plans/${plan.id}/actions`, admin.cookie, { action: 'pause', version: ended.json().data.version });
    expect(after.json().message).toBe(PLAN_MESSAGES.ended);
  });

  it('lists with search, status and needs-attention filters; field roles are refused; another company’s plan is a 404', async () => {
    const named = (await newPlan({ name: 'Pool cleaning Zeta' })).json().data;
    const found = (await t.call('GET', '/api/plans?search=zeta', admin.cookie)).json();
    expect(found.data.map((p: { id: string }) => p.id)).toEqual([named.id]);
    const attention = (await t.call('GET', '/api/plans?needsAttention=true', admin.cookie)).json();
    expect(attention.data.every((p: { needsAttention: number }) => p.needsAttention > 0)).toBe(true);
    const tech = await t.signInAs(tenantId, 'Technician');
    expect((await t.call('GET', '/api/plans', tech.cookie)).statusCode).toBe(403);
    expect((await newPlan({ cookie: tech.cookie })).statusCode).toBe(403);
    const other = await t.newCompany();
    expect((await t.call('GET', `/api/plans/${named.id}`, other.admin.cookie)).statusCode).toBe(404);
    expect((await t.call('GET', `/api/plans/${named.id}/visits`, other.admin.cookie)).statusCode).toBe(404);
    // A visit is looked up only among the plan's own tasks: another company's task is no visit of it.
    const foreignTask = await buildTask(t.db, other.tenantId, {});
    const skip = await t.call('POST', `/api/plans/${named.id}/actions`, admin.cookie, { action: 'skip', visitId: foreignTask.id, version: named.version });
    expect(skip.statusCode).toBe(404);
    expect(await t.db.selectFrom('tasks').select('lifecycle').where('id', '=', foreignTask.id).executeTakeFirstOrThrow()).toEqual({ lifecycle: 'OPEN' });
    const bad = await t.call('POST', '/api/plans', admin.cookie, { name: 'x' });
    expect(bad.statusCode).toBe(400);
  });
});
