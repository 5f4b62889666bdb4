import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayKey } from '@fieldwork/domain/time/calendar-time.rules';
import { withTenant } from '@fieldwork/db/tenant-scope';
import type { Recurrence } from '@fieldwork/domain/plans/recurrence.rules';
import { buildPlan } from '@fieldwork/testing/plan-factories';
import { closeMailTestApp, createMailTestApp, type MailTestApp } from '../../test-support/test-app.ts';
import { draftDuePeriodInvoices, draftVisitInvoice, type PlanInvoiceDeps } from './plan-invoices.service.ts';
import { generatePlanVisits } from './plan-visits.service.ts';
import { createPlanGenerateHandler } from './plan-generate.handler.ts';
import { findPlanRow } from './plans.repository.ts';

/**
 * The invoices a plan drafts for itself: one per closed visit of a per-visit plan, one per billing period of a
 * per-period plan two weeks before it starts, each once however often the work runs; sent on their own only when
 * the plan says so, through the real SMTP server.
 */
let m: MailTestApp;
let deps: PlanInvoiceDeps;

beforeAll(async () => {
  m = await createMailTestApp();
  await m.t.db.updateTable('tenants').set({ time_zone: 'America/New_York' }).where('id', '=', m.tenantId).execute();
  deps = { box: m.t.app.secrets, origin: () => 'http://127.0.0.1', demoPayments: false };
});
afterAll(async () => {
  await closeMailTestApp(m);
});

const weekly = (startDate: string): Recurrence => ({
  frequency: 'weekly',
  interval: 1,
  weekdays: ['MO'],
  monthDay: null,
  months: [],
  startDate,
  endDate: null,
  time: '08:00',
  durationMinutes: 60,
  arrivalWindowMinutes: 0,
});

const inTenant = <T>(fn: () => Promise<T>) => withTenant(m.tenantId, fn);

const planInvoices = (jobId: string) =>
  m.t.db
    .selectFrom('invoices')
    .select(['id', 'invoice_number', 'status', 'total_cents', 'sub_total_cents', 'tax_cents', 'invoice_date', 'due_date', 'customer_id', 'address_id'])
    .where('tenant_id', '=', m.tenantId)
    .where('job_id', '=', jobId)
    .orderBy('invoice_date')
    .execute();

const linesOf = (invoiceId: string) =>
  m.t.db.selectFrom('invoice_lines').select(['name', 'description', 'qty_milli', 'rate_cents', 'total_cents']).where('invoice_id', '=', invoiceId).execute();

/** A per-visit plan whose visits go to a technician of its own (an unassigned visit cannot be closed). */
async function visitPlan(o: { priceCents?: number; name?: string; billing?: 'per_visit' | 'monthly' } = {}) {
  const tech = await m.t.signInAs(m.tenantId, 'Technician');
  return buildPlan(m.t.db, m.tenantId, { recurrence: weekly('2026-01-05'), technicianId: tech.user.id, ...o });
}

async function firstVisit(planId: string): Promise<string> {
  await inTenant(() => generatePlanVisits(m.t.db, m.tenantId, planId, new Date(), 3));
  const visit = await m.t.db.selectFrom('tasks').select('id').where('plan_id', '=', planId).orderBy('start_at').executeTakeFirstOrThrow();
  // Under way now: only a visit that has started can be closed.
  await m.t.db
    .updateTable('tasks')
    .set({ start_at: new Date(Date.now() - 2 * 3_600_000).toISOString(), expected_end_at: new Date(Date.now() + 3_600_000).toISOString() })
    .where('id', '=', visit.id)
    .execute();
  return visit.id;
}

const close = (taskId: string) =>
  m.t.call('POST', '/api/tasks/close', m.admin.cookie, {
    taskId,
    startDateTime: new Date(Date.now() - 2 * 3_600_000).toISOString(),
    endDateTime: new Date(Date.now() - 60_000).toISOString(),
  });

describe('per-visit plans', () => {
  it('closing a visit drafts one invoice for the plan’s price, dated the day it closed, on the plan’s job', async () => {
    const plan = await visitPlan({ priceCents: 14_950, name: 'Pool care' });
    const visitId = await firstVisit(plan.id);
    const res = await close(visitId);
    expect(res.statusCode, res.body).toBe(200);
    await m.t.app.worker.drain();
    const [invoice, ...more] = await planInvoices(plan.jobId);
    expect(more).toEqual([]);
    expect(invoice).toMatchObject({
      status: 'DRAFT',
      total_cents: 14_950,
      sub_total_cents: 14_950,
      tax_cents: 0,
      customer_id: plan.customerId,
      due_date: null,
    });
    const { end_at } = await m.t.db.selectFrom('tasks').select('end_at').where('id', '=', visitId).executeTakeFirstOrThrow();
    const closedDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date(end_at!));
    expect(invoice!.invoice_date).toBe(closedDay);
    expect(await linesOf(invoice!.id)).toEqual([
      {
        name: 'Pool care',
        description: expect.stringMatching(/^Service plan #\d+: visit on \w{3} \d+, \d{4}$/),
        qty_milli: 1000,
        rate_cents: 14_950,
        total_cents: 14_950,
      },
    ]);
    const log = await m.t.db.selectFrom('activity_log').select('message').where('entity_id', '=', invoice!.id).execute();
    expect(log.map((l) => l.message)).toEqual([expect.stringMatching(/^Drafted invoice #\d+ for service plan #\d+ \(per visit\)$/)]);
  });

  it('drafting the same visit again, or twice at once, leaves one invoice', async () => {
    const plan = await visitPlan();
    const visitId = await firstVisit(plan.id);
    expect((await close(visitId)).statusCode).toBe(200);
    await Promise.all(Array.from({ length: 4 }, () => inTenant(() => draftVisitInvoice(m.t.db, m.t.dialect, deps, m.tenantId, visitId))));
    await m.t.app.worker.drain();
    await inTenant(() => draftVisitInvoice(m.t.db, m.t.dialect, deps, m.tenantId, visitId));
    expect(await planInvoices(plan.jobId)).toHaveLength(1);
  });

  it('a visit that is not closed, or of a per-period plan, drafts nothing', async () => {
    const plan = await visitPlan();
    const visitId = await firstVisit(plan.id);
    await inTenant(() => draftVisitInvoice(m.t.db, m.t.dialect, deps, m.tenantId, visitId));
    expect(await planInvoices(plan.jobId)).toEqual([]);
    const monthly = await visitPlan({ billing: 'monthly' });
    const monthlyVisit = await firstVisit(monthly.id);
    expect((await close(monthlyVisit)).statusCode).toBe(200);
    await m.t.app.worker.drain();
    await inTenant(() => draftVisitInvoice(m.t.db, m.t.dialect, deps, m.tenantId, monthlyVisit));
    expect(await planInvoices(monthly.jobId)).toEqual([]);
  });
});

/** The daily run's drafting of a per-period plan, at a given instant. */
async function draftAt(planId: string, now: string): Promise<number> {
  const row = (await inTenant(() => findPlanRow(m.t.db, m.tenantId, planId)))!;
  return inTenant(() => draftDuePeriodInvoices(m.t.db, m.t.dialect, deps, row, new Date(now)));
}

describe('per-period plans', () => {
  it.each([
    // billing, plan start (entered 2026-01-15), run at → the periods drafted (start, end) and each invoice's total
    { billing: 'quarterly', start: '2026-01-31', at: '2026-04-20T15:00:00Z', periods: [['2026-04-30', 'Apr 30, 2026 – Jul 30, 2026']], cents: 30_000 },
    { billing: 'monthly', start: '2026-03-01', at: '2026-03-20T15:00:00Z', periods: [['2026-04-01', 'Apr 1, 2026 – Apr 30, 2026']], cents: 10_000 },
    { billing: 'yearly', start: '2024-02-29', at: '2026-02-20T15:00:00Z', periods: [['2026-02-28', 'Feb 28, 2026 – Feb 27, 2027']], cents: 120_000 },
    { billing: 'yearly', start: '2026-03-01', at: '2026-02-20T15:00:00Z', periods: [['2026-03-01', 'Mar 1, 2026 – Feb 28, 2027']], cents: 120_000 },
  ] as const)('$billing from $start, run at $at: the periods starting within two weeks, at the plan’s price', async (c) => {
    const plan = await buildPlan(m.t.db, m.tenantId, {
      recurrence: weekly(c.start),
      billing: c.billing,
      priceCents: c.cents,
      createdAt: '2026-01-15T12:00:00Z',
    });
    expect(await draftAt(plan.id, c.at)).toBe(c.periods.length);
    const invoices = await planInvoices(plan.jobId);
    expect(invoices.map((i) => [i.invoice_date, i.due_date, i.total_cents, i.status])).toEqual(c.periods.map(([day]) => [day, day, c.cents, 'DRAFT']));
    for (const [i, [, span]] of c.periods.entries()) expect((await linesOf(invoices[i]!.id))[0]!.description).toContain(span);
    expect(await draftAt(plan.id, c.at)).toBe(0);
    expect(await planInvoices(plan.jobId)).toHaveLength(c.periods.length);
  });

  it('a plan entered late is not billed for the periods before it was entered; the next ones come as their time does', async () => {
    const plan = await buildPlan(m.t.db, m.tenantId, {
      recurrence: weekly('2025-01-10'),
      billing: 'monthly',
      priceCents: 8_000,
      createdAt: '2026-05-20T12:00:00Z',
    });
    expect(await draftAt(plan.id, '2026-05-20T15:00:00Z')).toBe(0);
    expect(await draftAt(plan.id, '2026-06-01T15:00:00Z')).toBe(1);
    expect(await draftAt(plan.id, '2026-06-01T16:00:00Z')).toBe(0);
    expect(await draftAt(plan.id, '2026-06-26T15:00:00Z')).toBe(1);
    expect((await planInvoices(plan.jobId)).map((i) => i.invoice_date)).toEqual(['2026-06-10', '2026-07-10']);
  });

  it('two runs at once draft each period once', async () => {
    const plan = await buildPlan(m.t.db, m.tenantId, { recurrence: weekly('2026-04-01'), billing: 'monthly', createdAt: '2026-03-01T12:00:00Z' });
    const drafted = await Promise.all(Array.from({ length: 4 }, () => draftAt(plan.id, '2026-03-25T15:00:00Z')));
    expect(drafted.every((n) => n <= 1)).toBe(true);
    expect(await planInvoices(plan.jobId)).toHaveLength(1);
  });

  it('a paused plan drafts nothing', async () => {
    const plan = await buildPlan(m.t.db, m.tenantId, {
      recurrence: weekly('2026-04-01'),
      billing: 'monthly',
      status: 'paused',
      createdAt: '2026-03-01T12:00:00Z',
    });
    expect(await draftAt(plan.id, '2026-03-25T15:00:00Z')).toBe(0);
    expect(await planInvoices(plan.jobId)).toEqual([]);
  });
});

describe('sent on their own', () => {
  it('only when the plan says so: the draft goes to the billing contact with its PDF and becomes Sent', async () => {
    const plan = await buildPlan(m.t.db, m.tenantId, {
      recurrence: weekly('2026-04-01'),
      billing: 'monthly',
      priceCents: 6_500,
      autoSend: true,
      createdBy: m.admin.user.id,
      createdAt: '2026-03-01T12:00:00Z',
      contactEmail: 'billing@harbor.test',
    });
    const before = m.smtp.received.length;
    expect(await draftAt(plan.id, '2026-03-25T15:00:00Z')).toBe(1);
    await m.t.app.worker.drain();
    const [invoice] = await planInvoices(plan.jobId);
    expect(invoice!.status).toBe('SENT');
    const mail = (await m.smtp.waitFor(before + 1)).at(-1)!;
    expect(mail.envelope.to).toEqual(['billing@harbor.test']);
    expect(mail.attachments.map((a) => a.filename)).toEqual([expect.stringMatching(/^Invoice.*\.pdf$/i)]);
  });

  it('without an address to send to, the draft stays and the log says why', async () => {
    const plan = await buildPlan(m.t.db, m.tenantId, {
      recurrence: weekly('2026-04-01'),
      billing: 'monthly',
      autoSend: true,
      createdBy: m.admin.user.id,
      createdAt: '2026-03-01T12:00:00Z',
    });
    await m.t.db.updateTable('customer_contacts').set({ email: null }).where('customer_id', '=', plan.customerId).execute();
    await draftAt(plan.id, '2026-03-25T15:00:00Z');
    const [invoice] = await planInvoices(plan.jobId);
    expect(invoice!.status).toBe('DRAFT');
    const log = await m.t.db.selectFrom('activity_log').select('message').where('entity_id', '=', invoice!.id).orderBy('created_at').orderBy('id').execute();
    expect(log.at(-1)!.message).toBe(`Invoice #${invoice!.invoice_number} was left as a draft: the customer has no contact with an email address`);
  });

  it('a plan that does not send on its own leaves every draft for the office', async () => {
    const plan = await buildPlan(m.t.db, m.tenantId, {
      recurrence: weekly('2026-04-01'),
      billing: 'monthly',
      createdBy: m.admin.user.id,
      createdAt: '2026-03-01T12:00:00Z',
    });
    const before = m.smtp.received.length;
    await draftAt(plan.id, '2026-03-25T15:00:00Z');
    await m.t.app.worker.drain();
    expect((await planInvoices(plan.jobId)).map((i) => i.status)).toEqual(['DRAFT']);
    expect(m.smtp.received.length).toBe(before);
  });
});

describe('the daily run', () => {
  it('drafts a per-period plan’s coming invoice and keeps its stored yearly value current', async () => {
    const plan = await buildPlan(m.t.db, m.tenantId, { recurrence: weekly(todayKey('America/New_York')), billing: 'quarterly', priceCents: 25_000 });
    await m.t.db.updateTable('service_plans').set({ yearly_value_cents: 1 }).where('id', '=', plan.id).execute();
    const handler = createPlanGenerateHandler(deps);
    const ctx = { db: m.t.db, dialect: m.t.dialect, tenantId: m.tenantId, jobId: 'daily', attempt: 1, finalAttempt: false };
    for (let i = 0; i < 3; i++) await inTenant(() => handler.run(ctx, { planId: plan.id }));
    const row = await m.t.db.selectFrom('service_plans').select('yearly_value_cents').where('id', '=', plan.id).executeTakeFirstOrThrow();
    expect(row.yearly_value_cents).toBe(100_000);
    expect((await planInvoices(plan.jobId)).map((i) => [i.total_cents, i.status])).toEqual([[25_000, 'DRAFT']]);
  });
});
