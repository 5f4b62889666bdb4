import { randomUUID } from 'node:crypto';
import type { Db } from '@fieldwork/db/connection';

/**
 * Rows for the dashboard tests, inserted directly (the billing, costs and leads APIs own the real writes and
 * their tests): only the columns the metrics read carry meaning. Money in cents.
 */

let counter = 0;
const num = () => ++counter;
const stamp = '2026-01-01T00:00:00.000Z';

type Doc = { customerId: string; jobId?: string | null; createdAt?: string; dueDate?: string | null; total: number; subtotal?: number };

function docColumns(tenantId: string, o: Doc) {
  const subtotal = o.subtotal ?? o.total;
  return {
    tenant_id: tenantId,
    customer_id: o.customerId,
    job_id: o.jobId ?? null,
    building_unit_id: null,
    address_id: null,
    billing_contact_id: null,
    site_contact_id: null,
    payment_term: null,
    due_date: o.dueDate ?? null,
    customer_message: null,
    sub_total_cents: subtotal,
    taxable_sub_total_cents: 0,
    tax_cents: o.total - subtotal,
    freight_cents: 0,
    deposit_required: 0 as const,
    deposit_cents: 0,
    total_cents: o.total,
    created_by: null,
    created_at: o.createdAt ?? stamp,
    updated_at: o.createdAt ?? stamp,
    version: 1,
  };
}

export async function insertInvoice(
  db: Db,
  tenantId: string,
  o: Doc & { status: 'DRAFT' | 'SENT' | 'PAID' | 'VOID'; invoiceDate: string | null; paid?: number },
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('invoices')
    .values({
      id,
      invoice_number: num(),
      status: o.status,
      invoice_date: o.invoiceDate,
      paid_cents: o.paid ?? 0,
      previous_invoice_number: null,
      converted_from_estimate_id: null,
      ...docColumns(tenantId, o),
    })
    .execute();
  return id;
}

export async function insertPayment(db: Db, tenantId: string, invoiceId: string, amount: number, paidOn: string): Promise<void> {
  await db
    .insertInto('invoice_payments')
    .values({
      id: randomUUID(),
      tenant_id: tenantId,
      invoice_id: invoiceId,
      amount_cents: amount,
      paid_on: paidOn,
      method: 'CASH',
      reference: null,
      created_by: null,
      created_at: stamp,
    })
    .execute();
}

export async function insertEstimate(
  db: Db,
  tenantId: string,
  o: Doc & { status: 'DRAFT' | 'SENT' | 'APPROVED' | 'DECLINED' | 'PAID' | 'VOID'; convertedInvoiceId?: string | null },
): Promise<void> {
  await db
    .insertInto('estimates')
    .values({
      id: randomUUID(),
      estimate_number: num(),
      status: o.status,
      estimate_date: null,
      previous_estimate_number: null,
      converted_invoice_id: o.convertedInvoiceId ?? null,
      approval_decision: null,
      approval_name: null,
      approval_at: null,
      approval_ip: null,
      approval_comment: null,
      approval_signature: null,
      ...docColumns(tenantId, o),
    })
    .execute();
}

export async function insertCost(
  db: Db,
  tenantId: string,
  o: { jobId: string; amount: number; date: string; costFor?: 'JOB' | 'ESTIMATE'; estimateId?: string },
): Promise<void> {
  await db
    .insertInto('costs')
    .values({
      id: randomUUID(),
      tenant_id: tenantId,
      cost_type: 'OTHER',
      cost_for: o.costFor ?? 'JOB',
      job_id: o.jobId,
      task_id: null,
      estimate_id: o.estimateId ?? null,
      invoice_id: null,
      activity_id: null,
      user_id: null,
      vehicle_id: null,
      subcontractor_id: null,
      bid_id: null,
      item: 'Item',
      supplier: null,
      description: null,
      unit: null,
      quantity_milli: null,
      rate_cents: null,
      miles_milli: null,
      mile_rate_cents: null,
      amount_cents: o.amount,
      cost_date: o.date,
      notes: null,
      created_by: null,
      created_at: stamp,
      updated_at: stamp,
      version: 1,
    })
    .execute();
}

export async function insertLead(db: Db, tenantId: string, o: { customerId: string; status: string; source: string; createdAt: string }): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('crm_leads')
    .values({
      id,
      tenant_id: tenantId,
      lead_number: num(),
      customer_id: o.customerId,
      status: o.status,
      source: o.source,
      notes: null,
      created_by: null,
      created_at: o.createdAt,
      updated_at: o.createdAt,
    })
    .execute();
  return id;
}

/** The activity row the jobs module writes when a job's status changes (jobs-status.service.ts). */
export async function insertJobStatusChange(db: Db, tenantId: string, jobId: string, from: string, to: string, at: string): Promise<void> {
  await db
    .insertInto('activity_log')
    .values({
      id: randomUUID(),
      tenant_id: tenantId,
      job_id: jobId,
      entity_type: 'JOB',
      entity_id: jobId,
      action: 'JOB_STATUS_CHANGED',
      message: `${to} job`,
      actor_id: null,
      meta: JSON.stringify([{ field: 'Status', oldValue: from, newValue: to }]),
      created_at: at,
    })
    .execute();
}

export async function linkJob(db: Db, tenantId: string, jobId: string, o: { zoneIds?: string[]; tagIds?: string[] }): Promise<void> {
  for (const zoneId of o.zoneIds ?? [])
    await db.insertInto('job_zones').values({ tenant_id: tenantId, job_id: jobId, zone_id: zoneId, status: 'OPEN' }).execute();
  for (const tagId of o.tagIds ?? []) await db.insertInto('job_tags').values({ tenant_id: tenantId, job_id: jobId, tag_id: tagId, status: 'OPEN' }).execute();
}
