import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTag, buildZone } from '@fieldwork/testing/factories';
import { createTestApp, type Session, type TestApp } from '../../test-support/test-app.ts';

let t: TestApp;
let tenantId: string;
let admin: Session;
beforeAll(async () => {
  t = await createTestApp();
  ({ tenantId, admin } = await t.newCompany());
});
afterAll(async () => t.close());

const invite = (payload: Record<string, unknown>, s: Session = admin) =>
  t.app.inject({ method: 'POST', url: '/api/user/invitation', headers: { cookie: s.cookie, host: 'fieldwork.test' }, payload });
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

describe('invitations', () => {
  it('invite -> copyable link -> preview -> accept signs the new user in with the invited role, access, tags and zones', async () => {
    const tag = await buildTag(t.db, tenantId, { name: 'Electrical' });
    const zone = await buildZone(t.db, tenantId, 'East');
    const res = await invite({ email: 'New.Tech@Example.com', role: 'Technician', tags: [{ id: tag.id }], zones: [{ id: zone.id }] });
    expect(res.statusCode).toBe(201);
    const { invitation, link } = res.json().data;
    expect(invitation).toMatchObject({
      email: 'new.tech@example.com',
      role: 'Technician',
      access: 'noAccess',
      status: 'PENDING',
      invitedBy: { userId: admin.user.id },
    });
    expect(link).toMatch(/^http:\/\/fieldwork\.test\/invitation\/accept\?token=[A-Za-z0-9_-]{43}$/);
    const token = tokenOf(link);
    const stored = await t.db.selectFrom('invitations').select('token_hash').where('id', '=', invitation.id).executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toBe(token);

    const preview = await t.app.inject({ url: `/api/auth/invitation?token=${token}` });
    expect(preview.json().data).toMatchObject({ email: 'new.tech@example.com', role: 'Technician' });

    const accept = await t.app.inject({
      method: 'POST',
      url: '/api/auth/accept-invitation',
      payload: { token, name: 'Nina Tech', password: 'nina-password-1' },
    });
    expect(accept.statusCode).toBe(201);
    const user = accept.json().data.user;
    expect(user).toMatchObject({
      name: 'Nina Tech',
      role: 'Technician',
      addedBy: { userId: admin.user.id },
      tags: [{ id: tag.id, name: 'Electrical' }],
      zones: [{ id: zone.id, name: 'East' }],
    });
    const cookie = t.cookieFrom(accept);
    expect((await t.app.inject({ url: '/api/user/profile', headers: { cookie } })).json().data.company.id).toBe(tenantId);
    expect((await t.login('new.tech@example.com', 'nina-password-1')).statusCode).toBe(200);

    const listed = (await t.app.inject({ url: '/api/user/invited?status=ACCEPTED', headers: { cookie: admin.cookie } })).json();
    expect(listed.items.map((i: { id: string }) => i.id)).toContain(invitation.id);
    expect((await t.app.inject({ url: `/api/auth/invitation?token=${token}` })).statusCode).toBe(400);
  });

  it('accepts once under a race of parallel submits', async () => {
    const { link } = (await invite({ email: 'race@example.com', role: 'Staff', access: 'partialAccess' })).json().data;
    const token = tokenOf(link);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.app.inject({ method: 'POST', url: '/api/auth/accept-invitation', payload: { token, name: `Racer ${i}`, password: 'racer-password-1' } }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode >= 500)).toHaveLength(0);
    const users = await t.db.selectFrom('users').select('id').where('email', '=', 'race@example.com').execute();
    expect(users).toHaveLength(1);
  });

  it('refuses revoked, expired, replaced and forged tokens', async () => {
    const first = (await invite({ email: 'twice@example.com', role: 'Staff' })).json().data;
    const second = (await invite({ email: 'twice@example.com', role: 'Staff' })).json().data;
    expect((await t.app.inject({ url: `/api/auth/invitation?token=${tokenOf(first.link)}` })).statusCode).toBe(400);
    expect((await t.app.inject({ url: `/api/auth/invitation?token=${tokenOf(second.link)}` })).statusCode).toBe(200);

    const revoke = await t.app.inject({ method: 'DELETE', url: `/api/user/invitation/${second.invitation.id}`, headers: { cookie: admin.cookie } });
    expect(revoke.statusCode).toBe(204);
    const after = await t.app.inject({
      method: 'POST',
      url: '/api/auth/accept-invitation',
      payload: { token: tokenOf(second.link), name: 'Late', password: 'late-password-1' },
    });
    expect(after.statusCode).toBe(400);
    expect(after.json()).toEqual({ statusCode: 400, code: 'INVITATION_INVALID', message: 'This invitation link is invalid or has expired.' });

    const third = (await invite({ email: 'expired@example.com', role: 'Staff' })).json().data;
    await t.db
      .updateTable('invitations')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', third.invitation.id)
      .execute();
    expect((await t.app.inject({ url: `/api/auth/invitation?token=${tokenOf(third.link)}` })).statusCode).toBe(400);
    const forged = await t.app.inject({ url: `/api/auth/invitation?token=${'A'.repeat(43)}` });
    expect(forged.statusCode).toBe(400);
  });

  it("refuses to invite a member of the company, and invites another company's address like any other (refused only at acceptance)", async () => {
    const res = await invite({ email: admin.user.email, role: 'Staff' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ statusCode: 409, code: 'EMAIL_TAKEN', message: 'This person already has a login in your company.' });
    const elsewhere = (await t.newCompany()).admin.user.email;
    const unknown = await invite({ email: `nobody-${Date.now()}@example.com`, role: 'Staff' });
    const taken = await invite({ email: elsewhere, role: 'Staff' });
    expect(taken.statusCode).toBe(unknown.statusCode);
    expect(Object.keys(taken.json().data)).toEqual(Object.keys(unknown.json().data));
    const accept = await t.app.inject({
      method: 'POST',
      url: '/api/auth/accept-invitation',
      payload: { token: tokenOf(taken.json().data.link), name: 'Someone', password: 'someone-pass-1' },
    });
    expect(accept.statusCode).toBe(409);
    expect(accept.json().message).toBe('This email address already has a Fieldwork account. Sign in with it, or ask for an invitation to another address.');
  });

  it('validates the invitation body with field messages', async () => {
    const res = await invite({ email: 'not-an-email', role: 'King' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message.join(' ')).toContain('Email must be a valid email address.');
    expect(res.json().message.join(' ')).toContain('Role must be one of');
  });
});
