import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes, randomUUID } from 'node:crypto';
import { ON_MY_WAY_MESSAGES } from '@fieldwork/domain/texts/on-my-way.rules';
import { MESSAGE_MESSAGES } from '@fieldwork/domain/messages/messages.rules';
import { buildCustomer, buildJob, buildTask } from '@fieldwork/testing/factories';
import { startFakeTwilio, type FakeTwilio } from '@fieldwork/testing/twilio-test-server';
import { createTestApp, type Session, type TestApp } from '../../test-support/test-app.ts';

/**
 * "On my way" from the assignee's phone: the site contact gets the arrival window by text through the fake
 * Twilio (or by email when texting is not possible), once per tap, with the task's log and the office's bell.
 */
let t: TestApp;
let twilio: FakeTwilio;
let tenantId: string;
let admin: Session;
let tech: Session;
const hex = (n: number) => randomBytes(n).toString('hex');

beforeAll(async () => {
  twilio = await startFakeTwilio();
  t = await createTestApp({ twilioApiUrl: twilio.url });
  ({ tenantId, admin } = await t.newCompany());
  const creds = { accountSid: `AC${hex(16)}`, authToken: hex(16) };
  twilio.addAccount(creds);
  const res = await t.call('PUT', '/api/company/texts', admin.cookie, { provider: 'twilio', ...creds, fromNumber: '+12015550100', country: 'US' });
  if (res.statusCode !== 200) throw new Error(res.body);
});
afterAll(async () => {
  await t?.close();
  await twilio?.close();
});

/**
 * A job whose site contact has these details, and a task of it starting now, assigned to a technician of its own
 * (one person's tasks may not overlap — PostgreSQL's exclusion constraint — so each visit has its own technician).
 */
async function visit(contact: { mobile?: string | null; email?: string | null } | null, startAt = new Date().toISOString()) {
  tech = await t.signInAs(tenantId, 'Technician');
  const customer = await buildCustomer(t.db, tenantId);
  const job = await buildJob(t.db, tenantId, { customer });
  if (contact) {
    await t.db
      .updateTable('customer_contacts')
      .set({ mobile_number: contact.mobile ?? null, email: contact.email ?? null, name: 'Pat Contact' })
      .where('id', '=', customer.contactId)
      .execute();
    await t.db.updateTable('jobs').set({ site_contact_id: customer.contactId }).where('id', '=', job.id).execute();
  }
  return buildTask(t.db, tenantId, { jobId: job.id, technicianId: tech.user.id, startAt });
}

const onMyWay = (taskId: string, body: object, cookie = tech.cookie, key?: string) =>
  t.app.inject({ method: 'POST', url: `/api/tasks/${taskId}/on-my-way`, headers: { cookie, ...(key ? { 'idempotency-key': key } : {}) }, payload: body });

describe('on my way', () => {
  it('texts the site contact the arrival window from the company’s number, logs it and tells the office’s bell', async () => {
    const task = await visit({ mobile: '(201) 555-0142' });
    const res = await onMyWay(task.id, { minutes: 30 });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json().data;
    expect(answer).toMatchObject({ channel: 'text', contactName: 'Pat Contact' });
    expect(answer.window).toMatch(/^\d{1,2}:\d{2}( [AP]M)?–\d{1,2}:\d{2} [AP]M$/);
    expect(Date.parse(answer.to) - Date.parse(answer.from)).toBe(20 * 60_000);
    const before = twilio.received.length;
    await t.app.worker.drain();
    const [text] = (await twilio.waitFor(before + 1)).slice(before);
    expect(text!.to).toBe('+12015550142');
    expect(text!.body).toMatch(
      new RegExp(
        `^.+: \\S+ is on the way and should arrive between ${answer.window.replace('–', ' and ')}\\. Follow the visit: http\\S+/portal/visit#[\\w-]{43}$`,
      ),
    );
    const log = await t.db.selectFrom('activity_log').select('message').where('entity_id', '=', task.id).where('action', '=', 'ON_MY_WAY').execute();
    expect(log.map((l) => l.message)).toEqual([expect.stringContaining(`arriving ${answer.window} (by text)`)]);
    const bell = (await t.call('GET', '/api/notifications', admin.cookie)).json().data;
    expect(bell).toContainEqual(expect.objectContaining({ kind: 'task.onMyWay', recordId: task.id }));
  });

  it('a double tap with the same Idempotency-Key texts once', async () => {
    const task = await visit({ mobile: '201-555-0143' });
    const key = randomUUID();
    const [a, b] = [await onMyWay(task.id, { minutes: 15 }, tech.cookie, key), await onMyWay(task.id, { minutes: 15 }, tech.cookie, key)];
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(await t.db.selectFrom('text_messages').select('id').where('task_id', '=', task.id).execute()).toHaveLength(1);
  });

  it('emails the contact when their number replied STOP; with neither a textable number nor an email it says so', async () => {
    await t.db.insertInto('text_opt_outs').values({ tenant_id: tenantId, phone_e164: '+12015550144', opted_out_at: new Date().toISOString() }).execute();
    const task = await visit({ mobile: '2015550144', email: 'pat@example.com' });
    const res = await onMyWay(task.id, { arriveAt: new Date(Date.now() + 40 * 60_000).toISOString() });
    expect(res.json().data.channel).toBe('email');
    expect(await t.db.selectFrom('text_messages').select('id').where('task_id', '=', task.id).execute()).toEqual([]);
    const mail = await t.db.selectFrom('messages').select(['kind', 'subject']).where('tenant_id', '=', tenantId).where('kind', '=', 'on_my_way').execute();
    expect(mail).toContainEqual({ kind: 'on_my_way', subject: expect.stringMatching(/ is on the way$/) });
    // A company whose address is not confirmed emails no customer.
    await t.db.updateTable('tenants').set({ email_verified_at: null }).where('id', '=', tenantId).execute();
    const unverified = await onMyWay(task.id, { minutes: 30 });
    await t.db.updateTable('tenants').set({ email_verified_at: new Date().toISOString() }).where('id', '=', tenantId).execute();
    expect(unverified.statusCode).toBe(409);
    expect(unverified.json().message).toBe(MESSAGE_MESSAGES.unverified);
    const nobody = await visit(null);
    const refused = await onMyWay(nobody.id, { minutes: 30 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(ON_MY_WAY_MESSAGES.noContact);
  });

  it('is the assignee’s (or full access’s), for a task scheduled today; a past time is refused', async () => {
    const task = await visit({ mobile: '2015550145' });
    const other = await t.signInAs(tenantId, 'Technician');
    expect((await onMyWay(task.id, { minutes: 30 }, other.cookie)).statusCode).toBe(404);
    const partial = await t.signInAs(tenantId, 'Staff', 'partialAccess');
    expect((await onMyWay(task.id, { minutes: 30 }, partial.cookie)).statusCode).toBe(403);
    const past = await onMyWay(task.id, { arriveAt: new Date(Date.now() - 60_000).toISOString() });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe(ON_MY_WAY_MESSAGES.arrivalPast);
    const later = await visit({ mobile: '2015550146' }, new Date(Date.now() + 3 * 86_400_000).toISOString());
    const refused = await onMyWay(later.id, { minutes: 30 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(ON_MY_WAY_MESSAGES.notNow);
  });
});
