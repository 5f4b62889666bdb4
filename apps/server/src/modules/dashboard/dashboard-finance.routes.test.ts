import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_MESSAGES } from '@fieldwork/domain/dashboard/dashboard.schemas';
import { buildCustomer, buildJob, buildTenant } from '@fieldwork/testing/factories';
import { createTestApp, type Session, type TestApp } from '../../test-support/test-app.ts';
import { insertCost, insertEstimate, insertInvoice, insertPayment } from './dashboard.fixture.ts';

/**
 * Finance figures on a New York tenant for March 2026 (custom range): the period runs from 2026-03-01 05:00Z
 * to 2026-04-01 04:00Z (DST starts on March 8); the previous period is the 31 days before (Jan 29 – Feb 28).
 * Expected figures are plain sums over the rows below, written out by hand.
 */
let t: TestApp;
let admin: Session;
const MARCH = 'from=2026-03-01&to=2026-03-31';

/** The same kind of rows for another company, all inside March: never counted. */
async function otherCompany(db: TestApp['db']) {
  const other = await buildTenant(db, { timeZone: 'America/New_York' });
  const c = await buildCustomer(db, other.id);
  const job = await buildJob(db, other.id, { customer: c });
  const inv = await insertInvoice(db, other.id, {
    customerId: c.id,
    jobId: job.id,
    status: 'SENT',
    invoiceDate: '2026-03-15',
    total: 1_000_000,
    dueDate: '2020-01-01',
  });
  await insertPayment(db, other.id, inv, 50_000, '2026-03-15');
  await insertCost(db, other.id, { jobId: job.id, amount: 70_000, date: '2026-03-15' });
  await insertEstimate(db, other.id, { customerId: c.id, status: 'SENT', total: 80_000, dueDate: '2099-01-01' });
  await insertEstimate(db, other.id, { customerId: c.id, status: 'APPROVED', total: 90_000 });
}

beforeAll(async () => {
  t = await createTestApp();
  const tenant = await buildTenant(t.db, { timeZone: 'America/New_York' });
  admin = await t.signInAs(tenant.id, 'Admin', 'fullAccess');
  const id = tenant.id;
  const c = await buildCustomer(t.db, id);
  const job = await buildJob(t.db, id, { customer: c });
  const inv = (o: Omit<Parameters<typeof insertInvoice>[2], 'customerId' | 'jobId'>) => insertInvoice(t.db, id, { customerId: c.id, jobId: job.id, ...o });
  await inv({ status: 'SENT', invoiceDate: '2026-03-01', total: 10_000, subtotal: 9_000, dueDate: '2020-01-01' }); // A: in, overdue
  const b = await inv({ status: 'PAID', invoiceDate: '2026-03-31', total: 20_000, paid: 20_000 }); // B: in (last day)
  const cInv = await inv({ status: 'SENT', invoiceDate: '2026-04-01', total: 5_000, paid: 1_000, dueDate: '2099-01-01' }); // C: out
  await inv({ status: 'SENT', invoiceDate: '2026-02-28', total: 8_000 }); // D: previous, no due date
  await inv({ status: 'VOID', invoiceDate: '2026-03-10', total: 99_900 }); // E: void
  await inv({ status: 'DRAFT', invoiceDate: '2026-03-10', total: 77_700, dueDate: '2020-01-01' }); // F: draft
  const g = await inv({ status: 'PAID', invoiceDate: null, createdAt: '2026-03-01T04:59:59.000Z', total: 3_000, paid: 3_000 }); // G: Feb 28 23:59 NY
  const h = await inv({ status: 'PAID', invoiceDate: null, createdAt: '2026-03-01T05:00:00.000Z', total: 4_000, paid: 4_000 }); // H: Mar 1 00:00 NY
  await inv({ status: 'SENT', invoiceDate: '2026-01-28', total: 1_100, dueDate: '2020-06-01' }); // I: before both, overdue
  await insertPayment(t.db, id, b, 20_000, '2026-03-31');
  await insertPayment(t.db, id, cInv, 1_000, '2026-04-01');
  await insertPayment(t.db, id, h, 4_000, '2026-03-01');
  await insertPayment(t.db, id, g, 3_000, '2026-02-28');
  for (const [amount, date] of [
    [1_500, '2026-03-01'],
    [500, '2026-03-31'],
    [700, '2026-04-01'],
    [200, '2026-02-28'],
  ] as const)
    await insertCost(t.db, id, { jobId: job.id, amount, date });
  await insertEstimate(t.db, id, { customerId: c.id, status: 'SENT', total: 9_999, dueDate: '2099-01-01' }).then(async () => {
    const est = await t.db.selectFrom('estimates').select('id').where('tenant_id', '=', id).where('total_cents', '=', 9_999).executeTakeFirstOrThrow();
    await insertCost(t.db, id, { jobId: job.id, amount: 9_999, date: '2026-03-15', costFor: 'ESTIMATE', estimateId: est.id }); // estimated, not actual
  });
  const est = (o: Omit<Parameters<typeof insertEstimate>[2], 'customerId'>) => insertEstimate(t.db, id, { customerId: c.id, ...o });
  await est({ status: 'SENT', total: 6_000, dueDate: '2099-01-01' });
  await est({ status: 'SENT', total: 7_000, dueDate: '2020-01-01' }); // expired
  await est({ status: 'SENT', total: 500 });
  await est({ status: 'APPROVED', total: 9_000 });
  await est({ status: 'PAID', total: 1_000 });
  await est({ status: 'APPROVED', total: 50_000, convertedInvoiceId: b });
  await est({ status: 'DECLINED', total: 3_000 });
  await otherCompany(t.db);
});
afterAll(async () => t.close());

const get = (path: string, cookie = admin.cookie) => t.call('GET', `/api/dashboard/${path}`, cookie);

describe('GET /api/dashboard/finance-metrics', () => {
  it('sums the period, compares with the previous one, and snapshots open money now', async () => {
    const res = await get(`finance-metrics?${MARCH}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.range).toMatchObject({
      preset: 'custom',
      from: '2026-03-01',
      to: '2026-03-31',
      start: '2026-03-01T05:00:00.000Z',
      end: '2026-04-01T04:00:00.000Z',
      previousStart: '2026-01-29T05:00:00.000Z',
      previousEnd: '2026-03-01T05:00:00.000Z',
      bucket: 'week',
      timeZone: 'America/New_York',
    });
    // invoiced: A 100 + B 200 + H 40; previous: D 80 + G 30 (9,999 estimate and void/draft never).
    expect(body.invoiced).toEqual({ value: 340, previous: 110, change: Math.round(((340 - 110) / 110) * 10_000) / 10_000 });
    expect(body.collected).toEqual({ value: 240, previous: 30, change: 7 });
    expect(body.outstanding).toEqual({ value: 100 + 40 + 80 + 11, previous: null, change: null });
    expect(body.overdue).toEqual({ count: { value: 2, previous: null, change: null }, amount: { value: 111, previous: null, change: null } });
    expect(body.averageInvoice).toEqual({ value: 113.33, previous: 55, change: Math.round(((113.33 - 55) / 55) * 10_000) / 10_000 });
    expect(body.openEstimatesValue.value).toBe(60 + 5 + 99.99);
    expect(body.approvedNotInvoicedValue.value).toBe(100);
    // margin: subtotals (90 + 200 + 40) − actual costs (15 + 5); previous (80 + 30) − 2.
    expect(body.grossMargin).toEqual({ value: 310, previous: 108, change: Math.round(((310 - 108) / 108) * 10_000) / 10_000 });
    expect(body.marginPercentage.value).toBe(Math.round((310 / 330) * 10_000) / 100);
    expect(body.marginPercentage.previous).toBe(Math.round((108 / 110) * 10_000) / 100);
    // The card reconciles on its face: the revenue and job costs it shows give its gross margin and margin %.
    expect(body.revenue).toMatchObject({ value: 330, previous: 110 });
    expect(body.jobCosts).toMatchObject({ value: 20, previous: 2 });
    expect(body.grossMargin.value).toBe(body.revenue.value - body.jobCosts.value);
    expect(body.marginPercentage.value).toBe(Math.round((body.grossMargin.value / body.revenue.value) * 10_000) / 100);
  });

  it('defaults to this month and accepts every preset', async () => {
    for (const preset of ['', 'preset=this_week', 'preset=last_quarter', 'preset=this_year', 'preset=last_year']) {
      const res = await get(`finance-metrics?${preset}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().range.preset).toBe(preset ? preset.slice(7) : 'this_month');
    }
  });
});

describe('GET /api/dashboard/revenue-chart', () => {
  it('per week for a month (weeks from Sunday, first clipped)', async () => {
    const body = (await get(`revenue-chart?${MARCH}`)).json();
    expect(body.bucket).toBe('week');
    expect(body.points).toEqual([
      { start: '2026-03-01', label: 'Mar 1', invoiced: 140, collected: 40, cost: 15 },
      { start: '2026-03-08', label: 'Mar 8', invoiced: 0, collected: 0, cost: 0 },
      { start: '2026-03-15', label: 'Mar 15', invoiced: 0, collected: 0, cost: 0 },
      { start: '2026-03-22', label: 'Mar 22', invoiced: 0, collected: 0, cost: 0 },
      { start: '2026-03-29', label: 'Mar 29', invoiced: 200, collected: 200, cost: 5 },
    ]);
  });
  it('per month for a quarter; an undated invoice falls on its creation day in the tenant zone', async () => {
    const body = (await get('revenue-chart?from=2026-01-01&to=2026-03-31')).json();
    expect(body.bucket).toBe('month');
    expect(body.points).toEqual([
      { start: '2026-01-01', label: 'Jan 2026', invoiced: 11, collected: 0, cost: 0 },
      { start: '2026-02-01', label: 'Feb 2026', invoiced: 110, collected: 30, cost: 2 },
      { start: '2026-03-01', label: 'Mar 2026', invoiced: 340, collected: 240, cost: 20 },
    ]);
  });
});

describe('dashboard access and validation', () => {
  const paths = ['finance-metrics', 'revenue-chart', 'job-metrics', 'customer-stats', 'lead-metrics', 'top-revenue-zones', 'top-revenue-tags'];
  it('401 signed out; 403 for technicians and subcontractors; view-only staff read', async () => {
    const tenantId = (await t.db.selectFrom('users').select('tenant_id').where('id', '=', admin.user.id).executeTakeFirstOrThrow()).tenant_id;
    const tech = await t.signInAs(tenantId, 'Technician', 'noAccess');
    const sub = await t.signInAs(tenantId, 'SubContractor', 'noAccess');
    const viewer = await t.signInAs(tenantId, 'Staff', 'onlyViewAccess');
    for (const path of paths) {
      expect((await t.call('GET', `/api/dashboard/${path}`)).statusCode).toBe(401);
      expect((await get(path, tech.cookie)).statusCode).toBe(403);
      expect((await get(path, sub.cookie)).statusCode).toBe(403);
      expect((await get(`${path}?${MARCH}`, viewer.cookie)).statusCode).toBe(200);
    }
  });
  it.each([
    ['from=2026-03-02&to=2026-03-01', DASHBOARD_MESSAGES.fromAfterTo],
    ['from=2026-03-01', DASHBOARD_MESSAGES.toRequired],
    ['to=2026-03-01', DASHBOARD_MESSAGES.fromRequired],
    ['from=2020-01-01&to=2026-03-01', DASHBOARD_MESSAGES.tooLong],
    ['from=2026-02-30&to=2026-03-01', 'from must be a date (YYYY-MM-DD).'],
    ['preset=today', 'preset must be one of: this_week, last_week, this_month, last_month, this_quarter, last_quarter, this_year, last_year.'],
    ['month=3', null],
  ])('400 for %s', async (qs, message) => {
    for (const path of paths) {
      const res = await get(`${path}?${qs}`);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      if (message) expect(res.json().message).toContain(message);
    }
  });
});
