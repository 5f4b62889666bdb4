import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { buildCustomer, buildTenant } from '@fieldwork/testing/factories';
import type { TestSmtpServer } from '@fieldwork/testing/smtp-test-server';
import { DEFAULT_ERROR_MESSAGE } from '@fieldwork/domain/common/errors.schemas';
import { PORTAL_MESSAGES, portalSlug } from '@fieldwork/domain/portal/portal.rules';
import { closeMailTestApp, createMailTestApp, type Session, type TestApp } from '../../test-support/test-app.ts';
import { sha256 } from '../../lib/crypto.ts';
import { customerWithEstimate, customerWithInvoice, emailDocument, openLink, portalCookieFrom, tokenIn } from './portal.fixture.ts';
import { estimateBody } from '../billing/billing.fixture.ts';

/** Personal links, customer sessions and the sign-in link, through a real SMTP server on loopback. */
let smtp: TestSmtpServer;
let t: TestApp;
let tenantId: string;
let admin: Session;
beforeAll(async () => {
  ({ smtp, t, tenantId, admin } = await createMailTestApp());
});
afterAll(async () => closeMailTestApp({ t, smtp }));
const p = () => ({ t, smtp });

describe('personal links', () => {
  it('each recipient gets their own link, stored only as its hash; it opens a session for that customer and the document', async () => {
    const customer = await buildCustomer(t.db, tenantId);
    const est = (await t.call('POST', '/api/estimates', admin.cookie, estimateBody({ accountId: customer.id }))).json().data;
    const [a, b] = await emailDocument(p(), admin, 'estimates', est.id, ['ann@example.com', 'bob@example.com']);
    expect(a).not.toBe(b);
    expect(Buffer.from(a!, 'base64url').length).toBeGreaterThanOrEqual(16);
    const rows = await t.db.selectFrom('portal_links').select(['email', 'token_hash', 'customer_id']).where('estimate_id', '=', est.id).execute();
    expect(rows.map((r) => r.email).sort()).toEqual(['ann@example.com', 'bob@example.com']);
    expect(rows.some((r) => r.token_hash === a)).toBe(false);
    expect(rows.map((r) => r.token_hash)).toContain(sha256(a!));

    const opened = await openLink(t, a!);
    expect(opened.res.statusCode, opened.res.body).toBe(200);
    expect(opened.res.json().data).toEqual({ document: { kind: 'estimate', id: est.id } });
    const cookie = opened.res.cookies.find((c) => c.name === 'fieldwork_portal')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.path).toBe('/api/portal');
    const page = await t.call('GET', `/api/portal/estimates/${est.id}`, opened.cookie!);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().data).toMatchObject({ estimateNumber: est.estimateNumber, status: 'SENT', canAnswer: true });
    expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    const link = await t.db.selectFrom('portal_links').select('last_opened_at').where('token_hash', '=', sha256(a!)).executeTakeFirstOrThrow();
    expect(link.last_opened_at).not.toBeNull();
  });

  it('a re-send replaces that address’s link; revoking ends every live link; an expired one says so — each with only the portal address', async () => {
    const customer = await buildCustomer(t.db, tenantId);
    const { estimateId, token: first } = await customerWithEstimate(p(), admin, customer.id, 'carol@example.com');
    const [second] = await emailDocument(p(), admin, 'estimates', estimateId, ['carol@example.com']);
    const slug = (await t.db.selectFrom('tenants').select('portal_slug').where('id', '=', tenantId).executeTakeFirstOrThrow()).portal_slug;

    const replaced = await openLink(t, first);
    expect(replaced.res.statusCode).toBe(410);
    expect(replaced.res.json()).toMatchObject({ code: 'LINK_UNUSABLE', message: DEFAULT_ERROR_MESSAGE.LINK_UNUSABLE, details: { companySlug: slug } });
    const openedSecond = await openLink(t, second!);
    expect(openedSecond.res.statusCode).toBe(200);
    expect((await t.call('GET', `/api/portal/estimates/${estimateId}`, openedSecond.cookie!)).statusCode).toBe(200);

    const links = await t.call('GET', `/api/estimates/${estimateId}/portal-links`, admin.cookie);
    expect(links.json().data.map((l: { revokedAt: string | null }) => !!l.revokedAt)).toEqual([false, true]);
    const revoked = await t.call('POST', `/api/estimates/${estimateId}/portal-links/revoke`, admin.cookie);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().data.every((l: { revokedAt: string | null }) => !!l.revokedAt)).toBe(true);
    expect((await openLink(t, second!)).res.statusCode).toBe(410);
    // Whoever opened a withdrawn link is signed out too.
    expect((await t.call('GET', `/api/portal/estimates/${estimateId}`, openedSecond.cookie!)).statusCode).toBe(401);

    const other = await customerWithEstimate(p(), admin, customer.id, 'dan@example.com');
    await sql`update portal_links set expires_at = ${new Date(Date.now() - 1000).toISOString()} where token_hash = ${sha256(other.token)}`.execute(t.db);
    const expired = await openLink(t, other.token);
    expect(expired.res.statusCode).toBe(410);
    expect(Object.keys(expired.res.json().details)).toEqual(['companySlug']);

    const unknown = await openLink(t, 'x'.repeat(43));
    expect(unknown.res.statusCode).toBe(410);
    expect(unknown.res.json().details).toBeUndefined();
  });

  it('an estimate link lives to its due date; an invoice link the company’s days, which an admin sets', async () => {
    const customer = await buildCustomer(t.db, tenantId);
    const due = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const { token } = await customerWithEstimate(p(), admin, customer.id, 'erin@example.com', { dueDate: due });
    const link = await t.db.selectFrom('portal_links').select('expires_at').where('token_hash', '=', sha256(token)).executeTakeFirstOrThrow();
    const days = (Date.parse(link.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(9.5);
    expect(days).toBeLessThan(12);

    const company = (await t.call('GET', '/api/company', admin.cookie)).json().data;
    expect(company.portalLinkDays).toEqual({ estimate: 30, invoice: 90 });
    expect(company.portalPath).toMatch(/^\/portal\/[a-z0-9-]+$/);
    const base = { name: company.name, timeZone: company.timeZone, version: company.version };
    const bad = await t.call('PUT', '/api/company', admin.cookie, { ...base, portalInvoiceLinkDays: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toEqual(['Invoice links must be between 1 and 365 days.']);
    const set = await t.call('PUT', '/api/company', admin.cookie, { ...base, portalInvoiceLinkDays: 7 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data.portalLinkDays).toEqual({ estimate: 30, invoice: 7 });
    const inv = await customerWithInvoice(p(), admin, customer.id, 'erin@example.com');
    const invLink = await t.db.selectFrom('portal_links').select('expires_at').where('token_hash', '=', sha256(inv.token)).executeTakeFirstOrThrow();
    expect(Math.round((Date.parse(invLink.expires_at) - Date.now()) / 86_400_000)).toBe(7);
  });
});

describe('a document emailed to someone who is not the customer', () => {
  it('opens that document only: the customer’s other documents answer as missing, and the hub lists only it', async () => {
    const customer = await buildCustomer(t.db, tenantId, { contactEmail: 'owner@customer.test' });
    const other = await customerWithEstimate(p(), admin, customer.id, 'owner@customer.test');
    const outsider = await customerWithEstimate(p(), admin, customer.id, 'accountant@elsewhere.test');
    expect((await t.call('GET', `/api/portal/estimates/${outsider.estimateId}`, outsider.cookie)).statusCode).toBe(200);
    const theirs = await t.call('GET', `/api/portal/estimates/${other.estimateId}`, outsider.cookie);
    expect(theirs.statusCode).toBe(404);
    const hub = (await t.call('GET', '/api/portal/hub', outsider.cookie)).json().data;
    expect(hub.estimates.map((e: { id: string }) => e.id)).toEqual([outsider.estimateId]);
    expect((await t.call('GET', '/api/portal/me', outsider.cookie)).json().data.sites).toEqual([]);
    // The customer's own address opens the whole account.
    const hubOwn = (await t.call('GET', '/api/portal/hub', other.cookie)).json().data;
    expect(hubOwn.estimates.map((e: { id: string }) => e.id).sort()).toEqual([other.estimateId, outsider.estimateId].sort());
  });
});

describe('sessions never cross', () => {
  it('a portal session reaches no staff route; a staff session, an API token and no cookie reach no portal route', async () => {
    const customer = await buildCustomer(t.db, tenantId);
    const { cookie, estimateId } = await customerWithEstimate(p(), admin, customer.id);
    for (const url of ['/api/user/profile', `/api/estimates/${estimateId}`, '/api/customers']) {
      expect((await t.call('GET', url, cookie)).statusCode, url).toBe(401);
    }
    for (const c of [admin.cookie, undefined]) {
      const res = await t.call('GET', `/api/portal/estimates/${estimateId}`, c);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(PORTAL_MESSAGES.signedOut);
    }
    const signedOut = await t.call('DELETE', '/api/portal/session', cookie);
    expect(signedOut.statusCode).toBe(204);
    expect((await t.call('GET', '/api/portal/me', cookie)).statusCode).toBe(401);
  });
});

describe('sign-in links from the portal page', () => {
  it('the same answer for any address; a link only to a customer’s contact, opening their hub', async () => {
    const tenant = await buildTenant(t.db, { name: 'Ace Plumbing' });
    const customer = await buildCustomer(t.db, tenant.id, { contactEmail: 'Gina@Example.com' });
    const slug = portalSlug('Ace Plumbing', tenant.id);
    const page = await t.call('GET', `/api/portal/companies/${slug}`);
    expect(page.json().data).toMatchObject({ slug, name: 'Ace Plumbing', logoUrl: null });
    const before = smtp.received.length;
    const known = await t.call('POST', `/api/portal/companies/${slug}/sign-in-link`, undefined, { email: 'gina@example.com' });
    const unknown = await t.call('POST', `/api/portal/companies/${slug}/sign-in-link`, undefined, { email: 'nobody@example.com' });
    expect([known.statusCode, unknown.statusCode]).toEqual([202, 202]);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json().data.message).toBe(PORTAL_MESSAGES.signInSent);
    await t.app.worker.drain();
    const mails = (await smtp.waitFor(before + 1)).slice(before);
    expect(mails.map((m) => m.envelope.to)).toEqual([['gina@example.com']]);
    const opened = await openLink(t, tokenIn(mails[0]!));
    expect(opened.res.json().data).toEqual({ document: null });
    const me = await t.call('GET', '/api/portal/me', portalCookieFrom(opened.res));
    expect(me.json().data).toMatchObject({ customer: { name: customer.name }, email: 'gina@example.com', company: { name: 'Ace Plumbing' } });
    expect((await t.call('GET', '/api/portal/companies/no-such-company')).statusCode).toBe(404);
  });

  it('sign-in requests are rate-limited per address', async () => {
    const tenant = await buildTenant(t.db);
    const slug = (await t.db.selectFrom('tenants').select('portal_slug').where('id', '=', tenant.id).executeTakeFirstOrThrow()).portal_slug!;
    const codes: number[] = [];
    for (let i = 0; i < 7; i++)
      codes.push((await t.call('POST', `/api/portal/companies/${slug}/sign-in-link`, undefined, { email: 'same@example.com' })).statusCode);
    expect(codes).toEqual([202, 202, 202, 202, 202, 429, 429]);
  });
});

describe('token guessing', () => {
  it('is rate-limited per address on failures only: 20 wrong tokens, then 429 — while an address opening its own link is never held up', async () => {
    const own = await customerWithEstimate(p(), admin, (await buildCustomer(t.db, tenantId)).id, 'regular@example.com');
    const call = (token: string, ip: string) => t.app.inject({ method: 'POST', url: '/api/portal/session', payload: { token }, remoteAddress: ip });
    for (let i = 0; i < 25; i++) expect((await call(own.token, '192.0.2.10')).statusCode).toBe(200);
    const guesses: number[] = [];
    for (let i = 0; i < 22; i++) guesses.push((await call(`guess${i}`.padEnd(43, 'x'), '192.0.2.20')).statusCode);
    expect(guesses.slice(0, 20).every((c) => c === 410)).toBe(true);
    expect(guesses.slice(20)).toEqual([429, 429]);
    const blocked = await call(own.token, '192.0.2.20');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await call(own.token, '192.0.2.30')).statusCode).toBe(200);
  });
});
