import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ACCOUNT_LINK_MESSAGES, FORGOT_PASSWORD_ACCEPTED } from '@fieldwork/domain/access/auth.schemas';
import { startTestSmtpServer, type ReceivedMail, type TestSmtpServer } from '@fieldwork/testing/smtp-test-server';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../test-support/test-app.ts';

let smtp: TestSmtpServer;
let t: TestApp;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await createTestApp({
    mail: { smtpUrl: smtp.url, from: 'no-reply@fieldwork.test' },
    publicUrl: 'https://fieldwork.example.com',
    signupLimitPerIpPerHour: 1000,
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const post = (url: string, payload: object, ip = '198.51.100.9') => t.app.inject({ method: 'POST', url, payload, remoteAddress: ip });
/** Delivers what the requests queued and returns the emails that arrived since `from`. */
async function delivered(from: number, count: number): Promise<ReceivedMail[]> {
  await t.app.worker.drain();
  return (await smtp.waitFor(from + count)).slice(from);
}
const tokenIn = (mail: ReceivedMail, path: string) => new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`).exec(mail.text ?? '')?.[1];

describe('forgot password', () => {
  it('answers the same 202 for any address; only an account gets an email, whose link works once and signs in', async () => {
    const { tenantId } = await t.newCompany();
    const user = await t.signInAs(tenantId, 'Staff', 'partialAccess');
    const other = await t.login(user.user.email); // a second session, which the reset must end
    const otherCookie = t.cookieFrom(other);
    const before = smtp.received.length;
    const known = await post('/api/auth/forgot-password', { email: user.user.email.toUpperCase() });
    const unknown = await post('/api/auth/forgot-password', { email: 'nobody-here@example.com' });
    for (const res of [known, unknown])
      expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 202, body: { data: { message: FORGOT_PASSWORD_ACCEPTED } } });
    const [mail] = await delivered(before, 1);
    await new Promise((r) => setTimeout(r, 100));
    expect(smtp.received.length).toBe(before + 1);
    expect(mail!.envelope.to).toEqual([user.user.email]);
    const token = tokenIn(mail!, 'reset-password')!;
    expect(mail!.text).toContain('https://fieldwork.example.com/reset-password?token=');
    expect(JSON.stringify((await sql`select * from password_resets`.execute(t.db)).rows)).not.toContain(token);

    const weak = await post('/api/auth/reset-password', { token, password: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toEqual(['Password must be at least 10 characters.']);
    const reset = await post('/api/auth/reset-password', { token, password: 'brand-new-pass-1' });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().data.user.email).toBe(user.user.email);
    expect(reset.cookies.find((c) => c.name === 'fw_session')).toBeDefined();
    for (const cookie of [user.cookie, otherCookie]) expect((await t.app.inject({ url: '/api/user/profile', headers: { cookie } })).statusCode).toBe(401);
    expect((await t.login(user.user.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await t.login(user.user.email, 'brand-new-pass-1')).statusCode).toBe(200);

    const again = await post('/api/auth/reset-password', { token, password: 'another-pass-22' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toEqual([ACCOUNT_LINK_MESSAGES.resetInvalid]);
  });

  it('refuses an expired or an unknown link with the same message', async () => {
    const { tenantId } = await t.newCompany();
    const user = await t.signInAs(tenantId, 'Staff', 'partialAccess');
    const before = smtp.received.length;
    await post('/api/auth/forgot-password', { email: user.user.email });
    const token = tokenIn((await delivered(before, 1))[0]!, 'reset-password')!;
    await sql`update password_resets set expires_at = ${new Date(Date.now() - 1000).toISOString()} where user_id = ${user.user.id}`.execute(t.db);
    for (const candidate of [token, 'A'.repeat(43)]) {
      const res = await post('/api/auth/reset-password', { token: candidate, password: 'brand-new-pass-1' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toEqual([ACCOUNT_LINK_MESSAGES.resetInvalid]);
    }
  });

  it('one link used by two tabs at once: exactly one sets the password', async () => {
    const { tenantId } = await t.newCompany();
    const user = await t.signInAs(tenantId, 'Staff', 'partialAccess');
    const before = smtp.received.length;
    await post('/api/auth/forgot-password', { email: user.user.email });
    const token = tokenIn((await delivered(before, 1))[0]!, 'reset-password')!;
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => post('/api/auth/reset-password', { token, password: `racing-password-${i}` })));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 400)).toHaveLength(9);
  });

  it('is limited per address and per client IP', async () => {
    const address = `limited-${Date.now()}@example.com`;
    const codes = [];
    for (let i = 0; i < 7; i++) codes.push((await post('/api/auth/forgot-password', { email: address }, `203.0.113.${i + 1}`)).statusCode);
    expect(codes).toEqual([202, 202, 202, 202, 202, 429, 429]);
    const ipCodes = [];
    for (let i = 0; i < 22; i++)
      ipCodes.push((await post('/api/auth/forgot-password', { email: `ip-${i}-${Date.now()}@example.com` }, '192.0.2.50')).statusCode);
    expect(ipCodes.filter((c) => c === 429)).toHaveLength(2);
    const limited = await post('/api/auth/forgot-password', { email: 'x@example.com' }, '192.0.2.50');
    expect(limited.json().message).toBe(ACCOUNT_LINK_MESSAGES.tooManyResets);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('signup verification', () => {
  const signup = (email: string, companyName = 'Verify Co') => ({
    companyName,
    timeZone: 'America/Chicago',
    name: 'Vera Owner',
    email,
    password: 'verify-pass-123',
  });

  it('a new company is unverified until its admin opens the emailed link; a taken address is told instead, and answered alike', async () => {
    const email = `owner-${Date.now()}@example.com`;
    const before = smtp.received.length;
    const first = await post('/api/auth/signup', signup(email));
    const [verifyMail] = await delivered(before, 1);
    expect(verifyMail!.subject).toBe('Confirm your email address for Verify Co');
    const login = await t.login(email, 'verify-pass-123');
    const cookie = t.cookieFrom(login);
    const company = (await t.app.inject({ url: '/api/company', headers: { cookie } })).json().data;
    expect(company.emailVerified).toBe(false);

    const taken = await post('/api/auth/signup', signup(email, 'Copycat Co'));
    expect(taken.statusCode).toBe(first.statusCode);
    expect(taken.json()).toEqual(first.json());
    const [notice] = await delivered(before + 1, 1);
    expect(notice!.envelope.to).toEqual([email]);
    expect(notice!.subject).toBe('Someone tried to sign up with your email address');

    const token = tokenIn(verifyMail!, 'verify-email')!;
    const verified = await post('/api/auth/verify-email', { token });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().data.message).toBe(ACCOUNT_LINK_MESSAGES.verified);
    expect((await t.app.inject({ url: '/api/company', headers: { cookie } })).json().data.emailVerified).toBe(true);
    expect((await post('/api/auth/verify-email', { token })).json().message).toEqual([ACCOUNT_LINK_MESSAGES.verifyInvalid]);
    const resend = await t.app.inject({ method: 'POST', url: '/api/company/verification', headers: { cookie } });
    expect(resend.statusCode).toBe(409);
    expect(resend.json().message).toBe(ACCOUNT_LINK_MESSAGES.alreadyVerified);
  });

  it('an unverified admin can have a fresh link sent; the old one still works until used', async () => {
    const email = `resend-${Date.now()}@example.com`;
    const before = smtp.received.length;
    await post('/api/auth/signup', signup(email));
    await delivered(before, 1);
    const cookie = t.cookieFrom(await t.login(email, 'verify-pass-123'));
    const resend = await t.app.inject({ method: 'POST', url: '/api/company/verification', headers: { cookie } });
    expect(resend.statusCode, resend.body).toBe(202);
    const [fresh] = await delivered(before + 1, 1);
    expect((await post('/api/auth/verify-email', { token: tokenIn(fresh!, 'verify-email')! })).statusCode).toBe(200);
  });
});
