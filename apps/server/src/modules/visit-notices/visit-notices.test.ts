import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomBytes } from 'node:crypto';
import { buildCustomer, buildJob, buildTask } from '@fieldwork/testing/factories';
import { startFakeTwilio, type FakeTwilio } from '@fieldwork/testing/twilio-test-server';
import { textPreferencesRow } from '@fieldwork/testing/plan-factories';
import { withTenant } from '@fieldwork/db/tenant-scope';
import { invoiceBody } from '../billing/billing.fixture.ts';
import { createVisitNoticeHandler } from './visit-notice.handler.ts';
import { saveTextPreferencesRow } from '../texts/text-preferences.repository.ts';
import { createTestApp, type Session, type TestApp } from '../../test-support/test-app.ts';
import { queuedReminders as queuedRemindersOf } from './visit-notices.fixture.ts';

/**
 * Reminders, booking confirmations and technicians' notices through the real worker and the fake Twilio, on a
 * clock the test moves: the company is in New York, whose clocks spring forward on Sunday 8 March 2026.
 */
let t: TestApp;
let twilio: FakeTwilio;
let tenantId: string;
let admin: Session;
const hex = (n: number) => randomBytes(n).toString('hex');
const BASE = new Date('2026-03-01T15:00:00Z');
let phone = 2015550200;

const at = (iso: string) => vi.setSystemTime(new Date(iso));

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: BASE });
  twilio = await startFakeTwilio();
  t = await createTestApp({ twilioApiUrl: twilio.url });
  ({ tenantId, admin } = await t.newCompany());
  await t.db.updateTable('tenants').set({ time_zone: 'America/New_York', name: 'Acme Plumbing' }).where('id', '=', tenantId).execute();
  const creds = { accountSid: `AC${hex(16)}`, authToken: hex(16) };
  twilio.addAccount(creds);
  const res = await t.call('PUT', '/api/company/texts', admin.cookie, { provider: 'twilio', ...creds, fromNumber: '+12015550100', country: 'US' });
  if (res.statusCode !== 200) throw new Error(res.body);
});
afterEach(() => {
  at(BASE.toISOString());
});
afterAll(async () => {
  vi.useRealTimers();
  await t?.close();
  await twilio?.close();
});

const prefs = (over: Record<string, string | number> = {}) => saveTextPreferencesRow(t.db, textPreferencesRow(tenantId, over));

/** An unscheduled task whose site contact has a mobile number of its own, and a technician of its own. */
async function unscheduledVisit() {
  const tech = await t.signInAs(tenantId, 'Technician');
  await t.db.updateTable('users').set({ name: 'Alex Rivera' }).where('id', '=', tech.user.id).execute();
  const customer = await buildCustomer(t.db, tenantId);
  const job = await buildJob(t.db, tenantId, { customer });
  const mobile = `+1${phone++}`;
  await t.db.updateTable('customer_contacts').set({ mobile_number: mobile, name: 'Pat Contact' }).where('id', '=', customer.contactId).execute();
  await t.db.updateTable('jobs').set({ site_contact_id: customer.contactId }).where('id', '=', job.id).execute();
  const task = await buildTask(t.db, tenantId, { jobId: job.id, startAt: null });
  return { task, tech, mobile, jobId: job.id };
}

const schedule = (taskId: string, start: string, techId: string) =>
  t.call('POST', '/api/tasks/schedule', admin.cookie, {
    taskId,
    startDateTime: start,
    isAssigned: true,
    assignedTo: 'TECHNICIAN',
    assignedTechnicianId: techId,
  });

async function reschedule(taskId: string, start: string, techId: string) {
  const row = await t.db.selectFrom('tasks').select(['schedule_id', 'schedule_version']).where('id', '=', taskId).executeTakeFirstOrThrow();
  return t.call('PUT', `/api/tasks/schedule/${row.schedule_id}`, admin.cookie, {
    startDateTime: start,
    assignedTo: 'TECHNICIAN',
    assignedTechnicianId: techId,
    version: row.schedule_version,
  });
}

const queuedReminders = (taskId: string) => queuedRemindersOf(t.db, tenantId, taskId);

const textsTo = (to: string) => twilio.received.filter((m) => m.to === to);

/** The worker at `iso` on the test's clock: runs what is due then, including the texts it queues. */
async function runAt(iso: string) {
  at(iso);
  await t.app.worker.drain();
  await t.app.worker.drain();
}

describe('appointment reminders', () => {
  it('go once, 24 hours ahead on the company’s clock, across the night the clocks spring forward', async () => {
    await prefs();
    const { task, tech, mobile } = await unscheduledVisit();
    // 9:00 EDT on Sunday 8 March (13:00 UTC): the reminder is at 9:00 EST on Saturday 7 March (14:00 UTC).
    expect((await schedule(task.id, '2026-03-08T13:00:00.000Z', tech.user.id)).statusCode).toBe(201);
    expect((await queuedReminders(task.id)).map((j) => new Date(j.run_at).toISOString())).toEqual(['2026-03-07T14:00:00.000Z']);
    await runAt('2026-03-07T13:59:00Z');
    expect(textsTo(mobile)).toEqual([]);
    await runAt('2026-03-07T14:00:00Z');
    await twilio.waitFor(1);
    expect(textsTo(mobile).map((m) => m.body)).toEqual([
      expect.stringMatching(
        /^Acme Plumbing: a reminder of your appointment on Sun, Mar 8 at 9:00 AM with Alex\. Details: http:\/\/\S+\/portal\/visit#[\w-]{40,}$/,
      ),
    ]);
    await runAt('2026-03-07T15:00:00Z');
    expect(textsTo(mobile)).toHaveLength(1);
  });

  it('a re-schedule moves it; many edits keep one reminder, for the schedule that stands', async () => {
    await prefs();
    const { task, tech, mobile } = await unscheduledVisit();
    await schedule(task.id, '2026-03-10T13:00:00.000Z', tech.user.id);
    for (const day of [11, 12, 13]) expect((await reschedule(task.id, `2026-03-${day}T13:00:00.000Z`, tech.user.id)).statusCode).toBe(200);
    expect((await queuedReminders(task.id)).map((j) => new Date(j.run_at).toISOString())).toEqual(['2026-03-12T13:00:00.000Z']);
    await runAt('2026-03-09T13:00:00Z');
    await runAt('2026-03-11T13:00:00Z');
    expect(textsTo(mobile)).toEqual([]);
    await runAt('2026-03-12T13:00:00Z');
    await vi.waitFor(() => expect(textsTo(mobile).map((m) => m.body)).toEqual([expect.stringContaining('on Fri, Mar 13 at 9:00 AM')]));
  });

  it('ten re-schedules fired at once: one wins, and one reminder stands, for the time that won', async () => {
    await prefs();
    const { task, tech } = await unscheduledVisit();
    await schedule(task.id, '2026-03-20T13:00:00.000Z', tech.user.id);
    const row = await t.db.selectFrom('tasks').select(['schedule_id', 'schedule_version']).where('id', '=', task.id).executeTakeFirstOrThrow();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.call('PUT', `/api/tasks/schedule/${row.schedule_id}`, admin.cookie, {
          startDateTime: `2026-03-2${i}T14:00:00.000Z`,
          assignedTo: 'TECHNICIAN',
          assignedTechnicianId: tech.user.id,
          version: row.schedule_version,
        }),
      ),
    );
    const won = answers.map((a, i) => [a.statusCode, i] as const).filter(([code]) => code === 200);
    expect(won).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode !== 200).every((a) => a.statusCode === 409)).toBe(true);
    const start = await t.db.selectFrom('tasks').select(['start_at', 'schedule_version']).where('id', '=', task.id).executeTakeFirstOrThrow();
    const reminders = await queuedReminders(task.id);
    expect(reminders).toEqual([{ run_at: expect.anything(), dedupe_key: `reminder:${task.id}:${start.schedule_version}` }]);
    expect(new Date(reminders[0]!.run_at).getTime()).toBe(new Date(start.start_at!).getTime() - 86_400_000);
  });

  it('cancelling the task or its job, unassigning or unscheduling it, withdraws it', async () => {
    await prefs();
    const cancelled = await unscheduledVisit();
    await schedule(cancelled.task.id, '2026-03-10T14:00:00.000Z', cancelled.tech.user.id);
    expect(await queuedReminders(cancelled.task.id)).toHaveLength(1);
    expect((await t.call('PATCH', `/api/tasks/${cancelled.task.id}`, admin.cookie, { isCancelled: true })).statusCode).toBe(200);
    expect(await queuedReminders(cancelled.task.id)).toEqual([]);

    const withJob = await unscheduledVisit();
    await schedule(withJob.task.id, '2026-03-10T15:00:00.000Z', withJob.tech.user.id);
    expect((await t.call('PATCH', `/api/jobs/${withJob.jobId}/status`, admin.cookie, { action: 'CANCELLED' })).statusCode).toBeLessThan(300);
    expect(await queuedReminders(withJob.task.id)).toEqual([]);

    const unassigned = await unscheduledVisit();
    await schedule(unassigned.task.id, '2026-03-10T16:00:00.000Z', unassigned.tech.user.id);
    expect((await t.call('PATCH', `/api/tasks/${unassigned.task.id}`, admin.cookie, { assignTo: 'LATER' })).statusCode).toBe(200);
    expect(await queuedReminders(unassigned.task.id)).toEqual([]);

    const unscheduled = await unscheduledVisit();
    await schedule(unscheduled.task.id, '2026-03-10T17:00:00.000Z', unscheduled.tech.user.id);
    const row = await t.db.selectFrom('tasks').select(['name', 'version']).where('id', '=', unscheduled.task.id).executeTakeFirstOrThrow();
    const edit = await t.call('PUT', `/api/tasks/${unscheduled.task.id}`, admin.cookie, { name: row.name, assignTo: 'LATER', version: row.version });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await queuedReminders(unscheduled.task.id)).toEqual([]);

    await runAt('2026-03-09T17:00:00Z');
    for (const v of [cancelled, withJob, unassigned, unscheduled]) expect(textsTo(v.mobile)).toEqual([]);
  });

  it('a company without Twilio keeps its reminders as "not sent", so the office sees what would have gone out', async () => {
    const other = await t.newCompany();
    const tech = await t.signInAs(other.tenantId, 'Technician');
    const customer = await buildCustomer(t.db, other.tenantId);
    const job = await buildJob(t.db, other.tenantId, { customer });
    await t.db.updateTable('customer_contacts').set({ mobile_number: '2015550300' }).where('id', '=', customer.contactId).execute();
    await t.db.updateTable('jobs').set({ site_contact_id: customer.contactId }).where('id', '=', job.id).execute();
    const task = await buildTask(t.db, other.tenantId, { jobId: job.id, startAt: null });
    const res = await t.call('POST', '/api/tasks/schedule', other.admin.cookie, {
      taskId: task.id,
      startDateTime: '2026-03-05T15:00:00.000Z',
      isAssigned: true,
      assignedTo: 'TECHNICIAN',
      assignedTechnicianId: tech.user.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    await runAt('2026-03-04T15:00:00Z');
    const texts = await t.db.selectFrom('text_messages').select(['kind', 'status', 'error', 'to_e164']).where('task_id', '=', task.id).execute();
    expect(texts).toEqual([{ kind: 'reminder', status: 'not_sent', error: 'Text messages are not set up for this company.', to_e164: '+12015550300' }]);
    expect(textsTo('+12015550300')).toEqual([]);
  });

  it('goes in the company’s own wording', async () => {
    await prefs({ templates: JSON.stringify({ reminder: 'Hi {customerName}! {technicianName} sees you {date}, {time}.' }) });
    const { task, tech, mobile } = await unscheduledVisit();
    await schedule(task.id, '2026-03-06T14:30:00.000Z', tech.user.id);
    await runAt('2026-03-05T14:30:00Z');
    await vi.waitFor(() => expect(textsTo(mobile).map((m) => m.body)).toEqual(['Hi Pat Contact! Alex sees you Fri, Mar 6, 9:30 AM.']));
  });

  it('a visit booked inside the reminder window gets none', async () => {
    await prefs();
    const { task, tech } = await unscheduledVisit();
    await schedule(task.id, '2026-03-02T13:00:00.000Z', tech.user.id);
    expect(await queuedReminders(task.id)).toEqual([]);
  });

  it('quiet hours hold it until they end; a number that replied STOP is not texted', async () => {
    await prefs({ reminder_hours: 12 });
    const held = await unscheduledVisit();
    // 9:00 EDT on 10 March, reminded 12 h ahead: 21:00 on the 9th, inside quiet hours until 8:00 on the 10th.
    await schedule(held.task.id, '2026-03-10T13:00:00.000Z', held.tech.user.id);
    const stopped = await unscheduledVisit();
    await t.db.insertInto('text_opt_outs').values({ tenant_id: tenantId, phone_e164: stopped.mobile, opted_out_at: new Date().toISOString() }).execute();
    await schedule(stopped.task.id, '2026-03-10T13:30:00.000Z', stopped.tech.user.id);
    await runAt('2026-03-10T01:00:00Z');
    const text = await t.db.selectFrom('text_messages').select(['status', 'send_after']).where('task_id', '=', held.task.id).executeTakeFirstOrThrow();
    expect(text.status).toBe('held');
    expect(new Date(text.send_after!).toISOString()).toBe('2026-03-10T12:00:00.000Z');
    expect(textsTo(held.mobile)).toEqual([]);
    await runAt('2026-03-10T12:00:00Z');
    await vi.waitFor(() => expect(textsTo(held.mobile)).toHaveLength(1));
    await runAt('2026-03-10T01:30:00Z');
    expect(textsTo(stopped.mobile)).toEqual([]);
    expect(await t.db.selectFrom('text_messages').select('id').where('task_id', '=', stopped.task.id).execute()).toEqual([]);
  });
});

describe('booking confirmations, job completed and the technician’s notices', () => {
  it('a booking confirmation when a task is first scheduled (switched on), never again for a re-schedule', async () => {
    await prefs({ booking_confirmation: 1, reminders_on: 0 });
    const { task, tech, mobile } = await unscheduledVisit();
    await schedule(task.id, '2026-03-12T14:00:00.000Z', tech.user.id);
    await reschedule(task.id, '2026-03-13T14:00:00.000Z', tech.user.id);
    await runAt(BASE.toISOString());
    // Rendered when it goes: the customer reads the time that stands, not the one first booked.
    await vi.waitFor(() =>
      expect(textsTo(mobile).map((m) => m.body)).toEqual([
        expect.stringMatching(/^Acme Plumbing: your appointment is booked for Fri, Mar 13 at 10:00 AM\. Details: \S+\/portal\/visit#/),
      ]),
    );
    expect(await queuedReminders(task.id)).toEqual([]);
  });

  it('job completed: the site contact gets a personal link to the job’s invoice (switched on), once', async () => {
    await prefs({ job_completed: 1 });
    const { task, jobId, mobile } = await unscheduledVisit();
    await t.db.updateTable('tasks').set({ lifecycle: 'CLOSED', start_at: BASE.toISOString(), schedule_id: task.id }).where('id', '=', task.id).execute();
    const contact = await t.db.selectFrom('jobs').select('site_contact_id').where('id', '=', jobId).executeTakeFirstOrThrow();
    await t.db.updateTable('customer_contacts').set({ email: 'pat@example.com' }).where('id', '=', contact.site_contact_id!).execute();
    const invoice = await t.call('POST', '/api/invoices', admin.cookie, invoiceBody({ jobId, mode: 'Send' }));
    expect(invoice.statusCode, invoice.body).toBe(201);
    const close = await t.call('PATCH', `/api/jobs/${jobId}/status`, admin.cookie, { action: 'CLOSED' });
    expect(close.statusCode, close.body).toBe(200);
    await runAt(BASE.toISOString());
    await vi.waitFor(() => expect(textsTo(mobile)).toHaveLength(1));
    const [text] = textsTo(mobile);
    expect(text!.body).toMatch(/^Acme Plumbing: job #\d+ is complete\. Thank you! Your invoice: http:\/\/\S+\/portal\/open#[\w-]{20,}$/);
    const links = await t.db
      .selectFrom('portal_links')
      .select(['email', 'invoice_id'])
      .where('tenant_id', '=', tenantId)
      .where('email', '=', 'pat@example.com')
      .execute();
    expect(links).toContainEqual({ email: 'pat@example.com', invoice_id: invoice.json().data.id });
    // Re-opened and closed again: the customer was told already.
    await t.call('PATCH', `/api/jobs/${jobId}/status`, admin.cookie, { action: 'REOPENED' });
    await t.call('PATCH', `/api/jobs/${jobId}/status`, admin.cookie, { action: 'CLOSED' });
    await runAt(BASE.toISOString());
    expect(textsTo(mobile)).toHaveLength(1);
  });

  it('a technician who chose email or text hears of a task assigned to them and of its new time', async () => {
    await prefs({ reminders_on: 0 });
    const byEmail = await unscheduledVisit();
    await t.db.updateTable('users').set({ assignment_notice: 'email' }).where('id', '=', byEmail.tech.user.id).execute();
    await schedule(byEmail.task.id, '2026-03-12T15:00:00.000Z', byEmail.tech.user.id);
    await runAt(BASE.toISOString());
    await reschedule(byEmail.task.id, '2026-03-12T17:00:00.000Z', byEmail.tech.user.id);
    const byText = await unscheduledVisit();
    await t.db.updateTable('users').set({ assignment_notice: 'text', phone: '(201) 555-0999' }).where('id', '=', byText.tech.user.id).execute();
    await schedule(byText.task.id, '2026-03-12T15:00:00.000Z', byText.tech.user.id);
    const quiet = await unscheduledVisit();
    await schedule(quiet.task.id, '2026-03-12T15:00:00.000Z', quiet.tech.user.id);
    await runAt(BASE.toISOString());
    const mail = await t.db
      .selectFrom('messages')
      .select(['subject', 'body_text'])
      .where('tenant_id', '=', tenantId)
      .where('kind', '=', 'task_notice')
      .execute();
    expect(mail.map((m) => m.subject).sort()).toEqual([`Task #${byEmail.task.taskNumber} assigned to you`, `Task #${byEmail.task.taskNumber} moved`]);
    expect(mail.find((m) => m.subject.endsWith('moved'))!.body_text).toContain(`task #${byEmail.task.taskNumber} Task ${byEmail.task.taskNumber}`);
    expect(mail.find((m) => m.subject.endsWith('moved'))!.body_text).toContain('moved to Thu, Mar 12 at 1:00 PM.');
    await vi.waitFor(() =>
      expect(textsTo('+12015550999').map((m) => m.body)).toEqual([
        expect.stringMatching(/^Acme Plumbing: task #\d+ .+ is assigned to you, Thu, Mar 12 at 11:00 AM\.$/),
      ]),
    );
    expect(await t.db.selectFrom('text_messages').select('id').where('task_id', '=', quiet.task.id).execute()).toEqual([]);
  });

  it('a notice job run twice (a worker killed before it marked the job done) texts once', async () => {
    await prefs({ booking_confirmation: 1 });
    const { task, mobile } = await unscheduledVisit();
    await t.db.updateTable('tasks').set({ start_at: '2026-03-20T14:00:00.000Z', schedule_id: task.id }).where('id', '=', task.id).execute();
    const handler = createVisitNoticeHandler({ box: t.app.secrets, origin: () => 'http://127.0.0.1' });
    const ctx = { db: t.db, dialect: t.dialect, tenantId, jobId: 'job', attempt: 1, finalAttempt: false };
    const payload = { notice: 'booking_confirmation', taskId: task.id };
    await withTenant(tenantId, () => Promise.all([handler.run(ctx, payload), handler.run(ctx, payload)]));
    await withTenant(tenantId, () => handler.run(ctx, payload));
    const texts = await t.db.selectFrom('text_messages').select(['to_e164', 'kind']).where('task_id', '=', task.id).execute();
    expect(texts).toEqual([{ to_e164: mobile, kind: 'booking_confirmation' }]);
  });
});
