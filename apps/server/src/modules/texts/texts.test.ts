import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { TEXT_MESSAGES } from '@fieldwork/domain/texts/texts.rules';
import { startFakeTwilio, type FakeTwilio } from '@fieldwork/testing/twilio-test-server';
import { createTestApp, type Session, type TestApp } from '../../test-support/test-app.ts';

/**
 * Text messages through the company's own Twilio account, against a fake Twilio on loopback: the product's client
 * speaks Twilio's REST API to it, and it calls back (delivery states, STOP and START replies) signed as Twilio
 * signs, through the product's routes.
 */
let t: TestApp;
let twilio: FakeTwilio;
let tenantId: string;
let admin: Session;
const hex = (n: number) => randomBytes(n).toString('hex');
const NUMBER = '+12015550100';

beforeAll(async () => {
  // Twilio's calls reach the app through inject: the URL it signs is the one the app was given.
  twilio = await startFakeTwilio({
    post: async (url, headers, body) => (await t.app.inject({ method: 'POST', url: new URL(url).pathname, headers, payload: body })).statusCode,
  });
  t = await createTestApp({ twilioApiUrl: twilio.url });
  ({ tenantId, admin } = await t.newCompany());
});
afterAll(async () => {
  await t?.close();
  await twilio?.close();
});

async function connect(session: Session) {
  const creds = { accountSid: `AC${hex(16)}`, authToken: hex(16) };
  twilio.addAccount({ ...creds, inboundUrl: `http://localhost:80/api/webhooks/twilio/${session.user.tenantId}/inbound` });
  const res = await t.call('PUT', '/api/company/texts', session.cookie, { provider: 'twilio', ...creds, fromNumber: NUMBER, country: 'US' });
  if (res.statusCode !== 200) throw new Error(res.body);
  return creds;
}

const testText = (to: string, cookie = admin.cookie) => t.call('POST', '/api/company/texts/test', cookie, { to });
const message = (id: string) => t.db.selectFrom('text_messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('connecting Twilio', () => {
  it('checks the credentials against Twilio, keeps the Auth Token write-only and sealed, admins only', async () => {
    const other = await t.newCompany();
    const refused = await t.call('PUT', '/api/company/texts', other.admin.cookie, {
      provider: 'twilio',
      accountSid: `AC${hex(16)}`,
      authToken: hex(16),
      fromNumber: NUMBER,
      country: 'US',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(TEXT_MESSAGES.credentialsRefused);
    const noSender = await t.call('PUT', '/api/company/texts', other.admin.cookie, {
      provider: 'twilio',
      accountSid: `AC${hex(16)}`,
      authToken: hex(16),
      country: 'US',
    });
    expect(noSender.json().message).toEqual([TEXT_MESSAGES.senderRequired]);
    const creds = await connect(other.admin);
    const shown = (await t.call('GET', '/api/company/texts', other.admin.cookie)).json().data;
    expect(shown).toMatchObject({
      connected: true,
      accountSid: creds.accountSid,
      authTokenLast4: creds.authToken.slice(-4),
      fromNumber: NUMBER,
      country: 'US',
    });
    expect(shown.inboundUrl).toBe(`http://localhost:80/api/webhooks/twilio/${other.tenantId}/inbound`);
    expect(JSON.stringify(shown)).not.toContain(creds.authToken);
    const row = await t.db.selectFrom('text_accounts').selectAll().where('tenant_id', '=', other.tenantId).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(creds.authToken);
    // The token left out is kept while the account stays the same.
    const kept = await t.call('PUT', '/api/company/texts', other.admin.cookie, {
      provider: 'twilio',
      accountSid: creds.accountSid,
      fromNumber: '+12015550199',
      country: 'US',
    });
    expect(kept.json().data).toMatchObject({ fromNumber: '+12015550199', authTokenLast4: creds.authToken.slice(-4) });
    const staff = await t.signInAs(other.tenantId, 'Staff', 'partialAccess');
    expect((await t.call('GET', '/api/company/texts', staff.cookie)).statusCode).toBe(403);
    expect((await testText(NUMBER, staff.cookie)).statusCode).toBe(403);
  });
});

describe('sending', () => {
  beforeAll(async () => {
    await connect(admin);
  });

  it('queues in the outbox, sends through Twilio in E.164 from the company’s number, and follows delivery callbacks forward only', async () => {
    const res = await testText('(201) 555-0123');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.status).toBe('queued');
    const before = twilio.received.length;
    await t.app.worker.drain();
    const [sent] = (await twilio.waitFor(before + 1)).slice(before);
    expect(sent).toMatchObject({ to: '+12015550123', from: NUMBER, statusCallback: `http://localhost:80/api/webhooks/twilio/${tenantId}/status` });
    expect(sent!.body).toMatch(/^Test from .+: texts are set up\.$/);
    expect(await message(res.json().data.id)).toMatchObject({ status: 'sent', provider_sid: sent!.sid, to_e164: '+12015550123' });
    expect(await twilio.callback(sent!.sid, 'delivered')).toBe(200);
    expect(await twilio.callback(sent!.sid, 'sent')).toBe(200);
    expect((await message(res.json().data.id)).status).toBe('delivered');
    // Running the job again sends nothing twice.
    await t.app.worker.drain();
    expect(twilio.received.length).toBe(before + 1);
  });

  it('a number that cannot take texts is refused up front; one Twilio refuses ends failed with Twilio’s reason', async () => {
    const bad = await testText('12');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(TEXT_MESSAGES.badNumber);
    twilio.refuse('+12015550177');
    const res = await testText('+1 201 555 0177');
    await t.app.worker.drain();
    const row = await message(res.json().data.id);
    expect(row.status).toBe('failed');
    expect(row.error).toContain('Twilio error 21211');
    // The office's bell says so, once, to those who look after texts.
    const told = (await t.call('GET', '/api/notifications', admin.cookie)).json().data.filter((n: { kind: string; recordId: string }) => n.recordId === row.id);
    expect(told).toEqual([expect.objectContaining({ kind: 'text.failed', text: 'A text to +12015550177 failed', read: false })]);
  });

  it('a delivery callback saying undelivered fails the text and tells the office once', async () => {
    const res = await testText('2015550133');
    const before = twilio.received.length;
    await t.app.worker.drain();
    const [sent] = (await twilio.waitFor(before + 1)).slice(before);
    expect(await twilio.callback(sent!.sid, 'undelivered', '30003')).toBe(200);
    expect(await twilio.callback(sent!.sid, 'undelivered', '30003')).toBe(200);
    expect(await message(res.json().data.id)).toMatchObject({ status: 'undelivered', error: 'Twilio error 30003' });
    const rows = await t.db.selectFrom('notifications').select('kind').where('record_id', '=', res.json().data.id).execute();
    expect(rows).toEqual([{ kind: 'text.failed' }]);
  });

  it('STOP turns a number’s texts off at once (a queued one is not sent, a new one refused); START turns them on', async () => {
    const queued = await testText('201-555-0144');
    expect(
      await twilio.reply(
        (await t.db.selectFrom('text_accounts').select('account_sid').where('tenant_id', '=', tenantId).executeTakeFirstOrThrow()).account_sid,
        '+12015550144',
        NUMBER,
        ' Stop. ',
      ),
    ).toBe(200);
    const before = twilio.received.length;
    await t.app.worker.drain();
    expect(twilio.received.length).toBe(before);
    expect(await message(queued.json().data.id)).toMatchObject({ status: 'not_sent', error: TEXT_MESSAGES.optedOut });
    const refused = await testText('2015550144');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(TEXT_MESSAGES.optedOut);
    const sid = (await t.db.selectFrom('text_accounts').select('account_sid').where('tenant_id', '=', tenantId).executeTakeFirstOrThrow()).account_sid;
    await twilio.reply(sid, '+12015550144', NUMBER, 'start');
    const again = await testText('2015550144');
    expect(again.statusCode).toBe(201);
    await t.app.worker.drain();
    expect((await message(again.json().data.id)).status).toBe('sent');
  });

  it('a text found still "sending" (the process died mid-call) is marked failed, never sent again', async () => {
    const res = await testText('2015550155');
    await t.db.updateTable('text_messages').set({ status: 'sending' }).where('id', '=', res.json().data.id).execute();
    const before = twilio.received.length;
    await t.app.worker.drain();
    expect(twilio.received.length).toBe(before);
    expect((await message(res.json().data.id)).status).toBe('failed');
  });

  it('callbacks and replies not signed with the company’s token answer 400 and change nothing', async () => {
    const url = `/api/webhooks/twilio/${tenantId}/inbound`;
    const forged = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': 'bm9wZQ==' },
      payload: 'AccountSid=AC00&From=%2B12015550166&Body=STOP',
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe(TEXT_MESSAGES.badSignature);
    expect(await t.db.selectFrom('text_opt_outs').select('phone_e164').where('phone_e164', '=', '+12015550166').execute()).toEqual([]);
  });
});

describe('without Twilio', () => {
  it('keeps the text as not sent, so the office sees what would have gone out; nothing is queued', async () => {
    const other = await t.newCompany();
    const res = await testText('2015550188', other.admin.cookie);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.status).toBe('not_sent');
    const list = (await t.call('GET', '/api/company/texts/messages', other.admin.cookie)).json().data;
    expect(list).toEqual([expect.objectContaining({ to: '+12015550188', status: 'not_sent', error: TEXT_MESSAGES.notConnected })]);
    expect(await t.db.selectFrom('background_jobs').select('id').where('tenant_id', '=', other.tenantId).where('kind', '=', 'text.send').execute()).toEqual([]);
  });
});
