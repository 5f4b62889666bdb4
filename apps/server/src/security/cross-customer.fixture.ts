import { randomUUID } from 'node:crypto';
import { buildCustomer, buildJob, buildTask } from '@fieldwork/testing/factories';
import type { TestSmtpServer } from '@fieldwork/testing/smtp-test-server';
import { estimateBody, invoiceBody, line } from '../modules/billing/billing.fixture.ts';
import { emailDocument, openLink } from '../modules/portal/portal.fixture.ts';
import type { Session, TestApp } from '../test-support/test-app.ts';
import type { RouteIds } from './route-request-bodies.ts';
import { pngUpload } from './route-requests.ts';

/** The records of one customer that a portal route can name, with the portal cookie of its own emailed link. */
export type PortalCustomer = {
  label: string;
  tenantId: string;
  customerId: string;
  name: string;
  email: string;
  estimate: string;
  invoice: string;
  address: string;
  /** A visit to come, with a technician who has a photo. */
  task: string;
  cookie: string;
  /** A second session of the same customer (the invoice's link), for the sign-out check. */
  otherCookie: string;
};

export type PortalCompany = { tenantId: string; admin: Session; slug: string; technicianId: string };

/** A company with a technician who has a profile photo (so a visit's technician photo answers). */
export async function portalCompany(t: TestApp): Promise<PortalCompany> {
  const { tenantId, admin } = await t.newCompany();
  const tech = await t.signInAs(tenantId, 'Technician');
  const photo = pngUpload('tech.png');
  const put = await t.app.inject({ method: 'PUT', url: '/api/user/profile/photo', payload: photo.payload, headers: { ...photo.headers, cookie: tech.cookie } });
  if (put.statusCode !== 200) throw new Error(`technician photo: ${put.statusCode} ${put.body}`);
  const slug = (await t.db.selectFrom('tenants').select('portal_slug').where('id', '=', tenantId).executeTakeFirstOrThrow()).portal_slug!;
  return { tenantId, admin, slug, technicianId: tech.user.id };
}

let visitSlots = 0;

/**
 * A customer with a sent estimate and a sent invoice, both emailed (so each has a personal link, and the first
 * link opened gives the customer's portal cookie), a site address, and a scheduled visit in two days or so. `alsoTo`
 * receives the estimate too: an address shared with another customer.
 */
export async function portalCustomer(
  p: { t: TestApp; smtp: TestSmtpServer },
  company: PortalCompany,
  label: string,
  alsoTo: string[] = [],
): Promise<PortalCustomer> {
  const { t } = p;
  const { admin, tenantId } = company;
  const name = `Canary ${label} ${randomUUID().slice(0, 8)}`;
  // The customer's own contact address: its links open the whole account (a link to anyone else opens one document).
  const email = `${label.toLowerCase()}-${randomUUID().slice(0, 8)}@example.com`;
  const customer = await buildCustomer(t.db, tenantId, { name, contactEmail: email });
  const created = async (url: string, body: object) => {
    const res = await t.call('POST', url, admin.cookie, body);
    if (res.statusCode !== 201) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json().data.id as string;
  };
  const estimate = await created('/api/estimates', estimateBody({ accountId: customer.id, lines: [line(`Boiler for ${name}`, 1, 1200)] }));
  const [estimateToken] = await emailDocument(p, admin, 'estimates', estimate, [email, ...alsoTo]);
  const invoice = await created('/api/invoices', invoiceBody({ accountId: customer.id, lines: [line(`Service for ${name}`, 2, 150)] }));
  const [invoiceToken] = await emailDocument(p, admin, 'invoices', invoice, [email]);
  const job = await buildJob(t.db, tenantId, { customer: { id: customer.id, addressId: customer.addressId }, name: `Visit job ${name}` });
  // Each customer's visit in its own slot: one technician serves them all, and PostgreSQL refuses overlapping tasks.
  const start = new Date(Date.now() + 2 * 86_400_000 + visitSlots++ * 2 * 3_600_000);
  const task = await buildTask(t.db, tenantId, {
    jobId: job.id,
    technicianId: company.technicianId,
    startAt: start.toISOString(),
    expectedEndAt: new Date(start.getTime() + 3_600_000).toISOString(),
  });
  const { cookie } = await openLink(t, estimateToken!);
  const { cookie: otherCookie } = await openLink(t, invoiceToken!);
  if (!cookie || !otherCookie) throw new Error(`no portal session for ${label}`);
  return { label, tenantId, customerId: customer.id, name, email, estimate, invoice, address: customer.addressId, task: task.id, cookie, otherCookie };
}

/** The kinds of record a portal route's request names, as route-requests.ts fills them. */
export const PORTAL_ID_KINDS = ['task', 'estimate', 'sentEstimate', 'invoice', 'sentInvoice', 'address'] as const;
export type PortalIdKind = (typeof PORTAL_ID_KINDS)[number];

export const portalIdOf = (c: PortalCustomer, kind: PortalIdKind): string =>
  kind === 'sentEstimate' ? c.estimate : kind === 'sentInvoice' ? c.invoice : c[kind];

/** Route-request ids naming the customer's own records; every other id is a fresh uuid that exists nowhere. */
export function portalRouteIds(c: PortalCustomer, slug: string): RouteIds {
  const own: Partial<Record<string, string>> = { portalSlug: slug };
  for (const kind of PORTAL_ID_KINDS) own[kind] = portalIdOf(c, kind);
  return new Proxy({}, { get: (_t, key) => own[String(key)] ?? randomUUID() }) as RouteIds;
}
