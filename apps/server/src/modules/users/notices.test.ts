import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSIGNMENT_NOTICE_MESSAGES } from '@fieldwork/domain/texts/text-preferences.schemas';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

/** A team member's own task notices: off, email or text to their profile phone. */
let t: TestApp;
let tenantId: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ tenantId } = await t.newCompany());
});
afterAll(async () => t?.close());

const stored = async (userId: string) =>
  (await t.db.selectFrom('users').select('assignment_notice').where('id', '=', userId).executeTakeFirstOrThrow()).assignment_notice;

describe('task notices', () => {
  it('start off, with the profile phone in E.164 as the number texts go to', async () => {
    const tech = await t.signInAs(tenantId, 'Technician');
    expect((await t.call('GET', '/api/user/notices')).statusCode).toBe(401);
    const before = await t.call('GET', '/api/user/notices', tech.cookie);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().data).toEqual({ assignment: 'off', textNumber: null });
    await t.call('PUT', '/api/user/profile', tech.cookie, { name: 'Terry Tech', phone: '(201) 555-0123' });
    expect((await t.call('GET', '/api/user/notices', tech.cookie)).json().data).toEqual({ assignment: 'off', textNumber: '+12015550123' });
  });

  it('email is stored; text needs a number that can take texts; anything else is refused', async () => {
    const sub = await t.signInAs(tenantId, 'SubContractor');
    const email = await t.call('PUT', '/api/user/notices', sub.cookie, { assignment: 'email' });
    expect(email.statusCode, email.body).toBe(200);
    expect(email.json().data).toEqual({ assignment: 'email', textNumber: null });
    expect(await stored(sub.user.id)).toBe('email');

    const noPhone = await t.call('PUT', '/api/user/notices', sub.cookie, { assignment: 'text' });
    expect(noPhone.statusCode).toBe(400);
    expect(noPhone.json().message).toEqual([ASSIGNMENT_NOTICE_MESSAGES.noPhone]);
    await t.call('PUT', '/api/user/profile', sub.cookie, { name: 'Sub', phone: '555' });
    expect((await t.call('PUT', '/api/user/notices', sub.cookie, { assignment: 'text' })).statusCode).toBe(400);
    expect(await stored(sub.user.id)).toBe('email');

    await t.call('PUT', '/api/user/profile', sub.cookie, { name: 'Sub', phone: '201-555-0188' });
    const text = await t.call('PUT', '/api/user/notices', sub.cookie, { assignment: 'text' });
    expect(text.statusCode, text.body).toBe(200);
    expect(text.json().data).toEqual({ assignment: 'text', textNumber: '+12015550188' });
    expect(await stored(sub.user.id)).toBe('text');

    const bad = await t.call('PUT', '/api/user/notices', sub.cookie, { assignment: 'sms' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toEqual([ASSIGNMENT_NOTICE_MESSAGES.choose]);
    expect((await t.call('PUT', '/api/user/notices', sub.cookie, { assignment: 'off', userId: tenantId })).statusCode).toBe(400);
  });

  it('each person sets only their own', async () => {
    const a = await t.signInAs(tenantId, 'Technician');
    const b = await t.signInAs(tenantId, 'Admin', 'fullAccess');
    await t.call('PUT', '/api/user/notices', a.cookie, { assignment: 'email' });
    expect((await t.call('GET', '/api/user/notices', b.cookie)).json().data.assignment).toBe('off');
    expect(await stored(b.user.id)).toBe('off');
    expect(await stored(a.user.id)).toBe('email');
  });

  it('reads the phone with the company’s text country', async () => {
    const { tenantId: ukTenant } = await t.newCompany();
    const me = await t.signInAs(ukTenant, 'Technician');
    await t.call('PUT', '/api/user/profile', me.cookie, { name: 'Uk Tech', phone: '07400 123456' });
    expect((await t.call('GET', '/api/user/notices', me.cookie)).json().data.textNumber).toBeNull();
    await t.db
      .insertInto('text_accounts')
      .values({
        tenant_id: ukTenant,
        provider: 'twilio',
        account_sid: 'AC00',
        auth_token_sealed: 'x',
        auth_token_last4: 'xxxx',
        from_number: '+447400000000',
        messaging_service_sid: null,
        country: 'GB',
        connected_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .execute();
    expect((await t.call('GET', '/api/user/notices', me.cookie)).json().data.textNumber).toBe('+447400123456');
  });
});
