import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayKey } from '@fieldwork/domain/time/calendar-time.rules';
import { withTenant } from '@fieldwork/db/tenant-scope';
import { buildCustomer } from '@fieldwork/testing/factories';
import { closeMailTestApp, createMailTestApp, type MailTestApp } from '../../test-support/test-app.ts';
import { createPlanRenewalHandler } from './plan-renewal.service.ts';

/**
 * The renewal reminder: an email to the office (and to the customer when the plan says so) a set number of days
 * before a plan ends, at 9:00 in the company's zone, through the real SMTP server; once per end date.
 */
let m: MailTestApp;

beforeAll(async () => {
  m = await createMailTestApp();
  await m.t.db.updateTable('tenants').set({ time_zone: 'America/Chicago' }).where('id', '=', m.tenantId).execute();
});
afterAll(async () => {
  await closeMailTestApp(m);
});

/** A date n days from today on the company's calendar (in the evening UTC is already on tomorrow's). */
const inDays = (n: number) => addDays(todayKey('America/Chicago'), n);

function planBody(customer: { id: string; addressId: string }, o: { endDate: string | null; days: number | null; toCustomer?: boolean; startDate?: string }) {
  return {
    customerId: customer.id,
    siteAddressId: customer.addressId,
    name: 'Weekly pool care',
    recurrence: {
      frequency: 'weekly',
      interval: 1,
      weekdays: ['MO'],
      monthDay: null,
      months: [],
      startDate: o.startDate ?? inDays(1),
      endDate: o.endDate,
      time: '08:00',
      durationMinutes: 60,
      arrivalWindowMinutes: 0,
    },
    visitTemplate: {
      taskName: 'Tune-up',
      description: null,
      assignTo: 'LATER',
      assignedTechnicianId: null,
      assignedSubcontractorId: null,
      productServices: [],
    },
    billing: 'per_visit',
    price: 90,
    renewalReminderDays: o.days,
    renewalReminderToCustomer: o.toCustomer ?? false,
  };
}

const renewalJobs = (planId: string) =>
  m.t.db
    .selectFrom('background_jobs')
    .select(['run_at', 'payload'])
    .where('kind', '=', 'plans.renewal')
    .where('payload', 'like', `%${planId}%`)
    .orderBy('run_at')
    .execute();

const renewalMails = () => m.smtp.received.filter((mail) => /service plan/i.test(mail.subject ?? ''));

describe('renewal reminders', () => {
  it('a plan ending inside its reminder window reminds at once: the office and the customer, once', async () => {
    const customer = await buildCustomer(m.t.db, m.tenantId, { name: 'Harbor Dental', contactEmail: 'office@harbor.test' });
    const res = await m.t.call(
      'POST',
      '/api/plans',
      m.admin.cookie,
      planBody(customer, { startDate: inDays(-10), endDate: inDays(20), days: 30, toCustomer: true }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const plan = res.json().data;
    const before = renewalMails().length;
    const total = m.smtp.received.length;
    await m.t.app.worker.drain();
    await m.smtp.waitFor(total + 2);
    const mails = renewalMails().slice(before);
    expect(mails.map((mail) => mail.envelope.to[0]).sort()).toEqual([m.admin.user.email, 'office@harbor.test'].sort());
    const office = mails.find((mail) => mail.envelope.to[0] === m.admin.user.email)!;
    expect(office.subject).toMatch(new RegExp(`^Service plan #${plan.planNumber} for Harbor Dental ends on `));
    expect(office.text).toContain(`/plans/${plan.id}`);
    const customerMail = mails.find((mail) => mail.envelope.to[0] === 'office@harbor.test')!;
    expect(customerMail.subject).toMatch(/^Your service plan with .+ ends on /);
    // Run again (a retry, or a second worker): nothing more goes out.
    const [job] = await renewalJobs(plan.id);
    const handler = createPlanRenewalHandler({ box: m.t.app.secrets, origin: () => 'http://127.0.0.1' });
    const ctx = { db: m.t.db, dialect: m.t.dialect, tenantId: m.tenantId, jobId: 'again', attempt: 1, finalAttempt: false };
    await withTenant(m.tenantId, () => handler.run(ctx, JSON.parse(job!.payload)));
    await m.t.app.worker.drain();
    expect(renewalMails().length).toBe(before + 2);
  });

  it('is queued for 9:00 in the company’s zone on its day; a changed end date queues a new one and drops the old', async () => {
    const customer = await buildCustomer(m.t.db, m.tenantId);
    const plan = (await m.t.call('POST', '/api/plans', m.admin.cookie, planBody(customer, { endDate: inDays(90), days: 30 }))).json().data;
    const [queued] = await renewalJobs(plan.id);
    const day = inDays(60);
    // 9:00 in Chicago: 14:00 or 15:00 UTC depending on daylight saving.
    expect([`${day}T14:00:00.000Z`, `${day}T15:00:00.000Z`]).toContain(new Date(queued!.run_at).toISOString());
    const edited = await m.t.call('PUT', `/api/plans/${plan.id}`, m.admin.cookie, {
      ...planBody(customer, { endDate: inDays(120), days: 30 }),
      customerId: undefined,
      siteAddressId: undefined,
      version: plan.version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const jobs = await renewalJobs(plan.id);
    expect(jobs.map((j) => JSON.parse(j.payload).endsOn)).toEqual([inDays(90), inDays(120)]);
    // The first one, run now, finds the plan no longer ends on its day and sends nothing.
    const before = renewalMails().length;
    const handler = createPlanRenewalHandler({ box: m.t.app.secrets, origin: () => 'http://127.0.0.1' });
    const ctx = { db: m.t.db, dialect: m.t.dialect, tenantId: m.tenantId, jobId: 'old', attempt: 1, finalAttempt: false };
    await withTenant(m.tenantId, () => handler.run(ctx, JSON.parse(jobs[0]!.payload)));
    await m.t.app.worker.drain();
    expect(renewalMails().length).toBe(before);
  });

  it('no end date or no reminder: nothing is queued', async () => {
    const customer = await buildCustomer(m.t.db, m.tenantId);
    const open = (await m.t.call('POST', '/api/plans', m.admin.cookie, planBody(customer, { endDate: null, days: 30 }))).json().data;
    const silent = (await m.t.call('POST', '/api/plans', m.admin.cookie, planBody(customer, { endDate: inDays(40), days: null }))).json().data;
    expect(await renewalJobs(open.id)).toEqual([]);
    expect(await renewalJobs(silent.id)).toEqual([]);
  });
});
