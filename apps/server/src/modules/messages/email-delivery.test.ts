import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestSmtpServer, type TestSmtpServer } from '@fieldwork/testing/smtp-test-server';
import { closeMailTestApp, createMailTestApp, createTestApp, type Session, type TestApp } from '../../test-support/test-app.ts';

/** Real SMTP over loopback: the product's nodemailer talks to a test server, and what arrives is parsed. */
let smtp: TestSmtpServer;
let t: TestApp;
let tenantId: string;
let admin: Session;
beforeAll(async () => {
  ({ smtp, t, tenantId, admin } = await createMailTestApp({ publicUrl: 'https://fieldwork.example.com' }));
});
afterAll(async () => closeMailTestApp({ t, smtp }));

const invite = (email: string) => t.call('POST', '/api/user/invitation', admin.cookie, { email, role: 'Technician' });
const tokenIn = (text: string) => /invitation\/accept\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];

/** Every column of every row of the tables that could hold a secret, as text. */
async function storedText(): Promise<string> {
  const out: unknown[] = [];
  for (const table of ['messages', 'message_recipients', 'background_jobs', 'invitations'])
    out.push((await sql`select * from ${sql.table(table)}`.execute(t.db)).rows);
  return JSON.stringify(out);
}

describe('emails go out through the outbox', () => {
  it('an invitation arrives with a one-time link that works, stored nowhere in the clear', async () => {
    const before = smtp.received.length;
    const res = await invite('new.tech@example.com');
    expect(res.statusCode, res.body).toBe(201);
    const copyLink: string = res.json().data.link;
    expect(smtp.received.length).toBe(before); // the request did not wait for the mail server
    expect(await t.app.worker.drain()).toBe(1);
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail!.envelope.to).toEqual(['new.tech@example.com']);
    expect(mail!.subject).toMatch(/^You are invited to join .* on Fieldwork$/);
    expect(mail!.from?.value[0]?.address).toBe('no-reply@fieldwork.test');
    expect(mail!.messageId).toMatch(/@fieldwork>?$/);
    expect(mail!.text).toContain('https://fieldwork.example.com/invitation/accept?token=');
    expect(mail!.html).toContain('https://fieldwork.example.com/invitation/accept?token=');
    const token = tokenIn(mail!.text ?? '')!;
    expect(`https://fieldwork.example.com/invitation/accept?token=${token}`).toBe(copyLink);
    expect(await storedText()).not.toContain(token);
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/auth/accept-invitation',
      payload: { token, name: 'New Tech', password: 'new-tech-pass-1' },
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const messages = (await t.call('GET', '/api/delivery', admin.cookie)).json().data.recentMessages;
    expect(messages[0]).toMatchObject({
      kind: 'invitation',
      state: 'sent',
      recipients: [{ address: 'new.tech@example.com', role: 'to', state: 'sent', error: null }],
    });
    const detail = (await t.call('GET', `/api/messages/${messages[0].id}`, admin.cookie)).json().data;
    expect(detail.bodyText).toContain('[one-time link, not shown]');
    expect(detail.bodyText).not.toContain(token);
  });

  it('a re-run of a delivered job sends nothing again', async () => {
    const before = smtp.received.length;
    await invite('once@example.com');
    await t.app.worker.drain();
    await smtp.waitFor(before + 1);
    // As after a crash between the send and marking the job done: the job runs again.
    await sql`update background_jobs set state = 'queued', attempts = 0 where tenant_id = ${tenantId}`.execute(t.db);
    expect(await t.app.worker.drain()).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.received.length).toBe(before + 1);
  });

  it('escapes what users wrote and lets no header be injected through a name or subject', async () => {
    const company = (await t.call('GET', '/api/company', admin.cookie)).json().data;
    const evil = 'Evil <script>alert(1)</script> & Co';
    expect((await t.call('PUT', '/api/company', admin.cookie, { name: evil, timeZone: company.timeZone, version: company.version })).statusCode).toBe(200);
    const template = await t.call('PUT', '/api/email-templates/invitation', admin.cookie, {
      subject: 'Join {companyName}\r\nBcc: victim@example.com',
      message: 'Hello <b>there</b> from {companyName}',
    });
    expect(template.statusCode, template.body).toBe(200);
    const before = smtp.received.length;
    await invite('escape@example.com');
    await t.app.worker.drain();
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail!.envelope.to).toEqual(['escape@example.com']);
    expect(mail!.headers.get('bcc')).toBeUndefined();
    expect(mail!.subject).toBe(`Join ${evil} Bcc: victim@example.com`);
    expect(mail!.html).not.toContain('<script>');
    expect(mail!.html).toContain('&lt;script&gt;');
    expect(mail!.html).toContain('Hello &lt;b&gt;there&lt;/b&gt;');
    expect(mail!.from?.value[0]?.name).toBe(evil);
    expect(mail!.raw).not.toMatch(/^Bcc:/m);
  });
});

describe('when mail cannot go out', () => {
  it('mail server down: retries with backoff, then Failed with the error in Settings → Delivery; Retry delivers once it is back', async () => {
    const down = await startTestSmtpServer();
    const app = await createTestApp({ mail: { smtpUrl: down.url, from: 'no-reply@fieldwork.test' } });
    try {
      const { admin: a } = await app.newCompany();
      down.setDown(true);
      expect((await app.call('POST', '/api/user/invitation', a.cookie, { email: 'later@example.com', role: 'Staff' })).statusCode).toBe(201);
      // Eight attempts with the tests' 50–200 ms backoff: drain runs what is due, so wait out each delay.
      for (let i = 0; i < 20; i++) {
        await app.app.worker.drain();
        const failed = (await app.call('GET', '/api/delivery', a.cookie)).json().data.failedJobs;
        if (failed.length) break;
        await new Promise((r) => setTimeout(r, 220));
      }
      const delivery = (await app.call('GET', '/api/delivery', a.cookie)).json().data;
      expect(delivery.failedJobs).toHaveLength(1);
      expect(delivery.failedJobs[0]).toMatchObject({
        kind: 'email.send',
        label: 'Send an email',
        attempts: 8,
        lastError: expect.stringMatching(/421|not available/i),
      });
      expect(delivery.recentMessages[0]).toMatchObject({ state: 'failed', recipients: [{ address: 'later@example.com', state: 'failed' }] });
      expect(down.received).toHaveLength(0);
      down.setDown(false);
      expect((await app.call('POST', `/api/delivery/jobs/${delivery.failedJobs[0].id}/retry`, a.cookie)).statusCode).toBe(204);
      await app.app.worker.drain();
      await down.waitFor(1);
      const after = (await app.call('GET', '/api/delivery', a.cookie)).json().data;
      expect(after.failedJobs).toEqual([]);
      expect(after.recentMessages[0]).toMatchObject({ state: 'sent', recipients: [{ address: 'later@example.com', state: 'sent' }] });
    } finally {
      await app.close();
      await down.close();
    }
  });

  it("a refused address is Failed with the server's reason at once, the others are sent, and only it is retried", async () => {
    const before = smtp.received.length;
    const res = await invite('refuse-me@example.com');
    expect(res.statusCode).toBe(201);
    await t.app.worker.drain();
    const messages = (await t.call('GET', '/api/delivery', admin.cookie)).json().data.recentMessages;
    expect(messages[0]).toMatchObject({
      state: 'failed',
      recipients: [{ address: 'refuse-me@example.com', state: 'failed', error: expect.stringMatching(/550.*User unknown/) }],
    });
    expect(smtp.received.length).toBe(before);
    const retried = await t.call('POST', `/api/messages/${messages[0].id}/retry`, admin.cookie);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().data.state).toBe('queued');
    await t.app.worker.drain();
    expect((await t.call('POST', `/api/messages/${messages[0].id}/retry`, admin.cookie)).statusCode).toBe(200);
  });

  it('without SMTP_URL the email is kept as "not sent", readable in Settings → Delivery', async () => {
    const app = await createTestApp();
    try {
      const { admin: a } = await app.newCompany();
      await app.call('POST', '/api/user/invitation', a.cookie, { email: 'nomail@example.com', role: 'Staff' });
      expect(await app.app.worker.drain()).toBe(1);
      const delivery = (await app.call('GET', '/api/delivery', a.cookie)).json().data;
      expect(delivery).toMatchObject({ mailConfigured: false, failedJobs: [], queued: 0 });
      expect(delivery.recentMessages[0]).toMatchObject({
        kind: 'invitation',
        state: 'not_sent',
        recipients: [{ address: 'nomail@example.com', state: 'not_sent' }],
      });
      const detail = (await app.call('GET', `/api/messages/${delivery.recentMessages[0].id}`, a.cookie)).json().data;
      expect(detail.bodyHtml).toContain('invited you to join');
    } finally {
      await app.close();
    }
  });
});
