import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes, randomUUID } from 'node:crypto';
import { runTransaction } from '@fieldwork/db/transactions';
import { VISIT_MESSAGES } from '@fieldwork/domain/portal/visit-status.rules';
import { buildCustomer, buildJob, buildTask } from '@fieldwork/testing/factories';
import { pngImage } from '@fieldwork/testing/image-samples';
import { startTestSmtpServer, type TestSmtpServer } from '@fieldwork/testing/smtp-test-server';
import { startFakeTwilio, type FakeTwilio } from '@fieldwork/testing/twilio-test-server';
import { sha256 } from '../../lib/crypto.ts';
import { createTestApp, type Session, type TestApp } from '../../test-support/test-app.ts';
import { issueVisitLink } from './visit-links.service.ts';

/**
 * The customer's visit page behind the link in an "on my way" text: the text queued through the fake Twilio
 * carries the link, the link opens the visit without signing in (On the way with the window, In progress after
 * clock-in, Done after close, Cancelled), and a wrong, expired or other company's token opens nothing.
 */
let t: TestApp;
let twilio: FakeTwilio;
let smtp: TestSmtpServer;
let tenantId: string;
let admin: Session;
const hex = (n: number) => randomBytes(n).toString('hex');
const ORIGIN = 'https://visits.example.test';

beforeAll(async () => {
  twilio = await startFakeTwilio();
  smtp = await startTestSmtpServer();
  t = await createTestApp({ twilioApiUrl: twilio.url, publicUrl: ORIGIN, mail: { smtpUrl: smtp.url, from: 'no-reply@visits.example.test' } });
  ({ tenantId, admin } = await t.newCompany());
  const creds = { accountSid: `AC${hex(16)}`, authToken: hex(16) };
  twilio.addAccount(creds);
  const res = await t.call('PUT', '/api/company/texts', admin.cookie, { provider: 'twilio', ...creds, fromNumber: '+12015550100', country: 'US' });
  if (res.statusCode !== 200) throw new Error(res.body);
});
afterAll(async () => {
  await t?.close();
  await twilio?.close();
  await smtp?.close();
});

/** A visit starting now whose site contact has a mobile number, with a technician of its own (no overlaps on PostgreSQL). */
async function visit(mobile: string | null, o: { startAt?: string; expectedEndAt?: string; tenant?: string } = {}) {
  const tenant = o.tenant ?? tenantId;
  const tech = await t.signInAs(tenant, 'Technician');
  await t.db.updateTable('users').set({ name: 'Tom Tester' }).where('id', '=', tech.user.id).execute();
  const customer = await buildCustomer(t.db, tenant);
  const job = await buildJob(t.db, tenant, { customer });
  await t.db
    .updateTable('customer_contacts')
    .set({ mobile_number: mobile, email: 'pat.contact@example.com', name: 'Pat Contact' })
    .where('id', '=', customer.contactId)
    .execute();
  await t.db.updateTable('jobs').set({ site_contact_id: customer.contactId }).where('id', '=', job.id).execute();
  const startAt = o.startAt ?? new Date().toISOString();
  const task = await buildTask(t.db, tenant, {
    jobId: job.id,
    technicianId: tech.user.id,
    startAt,
    expectedEndAt: o.expectedEndAt ?? null,
    name: 'Boiler service',
  });
  return { tech, task: { ...task, startAt }, jobId: job.id };
}

const open = (token: string, ip = '10.1.0.1') => t.app.inject({ method: 'POST', url: '/api/portal/visit', payload: { token }, remoteAddress: ip });
const tokenOf = (url: string) => /\/portal\/visit#([A-Za-z0-9_-]+)$/.exec(url)![1]!;

/** Taps On my way and answers the token carried by the text queued for the contact. */
async function onMyWay(taskId: string, cookie: string) {
  const res = await t.app.inject({ method: 'POST', url: `/api/tasks/${taskId}/on-my-way`, headers: { cookie }, payload: { minutes: 30 } });
  expect(res.statusCode, res.body).toBe(200);
  const [text] = await t.db.selectFrom('text_messages').select('body').where('task_id', '=', taskId).execute();
  const url = /Follow the visit: (\S+)$/.exec(text!.body)?.[1];
  expect(url).toMatch(new RegExp(`^${ORIGIN}/portal/visit#[A-Za-z0-9_-]{43}$`));
  return { answer: res.json().data as { window: string; from: string; to: string }, token: tokenOf(url!) };
}

describe('the visit link in "on my way"', () => {
  it('goes in the text, opens the visit On the way with the window; clock-in makes it In progress and close Done', async () => {
    const { tech, task, jobId } = await visit('(201) 555-0171');
    const { answer, token } = await onMyWay(task.id, tech.cookie);

    // Sent as queued: the fake Twilio receives the link in the text body.
    const before = twilio.received.length;
    await t.app.worker.drain();
    const [sent] = (await twilio.waitFor(before + 1)).slice(before);
    expect(sent!.body).toContain(`${ORIGIN}/portal/visit#${token}`);

    const res = await open(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const onTheWay = res.json().data;
    expect(onTheWay).toMatchObject({
      name: 'Boiler service',
      status: 'ON_THE_WAY',
      statusLabel: 'On the way',
      timeZone: 'America/New_York',
      technician: { firstName: 'Tom', hasPhoto: false },
      arrival: { from: answer.from, to: answer.to, text: `Arriving between ${answer.window.replace('–', ' and ')}` },
    });
    expect(Date.parse(onTheWay.startAt)).toBe(Date.parse(task.startAt));
    expect(onTheWay.company.name).toMatch(/^Company /);

    const clockIn = await t.call('POST', '/api/tasks/clock-in', tech.cookie, { taskId: task.id, jobId });
    expect(clockIn.statusCode, clockIn.body).toBe(200);
    expect((await open(token)).json().data).toMatchObject({ status: 'IN_PROGRESS', statusLabel: 'In progress', arrival: null });

    const period = await t.db.selectFrom('task_activities').select('id').where('task_id', '=', task.id).where('end_time', 'is', null).executeTakeFirstOrThrow();
    const out = await t.call('POST', '/api/tasks/clock-out', tech.cookie, { taskId: task.id, taskActivityId: period.id, jobId, description: 'Serviced.' });
    expect(out.statusCode, out.body).toBe(200);
    expect((await open(token)).json().data.status).toBe('IN_PROGRESS');
    const at = new Date().toISOString();
    const close = await t.call('POST', '/api/tasks/close', admin.cookie, { taskId: task.id, startDateTime: at, endDateTime: at });
    expect(close.statusCode, close.body).toBe(200);
    expect((await open(token)).json().data).toMatchObject({ status: 'DONE', statusLabel: 'Done', explanation: expect.stringContaining('finished') });
  });

  it('stores only the hash of the token, with the window and an expiry a week after the visit', async () => {
    const expectedEndAt = new Date(Date.now() + 2 * 3_600_000).toISOString();
    const { tech, task } = await visit('(201) 555-0172', { expectedEndAt });
    const { answer, token } = await onMyWay(task.id, tech.cookie);
    const rows = await t.db.selectFrom('visit_links').selectAll().where('task_id', '=', task.id).execute();
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row.token_hash).toBe(sha256(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(new Date(row.arrival_from!).toISOString()).toBe(answer.from);
    expect(new Date(row.arrival_to!).toISOString()).toBe(answer.to);
    expect(Date.parse(row.expires_at) - Date.parse(expectedEndAt)).toBe(7 * 86_400_000);
  });

  it('a link sent without a window (a reminder) shows the visit Scheduled, then Cancelled when the office cancels it', async () => {
    const { task } = await visit('(201) 555-0173', { startAt: new Date(Date.now() + 3 * 86_400_000).toISOString() });
    const url = await runTransaction(t.db, (trx) => issueVisitLink(trx, tenantId, { taskId: task.id }, ORIGIN));
    expect(url.startsWith(`${ORIGIN}/portal/visit#`)).toBe(true);
    expect((await open(tokenOf(url))).json().data).toMatchObject({ status: 'SCHEDULED', statusLabel: 'Scheduled', arrival: null });
    const cancel = await t.call('PATCH', `/api/tasks/${task.id}`, admin.cookie, { isCancelled: true });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await open(tokenOf(url))).json().data).toMatchObject({ status: 'CANCELLED', statusLabel: 'Cancelled' });
  });

  it('a link rolled back with its transaction opens nothing', async () => {
    const { task } = await visit('(201) 555-0174');
    let url = '';
    await expect(
      runTransaction(t.db, async (trx) => {
        url = await issueVisitLink(trx, tenantId, { taskId: task.id }, ORIGIN);
        throw new Error('the text could not be queued');
      }),
    ).rejects.toThrow('the text could not be queued');
    expect((await open(tokenOf(url), '10.1.0.2')).statusCode).toBe(404);
  });
});

describe('the visit link by email, and the technician’s photo', () => {
  it('an "on my way" email carries the link as its button, masked in the stored copy', async () => {
    const { tech, task } = await visit(null);
    const res = await t.app.inject({ method: 'POST', url: `/api/tasks/${task.id}/on-my-way`, headers: { cookie: tech.cookie }, payload: { minutes: 30 } });
    expect(res.json().data.channel).toBe('email');
    const [link] = await t.db.selectFrom('visit_links').select('token_hash').where('task_id', '=', task.id).execute();
    expect(link).toBeDefined();
    const stored = await t.db
      .selectFrom('messages')
      .select(['body_text', 'body_html'])
      .where('tenant_id', '=', tenantId)
      .where('kind', '=', 'on_my_way')
      .execute();
    expect(stored.map((m) => m.body_text + m.body_html).join('')).not.toMatch(/\/portal\/visit#/);
    const before = smtp.received.length;
    await t.app.worker.drain();
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    const url = new RegExp(`${ORIGIN}/portal/visit#([A-Za-z0-9_-]{43})`).exec(mail!.text ?? '')?.[1];
    expect(sha256(url!)).toBe(link!.token_hash);
    expect((await open(url!, '10.5.0.1')).json().data.status).toBe('ON_THE_WAY');
  });

  it('serves the technician’s photo by the token while the visit is to come, and not once it is over', async () => {
    const { tech, task } = await visit('(201) 555-0179');
    const fileId = randomUUID();
    const png = pngImage(8, 8);
    await t.db
      .insertInto('files')
      .values({
        id: fileId,
        tenant_id: tenantId,
        content_type: 'image/png',
        size: png.length,
        data: png,
        created_by: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    await t.db.updateTable('users').set({ photo_file_id: fileId }).where('id', '=', tech.user.id).execute();
    const { token } = await onMyWay(task.id, tech.cookie);
    expect((await open(token, '10.5.0.2')).json().data.technician).toEqual({ firstName: 'Tom', hasPhoto: true });
    const photo = () => t.app.inject({ method: 'POST', url: '/api/portal/visit/technician-photo', payload: { token }, remoteAddress: '10.5.0.2' });
    const ok = await photo();
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(ok.rawPayload, Buffer.from(png))).toBe(0);
    await t.db.updateTable('tasks').set({ lifecycle: 'CLOSED' }).where('id', '=', task.id).execute();
    expect((await open(token, '10.5.0.2')).json().data.technician).toEqual({ firstName: 'Tom', hasPhoto: false });
    expect((await photo()).statusCode).toBe(404);
  });
});

describe('a wrong, expired or other visit’s token', () => {
  it('answers 404 with one clear message for an unknown or expired token, and 400 for one that is not a token', async () => {
    const unknown = await open(randomBytes(32).toString('base64url'), '10.2.0.1');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(VISIT_MESSAGES.invalid);

    const { task } = await visit('(201) 555-0175');
    const url = await runTransaction(t.db, (trx) => issueVisitLink(trx, tenantId, { taskId: task.id }, ORIGIN));
    await t.db
      .updateTable('visit_links')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('task_id', '=', task.id)
      .execute();
    const expired = await open(tokenOf(url), '10.2.0.1');
    expect(expired.statusCode).toBe(404);
    expect(expired.json()).toEqual(unknown.json());

    const malformed = await open('not a token', '10.2.0.1');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toEqual([VISIT_MESSAGES.invalid]);
  });

  it('a token opens its own visit and nothing of another visit or another company', async () => {
    const other = await t.newCompany();
    const mine = await visit('(201) 555-0176');
    const theirs = await visit('(201) 555-0177', { tenant: other.tenantId });
    await t.db.updateTable('tasks').set({ name: 'Their secret visit' }).where('id', '=', theirs.task.id).execute();
    const myUrl = await runTransaction(t.db, (trx) => issueVisitLink(trx, tenantId, { taskId: mine.task.id }, ORIGIN));
    const theirUrl = await runTransaction(t.db, (trx) => issueVisitLink(trx, other.tenantId, { taskId: theirs.task.id }, ORIGIN));
    const a = (await open(tokenOf(myUrl), '10.3.0.1')).json().data;
    const b = (await open(tokenOf(theirUrl), '10.3.0.1')).json().data;
    expect(a.name).toBe('Boiler service');
    expect(b.name).toBe('Their secret visit');
    expect(a.company.name).not.toBe(b.company.name);
    expect(JSON.stringify(a)).not.toContain('Their secret visit');
    // A company cannot issue a link to another company's task.
    await expect(runTransaction(t.db, (trx) => issueVisitLink(trx, tenantId, { taskId: theirs.task.id }, ORIGIN))).rejects.toThrow('Task not found.');
  });

  it('is rate-limited per address after 20 wrong tokens, with the document links’ tokens counted together', async () => {
    const ip = '10.4.0.1';
    for (let i = 0; i < 10; i++) expect((await open(randomBytes(32).toString('base64url'), ip)).statusCode).toBe(404);
    for (let i = 0; i < 10; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/portal/session',
        payload: { token: randomBytes(32).toString('base64url') },
        remoteAddress: ip,
      });
      expect(res.statusCode).toBe(410);
    }
    const { task } = await visit('(201) 555-0178');
    const url = await runTransaction(t.db, (trx) => issueVisitLink(trx, tenantId, { taskId: task.id }, ORIGIN));
    const limited = await open(tokenOf(url), ip);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not held up, and a right token never counted against anyone.
    expect((await open(tokenOf(url), '10.4.0.2')).statusCode).toBe(200);
  });
});
