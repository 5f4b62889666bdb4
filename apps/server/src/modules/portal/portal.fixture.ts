import type { LightMyRequestResponse } from 'fastify';
import type { TestSmtpServer, ReceivedMail } from '@fieldwork/testing/smtp-test-server';
import type { Session, TestApp } from '../../test-support/test-app.ts';
import { estimateBody, invoiceBody, line } from '../billing/billing.fixture.ts';
import { PORTAL_COOKIE } from './portal-session.service.ts';

/** The personal link's token in an email's text (the part after /portal/open#). */
export function tokenIn(mail: ReceivedMail): string {
  const token = /\/portal\/open#([A-Za-z0-9_-]{40,})/.exec(mail.text ?? '')?.[1];
  if (!token) throw new Error(`no portal link in: ${mail.text}`);
  return token;
}

export const portalCookieFrom = (res: LightMyRequestResponse): string => {
  const c = res.cookies.find((k) => k.name === PORTAL_COOKIE);
  if (!c) throw new Error(`no portal cookie in response ${res.statusCode}: ${res.body}`);
  return `${PORTAL_COOKIE}=${c.value}`;
};

export type Portal = { t: TestApp; smtp: TestSmtpServer };

/** Emails the document to the addresses and answers each recipient's link token, in the order given. */
export async function emailDocument(p: Portal, admin: Session, kind: 'estimates' | 'invoices', id: string, to: string[]): Promise<string[]> {
  const before = p.smtp.received.length;
  const sent = await p.t.call('POST', `/api/${kind}/${id}/send`, admin.cookie, { email: { to } });
  if (sent.statusCode !== 200) throw new Error(`send failed ${sent.statusCode}: ${sent.body}`);
  await p.t.app.worker.drain();
  const mails = (await p.smtp.waitFor(before + to.length)).slice(before);
  return to.map((address) => tokenIn(mails.find((m) => m.envelope.to.includes(address.toLowerCase()))!));
}

export async function openLink(t: TestApp, token: string): Promise<{ res: LightMyRequestResponse; cookie: string | null }> {
  const res = await t.call('POST', '/api/portal/session', undefined, { token });
  return { res, cookie: res.statusCode === 200 ? portalCookieFrom(res) : null };
}

/** A sent estimate for the customer, emailed to one address; answers its id and the customer's portal cookie. */
export async function customerWithEstimate(p: Portal, admin: Session, customerId: string, address = 'pat@example.com', info: object = {}) {
  const est = (await p.t.call('POST', '/api/estimates', admin.cookie, estimateBody({ accountId: customerId, lines: [line('Boiler', 1, 1200)], info }))).json()
    .data;
  const [token] = await emailDocument(p, admin, 'estimates', est.id, [address]);
  const { cookie } = await openLink(p.t, token!);
  return { estimateId: est.id as string, estimateNumber: est.estimateNumber as number, token: token!, cookie: cookie! };
}

export async function customerWithInvoice(p: Portal, admin: Session, customerId: string, address = 'pat@example.com') {
  const inv = (await p.t.call('POST', '/api/invoices', admin.cookie, invoiceBody({ accountId: customerId, lines: [line('Service', 2, 150)] }))).json().data;
  const [token] = await emailDocument(p, admin, 'invoices', inv.id, [address]);
  const { cookie } = await openLink(p.t, token!);
  return { invoiceId: inv.id as string, token: token!, cookie: cookie! };
}
