import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '@fieldwork/db/connection';
import { nextNumber } from '@fieldwork/db/counters';
import { nowIso } from '@fieldwork/db/sql-helpers';
import { runTransaction, afterCommit } from '@fieldwork/db/transactions';
import { recordNotification } from '../notifications/notifications.service.ts';
import { withTenant } from '@fieldwork/db/tenant-scope';
import { ESTIMATE_STATUS_LABELS, effectiveEstimateStatus, type StoredEstimateStatus } from '@fieldwork/domain/billing/estimates.rules';
import { INVOICE_STATUS_LABELS, type InvoiceStatus } from '@fieldwork/domain/billing/invoices.rules';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import { centsToDollars } from '@fieldwork/domain/common/money.rules';
import { PORTAL_MESSAGES, portalVisibleEstimateStatuses, portalVisibleInvoiceStatuses } from '@fieldwork/domain/portal/portal.rules';
import type { PortalCompany, PortalHub, PortalMe, PortalWorkRequestBody, PublicWorkRequestBody } from '@fieldwork/domain/portal/portal.schemas';
import { findTenant } from '../account-core/company.repository.ts';
import { insertProspect } from '../customers/customers.service.ts';
import { insertLead } from '../leads/leads.repository.ts';
import {
  customerEstimates,
  customerInvoices,
  customerPastJobs,
  customerSites,
  customerVisits,
  findCompanyBySlug,
  findCustomerName,
  findCustomerSite,
  visitTechnicianPhoto,
  type CustomerScope,
} from './portal.repository.ts';
import { getCompanyLogo } from '../company/company-logo.service.ts';
import { findFile, insertFile } from '../files/files.repository.ts';
import { insertLeadPhoto } from '../leads/lead-photos.repository.ts';
import type { WorkRequestPhoto } from './work-request-photos.ts';
import { queueWorkRequestEmail } from './portal-mail.service.ts';
import { customersWithAddressIn, limitPublicRequests } from './portal-access.service.ts';
import type { PortalViewer } from './portal-session.service.ts';

/** Tasks that are finished business are not visits to come. */
const FINISHED = ['CLOSED', 'CANCELLED'] as const;
const scopeOf = (v: PortalViewer): CustomerScope => ({ tenantId: v.tenantId, customerId: v.customerId });
const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? '';

type CompanyRow = NonNullable<Awaited<ReturnType<typeof findCompanyBySlug>>>;
const toPortalCompany = (c: CompanyRow): PortalCompany => ({
  slug: c.portal_slug ?? '',
  name: c.name,
  logoUrl: c.logo_file_id ? `/api/portal/companies/${c.portal_slug}/logo` : null,
  brandColor: c.brand_color,
  email: c.email,
  phone: c.phone,
  timeZone: c.time_zone,
});

export async function requireCompany(db: Db, slug: string): Promise<CompanyRow> {
  const company = await findCompanyBySlug(db, slug);
  if (!company) throw new AppError('NOT_FOUND', 'Not found.');
  return company;
}

export const getPortalCompany = async (db: Db, slug: string) => toPortalCompany(await requireCompany(db, slug));

export async function getPortalMe(db: Db, v: PortalViewer): Promise<PortalMe> {
  const tenant = await findTenant(db, v.tenantId);
  const [customer, sites] = await Promise.all([findCustomerName(db, scopeOf(v)), v.only ? [] : customerSites(db, scopeOf(v))]);
  if (!tenant || !customer) throw new AppError('UNAUTHENTICATED', PORTAL_MESSAGES.signedOut);
  return {
    company: toPortalCompany({ ...tenant, portal_slug: tenant.portal_slug }),
    customer: { name: customer.name },
    email: v.email,
    sites: sites.map((s) => ({ id: s.id, address: s.full_address })),
  };
}

/** The customer's estimates and invoices (not drafts, not void), visits to come and past jobs. */
export async function getPortalHub(db: Db, v: PortalViewer): Promise<PortalHub> {
  const s = scopeOf(v);
  const now = new Date();
  const tenant = await findTenant(db, v.tenantId);
  const zone = tenant?.time_zone ?? 'UTC';
  const [estimates, invoices, visits, jobs] = await Promise.all([
    customerEstimates(
      db,
      s,
      portalVisibleEstimateStatuses().filter((x) => x !== 'VOID' && x !== 'EXPIRED'),
    ),
    customerInvoices(
      db,
      s,
      portalVisibleInvoiceStatuses().filter((x) => x !== 'VOID'),
    ),
    customerVisits(db, s, now.toISOString(), FINISHED),
    customerPastJobs(db, s),
  ]);
  // A session held to one document sees that one in its hub, and none of the customer's visits or jobs.
  const mine = <T extends { id: string }>(kind: 'estimate' | 'invoice', rows: T[]) =>
    v.only ? rows.filter((r) => v.only!.kind === kind && r.id === v.only!.id) : rows;
  return {
    estimates: mine('estimate', estimates).map((e) => {
      const status = effectiveEstimateStatus(e.status as StoredEstimateStatus, e.due_date, now, zone);
      return {
        id: e.id,
        estimateNumber: e.estimate_number,
        status,
        statusLabel: ESTIMATE_STATUS_LABELS[status],
        totalAmount: centsToDollars(e.total_cents),
        dueDate: e.due_date,
      };
    }),
    invoices: mine('invoice', invoices).map((i) => ({
      id: i.id,
      invoiceNumber: i.invoice_number,
      status: i.status as InvoiceStatus,
      statusLabel: INVOICE_STATUS_LABELS[i.status as InvoiceStatus],
      totalAmount: centsToDollars(i.total_cents),
      balance: centsToDollars(i.total_cents - i.paid_cents),
      dueDate: i.due_date,
    })),
    visits: (v.only ? [] : visits).map((t) => ({
      id: t.id,
      name: t.name,
      startAt: t.start_at!,
      endAt: t.expected_end_at,
      address: t.full_address,
      technician: t.technician_name
        ? { firstName: firstName(t.technician_name), photoUrl: t.photo_file_id ? `/api/portal/visits/${t.id}/technician-photo` : null }
        : null,
    })),
    pastJobs: (v.only ? [] : jobs).map((j) => ({ id: j.id, jobNumber: j.job_number, name: j.name, closedOn: j.updated_at })),
  };
}

type WorkRequest = {
  customerId: string;
  customerName: string;
  description: string;
  address: string;
  preferredTimes: string | null;
  from: string;
  photos: WorkRequestPhoto[];
};

/**
 * A request for work becomes a NEW lead in the office's CRM list, with its photos, announced live and by email —
 * one transaction, so a lead never misses a photo it was sent with and no photo outlives a failed request.
 */
async function recordWorkRequest(trx: Db, app: FastifyInstance, tenantId: string, r: WorkRequest): Promise<void> {
  const id = randomUUID();
  const now = nowIso();
  const leadNumber = await nextNumber(trx, tenantId, 'lead', 1);
  const notes = [
    `Requested in the customer portal by ${r.from}`,
    `What: ${r.description}`,
    `Where: ${r.address}`,
    r.preferredTimes ? `When: ${r.preferredTimes}` : null,
    r.photos.length ? `Photos: ${r.photos.length}` : null,
  ]
    .filter(Boolean)
    .join('\n');
  await insertLead(trx, tenantId, {
    id,
    lead_number: leadNumber,
    customer_id: r.customerId,
    status: 'NEW',
    source: 'WEBSITE',
    notes,
    created_by: null,
    created_at: now,
    updated_at: now,
  });
  for (const [position, photo] of r.photos.entries()) {
    const fileId = randomUUID();
    await insertFile(trx, tenantId, { id: fileId, contentType: photo.type, data: photo.data, createdBy: null, now });
    await insertLeadPhoto(trx, tenantId, { lead_id: id, file_id: fileId, position, created_at: now });
  }
  await afterCommit(trx, tenantId, { type: 'lead.created', recordId: id, assigneeKeys: [], at: now });
  await recordNotification(trx, tenantId, { kind: 'lead.requested', recordId: id, params: { number: leadNumber, by: r.customerName } });
  await queueWorkRequestEmail(trx, app, tenantId, { ...r, leadNumber, photoCount: r.photos.length });
}

export async function requestWorkSignedIn(
  app: FastifyInstance,
  v: PortalViewer,
  body: PortalWorkRequestBody,
  photos: WorkRequestPhoto[],
): Promise<{ message: string }> {
  const s = scopeOf(v);
  const [customer, site] = await Promise.all([findCustomerName(app.db, s), body.siteId && !v.only ? findCustomerSite(app.db, s, body.siteId) : undefined]);
  if (body.siteId && !site) throw new AppError('NOT_FOUND', 'Address not found.');
  await runTransaction(app.db, (trx) =>
    recordWorkRequest(trx, app, v.tenantId, {
      customerId: v.customerId,
      customerName: customer?.name ?? '',
      description: body.description,
      address: site?.full_address ?? body.address!.trim(),
      preferredTimes: body.preferredTimes ?? null,
      from: v.email,
      photos,
    }),
  );
  return { message: PORTAL_MESSAGES.workRequested };
}

/**
 * From the public page: an address already on file is that customer's request; anyone else becomes a new
 * customer with this address and themselves as contact. (The office sees the lead either way and decides.)
 */
export async function requestWorkPublic(
  app: FastifyInstance,
  request: FastifyRequest,
  slug: string,
  body: PublicWorkRequestBody,
  photos: WorkRequestPhoto[],
): Promise<{ message: string }> {
  const company = await requireCompany(app.db, slug);
  await limitPublicRequests(app, request, company.id, body.email);
  await withTenant(company.id, () =>
    runTransaction(app.db, async (trx) => {
      const email = body.email.toLowerCase();
      const known = await customersWithAddressIn(trx, company.id, email);
      const customerId = known ?? (await insertProspect(trx, company.id, { name: body.name, email, phone: body.phone ?? null, address: body.address }));
      const name = known ? ((await findCustomerName(trx, { tenantId: company.id, customerId }))?.name ?? body.name) : body.name;
      await recordWorkRequest(trx, app, company.id, {
        customerId,
        customerName: name,
        description: body.description,
        address: body.address,
        preferredTimes: body.preferredTimes ?? null,
        from: `${body.name} <${email}>${body.phone ? `, ${body.phone}` : ''}`,
        photos,
      });
    }),
  );
  return { message: PORTAL_MESSAGES.workRequested };
}

/** An image the portal may show: the company's logo, or the photo of a technician coming to one of this customer's visits. */
export async function portalLogo(db: Db, slug: string): Promise<{ data: Buffer; contentType: string }> {
  const company = await requireCompany(db, slug);
  return withTenant(company.id, () => getCompanyLogo(db, company.id));
}

export async function visitTechnicianImage(db: Db, v: PortalViewer, taskId: string): Promise<{ data: Buffer; contentType: string }> {
  const row = v.only ? undefined : await visitTechnicianPhoto(db, scopeOf(v), taskId, new Date().toISOString(), FINISHED);
  const file = row?.photo_file_id ? await findFile(db, v.tenantId, row.photo_file_id) : undefined;
  if (!file) throw new AppError('NOT_FOUND', 'Not found.');
  return { data: Buffer.from(file.data), contentType: file.content_type };
}
