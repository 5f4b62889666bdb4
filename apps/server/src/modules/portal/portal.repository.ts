import type { Db } from '@fieldwork/db/connection';
import { sql } from 'kysely';
import { estimateQuery, invoiceQuery, type EstimateRow, type InvoiceRow } from '../billing/documents.repository.ts';

/**
 * Every read here is scoped by company and customer: the portal viewer is one customer of one company, and a
 * record of another customer answers exactly as a missing one.
 */
export type CustomerScope = { tenantId: string; customerId: string };

export function findCompanyBySlug(db: Db, slug: string) {
  return db
    .selectFrom('tenants')
    .select(['id', 'name', 'portal_slug', 'email', 'phone', 'brand_color', 'logo_file_id', 'time_zone'])
    .where('portal_slug', '=', slug)
    .executeTakeFirst();
}

export function findCustomerEstimate(db: Db, s: CustomerScope, id: string, statuses: readonly string[]): Promise<EstimateRow | undefined> {
  return estimateQuery(db, s.tenantId).where('d.customer_id', '=', s.customerId).where('d.id', '=', id).where('d.status', 'in', statuses).executeTakeFirst();
}

export function findCustomerInvoice(db: Db, s: CustomerScope, id: string, statuses: readonly string[]): Promise<InvoiceRow | undefined> {
  return invoiceQuery(db, s.tenantId).where('d.customer_id', '=', s.customerId).where('d.id', '=', id).where('d.status', 'in', statuses).executeTakeFirst();
}

const HUB_ROWS = 50;

export function customerEstimates(db: Db, s: CustomerScope, statuses: readonly string[]) {
  return db
    .selectFrom('estimates')
    .select(['id', 'estimate_number', 'status', 'total_cents', 'due_date'])
    .where('tenant_id', '=', s.tenantId)
    .where('customer_id', '=', s.customerId)
    .where('status', 'in', statuses)
    .orderBy('created_at', 'desc')
    .limit(HUB_ROWS)
    .execute();
}

export function customerInvoices(db: Db, s: CustomerScope, statuses: readonly string[]) {
  return db
    .selectFrom('invoices')
    .select(['id', 'invoice_number', 'status', 'total_cents', 'paid_cents', 'due_date'])
    .where('tenant_id', '=', s.tenantId)
    .where('customer_id', '=', s.customerId)
    .where('status', 'in', statuses)
    .orderBy('created_at', 'desc')
    .limit(HUB_ROWS)
    .execute();
}

/** Scheduled visits still to come (or under way): not closed or cancelled, ending after now. */
export function customerVisits(db: Db, s: CustomerScope, now: string, finished: readonly string[]) {
  return db
    .selectFrom('tasks as t')
    .innerJoin('jobs as j', 'j.id', 't.job_id')
    .leftJoin('customer_addresses as a', 'a.id', 'j.site_address_id')
    .leftJoin('users as u', 'u.id', 't.assigned_user_id')
    .select(['t.id', 't.name', 't.start_at', 't.expected_end_at', 'a.full_address', 'u.name as technician_name', 'u.photo_file_id'])
    .where('t.tenant_id', '=', s.tenantId)
    .where('t.customer_id', '=', s.customerId)
    .where('t.start_at', 'is not', null)
    .where((eb) => eb(sql`coalesce(${eb.ref('t.expected_end_at')}, ${eb.ref('t.start_at')})`, '>=', now))
    .where('t.lifecycle', 'not in', finished)
    .orderBy('t.start_at')
    .limit(20)
    .execute();
}

export function customerPastJobs(db: Db, s: CustomerScope) {
  return db
    .selectFrom('jobs')
    .select(['id', 'job_number', 'name', 'updated_at'])
    .where('tenant_id', '=', s.tenantId)
    .where('customer_id', '=', s.customerId)
    .where('status', '=', 'CLOSED')
    .orderBy('created_at', 'desc')
    .limit(20)
    .execute();
}

export function customerSites(db: Db, s: CustomerScope) {
  return db
    .selectFrom('customer_addresses')
    .select(['id', 'full_address'])
    .where('tenant_id', '=', s.tenantId)
    .where('customer_id', '=', s.customerId)
    .where('archived_at', 'is', null)
    .orderBy('position')
    .execute();
}

export function findCustomerName(db: Db, s: CustomerScope) {
  return db.selectFrom('customers').select(['name']).where('tenant_id', '=', s.tenantId).where('id', '=', s.customerId).executeTakeFirst();
}

/** The technician's photo, only when they are assigned to one of this customer's visits still to come. */
export function visitTechnicianPhoto(db: Db, s: CustomerScope, taskId: string, now: string, finished: readonly string[]) {
  return db
    .selectFrom('tasks as t')
    .innerJoin('users as u', 'u.id', 't.assigned_user_id')
    .select(['u.photo_file_id'])
    .where('t.tenant_id', '=', s.tenantId)
    .where('t.customer_id', '=', s.customerId)
    .where('t.id', '=', taskId)
    .where('t.lifecycle', 'not in', finished)
    .where((eb) => eb(sql`coalesce(${eb.ref('t.expected_end_at')}, ${eb.ref('t.start_at')})`, '>=', now))
    .executeTakeFirst();
}

/**
 * The customers one address belongs to in one company: a contact's address or the customer's own. A sign-in
 * link goes only to such an address, for each customer it is on.
 */
export async function customersWithAddress(db: Db, tenantId: string, email: string): Promise<string[]> {
  const [contacts, own] = await Promise.all([
    db
      .selectFrom('customer_contacts')
      .select('customer_id')
      .where('tenant_id', '=', tenantId)
      .where(sql`lower(email)`, '=', email)
      .where('archived_at', 'is', null)
      .execute(),
    db
      .selectFrom('customers')
      .select('id as customer_id')
      .where('tenant_id', '=', tenantId)
      .where(sql`lower(email)`, '=', email)
      .execute(),
  ]);
  return [...new Set([...contacts, ...own].map((r) => r.customer_id))];
}

export async function findJobLead(db: Db, tenantId: string, jobId: string): Promise<string | null> {
  const row = await db.selectFrom('jobs').select('job_lead_id').where('tenant_id', '=', tenantId).where('id', '=', jobId).executeTakeFirst();
  return row?.job_lead_id ?? null;
}

export function findCustomerSite(db: Db, s: CustomerScope, siteId: string) {
  return db
    .selectFrom('customer_addresses')
    .select(['id', 'full_address'])
    .where('tenant_id', '=', s.tenantId)
    .where('customer_id', '=', s.customerId)
    .where('id', '=', siteId)
    .where('archived_at', 'is', null)
    .executeTakeFirst();
}
