import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildTask } from '@fieldwork/testing/factories';
import { dayIn } from '@fieldwork/domain/time/zoned-day.rules';
import { createTestApp, type Session, type TestApp } from '../../test-support/test-app.ts';

/**
 * The service plans card (GET /api/dashboard/plan-metrics) on a Chicago company whose plans are made through the
 * plans API and whose visits come from the worker, as in the product. Expected figures are worked out from what
 * the plans API answers (each plan's yearly value, each visit's start and lifecycle), not from the card's code.
 */
const ZONE = 'America/Chicago';
let t: TestApp;
let tenantId: string;
let admin: Session;

beforeAll(async () => {
  t = await createTestApp();
  ({ tenantId, admin } = await t.newCompany());
  await t.db.updateTable('tenants').set({ time_zone: ZONE }).where('id', '=', tenantId).execute();
});
afterAll(async () => {
  await t?.close();
});

type Plan = { id: string; version: number; yearlyValue: number; status: string };
type Visit = { id: string; startAt: string | null; lifecycle: string };

const today = () => dayIn(new Date(), ZONE);

async function createPlan(cookie: string, o: { name: string; billing: 'per_visit' | 'monthly' | 'quarterly' | 'yearly'; price: number }): Promise<Plan> {
  const customer = await buildCustomer(t.db, tenantId, { name: `${o.name} customer` });
  const res = await t.call('POST', '/api/plans', cookie, {
    customerId: customer.id,
    siteAddressId: customer.addressId,
    name: o.name,
    recurrence: {
      frequency: 'daily',
      interval: 1,
      weekdays: [],
      monthDay: null,
      months: [],
      startDate: today(),
      endDate: null,
      time: '23:00',
      durationMinutes: 30,
      arrivalWindowMinutes: 0,
    },
    visitTemplate: {
      taskName: `${o.name} visit`,
      description: null,
      assignTo: 'LATER',
      assignedTechnicianId: null,
      assignedSubcontractorId: null,
      productServices: [],
    },
    billing: o.billing,
    price: o.price,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

const act = async (plan: Plan, body: Record<string, unknown>): Promise<Plan> => {
  const res = await t.call('POST', `/api/plans/${plan.id}/actions`, admin.cookie, { ...body, version: plan.version });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

async function visitsOf(planId: string): Promise<Visit[]> {
  const page = async (when: string) => (await t.call('GET', `/api/plans/${planId}/visits?when=${when}&limit=100`, admin.cookie)).json().data as Visit[];
  return [...(await page('upcoming')), ...(await page('past'))];
}

const metrics = async (cookie = admin.cookie) => t.call('GET', '/api/dashboard/plan-metrics', cookie);

describe('GET /api/dashboard/plan-metrics', () => {
  it('says a company without plans has none, with nothing recurring and no visits', async () => {
    const res = await metrics();
    expect(res.statusCode, res.body).toBe(200);
    const month = today().slice(0, 7);
    expect(res.json()).toEqual({
      month: { from: `${month}-01`, to: expect.stringMatching(new RegExp(`^${month}-(28|29|30|31)$`)) },
      plans: { total: 0, active: 0 },
      recurringRevenue: 0,
      visitsThisMonth: { due: 0, done: 0 },
    });
  });

  it("adds up the active plans' yearly values and counts this month's plan visits, done = closed", async () => {
    const perVisit = await createPlan(admin.cookie, { name: 'Daily lobby check', billing: 'per_visit', price: 120 });
    const monthly = await createPlan(admin.cookie, { name: 'Monthly HVAC', billing: 'monthly', price: 50 });
    const paused = await act(await createPlan(admin.cookie, { name: 'Quarterly roof', billing: 'quarterly', price: 300 }), { action: 'pause' });
    const ending = await createPlan(admin.cookie, { name: 'Yearly boiler', billing: 'yearly', price: 900 });
    for (let i = 0; i < 5; i++) await t.app.worker.drain();
    // Ended today: its visits after today are cancelled, today's stays.
    const after = (await visitsOf(ending.id)).filter((v) => v.lifecycle === 'OPEN' && v.startAt && dayIn(v.startAt, ZONE) > today()).length;
    const ended = await act(ending, { action: 'end', endDate: today(), expectedCancelled: after });
    expect([paused.status, ended.status]).toEqual(['paused', 'ended']);
    expect(monthly.yearlyValue).toBe(600);
    expect(perVisit.yearlyValue).toBeGreaterThanOrEqual(120 * 365);

    // What the plans API shows: the not-cancelled visits of every plan that start in this month in Chicago.
    const month = today().slice(0, 7);
    const all = (await Promise.all([perVisit, monthly, paused, ended].map((p) => visitsOf(p.id)))).flat();
    const inMonth = all.filter((v) => v.startAt && dayIn(v.startAt, ZONE).startsWith(month) && v.lifecycle !== 'CANCELLED');

    // A visit done earlier this month (closed) and one cancelled; a one-off task this month is no plan visit.
    const first = new Date(`${month}-01T12:00:00-06:00`).toISOString();
    const closed = await buildTask(t.db, tenantId, { jobId: await jobOf(monthly.id), startAt: first, lifecycle: 'CLOSED' });
    const cancelled = await buildTask(t.db, tenantId, { jobId: await jobOf(monthly.id), startAt: first, lifecycle: 'CANCELLED' });
    for (const [task, occurrence] of [
      [closed, `${month}-01T06:00`],
      [cancelled, `${month}-01T07:00`],
    ] as const) {
      await t.db.updateTable('tasks').set({ plan_id: monthly.id, plan_occurrence: occurrence }).where('id', '=', task.id).execute();
    }
    await buildTask(t.db, tenantId, { startAt: first });

    const res = await metrics();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      plans: { total: 4, active: 2 },
      recurringRevenue: perVisit.yearlyValue + monthly.yearlyValue,
      visitsThisMonth: { due: inMonth.length + 1, done: inMonth.filter((v) => v.lifecycle === 'CLOSED').length + 1 },
    });
    // The sum is of the values stored with each plan; a plan saved before they were stored is worked out on the fly.
    const stored = await t.db.selectFrom('service_plans').select(['id', 'yearly_value_cents']).where('tenant_id', '=', tenantId).execute();
    expect(stored.find((p) => p.id === monthly.id)!.yearly_value_cents).toBe(60_000);
    await t.db.updateTable('service_plans').set({ yearly_value_cents: null }).where('id', '=', perVisit.id).execute();
    expect((await metrics()).json().recurringRevenue).toBe(perVisit.yearlyValue + monthly.yearlyValue);
  });

  it("is for the office only, like the finance figures; another company's plans are never counted", async () => {
    const viewer = await t.signInAs(tenantId, 'Admin', 'onlyViewAccess');
    expect((await metrics(viewer.cookie)).statusCode).toBe(200);
    for (const role of ['Technician', 'SubContractor'] as const) {
      const field = await t.signInAs(tenantId, role);
      expect((await metrics(field.cookie)).statusCode).toBe(403);
    }
    expect((await t.call('GET', '/api/dashboard/plan-metrics')).statusCode).toBe(401);
    const other = await t.newCompany();
    const res = await metrics(other.admin.cookie);
    expect(res.json()).toMatchObject({ plans: { total: 0, active: 0 }, recurringRevenue: 0, visitsThisMonth: { due: 0, done: 0 } });
  });
});

async function jobOf(planId: string): Promise<string> {
  const row = await t.db.selectFrom('service_plans').select('job_id').where('id', '=', planId).executeTakeFirstOrThrow();
  return row.job_id;
}
