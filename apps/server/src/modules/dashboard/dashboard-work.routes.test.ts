import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildJob, buildTag, buildTask, buildTenant, buildZone } from '@fieldwork/testing/factories';
import { createTestApp, type Session, type TestApp } from '../../test-support/test-app.ts';
import { insertInvoice, insertJobStatusChange, insertLead, linkJob } from './dashboard.fixture.ts';

/**
 * Job, customer, lead and top-revenue figures. Jobs and tasks on an Asia/Kolkata tenant (March 2026 runs from
 * 2026-02-28T18:30Z to 2026-03-31T18:30Z); the others on a New York tenant (2026-03-01T05:00Z – 2026-04-01T04:00Z).
 * Previous period: the 31 days before. Expected figures are counted by hand from the rows created here.
 */
let t: TestApp;
const MARCH = 'from=2026-03-01&to=2026-03-31';
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function company(timeZone: string): Promise<{ id: string; admin: Session }> {
  const tenant = await buildTenant(t.db, { timeZone });
  return { id: tenant.id, admin: await t.signInAs(tenant.id, 'Admin', 'fullAccess') };
}
const get = async (admin: Session, path: string) => {
  const res = await t.call('GET', `/api/dashboard/${path}`, admin.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const fig = (value: number, previous: number | null) => ({
  value,
  previous,
  change: previous ? Math.round(((value - previous) / previous) * 10_000) / 10_000 : null,
});

describe('GET /api/dashboard/job-metrics (Asia/Kolkata)', () => {
  it('jobs created in the period by status, tasks scheduled in it by derived status, days to close', async () => {
    const { id, admin } = await company('Asia/Kolkata');
    const c = await buildCustomer(t.db, id);
    const job = (status: 'OPEN' | 'CLOSED' | 'CANCELLED', createdAt: string) => buildJob(t.db, id, { customer: c, status, createdAt });
    await job('OPEN', '2026-02-28T18:30:00.000Z'); // first instant of March in Kolkata
    await job('CLOSED', '2026-03-31T18:29:59.000Z'); // last second of March
    await job('CANCELLED', '2026-03-10T00:00:00.000Z');
    await job('OPEN', '2026-02-28T18:29:59.000Z'); // previous period
    await job('OPEN', '2026-03-31T18:30:00.000Z'); // April
    const tech = (await t.signInAs(id, 'Technician', 'noAccess')).user;
    const base = await job('OPEN', '2025-12-01T00:00:00.000Z'); // before both periods: only its tasks count
    const task = (lifecycle: 'OPEN' | 'CLOCKED_OUT' | 'CLOSED' | 'CANCELLED', startAt: string | null, assigned = true) =>
      buildTask(t.db, id, {
        jobId: base.id,
        lifecycle,
        startAt,
        expectedEndAt: startAt ? new Date(Date.parse(startAt) + 3_600_000).toISOString() : null,
        ...(assigned ? { technicianId: tech.id } : {}),
      });
    await task('OPEN', '2026-03-05T04:00:00.000Z'); // past its end, never clocked: MISSED (open and overdue)
    await task('CLOSED', '2026-03-06T04:00:00.000Z');
    await task('CLOCKED_OUT', '2026-03-07T04:00:00.000Z'); // open, not overdue
    await task('OPEN', '2026-03-08T04:00:00.000Z', false); // UNASSIGNED: open, not overdue
    await task('CANCELLED', '2026-03-09T04:00:00.000Z');
    await task('OPEN', '2026-02-28T17:29:59.000Z'); // previous period: MISSED
    await task('OPEN', null, false); // unscheduled: no date, not counted
    await task('CLOSED', '2026-03-31T18:30:00.000Z'); // April
    // Close times: jobs created before both periods, moved as the jobs module moves them (status and
    // updated_at in one write, with the activity row), closed in the periods.
    const closed = async (createdAt: string, moves: [string, string][]) => {
      const j = await job('OPEN', createdAt);
      let from = 'OPEN';
      for (const [to, at] of moves) {
        await t.db.updateTable('jobs').set({ status: to, updated_at: at }).where('id', '=', j.id).execute();
        await insertJobStatusChange(t.db, id, j.id, from, to, at);
        from = to;
      }
    };
    await closed('2026-01-01T00:00:00.000Z', [['CLOSED', '2026-03-12T00:00:00.000Z']]); // 70 days
    await closed('2026-01-10T00:00:00.000Z', [
      ['CLOSED', '2026-01-20T00:00:00.000Z'],
      ['OPEN', '2026-01-21T00:00:00.000Z'],
      ['CLOSED', '2026-03-19T00:00:00.000Z'],
    ]); // 68 days (last close)
    await closed('2026-01-01T00:00:00.000Z', [['CLOSED', '2026-02-10T00:00:00.000Z']]); // previous: 40 days
    await closed('2026-01-01T00:00:00.000Z', [['CLOSED', '2026-04-05T00:00:00.000Z']]); // April
    await closed('2026-01-01T00:00:00.000Z', [
      ['CLOSED', '2026-03-15T00:00:00.000Z'],
      ['OPEN', '2026-03-16T00:00:00.000Z'],
    ]); // re-opened
    // Another company's March rows.
    const other = await buildTenant(t.db, { timeZone: 'Asia/Kolkata' });
    const oj = await buildJob(t.db, other.id, { createdAt: '2026-03-10T00:00:00.000Z' });
    await buildTask(t.db, other.id, { jobId: oj.id, lifecycle: 'CLOSED', startAt: '2026-03-10T04:00:00.000Z' });
    await t.db.updateTable('jobs').set({ status: 'CLOSED', updated_at: '2026-03-11T00:00:00.000Z' }).where('id', '=', oj.id).execute();

    const body = await get(admin, `job-metrics?${MARCH}`);
    expect(body.range).toMatchObject({ start: '2026-02-28T18:30:00.000Z', end: '2026-03-31T18:30:00.000Z', previousStart: '2026-01-28T18:30:00.000Z' });
    expect(body.openJobs).toEqual(fig(1, 1));
    expect(body.closedJobs).toEqual(fig(1, 0));
    expect(body.cancelledJobs).toEqual(fig(1, 0));
    expect(body.openTasks).toEqual(fig(3, 1));
    expect(body.overdueTasks).toEqual(fig(1, 1));
    expect(body.closedTasks).toEqual(fig(1, 0));
    // 70 and 68 days, and the job inserted CLOSED on March 31 (closed at its creation: 0 days).
    expect(body.averageDaysToClose).toEqual(fig((70 + 68 + 0) / 3, 40));
  });
});

describe('GET /api/dashboard/customer-stats (America/New_York)', () => {
  it('total, new in the period against the previous one, repeat (≥ 2 jobs), top by invoiced in the period', async () => {
    const { id, admin } = await company('America/New_York');
    const customer = async (name: string, createdAt: string) => {
      const c = await buildCustomer(t.db, id, { name });
      await t.db.updateTable('customers').set({ created_at: createdAt }).where('id', '=', c.id).execute();
      return c;
    };
    const c1 = await customer('Alpha', '2026-03-01T05:00:00.000Z'); // in
    const c2 = await customer('Bravo', '2026-03-01T04:59:59.000Z'); // previous
    const c3 = await customer('Charlie', '2026-04-01T04:00:00.000Z'); // April
    const c4 = await customer('Delta', '2026-03-15T12:00:00.000Z'); // in
    for (const [c, n] of [
      [c1, 2],
      [c2, 3],
      [c3, 1],
    ] as const)
      for (let i = 0; i < n; i++) await buildJob(t.db, id, { customer: c });
    const inv = (c: { id: string }, total: number, invoiceDate: string, status: 'SENT' | 'PAID' | 'VOID' = 'SENT') =>
      insertInvoice(t.db, id, { customerId: c.id, status, invoiceDate, total });
    await inv(c1, 30_000, '2026-03-01');
    await inv(c1, 5_000, '2026-03-20');
    await inv(c2, 20_000, '2026-03-31', 'PAID');
    await inv(c3, 1_000, '2026-03-02');
    await inv(c3, 90_000, '2026-04-01');
    await inv(c4, 40_000, '2026-03-31');
    await inv(c4, 99_999, '2026-03-05', 'VOID');
    const other = await buildTenant(t.db);
    const oc = await buildCustomer(t.db, other.id);
    await buildJob(t.db, other.id, { customer: oc });
    await buildJob(t.db, other.id, { customer: oc });
    await insertInvoice(t.db, other.id, { customerId: oc.id, status: 'SENT', invoiceDate: '2026-03-10', total: 5_000_000 });

    const body = await get(admin, `customer-stats?${MARCH}`);
    expect(body.total).toBe(4);
    expect(body.newInRange).toEqual(fig(2, 1));
    expect(body.repeat).toBe(2);
    expect(body.top).toEqual([
      { id: c4.id, name: 'Delta', revenue: 400 },
      { id: c1.id, name: 'Alpha', revenue: 350 },
      { id: c2.id, name: 'Bravo', revenue: 200 },
      { id: c3.id, name: 'Charlie', revenue: 10 },
    ]);
  });
});

describe('GET /api/dashboard/lead-metrics (America/New_York)', () => {
  it('by status and source; converted = a job was created from the lead; value = its jobs invoiced', async () => {
    const { id, admin } = await company('America/New_York');
    const c = await buildCustomer(t.db, id);
    const lead = (status: string, source: string, createdAt: string) => insertLead(t.db, id, { customerId: c.id, status, source, createdAt });
    const jobFor = async (leadId: string, invoices: [number, 'SENT' | 'VOID' | 'DRAFT'][]) => {
      const j = await buildJob(t.db, id, { customer: c, crmLeadId: leadId });
      for (const [total, status] of invoices) await insertInvoice(t.db, id, { customerId: c.id, jobId: j.id, status, invoiceDate: '2025-06-01', total });
    };
    await lead('NEW', 'WEBSITE', '2026-03-01T05:00:00.000Z');
    const l2 = await lead('CONVERTED', 'REFERRAL', '2026-03-31T12:00:00.000Z');
    await jobFor(l2, [
      [10_000, 'SENT'],
      [5_000, 'VOID'],
      [2_000, 'DRAFT'],
    ]);
    const l3 = await lead('CONVERTED', 'PHONE', '2026-03-10T00:00:00.000Z');
    await jobFor(l3, [[1_000, 'SENT']]);
    await jobFor(l3, [[1_000, 'SENT']]);
    await lead('LOST', 'PHONE', '2026-04-01T04:00:00.000Z'); // April
    const l5 = await lead('NEW', 'WEBSITE', '2026-02-28T12:00:00.000Z'); // previous
    await jobFor(l5, [[700, 'SENT']]);
    const other = await buildTenant(t.db);
    const oc = await buildCustomer(t.db, other.id);
    const ol = await insertLead(t.db, other.id, { customerId: oc.id, status: 'CONVERTED', source: 'WEBSITE', createdAt: '2026-03-10T00:00:00.000Z' });
    const oj = await buildJob(t.db, other.id, { customer: oc, crmLeadId: ol });
    await insertInvoice(t.db, other.id, { customerId: oc.id, jobId: oj.id, status: 'SENT', invoiceDate: '2026-03-10', total: 777_700 });

    const body = await get(admin, `lead-metrics?${MARCH}`);
    expect(body.total).toEqual(fig(3, 1));
    expect(body.byStatus).toEqual([
      { status: 'NEW', count: 1 },
      { status: 'CONTACTED', count: 0 },
      { status: 'QUALIFIED', count: 0 },
      { status: 'CONVERTED', count: 2 },
      { status: 'LOST', count: 0 },
    ]);
    expect(body.bySource).toEqual([
      { source: 'WEBSITE', count: 1 },
      { source: 'REFERRAL', count: 1 },
      { source: 'PHONE', count: 1 },
      { source: 'AI_RECEPTIONIST', count: 0 },
      { source: 'WALK_IN', count: 0 },
      { source: 'OTHER', count: 0 },
    ]);
    expect(body.converted).toEqual(fig(2, 1));
    expect(body.conversionRate).toEqual(fig(0.6667, 1));
    expect(body.convertedValue).toEqual(fig(120, 7));
  });
});

describe('GET /api/dashboard/top-revenue-zones and -tags (America/New_York)', () => {
  it('invoiced in the period per zone and tag, top 5 then Other; a job in two zones counts in each', async () => {
    const { id, admin } = await company('America/New_York');
    const c = await buildCustomer(t.db, id);
    const zones: { id: string; name: string }[] = [];
    for (let i = 1; i <= 7; i++) zones.push(await buildZone(t.db, id, `Z${i}`));
    const [tagA, tagB] = [await buildTag(t.db, id, { name: 'Tag A', type: 'SERVICE' }), await buildTag(t.db, id, { name: 'Tag B', type: 'SERVICE' })];
    const job = async (zoneIdx: number[], tagIds: string[], invoices: [number, string][]) => {
      const j = await buildJob(t.db, id, { customer: c });
      await linkJob(t.db, id, j.id, { zoneIds: zoneIdx.map((i) => zones[i - 1]!.id), tagIds });
      for (const [total, invoiceDate] of invoices) await insertInvoice(t.db, id, { customerId: c.id, jobId: j.id, status: 'SENT', invoiceDate, total });
    };
    await job([1, 2], [tagA.id, tagB.id], [[10_000, '2026-03-01']]);
    await job(
      [2],
      [tagA.id],
      [
        [3_000, '2026-03-31'],
        [2_000, '2026-03-15'],
        [50_000, '2026-02-28'],
      ],
    );
    await job([3], [], [[500, '2026-03-10']]);
    await job([4], [], [[400, '2026-03-10']]);
    await job([5], [], [[300, '2026-03-10']]);
    await job([6], [], [[200, '2026-03-10']]);
    await job(
      [7],
      [],
      [
        [100, '2026-03-10'],
        [99_999, '2026-04-01'],
      ],
    );
    const other = await buildTenant(t.db);
    const oz = await buildZone(t.db, other.id, 'Z1');
    const oj = await buildJob(t.db, other.id);
    await linkJob(t.db, other.id, oj.id, { zoneIds: [oz.id] });
    const oc = (await t.db.selectFrom('jobs').select('customer_id').where('id', '=', oj.id).executeTakeFirstOrThrow()).customer_id;
    await insertInvoice(t.db, other.id, { customerId: oc, jobId: oj.id, status: 'SENT', invoiceDate: '2026-03-10', total: 123_400 });

    const z = await get(admin, `top-revenue-zones?${MARCH}`);
    const zid = (i: number) => zones[i - 1]!.id;
    expect(z.items).toEqual([
      { id: zid(2), name: 'Z2', revenue: 150, jobs: 2 },
      { id: zid(1), name: 'Z1', revenue: 100, jobs: 1 },
      { id: zid(3), name: 'Z3', revenue: 5, jobs: 1 },
      { id: zid(4), name: 'Z4', revenue: 4, jobs: 1 },
      { id: zid(5), name: 'Z5', revenue: 3, jobs: 1 },
      { id: null, name: 'Other', revenue: 3, jobs: 2 },
    ]);
    const tags = await get(admin, `top-revenue-tags?${MARCH}`);
    expect(tags.items).toEqual([
      { id: tagA.id, name: 'Tag A', revenue: 150, jobs: 2 },
      { id: tagB.id, name: 'Tag B', revenue: 100, jobs: 1 },
    ]);
  });
});
