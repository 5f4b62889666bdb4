import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeTwilio, type FakeTwilio } from '@fieldwork/testing/twilio-test-server';
import { createTestApp, type Session, type TestApp } from '../../test-support/test-app.ts';

/** A contact whose mobile number replied STOP shows it, until it replies START. */
let t: TestApp;
let twilio: FakeTwilio;
let admin: Session;
let accountSid: string;
const NUMBER = '+12015550100';
const hex = (n: number) => randomBytes(n).toString('hex');

beforeAll(async () => {
  twilio = await startFakeTwilio({
    post: async (url, headers, body) => (await t.app.inject({ method: 'POST', url: new URL(url).pathname, headers, payload: body })).statusCode,
  });
  t = await createTestApp({ twilioApiUrl: twilio.url });
  ({ admin } = await t.newCompany());
  const creds = { accountSid: `AC${hex(16)}`, authToken: hex(16) };
  twilio.addAccount({ ...creds, inboundUrl: `http://localhost:80/api/webhooks/twilio/${admin.user.tenantId}/inbound` });
  const res = await t.call('PUT', '/api/company/texts', admin.cookie, { provider: 'twilio', ...creds, fromNumber: NUMBER, country: 'US' });
  if (res.statusCode !== 200) throw new Error(res.body);
  accountSid = creds.accountSid;
});
afterAll(async () => {
  await t?.close();
  await twilio?.close();
});

const customer = (contacts: object[]) => ({
  name: `Smith ${hex(3)}`,
  customerAddress: [{ addressLine1: '1 Main St', fullAddress: '1 Main St, Springfield' }],
  contacts,
});
type Contact = { name: string; textsOff: { since: string } | null };
const contactsOf = async (id: string, cookie = admin.cookie): Promise<Contact[]> => (await t.call('GET', `/api/customers/${id}`, cookie)).json().data.contacts;

describe('texts off on the contact', () => {
  it('appears after the number replies STOP (however the number is written) and clears after START', async () => {
    const created = await t.call(
      'POST',
      '/api/customers',
      admin.cookie,
      customer([
        { name: 'Ana', mobileNumber: '(201) 555-0177', isBilling: true },
        { name: 'Ben', mobileNumber: '201-555-0178' },
        { name: 'Cal', email: 'cal@example.com' },
      ]),
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id;
    expect((await contactsOf(id)).map((c) => c.textsOff)).toEqual([null, null, null]);

    const before = Date.now();
    expect(await twilio.reply(accountSid, '+12015550177', NUMBER, 'STOP')).toBe(200);
    const after = await contactsOf(id);
    expect(after.map((c) => [c.name, c.textsOff !== null])).toEqual([
      ['Ana', true],
      ['Ben', false],
      ['Cal', false],
    ]);
    const since = Date.parse(after[0]!.textsOff!.since);
    expect(since).toBeGreaterThanOrEqual(before - 1000);

    expect(await twilio.reply(accountSid, '+12015550177', NUMBER, 'START')).toBe(200);
    expect((await contactsOf(id)).map((c) => c.textsOff)).toEqual([null, null, null]);
  });

  it('is the company’s own: another company’s contact with the same number shows nothing', async () => {
    const other = await t.newCompany();
    const theirs = await t.call('POST', '/api/customers', other.admin.cookie, customer([{ name: 'Dee', mobileNumber: '2015550199' }]));
    const ours = await t.call('POST', '/api/customers', admin.cookie, customer([{ name: 'Eve', mobileNumber: '2015550199' }]));
    await twilio.reply(accountSid, '+12015550199', NUMBER, 'stop');
    expect((await contactsOf(ours.json().data.id))[0]!.textsOff).not.toBeNull();
    expect((await contactsOf(theirs.json().data.id, other.admin.cookie))[0]!.textsOff).toBeNull();
  });
});
